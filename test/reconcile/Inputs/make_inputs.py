#!/usr/bin/env python3
# Regenerates the hand-modelled site databases and traces of test/reconcile (thesis cases 1.1-1.4,
# 4, the duplex same-GPU bug, bad inputs). Not run by the tests: its output is committed, and the
# expected numbers live as arithmetic in the .test files. Field names follow docs/formats.md;
# site IDs use the same FNV-1a as format/src/SiteId.cpp.
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))

def fnv(path, line, col, api):
    h = 0xcbf29ce484222325
    for field in (path, str(line), str(col), api):
        for b in field.encode():
            h ^= b; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        h ^= 0; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "0x%016x" % h

def dev(d): return {"kind": "device", "device": str(d)}
def host(m): return {"kind": "host", "host_memory": m}
def unk(): return {"kind": "unknown"}
def ep(d, m): return {"device": d, "memory": m}

def site(file, line, col, api, fn, family="copy", pred=None):
    s = {"id": fnv(file, line, col, api), "file": file, "line": line, "column": col, "api": api,
         "family": family, "function": fn, "instrumented": True}
    if pred: s["prediction"] = pred
    return s

def pred(direction, kind_arg, nbytes, expr, src, dst, mult, mult_expr=""):
    return {"direction": direction, "kind_arg": kind_arg, "bytes": nbytes, "bytes_expr": expr,
            "src": src, "dst": dst, "multiplicity": mult, "multiplicity_expr": mult_expr, "notes": []}

def req(s, api, kind, src, dst, nbytes, count, dsrc=None, ddst=None):
    r = {"site": s["id"], "api": api, "kind": kind, "src": src, "dst": dst, "bytes": nbytes, "count": count}
    if dsrc is not None: r["declared_src_device"] = dsrc
    if ddst is not None: r["declared_dst_device"] = ddst
    return r

def obs(s, ck, src, dst, nbytes, count, bucket=None):
    o = {"copy_kind": ck, "src": src, "dst": dst, "bytes": nbytes, "count": count}
    if s is None: o["bucket"] = bucket
    else: o["site"] = s["id"] if isinstance(s, dict) else s
    return o

def db(sites):
    return {"format": "commledger-sites", "version": 1, "project_root": "/home/user/commledger-tests", "sites": sites}

def trace(pid, prog, requests, observed, peer_access=True, ndev=2):
    return {"format": "commledger-trace", "version": 1,
            "process": {"host": "h200", "pid": pid, "command_line": [prog], "start_ns": 1700000000000000000,
                        "end_ns": 1700000001000000000, "cuda_runtime_version": 12080, "cuda_driver_version": 12080,
                        "end_reason": "exit"},
            "cupti": {"active": True, "error": ""}, "dropped_records": 0,
            "devices": [{"index": i, "name": "NVIDIA H200", "pci_bus_id": "0000:%02x:00.0" % (0x19 + i * 0x1a),
                         "uuid": "GPU-0000000%d-0000-0000-0000-000000000000" % i} for i in range(ndev)],
            "peers": [{"src": a, "dst": b, "access_supported": peer_access, "native_atomic_supported": peer_access,
                       "performance_rank": 0} for a in range(ndev) for b in range(ndev) if a != b],
            "requests": requests, "observed": observed}

def write(case, d, t, pid):
    os.makedirs(os.path.join(OUT, case), exist_ok=True)
    with open(os.path.join(OUT, case, "commledger-sites.json"), "w") as f:
        f.write(json.dumps(d, indent=1) + "\n")
    with open(os.path.join(OUT, case, "trace-h200-%d.json" % pid), "w") as f:
        f.write(json.dumps(t, indent=1) + "\n")

MiB = 1 << 20
D = "device"

# Case 1.1: cudaMemcpy with cudaMemcpyDefault, peer access on: 10 x 1 MiB G0 -> G1.
f = "case1_1_memcpy_default.cu"
s1 = site(f, 31, 5, "cudaMemcpy", "main", pred=pred("P2P", "cudaMemcpyDefault", MiB, "kBytes", dev(0), dev(1), 10))
write("case1_1", db([site(f, 20, 3, "cudaMalloc", "main", "alloc"), s1]),
      trace(1101, "./case1_1_memcpy_default",
            [req(s1, "cudaMemcpy", "Default", ep(0, D), ep(1, D), 10 * MiB, 10)],
            [obs(s1, "PtoP", ep(0, D), ep(1, D), 10 * MiB, 10)]), 1101)

# Case 1.2: cudaMemcpyPeer, peer on: 5 x 4 MiB G0 -> G1 (constant size), 5 x n*sizeof(float) G1 -> G0.
f = "case1_2_memcpy_peer.cu"
a = site(f, 28, 5, "cudaMemcpyPeer", "main", pred=pred("P2P", "", 4 * MiB, "4 << 20", dev(0), dev(1), 5))
b = site(f, 29, 5, "cudaMemcpyPeer", "main", pred=pred("P2P", "", None, "n * sizeof(float)", dev(1), dev(0), 5))
write("case1_2", db([a, b]),
      trace(1201, "./case1_2_memcpy_peer",
            [req(a, "cudaMemcpyPeer", "", ep(0, D), ep(1, D), 20 * MiB, 5, 0, 1),
             req(b, "cudaMemcpyPeer", "", ep(1, D), ep(0, D), 20 * MiB, 5, 1, 0)],
            [obs(a, "PtoP", ep(0, D), ep(1, D), 20 * MiB, 5),
             obs(b, "PtoP", ep(1, D), ep(0, D), 20 * MiB, 5)]), 1201)

# Case 1.3: peer access off: cudaMemcpyPeer 3 x 8 MiB G0 -> G1 paired as StagedPtoP; one cudaMemcpy
# 2 MiB G1 -> G0 whose halves the runtime could not pair.
f = "case1_3_peer_off.cu"
a = site(f, 40, 5, "cudaMemcpyPeer", "main", pred=pred("P2P", "", 8 * MiB, "kBytes", dev(0), dev(1), 3))
b = site(f, 47, 3, "cudaMemcpy", "main", pred=pred("D2D", "cudaMemcpyDefault", 2 * MiB, "kSmall", dev(1), dev(0), 1))
write("case1_3", db([a, b]),
      trace(1301, "./case1_3_peer_off",
            [req(a, "cudaMemcpyPeer", "", ep(0, D), ep(1, D), 24 * MiB, 3, 0, 1),
             req(b, "cudaMemcpy", "Default", ep(1, D), ep(0, D), 2 * MiB, 1)],
            [obs(a, "StagedPtoP", ep(0, D), ep(1, D), 24 * MiB, 3),
             obs(b, "DtoH", ep(1, D), ep(-1, D), 2 * MiB, 1),
             obs(b, "HtoD", ep(-1, D), ep(0, D), 2 * MiB, 1)], peer_access=False), 1301)

# Case 1.4: through a pinned host buffer: 10 x 1 MiB D2H from G0, then 10 x 1 MiB H2D to G1.
f = "case1_4_through_host.cu"
a = site(f, 35, 7, "cudaMemcpy", "main", pred=pred("D2H", "cudaMemcpyDeviceToHost", MiB, "kBytes", dev(0), host("pinned"), 10))
b = site(f, 36, 7, "cudaMemcpy", "main", pred=pred("H2D", "cudaMemcpyHostToDevice", MiB, "kBytes", host("pinned"), dev(1), 10))
write("case1_4", db([a, b]),
      trace(1401, "./case1_4_through_host",
            [req(a, "cudaMemcpy", "DeviceToHost", ep(0, D), ep(-1, "pinned"), 10 * MiB, 10),
             req(b, "cudaMemcpy", "HostToDevice", ep(-1, "pinned"), ep(1, D), 10 * MiB, 10)],
            [obs(a, "DtoH", ep(0, D), ep(-1, "pinned"), 10 * MiB, 10),
             obs(b, "HtoD", ep(-1, "pinned"), ep(1, D), 10 * MiB, 10)]), 1401)

# Case 4: host <-> device, pinned and pageable, explicit and Default kinds, plus a memset, a loop that
# breaks early, a site never reached, a size unknown statically, and one copy nobody instrumented.
f = "case4_host_device.cu"
h2d_page = site(f, 50, 3, "cudaMemcpy", "main", pred=pred("H2D", "cudaMemcpyHostToDevice", 64 * MiB, "kBig", host("pageable"), dev(0), 1))
d2h_page = site(f, 51, 3, "cudaMemcpy", "main", pred=pred("D2H", "cudaMemcpyDefault", 64 * MiB, "kBig", dev(0), host("pageable"), 1))
h2d_pin = site(f, 60, 5, "cudaMemcpyAsync", "main", pred=pred("H2D", "cudaMemcpyDefault", 32 * MiB, "kHalf", host("pinned"), dev(1), 4))
d2h_pin = site(f, 61, 5, "cudaMemcpyAsync", "main", pred=pred("D2H", "cudaMemcpyDefault", 32 * MiB, "kHalf", dev(1), host("pinned"), 4))
mset = site(f, 45, 3, "cudaMemset", "main", "memset", pred=pred("local", "", 64 * MiB, "kBig", unk(), dev(0), 1))
early = site(f, 72, 7, "cudaMemcpy", "poll", pred=pred("D2H", "cudaMemcpyDeviceToHost", 4096, "sizeof(flag)", dev(0), host("pageable"), 10))
never = site(f, 80, 5, "cudaMemcpy", "onError", pred=pred("D2H", "cudaMemcpyDeviceToHost", MiB, "kBytes", dev(0), host("pageable"), 1))
unpred = site(f, 90, 3, "cudaMemcpyAsync", "upload(void*, const void*, size_t)", pred=pred("unknown", "kind", None, "sz", unk(), unk(), None, "calls"))
write("case4", db([h2d_page, d2h_page, h2d_pin, d2h_pin, mset, early, never, unpred,
                   site(f, 44, 3, "cudaMallocHost", "main", "alloc")]),
      trace(4001, "./case4_host_device",
            [req(h2d_page, "cudaMemcpy", "HostToDevice", ep(-1, "pageable"), ep(0, D), 64 * MiB, 1),
             req(d2h_page, "cudaMemcpy", "Default", ep(0, D), ep(-1, "pageable"), 64 * MiB, 1),
             req(h2d_pin, "cudaMemcpyAsync", "Default", ep(-1, "pinned"), ep(1, D), 128 * MiB, 4),
             req(d2h_pin, "cudaMemcpyAsync", "Default", ep(1, D), ep(-1, "pinned"), 128 * MiB, 4),
             req(mset, "cudaMemset", "", ep(0, D), ep(0, D), 64 * MiB, 1),
             req(early, "cudaMemcpy", "DeviceToHost", ep(0, D), ep(-1, "pageable"), 7 * 4096, 7),
             req(unpred, "cudaMemcpyAsync", "HostToDevice", ep(-1, "pinned"), ep(0, D), 3000, 3)],
            [obs(h2d_page, "HtoD", ep(-1, "pageable"), ep(0, D), 64 * MiB, 1),
             obs(d2h_page, "DtoH", ep(0, D), ep(-1, "pageable"), 64 * MiB, 1),
             obs(h2d_pin, "HtoD", ep(-1, "pinned"), ep(1, D), 128 * MiB, 4),
             obs(d2h_pin, "DtoH", ep(1, D), ep(-1, "pinned"), 128 * MiB, 4),
             obs(mset, "Memset", ep(0, D), ep(0, D), 64 * MiB, 1),
             obs(early, "DtoH", ep(0, D), ep(-1, "pageable"), 7 * 4096, 7),
             obs(unpred, "HtoD", ep(-1, "pinned"), ep(0, D), 3000, 3),
             obs(None, "HtoD", ep(-1, "pinned"), ep(1, D), 8, 1, bucket="cudaMemcpyToSymbol")]), 4001)

# Comm|Scope cudaMemcpyAsync-duplex bug: the G0 -> G1 copy's source sits on G1, so it never leaves
# G1; the G1 -> G0 copy is fine. 5 iterations x 256 MiB each.
f = "duplex_same_gpu.cu"
a = site(f, 66, 5, "cudaMemcpyAsync", "run_duplex", pred=pred("P2P", "cudaMemcpyDefault", 256 * MiB, "kBytes", dev(0), dev(1), 5))
b = site(f, 67, 5, "cudaMemcpyAsync", "run_duplex", pred=pred("P2P", "cudaMemcpyDefault", 256 * MiB, "kBytes", dev(1), dev(0), 5))
write("duplex", db([a, b]),
      trace(5001, "./duplex_same_gpu",
            [req(a, "cudaMemcpyAsync", "Default", ep(1, D), ep(1, D), 1280 * MiB, 5),
             req(b, "cudaMemcpyAsync", "Default", ep(1, D), ep(0, D), 1280 * MiB, 5)],
            [obs(a, "DtoD", ep(1, D), ep(1, D), 1280 * MiB, 5),
             obs(b, "PtoP", ep(1, D), ep(0, D), 1280 * MiB, 5)]), 5001)

# A trace from another build: one site the database does not know.
other = "0x00000000deadbeef"
t = trace(6001, "./case1_1_memcpy_default",
          [req({"id": other}, "cudaMemcpy", "Default", ep(0, D), ep(1, D), 10 * MiB, 10)],
          [obs({"id": other}, "PtoP", ep(0, D), ep(1, D), 10 * MiB, 10)])
os.makedirs(os.path.join(OUT, "bad"), exist_ok=True)
with open(os.path.join(OUT, "bad", "trace-unknown-site.json"), "w") as fh:
    fh.write(json.dumps(t, indent=1) + "\n")
t2 = dict(t); t2["version"] = 2
with open(os.path.join(OUT, "bad", "trace-version2.json"), "w") as fh:
    fh.write(json.dumps(t2, indent=1) + "\n")
text = json.dumps(trace(6002, "./x", [], []), indent=1)
with open(os.path.join(OUT, "bad", "trace-truncated.json"), "w") as fh:
    fh.write(text[: len(text) // 2])
