#!/usr/bin/env python3
"""Validate JSON files against a JSON Schema (draft 2020-12), with Python's jsonschema.

Usage: validate-json-schema.py SCHEMA INSTANCE...

The schema is first checked against the draft's metaschema. Then each instance file gets one
line: "ok <file>", or "invalid <file>: <JSON path>: <message>" for each error (sorted by
path). Exit status: 0 when every instance is valid, 1 when one is not, 2 when the schema
itself is unusable or a file cannot be read.

The schema tests (Tests/EndToEndTests/SchemaTests.swift) run it in the virtual environment
they make from scripts/schema-requirements.txt.
"""
import json
import sys

import jsonschema
from jsonschema import Draft202012Validator


def path_of(error):
    text = "$"
    for part in error.absolute_path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        with open(arguments[0], encoding="utf-8") as handle:
            schema = json.load(handle)
        Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        print(f"unusable schema {arguments[0]}: {error}", file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)
    status = 0
    for name in arguments[1:]:
        try:
            with open(name, encoding="utf-8") as handle:
                instance = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"unreadable {name}: {error}", file=sys.stderr)
            return 2
        errors = sorted(validator.iter_errors(instance), key=lambda error: list(map(str, error.absolute_path)))
        if not errors:
            print(f"ok {name}")
            continue
        status = 1
        for error in errors:
            print(f"invalid {name}: {path_of(error)}: {error.message}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
