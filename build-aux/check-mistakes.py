#!/usr/bin/python3
"""`make check-mistakes`: each classic mistake the app lets a learner switch on is the lesson's
class with the lines the mistake is about changed, and nothing else.

    check-mistakes.py [--root DIR]

For each mistake of Sources/TriadModel/Learning/Mistakes.swift, its mistaken class (in a
`Mistakes/` folder beside the lesson) is compared with the lesson's class, the mistaken class's
name read as the lesson's (build-aux/mistakes.py). Fails when a line differs outside the members
the table names, when a named member is missing, when the two do not differ at all, when the file
of a mistaken class holds anything but that class, or when a mistaken class lives outside a
`Mistakes/` folder."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from check_report import finish, root  # noqa: E402
from mistakes import compare, declaration, table  # noqa: E402

ROOT = root()
problems, checked = [], 0
entries = table(ROOT)
if not entries:
    problems.append("no mistake found in Sources/TriadModel/Learning/Mistakes.swift")
for right, mistaken, members in entries:
    checked += 1
    right_lines, wrong_lines, found = compare(ROOT, right, mistaken, members)
    problems += found
    where = declaration(ROOT, mistaken)
    if where and "/Mistakes/" not in "/" + where[0]:
        problems.append(f"{where[0]}: the mistaken class {mistaken} lives outside a Mistakes/ folder")
    if not found:
        print(f"check-mistakes: {mistaken} differs from {right} in {', '.join(members)} only "
              f"(lines {', '.join(map(str, right_lines)) or '–'} and {', '.join(map(str, wrong_lines)) or '–'})")
finish("check-mistakes", f"{len(entries)} mistakes compared with their lessons' classes", problems, checked=checked)
