#!/usr/bin/python3
"""`make check-tutorials`: every tutorial of the DocC catalog shows the project's real code.

DocC never compiles a tutorial's step files; this does, for each tutorial (a `.tutorial` file
that holds `@Tutorial`) of the catalog.

How a tutorial names its files, the one scheme a learner-facing page can carry as it is:
- `@Code(name: "Sources/TriadModel/Adder/WholeNumber.swift", file: 01-01-01-code-0001.swift)`:
  `name`, the title the page shows above the code, is the file's path from the project's root,
  so the learner sees where the file lives and no manifest is needed; `file` is the step file,
  found by its name anywhere in the catalog as DocC finds it, and named as
  swift-composable-architecture names them: chapter, tutorial, section, then the code's number.
- A file of the project that the steps need but do not show (a protocol the tutorial's class
  adopts) is named in the tutorial's `@Comment { … }`, which DocC does not render, on a line of
  its own: `context: Sources/Triad/Shell/AppServices.swift`. A `@Comment` at the top of the
  tutorial names context for all its steps; one inside a `@Section` names context from that
  section on, for a file that needs what earlier sections have not built yet (a view that calls
  a method the tutorial adds to its widgets later). A context line that ends in `/` names a
  folder: every source file of it, as the tree has it until a step of the tutorial shows it
  (`context: Sources/Triad/`, for a step that needs the whole app around it, as a page in the
  window's catalog does): the tree a learner has in front of them at that step.

What is checked:
- Byte identity: the last step that shows a file, in the order the table of contents reads the
  tutorials, is that file as it is in the tree. The tutorials end where the project is; an
  earlier tutorial may leave a file half built for a later one to finish.
- Type-checking: at each step, the module of the file the step shows type-checks as the tutorial
  has built it so far: the latest step file of each of the tutorial's files in that module, and
  its context files of that module, with `swiftc -typecheck`, given the arguments SwiftPM
  compiled that module with (read from the build's description.json: the C modules' maps and
  flags, the Swift language mode) and the modules it built (GtkKit, TriadModel) to import. The
  tutorial's other modules are the built ones, not their steps. Files that are not Swift, or
  belong to no module, are only compared, except a package manifest (`Package.swift`): each of its
  steps is loaded with `swift package describe` in a scratch folder beside the project's own
  folders, which evaluates it and checks that every target it declares has its sources.

    check-tutorials.py [--catalog DIR] [--build DIR] [--jobs N]

The build is the debug one (`swift build --build-tests`, `make xctest-build`): its modules allow
a test file's `@testable import`. Prints each problem with its tutorial, step and file, then
`N passed, N failed` (one item per compared file and per type-check); exits 1 on any problem.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build-aux"))
from check_report import finish  # noqa: E402

DIRECTIVE = re.compile(r"@(Section|Step|Code)\b(?:\(([^)]*)\))?")
ARGUMENT = re.compile(r'(\w+)\s*:\s*(?:"([^"]*)"|([^,\s)]+))')
REFERENCE = re.compile(r'@TutorialReference\(\s*tutorial:\s*"doc:([^"]+)"\s*\)')
CONTEXT = re.compile(r"^\s*context:\s*(\S+)\s*$", re.M)


class Step:
    def __init__(self, tutorial, section, section_title, number):
        self.tutorial, self.section, self.section_title, self.number = tutorial, section, section_title, number
        self.name = None   # the real file's path, from @Code(name:)
        self.file = None   # the step file's path in the catalog

    def where(self):
        return f"{self.tutorial.file}, section {self.section} (\"{self.section_title}\"), step {self.number}"


class Tutorial:
    def __init__(self, path, catalog):
        self.path = path
        self.file = os.path.relpath(path, catalog)
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.steps = []
        self.context = []


def without_comments(text):
    """The text with each `@Comment { … }` blanked (its braces counted), and each comment's
    offset and text."""
    comments = []
    while True:
        start = text.find("@Comment")
        if start < 0:
            return text, comments
        brace = text.find("{", start)
        depth, end = 0, brace
        while end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
            if depth == 0:
                break
        comments.append((start, text[brace + 1:end - 1]))
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def parse(path, catalog, files_by_name, problems):
    """The tutorial's steps, in order, each with the file it shows (if any)."""
    tutorial = Tutorial(path, catalog)
    text, comments = without_comments(open(path, encoding="utf-8").read())
    # Each context line with the section it applies from: the section the comment is in (0, all
    # of them, for a comment before the first section).
    sections = [match.start() for match in re.finditer(r"@Section\b", text)]
    for offset, comment in comments:
        since = sum(1 for start in sections if start < offset)
        tutorial.context += [(path, since) for path in CONTEXT.findall(comment)]
    section, title, number, step = 0, "", 0, None
    for match in DIRECTIVE.finditer(text):
        kind, arguments = match.group(1), dict((k, a or b) for k, a, b in ARGUMENT.findall(match.group(2) or ""))
        if kind == "Section":
            section, title, number = section + 1, arguments.get("title", ""), 0
        elif kind == "Step":
            number += 1
            step = Step(tutorial, section, title, number)
            tutorial.steps.append(step)
        elif step is None or step.name is not None:
            problems.append(f"{tutorial.file}: a @Code outside a step, or a second one in a step, at offset {match.start()}")
        else:
            step.name, name = arguments.get("name"), arguments.get("file")
            found = files_by_name.get(name or "")
            if not step.name or not name:
                problems.append(f"{step.where()}: @Code needs both name: and file:")
                step.name = None
            elif not found:
                problems.append(f"{step.where()}: the step file {name} is not in the catalog")
                step.name = None
            else:
                step.file = found
            if step.name and not os.path.isfile(os.path.join(ROOT, step.name)):
                problems.append(f"{step.where()} ({name}): @Code(name: \"{step.name}\") is not a file of the project; "
                                "name: is the file's path from the project's root")
                step.name = None
    return tutorial


def reading_order(catalog, tutorials):
    """The tutorials in the order the tables of contents list them, then the others by name."""
    listed = []
    for root, _, names in os.walk(catalog):
        for name in sorted(names):
            if name.endswith(".tutorial"):
                text = open(os.path.join(root, name), encoding="utf-8").read()
                if "@Tutorials(" in text:
                    listed += [reference.rsplit("/", 1)[-1] for reference in REFERENCE.findall(text)]
    rank = {name: index for index, name in reversed(list(enumerate(listed)))}
    return sorted(tutorials, key=lambda t: (rank.get(t.name, len(rank)), t.name))


class Modules:
    """What SwiftPM's build description says of each Swift module: its sources, and how to compile it."""
    # Arguments that only make sense for a build that writes something, each with the number of
    # values that follow it.
    DROPPED = {"-incremental": 0, "-enable-batch-mode": 0, "-serialize-diagnostics": 0, "-parseable-output": 0,
               "-whole-module-optimization": 0, "-emit-objc-header": 0, "-g": 0, "-static-stdlib": 0,
               "-index-store-path": 1, "-emit-objc-header-path": 1, "-num-threads": 1, "-Xlinker": 1,
               "-Xclang-linker": 1, "-output-file-map": 1}

    def __init__(self, build):
        path = os.path.join(build, "description.json")
        try:
            description = json.load(open(path, encoding="utf-8"))
        except FileNotFoundError:
            raise SystemExit(f"check-tutorials: {os.path.relpath(path, ROOT)} is missing: build first "
                             "(`make xctest-build`, or `swift build --build-tests`)")
        self.module_of = {}
        self.command = {}
        for command in description["swiftCommands"].values():
            module = command["moduleName"]
            self.swift = os.path.join(os.path.dirname(command["executable"]), "swift")
            # One compiler process for all the files (`-wmo`): without it the driver starts one
            # per file, each parsing all of them, and a step that needs the whole app around it
            # would be type-checked once per file of the app.
            self.command[module] = [command["executable"], "-typecheck", "-wmo", "-module-name", module,
                                    "-I", command["importPath"]] + self.kept(command["otherArguments"])
            for source in command["sources"]:
                self.module_of.setdefault(os.path.relpath(source, ROOT), module)

    def kept(self, arguments):
        kept, index = [], 0
        while index < len(arguments):
            argument = arguments[index]
            if argument in self.DROPPED:
                index += 1 + self.DROPPED[argument]
                continue
            if argument == "-Xfrontend" and arguments[index + 1:index + 2] == ["-entry-point-function-name"]:
                index += 4  # the executable's entry point, and its name
                continue
            if argument in ("-Xcc", "-Xfrontend"):
                kept += arguments[index:index + 2]  # a value for the next tool, whatever it is
                index += 2
                continue
            if re.match(r"-j\d+$|-L|-use-ld=", argument):
                index += 1
                continue
            kept.append(argument)
            index += 1
        return kept


def typecheck(command, files):
    """(seconds, the compiler's errors or None) for `files` type-checked with `command`."""
    began = time.monotonic()
    result = subprocess.run(command + files, cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - began
    if result.returncode == 0:
        return seconds, None
    lines = (result.stderr + result.stdout).replace(ROOT + "/", "").splitlines()
    # The compiler's first line of each error (file, line, column and message), not its excerpts.
    errors = [line for line in lines if re.search(r"^\S.*: error: ", line)] or lines[:12]
    shown = errors[:12] + ([f"(and {len(errors) - 12} more errors)"] if len(errors) > 12 else [])
    return seconds, "\n".join("    " + line for line in shown)


def load_manifest(swift, manifest, step_file):
    """(seconds, SwiftPM's errors or None) for the step file loaded as the package's manifest: in
    a scratch folder that holds it as Package.swift beside links to the package's other entries."""
    began = time.monotonic()
    package = os.path.dirname(os.path.join(ROOT, manifest))
    with tempfile.TemporaryDirectory(prefix="triad-manifest-") as scratch:
        for entry in os.listdir(package):
            if entry != "Package.swift" and not entry.startswith("."):
                os.symlink(os.path.join(package, entry), os.path.join(scratch, entry))
        with open(os.path.join(ROOT, step_file), "rb") as source, open(os.path.join(scratch, "Package.swift"), "wb") as copy:
            copy.write(source.read())
        result = subprocess.run([swift, "package", "describe", "--type", "json"], cwd=scratch, capture_output=True, text=True)
    seconds = time.monotonic() - began
    if result.returncode == 0:
        return seconds, None
    lines = [line.replace(scratch + "/", "") for line in (result.stderr + result.stdout).splitlines()]
    errors = [line for line in lines if "error:" in line] or lines[:12]
    return seconds, "\n".join("    " + line for line in errors[:12])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--catalog", default=os.path.join(ROOT, "docs", "Triad.docc"))
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    catalog = os.path.abspath(options.catalog)
    began = time.monotonic()
    problems = []

    files_by_name, tutorial_paths = {}, []
    for root, _, names in os.walk(catalog):
        for name in names:
            path = os.path.join(root, name)
            files_by_name.setdefault(name, path)
            if name.endswith(".tutorial") and "@Tutorial(" in open(path, encoding="utf-8").read():
                tutorial_paths.append(path)
    tutorials = reading_order(catalog, [parse(path, catalog, files_by_name, problems) for path in tutorial_paths])
    modules = Modules(os.path.abspath(options.build))

    # Byte identity: the last step, in reading order, that shows each file.
    last = {}
    for tutorial in tutorials:
        for step in tutorial.steps:
            if step.name:
                last[step.name] = step
    for name, step in sorted(last.items()):
        shown, real = open(step.file, "rb").read(), open(os.path.join(ROOT, name), "rb").read()
        if shown != real:
            shown_lines, real_lines = shown.decode(errors="replace").split("\n"), real.decode(errors="replace").split("\n")
            line = next((i + 1 for i, (a, b) in enumerate(zip(shown_lines, real_lines)) if a != b),
                        min(len(shown_lines), len(real_lines)) + 1)
            problems.append(f"{step.where()} ({os.path.basename(step.file)}): the last step of {name} is not the file in "
                            f"the tree (they differ from line {line}: the step has "
                            f"{shown_lines[line - 1] if line <= len(shown_lines) else '(its end)'!r}, the tree "
                            f"{real_lines[line - 1] if line <= len(real_lines) else '(its end)'!r})")

    # Type-checking: one job per step and module, each distinct set of files checked once.
    jobs, first_step = {}, {}
    for tutorial in tutorials:
        context, shown = {}, {step.name for step in tutorial.steps}
        for path, since in tutorial.context:
            if path.endswith("/"):
                # A folder: every source of it, as the tree has it until a step shows it.
                if not os.path.isdir(os.path.join(ROOT, path)):
                    problems.append(f"{tutorial.file}: its context folder {path} is not a folder of the project")
                for source in sorted(modules.module_of):
                    if source.startswith(path):
                        context.setdefault(modules.module_of[source], []).append((source, since))
            elif not os.path.isfile(os.path.join(ROOT, path)):
                problems.append(f"{tutorial.file}: its context file {path} is not a file of the project")
            elif path in shown:
                problems.append(f"{tutorial.file}: its context file {path} is one its steps show")
            elif path in modules.module_of:
                context.setdefault(modules.module_of[path], []).append((path, since))
        latest = {}
        for step in tutorial.steps:
            if not step.name:
                continue
            latest[step.name] = os.path.relpath(step.file, ROOT)
            module = modules.module_of.get(step.name)
            if module is None and os.path.basename(step.name) == "Package.swift":
                key = ("the package manifest", hashlib.sha256(open(step.file, "rb").read()).hexdigest())
                if key not in jobs:
                    jobs[key] = ("the package manifest", [latest[step.name]])
                    first_step[key] = step
                continue
            if module is None or not step.name.endswith(".swift"):
                continue
            files = sorted(shown for name, shown in latest.items() if modules.module_of.get(name) == module)
            files += sorted({path for path, since in context.get(module, []) if since <= step.section and path not in latest})
            key = (module, tuple(hashlib.sha256(open(os.path.join(ROOT, f), "rb").read()).hexdigest() for f in files))
            if key not in jobs:
                jobs[key] = (module, files)
                first_step[key] = step

    seconds = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        futures = {(pool.submit(load_manifest, modules.swift, first_step[key].name, files[0]) if module == "the package manifest"
                    else pool.submit(typecheck, modules.command[module], files)): key
                   for key, (module, files) in jobs.items()}
        for future in concurrent.futures.as_completed(futures):
            key = futures[future]
            took, errors = future.result()
            seconds.append(took)
            if errors:
                step = first_step[key]
                what = "load as the package manifest" if key[0] == "the package manifest" else f"type-check as module {key[0]}"
                problems.append(f"{step.where()} ({os.path.basename(step.file)}): {step.name} does not {what} at "
                                f"this step:\n{errors}")

    steps = sum(len(t.steps) for t in tutorials)
    slowest = f", the slowest {max(seconds):.1f} s" if seconds else ""
    manifests = sum(1 for module, _ in jobs.values() if module == "the package manifest")
    summary = (f"{len(tutorials)} tutorials, {steps} steps, {len(last)} files compared, {len(jobs) - manifests} type-checks "
               f"and {manifests} manifest loads "
               f"({options.jobs} at a time{slowest}) in {time.monotonic() - began:.1f} s")
    # Each compared file and each type-check is one item; a step or a context line that names no
    # file is one more, failed.
    structural = [p for p in problems if not any(kind in p for kind in ("is not the file in the tree", "does not type-check",
                                                                         "does not load as the package manifest"))]
    finish("check-tutorials", summary, problems, checked=len(structural) + len(last) + len(jobs))


if __name__ == "__main__":
    main()
