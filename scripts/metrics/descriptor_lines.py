#!/usr/bin/env python3
"""Median length, in formatted lines, of the filter declarations below Sources/Filters.

A declaration runs from `static let descriptor =` to the line that closes its
FilterDescriptor(...) call (the filter's body after `{ f in` is not counted).
Usage: python3 scripts/metrics/descriptor_lines.py [--list] [ROOT]
"""
import pathlib
import statistics
import sys


def declaration_lengths(root):
    for path in sorted(pathlib.Path(root, "Sources/Filters").rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if "static let descriptor" not in line:
                continue
            depth, j = 0, i
            while j < len(lines):
                text = lines[j].split("//")[0]
                for ch in text:
                    if ch in "([":
                        depth += 1
                    elif ch in ")]":
                        depth -= 1
                # The call closes when every bracket opened since the header has closed.
                if depth <= 0 and ("(" in lines[i] or j > i):
                    break
                j += 1
            yield path, j - i + 1


def main(argv):
    listing = "--list" in argv
    args = [a for a in argv if not a.startswith("--")]
    root = args[0] if args else "."
    sizes = list(declaration_lengths(root))
    if listing:
        for path, n in sorted(sizes, key=lambda s: -s[1]):
            print(f"{n:3d} {path}")
    counts = [n for _, n in sizes]
    print(f"{len(counts)} declarations: median {statistics.median(counts)} lines, "
          f"mean {statistics.mean(counts):.1f}, max {max(counts)}")


if __name__ == "__main__":
    main(sys.argv[1:])
