"""What the tutorials' tools share (check-tutorials.py, Tests/Tutorials/): the tutorials of the DocC
catalog read as a learner follows them, and the projects they build.

A tutorial builds a small package of its own, which depends on Triad's GtkKit (and TriadModel) by a
relative path. Its `@Comment` at the top names, each on a line of its own:

    project: docs/Tutorials/AdderInMVC/Complete
    start: docs/Tutorials/AdderInMVC/Starter

`project` is the complete project, kept in the repository: what the learner has after the last
step. `start` is where the learner begins, a folder of the repository (a starter, or another
tutorial's complete project); without it, an empty folder. Each `@Code(name:file:)` names the file
by its path in the learner's package (`Sources/Adder/main.swift`) and the step file in the catalog
that shows it as it is after that step (named `01-01-02-code-0003.swift`: chapter, tutorial,
section, then the code's number). So what the learner has typed after any step is the start's
files with each file as the latest step that shows it: `state(tutorial, step)`. A name that begins
with `Triad/` (TRIAD_FILE) is a file of Triad's tree the step shows for reading, not one the
learner types (`Triad/Sources/TriadModel/Observation/ObserverList.swift`): its step file is that
file as it is.

Every project is built in one SwiftPM build folder (SCRATCH): the projects share what they build
of Triad (GtkKit and TriadModel are compiled once), and each build replaces the last one's own
modules. A project's programs are copied out after its build (`programs(tutorial)`), for the
real-window tests.
"""
import difflib
import json
import os
import re
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build-tutorials")
# Where a learner's package as of some step is written: as deep in the tree as a complete project
# (build/tutorial-steps/<Tutorial>/<folder>, like docs/Tutorials/<Tutorial>/Complete), so that the
# relative path to Triad in its manifest reaches Triad from there too.
STATES = os.path.join(ROOT, "build", "tutorial-steps")
PROGRAMS = os.path.join(ROOT, "build", "tutorials")

DIRECTIVE = re.compile(r'@(Section|Step|Code|Image|Video)\b(?:\(((?:"[^"]*"|[^)"])*)\))?')
ARGUMENT = re.compile(r'(\w+)\s*:\s*(?:"([^"]*)"|([^,\s)]+))')
REFERENCE = re.compile(r'@TutorialReference\(\s*tutorial:\s*"doc:([^"]+)"\s*\)')
SETTING = re.compile(r"^\s*(project|start|long):\s*(.+?)\s*$", re.M)
# The beginning of a step's file name that says the step shows a file of Triad's tree for reading.
TRIAD_FILE = "Triad/"
# How many lines one step may change in one file before it must say why (`long:` in the step's
# @Comment, and in its words to the learner).
LONG_STEP = 25


class Step:
    def __init__(self, tutorial, section, section_title, number, offset):
        self.tutorial, self.section, self.section_title, self.number = tutorial, section, section_title, number
        self.offset = offset       # where the step begins in the tutorial's text
        self.name = None           # the file's path in the learner's package, from @Code(name:)
        self.file = None           # the step file's path in the catalog
        self.previous = None       # @Code(previousFile:), the step file DocC compares with
        self.images = []           # the @Image sources of the step
        self.long = None           # why the step may change more than LONG_STEP lines

    def where(self):
        return f"{self.tutorial.file}, section {self.section} (\"{self.section_title}\"), step {self.number}"


class Tutorial:
    def __init__(self, path, catalog):
        self.path = path
        self.file = os.path.relpath(path, catalog)
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.steps = []
        self.sections = []         # (title, its steps)
        self.images = []           # every @Image source, intro and sections included
        self.project = None        # the complete project's folder, from the repository's root
        self.start = None          # the starting folder, or None: an empty folder


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
    """The tutorial, its sections and steps in order, each step with the file it shows (if any)."""
    tutorial = Tutorial(path, catalog)
    text, comments = without_comments(open(path, encoding="utf-8").read())
    section, title, number, step = 0, "", 0, None
    for match in DIRECTIVE.finditer(text):
        kind, arguments = match.group(1), dict((k, a or b) for k, a, b in ARGUMENT.findall(match.group(2) or ""))
        if kind == "Section":
            section, title, number, step = section + 1, arguments.get("title", ""), 0, None
            tutorial.sections.append((title, []))
        elif kind == "Step":
            number += 1
            step = Step(tutorial, section, title, number, match.start())
            tutorial.steps.append(step)
            tutorial.sections[-1][1].append(step)
        elif kind in ("Image", "Video"):
            tutorial.images.append(arguments.get("source"))
            if step is not None and section and match.start() > step.offset:
                step.images.append(arguments.get("source"))
        elif step is None or step.name is not None:
            problems.append(f"{tutorial.file}: a @Code outside a step, or a second one in a step, at offset {match.start()}")
        else:
            step.name, name = arguments.get("name"), arguments.get("file")
            step.previous = arguments.get("previousFile")
            found = files_by_name.get(name or "")
            if not step.name or not name:
                problems.append(f"{step.where()}: @Code needs both name: and file:")
                step.name = None
            elif not found:
                problems.append(f"{step.where()}: the step file {name} is not in the catalog")
                step.name = None
            else:
                step.file = found
            if step.previous and step.previous not in files_by_name:
                problems.append(f"{step.where()}: previousFile: {step.previous} is not in the catalog")
    # The settings, and each step's reason for being long, from the comments.
    starts = [s.offset for s in tutorial.steps]
    for offset, comment in comments:
        for key, value in SETTING.findall(comment):
            if key == "long":
                inside = [s for s in tutorial.steps if s.offset < offset]
                if inside and (len(inside) == len(starts) or starts[len(inside)] > offset):
                    inside[-1].long = value
                else:
                    problems.append(f"{tutorial.file}: a `long:` reason outside any step")
            else:
                setattr(tutorial, key, value.rstrip("/"))
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


def catalog_tutorials(catalog, problems):
    """Every tutorial of the catalog (a `.tutorial` file holding `@Tutorial(`), in reading order,
    and the catalog's files by name (DocC finds a step file or an image by its name alone)."""
    files_by_name, paths = {}, []
    for root, _, names in os.walk(catalog):
        for name in sorted(names):
            path = os.path.join(root, name)
            if name in files_by_name:
                problems.append(f"two files of the catalog are named {name}: {os.path.relpath(files_by_name[name], catalog)} "
                                f"and {os.path.relpath(path, catalog)} (DocC finds a file by its name alone)")
            files_by_name.setdefault(name, path)
            if name.endswith(".tutorial") and "@Tutorial(" in open(path, encoding="utf-8").read():
                paths.append(path)
    return reading_order(catalog, [parse(path, catalog, files_by_name, problems) for path in paths]), files_by_name


def folder_files(folder):
    """{path from the folder: bytes} for every file of a project folder, its build folders and
    SwiftPM's lock file left out."""
    found = {}
    if not folder or not os.path.isdir(folder):
        return found
    for base, folders, names in os.walk(folder):
        folders[:] = sorted(d for d in folders if not d.startswith("."))
        for name in sorted(names):
            if name == "Package.resolved" or name.startswith("."):
                continue
            path = os.path.join(base, name)
            found[os.path.relpath(path, folder)] = open(path, "rb").read()
    return found


def state(tutorial, upto, root=ROOT):
    """{path: bytes}: the learner's package after the step `upto` (an index into tutorial.steps;
    -1 for before the first step): the start's files, each file as its latest step shows it."""
    files = folder_files(os.path.join(root, tutorial.start)) if tutorial.start else {}
    for step in tutorial.steps[:upto + 1]:
        if step.name and step.file and not step.name.startswith(TRIAD_FILE):
            files[step.name] = open(step.file, "rb").read()
    return files


def write_state(files, folder):
    """Writes a learner's package into `folder` (made anew, but its build folder kept)."""
    if os.path.isdir(folder):
        for entry in os.listdir(folder):
            if not entry.startswith("."):
                path = os.path.join(folder, entry)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    for path, content in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as out:
            out.write(content)


def changed_lines(old, new):
    """The lines of `new` that DocC highlights against `old`: those added or changed."""
    old_lines, new_lines = old.decode(errors="replace").split("\n"), new.decode(errors="replace").split("\n")
    return sum(j2 - j1 for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes()
               if tag in ("replace", "insert"))


def swift(environment=None):
    return (environment or os.environ).get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"


def build(folder, scratch=SCRATCH, tests=False):
    """`swift build` of the package in `folder` in the shared build folder; (ok, output)."""
    command = [swift(), "build", "--scratch-path", scratch] + (["--build-tests"] if tests else [])
    result = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    output = "\n".join(line for line in (result.stdout + result.stderr).splitlines() if "prohibited flag(s)" not in line)
    return result.returncode == 0, output


def run_tests(folder, scratch=SCRATCH):
    """`swift test` of the package in `folder`, built already; (passed, output)."""
    result = subprocess.run([swift(), "test", "--skip-build", "--scratch-path", scratch], cwd=folder, capture_output=True,
                            text=True)
    return result.returncode == 0, result.stdout + result.stderr


def description(scratch=SCRATCH):
    """SwiftPM's description of the last build in `scratch`: each Swift module's compiler command."""
    return json.load(open(os.path.join(scratch, "debug", "description.json"), encoding="utf-8"))


def describe(folder):
    """SwiftPM's description of the package in `folder` (its manifest evaluated): (the JSON, or
    None, and SwiftPM's errors)."""
    result = subprocess.run([swift(), "package", "describe", "--type", "json"], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        lines = [line.replace(folder + "/", "") for line in (result.stderr + result.stdout).splitlines()
                 if "prohibited flag(s)" not in line]
        return None, "\n".join([line for line in lines if "error:" in line] or lines[:12])
    text = result.stdout
    return json.loads(text[text.index("{"):]), ""


def declared_targets(folder):
    """The names of the targets the manifest in `folder` declares (`swift package dump-package`,
    which, unlike `describe`, keeps a target whose sources are not written yet), or None."""
    result = subprocess.run([swift(), "package", "dump-package"], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        return None
    text = result.stdout
    return {target["name"] for target in json.loads(text[text.index("{"):]).get("targets", [])}


def keep_programs(tutorial, package, scratch=SCRATCH, into=None):
    """Copies the executables of `package` (its describe JSON) that the last build in `scratch`
    linked to where the real-window tests find them (`programs`)."""
    folder = programs(tutorial, into)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for product in package.get("products", []):
        if "executable" in product.get("type", {}):
            shutil.copy2(os.path.join(scratch, "debug", product["name"]), os.path.join(folder, product["name"]))


def programs(tutorial, into=None):
    """Where the real-window tests find the programs of a tutorial's complete project."""
    return os.path.join(into or PROGRAMS, tutorial.name)
