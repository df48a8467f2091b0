#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Print the output.dir a grayscott run will use: the last output.dir=... override,
else [output] dir of the TOML input, else the program's default "out".
usage: output_dir.py INPUT.toml [key=value ...]
Errors are one line naming the file, exit 1 (never a traceback)."""
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None


def unquote(value):
    value = value.strip()
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'" else value


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    for arg in reversed(argv[1:]):
        if arg.startswith("output.dir="):
            print(unquote(arg.split("=", 1)[1]))
            return 0
    if tomllib is None:
        print("output_dir.py: Python 3.11 (tomllib) needed to read %s; pass output.dir=... instead" % argv[0],
              file=sys.stderr)
        return 1
    try:
        with open(argv[0], "rb") as f:
            doc = tomllib.load(f)
    except (OSError, ValueError) as e:  # TOMLDecodeError and UnicodeDecodeError are ValueErrors
        print("output_dir.py: %s: %s" % (argv[0], str(e).splitlines()[0] if str(e) else type(e).__name__),
              file=sys.stderr)
        return 1
    section = doc.get("output", {})
    value = section.get("dir", "out") if isinstance(section, dict) else "out"
    if not isinstance(value, str) or not value:
        print("output_dir.py: %s: [output] dir must be a non-empty string" % argv[0], file=sys.stderr)
        return 1
    print(value)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
