#!/usr/bin/python3
"""`make check-lessons`: the code reads like the lessons it teaches.

- The five feature folders (Adder, Address, Login, Users, Note, in Sources/Triad and
  Sources/TriadModel, at any depth) hold no recording or diagnostic code: the Messages pane
  records through GtkKit, the model's observer registry and the recording subclasses of the
  Messages folders; diagnostics are called from the app shell.
- No source comment cites an issue number ("#16") or quotes a measurement (a figure with a unit
  of time, memory or instructions, a percentage, a ratio): comments say why in words, figures
  live in docs/BENCHMARKS.md and docs/PERFORMANCE.md.
- No Swift file is over 250 lines."""
import glob
import os
import re

from check_report import finish

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
FEATURES = ["Adder", "Address", "Login", "Users", "Note"]
RECORDING = re.compile(r"MessageLog|SignalTrace|DataSourceTrace|\bRecording[A-Z]\w*|\.tell\(|\.should\(|\.will\(|\.did\(|"
                       r"forward\(to:|StartupPhases|LifetimeReport|StallReport|FirstFrameReport")
ISSUE = re.compile(r"(?<![\w&])#\d+\b")
UNIT = r"(?:ms|µs|us|ns|s|sec|seconds|MB|MiB|KB|KiB|kB|GB|GiB|bytes|M instructions|instructions|%)"
MEASUREMENT = re.compile(r"(?<![\w.-])(?:~|≈)?\d[\d,.]*\s?" + UNIT + r"(?![\w])|(?<![\w])[×x]\s?\d+\.\d+")
LONGEST = 250

problems = []
checked = 0


def comments(path, text):
    """(line number, comment text) of every comment in a source file, by its language."""
    found = []
    if path.endswith((".swift", ".c", ".h", ".modulemap")):
        in_block = False
        for number, line in enumerate(text.split("\n"), 1):
            if in_block:
                found.append((number, line))
                in_block = "*/" not in line
                continue
            # A comment starts outside a string literal: good enough for Triad's sources, which
            # never put "//" in a string.
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
            if "//" in code:
                found.append((number, code[code.index("//"):]))
            elif "/*" in code:
                found.append((number, code[code.index("/*"):]))
                in_block = "*/" not in code[code.index("/*"):]
    elif path.endswith((".ui", ".xml")):
        for match in re.finditer(r"<!--(.*?)-->", text, re.S):
            found.append((text[:match.start()].count("\n") + 1, match.group(1)))
    else:  # Makefile, shell, Python, make includes: "#" comments
        for number, line in enumerate(text.split("\n"), 1):
            stripped = line.lstrip()
            if stripped.startswith("#") and not stripped.startswith("#!"):
                found.append((number, stripped))
    return found


sources = [f for pattern in ("Sources/**/*.swift", "Sources/**/*.ui", "Sources/**/*.c", "Sources/**/*.h",
                             "Sources/**/*.modulemap", "Package.swift", "Makefile", "build-aux/*.sh", "build-aux/*.py",
                             "build-aux/*.mk", "benchmarks/**/*.swift", "Tests/StoreStress/*.swift")
           for f in glob.glob(pattern, recursive=True) if os.path.isfile(f) and "bundle-generated" not in f]

for path in sorted(set(sources)):
    text = open(path, encoding="utf-8").read()
    parts = path.split("/")
    in_feature = len(parts) > 2 and parts[0] == "Sources" and parts[1] in ("Triad", "TriadModel") and parts[2] in FEATURES
    if in_feature and path.endswith(".swift"):
        checked += 1
        for number, line in enumerate(text.split("\n"), 1):
            if RECORDING.search(line):
                problems.append(f"{path}:{number}: recording or diagnostic code in a lesson: {line.strip()}")
    if path == "build-aux/check-lessons.py":
        continue  # this file names what it looks for
    for number, comment in comments(path, text):
        checked += 1
        if ISSUE.search(comment):
            problems.append(f"{path}:{number}: an issue number in a comment (say why in words): {comment.strip()}")
        if MEASUREMENT.search(comment):
            problems.append(f"{path}:{number}: a measurement in a comment (figures go in docs/): {comment.strip()}")

for path in sorted(glob.glob("**/*.swift", recursive=True)):
    if path.startswith((".build", "build/")):
        continue
    checked += 1
    lines = open(path, encoding="utf-8").read().count("\n")
    if lines > LONGEST:
        problems.append(f"{path}: {lines} lines, over {LONGEST}")

finish("check-lessons", f"{len(sources)} source files; lessons in {', '.join(FEATURES)}", problems, checked=checked)
