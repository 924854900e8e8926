"""Reads a .bib file (the path in argv[1]) with two parsers independent of Vita's and prints
one JSON object. From bibtexparser: the entries' keys, the keys used more than once, and every
field whose value is a bare word that is neither a number nor a month (an @string macro the
file does not define: BibTeX, biber and reference managers fail on it). From pybtex in strict
mode, which counts braces as BibTeX does (`\{` is a brace too, where bibtexparser skips it):
`strict`, its error or null, and `fields`, every entry's fields as pybtex read them. Used by
tests/it/bibtex_round_trip.rs (issue 29) and tests/it/exports.rs (issue 41)."""

import json
import sys

import bibtexparser
import pybtex.errors
from pybtex.database import parse_file

MONTHS = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

# No middleware: values stay as written, braces and quotes included.
library = bibtexparser.parse_file(sys.argv[1], parse_stack=[])
defined = {string.key.lower() for string in library.strings}


def parts(value):
    """The pieces of a value joined by `#`, braces and quotes respected."""
    depth, quoted, start, out = 0, False, 0, []
    for i, c in enumerate(value):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == '"' and depth == 0:
            quoted = not quoted
        elif c == "#" and depth == 0 and not quoted:
            out.append(value[start:i])
            start = i + 1
    out.append(value[start:])
    return [p.strip() for p in out]


undefined = []
for entry in library.entries:
    for field in entry.fields:
        value = str(field.value).strip()
        for part in parts(value):
            if part.startswith(("{", '"')) or part.isdigit() or part.lower() in MONTHS or part.lower() in defined:
                continue
            undefined.append(f"{entry.key}.{field.key} = {value}")
duplicates = [block.key for block in library.failed_blocks if type(block).__name__ == "DuplicateBlockKeyBlock"]
other_failures = [f"{type(block).__name__}: {getattr(block, 'key', '')}" for block in library.failed_blocks if type(block).__name__ != "DuplicateBlockKeyBlock"]

pybtex.errors.set_strict_mode(True)
try:
    strict = parse_file(sys.argv[1], "bibtex")
    strict_error = None
    fields = {key: dict(entry.fields) for key, entry in strict.entries.items()}
except Exception as error:  # pybtex raises its own kinds: any of them is a failure to read
    strict_error = f"{type(error).__name__}: {error}"
    fields = {}
print(
    json.dumps(
        {
            "keys": [e.key for e in library.entries] + duplicates,
            "duplicates": duplicates,
            "undefined": undefined,
            "failed": other_failures,
            "strict": strict_error,
            "fields": fields,
        }
    )
)
