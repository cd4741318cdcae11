#!/usr/bin/python3
"""`make check-tutorials`: every tutorial can be typed along, step by step, and ends where its
complete project is; each complete project builds against today's GtkKit and TriadModel.

DocC never compiles a tutorial's step files; this does. Each tutorial builds a small package of its
own from a starting point (build-aux/tutorial_steps.py says how a tutorial names its project, its
start and its files). For each tutorial, in the order the table of contents reads them:

- The complete project builds (`swift build --build-tests`, in the build folder all the projects
  share, .build-tutorials), and its programs are kept for the real-window tests
  (Tests/Tutorials/windows.py); a project with tests (the testing tutorials') passes them.
- It is the end of the steps: its files are exactly the start's files with each file as the last
  step that shows it; no file more, none less, each byte the same.
- Every step type-checks as the learner has typed it so far: the module of the file the step shows,
  with that module's Swift files as the start and the steps up to this one have them (not the
  project's), by `swiftc -typecheck` with the arguments SwiftPM compiled the complete project's
  module with (the modules it imports are the built ones: Triad's, and the project's others, which
  must be as the complete project has them at that step). The module must be one the package's
  manifest declares at that step. A manifest step is evaluated (`swift package describe`) in a
  copy of the learner's package at the same depth in the tree, so that its relative path to Triad
  resolves as the learner's does, with the files the learner has at the section's end (where the
  package is run: a manifest step that adds a target comes before the target's first file). A
  `.ui` step must be well-formed XML.
- A step that shows a file of Triad's tree for reading (`Triad/…`) shows it as it is.
- At the end of each section, where the learner runs the program, every id the Swift code asks a
  `Builder(file: "X.ui")` for (`builder.object("id")`) is an id of X.ui as typed so far, and the
  section's last step shows a picture of what the section made.
- Each step after a file's first shows highlighted lines: DocC compares a step's file with the
  file of the section's previous step with code when both have the same name, and otherwise only
  with the file `previousFile:` names, which must then be that file's previous step. A step that changes more than LONG_STEP
  lines of its file says why (`long:` in the step's @Comment, and in its words to the learner).

Then it prints a table, per tutorial: its steps, the lines highlighted per step, the steps that
change more than LONG_STEP lines, the steps after a file's first that highlight nothing, and its
pictures (and how many are files of the catalog rather than links, which the site cannot hold:
`make check-docs-render` checks that each one loads).

    check-tutorials.py [--catalog DIR] [--scratch DIR] [--jobs N] [--only TUTORIAL,...]

Prints each problem with its tutorial, step and file, the table, then `N passed, N failed` (one
item per tutorial's structure, per build, per compared project and per type-check or manifest
load); exits 1 on any problem.
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build-aux"))
import tutorial_steps as steps_  # noqa: E402
from check_report import finish  # noqa: E402

BUILDER_FILE = re.compile(r'Builder\(file:\s*"([^"]+)"')
OBJECT_ID = re.compile(r'\.object\(\s*"([^"]+)"')


class Modules:
    """What SwiftPM's build description says of each Swift module of a project: the folder of its
    sources in the project, and how to type-check it."""
    # Arguments that only make sense for a build that writes something, each with the number of
    # values that follow it.
    DROPPED = {"-incremental": 0, "-enable-batch-mode": 0, "-serialize-diagnostics": 0, "-parseable-output": 0,
               "-whole-module-optimization": 0, "-emit-objc-header": 0, "-g": 0, "-static-stdlib": 0,
               "-index-store-path": 1, "-emit-objc-header-path": 1, "-num-threads": 1, "-Xlinker": 1,
               "-Xclang-linker": 1, "-output-file-map": 1}

    def __init__(self, description, project):
        self.folder = {}
        self.command = {}
        for command in description["swiftCommands"].values():
            sources = [os.path.relpath(s, project) for s in command["sources"] if os.path.realpath(s).startswith(project + "/")]
            if not sources:
                continue  # Triad's modules, and what SwiftPM generates
            module = command["moduleName"]
            self.folder[module] = os.path.commonpath([os.path.dirname(s) for s in sources])
            # One compiler process for all the files (`-wmo`): without it the driver starts one
            # per file, each parsing all of them.
            self.command[module] = [command["executable"], "-typecheck", "-wmo", "-module-name", module,
                                    "-I", command["importPath"]] + self.kept(command["otherArguments"])

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

    def of(self, path):
        """The module whose sources' folder holds `path`, or None."""
        found = [m for m, folder in self.folder.items() if path.startswith(folder + "/")]
        return max(found, key=lambda m: len(self.folder[m])) if found else None


def errors_of(output, folder):
    lines = output.replace(folder + "/", "").splitlines()
    # The compiler's first line of each error (file, line, column and message), not its excerpts.
    errors = [line for line in lines if re.search(r"^\S.*: error: ", line)] or lines[:12]
    shown = errors[:12] + ([f"(and {len(errors) - 12} more errors)"] if len(errors) > 12 else [])
    return "\n".join("    " + line for line in shown)


def typecheck(command, folder, files):
    """(seconds, the compiler's errors or None) for `files` (paths in `folder`) type-checked."""
    began = time.monotonic()
    result = subprocess.run(command + files, cwd=folder, capture_output=True, text=True)
    seconds = time.monotonic() - began
    return seconds, None if result.returncode == 0 else errors_of(result.stderr + result.stdout, folder)


def structure(tutorial, problems, catalog_files):
    """The tutorial's own rules, and its row of the table: (lines DocC highlights in each step after
    a file's first, steps changing more than LONG_STEP lines, those of the first that highlight
    nothing)."""
    # Each file as the learner last had it: the start's, then each step's.
    start = steps_.folder_files(os.path.join(ROOT, tutorial.start)) if tutorial.start else {}
    shown_before = {path: (None, content) for path, content in start.items()}
    highlighted, long_steps, unhighlighted = [], 0, 0
    # DocC compares within a section, with the last step before that had code.
    previous_step, section = None, 0
    for step in tutorial.steps:
        if step.section != section:
            previous_step, section = None, step.section
        if not (step.name and step.file):
            continue
        content = open(step.file, "rb").read()
        before = shown_before.get(step.name)
        compared = step.previous or (os.path.basename(previous_step.file) if previous_step and previous_step.name == step.name
                                     else None)
        compared_content = open(catalog_files[compared], "rb").read() if compared in catalog_files else None
        if before is None:
            changed = len(content.decode(errors="replace").rstrip("\n").split("\n"))
            if step.previous:
                problems.append(f"{step.where()}: previousFile: {step.previous}, but the learner has no {step.name} "
                                "before this step")
        else:
            changed = steps_.changed_lines(before[1], content)
            shown = steps_.changed_lines(compared_content, content) if compared_content is not None else 0
            highlighted.append(shown)
            if compared_content != before[1]:
                wanted = (os.path.basename(before[0]) if before[0] else
                          f"a file of the catalog holding the start's {step.name}")
                problems.append(f"{step.where()} ({os.path.basename(step.file)}): DocC compares {step.name} with "
                                f"{compared or 'nothing'}, not with what the learner has before this step: "
                                f"add previousFile: {wanted}")
            if shown == 0:
                unhighlighted += 1
                if changed == 0:
                    problems.append(f"{step.where()} ({os.path.basename(step.file)}): the step changes nothing in {step.name}")
        if changed > steps_.LONG_STEP and not step.name.startswith(steps_.TRIAD_FILE):  # read, not typed
            long_steps += 1
            if not step.long:
                problems.append(f"{step.where()} ({os.path.basename(step.file)}): the step changes {changed} lines of "
                                f"{step.name}, more than {steps_.LONG_STEP}, without saying why (`long:` in its @Comment)")
        shown_before[step.name] = (step.file, content)
        if os.path.splitext(step.name)[1] == ".ui":
            try:
                ElementTree.fromstring(content)
            except ElementTree.ParseError as error:
                problems.append(f"{step.where()} ({os.path.basename(step.file)}): {step.name} is not well-formed XML: {error}")
        previous_step = step
    for number, (title, section_steps) in enumerate(tutorial.sections, 1):
        if section_steps and not section_steps[-1].images:
            problems.append(f"{tutorial.file}, section {number} (\"{title}\"): its last step shows no picture of what "
                            "the section made")
    return highlighted, long_steps, unhighlighted


def outlets(tutorial, problems):
    """At each section's end: every id the code asks of a `.ui` file is in that file."""
    for number, (title, section_steps) in enumerate(tutorial.sections, 1):
        if not section_steps:
            continue
        files = steps_.state(tutorial, tutorial.steps.index(section_steps[-1]))
        for path, content in sorted(files.items()):
            if not path.endswith(".swift"):
                continue
            text = content.decode(errors="replace")
            for ui in sorted(set(BUILDER_FILE.findall(text))):
                ui_path = os.path.join(os.path.dirname(path), ui)
                if ui_path not in files:
                    problems.append(f"{tutorial.file}, end of section {number} (\"{title}\"): {path} reads {ui_path}, "
                                    "which the learner does not have yet")
                    continue
                try:
                    ids = {e.get("id") for e in ElementTree.fromstring(files[ui_path]).iter() if e.get("id")}
                except ElementTree.ParseError:
                    continue  # said at its step
                for wanted in sorted(set(OBJECT_ID.findall(text)) - ids):
                    problems.append(f"{tutorial.file}, end of section {number} (\"{title}\"): {path} asks for the object "
                                    f"\"{wanted}\", which {ui_path} has no id for yet")


def shown_from_triad(tutorial, problems):
    """Each step that shows a file of Triad's tree for reading shows it as it is."""
    for step in tutorial.steps:
        if step.name and step.file and step.name.startswith(steps_.TRIAD_FILE):
            path = os.path.join(ROOT, step.name[len(steps_.TRIAD_FILE):])
            if not os.path.isfile(path):
                problems.append(f"{step.where()}: {step.name} names no file of Triad's tree")
            elif open(path, "rb").read() != open(step.file, "rb").read():
                problems.append(f"{step.where()} ({os.path.basename(step.file)}): shows {step.name}, but not as Triad's "
                                f"tree has it: copy {os.path.relpath(path, ROOT)} into the step file")


def compare(tutorial, project, problems):
    """The complete project is the start with every step typed."""
    expected, actual = steps_.state(tutorial, len(tutorial.steps) - 1), steps_.folder_files(project)
    last = {}
    for step in tutorial.steps:
        if step.name and not step.name.startswith(steps_.TRIAD_FILE):
            last[step.name] = step
    for path in sorted(set(expected) | set(actual)):
        where = f"{tutorial.file}: {os.path.relpath(project, ROOT)}/{path}"
        if path not in actual:
            problems.append(f"{where}: the steps make this file, the complete project lacks it")
        elif path not in expected:
            problems.append(f"{where}: the complete project has this file, which no step shows and the start lacks")
        elif expected[path] != actual[path]:
            step = last.get(path)
            said = f"the last step that shows it ({step.where()}, {os.path.basename(step.file)})" if step else "the start's"
            shown, real = expected[path].decode(errors="replace").split("\n"), actual[path].decode(errors="replace").split("\n")
            line = next((i + 1 for i, (a, b) in enumerate(zip(shown, real)) if a != b), min(len(shown), len(real)) + 1)
            problems.append(f"{where}: differs from {said} from line {line}: the step has "
                            f"{shown[line - 1] if line <= len(shown) else '(its end)'!r}, the project "
                            f"{real[line - 1] if line <= len(real) else '(its end)'!r}")


def check_project(tutorial, options, problems, counts, seconds):
    """Builds the complete project, then type-checks every step and loads every manifest step."""
    project = os.path.join(ROOT, tutorial.project)
    package, why = steps_.describe(project)
    if package is None:
        problems.append(f"{tutorial.file}: its complete project {tutorial.project} does not load:\n{why}")
        return
    has_tests = any(t.get("type") == "test" for t in package.get("targets", []))
    began = time.monotonic()
    built, output = steps_.build(project, options.scratch, tests=has_tests)
    counts["builds"] += 1
    print(f"check-tutorials: {tutorial.name}: built {tutorial.project} in {time.monotonic() - began:.1f} s", flush=True)
    if not built:
        errors = [line for line in output.splitlines() if "error:" in line] or output.splitlines()[-12:]
        problems.append(f"{tutorial.file}: its complete project {tutorial.project} does not build:\n"
                        + "\n".join("    " + line for line in errors[:12]))
        return
    steps_.keep_programs(tutorial, package, options.scratch, options.programs)
    if has_tests:
        # A testing tutorial's tests, as the learner runs them at its end.
        passed, output = steps_.run_tests(project, options.scratch)
        counts["tests"] += 1
        if not passed:
            problems.append(f"{tutorial.file}: the tests of its complete project {tutorial.project} fail:\n"
                            + "\n".join("    " + line for line in output.splitlines()[-15:]))
    modules = Modules(steps_.description(options.scratch), os.path.realpath(project))
    complete = steps_.folder_files(project)

    # Each distinct state a step leaves, written once into a folder of its own as deep in the tree
    # as the project; each type-check and manifest load once per distinct set of files.
    states_root = os.path.join(options.states, tutorial.name)
    shutil.rmtree(states_root, ignore_errors=True)
    jobs, first_step, manifests = {}, {}, {}
    # The start, as the learner gets it, builds too: its manifest loads and its modules type-check.
    if tutorial.start and os.path.isfile(os.path.join(ROOT, tutorial.start, "Package.swift")):
        files = steps_.state(tutorial, -1)
        start_step = steps_.Step(tutorial, 0, "the start", 0, 0)
        start_step.name, start_step.file = os.path.join(tutorial.start, "Package.swift"), "(the start)"
        jobs[("manifest", hashlib.sha256(files["Package.swift"]).hexdigest())] = (files, None, [])
        first_step[("manifest", hashlib.sha256(files["Package.swift"]).hexdigest())] = start_step
        for module, folder in modules.folder.items():
            sources = sorted(p for p in files if p.startswith(folder + "/") and p.endswith(".swift"))
            if sources:
                key = (module, tuple(hashlib.sha256(files[p]).hexdigest() for p in sources),
                       hashlib.sha256(files["Package.swift"]).hexdigest())
                jobs[key] = (files, module, sources)
                first_step[key] = start_step
    for index, step in enumerate(tutorial.steps):
        if not step.name or step.name.startswith(steps_.TRIAD_FILE):
            continue
        files = steps_.state(tutorial, index)
        if os.path.basename(step.name) == "Package.swift" and os.path.dirname(step.name) == "":
            # A manifest that adds a target loads once the target's first file is typed, a step
            # later: it is loaded with the files the learner has at the section's end, where
            # the learner runs the package.
            section_end = max(i for i, s in enumerate(tutorial.steps) if s.section == step.section)
            files = dict(steps_.state(tutorial, section_end), **{"Package.swift": files["Package.swift"]})
            key = ("manifest", hashlib.sha256(files["Package.swift"]).hexdigest())
            if key not in jobs:
                jobs[key] = (files, None, [])
                first_step[key] = step
            continue
        if not step.name.endswith(".swift"):
            continue
        module = modules.of(step.name)
        if module is None:
            problems.append(f"{step.where()}: {step.name} is in no module of the complete project")
            continue
        # The module's other files as the learner has them, and the project's other modules as
        # they are built: those must not differ from the complete project's at this step.
        folder = modules.folder[module]
        sources = sorted(p for p in files if p.startswith(folder + "/") and p.endswith(".swift"))
        for other, other_folder in modules.folder.items():
            if other != module and any(files.get(p) != complete.get(p) for p in set(files) | set(complete)
                                       if p.startswith(other_folder + "/") and p.endswith(".swift")):
                problems.append(f"{step.where()}: {step.name} cannot be type-checked here: module {other} differs from the "
                                "complete project's at this step, and only the complete project's is built")
        manifest = files.get("Package.swift")
        key = (module, tuple(hashlib.sha256(files[p]).hexdigest() for p in sources), hashlib.sha256(manifest or b"").hexdigest())
        if key not in jobs:
            jobs[key] = (files, module, sources)
            first_step[key] = step

    def run(key):
        files, module, sources = jobs[key]
        folder = os.path.join(states_root, "state-" + hashlib.sha256(repr(key).encode()).hexdigest()[:12])
        steps_.write_state(files, folder)
        if module is None:
            began = time.monotonic()
            described, why = steps_.describe(folder)
            declared = steps_.declared_targets(folder) if described is not None else None
            return time.monotonic() - began, why if described is None else None, declared
        took, errors = typecheck(modules.command[module], folder, sources)
        return took, errors, None

    # The manifests first: a step's module must be declared by the manifest at that step.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        results = dict(zip(jobs, pool.map(run, jobs)))
    for key, (took, errors, described) in results.items():
        seconds.append(took)
        step = first_step[key]
        kind = "manifests" if key[0] == "manifest" else "typechecks"
        counts[kind] += 1
        if errors:
            what = "load as the package's manifest" if kind == "manifests" else f"type-check as module {key[0]}"
            problems.append(f"{step.where()} ({os.path.basename(step.file)}): {step.name} does not {what} at this step:\n{errors}")
        if described is not None:
            manifests[key[1]] = described
    for key, step in first_step.items():
        if key[0] == "manifest":
            continue
        manifest = jobs[key][0].get("Package.swift")
        declared = manifests.get(hashlib.sha256(manifest).hexdigest()) if manifest else set()
        if declared is not None and key[0] not in declared:
            problems.append(f"{step.where()}: {step.name} is in module {key[0]}, which the package's manifest does not "
                            "declare at this step")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--catalog", default=os.path.join(ROOT, "docs", "Triad.docc"))
    parser.add_argument("--scratch", default=steps_.SCRATCH, help="the build folder the projects share")
    parser.add_argument("--states", default=steps_.STATES, help="where the learner's packages are written")
    parser.add_argument("--programs", default=steps_.PROGRAMS, help="where each project's programs are kept")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="the tutorials to check, by name, comma-separated")
    parser.add_argument("--no-build", action="store_true", help="the structure and the comparison only")
    options = parser.parse_args()
    catalog = os.path.abspath(options.catalog)
    began = time.monotonic()
    problems = []
    tutorials, _ = steps_.catalog_tutorials(catalog, problems)
    if options.only:
        tutorials = [t for t in tutorials if t.name in options.only.split(",")]
    counts = {"builds": 0, "typechecks": 0, "manifests": 0, "tests": 0}
    seconds, rows = [], []
    for tutorial in tutorials:
        if not tutorial.project:
            problems.append(f"{tutorial.file}: names no complete project (`project:` in its @Comment)")
        elif not os.path.isfile(os.path.join(ROOT, tutorial.project, "Package.swift")):
            problems.append(f"{tutorial.file}: its complete project {tutorial.project} is not a package")
            tutorial.project = None
        if tutorial.start and not os.path.isdir(os.path.join(ROOT, tutorial.start)):
            problems.append(f"{tutorial.file}: its start {tutorial.start} is not a folder")
            tutorial.start = None
        catalog_files = {os.path.basename(p): p for p in [os.path.join(f, n) for f, _, ns in os.walk(catalog) for n in ns]}
        highlighted, long_steps, unhighlighted = structure(tutorial, problems, catalog_files)
        outlets(tutorial, problems)
        shown_from_triad(tutorial, problems)
        real_images = sum(1 for image in tutorial.images if image in catalog_files and not os.path.islink(catalog_files[image]))
        rows.append((tutorial.name, len(tutorial.steps), highlighted, long_steps, unhighlighted, len(tutorial.images), real_images))
        if tutorial.project:
            compare(tutorial, os.path.join(ROOT, tutorial.project), problems)
            if not options.no_build:
                check_project(tutorial, options, problems, counts, seconds)

    print("check-tutorials: per tutorial: its steps; the lines DocC highlights in each step that shows a file again; "
          f"the steps changing more than {steps_.LONG_STEP} lines of a file (its first step counted whole); the steps "
          "showing a file again with nothing highlighted; its pictures, and how many are files of the catalog (not links)")
    for name, steps, highlighted, long_steps, unhighlighted, images, real_images in rows:
        spread = (f"{min(highlighted)}–{max(highlighted)}, median {sorted(highlighted)[len(highlighted) // 2]}"
                  if highlighted else "none")
        print(f"check-tutorials:   {name:22} {steps:3} steps; highlighted {spread}; {long_steps} long; "
              f"{unhighlighted} with nothing highlighted; {images} pictures ({real_images} files)")
        print(f"check-tutorials:   {'':22} highlighted per step: {' '.join(str(n) for n in highlighted)}")
    slowest = f", the slowest {max(seconds):.1f} s" if seconds else ""
    summary = (f"{len(tutorials)} tutorials, {sum(r[1] for r in rows)} steps, {counts['builds']} projects built "
               f"({counts['tests']} with their tests run), "
               f"{counts['typechecks']} type-checks and {counts['manifests']} manifest loads ({options.jobs} at a time"
               f"{slowest}) in {time.monotonic() - began:.1f} s")
    checked = len(tutorials) * 2 + counts["builds"] + counts["tests"] + counts["typechecks"] + counts["manifests"]
    finish("check-tutorials", summary, problems, checked=checked)


if __name__ == "__main__":
    main()
