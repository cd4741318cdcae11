"""The lessons' classic mistakes, as the build and `make check-mistakes` read them: the table of
Sources/TriadModel/Learning/Mistakes.swift (each mistake's lesson class, its mistaken class and the
members they differ in), where each class is declared, and the lines the two classes differ in.

A mistaken class is the lesson's class copied, renamed, and changed in the named members only. So
the two are compared with the mistaken class's name read as the lesson's: the class's own doc
comment may differ (it says what the mistake is), every other line that differs must lie in one of
the named members (with that member's doc comment and attributes) in the class it is in.
"""
import difflib
import functools
import glob
import os
import re

from source_text import split

TABLE = os.path.join("Sources", "TriadModel", "Learning", "Mistakes.swift")
ENTRY = re.compile(r'rightType:\s*"(\w+)",\s*mistakenType:\s*"(\w+)",\s*members:\s*\[([^\]]*)\]', re.S)


def table(root):
    """(right type, mistaken type, [members]) for each mistake of the table."""
    text = open(os.path.join(root, TABLE), encoding="utf-8").read()
    return [(right, mistaken, re.findall(r'"([^"]+)"', members)) for right, mistaken, members in ENTRY.findall(text)]


@functools.lru_cache(maxsize=None)
def sources(root):
    """Each Swift source under Sources/: its path, its text, and its code with comments and
    strings blanked."""
    found = []
    for path in sorted(glob.glob(os.path.join(root, "Sources", "**", "*.swift"), recursive=True)):
        text = open(path, encoding="utf-8").read()
        if re.search(r"\bclass\s", text):
            found.append((path, text, split(path, text)[0]))
    return found


def declaration(root, name):
    """Where class `name` is declared: (path, its lines, the class line's index, its closing brace's
    index, its code with comments and strings blanked), or None."""
    pattern = re.compile(r"^\s*(?:(?:public|internal|private|fileprivate|final|open)\s+)*class\s+" + name + r"\b")
    for path, text, code in sources(root):
        code_lines = code.split("\n")
        for index, line in enumerate(code_lines):
            if pattern.match(line):
                end = closing(code_lines, index)
                if end is not None:
                    return os.path.relpath(path, root), text.split("\n"), index, end, code_lines
    return None


def closing(code_lines, index):
    """The index of the line that closes the brace opened on (or after) line `index`."""
    depth, opened = 0, False
    for at in range(index, len(code_lines)):
        for character in code_lines[at]:
            if character == "{":
                depth, opened = depth + 1, True
            elif character == "}":
                depth -= 1
                if opened and depth == 0:
                    return at
    return None


def header(lines, index):
    """The first line of the doc comment and attributes above line `index`."""
    start = index
    while start > 0 and re.match(r"^\s*(///|@\w+)", lines[start - 1]):
        start -= 1
    return start


def labels(parameters):
    """`init(model:mode:over:)`'s labels, from a parameter list's text (`model: NoteModel, …`)."""
    found, depth, part = [], 0, ""
    for character in parameters.replace("->", "  ") + ",":
        if character in "([<":
            depth += 1
        elif character in ")]>":
            depth -= 1
        if character == "," and depth == 0:
            if part.strip():
                found.append(part.split(":")[0].split()[0])
            part = ""
        else:
            part += character
    return found


def member_ranges(decl, member):
    """The (first, last) line indexes of `member` in the class `decl` (its doc comment and
    attributes included), or None: `delegate`, `logIn()`, `init(model:mode:over:)`."""
    _, lines, start, end, code_lines = decl
    name = member.split("(")[0]
    wanted = member[len(name) + 1:-1].split(":")[:-1] if "(" in member else None
    if wanted is None:
        pattern = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|static|lazy|weak|unowned|final|override)"
                             r"(?:\([\w ]+\))?\s+)*(?:var|let)\s+" + re.escape(name) + r"\b")
    else:
        keyword = "init" if name == "init" else r"func\s+" + re.escape(name)
        pattern = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|static|final|override|mutating)\s+)*"
                             + keyword + r"\s*\(")
    depth = code_lines[start].count("{") - code_lines[start].count("}")
    for at in range(start + 1, end):
        line = code_lines[at]
        if depth == 1 and pattern.match(line):
            if wanted is not None:
                text = " ".join(code_lines[at:end])
                opened = text.index("(", text.index(name)) + 1
                level, close = 1, opened
                while level and close < len(text):
                    level += {"(": 1, ")": -1}.get(text[close], 0)
                    close += 1
                if [label if label != "_" else "_" for label in labels(text[opened:close - 1])] != wanted:
                    depth += line.count("{") - line.count("}")
                    continue
            last = closing(code_lines, at) if "{" in line or (at + 1 < end and code_lines[at + 1].strip().startswith("{")) else at
            if wanted is not None and last is None:
                last = at
            return header(lines, at), last if last is not None else at
        depth += line.count("{") - line.count("}")
    return None


def compare(root, right, mistaken, members):
    """The lines that differ (1-based, in each file), and the problems: a class not found, or a
    line that differs outside the named members."""
    problems = []
    good, bad = declaration(root, right), declaration(root, mistaken)
    for name, decl in ((right, good), (mistaken, bad)):
        if decl is None:
            problems.append(f"the class {name} is not declared under Sources/")
    if problems:
        return [], [], problems
    right_path, right_lines, right_start, right_end, _ = good
    wrong_path, wrong_lines, wrong_start, wrong_end, wrong_code = bad
    unnamed = [m for m in members if member_ranges(bad, m) is None]
    for member in unnamed:
        problems.append(f"{wrong_path}: {mistaken} has no member {member}, which the table names")
    rename = re.compile(r"\b" + mistaken + r"\b")
    before = right_lines[right_start:right_end + 1]
    after = [rename.sub(right, line) for line in wrong_lines[wrong_start:wrong_end + 1]]
    allowed_right = [r for r in (member_ranges(good, m) for m in members) if r]
    allowed_wrong = [r for r in (member_ranges(bad, m) for m in members) if r]

    def inside(index, ranges):
        return any(first <= index <= last for first, last in ranges)

    right_changed, wrong_changed = [], []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for i in range(i1, i2):
            index = right_start + i
            right_changed.append(index + 1)
            if not inside(index, allowed_right):
                problems.append(f"{right_path}:{index + 1}: differs from {mistaken} outside {', '.join(members)}: "
                                f"{right_lines[index].strip()!r}")
        for j in range(j1, j2):
            index = wrong_start + j
            wrong_changed.append(index + 1)
            if not inside(index, allowed_wrong):
                problems.append(f"{wrong_path}:{index + 1}: differs from {right} outside {', '.join(members)}: "
                                f"{wrong_lines[index].strip()!r}")
        if j1 == j2:  # lines taken out: the line before the gap is where the mistake shows
            wrong_changed.append(wrong_start + j1)
    # The mistaken class's file holds that class alone (and its imports).
    for at, line in enumerate(wrong_code):
        if (at < header(wrong_lines, wrong_start) or at > wrong_end) and line.strip() and not line.strip().startswith("import "):
            problems.append(f"{wrong_path}:{at + 1}: the file of a mistaken class holds that class alone: {wrong_lines[at].strip()!r}")
    if not right_changed and not wrong_changed:
        problems.append(f"{mistaken} does not differ from {right}: it makes no mistake")
    return sorted(set(right_changed)), sorted(set(wrong_changed)), problems
