"""Prints a site database one site per line, so FileCheck can match a whole site at once.

usage: python3 print_sites.py sites.json
first line: sites: <count>; then one line per site, in (file, line, column) order:
line: <file>:<line>:<col> <api> <family> instrumented=<0|1> [macro=..] [reason=".."] fn=<function>
      then for copies/memsets: dir= bytes= expr="" src= dst= mult= [kind=] [note=".."]...
"""
import json
import sys


def endpoint(e):
    if e["kind"] == "device":
        return "device:" + (e.get("device") or "?")
    if e["kind"] == "host":
        return "host:" + (e.get("host_memory") or "?")
    return "unknown"


def main():
    with open(sys.argv[1]) as f:
        db = json.load(f)
    assert db["format"] == "commledger-sites" and db["version"] == 1
    print("sites: %d" % len(db["sites"]))
    for s in db["sites"]:
        assert s["id"].startswith("0x") and len(s["id"]) == 18
        out = "%s:%d:%d %s %s instrumented=%d" % (s["file"], s["line"], s["column"], s["api"],
                                                  s["family"], s["instrumented"])
        if s.get("macro"):
            out += " macro=" + s["macro"]
        if s.get("reason"):
            out += ' reason="%s"' % s["reason"]
        out += " fn=" + (s.get("function") or "-")
        p = s.get("prediction")
        if p:
            bytes_ = "?" if p["bytes"] is None else str(p["bytes"])
            mult = str(p["multiplicity"]) if p["multiplicity"] is not None else p["multiplicity_expr"]
            out += ' | dir=%s bytes=%s expr="%s" src=%s dst=%s mult=%s' % (
                p["direction"], bytes_, p["bytes_expr"], endpoint(p["src"]), endpoint(p["dst"]), mult)
            if p.get("kind_arg"):
                out += " kind=" + p["kind_arg"]
            for note in p.get("notes", []):
                out += ' note="%s"' % note
        print(out)


main()
