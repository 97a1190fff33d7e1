#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks JSON documents against cudnn-setup's schemas (docs/schemas/*.schema.json).

Usage: validate-json.py SCHEMA FILE...   SCHEMA is report, detect, probe or explain; FILE "-" reads standard input.
Every document is one JSON value (a report file, a --detect --json output, a probe line). Exits 0 when all are
valid, 1 with each error's path and message on stderr, 2 on a usage error or a missing python3-jsonschema.
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("validate-json.py: python3-jsonschema is missing (Debian: python3-jsonschema)\n")
    sys.exit(2)

SCHEMAS = pathlib.Path(__file__).resolve().parent.parent.parent / "docs" / "schemas"


def validator(name):
    store = {}
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        store[schema["$id"]] = schema
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    try:  # jsonschema 4.18+ resolves $ref through the referencing library
        import referencing
        import referencing.jsonschema

        registry = referencing.Registry().with_resources(
            (uri, referencing.Resource.from_contents(s, default_specification=referencing.jsonschema.DRAFT7))
            for uri, s in store.items())
        return cls(schema, registry=registry)
    except ImportError:  # Debian 12's 4.10
        return cls(schema, resolver=jsonschema.RefResolver.from_schema(schema, store=store))


def main(argv):
    if len(argv) < 3 or argv[1] not in ("report", "detect", "probe", "explain"):
        sys.stderr.write(__doc__)
        return 2
    check = validator(argv[1])
    failures = 0
    for name in argv[2:]:
        text = sys.stdin.read() if name == "-" else pathlib.Path(name).read_text(encoding="utf-8")
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            sys.stderr.write(f"{name}: not JSON: {error}\n")
            failures += 1
            continue
        for error in sorted(check.iter_errors(document), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            sys.stderr.write(f"{name}: {argv[1]} schema: at {where}: {error.message}\n")
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
