#!/usr/bin/env python3
"""Prints a CommLedger trace one row per line for FileCheck, sites named by their source line.

Test-only stand-in until `commledger report --format json` can be checked instead:
  L<line> request <api> <kind|-> <src>-><dst> [declared=<s>-><d>] bytes=<n> count=<n>
  L<line> observed <copy_kind> <src>-><dst> bytes=<n> count=<n>
  unattributed <bucket> <copy_kind> <src>-><dst> bytes=<n> count=<n>
Endpoints: G<n>:<memory> for GPU n, H:<memory> for the host. Rows sort by line, requests first.
"""
import json
import sys


def endpoint(e):
    where = "H" if e["device"] == -1 else "G%d" % e["device"]
    return "%s:%s" % (where, e["memory"])


def main():
    args = sys.argv[1:]
    sites_path = None
    if len(args) >= 2 and args[0] == "--sites":
        sites_path, args = args[1], args[2:]
    if len(args) != 1:
        sys.exit("usage: trace_rows.py [--sites SITES.json] TRACE.json")
    with open(args[0]) as f:
        trace = json.load(f)
    lines = {}
    if sites_path:
        with open(sites_path) as f:
            lines = {s["id"]: s["line"] for s in json.load(f)["sites"]}

    def line_of(site):
        return lines.get(site, "?")

    print("cupti active=%s" % str(trace["cupti"]["active"]).lower())
    print("devices=%d dropped=%d end=%s" % (len(trace["devices"]), trace["dropped_records"],
                                            trace["process"]["end_reason"]))
    rows = []
    for r in trace["requests"]:
        declared = ""
        if "declared_src_device" in r or "declared_dst_device" in r:
            declared = " declared=%s->%s" % (r.get("declared_src_device", "-"),
                                             r.get("declared_dst_device", "-"))
        text = "request %s %s %s->%s%s bytes=%d count=%d" % (
            r["api"], r["kind"] or "-", endpoint(r["src"]), endpoint(r["dst"]), declared,
            r["bytes"], r["count"])
        rows.append((0, line_of(r["site"]), 0, text))
    for o in trace["observed"]:
        text = "%s %s->%s bytes=%d count=%d" % (o["copy_kind"], endpoint(o["src"]),
                                                endpoint(o["dst"]), o["bytes"], o["count"])
        if "site" in o:
            rows.append((0, line_of(o["site"]), 1, "observed " + text))
        else:
            rows.append((1, 0, 1, "unattributed %s %s" % (o["bucket"], text)))

    def key(row):
        group, line, order, text = row
        return (group, line if isinstance(line, int) else 1 << 30, order, text)

    for group, line, order, text in sorted(rows, key=key):
        print(text if group else "L%s %s" % (line, text))


if __name__ == "__main__":
    main()
