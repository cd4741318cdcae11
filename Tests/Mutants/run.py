"""The mutation run's own test (`make check-mutants`): build-aux/mutants.py, run on a small tree of
its own (one model file, one test class that leaves a line of it untested), must find the mutant
that line's change makes alive, name it and exit non-zero; with that mutant explained in the
tree's docs/TESTING.md as equivalent (or as a setting's value, or a change no test can see), it
must exit 0. A run that passes whatever survives is no gate.

    /usr/bin/python3 Tests/Mutants/run.py

The tree is a Swift package made in a temporary folder, shaped as Triad's (Sources/TriadModel,
Tests/TriadModelTests, docs/TESTING.md): its first run builds it and judges its two mutants (a
minute or two); the cases after it read the kept outcomes against the page as each case edits it.
Closes with `N passed, N failed`."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "build-aux", "mutants.py")
PYTHON = "/usr/bin/python3"

PACKAGE = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Triad",
    targets: [
        .target(name: "TriadModel"),
        .testTarget(name: "TriadModelTests", dependencies: ["TriadModel"]),
    ],
    swiftLanguageModes: [.v6]
)
"""

# Two mutants: `a + b` → `a - b` (arithmetic), which the test kills, and `false` → `true`
# (a Boolean literal) on line 6, which no test reads.
MODEL = """public enum Tally {
    public static func total(_ a: Int, _ b: Int) -> Int {
        a + b
    }
    public static var isStrict: Bool {
        false
    }
}
"""

TESTS = """import TriadModel
import XCTest

final class TallyTests: XCTestCase {
    func testTotalAddsItsTwoNumbers() {
        XCTAssertEqual(Tally.total(2, 3), 5)
    }
}
"""

# The corpus replay's class, as Triad's is named: the run must choose it for the file.
FUZZ = """import TriadModel
import XCTest

final class FuzzCorpusTests: XCTestCase {
    func testCorpusReplays() {
        XCTAssertEqual(Tally.total(-4, 4), 0)
    }
}
"""

PAGE = """# How the fixture is tested

### The survivors

**Equivalent**

| where | mutant | why it is equivalent |
|---|---|---|
{equivalent}

**A setting's value**

| where | mutant | the setting, and why its value is not a test's |
|---|---|---|
{setting}

**Not seen by any test**

| where | mutant | what differs, and why no test sees it |
|---|---|---|
{unseen}
"""

SOURCE = "Sources/TriadModel/Tally/Tally.swift"
ROW = "| `Tally/Tally.swift:6` | `false` → `true` | the fixture's: nothing reads `isStrict` |"

OUTCOMES = []


def make_tree(root):
    for path, text in (("Package.swift", PACKAGE), (SOURCE, MODEL),
                       ("Tests/TriadModelTests/Tally/TallyTests.swift", TESTS),
                       ("Tests/TriadModelTests/Fuzz/FuzzCorpusTests.swift", FUZZ),
                       ("docs/TESTING.md", PAGE.format(equivalent="", setting="", unseen=""))):
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)


def write_page(root, equivalent="", setting="", unseen=""):
    with open(os.path.join(root, "docs/TESTING.md"), "w", encoding="utf-8") as f:
        f.write(PAGE.format(equivalent=equivalent, setting=setting, unseen=unseen))


def mutants(root, *arguments):
    result = subprocess.run([PYTHON, SCRIPT, "--root", root, "--files", SOURCE, *arguments],
                            capture_output=True, text=True, timeout=1800)
    return result.returncode, result.stdout + result.stderr


def case(name, root, arguments=(), status=None, says=(), never=()):
    """Runs the script; it must exit with `status` (0, or "non-zero"), print each of `says` (a
    string, or a regular expression given as re.compile) and none of `never`, and no traceback."""
    began = time.monotonic()
    code, output = mutants(root, *arguments)
    problems = []
    if "Traceback" in output:
        problems.append("the script crashed")
    if status == 0 and code != 0:
        problems.append(f"it exited {code}, not 0")
    if status == "non-zero" and code == 0:
        problems.append("it exited 0")
    for text in says:
        if not (text.search(output) if hasattr(text, "search") else text in output):
            problems.append(f"it does not say {getattr(text, 'pattern', text)!r}")
    for text in never:
        if text.search(output) if hasattr(text, "search") else text in output:
            problems.append(f"it says {getattr(text, 'pattern', text)!r}")
    OUTCOMES.append((name, not problems, "; ".join(problems) + ":\n" + output[-2500:] if problems else "",
                     time.monotonic() - began))


def main():
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="triad-mutants-") as root:
        make_tree(root)
        survivor = re.compile(r"Sources/TriadModel/Tally/Tally\.swift:6: boolean false → true\n\s+- false\n\s+\+ true")

        # What is made, and which tests are chosen: nothing is built.
        case("mutants --list: an arithmetic and a Boolean mutant, judged by the file's class and the corpus replay",
             root, ["--list"], 0,
             [re.compile(r"Tally\.swift:3: arithmetic \+ → -  \[FuzzCorpusTests, TallyTests\]"),
              re.compile(r"Tally\.swift:6: boolean false → true  \[FuzzCorpusTests, TallyTests\]"), "2 mutants"])

        # The planted defect: line 6 changed, and no test fails.
        case("mutants: a survivor no page explains fails the run, and is named", root, (), "non-zero",
             [re.compile(r"Tally\.swift:3 arithmetic \+ → -: killed \((TallyTests|FuzzCorpusTests)\.\w+\)"),
              "survivors that docs/TESTING.md does not explain (1)", survivor, "1 passed, 1 failed"])

        # Explained, it passes: as equivalent, and as a change no test can see. Nothing is run
        # again (the outcomes are kept), only judged against the page.
        write_page(root, equivalent=ROW)
        case("mutants: the survivor listed as equivalent passes", root, (), 0,
             ["nothing to run", re.compile(r"\| boolean \| 1 \| 0 \| 0 \| 1 \| 0 \| 0 \| 0 \| 0 \| 0 \|"), "1 passed, 0 failed"],
             ["does not explain"])
        write_page(root, setting=ROW)
        case("mutants: the survivor listed as a setting's value passes, counted apart", root, (), 0,
             [re.compile(r"\| boolean \| 1 \| 0 \| 0 \| 0 \| 1 \| 0 \| 0 \| 0 \| 0 \|"), "1 passed, 0 failed"])
        write_page(root, unseen=ROW)
        case("mutants: the survivor listed as not seen by any test passes, counted apart", root, (), 0,
             [re.compile(r"\| boolean \| 1 \| 0 \| 0 \| 0 \| 0 \| 1 \| 0 \| 0 \| 0 \|"), "1 passed, 0 failed"])

        # A row that explains another change, or another line, explains nothing.
        write_page(root, equivalent=ROW.replace("`true`", "`!false`"))
        case("mutants: a row for another change of the line does not explain the survivor", root, (), "non-zero",
             ["survivors that docs/TESTING.md does not explain (1)", survivor])
        write_page(root, equivalent=ROW.replace("Tally.swift:6", "Tally.swift:3").replace("`false`", "`a + b`"))
        case("mutants: a row for another line does not explain it", root, (), "non-zero",
             ["survivors that docs/TESTING.md does not explain (1)"])
        # A row moved by an edit above it still explains its mutant by its code, and says it moved.
        write_page(root, equivalent=ROW.replace("Tally.swift:6", "Tally.swift:5"))
        case("mutants: a row whose line number is out of date explains by its code, and says so", root, (), 0,
             ["names line 5, which no longer holds its code: the mutant is on line 6 now"])
        # A row the script cannot read fails the run rather than explain nothing in silence.
        write_page(root, equivalent=ROW.replace("`false` → `true`", "the literal flipped"))
        case("mutants: a row without its mutant fails the run", root, (), "non-zero",
             [re.compile(r"error: docs/TESTING\.md:\d+: a survivor's row needs"), "survivors that docs/TESTING.md does not explain (1)"])
        # The `--report` of the kept outcomes judges as the run does.
        write_page(root)
        case("mutants --report: the same verdict without running", root, ["--report"], "non-zero",
             ["survivors that docs/TESTING.md does not explain (1)", survivor])

    passed = failed = 0
    for name, ok, why, seconds in OUTCOMES:
        quoted = "\n".join("  | " + line for line in why.split("\n")) if why else ""
        print(f"PASS {name} ({seconds:.0f} s)" if ok else f"FAIL {name}:\n{quoted}")
        passed, failed = passed + ok, failed + (not ok)
    print(f"check-mutants: {passed + failed} cases in {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    if not shutil.which("swift") and not os.environ.get("SWIFT") and not os.path.exists("/opt/swift/usr/bin/swift"):
        sys.exit("check-mutants: no Swift toolchain")
    sys.exit(main())
