"""The checks' own tests (`make check-checks`): each check of build-aux/ is run on a copy of the
tree (its `--root`) with one defect planted, and must fail and name it; on the clean copy it must
pass. A check that cannot fail on what it is for is no check.

    /usr/bin/python3 Tests/Checks/run.py [GROUP…]   (GROUP: a function below, e.g. ui; default all)

The copy holds the files git tracks, made once in a temporary folder; each case edits what it
plants and puts it back after. Planting finds its place by the text around it: when the tree
changes under a fixture, the case fails saying which text it no longer finds, rather than plant
nothing and pass. The real-window and fault-sweep results are written by the real runner
(Tests/UI/harness.py, `run_tests`), on the copy's own test lists, with each test replaced by one that
passes (or fails, or skips, as the case says): what runs is what the lists say, as in a real pass.
Closes with `N passed, N failed`."""
import contextlib
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON = "/usr/bin/python3"  # the interpreter with gi and pyatspi, which Tests/UI/harness.py imports
APP_ID = "io.github.triad.Triad"
GONE = object()  # as a replacement: the file is removed


class FixtureOutOfDate(Exception):
    """The text a case plants next to is no longer in the tree."""


def copy_tree(into):
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True)
    names = [n for n in listed.stdout.split("\0") if n] if listed.returncode == 0 else []
    if not names:  # not a git work tree: everything but the build folders
        for folder, folders, files in os.walk(REPO):
            folders[:] = [d for d in folders if d not in (".git", "build") and not d.startswith(".build")]
            names += [os.path.relpath(os.path.join(folder, f), REPO) for f in files]
    for name in names:
        source = os.path.join(REPO, name)
        if os.path.isfile(source):
            os.makedirs(os.path.join(into, os.path.dirname(name)), exist_ok=True)
            shutil.copy2(source, os.path.join(into, name))


@contextlib.contextmanager
def planted(root, *edits):
    """Applies (path, old, new) edits for the length of a `with`: `old` is replaced by `new` (its
    first occurrence; `old` None: the file's whole text, made if missing; `new` GONE: the file is
    removed), then every file is put back as it was."""
    saved = {}
    try:
        for path, old, new in edits:
            full = os.path.join(root, path)
            if full not in saved:
                saved[full] = open(full, encoding="utf-8").read() if os.path.exists(full) else None
            text = open(full, encoding="utf-8").read() if os.path.exists(full) else None
            if new is GONE:
                if text is None:
                    raise FixtureOutOfDate(f"{path} does not exist")
                os.remove(full)
                continue
            if old is not None:
                if text is None or old not in text:
                    raise FixtureOutOfDate(f"{path} no longer holds {old[:80]!r}")
                text = text.replace(old, new, 1)
            else:
                text = new
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        yield
    finally:
        for full, original in saved.items():
            if original is None:
                if os.path.exists(full):
                    os.remove(full)
            else:
                with open(full, "w", encoding="utf-8") as f:
                    f.write(original)


def run_check(script, root, *arguments):
    result = subprocess.run([PYTHON, os.path.join(REPO, "build-aux", script), "--root", root, *arguments],
                            capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout + result.stderr


OUTCOMES = threading.local()  # each group's (name, ok, why), printed in order when all are done


def report(name, ok, why=""):
    OUTCOMES.cases.append((name, ok, why))


def run_command(command, root):
    """A check that takes no `--root` (a shell script, or one given its files): `command`, run in
    `root`."""
    # One stream, in the order it was written, as a terminal shows it: the count comes last.
    result = subprocess.run(command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    return result.returncode, result.stdout


def case(name, script, root, edits=(), fails_with=(), arguments=(), before=None, command=None):
    """Plants `edits`, runs `script` on `root`; with `fails_with`, the check must exit non-zero,
    print each of those texts (each a string, or a regular expression given as re.compile), and
    no traceback; without, it must pass. `before` runs after planting (to make what a build makes).
    `command(root)`, if given, is the check's command line instead (run in `root`)."""
    try:
        with planted(root, *edits):
            if before:
                before(root)
            status, output = run_command(command(root), root) if command else run_check(script, root, *arguments)
    except FixtureOutOfDate as error:
        return report(name, False, f"the fixture is out of date: {error}")
    last = output.strip().split("\n")[-1] if output.strip() else ""
    if "Traceback" in output:
        return report(name, False, "the check crashed:\n" + output[-1500:])
    # The count, as build-aux/stages.py reads it: alone, or after the check's name.
    if not re.fullmatch(r"(?:[\w-]+: )?\d+ passed, \d+ failed", last):
        return report(name, False, f"the check's last line is not its count: {last!r}")
    if not fails_with:
        return report(name, status == 0, f"the clean tree fails (exit {status}):\n{output[-1500:]}")
    missing = [str(getattr(w, "pattern", w)) for w in fails_with
               if not (w.search(output) if hasattr(w, "search") else w in output)]
    if status == 0:
        return report(name, False, f"the check passed with the defect planted:\n{output[-800:]}")
    report(name, not missing, f"exit {status}, but it does not say {missing}:\n{output[-1500:]}")


# --- check-mistakes -------------------------------------------------------------------------------

STRONG = "Sources/Triad/Adder/Mistakes/StrongDelegateAdderView.swift"
WEAK = "Sources/Triad/Adder/MVC/AdderView.swift"
TABLE = "Sources/TriadModel/Learning/Mistakes.swift"


def mistakes(root):
    case("check-mistakes: the clean tree passes", "check-mistakes.py", root)
    # A line changed outside the member the mistake is about, in the mistaken class or the lesson's.
    case("check-mistakes: the mistaken class differs outside its member", "check-mistakes.py", root,
         [(STRONG, "    let widgets = AdderWidgets()", "    var widgets = AdderWidgets()")],
         fails_with=[re.compile(r"StrongDelegateAdderView\.swift:\d+: differs from AdderView outside delegate: 'var widgets")])
    case("check-mistakes: the lesson's class changed and its mistake not", "check-mistakes.py", root,
         [(WEAK, "        delegate?.setTotalVal(widgets.firstEntry.text, widgets.secondEntry.text)",
           "        delegate?.setTotalVal(widgets.secondEntry.text, widgets.firstEntry.text)")],
         fails_with=[re.compile(r"AdderView\.swift:\d+: differs from StrongDelegateAdderView outside delegate")])
    case("check-mistakes: a mistake that makes none", "check-mistakes.py", root,
         [(STRONG, "    var delegate: AdderViewDelegate?", "    weak var delegate: AdderViewDelegate?")],
         fails_with=["StrongDelegateAdderView does not differ from AdderView: it makes no mistake"])
    case("check-mistakes: a member the table names and the class lacks", "check-mistakes.py", root,
         [(TABLE, 'members: ["delegate"]', 'members: ["delegat"]')],
         fails_with=["StrongDelegateAdderView has no member delegat, which the table names"])
    case("check-mistakes: the mistaken class's file holds more than it", "check-mistakes.py", root,
         [(STRONG, "import TriadModel\n", "import TriadModel\n\nlet quietlyChanged = 1\n")],
         fails_with=["the file of a mistaken class holds that class alone: 'let quietlyChanged = 1'"])
    case("check-mistakes: a mistaken class outside a Mistakes folder", "check-mistakes.py", root,
         [(STRONG, None, GONE), ("Sources/Triad/Adder/StrongDelegateAdderView.swift", None,
                                 open(os.path.join(REPO, STRONG), encoding="utf-8").read())],
         fails_with=["the mistaken class StrongDelegateAdderView lives outside a Mistakes/ folder"])


# --- check-lessons --------------------------------------------------------------------------------

CONTROLLER = "Sources/Triad/Adder/MVC/AdderViewController.swift"
CONTROLLER_AT = "    func setTotalVal(_ first: String, _ second: String) {\n"
MODEL = "Sources/TriadModel/Adder/WholeNumber.swift"
MODEL_AT = "    public static func parse(_ text: String) -> Result<Int64, Failure> {\n"
NOTE = "Sources/TriadModel/Note/NoteModel.swift"


def in_controller(*lines):
    return (CONTROLLER, CONTROLLER_AT, CONTROLLER_AT + "".join(f"        {line}\n" for line in lines))


def before_parse(*lines):
    return (MODEL, MODEL_AT, "".join(f"    {line}\n" for line in lines) + MODEL_AT)


def lessons(root):
    # Must stay clean: figures and words that only look like measurements or issues, figures in
    # string literals (not comments), and names that only look like console output.
    look_alikes = in_controller(
        "// HiDPI scale 2 doubles the pixels; Alt+1…5 switch pages; GLib 2.74.0 has the call.",
        "// UTF-8 bytes, a 400 × 300 window, 0x10 in hexadecimal, colour #1b3b63, RFC 8259.",
        "let diagram = \"A × B ×1.2: 16 ms, 3x faster, 40 % of issue 17 (GH-17)\"",
        "let chart = \"\"\"",
        "    graph LR; A -->|×2, 3 MB| B // not a comment: inside the string",
        "    \"\"\"",
        "let url = \"https://example.org/issues/17\" // a URL in a string, this comment plain",
        "_ = (diagram, chart, url, model.description)",
        "func dump() -> String { report.print(model) }  // a method of that name, and a member call",
        "func free() -> Int { model.free(first) + crypt.memset(0) }  // C's names, as Swift methods",
        "// Not `import Foundation`: a comment may name it, and so may a string.",
        "_ = \"import FoundationEssentials\"",
        "#if DEBUG",
        "#endif")
    case("check-lessons: the clean tree (and look-alikes) passes", "check-lessons.py", root, [look_alikes])

    # The reviewer's three comments, each on its own.
    case("check-lessons: '16 milliseconds' in a lesson comment", "check-lessons.py", root,
         [in_controller("// Adding now takes 16 milliseconds.")],
         [f"{CONTROLLER}:", "a measurement (16 milliseconds) in a comment"])
    case("check-lessons: '3x faster' in a model comment", "check-lessons.py", root,
         [before_parse("// This parse is 3x faster than Int(_:).")], [f"{MODEL}:", "a measurement (3x) in a comment"])
    case("check-lessons: 'issue 17 (GH-17)' in a comment", "check-lessons.py", root,
         [in_controller("// Fixed for issue 17 (GH-17).")], [f"{CONTROLLER}:", "an issue reference (issue 17) in a comment"])
    case("check-lessons: 'GH-17' alone in a comment", "check-lessons.py", root,
         [in_controller("// The fix of GH-17 is why this waits.")], ["an issue reference (GH-17)"])
    # A build script's docstring is its comment: an issue number or a figure there is caught too.
    case("check-lessons: an issue number and a figure in a build script's docstring", "check-lessons.py", root,
         [("build-aux/order.py", None, '"""Lays out the functions a start runs.\n\nWhy (#16): the binary is ~5.5 MB of code.\n"""\n')],
         ["build-aux/order.py:3: an issue reference (#16)", "build-aux/order.py:3: a measurement (~5.5 MB)"])

    # Their kin: every unit and ratio form, every way of citing an issue, each on its own line;
    # each must be reported at its own line.
    measurements = ["takes 16 ms", "took 250 µs", "waits 2 s here", "in 1.5 seconds", "for 3 minutes",
                    "holds 12 MB", "maps 64 MiB", "of 512 KB", "uses 4096 bytes", "spends 40 %",
                    "saves 30 percent", "is 3× quicker", "is ×1.2 slower", "runs twice as fast",
                    "in half the time", "is 4 times slower", "is ten times faster", "100-200 ms apart",
                    "an x1.5 speed-up", "at 60 fps"]
    issues = ["see #17", "see GH-17", "since issue 17", "issues 17 and 18", "bug 17", "Issue #17",
              "github.com/triad/triad/issues/17", "pull request 4"]
    lines = [f"// This {text}." for text in measurements + issues]
    text = open(os.path.join(root, CONTROLLER), encoding="utf-8").read()
    first = text[:text.index(CONTROLLER_AT)].count("\n") + 2  # the line after the anchor's
    expected = [re.compile(rf"{re.escape(CONTROLLER)}:{first + n}: a measurement") for n in range(len(measurements))]
    expected += [re.compile(rf"{re.escape(CONTROLLER)}:{first + len(measurements) + n}: an issue reference")
                 for n in range(len(issues))]
    case(f"check-lessons: {len(measurements)} measurement forms and {len(issues)} issue forms, each reported",
         "check-lessons.py", root, [in_controller(*lines)], expected)
    case("check-lessons: a measurement in a block comment of a TriadModel lesson", "check-lessons.py", root,
         [before_parse("/* Parsing a line takes 80 ns", "   on this machine. */")], [f"{MODEL}:", "a measurement (80 ns)"])

    # A type of Sources/Triad/Diagnostics in a lesson: the one the hand-kept list missed, and one
    # the folder declares tomorrow (found from the declarations), and one only a symbol graph knows.
    case("check-lessons: CodeShownReport used from a lesson controller", "check-lessons.py", root,
         [in_controller("CodeShownReport.measure(in: view.root) { }")],
         [f"{CONTROLLER}:", "the diagnostic type CodeShownReport (Sources/Triad/Diagnostics) used in a lesson"])
    case("check-lessons: a type new in Diagnostics, used in a lesson", "check-lessons.py", root,
         [("Sources/Triad/Diagnostics/FrameClock.swift", None,
           "/// When frames are drawn.\n@MainActor\nfinal class FrameClock {\n    static func tick() {}\n}\n"),
          in_controller("FrameClock.tick()")],
         ["the diagnostic type FrameClock"])
    graph = {"module": {"name": "Triad"}, "symbols": [
        {"kind": {"identifier": "swift.struct"}, "pathComponents": ["MacroMadeReport"],
         "location": {"uri": f"file://{root}/Sources/Triad/Diagnostics/StallReport.swift"}}]}
    case("check-lessons: a type the symbol graph places in Diagnostics, used in a lesson", "check-lessons.py", root,
         [("build/symbol-graphs/Triad.symbols.json", None, json.dumps(graph)), in_controller("_ = MacroMadeReport()")],
         ["the diagnostic type MacroMadeReport"])

    # Console output left in a lesson, in each lesson folder of both targets (Chart included).
    for call, name, path in [("print(\"sum\", first)", "print", CONTROLLER),
                             ("debugPrint(first)", "debugPrint", "Sources/Triad/Note/NoteViewController.swift"),
                             ("dump(second)", "dump", "Sources/Triad/Login/LoginViewController.swift"),
                             ("fputs(\"added\\n\", stderr)", "fputs", "Sources/TriadModel/Users/UsersPresenter.swift"),
                             ("NSLog(\"added\")", "NSLog", "Sources/Triad/Address/AddressViewController.swift"),
                             ("putchar(10)", "putchar", "Sources/TriadModel/Address/Address.swift"),
                             ("Swift.print(first)", "Swift.print", "Sources/Triad/Chart/ChartViewController.swift"),
                             ("FileHandle.standardError.write(data)", "FileHandle.standardError", NOTE)]:
        if path == CONTROLLER:
            edit = in_controller(call)
        elif path.endswith("Chart/ChartViewController.swift"):
            edit = (path, None, f"@MainActor\nfinal class ChartViewController {{\n    func show(_ first: Int) {{\n        {call}\n    }}\n}}\n")
        else:
            edit = (path, None, open(os.path.join(root, path), encoding="utf-8").read().rstrip("\n")
                    + f"\n\nprivate func leftOver(_ first: Int, _ second: Int, _ data: [UInt8]) {{\n    {call}\n}}\n")
        case(f"check-lessons: {name} in {path.split('/')[1]}/{path.split('/')[2]}", "check-lessons.py", root, [edit],
             [f"{path}:", f"console output ({name}) in a lesson"])
    # C in a lesson's view or controller, or in the user files' room: GtkKit's door is the last.
    for line, what, path in [("import CGtk", "a C module imported (import CGtk)", "Sources/Triad/Address/AddressView.swift"),
                             ("let raw: UnsafeMutablePointer<GtkEntry>? = nil", "a C pointer (UnsafeMutablePointer)", CONTROLLER),
                             ("let widget: OpaquePointer? = nil", "a C pointer (OpaquePointer)", "Sources/Triad/UserFiles/ExportController.swift"),
                             ("gtk_widget_show(nil)", "a C call (gtk_widget_show)", "Sources/Triad/Note/NoteView.swift"),
                             ("g_free(nil)", "a C call (g_free)", "Sources/Triad/Users/UsersViewController.swift")]:
        if path == CONTROLLER:
            edit = in_controller(line)
        elif line.startswith("import"):
            edit = (path, "import GtkKit\n", "import CGtk\nimport GtkKit\n")
        else:
            edit = (path, None, open(os.path.join(root, path), encoding="utf-8").read().rstrip("\n")
                    + f"\n\n@MainActor\nprivate func leftOver() {{\n    {line}\n}}\n")
        case(f"check-lessons: {what} in {path.split('/')[2]}", "check-lessons.py", root, [edit], [f"{path}:", what])
    # C in a lesson's model: its C-facing code has rooms of its own (Security, Support, Store),
    # which the clean tree's case above holds and passes.
    model_at = "in a lesson's model"
    for line, what, path in [("import CCrypt", "a C module imported (import CCrypt)", "Sources/TriadModel/Login/Accounts.swift"),
                             ("import Glibc", "a C module imported (import Glibc)", NOTE),
                             ("let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)", "a C pointer (UnsafeMutablePointer)",
                              "Sources/TriadModel/Login/Passwords.swift"),
                             ("let settings: OpaquePointer? = nil", "a C pointer (OpaquePointer)", "Sources/TriadModel/Chart/ChartModel.swift"),
                             ("_ = g_utf8_casefold(\"Alice\", -1)", "a C call (g_utf8_casefold)", "Sources/TriadModel/Users/User.swift"),
                             ("_ = crypt_r(\"secret\", \"$y$\", nil)", "a C call (crypt_r)", "Sources/TriadModel/Address/AddressBook.swift"),
                             ("memset(&buffer, 0, 16)", "a C call (memset)", "Sources/TriadModel/Adder/AdderModel.swift")]:
        text = open(os.path.join(root, path), encoding="utf-8").read()
        if line.startswith("import"):
            edit = (path, None, f"{line}\n{text}")
        else:
            edit = (path, None, text.rstrip("\n") + f"\n\nprivate func leftOver() {{\n    var buffer = [UInt8](repeating: 0, count: 16)\n"
                                                   f"    {line}\n}}\n")
        case(f"check-lessons: {what} in TriadModel/{path.split('/')[2]}", "check-lessons.py", root, [edit],
             [f"{path}:", f"{what} {model_at}"])
    # GtkKit is the one door to C for the whole app, its shell and rooms too.
    for path in ["Sources/Triad/main.swift", "Sources/Triad/Desktop/WindowState.swift", "Sources/Triad/Diagnostics/StallReport.swift"]:
        text = open(os.path.join(root, path), encoding="utf-8").read()
        case(f"check-lessons: import CGtk in {path.split('/', 2)[2]}", "check-lessons.py", root, [(path, None, "import CGtk\n" + text)],
             [f"{path}:1: import CGtk outside GtkKit"])
    # A lesson's comments speak of the lesson.
    for comment, what in [("/// A `var`, so that another model can stand in (the Messages pane's recorder).", "Messages pane"),
                          ("// The seam puts its recorder here.", "recorder")]:
        case(f"check-lessons: a lesson comment naming the {what}", "check-lessons.py", root, [in_controller(comment)],
             [f"{CONTROLLER}:", "a lesson's comment about the Messages pane (", what])
    # Foundation in any target, however it is imported: the static link takes it into the app.
    for line, module, path in [("import FoundationEssentials", "FoundationEssentials", "Sources/TriadModel/Messages/MessageSession.swift"),
                               ("import Foundation", "Foundation", "Sources/Triad/main.swift"),
                               ("@preconcurrency import Foundation", "Foundation", "Sources/GtkKit/MainLoop.swift"),
                               ("@_implementationOnly import FoundationInternationalization", "FoundationInternationalization",
                                "Sources/TriadModel/Support/Text.swift"),
                               ("import struct Foundation.Data", "Foundation", "Sources/TriadModel/Security/Yescrypt.swift")]:
        text = open(os.path.join(root, path), encoding="utf-8").read()
        case(f"check-lessons: {line} in {path.split('/', 1)[1]}", "check-lessons.py", root, [(path, None, f"{line}\n{text}")],
             [f"{path}:1: import {module} (the static link takes Foundation into the app"])
    case("check-lessons: a GtkKit file of 390 lines passes, one of 410 does not", "check-lessons.py", root,
         [("Sources/GtkKit/Long.swift", None, "// Long.\n" + "let x = 1\n" * 389),
          ("Sources/GtkKit/Longer.swift", None, "// Longer.\n" + "let x = 1\n" * 409)],
         ["Sources/GtkKit/Longer.swift: 410 lines, over 400"])
    case("check-lessons: a Swift file over 250 lines", "check-lessons.py", root,
         [("Sources/TriadModel/Adder/Long.swift", None, "// Long.\n" + "let x = 1\n" * 260)],
         ["Sources/TriadModel/Adder/Long.swift: 261 lines, over 250"])


# --- check-shortcuts ------------------------------------------------------------------------------

def shortcut_fixtures(tables, actions):
    """A stand-in for the built app's `--list-shortcuts` and the compiler's symbol graph: the app
    lists `tables` and prints `actions`; the graph declares the real app's eight tables."""
    listing = "".join(f"# table {owner}\n" for owner in tables) + "".join(f"{a}\t{k}\n" for a, k in actions)
    script = "#!/bin/sh\ncat <<'LISTING'\n" + listing + "LISTING\n"
    owners = ["TriadApplication", "MainWindowController", "FlipsideView", "RegisterView", "ImportPreviewView",
              "MessagesWindow", "SourceWindow", "ExportController"]
    graph = {"symbols": [{"kind": {"identifier": "swift.type.property"}, "pathComponents": [owner, "actions"],
                          "declarationFragments": [{"spelling": f"static var actions: [ActionEntry<{owner}>] {{ get }}"}]}
                         for owner in owners]
             + [{"kind": {"identifier": "swift.type.method"}, "pathComponents": ["Shortcuts", "table(_:_:)"],
                 "declarationFragments": [{"spelling": "static func table<Owner>(_ scope: String, _ table: [ActionEntry<Owner>])"}]}]}
    return owners, [("build/fake-triad", None, script), ("build/fake-graph.json", None, json.dumps(graph))]


def shortcuts(root):
    overlay = open(os.path.join(root, "Resources/ShortcutsWindow.ui"), encoding="utf-8").read()
    named = re.findall(r'name="action-name">([\w.-]+)<', overlay)
    actions = [(action, "<Primary>x") for action in named]
    owners, _ = shortcut_fixtures([], actions)
    arguments = ["build/fake-triad", "Resources/ShortcutsWindow.ui", "build/fake-graph.json"]

    def executable(tree):
        os.chmod(os.path.join(tree, "build/fake-triad"), 0o755)

    _, clean = shortcut_fixtures(owners, actions)
    case("check-shortcuts: every table listed, every action named: passes", "check-shortcuts.py", root, clean,
         arguments=arguments, before=executable)
    # The reviewer's defect: a window's table the app's list leaves out (ImportPreviewView's):
    # its keys are never set, and the old check trusted the list.
    _, missing = shortcut_fixtures([o for o in owners if o != "ImportPreviewView"], actions)
    case("check-shortcuts: a table left out of Shortcuts.swift", "check-shortcuts.py", root, missing,
         ["ImportPreviewView has an action table that Shortcuts.swift does not list"], arguments=arguments, before=executable)
    _, unnamed = shortcut_fixtures(owners, actions + [("win.print", "<Primary>p")])
    case("check-shortcuts: an action with shortcuts the overlay does not name", "check-shortcuts.py", root, unnamed,
         ["win.print (<Primary>p) is not in the help overlay"], arguments=arguments, before=executable)


# --- check-sources --------------------------------------------------------------------------------

def sources(root):
    app_info = "Sources/Triad/Shell/AppInfo.swift"
    metainfo = f"Resources/{APP_ID}.metainfo.xml"
    manifest = f"flatpak/{APP_ID}.yml"
    version = re.search(r'static let version = "([^"]+)"', open(os.path.join(root, app_info)).read()).group(1)
    bumped = re.sub(r"\d+$", lambda m: str(int(m.group(0)) + 1), version)
    languages = open(os.path.join(root, "Resources/po/LINGUAS")).read().split()
    readme_at = f"(the v{version} tag)"

    def bump(path):
        text = open(os.path.join(root, path), encoding="utf-8").read()
        return (path, None, text.replace(f'version = "{version}"', f'version = "{bumped}"')
                .replace(f"v{version}", f"v{bumped}").replace(f'release version="{version}"', f'release version="{bumped}"')
                .replace(f"triad {version}", f"triad {bumped}"))

    everywhere = [bump(p) for p in [app_info, metainfo, manifest, "README.md"] + [f"Resources/po/{l}.po" for l in languages]]
    case("check-sources: the clean tree passes", "check-sources.py", root)
    case("check-sources: a version bumped in every file that names it passes", "check-sources.py", root, everywhere)
    # The reviewer's defect: AppInfo and the metainfo bumped, the rest left behind.
    case("check-sources: version bumped in AppInfo and the metainfo only", "check-sources.py", root,
         [bump(app_info), bump(metainfo)],
         [f"{manifest}:", f"names version {version} (a tag), AppInfo.version is {bumped}",
          f"README.md:", *[f"Resources/po/{l}.po:" for l in languages]])
    for left in [manifest, "README.md", f"Resources/po/{languages[0]}.po"]:
        case(f"check-sources: version bumped everywhere but {left}", "check-sources.py", root,
             [edit for edit in everywhere if edit[0] != left], [f"{left}:", f"names version {version}"])
    case("check-sources: a .po header without the version", "check-sources.py", root,
         [(f"Resources/po/{languages[0]}.po", f"Project-Id-Version: triad {version}", "Project-Id-Version: triad")],
         [f"Resources/po/{languages[0]}.po names no version"])
    case("check-sources: the flatpak manifest without the app's tag", "check-sources.py", root,
         [(manifest, f"        tag: v{version}\n", "")], [f"{manifest} names no version"])
    case("check-sources: 'Triad 0.0.9' in the docs", "check-sources.py", root,
         [("docs/ARCHITECTURE.md", None, open(os.path.join(root, "docs/ARCHITECTURE.md")).read() + "\nAs of Triad 0.0.9.\n")],
         ["docs/ARCHITECTURE.md:", "names version 0.0.9 (the app's name)"])
    # Other modules' versions are theirs: a tag in the GtkSourceView module changes nothing.
    case("check-sources: another flatpak module's tag is not the app's version", "check-sources.py", root,
         [(manifest, "        sha256: 7ec9d18f", "        tag: 4.8.4\n        sha256: 7ec9d18f")])
    case("check-sources: an app id that differs", "check-sources.py", root,
         [("Makefile", f"APP_ID       := {APP_ID}", "APP_ID       := io.github.triad.Triad2")],
         ["io.github.triad.Triad2 is not the app id"])
    case("check-sources: README names a file that does not exist", "check-sources.py", root,
         [("README.md", readme_at, readme_at + " and `build-aux/no-such-script.sh`")],
         ["README.md names build-aux/no-such-script.sh, which does not exist"])
    # Paths the docs name from the top of the tree, in prose, in a link, or as the end of a real
    # path (ARCHITECTURE.md once named Sources/SourceBundle.swift, which only ends like
    # Sources/Triad/Messages/Sources/SourceBundle.swift).
    case("check-sources: README names a missing file in prose", "check-sources.py", root,
         [("README.md", "## License\n", "The rest is in docs/NO-SUCH-GUIDE.md.\n\n## License\n")],
         ["README.md names docs/NO-SUCH-GUIDE.md, which does not exist"])
    case("check-sources: README links a missing page", "check-sources.py", root,
         [("README.md", "(docs/DEVELOPING.md)", "(docs/DEVELOP.md)")], ["README.md names docs/DEVELOP.md, which does not exist"])
    case("check-sources: ARCHITECTURE names a path that only ends like a real one", "check-sources.py", root,
         [("docs/ARCHITECTURE.md", "`Sources/Triad/Messages/Sources/SourceBundle.swift`", "`Sources/SourceBundle.swift`")],
         ["docs/ARCHITECTURE.md names Sources/SourceBundle.swift, which does not exist"])
    case("check-sources: DEVELOPING names a script that is not there", "check-sources.py", root,
         [("docs/DEVELOPING.md", "`build-aux/install-deps.sh`", "`build-aux/install-packages.sh`")],
         ["docs/DEVELOPING.md names build-aux/install-packages.sh, which does not exist"])
    case("check-sources: a line past the end of a file named from the top", "check-sources.py", root,
         [("README.md", "`Sources/Triad/Shell/FeatureCatalog.swift`", "`Sources/Triad/Shell/FeatureCatalog.swift:900`")],
         [re.compile(r"README\.md names Sources/Triad/Shell/FeatureCatalog\.swift:900, but .* is shorter")])
    # `make X` in a doc's code is a target of the Makefile.
    case("check-sources: README shows make nosuchtarget", "check-sources.py", root,
         [("README.md", "make test   # ", "make nosuchtarget\nmake test   # ")],
         ["README.md names `make nosuchtarget`, which is not a target of the Makefile"])
    case("check-sources: ARCHITECTURE names a target misspelt", "check-sources.py", root,
         [("docs/ARCHITECTURE.md", "(`make check-lessons`)", "(`make check-lesson`)")],
         ["docs/ARCHITECTURE.md names `make check-lesson`, which is not a target of the Makefile"])
    # `make help` lists every target under its group: a target without a help line (one the old
    # help left out, and a new one), a help line without its group or with one help does not
    # know, a help line for no target, and a help recipe that loses targets or a group.
    case("check-sources: uninstall's help line taken out", "check-sources.py", root,
         [("Makefile", "## uninstall [everyday]: ", "# uninstall: ")],
         ["make uninstall has no help line"])
    case("check-sources: a new target with no help line", "check-sources.py", root,
         [("Makefile", "\nclean:\n", "\ntidy:\n\trm -f build/*.log\n\nclean:\n")], ["make tidy has no help line"])
    case("check-sources: a help line that names no group", "check-sources.py", root,
         [("Makefile", "## run [everyday]: ", "## run: ")],
         ["a help line that names no target and group", "make run has no help line"])
    case("check-sources: a help line in a group help does not know", "check-sources.py", root,
         [("Makefile", "## run [everyday]: ", "## run [daily]: ")],
         ["run's group [daily] is not one of everyday, tests, maintainers"])
    case("check-sources: a help line for a target that is gone", "check-sources.py", root,
         [("Makefile", "## all [everyday]: ", "## everything [everyday]: what make all does.\n## all [everyday]: ")],
         ["the Makefile's help line names everything, which is no target"])
    case("check-sources: a help recipe that drops every target with a hyphen", "check-sources.py", root,
         [("Makefile", "/^## [a-z][a-z0-9-]* \\[", "/^## [a-z][a-z0-9]* \\[")],
         ["make help does not list docs-preview", "make help does not list check-sources"])
    case("check-sources: a help recipe that prints two groups of three", "check-sources.py", root,
         [("Makefile", "for (i = 1; i <= 3; i++)", "for (i = 1; i <= 2; i++)")],
         [re.compile(r"make help lists bench under '.*', not under maintainers")])
    # A line reference left behind when the code moved (the formatter moved these two once), and
    # one whose file was edited under it: each line must still name what the doc says is there.
    case("check-sources: a concept's line references left behind by moved code", "check-sources.py", root,
         [("docs/ARCHITECTURE.md", "`attachView` and `getUsers(matching:)` (:57, :63)", "`attachView` and `getUsers(matching:)` (:53, :59)")],
         ["points at UsersPresenter.swift:53 for `attachView`", "points at UsersPresenter.swift:59 for `getUsers(matching:)`"])
    case("check-sources: a file edited under a line reference", "check-sources.py", root,
         [("Sources/Triad/Chart/ChartPage.swift", "        observation = model.observe { [weak self] update in self?.modelChanged(update) }\n",
           "        // The page observes the model too.\n        observation = model.observe { [weak self] update in self?.modelChanged(update) }\n")],
         [re.compile(r"points at ChartPage\.swift:\d+ for `model\.observe")])
    # A survivor's reason left beside other code: a line added above the one TESTING.md names.
    case("check-sources: a model file edited above a survivor TESTING.md explains", "check-sources.py", root,
         [("Sources/TriadModel/Adder/AdderModel.swift", "        let (sum, overflow) = first.addingReportingOverflow(second)\n",
           "        // Both numbers at once.\n        let (sum, overflow) = first.addingReportingOverflow(second)\n")],
         [re.compile(r"docs/TESTING\.md points at Adder/AdderModel\.swift:\d+ for `first > 0`")])


# --- check-translations and check-data --------------------------------------------------------------

def po_untranslate(text, msgid_prefix, fuzzy=False):
    """A .po file's text with the entry whose msgid starts with `msgid_prefix` made untranslated
    (msgstr "") or fuzzy. Raises FixtureOutOfDate when there is no such entry."""
    blocks = text.split("\n\n")
    for index, block in enumerate(blocks):
        match = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if not match:
            continue
        msgid = "".join(json.loads(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', match.group(1)))
        if msgid and msgid.startswith(msgid_prefix):
            if fuzzy:
                blocks[index] = re.sub(r"^(msgid )", "#, fuzzy\n\\1", block, count=1, flags=re.M)
            else:
                blocks[index] = re.sub(r'^msgstr (?:".*"\n?)+', 'msgstr ""', block + "\n", flags=re.M).rstrip("\n")
            return "\n\n".join(blocks)
    raise FixtureOutOfDate(f"no .po entry starts with {msgid_prefix!r}")


def po_edit(root, lang, *prefixes, fuzzy=False):
    path = f"Resources/po/{lang}.po"
    text = open(os.path.join(root, path), encoding="utf-8").read()
    for prefix in prefixes:
        text = po_untranslate(text, prefix, fuzzy)
    return (path, None, text)


def translate(root):
    """What `make locale` makes of the desktop file and the metainfo."""
    os.makedirs(os.path.join(root, "build"), exist_ok=True)
    for kind, source in (("--desktop", f"Resources/{APP_ID}.desktop"), ("--xml", f"Resources/{APP_ID}.metainfo.xml")):
        target = os.path.join("build", os.path.basename(source))
        subprocess.run(["msgfmt", kind, f"--template={source}", "-d", "Resources/po", "-o", target], cwd=root, check=True,
                       capture_output=True)


SEVEN = ["Triad takes the classic lessons", "An adder whose view", "An address form", "Accounts with registration",
         "A list of users", "A note edited", "Everything you enter"]


def translations(root):
    case("check-translations: the clean tree passes", "check-translations.py", root)
    case("check-translations: a fuzzy Japanese message", "check-translations.py", root,
         [po_edit(root, "ja", "Next field", fuzzy=True)], ["ja: fuzzy: 'Next field'"])
    case("check-translations: an untranslated Korean message", "check-translations.py", root,
         [po_edit(root, "ko", "Use the form's main button")], ["ko: untranslated: \"Use the form's main button\""])
    case("check-translations: five of the metainfo's seven Japanese paragraphs and items untranslated",
         "check-translations.py", root, [po_edit(root, "ja", *SEVEN[2:])],
         [f"ja: untranslated: {SEVEN[n]!r}"[:-1] for n in range(2, 7)])
    case("check-translations: the desktop file's Keywords fuzzy in Chinese", "check-translations.py", root,
         [po_edit(root, "zh_CN", "MVC;MVP;MVVM", fuzzy=True)], ["zh_CN: fuzzy: 'MVC;MVP;MVVM"])
    case("check-translations: POTFILES names a file that is gone", "check-translations.py", root,
         [("Resources/po/POTFILES", "Sources/TriadModel/UserStore/Import/UserImporter.swift\n",
           "Sources/TriadModel/Users/Import/UserImporter.swift\n")],
         ["POTFILES lists Sources/TriadModel/Users/Import/UserImporter.swift, which does not exist"])
    case("check-translations: a .ui file with translatable text left out of POTFILES", "check-translations.py", root,
         [("Resources/po/POTFILES", "Sources/Triad/Chart/ChartPage.ui\n", "")],
         ["Sources/Triad/Chart/ChartPage.ui has translatable strings but is not in Resources/po/POTFILES"])
    # The formatter puts a long literal on a line of its own: the clean tree has such calls, and
    # one that interpolates there is still refused (xgettext would extract its `\(…)` as text).
    case("check-translations: an interpolation in a literal on a line of its own after L(", "check-translations.py", root,
         [("Sources/TriadModel/Learning/Exercises.swift", '"The view\'s controller asks the model setVotes;',
           '"The \\(name)\'s controller asks the model setVotes;')],
         [re.compile(r"Exercises\.swift:\d+: L\(\.\.\.\) needs single-line literal")])
    case("check-translations: a .po file not in LINGUAS", "check-translations.py", root,
         [("Resources/po/fr.po", None, open(os.path.join(root, "Resources/po/ja.po"), encoding="utf-8").read())],
         ["Resources/po/fr.po is not in LINGUAS"])
    case("check-translations: a message in a .po file but not in the template", "check-translations.py", root,
         [("Resources/po/ko.po", None, open(os.path.join(root, "Resources/po/ko.po"), encoding="utf-8").read()
           + '\nmsgid "A message nobody extracts"\nmsgstr "아무도"\n')],
         ["ko: 'A message nobody extracts' is in ko.po but not in the template"])


def data(root):
    case("check-data: the clean tree passes", "check-data.py", root, before=translate)
    case("check-data: five of the metainfo's seven Japanese paragraphs and items untranslated", "check-data.py", root,
         [po_edit(root, "ja", *SEVEN[2:])],
         ["<li> has no ja translation: 'An address form", "<li> has no ja translation: 'Accounts with",
          "<li> has no ja translation: 'A list of users", "<li> has no ja translation: 'A note edited",
          "<p> has no ja translation: 'Everything you enter"], before=translate)
    case("check-data: one paragraph untranslated in Korean", "check-data.py", root,
         [po_edit(root, "ko", SEVEN[0])], ["<p> has no ko translation: 'Triad takes the classic"], before=translate)
    case("check-data: a screenshot caption untranslated in Chinese", "check-data.py", root,
         [po_edit(root, "zh_CN", "The user list")], ["<caption> has no zh_CN translation: 'The user list'"], before=translate)
    case("check-data: the summary untranslated in Japanese", "check-data.py", root,
         [po_edit(root, "ja", "Learn MVC and MVP")], ["<summary> has no ja translation"], before=translate)
    case("check-data: the release notes untranslated in Korean", "check-data.py", root,
         [po_edit(root, "ko", "First release")], ["<p> has no ko translation: 'First release"], before=translate)
    case("check-data: the desktop file's Keywords untranslated in Japanese", "check-data.py", root,
         [po_edit(root, "ja", "MVC;MVP;MVVM")], ["[Desktop Entry] Keywords has no ja translation"], before=translate)
    case("check-data: GenericName untranslated in Korean", "check-data.py", root,
         [po_edit(root, "ko", "MVC Workbench")], ["[Desktop Entry] GenericName has no ko translation"], before=translate)
    case("check-data: an X-GNOME-FullName nobody translates", "check-data.py", root,
         [(f"Resources/{APP_ID}.desktop", "GenericName=MVC Workbench\n", "GenericName=MVC Workbench\nX-GNOME-FullName=Triad MVC Workbench\n")],
         ["X-GNOME-FullName has no ja translation", "X-GNOME-FullName has no zh_CN translation"], before=translate)
    schema = f"Resources/{APP_ID}.gschema.xml"
    case("check-data: a settings key's default of the wrong type", "check-data.py", root,
         [(schema, "<default>860</default>", "<default>'wide'</default>")], ["the settings schema does not compile"],
         before=translate)
    case("check-data: a settings key's default outside its range", "check-data.py", root,
         [(schema, "<default>560</default>", "<default>100</default>")], ["the settings schema does not compile", "range"],
         before=translate)
    case("check-data: no settings schema at all", "check-data.py", root, [(schema, None, GONE)],
         ["Resources holds no GSettings schema"], before=translate)
    longer = "Learn MVC and MVP in real windows on the Linux desktop"
    case("check-data: a summary over 35 characters", "check-data.py", root,
         [(f"Resources/{APP_ID}.metainfo.xml", "<summary>Learn MVC and MVP in real windows</summary>", f"<summary>{longer}</summary>")],
         [f"the English summary has {len(longer)} characters"], before=translate)


# --- check-bad-input ------------------------------------------------------------------------------

# Writes a runner's results file the way a real pass does: the copy's own test list (Tests/UI/run.py's
# TESTS, Tests/Faults/run.py's SCENARIOS), each test swapped for one with the same name that ends as
# `outcomes` says (passed by default), through harness.run_tests.
DRIVER = r'''
import importlib.util, json, os, sys, traceback
root, runner, outcomes = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
try:
    sys.path.insert(0, os.path.join(root, "Tests", "UI"))
    import harness
    folder = "UI" if runner == "test-ui" else "Faults"
    spec = importlib.util.spec_from_file_location("list_of_" + folder, os.path.join(root, "Tests", folder, "run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = module.TESTS if runner == "test-ui" else [module.sweep(s) for s in module.SCENARIOS]
except Exception:
    traceback.print_exc()
    sys.exit(3)

def stand_in(test):
    name = getattr(test, "result_name", f"{test.__module__}.{test.__name__}")
    def ends():
        if outcomes.get(name) == "failed":
            raise harness.TestFailure("planted")
        if outcomes.get(name) == "skipped":
            raise harness.TestSkipped("planted")
        if outcomes.get(name) == "unchecked":
            harness.not_in_this_pass("planted", "planted")
    ends.__module__, ends.__name__ = test.__module__, test.__name__
    if hasattr(test, "result_name"):
        ends.result_name = test.result_name
    return ends

sys.exit(harness.run_tests([stand_in(t) for t in tests], runner=runner))
'''


def write_results(root, runner, outcomes=None, only=None, file=None, settings=None):
    """Runs the runner `runner` (test-ui or test-faults) on the copy's list; its file is
    build/results/FILE.jsonl (FILE: the runner's name, or a pass's, e.g. test-ui-wayland), with the
    pass's own `settings` in the environment (GDK_BACKEND, TRIAD_UI_SKIP, …)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRIAD_") and k != "GDK_BACKEND"}
    env["TRIAD_RESULTS"] = os.path.join(root, "build", "results", (file or runner) + ".jsonl")
    if only:
        env["TRIAD_UI_ONLY"] = only
    env.update(settings or {})
    lists = sorted(glob.glob(os.path.join(root, "Tests", "UI", "*.py")) + [os.path.join(root, "Tests", "Faults", "run.py")])
    key = (runner, json.dumps(outcomes or {}, sort_keys=True), only, json.dumps(settings or {}, sort_keys=True),
           tuple(open(p, "rb").read() for p in lists))
    if key not in RESULTS_MADE:  # the same lists and outcomes make the same file: made once
        result = subprocess.run([PYTHON, "-c", DRIVER, root, runner, json.dumps(outcomes or {})], env=env,
                                capture_output=True, text=True, timeout=60)
        if result.returncode not in (0, 1) or not os.path.exists(env["TRIAD_RESULTS"]):
            raise FixtureOutOfDate(f"the {runner} list could not be run:\n{result.stdout[-500:]}{result.stderr[-1500:]}")
        RESULTS_MADE[key] = open(env["TRIAD_RESULTS"], encoding="utf-8").read()
    os.makedirs(os.path.dirname(env["TRIAD_RESULTS"]), exist_ok=True)
    with open(env["TRIAD_RESULTS"], "w", encoding="utf-8") as f:
        f.write(RESULTS_MADE[key])


RESULTS_MADE = {}


def write_xctest(root, outcomes=None):
    """XCTest's output for every test method of the copy's XCTest sources, as `swift test` prints it."""
    lines = []
    for folder in ("Tests/TriadModelTests", "Tests/GtkKitTests"):
        for directory, _, names in sorted(os.walk(os.path.join(root, folder))):
            for name in sorted(n for n in names if n.endswith(".swift")):
                owner = None
                for line in open(os.path.join(directory, name), encoding="utf-8"):
                    match = re.match(r"^(?:@\w+\s+)*(?:final\s+)?class (\w+)\s*:", line)
                    owner = match.group(1) if match else owner
                    match = re.match(r"^    func (test\w+)\(\)", line)
                    if owner and match:
                        test = f"{owner}.{match.group(1)}"
                        lines.append(f"Test Case '{test}' started at 2026-01-01 00:00:00.000")
                        lines.append(f"Test Case '{test}' {(outcomes or {}).get(test, 'passed')} (0.001 seconds)")
    os.makedirs(os.path.join(root, "build", "results"), exist_ok=True)
    with open(os.path.join(root, "build", "results", "xctest.log"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines + ["\t Executed 1 tests, with 0 failures (0 unexpected) in 0.1 (0.1) seconds", ""]))


def results(xctest=None, ui=None, faults=None, ui_only=None, without=()):
    """A `before` that writes the three results files (outcomes per test; `without`: runners whose
    file is not written)."""
    def write(root):
        shutil.rmtree(os.path.join(root, "build", "results"), ignore_errors=True)
        if "xctest" not in without:
            write_xctest(root, xctest)
        if "test-ui" not in without:
            write_results(root, "test-ui", ui, only=ui_only)
        if "test-faults" not in without:
            write_results(root, "test-faults", faults)
    return write


def bad_input(root):
    adder = "Tests/UI/test_adder.py"
    listed = "TESTS = [test_sum_of_seed_values, test_enter_key_adds, test_errors_are_shown_and_cleared,"
    case("check-bad-input: the clean tree passes", "check-bad-input.py", root, before=results())
    # The reviewer's defect: the test left out of its list, its def kept, so it never runs.
    case("check-bad-input: test_errors_are_shown_and_cleared left out of test_adder.TESTS", "check-bad-input.py", root,
         [(adder, listed, "TESTS = [test_sum_of_seed_values, test_enter_key_adds,")],
         ["row 2: test_adder.test_errors_are_shown_and_cleared did not run in the test-ui pass",
          "row 15: test_adder.test_errors_are_shown_and_cleared did not run"], before=results())
    case("check-bad-input: a real-window test that failed", "check-bad-input.py", root,
         before=results(ui={"test_login.test_lock_after_five_failures": "failed"}),
         fails_with=["row 47: test_login.test_lock_after_five_failures failed in the test-ui pass"])
    case("check-bad-input: a real-window test that was skipped", "check-bad-input.py", root,
         before=results(ui={"test_note.test_megabyte_paste_shows_its_beginning_ellipsized": "skipped"}),
         fails_with=["row 69: test_note.test_megabyte_paste_shows_its_beginning_ellipsized skipped in the test-ui pass"])
    case("check-bad-input: a pass that ran only the adder's tests", "check-bad-input.py", root,
         before=results(ui_only="test_adder."), fails_with=["row 33: test_login.test_each_registration_error did not run"])
    case("check-bad-input: an XCTest method that failed", "check-bad-input.py", root,
         before=results(xctest={"AdderTests.testCatalog": "failed"}),
         fails_with=["row 1: AdderTests.testCatalog failed in the xctest pass"])
    case("check-bad-input: an XCTest method renamed, so the named one never runs", "check-bad-input.py", root,
         [("Tests/TriadModelTests/Store/CrashSafetyTests.swift", "func testSurvivesSIGKILLDuringSaves()",
           "func disabled_testSurvivesSIGKILLDuringSaves()")],
         ["row 31: CrashSafetyTests.testSurvivesSIGKILLDuringSaves did not run in the xctest pass"], before=results())
    case("check-bad-input: a save path left out of the fault sweep", "check-bad-input.py", root,
         [("Tests/Faults/run.py", "AdderNumbers(), Import(), Chart()]", "AdderNumbers(), Chart()]")],
         ["row 82: faults.Import did not run in the test-faults pass"], before=results())
    for runner, target in (("xctest", "make test-xctest"), ("test-ui", "make test-ui"), ("test-faults", "make test-faults")):
        file = "xctest.log" if runner == "xctest" else runner + ".jsonl"
        case(f"check-bad-input: no {runner} results file", "check-bad-input.py", root, before=results(without=[runner]),
             fails_with=[f"the {runner} results file build/results/{file} is missing (run {target})"])
    case("check-bad-input: --skip test-faults (make check) leaves the sweep's rows out", "check-bad-input.py", root,
         before=results(without=["test-faults"]), arguments=["--skip", "test-faults"])


# --- check-skips ------------------------------------------------------------------------------------

SECOND_LAUNCH = "test_windows.test_second_launch_brings_main_window_forward"
MAXIMIZED = "test_desktop.test_maximized_state_is_remembered"
# Each pass as the Makefile runs it, and what it skips on the clean tree (Tests/UI/allowed-skips.txt).
CLEAN_SKIPS = {"test-ui": {MAXIMIZED: "skipped"}, "test-ui-wayland": {SECOND_LAUNCH: "skipped"},
               "test-asan": {}, "test-tsan": {}, "test-faults": {}}


def pass_results(changed=None, without=(), parts=(), sharded=()):
    """A `before` that writes the five passes' results files, each pass with its settings (the
    Wayland pass's GDK_BACKEND, the ASan pass's TRIAD_UI_SKIP, the TSan pass's TRIAD_UI_ONLY from
    the copy's Makefile) and the clean tree's skips, `changed` {pass: {test: outcome}} applied over
    them (an outcome None: the test passes); `without`: passes whose file is not written; `parts`:
    passes run in parts, as `make test` runs them (PASS+windows.jsonl and PASS+loops.jsonl; a part
    named in `without`, as "test-ui+loops", is not written); `sharded`: passes whose windows part
    runs in two shards (PASS+windows1of2.jsonl, PASS+windows2of2.jsonl)."""
    def write(root):
        shutil.rmtree(os.path.join(root, "build", "results"), ignore_errors=True)
        makefile = open(os.path.join(root, "Makefile"), encoding="utf-8").read()
        tsan = re.search(r"^TSAN_TESTS := (.+)$", makefile, re.M).group(1)
        asan = re.search(r"^ASAN_TESTS := (.+)$", makefile, re.M).group(1)
        settings = {"test-ui": {}, "test-ui-wayland": {"GDK_BACKEND": "wayland"}, "test-asan": {"TRIAD_UI_ONLY": asan},
                    "test-tsan": {"TRIAD_UI_ONLY": tsan}, "test-faults": {}}
        for name, outcomes in CLEAN_SKIPS.items():
            if name in without:
                continue
            outcomes = {k: v for k, v in {**outcomes, **(changed or {}).get(name, {})}.items() if v}
            runner = "test-faults" if name == "test-faults" else "test-ui"
            for part in (("windows1of2", "windows2of2", "loops") if name in sharded
                         else ("windows", "loops") if name in parts else ("",)):
                file = f"{name}+{part}" if part else name
                if file not in without:
                    write_results(root, runner, outcomes, file=file, settings={**settings[name], "TRIAD_UI_PART": part})
    return write


def skips(root):
    listed = "Tests/UI/allowed-skips.txt"
    case("check-skips: the clean tree's five passes pass", "check-skips.py", root, before=pass_results())
    case("check-skips: a test skipped in the Wayland pass that the list does not name", "check-skips.py", root,
         before=pass_results({"test-ui-wayland": {"test_users.test_dropped_files_are_imported_by_content_type": "skipped"}}),
         fails_with=["test-ui-wayland: test_users.test_dropped_files_are_imported_by_content_type was skipped (planted), "
                     "and Tests/UI/allowed-skips.txt does not list it"])
    case("check-skips: a check left out of the Wayland pass (not_in_this_pass) that the list does not name", "check-skips.py",
         root, before=pass_results({"test-ui-wayland": {"test_chart.test_light_and_dark_style": "unchecked"}}),
         fails_with=["test-ui-wayland: test_chart.test_light_and_dark_style left a check out: planted (planted)"])
    case("check-skips: a bare `if not WAYLAND:` around a check in a test", "check-skips.py", root,
         [("Tests/UI/test_note.py", "from harness import App,", "from harness import WAYLAND, App,"),
          ("Tests/UI/test_note.py", '        app.move_window("Edit Note", 560, 260)\n',
           '        if not WAYLAND:\n            app.move_window("Edit Note", 560, 260)\n')],
         [re.compile(r"Tests/UI/test_note\.py:\d+: a test branches on the pass \(WAYLAND\)")], before=pass_results())
    case("check-skips: a test that reads GDK_BACKEND itself", "check-skips.py", root,
         [("Tests/UI/test_note.py", '        app.move_window("Edit Note", 560, 260)\n',
           '        if os.environ.get("GDK_BACKEND") != "wayland":\n            app.move_window("Edit Note", 560, 260)\n')],
         ["a test branches on the pass (\"GDK_BACKEND\")"], before=pass_results())
    case("check-skips: a listed skip that no longer happens (the test ran)", "check-skips.py", root,
         before=pass_results({"test-ui-wayland": {SECOND_LAUNCH: None}}),
         fails_with=[f"is listed as skipped in test-ui-wayland, but it ran there ({SECOND_LAUNCH} passed): take it off the list"])
    case("check-skips: the ASan pass narrowed with no line saying why", "check-skips.py", root,
         [(listed, "test-asan         narrowed", "# test-asan narrowed")],
         ["test-asan: the pass ran only the tests matching TRIAD_UI_ONLY='test_adder."], before=pass_results())
    case("check-skips: the TSan pass narrowed with no line saying why", "check-skips.py", root,
         [(listed, "test-tsan         narrowed", "# test-tsan narrowed")],
         ["test-tsan: the pass ran only the tests matching TRIAD_UI_ONLY='test_adder."], before=pass_results())
    case("check-skips: a line without a reason", "check-skips.py", root,
         [(listed, "test-ui-wayland   skipped    test_windows.test_second_launch_brings_main_window_forward  raising",
           "test-ui-wayland   skipped    test_windows.test_second_launch_brings_main_window_forward\n# raising")],
         [re.compile(r"allowed-skips\.txt:\d+: a line is PASS KIND TEST and a reason")], before=pass_results())
    case("check-skips: no Wayland results file", "check-skips.py", root, before=pass_results(without=["test-ui-wayland"]),
         fails_with=["test-ui-wayland: its results file build/results/test-ui-wayland.jsonl is missing (run make test-ui-wayland)"])
    case("check-skips: the X11 and ASan passes run in parts, as `make test` runs them", "check-skips.py", root,
         before=pass_results(parts=("test-ui", "test-asan")))
    case("check-skips: a pass run in parts with one part's results missing", "check-skips.py", root,
         before=pass_results(parts=("test-ui", "test-asan"), without=["test-asan+loops"]),
         fails_with=["test-asan ran in parts, and the results of test-asan+loops.jsonl are missing: the pass is not whole"])
    case("check-skips: the ASan pass's windows in two shards, as `make test` runs them", "check-skips.py", root,
         before=pass_results(parts=("test-ui",), sharded=("test-asan",)))
    case("check-skips: a shard's results missing", "check-skips.py", root,
         before=pass_results(parts=("test-ui",), sharded=("test-asan",), without=["test-asan+windows2of2"]),
         fails_with=["test-asan ran in parts, and the results of test-asan+windows2of2.jsonl are missing: the pass is not whole"])
    case("check-skips: `make check` reads the X11 pass alone", "check-skips.py", root,
         before=pass_results(without=["test-ui-wayland", "test-asan", "test-tsan", "test-faults"]), arguments=["test-ui"])


# --- check-docs-render ------------------------------------------------------------------------------

SMALL_CATALOG = {
    "Triad.md": "# Small\n\nA site.\n\n@Metadata {\n    @TechnologyRoot\n}\n\n## Overview\n\n"
                "![A window.](window.png)\n\n## Topics\n\n- <doc:tutorials/Small>\n- <doc:Concept>\n",
    "Articles/Concept.md": "# A concept\n\nWhat it is.\n\n## Overview\n\n![Another window.](other.png)\n",
    "Tutorials/Small.tutorial": "@Tutorials(name: \"Small\") {\n    @Intro(title: \"Small\") {\n        A fixture.\n"
                                "    }\n\n    @Chapter(name: \"One\") {\n        A chapter.\n\n"
                                "        @Image(source: window.png, alt: \"A window.\")\n\n"
                                "        @TutorialReference(tutorial: \"doc:First\")\n    }\n}\n",
    "Tutorials/First.tutorial": "@Tutorial(time: 1) {\n    @Intro(title: \"First\") {\n        See <doc:Concept>.\n"
                                "    }\n\n    @Section(title: \"One\") {\n        @ContentAndMedia {\n            A section.\n\n"
                                "            @Image(source: other.png, alt: \"Another window.\")\n        }\n\n"
                                "        @Steps {\n            @Step {\n                Look.\n\n"
                                "                @Image(source: step.png, alt: \"A step.\")\n            }\n        }\n    }\n}\n",
}


def small_site(root, plant=None):
    """A small catalog in place of the tree's (a root article, a concept, a tutorial, three
    pictures), made into a site by docs.py's way (its staging, then DocC), with `plant` run on the
    site."""
    import importlib.util
    catalog = os.path.join(root, "docs", "Triad.docc")
    shutil.rmtree(catalog, ignore_errors=True)
    for path, text in SMALL_CATALOG.items():
        os.makedirs(os.path.dirname(os.path.join(catalog, path)), exist_ok=True)
        open(os.path.join(catalog, path), "w", encoding="utf-8").write(text)
    pictures = os.path.join(catalog, "Resources")
    os.makedirs(pictures, exist_ok=True)
    png = open(os.path.join(REPO, "docs", "screenshots", "adder.png"), "rb").read()
    for name in ("window.png", "other.png", "step.png"):
        open(os.path.join(pictures, name), "wb").write(png)
    spec = importlib.util.spec_from_file_location("docs_py", os.path.join(REPO, "build-aux", "docs.py"))
    docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(docs)
    docs.CATALOG, docs.STAGED = catalog, os.path.join(root, "build", "docs-catalog", "Triad.docc")
    docs.stage()
    site = os.path.join(root, "build", "docs")
    shutil.rmtree(site, ignore_errors=True)
    docc = os.path.join(os.path.dirname(os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"), "docc")
    subprocess.run([docc, "convert", docs.STAGED, "--fallback-display-name", "Triad", "--fallback-bundle-identifier",
                    "io.github.triad.Small", "--transform-for-static-hosting", "--hosting-base-path", "triad",
                    "--output-path", site, "--warnings-as-errors"], check=True, capture_output=True)
    if plant:
        plant(site)


def image(site, name):
    return os.path.join(site, "images", "io.github.triad.Small", name)


def linked_out(site):
    """The step's picture as the catalog's links once put it in the site: a link out of it."""
    os.remove(image(site, "step.png"))
    os.symlink("../../screenshots/step.png", image(site, "step.png"))


def docs_render(root):
    case("check-docs-render: the small site, every picture a file, passes", "render-docs.py", root,
         before=lambda root: small_site(root))
    case("check-docs-render: a tutorial's picture linked out of the site", "render-docs.py", root,
         before=lambda root: small_site(root, linked_out),
         fails_with=["FAIL tutorial tutorials/triad/first", "the picture step.png is a link (../../screenshots/step.png)",
                     "render-docs: First: 1 of 2 pictures load"])
    case("check-docs-render: an article's picture missing from the site", "render-docs.py", root,
         before=lambda root: small_site(root, lambda site: os.remove(image(site, "other.png"))),
         fails_with=["FAIL article documentation/triad/concept", "the picture other.png is not in the site"])
    case("check-docs-render: a picture that is no image", "render-docs.py", root,
         before=lambda root: small_site(root, lambda site: open(image(site, "window.png"), "w").write("not a picture")),
         fails_with=["FAIL contents tutorials/small", "the picture window.png is not an image"])
    case("check-docs-render: a tutorial's link to an article the site lacks", "render-docs.py", root,
         before=lambda root: small_site(root, lambda site: os.remove(os.path.join(site, "data", "documentation", "triad",
                                                                                  "concept.json"))),
         fails_with=["FAIL tutorial tutorials/triad/first", "the link to /triad/documentation/triad/concept leads to no page"])


# --- check-ui -------------------------------------------------------------------------------------

def make_recipe(target, *variables):
    """The command `make <target>` runs in a tree (its recipe, as `make -n` prints it, for the shell):
    the check as the Makefile calls it, with the Makefile's own list of files."""
    def command(tree):
        printed = subprocess.run(["make", "-n", "--no-print-directory", "STAGED=1", target, *variables], cwd=tree,
                                 capture_output=True, text=True).stdout.strip()
        if not printed:
            raise FixtureOutOfDate(f"`make -n {target}` prints no command")
        return ["sh", "-c", printed]
    return command


ADDER_UI = "Sources/Triad/Adder/AdderView.ui"


def ui(root):
    check_ui = make_recipe("check-ui")
    first = re.search(r'<object class="GtkBox" id="root">\n(\s*)<property name="visible">True</property>\n',
                      open(os.path.join(root, ADDER_UI), encoding="utf-8").read())
    if first is None:
        raise FixtureOutOfDate(f"{ADDER_UI} no longer opens with a visible GtkBox named root")
    at, indent = first.group(0), first.group(1)

    def after_root(line):
        return (ADDER_UI, at, at + indent + line + "\n")

    # The whole list as `make check-ui` gives it, clean; each defect in one file then, checked alone.
    case("check-ui: the clean tree passes", None, root, command=check_ui)

    def check_ui_adder(tree):
        return [os.path.join(tree, "build-aux", "validate-ui.sh"), ADDER_UI]
    case("check-ui: a property GtkBox does not have", None, root, [after_root('<property name="spacingg">12</property>')],
         [f"{ADDER_UI}:", "Invalid property: GtkBox.spacingg", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    case("check-ui: a class GTK does not have", None, root,
         [(ADDER_UI, '<object class="GtkBox" id="root">', '<object class="GtkBoxx" id="root">')],
         ["Invalid object type 'GtkBoxx'", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    case("check-ui: two objects with one id", None, root,
         [(ADDER_UI, "</interface>", '  <object class="GtkLabel" id="root"/>\n</interface>')],
         ["Duplicate object ID 'root'", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    # What gtk-builder-tool only warns about (and exits 0): the app would start without the value.
    case("check-ui: an orientation GTK cannot read", None, root,
         [after_root('<property name="orientation">sideways</property>')],
         ["Could not parse enum: 'sideways'", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    case("check-ui: a boolean written wrong", None, root, [after_root('<property name="hexpand">Ture</property>')],
         ["Could not parse boolean 'Ture'", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    case("check-ui: a child where a label can hold none", None, root,
         [(ADDER_UI, "</interface>", '  <object class="GtkLabel">\n    <child>\n      <object class="GtkButton"/>\n'
                                     '    </child>\n  </object>\n</interface>')],
         ["gtk_buildable_add_child", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    # A file cut short: gtk-builder-tool reads it without a word.
    case("check-ui: a file cut short", None, root, [(ADDER_UI, "</interface>", "")],
         ["Premature end of data", f"check-ui: {ADDER_UI} is not valid"], command=check_ui_adder)
    # Every .ui file of the app is in the Makefile's list: one in a new folder too.
    case("check-ui: a new view's file is validated too", None, root,
         [("Sources/Triad/Stopwatch/StopwatchView.ui", None,
           '<?xml version="1.0" encoding="UTF-8"?>\n<interface>\n  <object class="GtkLabell"/>\n</interface>\n')],
         ["Invalid object type 'GtkLabell'", "check-ui: Sources/Triad/Stopwatch/StopwatchView.ui is not valid"], command=check_ui)


# --- check-source-map ---------------------------------------------------------------------------------

# A module of two files, compiled as the release build compiles the app: a lesson's model behind a
# protocol, its controller with a target-action connection, and the Messages pane's stand-in for
# the model, in the folder source-map.py takes the pane's stand-ins from. Its symbol graph, syntax
# tree and map are the compiler's, as `make build` makes the app's.
MAP_LESSON = "Sources/Triad/Adder/MapFixture.swift"
LESSON_SWIFT = """/// What the controller asks its model for.
@MainActor protocol Adding: AnyObject {
    func add(_ first: Int, _ second: Int) -> Int
}

/// The lesson's model.
@MainActor final class Sum: Adding {
    func add(_ first: Int, _ second: Int) -> Int { first + second }
}

/// A widget with a target-action connection, declared as GtkKit's.
@MainActor final class Button {
    func on<Target: AnyObject>(
        _ signal: String, target: Target, action: @escaping @MainActor (Target) -> () -> Void,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) {}
}

/// The lesson's controller.
@MainActor final class Controller {
    let model: Adding = Sum()
    func pressed() { _ = model.add(1, 2) }
    func wire(_ button: Button) {
        button.on("clicked", target: self, action: Controller.pressed)
    }
}

/// The lesson's classic mistake: a model that doubles (the mistakes' table names its member).
@MainActor final class DoublingSum {
    func add(_ first: Int, _ second: Int) -> Int { 2 * (first + second) }
}
"""
SEAM_SWIFT = """/// The Messages pane's stand-in: records each message to the model, then passes it on.
@MainActor final class RecordingAdding: Adding {
    let inner: Adding
    init(_ inner: Adding) { self.inner = inner }
    func add(_ first: Int, _ second: Int) -> Int { inner.add(first, second) }
}
"""


def source_map(root):
    import importlib.util
    spec = importlib.util.spec_from_file_location("source_map", os.path.join(root, "build-aux", "source-map.py"))
    source_map_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source_map_module)
    seam_file = os.path.join(source_map_module.SEAM, "RecordingAdding.swift")
    swiftc = os.path.join(os.path.dirname(os.environ.get("SWIFT", "/opt/swift/usr/bin/swift")), "swiftc")
    sources = [os.path.join(root, MAP_LESSON), os.path.join(root, seam_file)]
    graphs, stale_map = os.path.join(root, "build", "map-graphs"), os.path.join(root, "build", "map-made-before.tsv")
    fresh_map, dump = os.path.join(root, "build", "map.tsv"), os.path.join(root, "build", "map-ast.txt")

    def compile_module(tree, write_map=True):
        """The graphs and the syntax tree of the sources as they are now, and their map if asked
        (a build); without, the map stays as an earlier build wrote it."""
        shutil.rmtree(graphs, ignore_errors=True)
        os.makedirs(graphs)
        result = subprocess.run([swiftc, "-emit-module", "-emit-module-path", os.path.join(graphs, "triad.swiftmodule"),
                                 "-module-name", "triad", "-swift-version", "6", "-parse-as-library", "-emit-symbol-graph",
                                 "-emit-symbol-graph-dir", graphs, "-symbol-graph-minimum-access-level", "private", *sources],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise FixtureOutOfDate(f"the fixture module does not compile: {result.stderr[-600:]}")
        for path in [dump] + ([fresh_map] if write_map else []):
            if os.path.exists(path):
                os.remove(path)
        made = fresh_map if write_map else os.path.join(root, "build", "map-unused.tsv")
        subprocess.run([PYTHON, os.path.join(root, "build-aux", "source-map.py"), "write", graphs, made, dump, "--",
                        swiftc, "-dump-ast", "-swift-version", "6", "-parse-as-library", "-module-name", "triad", *sources],
                       capture_output=True, text=True, check=True)

    def check_with(map_path):
        return lambda tree: [PYTHON, os.path.join(tree, "build-aux", "source-map.py"), "check", graphs, map_path, dump]

    # The exercises' expected members, as the stand-in module declares them.
    exercises = ("Sources/TriadModel/Learning/Exercises.swift", None,
                 'public enum Exercises {\n    public enum Expected {\n        public static let add = "Sum.add(_:_:)"\n    }\n}\n')
    # The mistakes' table, as the stand-in module's one mistake (read as build-aux/mistakes.py reads it).
    mistakes = ("Sources/TriadModel/Learning/Mistakes.swift", None,
                'let all = [Mistake(rightType: "Sum", mistakenType: "DoublingSum", members: ["add(_:_:)"])]\n')
    files = [(MAP_LESSON, None, LESSON_SWIFT), (seam_file, None, SEAM_SWIFT), exercises, mistakes]
    # The map an earlier build wrote, from the clean sources: the cases below change the sources
    # after it, as an edit that was not built again does.
    with planted(root, *files):
        compile_module(root)
        shutil.copy(fresh_map, stale_map)
    case("check-source-map: a build's map of the clean sources passes", None, root, files, before=compile_module,
         command=check_with(fresh_map))
    # A method the stand-in records, added to the model after the map was made.
    clear_added = [(MAP_LESSON, "    func add(_ first: Int, _ second: Int) -> Int\n}",
                    "    func add(_ first: Int, _ second: Int) -> Int\n    func clear()\n}"),
                   (MAP_LESSON, "{ first + second }\n", "{ first + second }\n    func clear() {}\n"),
                   (seam_file, "{ inner.add(first, second) }\n", "{ inner.add(first, second) }\n    func clear() { inner.clear() }\n")]
    case("check-source-map: a method the pane records, added after the map was made", None, root, files + clear_added,
         ["Sum.clear(): the Messages pane records it, and the map has no place for it"],
         before=lambda tree: compile_module(tree, write_map=False), command=check_with(stale_map))
    case("check-source-map: the same method, built again, is in the map", None, root, files + clear_added,
         before=compile_module, command=check_with(fresh_map))
    # An exercise waiting for a member the code does not declare (a lesson's method renamed).
    case("check-source-map: an exercise expecting a member the code lacks", None, root,
         files + [("Sources/TriadModel/Learning/Exercises.swift", '"Sum.add(_:_:)"', '"Sum.plus(_:_:)"')],
         ["Exercises.Expected names Sum.plus(_:_:), which the code does not declare"],
         before=compile_module, command=check_with(fresh_map))
    # A mistake naming a member its mistaken class does not declare (renamed in the class).
    case("check-source-map: a mistake naming a member the code lacks", None, root,
         files + [("Sources/TriadModel/Learning/Mistakes.swift", '["add(_:_:)"]', '["plus(_:_:)"]')],
         ["Mistakes names DoublingSum.plus(_:_:), which the code does not declare"],
         before=compile_module, command=check_with(fresh_map))
    # A target-action connection added after the map was made.
    case("check-source-map: a connection added after the map was made", None, root,
         files + [(MAP_LESSON, "action: Controller.pressed)\n",
                   "action: Controller.pressed)\n        button.on(\"activate\", target: self, action: Controller.pressed)\n")],
         [re.compile(r"triad/MapFixture\.swift:25:\d+: the connection to Controller\.pressed\(\) is not in the map")],
         before=lambda tree: compile_module(tree, write_map=False), command=check_with(stale_map))
    # An action that is a closure, not a method: the pane has no method to name.
    case("check-source-map: a target-action connection whose action is a closure", None, root,
         files + [(MAP_LESSON, "action: Controller.pressed)", "action: { controller in { controller.pressed() } })")],
         [re.compile(r"triad/MapFixture\.swift:24:\d+: a target-action connection whose action is not a method")],
         before=compile_module, command=check_with(fresh_map))


# --- check-docs-render --------------------------------------------------------------------------------

# A catalog of one page of each kind the check loads (the site's article, a module's page, an
# article, the tutorials' table of contents, a tutorial of two sections), and a site that shows
# them as DocC's does: each page an empty HTML file whose script reads the page's data and
# writes its title and steps (without scripts only a `noscript` title is there).
DOCS_CATALOG = {
    "Triad.md": "# Triad\n\nLearn MVC in real windows.\n\n@Metadata {\n    @TechnologyRoot\n}\n",
    "TriadModel.md": "# ``TriadModel``\n\nThe model.\n",
    "Articles/Concepts.md": "# The concepts\n\nWhat MVC is.\n",
    "Tutorials/Triad.tutorial": '@Tutorials(name: "Triad") {\n    @Intro(title: "Meet Triad") {\n        The lessons.\n    }\n}\n',
    "Tutorials/Adder.tutorial": ('@Tutorial(time: 10) {\n    @Intro(title: "Build the adder") {\n        An adder.\n    }\n'
                                 '    @Section(title: "The model") {\n        @Steps {\n            @Step {\n                One.\n'
                                 '            }\n            @Step {\n                Two.\n            }\n        }\n    }\n'
                                 '    @Section(title: "The view") {\n        @Steps {\n            @Step {\n                Three.\n'
                                 '            }\n        }\n    }\n}\n'),
}
DOCS_PAGES = {"documentation/triad": ("Triad", []), "documentation/triadmodel": ("TriadModel", []),
              "documentation/triad/concepts": ("The concepts", []), "tutorials/triad": ("Meet Triad", []),
              "tutorials/triad/adder": ("Build the adder", [2, 1])}
DOCS_HTML = ('<!doctype html>\n<html><head><meta charset="utf-8"><script defer src="/triad/js/app.js"></script></head>\n'
             '<body><noscript><h1 class="noscript-title">{}</h1></noscript></body></html>\n')
DOCS_SCRIPT = """// The page's content, made as DocC's app makes it: from the page's data, by script.
const page = location.pathname.replace(/^\\/triad\\//, "").replace(/\\/$/, "");
fetch("/triad/data/" + page + ".json").then(response => response.json()).then(data => {
    const title = document.createElement("h1");
    title.textContent = data.title;
    document.body.append(title);
    for (const steps of data.sections) {
        for (let n = 1; n <= steps; n++) {
            const step = document.createElement("div");
            step.className = "step-container step-" + n;
            document.body.append(step);
        }
    }
});
"""


def docs_render_pages(root):
    catalog, site = "build/fake-docs/Triad.docc", "build/fake-docs/site"
    files = [(f"{catalog}/{name}", None, text) for name, text in DOCS_CATALOG.items()]
    files += [(f"{site}/index.html", None, DOCS_HTML.format("Triad")), (f"{site}/js/app.js", None, DOCS_SCRIPT)]
    for path, (title, sections) in DOCS_PAGES.items():
        files += [(f"{site}/{path}/index.html", None, DOCS_HTML.format(title)),
                  (f"{site}/data/{path}.json", None, json.dumps({"title": title, "sections": sections}))]
    arguments = ["--site", os.path.join(root, site), "--catalog", os.path.join(root, catalog)]
    # render-docs.py takes no --root: it is given the fake site and catalog.
    def render(tree):
        return [PYTHON, os.path.join(tree, "build-aux", "render-docs.py"), *arguments]

    case("check-docs-render: a site that renders every page passes", None, root, files, command=render)
    # The reason for the check: a page that is in the site and shows nothing (its data missing).
    case("check-docs-render: a tutorial's page whose data is missing", None, root,
         files + [(f"{site}/data/tutorials/triad/adder.json", None, GONE)],
         ["FAIL tutorial tutorials/triad/adder: no title 'Build the adder'"], command=render)
    case("check-docs-render: a tutorial's page without its second section's step", None, root,
         files + [(f"{site}/data/tutorials/triad/adder.json", None, json.dumps({"title": "Build the adder", "sections": [2]}))],
         ["FAIL tutorial tutorials/triad/adder: steps rendered [1, 2], the catalog has [1, 2, 1]"], command=render)
    case("check-docs-render: an article the site does not have", None, root,
         files + [(f"{site}/documentation/triad/concepts/index.html", None, GONE),
                  (f"{site}/data/documentation/triad/concepts.json", None, GONE)],
         ["FAIL article documentation/triad/concepts: no title 'The concepts'"], command=render)
    # The app itself broken: every page shows only what a browser without scripts would.
    case("check-docs-render: a site whose script fails", None, root,
         files + [(f"{site}/js/app.js", "const page", "const page = ;\nconst other")],
         ["FAIL article documentation/triad: no title 'Triad'", "FAIL module documentation/triadmodel: no title 'TriadModel'",
          "0 passed, 5 failed"], command=render)


# --- check-format and check-compile ------------------------------------------------------------------

FORMAT_FOLDER = "Sources/TriadModel/Adder"


def format_check(root):
    # `make check-format` on one folder of the tree (the whole tree takes the formatter a while).
    check_format = make_recipe("check-format", f"FORMATTED={FORMAT_FOLDER}")
    case("check-format: the clean folder passes", None, root, command=check_format)
    case("check-format: a file indented by two spaces", None, root,
         [(f"{FORMAT_FOLDER}/Twice.swift", None, "/// Twice a number.\nfunc twice(_ number: Int) -> Int {\n  number * 2\n}\n")],
         [f"{FORMAT_FOLDER}/Twice.swift:3:", "[Indentation]", "0 passed, 1 failed"], command=check_format)
    case("check-format: a line over 140 characters", None, root,
         [(f"{FORMAT_FOLDER}/Long.swift", None, "/// A long line.\nlet long = \"" + "x" * 140 + "\"\n")],
         [f"{FORMAT_FOLDER}/Long.swift:2:", "[LineLength]"], command=check_format)


def compile_check(root):
    """check-compile type-checks Tests/Compile/ against GtkKit's module: here one made from the
    copy's GtkKit (its interface only, as quick as that can be), once clean and once for each
    defect planted in GtkKit."""
    swiftc = os.path.join(os.path.dirname(os.environ.get("SWIFT", "/opt/swift/usr/bin/swift")), "swiftc")
    cflags = subprocess.run(["pkg-config", "--cflags", "gtk+-3.0"], capture_output=True, text=True).stdout.split()
    clean_modules, planted_modules = os.path.join(root, "build", "gtkkit-clean"), os.path.join(root, "build", "gtkkit-planted")

    def module(into):
        def make(tree):
            shutil.rmtree(into, ignore_errors=True)
            os.makedirs(into)
            sources = sorted(glob.glob(os.path.join(tree, "Sources", "GtkKit", "**", "*.swift"), recursive=True))
            result = subprocess.run([swiftc, "-emit-module", "-emit-module-path", os.path.join(into, "GtkKit.swiftmodule"),
                                     "-module-name", "GtkKit", "-swift-version", "6", "-parse-as-library",
                                     "-I", os.path.join(tree, "Sources", "CGtk"), "-I", os.path.join(tree, "Sources", "CGtkSourceView"),
                                     *[flag for item in cflags if item.startswith("-I") for flag in ("-Xcc", item)], *sources],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                raise FixtureOutOfDate(f"GtkKit's module cannot be made: {result.stderr[-600:]}")
        return make

    def check_against(modules):
        return lambda tree: ["env", f"MODULES={modules}", PYTHON, os.path.join(tree, "build-aux", "check-compile.py")]

    module(clean_modules)(root)
    case("check-compile: the clean tree passes", None, root, command=check_against(clean_modules))
    # The defect the check is for: a signal declared for every object, not for buttons only.
    case("check-compile: `.clicked` declared for every object, windows too", None, root,
         [("Sources/GtkKit/Signals/SignalCatalog.swift", "extension Signal where Emitter: ButtonProtocol, Argument == Void",
           "extension Signal where Emitter: ObjectHandle, Argument == Void")],
         ["FAIL Tests/Compile/WindowHasNoClicked.swift: it compiled"],
         before=module(planted_modules), command=check_against(planted_modules))
    # The control: with GtkKit's module not where the compiler looks (a broken command line), the
    # files that must fail fail for that reason, which is not theirs, and the control does not compile.
    empty = os.path.join(root, "build", "no-modules")
    os.makedirs(empty, exist_ok=True)
    case("check-compile: GtkKit's module not found", None, root, [],
         ["FAIL Tests/Compile/DialogHasResponse.swift: it did not compile",
          "FAIL Tests/Compile/WindowHasNoClicked.swift: it failed for another reason",
          # Its import is on its third line, so the compiler's excerpt under the error shows its
          # first line, which names the message it expects: not a diagnostic of its own.
          "FAIL Tests/Compile/LabelIsNoEntry.swift: it failed for another reason"], command=check_against(empty))
    case("check-compile: a file that says nothing of what it expects", None, root,
         [("Tests/Compile/Unsaid.swift", None, "import GtkKit\n")],
         ["FAIL Tests/Compile/Unsaid.swift: its first line must say"], command=check_against(clean_modules))
    case("check-compile: a file refused for another reason than it says", None, root,
         [("Tests/Compile/Other.swift", None,
           "// expect: error: value of type 'Label' has no member 'placeholder'\nimport GtkKit\n\nlet x: Int = \"text\"\n")],
         ["FAIL Tests/Compile/Other.swift: it failed for another reason"], command=check_against(clean_modules))


LESSON_TREE = ["Sources/Triad/main.swift", "Sources/Triad/Desktop", "Sources/Triad/Diagnostics", "Sources/Triad/Adder", "Sources/Triad/Note", "Sources/Triad/Login",
               "Sources/Triad/Address", "Sources/Triad/Users", "Sources/Triad/UserFiles", "Sources/TriadModel/Adder",
               "Sources/TriadModel/Address", "Sources/TriadModel/Note", "Sources/TriadModel/Users", "Sources/TriadModel/Login",
               "Sources/TriadModel/Chart", "Sources/TriadModel/Security", "Sources/TriadModel/Support",
               "Sources/TriadModel/Messages/MessageSession.swift", "Sources/GtkKit/MainLoop.swift"]


def main():
    """Each group of cases on a copy of its own, the groups side by side (the cases wait on the
    checks they start)."""
    started = time.monotonic()
    groups = [lessons, mistakes, sources, translations, data, bad_input, skips, shortcuts, ui, source_map, docs_render, docs_render_pages,
              format_check, compile_check]
    if sys.argv[1:]:  # some groups only, by name: `run.py ui source_map`
        groups = [group for group in groups if group.__name__ in sys.argv[1:]]
    results = {}

    def run_group(group, tree):
        OUTCOMES.cases = []
        began = time.monotonic()
        try:
            group(tree)
        except (FixtureOutOfDate, OSError) as error:
            report(f"{group.__name__}: the fixture", False, f"out of date: {error}")
        results[group] = (OUTCOMES.cases, time.monotonic() - began)

    with tempfile.TemporaryDirectory(prefix="triad-checks-") as folder:
        whole = os.path.join(folder, "tree")
        copy_tree(whole)
        trees = {}
        for group in groups:
            trees[group] = os.path.join(folder, group.__name__)
            if group is lessons:  # check-lessons reads every source: the lesson folders alone, to be quick
                for part in LESSON_TREE:
                    if os.path.isfile(os.path.join(whole, part)):
                        os.makedirs(os.path.dirname(os.path.join(trees[group], part)), exist_ok=True)
                        shutil.copy(os.path.join(whole, part), os.path.join(trees[group], part))
                    else:
                        shutil.copytree(os.path.join(whole, part), os.path.join(trees[group], part))
            else:
                shutil.copytree(whole, trees[group])
        threads = [threading.Thread(target=run_group, args=(group, trees[group])) for group in groups]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    passed = failed = 0
    for group in groups:
        cases, seconds = results.get(group, ([(f"{group.__name__}: the group", False, "it stopped early")], 0))
        for name, ok, why in cases:
            # What a failing check printed is quoted, each line behind "|", so that its count line is
            # not read as this runner's (build-aux/stages.py sums every count line of a log).
            quoted = "\n".join("  | " + line for line in why.split("\n")) if why else ""
            print(f"PASS {name}" if ok else f"FAIL {name}" + (f":\n{quoted}" if quoted else ""))
            passed, failed = passed + ok, failed + (not ok)
        print(f"     ({group.__name__}: {len(cases)} cases in {seconds:.1f} s)")
    print(f"check-checks: {passed + failed} cases in {time.monotonic() - started:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
