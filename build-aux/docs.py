#!/usr/bin/python3
"""`make docs`: the documentation site, made by DocC from the catalog docs/Triad.docc (the
articles and tutorials) and the symbol graphs of GtkKit and TriadModel, into build/docs.

    docs.py

DocC and the symbol graph extractor come with the toolchain: no package plugin is needed. The two
modules are built in a folder of their own (.build-docs), so that `make docs` never waits on the
lock of, nor changes anything in, the normal build in .build; then each module's symbol graphs are
extracted from its built module into a folder made anew, so that no graph of a symbol since removed
can stay behind. (Graphs emitted while compiling, `-emit-symbol-graph`, are rewritten only when
their content changes and never deleted: a stale one cannot be told from an unchanged one.) The
graphs leave out what the compiler makes by itself (an enum's `!=`, a collection's inherited
members): nobody writes a summary for those, and a reference that listed them would bury the
code's own.

DocC runs with warnings as errors (an unresolved link, a parameter documented under a wrong name)
and writes build/docs/documentation-coverage.json, from which this prints, per module, how many
symbols have a summary; each module must keep at least COVERAGE_FLOOR of them documented, and a
module below it is named with every symbol that lacks one.
The site is made for static hosting under /triad/ (HOSTING_BASE); `make docs-preview` serves it.

DocC converts a copy of the catalog (build/docs-catalog), made first, for two reasons:
- A picture the catalog links to (docs/screenshots/, which `make screenshots` refreshes) is copied
  as the file it links to: DocC copies a link as a link, and one that points out of the site shows
  as an empty box.
- DocC (as of Swift 6.3.1) resolves a tutorial's links before it curates the articles, so a
  tutorial's `<doc:Article>` fails as "uncurated" though the article is curated by the site's
  root. In the copy, each tutorial's `<doc:Article>` naming an article of the catalog is written as
  a link to the article's page under the hosting base path (`/triad/documentation/triad/article`:
  a relative one would depend on whether the server adds a slash to the tutorial's address), with
  the article's title; one that names no article is left for DocC to report. check-docs-render
  checks that each such link leads to a page of the site.

Environment: SWIFT (the swift driver; docc is found beside it).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "docs", "Triad.docc")
STAGED = os.path.join(ROOT, "build", "docs-catalog", "Triad.docc")
SCRATCH = os.path.join(ROOT, ".build-docs")
GRAPHS = os.path.join(SCRATCH, "symbol-graphs")
OUTPUT = os.path.join(ROOT, "build", "docs")
MODULES = ["GtkKit", "TriadModel"]
HOSTING_BASE = "triad"
BUNDLE = "io.github.triad.Triad"
COVERAGE_FLOOR = {"GtkKit": 0.95, "TriadModel": 0.95}


def run(command):
    print("$ " + " ".join(command), flush=True)
    began = time.monotonic()
    if subprocess.run(command, cwd=ROOT).returncode != 0:
        sys.exit(f"docs: failed: {command[0]} {command[1]}")
    return time.monotonic() - began


def extract(swift, module):
    """The extractor's command for `module`: the built modules to read, and the C modules it
    imports, found as SwiftPM compiled it (the module maps and include folders in the build's
    description)."""
    description = json.load(open(os.path.join(SCRATCH, "debug", "description.json"), encoding="utf-8"))
    command = next(c for c in description["swiftCommands"].values() if c["moduleName"] == module)
    arguments, found = command["otherArguments"], []
    for index, argument in enumerate(arguments):
        if argument == "-Xcc" or argument in ("-target", "-module-cache-path"):
            found += arguments[index:index + 2]
        elif argument.startswith("-I") and len(argument) > 2:
            found.append(argument)
    return [os.path.join(os.path.dirname(swift), "swift-symbolgraph-extract"), "-module-name", module,
            "-I", command["importPath"], "-output-dir", GRAPHS, "-minimum-access-level", "public",
            "-skip-synthesized-members"] + found


def coverage():
    """(module, documented, symbols, undocumented names) from DocC's coverage file."""
    entries = json.load(open(os.path.join(OUTPUT, "documentation-coverage.json"), encoding="utf-8"))
    found = []
    for module in MODULES:
        prefix = f"doc://{BUNDLE}/documentation/{module}"
        mine = [e for e in entries if e["referencePath"] == prefix or e["referencePath"].startswith(prefix + "/")]
        missing = sorted(e["referencePath"][len(prefix) + 1:] for e in mine if not e["hasAbstract"])
        found.append((module, len(mine) - len(missing), len(mine), missing))
    return found


def stage():
    """The catalog copied into STAGED: links followed, and tutorials' article links written out."""
    shutil.rmtree(os.path.dirname(STAGED), ignore_errors=True)
    shutil.copytree(CATALOG, STAGED, symlinks=False)
    root = HOSTING_BASE
    for folder, _, names in os.walk(STAGED):
        for name in names:
            if name.endswith(".md") and "@TechnologyRoot" in open(os.path.join(folder, name), encoding="utf-8").read():
                root = os.path.splitext(name)[0].lower()
    articles = {}
    for folder, _, names in os.walk(os.path.join(STAGED, "Articles")):
        for name in names:
            if name.endswith(".md"):
                title = open(os.path.join(folder, name), encoding="utf-8").readline().lstrip("# ").strip()
                articles[os.path.splitext(name)[0]] = title

    def link(match):
        name = match.group(1)
        if name not in articles:
            return match.group(0)
        return f"[{articles[name]}](/{HOSTING_BASE}/documentation/{root}/{name.lower()})"

    for folder, _, names in os.walk(STAGED):
        for name in names:
            if name.endswith(".tutorial"):
                path = os.path.join(folder, name)
                text = open(path, encoding="utf-8").read()
                open(path, "w", encoding="utf-8").write(re.sub(r"<doc:(\w+)>", link, text))


def main():
    swift = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"
    docc = os.path.join(os.path.dirname(swift), "docc")
    built = sum(run([swift, "build", "--scratch-path", SCRATCH, "--target", module]) for module in MODULES)
    shutil.rmtree(GRAPHS, ignore_errors=True)
    os.makedirs(GRAPHS)
    built += sum(run(extract(swift, module)) for module in MODULES)
    shutil.rmtree(OUTPUT, ignore_errors=True)
    stage()
    converted = run([docc, "convert", STAGED, "--additional-symbol-graph-dir", GRAPHS,
                     "--fallback-display-name", "Triad", "--fallback-bundle-identifier", BUNDLE,
                     "--transform-for-static-hosting", "--hosting-base-path", HOSTING_BASE,
                     "--output-path", OUTPUT, "--warnings-as-errors",
                     "--experimental-documentation-coverage", "--coverage-summary-level", "brief"])
    if not os.path.isfile(os.path.join(OUTPUT, "documentation-coverage.json")):
        sys.exit("docs: DocC wrote no documentation-coverage.json in build/docs")
    print(f"docs: symbol graphs in {built:.1f} s, DocC in {converted:.1f} s; the site is build/docs "
          f"(make docs-preview serves it)")
    failed = False
    for module, documented, symbols, missing in coverage():
        floor = COVERAGE_FLOOR.get(module)
        print(f"docs: {module}: {documented} of {symbols} symbols have a summary ({100 * documented / max(1, symbols):.1f} %)"
              + (f", at least {100 * floor:.0f} % wanted" if floor else ""))
        if floor and documented < floor * symbols:
            failed = True
            print(f"docs: {module}: without a summary: " + ", ".join(missing))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
