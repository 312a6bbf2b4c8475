#!/usr/bin/env python3
"""Prints, as one JSON object, the tree PyYAML (libyaml's reading, as XcodeGen's Yams has it) gives each file
named on the command line: every scalar a string, as bggen keeps them; `<<` merge keys applied. Exits 3 when
PyYAML is missing, so the test that calls it is skipped with that message."""
import json
import sys

try:
    import yaml
except ImportError:
    print("PyYAML is missing: pip install pyyaml", file=sys.stderr)
    sys.exit(3)


class StringLoader(yaml.SafeLoader):
    """Every scalar a string; only the merge key keeps its meaning."""


StringLoader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag == "tag:yaml.org,2002:merge"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

trees = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        try:
            trees[path] = {"tree": yaml.load(handle, Loader=StringLoader)}
        except yaml.YAMLError as error:
            trees[path] = {"error": str(error).splitlines()[0]}
print(json.dumps(trees))
