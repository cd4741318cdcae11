#!/usr/bin/python3
"""`make check-lessons`: the code reads like the lessons it teaches.

    check-lessons.py [--root DIR]

- The lesson folders (Adder, Address, Login, Users, Note, Chart, in Sources/Triad and
  Sources/TriadModel, at any depth) hold no recording, diagnostic or console code: the Messages
  pane records through GtkKit's watcher, the model's observation tap and the stand-ins of
  Sources/Triad/Messages/Seam, none of which a lesson names; diagnostics are called from the app
  shell; a lesson prints nothing to a terminal (print, debugPrint, dump, fputs, NSLog, putchar, …
  or the standard streams).
- The app's lesson folders, and the users page's file tools (Sources/Triad/UserFiles), are Swift
  all the way down to GtkKit's door: no C module imported (CGtk…), no C pointer (Unsafe…Pointer,
  OpaquePointer) and no C call (gtk_, g_, gdk_, cairo_, pango_, atk_, and the model's libraries:
  sqlite3_, crypt_, pwquality_, pthread_, dlopen, memset…); GtkKit's typed widgets stand for them.
  The model's lesson folders (Sources/TriadModel/<lesson>) likewise: their C (libxcrypt,
  libpwquality, GLib's Unicode folding, the clock) lives in rooms of its own
  (Sources/TriadModel/Security, Sources/TriadModel/Support, Sources/TriadModel/Store), which
  the lessons call in Swift. The
  diagnostic types are every type Sources/Triad/Diagnostics declares, read from the compiler's
  symbol graph where a build left one under build/, and from the folder's declarations always,
  so a new report is covered the day it is written.
- GtkKit is the app's one door to C: no file under Sources/Triad (the shell, Desktop,
  Diagnostics, the Messages pane, main.swift) imports CGtk or another GTK module (CGtkSourceView).
- No file under Sources imports Foundation, FoundationEssentials, FoundationInternationalization
  or any other Foundation module, with or without an attribute (`@preconcurrency import`,
  `@_implementationOnly import`, `import struct Foundation.Data`): the app is linked statically,
  so one such import anywhere takes Foundation (and with Foundation its Unicode data) into the
  binary, and the app's memory at start grows with it. The model writes and reads its own JSON
  (UserStore/Import, Support/JSONText.swift); the tests may import Foundation.
- The lessons' comments speak of the lesson only: none names the Messages pane, its recorder, its
  seam or a stand-in for it (the seam is woven where the pages are made, Shell/FeatureCatalog).
- No source comment cites an issue ("#16", "GH-16", "issue 16", "issues 16 and 17", "bug 16", a
  tracker's URL), the tests' and benchmarks' included; and no comment of the app's or the build's
  sources quotes a measurement (a figure with a unit of time, memory, rate or instructions, a
  percentage, a ratio such as 3x, 3×, ×1.2, "twice as fast", "half the time", "4 times slower"):
  comments say why in words, figures live in docs/BENCHMARKS.md (which make bench writes). Only
  comments are read: a string literal may hold any figure.
- No Swift file is over 250 lines; 400 in Sources/GtkKit, where one type's private state would
  otherwise be spread over files."""
import glob
import json
import os
import re

from check_report import finish, root
from source_text import split

ROOT = root()
os.chdir(ROOT)
LESSONS = ["Adder", "Address", "Login", "Users", "Note", "Chart"]
RECORDING = re.compile(r"MessageLog|SignalTrace|DataSourceTrace|\bRecording[A-Z]\w*|\w+Recorder\b|\bWatching\.|"
                       r"\bObservationTap\.|\.tell\(|\.should\(|\.will\(|\.did\(|forward\(to:")
# What only GtkKit may hold: a C module, a C pointer, a C function.
C_IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(C[A-Z]\w*|Glibc|TriadResources)\b")
GTK_IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(CGtk\w*)\b")
FOUNDATION_IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
                               r"(Foundation\w*)\b")
ABOUT_THE_PANE = re.compile(r"(?i)messages pane|\brecorder\b|\bthe seam\b|stand[- ]in\b.*\b(?:pane|recorder|seam)")
C_POINTER = re.compile(r"\b(?:Unsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer|OpaquePointer|WidgetPointer|GObjectPointer)\b")
C_CALL = re.compile(r"(?<![\w.])(?<!func )(?:(?:gtk|g|gdk|cairo|pango|atk|sqlite3|crypt|pwquality|pthread)_\w+|crypt|dlopen|dlsym|dlclose|"
                    r"memset|memcpy|memmove|malloc|calloc|free)\s*\(")
C_FREE = ([("Sources", "Triad", lesson) for lesson in LESSONS] + [("Sources", "Triad", "UserFiles")]
          + [("Sources", "TriadModel", lesson) for lesson in LESSONS])
# What stands for C in each target, said with the problem.
INSTEAD = {"Triad": "in a view or controller (GtkKit's typed widgets stand for it)",
           "TriadModel": "in a lesson's model (C belongs in Sources/TriadModel/Security, Support or Store, called in Swift)"}
# Writing to a terminal: Swift's own, C's (through Glibc), Foundation's and GLib's.
CONSOLE = re.compile(r"(?<![\w.])(?<!func )(?:print|debugPrint|dump|fputs|fputc|fprintf|printf|vprintf|puts|putchar|putc|"
                     r"putwchar|perror|NSLog|os_log|g_print|g_printerr|g_message|g_debug)\s*\(|"
                     r"\bSwift\.(?:print|debugPrint|dump)\s*\(|FileHandle\.standard(?:Output|Error)\b|"
                     r"(?<![\w.])(?:stdout|stderr)\b|\bfwrite\s*\([^)]*\b(?:stdout|stderr)\b|\bwrite\s*\(\s*[12]\s*,")

ISSUE = re.compile(r"(?<![\w&])#\d+\b"                                   # #17
                   r"|\b(?:GH|gh|SR|FB)-\d+\b"                             # GH-17, SR-17
                   r"|\brdar://\S*\d"
                   r"|(?i:\b(?:issues?|bugs?|tickets?|pull requests?|PRs?|merge requests?|MRs?)\b[\s:]*(?:#|no\.|nos\.|number)?\s*\d+\b)"
                   r"|/(?:issues|pull|pulls|merge_requests)/\d+"          # a tracker's URL
                   r"|show_bug\.cgi\?id=\d+")
UNIT = (r"(?:ns|µs|μs|us|ms|s|secs?|seconds?|milliseconds?|microseconds?|nanoseconds?|mins?|minutes?|hrs?|hours?|"
        r"B|bytes?|[kKMGT]i?B|kilobytes?|megabytes?|gigabytes?|fps|[kMG]?Hz|ops/s|"
        r"M instructions|[kMG]?instructions|cycles|%|percent|per ?cent|pct)")
# A figure, or a range of them ("100-200 ms"); not the 8 of "UTF-8" nor the 0 of "\0".
NUMBER = r"(?<![\w.\\-])[~≈<>]?(?:\d+(?:[.,]\d+)*\s?[-–]\s?)?\d+(?:[.,]\d+)*"
TIMES = r"(?:faster|slower|quicker|longer|shorter|more|less|fewer|larger|smaller|bigger|higher|lower|as|the)\b"
COUNTED = (r"(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|fifty|a hundred|hundred|"
           r"a thousand|thousand|a million)")
MEASUREMENT = re.compile(
    NUMBER + r"\s?" + UNIT + r"(?![\w])"                                     # 16 ms, 3 MB, 40 %
    r"|" + NUMBER + r"\s?[x×](?![\w])(?!\s*\d)"                               # 3x, 3× (not 3 x 4)
    r"|(?<![\w])(?<!\d\s)×\s?\d"                                              # ×1.2, ×2 (not 400 × 300)
    r"|(?<![\w])x\s?\d+\.\d+"                                                 # x1.2
    r"|(?<![\w])[x×]\s?\d+\s+" + TIMES +                                      # x2 faster
    r"|(?i:\b" + COUNTED + r"[\s-]+(?:times|fold)\s+" + TIMES + r")"          # 4 times slower
    r"|(?i:\b\d+(?:\.\d+)?-fold\b)"
    r"|(?i:\b(?:twice|thrice)\s+(?:as|the|faster|slower|longer|shorter|more|less)\b)"  # twice as fast
    r"|(?i:\bhalf\s+(?:as|the)\s+(?:fast|slow|long|short|much|many|time|memory|speed|size|cost|work)\b)"  # half the time
    r"|(?i:\border(?:s)? of magnitude\b)")
LONGEST = 250
LONGEST_IN_GTKKIT = 400

problems = []
checked = 0


def diagnostic_types():
    """Every type (and top-level function) Sources/Triad/Diagnostics declares: from the compiler's
    symbol graph of the Triad module where one is under build/, and from the declarations."""
    names, sources = set(), []
    for graph in glob.glob("build/**/Triad.symbols.json", recursive=True) + glob.glob(".build/**/Triad.symbols.json", recursive=True):
        try:
            symbols = json.load(open(graph, encoding="utf-8")).get("symbols", [])
        except (OSError, ValueError):
            continue
        sources.append(graph)
        for symbol in symbols:
            uri = symbol.get("location", {}).get("uri", "")
            path = symbol.get("pathComponents") or []
            if "/Sources/Triad/Diagnostics/" in uri and path:
                names.add(path[0])
    for path in glob.glob("Sources/Triad/Diagnostics/**/*.swift", recursive=True):
        code, _ = split(path, open(path, encoding="utf-8").read())
        sources.append(path)
        names.update(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)", code))
        names.update(re.findall(r"^(?:public\s+|internal\s+|@\w+\s+)*(?:func|let|var)\s+([A-Za-z_]\w*)", code, re.M))
    return names, sources


DIAGNOSTICS, diagnostic_sources = diagnostic_types()
DIAGNOSTIC = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, DIAGNOSTICS))) + r")\b") if DIAGNOSTICS else None



def files(*patterns):
    return {f for pattern in patterns for f in glob.glob(pattern, recursive=True)
            if os.path.isfile(f) and "-generated." not in f}


# Measurements are looked for in the app's and the build's sources; the tests and the benchmark
# scripts may state the sizes and waits they use. An issue reference is wrong in any of them.
MEASURED = files("Sources/**/*.swift", "Sources/**/*.ui", "Sources/**/*.c", "Sources/**/*.h", "Sources/**/*.modulemap",
                 "Resources/*.ui", "Resources/*.css", "Resources/*.xml",
                 "Package.swift", "Makefile", "build-aux/*.sh", "build-aux/*.py", "build-aux/*.mk",
                 "benchmarks/**/*.swift", "Tests/StoreStress/*.swift")
sources = MEASURED | files("Tests/**/*.swift", "Tests/**/*.py", "Tests/**/*.c", "Tests/**/*.sh", "benchmarks/**/*.py",
                           "benchmarks/**/*.c", "benchmarks/**/*.h", "benchmarks/**/*.sh")

lesson_files = 0
for path in sorted(sources):
    text = open(path, encoding="utf-8").read()
    code, comments = split(path, text)
    parts = path.split("/")
    in_lesson = len(parts) > 2 and parts[0] == "Sources" and parts[1] in ("Triad", "TriadModel") and parts[2] in LESSONS
    if len(parts) > 2 and tuple(parts[:3]) in C_FREE and path.endswith(".swift"):
        lines = text.split("\n")
        for number, line in enumerate(code.split("\n"), 1):
            checked += 1
            shown = lines[number - 1].strip()
            for pattern, what in [(C_IMPORT, "a C module imported"), (C_POINTER, "a C pointer"), (C_CALL, "a C call")]:
                match = pattern.search(line)
                if match:
                    problems.append(f"{path}:{number}: {what} ({match.group(0).strip().rstrip('(').strip()}) "
                                    f"{INSTEAD[parts[1]]}: {shown}")
    if path.startswith("Sources/Triad/") and path.endswith(".swift"):
        for number, line in enumerate(code.split("\n"), 1):
            checked += 1
            match = GTK_IMPORT.search(line)
            if match:
                problems.append(f"{path}:{number}: import {match.group(1)} outside GtkKit (GtkKit is the app's one door to C: "
                                f"give it the type this file needs)")
    if path.startswith("Sources/") and path.endswith(".swift"):
        lines = text.split("\n")
        for number, line in enumerate(code.split("\n"), 1):
            checked += 1
            match = FOUNDATION_IMPORT.search(line)
            if match:
                problems.append(f"{path}:{number}: import {match.group(1)} (the static link takes Foundation into the app, and its "
                                f"memory at start grows: use the standard library, Glibc, or the model's own JSON): "
                                f"{lines[number - 1].strip()}")
    if in_lesson and path.endswith(".swift"):
        lesson_files += 1
        for number, comment in comments:
            checked += 1
            match = ABOUT_THE_PANE.search(comment)
            if match:
                problems.append(f"{path}:{number}: a lesson's comment about the Messages pane ({match.group(0)}): "
                                f"say what the lesson does: {comment.strip()}")
        lines = text.split("\n")
        for number, line in enumerate(code.split("\n"), 1):
            checked += 1
            shown = lines[number - 1].strip()
            if RECORDING.search(line):
                problems.append(f"{path}:{number}: recording code in a lesson: {shown}")
            match = DIAGNOSTIC.search(line) if DIAGNOSTIC else None
            if match:
                problems.append(f"{path}:{number}: the diagnostic type {match.group(0)} (Sources/Triad/Diagnostics) "
                                f"used in a lesson (call diagnostics from the app shell): {shown}")
            match = CONSOLE.search(line)
            if match:
                problems.append(f"{path}:{number}: console output ({match.group(0).rstrip('( ')}) in a lesson "
                                f"(the Messages pane shows what a lesson does): {shown}")
    if path in ("build-aux/check-lessons.py", "Tests/Checks/run.py"):
        continue  # these name what the check looks for
    for number, comment in comments:
        checked += 1
        match = ISSUE.search(comment)
        if match:
            problems.append(f"{path}:{number}: an issue reference ({match.group(0)}) in a comment (say why in words): "
                            f"{comment.strip()}")
        match = MEASUREMENT.search(comment) if path in MEASURED else None
        if match:
            problems.append(f"{path}:{number}: a measurement ({match.group(0).strip()}) in a comment "
                            f"(figures go in docs/BENCHMARKS.md): {comment.strip()}")

for path in sorted(glob.glob("**/*.swift", recursive=True)):
    if path.startswith((".build", "build/")):
        continue
    checked += 1
    lines = open(path, encoding="utf-8").read().count("\n")
    longest = LONGEST_IN_GTKKIT if path.startswith("Sources/GtkKit/") else LONGEST
    if lines > longest:
        problems.append(f"{path}: {lines} lines, over {longest}")

if not DIAGNOSTICS:
    problems.append("no diagnostic type found in Sources/Triad/Diagnostics (the lessons cannot be checked against them)")
finish("check-lessons", f"{len(sources)} source files; {lesson_files} lesson files in {', '.join(LESSONS)}; "
       f"{len(DIAGNOSTICS)} diagnostic names from {len(diagnostic_sources)} files", problems, checked=checked)
