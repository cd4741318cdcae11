#!/usr/bin/python3
"""Lists the app's own Swift sources in the GResource manifest, between its `sources` markers, so
that the Messages pane (and its source view) read exactly the code the binary was built from.

    build-aux/sources-gresource.py          rewrites Resources/io.github.triad.Triad.gresource.xml
    build-aux/sources-gresource.py --check  fails if the list there is not the tree's

The bundle's paths are `source/<folder under Sources>/…`, compressed; the manifest's source folder
for them is Sources/Triad (see the Makefile's resources rule), so the other targets' files are
named through `../`."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "Resources", "io.github.triad.Triad.gresource.xml")
TARGETS = ["GtkKit", "TriadModel", "Triad"]
BEGIN, END = "    <!-- sources: written by build-aux/sources-gresource.py -->", "    <!-- end of sources -->"


def entries():
    lines = []
    for target in TARGETS:
        folder = os.path.join(ROOT, "Sources", target)
        for directory, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                relative = os.path.relpath(os.path.join(directory, name), os.path.join(ROOT, "Sources"))
                source = os.path.relpath(os.path.join(directory, name), os.path.join(ROOT, "Sources", "Triad"))
                lines.append(f'    <file alias="source/{relative}" compressed="true">{source}</file>')
    return sorted(lines)


def main():
    text = open(MANIFEST, encoding="utf-8").read()
    head, _, rest = text.partition(BEGIN + "\n")
    _, _, tail = rest.partition(END)
    wanted = head + BEGIN + "\n" + "\n".join(entries()) + "\n" + END + tail
    if "--check" in sys.argv:
        if wanted != text:
            print("sources-gresource: Resources/io.github.triad.Triad.gresource.xml does not list the sources as they are; "
                  "run build-aux/sources-gresource.py")
            print("0 passed, 1 failed")
            sys.exit(1)
        print(f"sources-gresource: {len(entries())} sources listed")
        print("1 passed, 0 failed")
        return
    if wanted != text:
        open(MANIFEST, "w", encoding="utf-8").write(wanted)


main()
