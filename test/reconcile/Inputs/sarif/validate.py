# Validates SARIF logs against the vendored SARIF 2.1.0 JSON schema (Debian's python3-jsonschema).
# usage: validate.py LOG.sarif...   exit 0 when every log is valid, else one line per error.
import json, os, sys

try:
    import jsonschema
except ImportError:  # a Python outside Debian's (pyenv, venv): use the one setup.sh provisions
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "sarif-schema-2.1.0.json"), encoding="utf-8") as f:
    schema = json.load(f)
validator = jsonschema.validators.validator_for(schema)(schema)
invalid = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        errors = list(validator.iter_errors(json.load(f)))
    for e in errors:
        print("%s: /%s: %s" % (path, "/".join(map(str, e.absolute_path)), e.message))
    print("%s: %s" % (path, "INVALID" if errors else "valid SARIF 2.1.0"))
    invalid += bool(errors)
sys.exit(1 if invalid else 0)
