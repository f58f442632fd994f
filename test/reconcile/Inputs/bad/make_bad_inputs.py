#!/usr/bin/env python3
# Writes the malformed inputs of test/reconcile/bad-input-*.test, each derived from the case1_1
# database and trace by one change, so each test shows one problem. Not run by the tests: the
# output is committed. Run from this directory.
import copy
import json

with open("../case1_1/commledger-sites.json") as fh:
    SITES = json.load(fh)
with open("../case1_1/trace-h200-1101.json") as fh:
    TRACE = json.load(fh)


def write(name, doc):
    with open(name, "w") as fh:
        fh.write(json.dumps(doc, indent=1) + "\n")


def changed(doc, edit):
    doc = copy.deepcopy(doc)
    edit(doc)
    return doc


text = json.dumps(SITES, indent=1)
with open("sites-truncated.json", "w") as fh:
    fh.write(text[: len(text) // 2])
write("sites-version2.json", changed(SITES, lambda d: d.update(version=2)))
write("sites-missing-id.json", changed(SITES, lambda d: d["sites"][1].pop("id")))
write("sites-line-string.json", changed(SITES, lambda d: d["sites"][1].update(line="31")))
write("sites-no-format.json", changed(SITES, lambda d: d.pop("format")))

write("trace-missing-process.json", changed(TRACE, lambda d: d.pop("process")))
write("trace-bytes-string.json",
      changed(TRACE, lambda d: d["observed"][0].update(bytes="10485760")))
# A newline inside a quoted value must not split the error line.
write("trace-newline-kind.json",
      changed(TRACE, lambda d: d["observed"][0].update(copy_kind="PtoP\nDtoD")))
# 2^31 - 1: no process has that many GPUs; a matrix of that size would exhaust memory.
write("trace-huge-device.json",
      changed(TRACE, lambda d: d["observed"][0]["dst"].update(device=2147483647)))
open("trace-empty.json", "w").close()
# An ELF header, as if a binary had been passed where a trace was meant.
with open("trace-binary.json", "wb") as fh:
    fh.write(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))

write("budget-max-bytes-string.json",
      {"format": "commledger-budget", "version": 1, "pairs": [{"pair": "G0->G1", "max_bytes": "1 GiB"}]})
write("budget-forbid-empty.json", {"format": "commledger-budget", "version": 1, "forbid": [{}]})
