"""Copy as Test, end to end (`make test-copytest`): the sessions test_copytest records through the
real window, copied as XCTest methods, compiled in a scratch package over a copy of the model's
sources (build/copytest), run, then run again with a defect planted in the copy of each presenter,
where each method must fail. The scratch package keeps its build folder between runs, so a run
after the first compiles only what changed; the compiler runs in the idle scheduling class, as
make test's compiles do."""
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import ROOT, check, run_tests  # noqa: E402
from test_copytest import recorded_sessions  # noqa: E402

SWIFT = os.environ.get("SWIFT", "swift")
SCRATCH = os.path.join(ROOT, "build", "copytest")
SYSTEM_LIBRARIES = {"CSQLite": None, "CCrypt": "libxcrypt", "CIntl": None, "CGLib": "glib-2.0", "CPWQuality": None}
PACKAGE = """// swift-tools-version: 6.0
// Written by Tests/UI/copytest.py: a copy of Triad's model, and the tests Copy as Test wrote.
import PackageDescription

let package = Package(
    name: "CopiedTests",
    targets: [
{libraries}
        .target(name: "TriadModel", dependencies: [{names}]),
        .testTarget(name: "CopiedTests", dependencies: ["TriadModel"]),
    ],
    swiftLanguageModes: [.v6]
)
"""
# One changed call in each presenter: the sum one more than the model's, an empty list told as a
# list of users.
DEFECTS = [
    ("Adder/MVP/AdderPresenter.swift", "view?.showSum(String(try model.total()))", "view?.showSum(String(try model.total() + 1))"),
    ("Users/UsersPresenter.swift", "if users.count == 0 { view.setEmptyUsers() }", "if users.count == 0 { view.setUsers(users) }"),
]


def copy_model():
    """The model's sources and its C modules, copied (times kept, so that an unchanged file is not
    compiled again), and what is no longer in the tree removed."""
    for name in ["TriadModel", *SYSTEM_LIBRARIES]:
        source, target = os.path.join(ROOT, "Sources", name), os.path.join(SCRATCH, "Sources", name)
        if os.path.isdir(target):
            shutil.rmtree(target)
        shutil.copytree(source, target, copy_function=shutil.copy2)


def write_package(methods):
    libraries = "\n".join(
        f'        .systemLibrary(name: "{name}", path: "Sources/{name}"' + (f', pkgConfig: "{pc}"' if pc else "") + "),"
        for name, pc in SYSTEM_LIBRARIES.items())
    with open(os.path.join(SCRATCH, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(PACKAGE.format(libraries=libraries, names=", ".join(f'"{n}"' for n in SYSTEM_LIBRARIES)))
    tests = os.path.join(SCRATCH, "Tests", "CopiedTests")
    os.makedirs(tests, exist_ok=True)
    with open(os.path.join(tests, "CopiedTests.swift"), "w", encoding="utf-8") as f:
        f.write("import XCTest\n\nimport TriadModel\n\n/// What Copy as Test copied, pasted as a person pastes it.\n"
                "final class CopiedTests: XCTestCase {\n" + "\n".join(methods) + "}\n")


def swift_test():
    """Builds the scratch package (idle class) and runs its tests: (exit status, output)."""
    build = subprocess.run(["chrt", "--idle", "0", SWIFT, "build", "--build-tests", "--package-path", SCRATCH],
                           capture_output=True, text=True)
    check(build.returncode == 0, f"the copied tests compile:\n{build.stdout[-4000:]}\n{build.stderr[-2000:]}")
    run = subprocess.run([SWIFT, "test", "--skip-build", "--package-path", SCRATCH], capture_output=True, text=True,
                         env=dict(os.environ, LC_ALL="C"))
    return run.returncode, run.stdout + run.stderr


def failed_tests(output):
    return sorted(set(re.findall(r"error: CopiedTests\.(\w+) :", output)))


def test_the_copied_tests_compile_pass_and_catch_a_planted_defect():
    adder, users = recorded_sessions()
    began = time.monotonic()
    os.makedirs(SCRATCH, exist_ok=True)
    copy_model()
    write_package([adder, users])
    status, output = swift_test()
    check(status == 0 and "Executed 2 tests, with 0 failures" in output, f"the copied tests pass on the model:\n{output[-4000:]}")
    passed = time.monotonic() - began
    for path, line, planted in DEFECTS:
        path = os.path.join(SCRATCH, "Sources", "TriadModel", path)
        text = open(path, encoding="utf-8").read()
        check(text.count(line) == 1, f"{path} has the line the defect changes: {line}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(line, planted))
    status, output = swift_test()
    check(status != 0, f"the copied tests fail on the planted defects:\n{output[-4000:]}")
    check(failed_tests(output) == ["testRecordedAdderSession", "testRecordedUsersSession"],
          f"each copied test fails on its presenter's defect: {failed_tests(output)}\n{output[-4000:]}")
    print(f"     compiled and passed in {passed:.0f} s; failed on the planted defects "
          f"{time.monotonic() - began - passed:.0f} s later", flush=True)


TESTS = [test_the_copied_tests_compile_pass_and_catch_a_planted_defect]

if __name__ == "__main__":
    sys.exit(run_tests(TESTS, runner="test-copytest"))
