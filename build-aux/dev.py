#!/usr/bin/python3
"""`make dev`: the learner's loop. Builds Triad (debug, SwiftPM's own build) and starts it; then,
on each saved change:

- a Swift source, the manifest, the plugin or a resource other than a view's .ui file: an
  incremental debug build, and the app started again on the page it showed (the page is kept in
  GSettings as the app closes, as at any close); a build that fails prints the compiler's errors
  and leaves the running app as it is;
- a view's .ui file under Sources/Triad: nothing here. The app reads its .ui files from the
  source folder (TRIAD_DEV_UI) and shows the page again by itself, without a restart.

Each rebuild prints how long the build took. Ctrl+C ends both. The sources are read for changes every quarter second (their modification times): no
file-watching program to install.

    /usr/bin/python3 build-aux/dev.py [ARGS FOR TRIAD…]
"""
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT") or "swift"
WATCHED = ["Sources", "Plugins", "Resources", "Package.swift"]
# The running app reads these itself (LiveUI.swift): a save needs no build.
APP_UI = os.path.join(ROOT, "Sources", "Triad")


def snapshot():
    """Every watched file's modification time, but the views' .ui files."""
    times = {}
    for top in WATCHED:
        path = os.path.join(ROOT, top)
        if os.path.isfile(path):
            times[path] = os.stat(path).st_mtime_ns
            continue
        for folder, _, names in os.walk(path):
            for name in names:
                full = os.path.join(folder, name)
                if name.endswith(".ui") and full.startswith(APP_UI + os.sep):
                    continue
                try:
                    times[full] = os.stat(full).st_mtime_ns
                except FileNotFoundError:
                    continue  # an editor's temporary file, gone already
    return times


def build():
    """The incremental debug build; its output shown only when it fails."""
    started = time.monotonic()
    result = subprocess.run([SWIFT, "build", "--product", "triad"], cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        lines = [line for line in (result.stdout + result.stderr).splitlines() if "prohibited flag" not in line]
        print("\n".join(lines[-60:]), flush=True)
        print(f"dev: the build failed after {seconds:.1f} s; the app runs on as it was", flush=True)
        return None
    return seconds


def binary():
    path = subprocess.run([SWIFT, "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "triad")


def start(args):
    """The app, reading its views' .ui files from the sources (LiveUI.swift). How soon its window
    is on screen after an edit is make bench's (benchmarks/dev_loop.py)."""
    env = dict(os.environ, TRIAD_DEV_UI=APP_UI)
    process = subprocess.Popen([binary()] + args, cwd=ROOT, env=env)
    print("dev: started", flush=True)
    return process


def stop(process):
    """SIGTERM, as a logout sends: the app stores what is pending and its window's state."""
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main():
    args = sys.argv[1:]
    print("dev: building Triad (debug)…", flush=True)
    seconds = build()
    if seconds is None:
        return 1
    print(f"dev: built in {seconds:.1f} s; saving a source rebuilds and restarts, saving a view's .ui shows it at once",
          flush=True)
    app = start(args)
    seen = snapshot()
    try:
        while True:
            time.sleep(0.25)
            now = snapshot()
            if now == seen:
                if app.poll() is not None:
                    print("dev: the app was closed; save a source to start it again, Ctrl+C to end", flush=True)
                    app = None
                    while snapshot() == now:
                        time.sleep(0.25)
                    seen = {}
                continue
            changed = sorted(p for p in set(now) | set(seen) if now.get(p) != seen.get(p))
            seen = now
            print(f"dev: {os.path.relpath(changed[0], ROOT)}{' and more' if len(changed) > 1 else ''} changed: building…",
                  flush=True)
            seconds = build()
            if seconds is None:
                continue
            print(f"dev: built in {seconds:.1f} s", flush=True)
            stop(app)
            app = start(args)
            seen = snapshot()  # the build may have touched what it read
    except KeyboardInterrupt:
        pass
    finally:
        stop(app)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    sys.exit(main())
