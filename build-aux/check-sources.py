#!/usr/bin/python3
"""`make check-sources`: one source of truth for the app id and the version, and docs that
point at files that exist.

    check-sources.py [--root DIR]

- The app id is `AppInfo.id` (Sources/Triad/Shell/AppInfo.swift). Every other mention in the tree
  (Makefile, GResource prefix and resource paths, desktop file, metainfo, flatpak manifest, .ui
  files, comments) must be that id, and the files named after it must exist.
- The version is `AppInfo.version`, and every file that names the app's version names that one.
  Every tracked text file is read for a version next to what makes it the app's: the app's name
  ("Triad 0.1.0", "triad-0.1.0", a URL's "/triad/v0.1.0/"), a tag ("tag: v0.1.0", "the v0.1.0
  tag"; in the flatpak manifest only the app's own module's tag), a .po header's
  "Project-Id-Version: triad 0.1.0", the metainfo's newest release. The metainfo, the flatpak
  manifest and each translation in LINGUAS must name it (a version bumped in AppInfo alone, or in
  AppInfo and the metainfo alone, fails here).
- Every path README.md, docs/ARCHITECTURE.md and docs/DEVELOPING.md name must exist: a path from
  the top of the tree (`Sources/…`, `Tests/…`, `docs/…`, `build-aux/…`, `Resources/…`,
  `benchmarks/…`, `Plugins/…`, `flatpak/…`), anywhere in the text, exactly; a file or folder named
  in code by its name or the end of its path (`AdderView.swift`, `Code/CodePane.swift`,
  `Adder/MVP`), as the end of one. A line named (`path:line`) must be in the file, and a line
  reference (`File.swift:12`, or `:12` after one) must find on its line a name from the code span
  it stands for. Every `make X` they show in code is a target of the Makefile.
- `make help` lists every target of the Makefile (each .PHONY name, each other rule named as a
  word) under its group: each has one block of `##` lines, `## name [group]: what it does`, the
  group one of everyday, tests, maintainers; and `make help`, run, prints it under that group.
- Every survivor docs/TESTING.md explains (`Folder/File.swift:N` under Sources/TriadModel) must
  find on its line the code its mutant column names first.
"""
import fnmatch
import glob
import os
import re
import subprocess

from check_report import finish, root

ROOT = root()
os.chdir(ROOT)
problems = []


def tracked_files():
    """What git tracks (the docs name the project's files, never what a build left in build/);
    outside a git work tree (a test's fixture tree), every file but the build folders."""
    result = subprocess.run(["git", "ls-files"], capture_output=True, text=True)
    inside = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True).stdout.strip()
    if result.returncode == 0 and os.path.realpath(inside or "/") == os.path.realpath(ROOT):
        return [f for f in result.stdout.split("\n") if f]
    found = []
    for folder, folders, names in os.walk(ROOT):
        folders[:] = [d for d in folders if d not in (".git", "build") and not d.startswith(".build")]
        found += [os.path.relpath(os.path.join(folder, name), ROOT) for name in names]
    return sorted(found)

app_info = open("Sources/Triad/Shell/AppInfo.swift").read()
app_id = re.search(r'static let id = "([^"]+)"', app_info).group(1)
version = re.search(r'static let version = "([^"]+)"', app_info).group(1)
resource_base = re.search(r'static let resourceBase = "([^"]+)"', app_info).group(1)
if resource_base != "/" + app_id.replace(".", "/"):
    problems.append(f"AppInfo.resourceBase {resource_base} is not the app id as a path")

# Every mention of an id-like name or resource path in the tree agrees with AppInfo.id.
id_pattern = re.compile(r"\bio\.github\.[A-Za-z0-9_]+\.[A-Za-z0-9_]+")
path_pattern = re.compile(r"/io/github/[A-Za-z0-9_]+/[A-Za-z0-9_]+")
files = [f for pattern in ("Makefile", "Package.swift", "README.md", "docs/*.md", "flatpak/*",
                           "build-aux/*", "Resources/*.*", "Resources/gtk/*", "Sources/**/*.swift",
                           "Sources/**/*.ui", "Tests/**/*.py", "Tests/**/*.swift")
         for f in glob.glob(pattern, recursive=True) if os.path.isfile(f)]
mentions = 0
for path in files:
    if path.startswith("Tests/Checks/"):
        continue  # the checks' tests plant wrong ids on purpose
    text = open(path, encoding="utf-8", errors="replace").read()
    for match in id_pattern.finditer(text):
        mentions += 1
        if match.group(0) != app_id:
            problems.append(f"{path}: {match.group(0)} is not the app id {app_id}")
    for match in path_pattern.finditer(text):
        mentions += 1
        if match.group(0) != resource_base:
            problems.append(f"{path}: resource path {match.group(0)} is not {resource_base}")
for required in (f"Resources/{app_id}.desktop", f"Resources/{app_id}.metainfo.xml",
                 f"Resources/{app_id}.gresource.xml", f"flatpak/{app_id}.yml",
                 f"Resources/icons/hicolor/scalable/apps/{app_id}.svg"):
    if not os.path.exists(required):
        problems.append(f"{required} is missing (files are named after the app id)")
makefile_id = re.search(r"^APP_ID\s*:=\s*(\S+)", open("Makefile").read(), re.M).group(1)
if makefile_id != app_id:
    problems.append(f"Makefile APP_ID {makefile_id} is not {app_id}")

tracked = tracked_files()

# The version: every mention of the app's version in a tracked text file is AppInfo.version.
VERSION = r"v?(\d+\.\d+(?:\.\d+)*(?:[-~+][0-9A-Za-z.]+)?)\b"
APP_NAME = re.escape(re.search(r'static let name = "([^"]+)"', app_info).group(1)) if "static let name" in app_info else "Triad"
MENTIONS = [  # (what makes the version the app's, pattern whose group 1 is the version)
    ("the app's name", re.compile(rf"(?i)(?<![\w-]){APP_NAME}(?:[ /_-]|[ \t]+version[ \t]+)" + VERSION)),
    ("a tag", re.compile(r"(?i)\btag\b[\"']?[ \t]*[:=]?[ \t]*[\"']?" + VERSION)),
    ("a tag", re.compile(r"(?i)\b" + VERSION + r"[ \t]+tag\b")),
    ("Project-Id-Version", re.compile(r"Project-Id-Version:[ \t]*\S+[ \t]+" + VERSION)),
]  # each within one line
MANIFEST = f"flatpak/{app_id}.yml"
METAINFO = f"Resources/{app_id}.metainfo.xml"
languages = open("Resources/po/LINGUAS").read().split() if os.path.exists("Resources/po/LINGUAS") else []
must_name = {METAINFO, MANIFEST} | {f"Resources/po/{lang}.po" for lang in languages}
naming = {}  # file → [(line, what, version)]


def manifest_module_lines(text, module):
    """The line numbers of a flatpak manifest (YAML) that belong to `module`'s entry in `modules`."""
    lines, inside, indent = set(), False, None
    for number, line in enumerate(text.split("\n"), 1):
        match = re.match(r"^(\s*)- name:\s*['\"]?([\w.+-]+)", line)
        if match and (indent is None or len(match.group(1)) <= indent):
            indent, inside = len(match.group(1)), match.group(2) == module
        elif inside and line.strip() and not line.startswith(" " * (indent + 1)) and not line.lstrip().startswith("#"):
            inside = False  # back at the modules' level or above
        if inside:
            lines.add(number)
    return lines


for path in tracked:
    if path == "build-aux/check-sources.py" or path.startswith("Tests/Checks/"):
        continue  # these name versions to test what is looked for
    try:
        text = open(path, encoding="utf-8").read()
    except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
        continue  # not text
    if "\0" in text:
        continue
    found = []
    app_module = manifest_module_lines(text, "triad") if path.startswith("flatpak/") and path.endswith((".yml", ".yaml", ".json")) else None
    for what, pattern in MENTIONS:
        for match in pattern.finditer(text):
            number = text.count("\n", 0, match.start()) + 1
            if app_module is not None and what == "a tag" and number not in app_module:
                continue  # another module's tag: its own version
            if not any(f[0] == number and f[2] == match.group(1) for f in found):
                found.append((number, what, match.group(1)))
    found.sort()
    if path == METAINFO:
        releases = [(text[:m.start()].count("\n") + 1, m.group(1))
                    for m in re.finditer(r'<release\b[^>]*\bversion="([^"]+)"', text)]
        if releases:  # the newest only: the older ones are the history
            found.append((releases[0][0], "the newest release", releases[0][1]))
            older = {number for number, _ in releases[1:]}
            found = [f for f in found if f[0] not in older]
    if path == "Sources/Triad/Shell/AppInfo.swift":
        continue
    if found:
        naming[path] = found
for path in sorted(naming):
    for number, what, named in naming[path]:
        if named != version:
            problems.append(f"{path}:{number}: names version {named} ({what}), AppInfo.version is {version}")
for path in sorted(must_name):
    if not os.path.exists(path):
        continue  # a missing metainfo or manifest is reported above
    if path not in naming:
        problems.append(f"{path} names no version (AppInfo.version is {version}): it must name it")
if METAINFO in naming and not any(what == "the newest release" for _, what, _ in naming[METAINFO]):
    problems.append(f"{METAINFO} has no <release version=…> (AppInfo.version is {version})")

# The docs a reader follows: every path and every `make` target they name exists.
DOCS = [doc for doc in ("README.md", "docs/ARCHITECTURE.md", "docs/DEVELOPING.md") if os.path.exists(doc)]
folders = {os.path.dirname(f) + "/" for f in tracked} | {"/".join(f.split("/")[:n]) + "/" for f in tracked
                                                        for n in range(1, f.count("/"))}
references = 0
reported = set()


def missing(doc, shown):
    if (doc, shown) not in reported:
        reported.add((doc, shown))
        problems.append(f"{doc} names {shown}, which does not exist")


# A path from the top of the tree, anywhere in the text (prose, code, a link or a picture), must be
# that file or folder, not one that merely ends the same way (Sources/SourceBundle.swift is not
# Sources/Triad/Messages/Sources/SourceBundle.swift). A placeholder (`<Lesson>`, `*`) stands for any
# name, and `{a,b}` for each of its names.
TOP = ("Sources", "Tests", "docs", "build-aux", "Resources", "benchmarks", "Plugins", "flatpak")
ROOTED = re.compile(r"(?<![\w./$~-])((?:" + "|".join(re.escape(t) for t in TOP) + r")/(?:\{[^}\s]*\}|[\w.<>*+@-]|/)*)(?::(\d+))?")


def expand(path):
    braces = re.search(r"\{([^{}]*)\}", path)
    if not braces:
        return [path]
    return [p for choice in braces.group(1).split(",") for p in expand(path[:braces.start()] + choice + path[braces.end():])]


def exists(path):
    if any(c in path for c in "<*"):
        pattern = re.sub(r"<[^>]*>", "*", path)
        return any(fnmatch.fnmatchcase(f, pattern) or fnmatch.fnmatchcase(f, pattern.rstrip("/") + "/*")
                   for f in tracked)
    return path in tracked or path.rstrip("/") + "/" in folders


for doc in DOCS:
    for match in ROOTED.finditer(open(doc, encoding="utf-8").read()):
        path, line = match.group(1).rstrip("."), match.group(2)
        references += 1
        for each in expand(path):
            if not exists(each):
                missing(doc, each)
            elif line and os.path.isfile(each) and int(line) > sum(1 for _ in open(each, encoding="utf-8")):
                problems.append(f"{doc} names {each}:{line}, but {each} is shorter")

# A file named by its name or the end of its path (`AdderView.swift`, `Code/CodePane.swift`,
# `Messages/Seam/`) must be a file or folder whose path ends so.
for doc, token in [(doc, token) for doc in DOCS for token in re.findall(r"`([^`\s]+)`", open(doc, encoding="utf-8").read())]:
    name, _, line = token.partition(":")
    if name.split("/")[0] in TOP:
        continue  # a path from the top: read above
    if not re.search(r"\.(swift|ui|py|sh|md|xml|txt|css|c|h|yml|mk|png)$", name) and not name.endswith("/") \
            and not re.fullmatch(r"[A-Z][\w.-]*(?:/[\w.-]+)+", name):
        continue
    if any(c in name for c in "<*") or name.startswith("."):
        continue  # a pattern (`<Name>View.swift`, `*.ui`), not a file
    if name.startswith("build/"):
        continue  # what a build or a test run makes, not the project's file
    references += 1
    if name.endswith("/"):
        if not any(d == name or d.endswith("/" + name) for d in folders):
            problems.append(f"{doc} names the folder {token}, which does not exist")
        continue
    candidates = [f for f in tracked if f == name or f.endswith("/" + name)]
    if not candidates and not any(d == name + "/" or d.endswith("/" + name + "/") for d in folders):
        missing(doc, token)
    elif candidates and line.isdigit() and int(line) > sum(1 for _ in open(candidates[0])):
        problems.append(f"{doc} names {token}, but {candidates[0]} is shorter")


# The Makefile's targets: each rule's name that is no file (every target of .PHONY, and any other
# rule named as a word, not a path or a pattern), read from the Makefile and what it includes.
def makefile_rules():
    names, phony, sources = [], [], ["Makefile"]
    for source in sources:
        if not os.path.exists(source):
            continue
        text = re.sub(r"\\\n", " ", open(source, encoding="utf-8").read())
        for line in text.split("\n"):
            included = re.match(r"^-?include\s+(.+)$", line)
            if included:
                sources += included.group(1).split()
                continue
            if line.startswith(("\t", "#")):
                continue
            rule = re.match(r"^([^\s:=#][^:=#]*?)\s*:(?![:=])(.*)$", line)
            if not rule:
                continue
            if rule.group(1).strip() == ".PHONY":
                phony += rule.group(2).split("#")[0].split()
            else:
                names += [n for n in rule.group(1).split() if re.fullmatch(r"[a-z][a-z0-9-]*", n)]
    return list(dict.fromkeys(phony + names))


targets = makefile_rules()

# Every `make X` a doc shows, in its code (a span or a block), is a target.
CODE = re.compile(r"```.*?```|`[^`\n]+`", re.S)
MAKE = re.compile(r"(?:^|(?<=[\s`;&|(]))make\s+(?:-[-\w]+\s+)*(?:[A-Z_][A-Z0-9_]*=\S*\s+)*([a-z][\w.-]*)", re.M)
make_references = 0
for doc in DOCS:
    for code in CODE.findall(open(doc, encoding="utf-8").read()):
        for match in MAKE.finditer(code):
            make_references += 1
            if match.group(1) not in targets:
                problems.append(f"{doc} names `make {match.group(1)}`, which is not a target of the Makefile")

# `make help` lists every target under its group: each target has one block of `##` lines, whose
# first line names it and its group (`## name [group]: what it does`), and the help target prints
# them by group. What help prints is read back, so that a help that loses a line is caught too.
GROUPS = ("everyday", "tests", "maintainers")
helped = {}
if os.path.exists("Makefile"):
    previous = ""
    for number, line in enumerate(open("Makefile", encoding="utf-8").read().split("\n"), 1):
        if line.startswith("## "):
            head = re.match(r"^## ([a-z][a-z0-9-]*) \[([a-z]+)\]: \S", line)
            if head:
                name, group = head.groups()
                if name in helped:
                    problems.append(f"Makefile:{number}: a second help line for {name}")
                helped[name] = group
                if group not in GROUPS:
                    problems.append(f"Makefile:{number}: {name}'s group [{group}] is not one of {', '.join(GROUPS)}")
            elif not previous.startswith("## "):
                problems.append(f"Makefile:{number}: a help line that names no target and group "
                                f"(`## name [{'|'.join(GROUPS)}]: …`): {line[:60]!r}")
        previous = line
    for name in targets:
        if name not in helped:
            problems.append(f"make {name} has no help line (`## {name} [group]: what it does`)")
    for name in helped:
        if name not in targets:
            problems.append(f"the Makefile's help line names {name}, which is no target")
    environment = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEFILES")}
    listing = subprocess.run(["make", "-s", "--no-print-directory", "help"], capture_output=True, text=True,
                             env=environment, timeout=60)
    if listing.returncode != 0:
        problems.append(f"make help failed: {(listing.stdout + listing.stderr).strip()[-300:]}")
    listed, heading = {}, None
    for line in listing.stdout.split("\n"):
        if line and not line.startswith(" "):  # a group's heading: `Everyday: …`
            heading = next((g for g in GROUPS if line.startswith(g.capitalize() + ":")), line)
        entry = re.match(r"^  ([a-z][a-z0-9-]*)\s", line)
        if entry:
            listed[entry.group(1)] = heading
    for name, group in helped.items():
        if name in targets and group in GROUPS and name not in listed:
            problems.append(f"make help does not list {name}")
        elif name in listed and group in GROUPS and listed[name] != group:
            problems.append(f"make help lists {name} under {listed[name]!r}, not under {group}")

# A line a doc points at names what the doc says is there: `attachView` (UsersPresenter.swift:56)
# must find attachView on line 56. Lines move when code is edited or formatted; the file's
# existence alone does not see it.
KEYWORDS = {"func", "var", "let", "protocol", "weak", "self", "init", "class", "struct", "enum", "public", "private",
            "static", "final", "and", "the", "with", "try", "throws", "return", "in"}
REFERENCE = re.compile(r"(?:(?<![\w/])((?:[\w.-]+/)*[\w.-]+\.(?:swift|ui|py|sh|xml|css|c|h|yml)):|(?<=[(,] ):|(?<=\():)(\d+)(?:[–-]\d+)?")


def names_of(span):
    return {word for word in re.findall(r"[A-Za-z_]\w{2,}", span) if word not in KEYWORDS}


def line_of(name, number):
    candidates = [f for f in tracked if f == name or f.endswith("/" + name)]
    lines = []
    for candidate in candidates:
        text = open(candidate, encoding="utf-8").read().split("\n")
        if 0 < number <= len(text):
            # The code on the line: a comment that mentions the name is not what the doc points at.
            lines.append(text[number - 1].split("//")[0] if candidate.endswith(".swift") else text[number - 1])
    return candidates, lines


line_references = 0
for doc in DOCS:
    text = open(doc, encoding="utf-8").read()
    blocks = [line for line in text.split("\n") if line.startswith("|")] + [
        block for block in re.split(r"\n\s*\n", text) if not block.lstrip().startswith("|")]
    for block in blocks:
        # The block as a sequence: code spans (a name, or a `file:line` of their own) and references.
        events = []
        for index, piece in enumerate(re.split(r"`([^`]*)`", block)):
            if index % 2:
                whole = re.fullmatch(r"((?:[\w.-]+/)*[\w.-]+\.\w+):(\d+)", piece)
                events.append(("ref", whole.group(1), int(whole.group(2)), "") if whole else ("span", piece))
            else:
                events += [("ref", m.group(1), int(m.group(2)), piece[m.end():m.end() + 2]) for m in REFERENCE.finditer(piece)]
        pending, current, run = [], None, []

        def settle(run):
            if not run:
                return
            spans = [s for s in pending]
            if not spans:
                return
            paired = list(zip(run, spans[-len(run):])) if len(spans) >= len(run) > 1 else [(r, None) for r in run]
            for (name, number), span in paired:
                global line_references
                choices = [span] if span is not None else spans
                candidates, lines = line_of(name, number)
                if not candidates:
                    continue  # a file that does not exist is reported above
                line_references += 1
                if not any(word in line for line in lines for choice in choices for word in names_of(choice)):
                    said = " or ".join(f"`{c}`" for c in choices)
                    problems.append(f"{doc} points at {name}:{number} for {said}, but that line is: "
                                    f"{(lines[0].strip() if lines else '(past the end)')[:80]!r}")
                elif span is None and len(run) == 1:
                    pending.remove(next(c for c in choices if any(w in l for l in lines for w in names_of(c))))
            if len(spans) >= len(run) > 1:
                del pending[-len(run):]

        for event in events:
            if event[0] == "span":
                settle(run)
                run = []
                if not re.search(r"\.(swift|ui|py|sh|md|xml|css|c|h|yml)$|/$", event[1]):
                    pending.append(event[1])
                continue
            _, name, number, after = event
            current = name or current
            if current:
                run.append((current, number))
            if not after.startswith(","):
                settle(run)
                run = []
        settle(run)

# docs/TESTING.md's survivors: each row names a line of the model (`Folder/File.swift:N`, under
# Sources/TriadModel) and, first in its mutant column, the code that line holds. A line moved
# by later edits would leave the reason standing beside other code.
mutant_rows = 0
for row in open("docs/TESTING.md", encoding="utf-8").read().split("\n"):
    found = re.match(r"\| `((?:\w+/)+\w+\.swift):(\d+)` \| [^|`]*`([^`]+)`", row)
    if not found:
        continue
    mutant_rows += 1
    path, number = "Sources/TriadModel/" + found.group(1), int(found.group(2))
    # A `|` in a table's code span is written `\|` (GitHub's tables end a cell at a bare one).
    code = found.group(3).replace("\\|", "|").split("…")[0]
    candidates, lines = line_of(path, number)
    if not candidates:
        problems.append(f"docs/TESTING.md names {path}, which does not exist")
        continue
    line = lines[0] if lines else "(past the end)"
    if code not in line:
        problems.append(f"docs/TESTING.md points at {found.group(1)}:{number} for `{found.group(3)}`, but that line is: "
                        f"{line.strip()[:80]!r}")

version_mentions = sum(len(found) for found in naming.values())
finish("check-sources", f"app id {app_id} ({mentions} mentions), version {version} ({version_mentions} mentions in "
       f"{len(naming)} files: {', '.join(sorted(naming))}), "
       f"{references} path references, {line_references} line references and {make_references} make targets in "
       f"{', '.join(DOCS)}; {len(targets)} Makefile targets, each in make help's list under its group; "
       f"{mutant_rows} mutant lines in docs/TESTING.md", problems,
       checked=mentions + 3 + version_mentions + len(must_name) + references + line_references + make_references
       + len(targets) + mutant_rows)
