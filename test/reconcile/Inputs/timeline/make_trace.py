#!/usr/bin/env python3
# Adds a hand-made event log to the case 1.3 trace recorded on two H200s
# (test/fixtures/case1.3, program test/gpu/case1.3-peer-off-staged.cu), as if it had been run
# with `commledger run --events 5`. Not run by the tests: its output is committed; the expected
# numbers live as arithmetic in test/reconcile/timeline-case1.3.test.
import json, os
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "../../../fixtures/case1.3/trace-h200x2.json")

MiB = 1024 * 1024          # bufSize in the program
T = 1795371486000000000    # CUPTI's clock at the first copy (ns)
H2D = "0x43ee0ed26d0c48b8"   # line 36: cudaMemcpy(g0, host, bufSize, HostToDevice)
PEER = "0xcfa4031bb331daf2"  # line 43: cudaMemcpyPeer(g1, 1, g0, 0, bufSize), staged
DEFAULT = "0x0471bde5b7df22eb"  # line 48: cudaMemcpy(g0, g1, bufSize, Default), staged

def ep(device, memory): return {"device": device, "memory": memory}

def event(site, kind, src, dst, start, end, device, stream):
    return {"site": site, "copy_kind": kind, "src": src, "dst": dst, "bytes": MiB,
            "start_ns": T + start, "end_ns": T + end, "device": device, "stream": stream}

# The first 5 copy records: the upload, then the first iteration's two staged copies, each a
# DtoH on its source GPU and an HtoD on its destination (device memory on both sides).
events = [
    event(H2D, "HtoD", ep(-1, "pageable"), ep(0, "device"), 0, 80000, 0, 7),
    event(PEER, "DtoH", ep(0, "device"), ep(-1, "device"), 81500, 112000, 0, 7),
    event(PEER, "HtoD", ep(-1, "device"), ep(1, "device"), 113000, 143250, 1, 13),
    event(DEFAULT, "DtoH", ep(1, "device"), ep(-1, "device"), 150000, 180500, 1, 13),
    event(DEFAULT, "HtoD", ep(-1, "device"), ep(0, "device"), 181000, 211000, 0, 7),
]

trace = json.load(open(FIXTURE))
trace["events"] = events
# 1 upload + 4 iterations × 2 sites × 2 halves + 1 download = 18 records; 5 kept.
trace["events_dropped"] = 18 - len(events)
with open(os.path.join(HERE, "trace-vm-947.json"), "w") as f:
    json.dump(trace, f, indent=1, sort_keys=True)
    f.write("\n")
