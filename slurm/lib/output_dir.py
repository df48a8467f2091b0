#!/usr/bin/python3
"""Print the output.dir a grayscott run will use: the last output.dir=... override,
else [output] dir of the TOML input, else the program's default "out".
usage: output_dir.py INPUT.toml [key=value ...]"""
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    for arg in reversed(argv[1:]):
        if arg.startswith("output.dir="):
            value = arg.split("=", 1)[1].strip()
            return print(value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value) or 0
    if tomllib is None:
        print("output_dir.py: Python 3.11 (tomllib) needed to read %s; pass output.dir=... instead" % argv[0],
              file=sys.stderr)
        return 1
    try:
        with open(argv[0], "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        print("output_dir.py: %s: %s" % (argv[0], e), file=sys.stderr)
        return 1
    print(doc.get("output", {}).get("dir", "out"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
