"""Validates a CSL-JSON file (argv[2]) against the CSL-JSON schema (argv[1], the vendored
csl-data.json) with the `jsonschema` package, and prints each error with where it is, one per
line; nothing when the file is valid. Used by src/citations/tests.rs: one reference
validator, from the same virtualenv as the other checks, rather than a Rust crate the build
compiles for one test (issue 25)."""

import json
import sys

from jsonschema.validators import validator_for

with open(sys.argv[1], encoding="utf-8") as f:
    schema = json.load(f)
with open(sys.argv[2], encoding="utf-8") as f:
    instance = json.load(f)

Validator = validator_for(schema)  # the draft its $schema names (draft-07)
Validator.check_schema(schema)
validator = Validator(schema)
for error in sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path)):
    print(f"{error.message} at /{'/'.join(str(p) for p in error.absolute_path)}")
