#!/usr/bin/python3
"""`make check-compile`: what GtkKit's typed widgets refuse, the compiler refuses.

Each file of Tests/Compile/ says, on its first line, what type-checking it against the built
GtkKit must give: `// expect: ok`, or `// expect: error: <the compiler's message>`. A file that
must fail and compiles, or fails for another reason, fails the check; the `ok` files prove that a
refusal is the type's and not a broken command line. Prints `N passed, N failed`."""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFTC = os.path.join(os.path.dirname(os.environ.get("SWIFT", "/opt/swift/usr/bin/swift")), "swiftc")
MODULES = os.environ.get("MODULES", os.path.join(ROOT, ".build", "release", "Modules"))
DIAGNOSTIC = re.compile(r"^\S[^\n]*?:\d+:\d+: error: (.*)$", re.M)


def arguments(path):
    cflags = subprocess.run(["pkg-config", "--cflags", "gtk+-3.0"], capture_output=True, text=True).stdout.split()
    return ([SWIFTC, "-typecheck", "-swift-version", "6", "-module-name", "CompileTest", path, "-I", MODULES,
             "-I", os.path.join(ROOT, "Sources", "CGtk"), "-I", os.path.join(ROOT, "Sources", "CGtkSourceView")]
            + [flag for item in cflags if item.startswith("-I") for flag in ("-Xcc", item)])


def main():
    files = sorted(glob.glob(os.path.join(ROOT, "Tests", "Compile", "*.swift")))
    passed = failed = 0
    for path in files:
        name = os.path.relpath(path, ROOT)
        first = open(path, encoding="utf-8").readline().strip()
        if not first.startswith("// expect: "):
            print(f"FAIL {name}: its first line must say `// expect: ok` or `// expect: error: …`")
            failed += 1
            continue
        expected = first[len("// expect: "):]
        result = subprocess.run(arguments(path), capture_output=True, text=True)
        # The diagnostics' own lines (`file:line:column: error: …`), not the compiler's excerpt of the
        # file under them, whose first line names the expected message.
        errors = [match.group(1) for match in DIAGNOSTIC.finditer(result.stderr)]
        if expected == "ok":
            ok, why = result.returncode == 0, f"it did not compile: {errors[:3]}"
        else:
            message = expected[len("error: "):]
            ok = result.returncode != 0 and any(message in error for error in errors)
            why = "it compiled" if result.returncode == 0 else f"it failed for another reason: {errors[:3]}"
        print(f"PASS {name}" if ok else f"FAIL {name}: {why}")
        passed, failed = passed + ok, failed + (not ok)
    print(f"check-compile: {len(files)} files type-checked against {MODULES}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
