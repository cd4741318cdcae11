"""`make startup-order`: writes build-aux/startup-order.txt, the functions of Triad's own binary that
a start runs, for the linker to lay out side by side (lld's --symbol-ordering-file, see Makefile).
Where SQLite is linked in (build-aux/release-link.mk), its functions are among them: made on a
machine without SQLite's archive, the list has none, and the build there does not need them.

Why (docs/BENCHMARKS.md measures it): most of the binary's code is the static Swift runtime, and
the kernel maps file pages around every page a program touches (fault-around, and whole large
folios on newer kernels). The functions a start runs were spread over the whole text, so most of
it became resident for the little code a start runs. Laid out together they touch few pages.

How: the built app starts under callgrind (valgrind's instruction-level profiler, which sees every
function run, not a sample) up to its first frame, once on each of the adder, Users and chart
pages, under the caller's X display and D-Bus session (run it with `xvfb-run … dbus-run-session`,
as the Makefile does). callgrind cannot read the DWARF the Swift compiler writes, so it runs a copy
without debug sections (`strip --strip-debug` keeps the symbol table). The functions callgrind saw
in that binary, by their symbol names, make the file, sorted so that a change reads as a diff.
A name the linker no longer finds is ignored (--no-warn-symbol-ordering), so a stale file only
costs memory, never a build: `make bench` prints the resident size of the binary's code.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "build-aux", "startup-order.txt")


def functions_run(binary, arguments, data):
    """The symbol names of `binary`'s functions that callgrind saw run."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        env = dict(os.environ, TRIAD_DATA_DIR=data, XDG_STATE_HOME=os.path.join(data, "state"))
        # One plain start first: the store is made, and GDK caches the display's GL visuals.
        subprocess.run([binary, *arguments], env=env, check=True, capture_output=True)
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out.name}",
                        binary, *arguments], env=env, check=True, capture_output=True)
        objects, names, run, current = {}, {}, set(), None
        for line in open(out.name, errors="replace"):
            # callgrind names an object or function in full once, then by its number: "fn=(12) name".
            match = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else names
            if name:
                table[number] = name
            if kind == "ob":
                current = objects.get(number)
            elif kind == "fn" and current == binary:
                run.add(names[number])
        return run


def main():
    built = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "triad")
    with tempfile.TemporaryDirectory(prefix="triad-order-") as work:
        binary = os.path.join(work, "triad")
        subprocess.run(["strip", "--strip-debug", "-o", binary, built], check=True)
        data = os.path.join(work, "data")
        run = set()
        for page in ("adder", "users", "chart"):
            run |= functions_run(binary, ["--page", page, "--quit-after-first-frame"], data)
        symbols = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
        code = {fields[2] for fields in (line.split() for line in symbols.splitlines())
                if len(fields) == 3 and fields[1] in "tTwW"}
        names = sorted(run & code)
    if len(names) < 100:
        sys.exit(f"startup-order: only {len(names)} functions seen; is callgrind working?")
    with open(OUTPUT, "w") as f:
        f.write("\n".join(names) + "\n")
    print(f"startup-order: {len(names)} functions run before the first frame (adder, Users and chart pages) "
          f"-> {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
