#!/usr/bin/python3
"""Mutation testing of the model (`make mutants`).

Makes one-line mutants of TriadModel's sources (a comparison or a literal bound moved, an
arithmetic or logical operator swapped, a Boolean or whole-number literal changed, a call or a
`throw` taken out, a condition negated, a `return true/false` flipped), and for each one builds
the model's tests and runs the test classes that cover the mutated file. A mutant the tests fail
on is killed; one they pass is a survivor, which a new test should kill or docs/TESTING.md should
show to be equivalent (its tables under "The survivors", which this script reads: a survivor
they do not list makes the run fail).

The mutants are made in a scratch copy of the tree (.build-mutants/tree, with a Package.swift cut
down to the model and its tests), never in the work tree: each run first brings the copy up to
date with the work tree (which also undoes a mutant a crash left behind), and the copy keeps its
own .build, so each mutant recompiles only the model and the tests that depend on what changed.

Results are kept in .build-mutants/results.jsonl, keyed by the file's text and the mutant, so a
run can be done in parts (FILES=…, a sample, a part of n), a file whose text has not changed is
not judged again, and `--report` adds the parts up.
"""

import argparse
import hashlib
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time

ROOT = SCRATCH = TREE = RESULTS = PAUSE = ""


def configure(root):
    """The tree the mutants are made from: this script's own, or another (`--root`, as the
    script's own test gives it a small tree of its own)."""
    global ROOT, SCRATCH, TREE, RESULTS, PAUSE
    ROOT = os.path.abspath(root)
    SCRATCH = os.path.join(ROOT, ".build-mutants")
    # Two runs can go side by side, each in a scratch copy of its own (MUTANTS_SCRATCH), keeping
    # their outcomes in the one results file.
    TREE = os.path.join(ROOT, os.environ.get("MUTANTS_SCRATCH") or os.path.join(SCRATCH, "tree"))
    RESULTS = os.path.join(SCRATCH, "results.jsonl")
    # While this file exists a run waits between two mutants, so that a build of one's own (new
    # tests for the survivors) need not share the machine with the run's, nor end it.
    PAUSE = os.path.join(SCRATCH, "pause")


configure(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"
TEST_TARGET = "TriadModelTests"
TEST_ROOT = "Tests/TriadModelTests"
SLOW_TEST = 3.0  # seconds a test takes on the clean tree past which it runs in the second tier
DEFAULT_FOLDERS = [
    "Sources/TriadModel/Adder", "Sources/TriadModel/Address", "Sources/TriadModel/Login",
    "Sources/TriadModel/Users", "Sources/TriadModel/Note", "Sources/TriadModel/Chart",
    "Sources/TriadModel/UserStore/Import", "Sources/TriadModel/UserStore/Export", "Sources/TriadModel/Security",
    "Sources/TriadModel/UserStore/UserTransfers.swift",
    # The export's JSON escaper, which the session file shares and so lives with the model's support.
    "Sources/TriadModel/Support/JSONText.swift",
]
# The replay of the fuzzers' corpus, through the oracles that check each answer: it runs for every
# file (first for those the fuzz targets name, after the others' own tests for the rest).
FUZZ_CLASS = "FuzzCorpusTests"
FUZZ_FOLDER = TEST_ROOT + "/Fuzz"
# Words of a file's name too common to tie a test class to it by name alone: a class named for
# the model's other lessons (ChartModelTests for AdderModel.swift) is not the file's.
COMMON_WORDS = {"Model", "Models", "Protocol", "Error", "Errors", "Change", "View", "Presenter", "Value",
                "Values", "Kind", "Report", "Data", "Source", "Service", "Tests", "Test", "Support"}
# Where the survivors explained as equivalent are read from (docs/TESTING.md, "The survivors").
SURVIVORS_DOC = "docs/TESTING.md"


def say(text):
    print(text, flush=True)


# ---------------------------------------------------------------------------------------------
# The scratch tree


def work_tree_files():
    """The work tree's files as git sees them: tracked, and new ones not ignored; outside a git
    work tree, every file but the build folders."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True)
    names = [n for n in listed.stdout.decode().split("\0") if n] if listed.returncode == 0 else []
    if not names:
        for folder, folders, files in os.walk(ROOT):
            folders[:] = [d for d in folders if d not in (".git", "build") and not d.startswith(".build")]
            names += [os.path.relpath(os.path.join(folder, f), ROOT) for f in files]
    return sorted(f for f in names if f and os.path.isfile(os.path.join(ROOT, f)))


def trimmed_package(text):
    """Package.swift with only the test target and what it depends on: the mutants then rebuild
    neither the app nor the toolkit. If the manifest cannot be read that way, it is kept whole."""
    start = text.find("targets: [")
    if start < 0:
        return text
    i = start + len("targets: [")
    depth, element_start, elements = 0, None, []
    in_string = False
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "/" and text.startswith("//", i):
            i = text.index("\n", i)
            continue
        elif c in "([":
            if depth == 0 and c == "(":
                element_start = text.rfind(".", start, i)
            depth += 1
        elif c in ")]":
            if depth == 0:
                break
            depth -= 1
            if depth == 0 and c == ")" and element_start is not None:
                elements.append((element_start, i + 1))
                element_start = None
        i += 1
    else:
        return text
    targets = {}
    for a, b in elements:
        body = text[a:b]
        name = re.search(r'name:\s*"([^"]+)"', body)
        if not name:
            return text
        deps = re.search(r"dependencies:\s*\[([^\]]*)\]", body)
        targets[name.group(1)] = (a, b, re.findall(r'"([^"]+)"', deps.group(1)) if deps else [])
    if TEST_TARGET not in targets:
        return text
    keep, todo = set(), [TEST_TARGET]
    while todo:
        name = todo.pop()
        if name in keep or name not in targets:
            continue
        keep.add(name)
        todo += targets[name][2]
    out = text
    for name, (a, b, _) in sorted(targets.items(), key=lambda t: -t[1][0]):
        if name not in keep:
            end = b + 1 if out[b:b + 1] == "," else b
            out = out[:a] + out[end:]
    return out


def sync_tree():
    """Brings the scratch copy up to date with the work tree, writing only files whose text
    differs (so the copy's build stays incremental) and removing sources the work tree lost."""
    files = work_tree_files()
    wanted = set(files)
    changed = 0
    for rel in files:
        src = os.path.join(ROOT, rel)
        dst = os.path.join(TREE, rel)
        with open(src, "rb") as f:
            data = f.read()
        if rel == "Package.swift":
            data = trimmed_package(data.decode()).encode()
        # The mode too: the build runs scripts of build-aux (the resource plugin's), and a script
        # first copied without its execute bit would stay unrunnable in the copy.
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    shutil.copymode(src, dst)
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        shutil.copymode(src, dst)
        changed += 1
    for top in ("Sources", "Tests"):
        for folder, _, names in os.walk(os.path.join(TREE, top)):
            for name in names:
                rel = os.path.relpath(os.path.join(folder, name), TREE)
                if rel not in wanted:
                    os.remove(os.path.join(folder, name))
                    changed += 1
    return changed


# The address space a mutant's tests may take: a mutant that allocates without end (a loop whose
# step is turned round, a size multiplied) then fails its allocation and dies, instead of taking
# the memory of a machine that others share before the timeout comes.
TEST_MEMORY = int(os.environ.get("MUTANTS_MEMORY_GB") or 8) << 30


def run(args, timeout, log=None, memory=None):
    """Runs a command in the scratch tree in a process group of its own, its address space
    limited to `memory` bytes if given; returns (status, output, seconds), with status None when
    it ran past `timeout` and was killed."""
    started = time.monotonic()

    def limit():
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    proc = subprocess.Popen(args, cwd=TREE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True, preexec_fn=limit)
    try:
        out, _ = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        status = None
    text = out.decode(errors="replace")
    if log:
        with open(log, "w") as f:
            f.write(text)
    return status, text, time.monotonic() - started


def build(timeout):
    return run([SWIFT, "build", "--build-tests"], timeout,
               os.path.join(TREE, "..", os.path.basename(TREE) + "-build.log"))


def test_bundle():
    """The test bundle `swift build --build-tests` made, and the test cases it holds
    (`Class.method`). The mutants' tests are run on it directly, with the cases to run listed,
    as `swift test --skip-build --filter` would run it, without SwiftPM's start per mutant."""
    status, out, _ = run([SWIFT, "build", "--show-bin-path"], 600)
    folder = out.strip().splitlines()[-1] if status == 0 and out.strip() else ""
    bundles = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith("PackageTests.xctest")) \
        if os.path.isdir(folder) else []
    bundle = next((b for b in bundles if os.path.isfile(b)), None)
    if not bundle:
        return None, []
    status, out, _ = run([bundle, "--list-tests"], 600)
    prefix = TEST_TARGET + "."
    cases = [line.strip()[len(prefix):].replace("/", ".") for line in out.splitlines() if line.strip().startswith(prefix)]
    return bundle, cases


def run_tests(bundle, cases, timeout, log="test.log"):
    """Runs the test cases (`Class.method`) in the bundle; (status, output, seconds)."""
    names = ",".join(f"{TEST_TARGET}.{c.replace('.', '/')}" for c in sorted(cases))
    return run([bundle, names], timeout, os.path.join(TREE, "..", os.path.basename(TREE) + "-" + log), TEST_MEMORY)


# ---------------------------------------------------------------------------------------------
# Which tests cover a file


def declared_types(text):
    names = set(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", text))
    if not names:
        names = set(re.findall(r"\bextension\s+([A-Z]\w*)", text))
    return names


def test_classes_by_file():
    """Each test file of the model's tests and the XCTest classes it holds."""
    found = {}
    for folder, _, names in os.walk(os.path.join(ROOT, TEST_ROOT)):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                text = open(path, encoding="utf-8").read()
                found[os.path.relpath(path, ROOT)] = (text, re.findall(r"\bclass\s+(\w+)\s*:\s*XCTestCase\b", text))
    return found


def model_types():
    """Each model source file (relative path) with its text and the types it declares."""
    found = {}
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources/TriadModel")):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                text = open(path, encoding="utf-8").read()
                found[os.path.relpath(path, ROOT)] = (text, declared_types(text))
    return found


def naming(types):
    return re.compile(r"\b(" + "|".join(sorted(types)) + r")\b") if types else None


def group_of(source):
    """The folder a file's tests are looked for by: a lesson's (Adder, Chart…), or the user files'
    import and export together (each reads what the other writes)."""
    parts = source.split("/")
    return "UserStore" if parts[2] == "UserStore" else parts[2]


def camel_words(name):
    """The words of a CamelCase name, an acronym one word: CSVParser → CSV, Parser; UserIDs → User, IDs."""
    return re.findall(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", name)


def classes_named_like(source, tests):
    """The test classes whose names match the file's: (those that hold its whole name, as
    CSVParserTests for CSVParser.swift; those that hold one of its words, as any *CSV* class).
    Words of a name are matched whole (`User` is not `Users`), and COMMON_WORDS not at all."""
    stem = camel_words(os.path.splitext(os.path.basename(source))[0])
    words = {w for w in stem if len(w) >= 3 and w not in COMMON_WORDS}
    whole, by_word = set(), set()
    for _, names in tests.values():
        for name in names:
            own = camel_words(name)
            if any(own[i:i + len(stem)] == stem for i in range(len(own))):
                whole.add(name)
            elif words & set(own):
                by_word.add(name)
    return whole, by_word


def covering_classes(source, tests, sources):
    """The test classes for a model file, in two tiers run one after the other. First those in any
    test file that names one of the file's types (for a file no test names, those that name the
    types of the model files that use it), those whose name holds the file's, and the fuzz
    corpus's replay if the fuzz targets or their oracles name one of its types; then, if the
    mutant survives them, the rest of its group (the lesson's test folder,
    Tests/TriadModelTests/<Lesson>/, or for the user files' import and export every test class
    that names a type of either), the classes whose name holds a word of the file's, and the fuzz
    corpus's replay."""
    def naming_classes(types):
        words = naming(types)
        return {c for text, names in tests.values() if words and words.search(text) for c in names}

    types = sources[source][1]
    first = naming_classes(types)
    if not first and naming(types):
        words = naming(types)
        users = [t for path, (text, t) in sources.items() if path != source and words.search(text)]
        first = naming_classes(set().union(*users)) if users else set()
    group = group_of(source)
    rest = set()
    if group == "UserStore":
        for path, (_, t) in sources.items():
            if path.startswith(("Sources/TriadModel/UserStore/Import/", "Sources/TriadModel/UserStore/Export/")):
                rest |= naming_classes(t)
    else:
        for path, (_, names) in tests.items():
            if path.startswith(f"{TEST_ROOT}/{group}/"):
                rest.update(names)
    whole, by_word = classes_named_like(source, tests)
    first |= whole
    rest |= by_word
    every_class = {c for _, names in tests.values() for c in names}
    if FUZZ_CLASS in every_class:
        fuzz_text = "\n".join(text for path, (text, _) in tests.items() if path.startswith(FUZZ_FOLDER + "/"))
        words = naming(types)
        if words and words.search(fuzz_text):
            first.add(FUZZ_CLASS)
        else:
            rest.add(FUZZ_CLASS)
    if not first:
        first, rest = rest, set()
    return frozenset(first), frozenset(rest - first)


# ---------------------------------------------------------------------------------------------
# The mutants


def mask_strings(line):
    """The line with string literals' insides and any trailing comment blanked, so that operators
    are looked for in code only. None for a line that is all comment or in a multi-line string."""
    out, i, in_string = [], 0, False
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\" and i + 1 < len(line):
                out.append("  ")
                i += 2
                continue
            if c == '"':
                in_string = False
                out.append(c)
            else:
                out.append(" ")
        elif c == '"':
            in_string = True
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


COMPARISONS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
# A binary operator has a space either side and an operand before it (a line that starts with
# `>` closes a generic parameter list); a literal bound is a number, not `$0`.
COMPARISON = re.compile(r"(?<=\S\s)(<=|>=|==|!=|<|>)(?=\s)")
LITERAL_BOUND = re.compile(r"(?:(?<=\S\s)(?:<=|>=|==|!=|<|>)\s+(-?\d[\d_]*)\b(?![.\d])|\b(?<![.\w$])(\d[\d_]*)\s+(?:<=|>=|==|!=|<|>)(?=\s))")
KEYWORDS = ("return", "let", "var", "if", "guard", "throw", "case", "default", "else", "for", "while",
            "switch", "defer", "do", "catch", "import", "func", "init", "deinit", "public", "private",
            "internal", "fileprivate", "static", "final", "class", "struct", "enum", "protocol",
            "extension", "typealias", "override", "@", "#", "}", "{", ".", "super.init", "self.init",
            "repeat", "break", "continue", "fallthrough", "where", "precondition", "assert",
            "preconditionFailure", "fatalError", "nonisolated", "mutating", "lazy", "weak")


# Arithmetic: each operator to its counterpart; `%` (whole numbers only in Swift) to `*`, as
# other mutation tools do. The operator stands between spaces with an operand before it, as a
# comparison does (so neither a unary minus nor `->` is one).
ARITHMETIC = {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*", "+=": "-=", "-=": "+=", "*=": "/=", "/=": "*=",
              "%=": "*=", "&+": "&-", "&-": "&+"}
ARITHMETIC_OP = re.compile(r"(?<=\S\s)(&\+|&-|\+=|-=|\*=|/=|%=|[-+*/%])(?=\s)")
LOGICAL = {"&&": "||", "||": "&&"}
LOGICAL_OP = re.compile(r"(?<=\S\s)(&&|\|\|)(?=\s)")
BOOLEAN = re.compile(r"(?<![.\w$])(true|false)\b")
# A whole-number literal (decimal, hexadecimal, octal or binary): not part of a name, a `$0`, a
# tuple's `.1` or a decimal fraction, nor followed by one.
INTEGER = re.compile(r"(?<![\w$])(0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+|\d[\d_]*)(?![\w])(?!\.\d)")
# Literals whose change means nothing the program can do: how much memory a collection sets aside
# or keeps, and one value's own allocation (`allocate(capacity: 1)`).
MEANINGLESS_LITERAL = re.compile(r"(reserveCapacity\(|minimumCapacity:\s*|keepingCapacity:\s*|allocate\(capacity:\s*)$")


def integer_changes(literal, negative):
    """The values a whole-number literal is changed to: one more, and 1 to 0 (0 to 1 is one more)."""
    digits = literal.replace("_", "")
    base = {"0x": 16, "0o": 8, "0b": 2}.get(digits[:2].lower(), 10)
    value = int(digits[2:] if base != 10 else digits, base) * (-1 if negative else 1)
    changed = [value + 1] + ([0] if value == 1 else [])

    def spelled(n):
        if base == 10 or n < 0:
            return str(n)
        text = {16: f"{n:x}", 8: f"{n:o}", 2: f"{n:b}"}[base]
        return digits[:2] + (text.upper() if digits[2:].upper() == digits[2:] and base == 16 else text)
    return [spelled(n) for n in changed]


CONTINUED = ("(", "[", ",", "=", "+", "-", "*", "/", "&&", "||", "??", ".", "<", ">", "return", "throw", "try", "await")


def balanced(code):
    depth = 0
    for c in code:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def top_level_split(code, stop):
    """Index of the first `stop` character outside brackets, or -1."""
    depth = 0
    for i, c in enumerate(code):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif depth == 0 and code.startswith(stop, i):
            return i
    return -1


def is_call_statement(code, previous):
    """A line that is one whole call statement whose result is not used."""
    s = code.strip()
    if not s or not s.endswith(")") or not balanced(s):
        return False
    s = s.removeprefix("try ").removeprefix("try? ").removeprefix("await ")
    if s.startswith(KEYWORDS) or not re.match(r"[A-Za-z_][\w.?!]*(\(|\[)", s):
        return False
    if top_level_split(s, " = ") >= 0 or re.search(r"\s(\+|-|\*|/|\?\?|&&|\|\||==|!=|<|>|<=|>=|\+=|-=)\s", s[:s.find("(")]):
        return False
    if s.startswith(("super.", "self.init", "Self(", "L(", "LN(")):
        return False
    # A continuation of the line above (an argument, an operand, a returned value) is no statement.
    return not previous.rstrip().endswith(CONTINUED)


def negatable_condition(code):
    """(start, end) of an `if`/`guard` condition that is a plain Boolean expression, or None."""
    m = re.match(r"(\s*(?:\}\s*else\s+)?)(if|guard)\s+", code)
    if not m:
        return None
    start = m.end()
    rest = code[start:]
    if re.match(r"(let|var|case|#available|#unavailable)\b", rest) or "await " in rest:
        return None
    end_word = " else" if m.group(2) == "guard" else " {"
    end = top_level_split(rest, end_word)
    if end <= 0:
        return None
    cond = rest[:end]
    if top_level_split(cond, ",") >= 0 or not balanced(cond) or re.search(r"\b(let|var|case)\s", cond):
        return None
    return start, start + end


def mutants_of(text):
    """Every mutant of a file's text: dicts with line (counted from one), kind, original, mutated."""
    lines = text.split("\n")
    found = []
    previous_code = ""
    in_multiline_string = False
    for number, line in enumerate(lines, 1):
        if line.count('"""') % 2 == 1:
            in_multiline_string = not in_multiline_string
            continue
        if in_multiline_string:
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        code = mask_strings(line)

        made = set()

        def add(kind, mutated):
            # Two kinds can make the same line (a bound moved by one is a literal one more): the
            # first made keeps it.
            if mutated != line and mutated not in made:
                made.add(mutated)
                found.append({"line": number, "kind": kind, "original": line, "mutated": mutated})

        # A comparison changed, and a literal bound moved by one.
        if not re.match(r"\s*(import|@|#)", code):
            for m in COMPARISON.finditer(code):
                if code[max(0, m.start() - 2):m.start()].endswith(("..", "-")):
                    continue
                op = m.group(1)
                add(f"comparison {op} → {COMPARISONS[op]}", line[:m.start()] + COMPARISONS[op] + line[m.end():])
            for m in LITERAL_BOUND.finditer(code):
                group = 1 if m.group(1) is not None else 2
                a, b = m.span(group)
                literal = m.group(group).replace("_", "")
                value = int(literal)
                for delta in (1, -1):
                    add(f"bound {literal} → {value + delta}", line[:a] + str(value + delta) + line[b:])
        if not re.match(r"\s*(import|@|#)", code) and "operator" not in code:
            # An arithmetic operator swapped: not one of text (`"a" + b`, whose `-` does not
            # compile), nor an operator's own declaration.
            for m in ARITHMETIC_OP.finditer(code):
                op = m.group(1)
                if code[m.start() - 2] == '"' or code[m.end() + 1:m.end() + 2] == '"' or re.search(r"\bfunc\s*$", code[:m.start()]):
                    continue
                add(f"arithmetic {op} → {ARITHMETIC[op]}", line[:m.start()] + ARITHMETIC[op] + line[m.end():])
            # `&&` and `||` swapped.
            for m in LOGICAL_OP.finditer(code):
                op = m.group(1)
                add(f"logical {op} → {LOGICAL[op]}", line[:m.start()] + LOGICAL[op] + line[m.end():])
            # A Boolean literal flipped (`return true` is the `return` kind's, below).
            for m in BOOLEAN.finditer(code):
                before = code[:m.start()]
                if re.search(r"\breturn\s+$", before) or MEANINGLESS_LITERAL.search(before):
                    continue
                flipped = "false" if m.group(1) == "true" else "true"
                add(f"boolean {m.group(1)} → {flipped}", line[:m.start()] + flipped + line[m.end():])
            # A whole-number literal changed: one more, and 1 to 0. A literal after a lone `.` is
            # a tuple's element or a fraction; after `..` it ends a range, and is changed.
            for m in INTEGER.finditer(code):
                a, b = m.span(1)
                before = code[:a]
                if (before.endswith(".") and not before.endswith("..")) or MEANINGLESS_LITERAL.search(before):
                    continue
                negative = bool(re.search(r"(^|[\s(\[,:=])-$", before))
                if negative:
                    a -= 1
                for spelled in integer_changes(m.group(1), negative):
                    add(f"integer {line[a:b]} → {spelled}", line[:a] + spelled + line[b:])
        # A call whose result is not used, or a throw, taken out.
        if is_call_statement(code, previous_code):
            add("call removed", line[:len(line) - len(line.lstrip())] + "_ = ()")
        if re.match(r"\s*throw\s", code):
            add("throw removed", line[:len(line) - len(line.lstrip())] + "_ = ()")
        # A condition negated.
        span = negatable_condition(code)
        if span:
            a, b = span
            add("condition negated", line[:a] + "!(" + line[a:b] + ")" + line[b:])
        # A Boolean return flipped.
        for m in re.finditer(r"\breturn (true|false)\b", code):
            flipped = "false" if m.group(1) == "true" else "true"
            add(f"return {m.group(1)} → {flipped}", line[:m.start(1)] + flipped + line[m.end(1):])
        previous_code = code
    return found


def mutant_key(source, text, mutant):
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return f"{source}:{digest}:{mutant['line']}:{mutant['mutated']}"


# ---------------------------------------------------------------------------------------------
# The run


def source_files(selection):
    chosen = []
    for item in selection:
        path = os.path.join(ROOT, item)
        if os.path.isdir(path):
            for folder, _, names in os.walk(path):
                chosen += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names if n.endswith(".swift")]
        elif os.path.isfile(path):
            chosen.append(os.path.relpath(path, ROOT))
        else:
            sys.exit(f"mutants: no such file or folder: {item}")
    return sorted(set(chosen))


def load_results():
    results = {}
    if os.path.exists(RESULTS):
        for row in open(RESULTS, encoding="utf-8"):
            try:
                entry = json.loads(row)
            except ValueError:
                continue
            results[entry["key"]] = entry
    return results


# ---------------------------------------------------------------------------------------------
# The survivors docs/TESTING.md explains


def table_cells(row):
    """A Markdown table row's cells, a `\\|` in one (as in a code span holding `||`) read as `|`."""
    cells = re.split(r"(?<!\\)\|", row.strip())
    if cells and not cells[0].strip():
        cells = cells[1:]
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    return [c.strip().replace("\\|", "|") for c in cells]


def mutant_patterns(cell):
    """The mutants a row's mutant column names, as (how, code, replacement): `A` → `B` (and more
    of A's, `A` → `B`, `C`, …, negated), `A` negated, `A` taken out (where `…` stands for any
    text). Words around them, and remarks in brackets, are for the reader. None if a code span
    is not part of one of those forms."""
    tokens, depth = [], 0
    for part in re.split(r"(`[^`]*`)", cell):
        if len(part) >= 2 and part[0] == part[-1] == "`":
            if depth == 0:
                tokens.append(("code", part[1:-1]))
            continue
        visible = []
        for c in part:
            depth += c == "("
            if depth == 0:
                visible.append(c)
            depth -= c == ")" and depth > 0
        tokens.append(("text", "".join(visible)))
    patterns, source = [], None
    for i, (what, value) in enumerate(tokens):
        after = tokens[i + 1][1].strip() if i + 1 < len(tokens) and tokens[i + 1][0] == "text" else ""
        before = tokens[i - 1][1].strip() if i > 0 and tokens[i - 1][0] == "text" else ""
        if what == "text":
            if source and re.match(r",?\s*(and\s+|or\s+)?negated\b", value.strip()):
                patterns.append(("negated", source, None))
            if ";" in value:
                source = None
            continue
        if after.startswith("→"):
            source = value
        elif i >= 2 and tokens[i - 2][0] == "code" and before == "→":
            patterns.append(("replaced", tokens[i - 2][1], value))
        elif source and before in (",", "or", ", or", "and", ", and"):
            patterns.append(("replaced", source, value))
        elif re.match(r"negated\b", after):
            patterns.append(("negated", value, None))
        elif re.search(r"\btaken out\b", after.split(";")[0]):
            patterns.append(("taken out", value, None))
        else:
            return None
    return patterns or None


def pattern_applies(pattern, original, mutated=None):
    """Whether the line holds the pattern's code, and (with `mutated`) whether the mutant is the
    pattern's change of it."""
    how, code, replacement = pattern
    if how == "taken out":
        parts, at = code.split("…"), 0
        for part in parts:
            at = original.find(part, at)
            if at < 0:
                return False
            at += len(part)
        return mutated is None or mutated.strip() == "_ = ()"
    if code not in original:
        return False
    if mutated is None:
        return True
    replacement = replacement if how == "replaced" else "!(" + code + ")"
    at = original.find(code)
    while at >= 0:
        if original[:at] + replacement + original[at + len(code):] == mutated:
            return True
        at = original.find(code, at + 1)
    return False


def explained_survivors():
    """The rows of docs/TESTING.md's survivor tables (a table whose header is `| where | mutant |
    …`): each a dict with kind, file, line, patterns, why and the row's own line in the page; and
    the rows it could not read. The kind is the table's, by its third column's header:
    "equivalent" (the mutant changes nothing the program can do), "setting" (a named setting's
    value, which the tests read by its name), or else "unseen" (what differs is something no test
    can hold, as a leak)."""
    path = os.path.join(ROOT, SURVIVORS_DOC)
    rows, problems, kind = [], [], None
    if not os.path.exists(path):
        return rows, problems
    for number, row in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if not row.startswith("|"):
            kind = None
            continue
        cells = table_cells(row)
        if len(cells) >= 3 and cells[0] == "where" and cells[1] == "mutant":
            kind = "equivalent" if "equivalent" in cells[2] else "setting" if "setting" in cells[2] else "unseen"
            continue
        if kind is None or not row.strip("|-: "):
            continue
        where = re.fullmatch(r"`((?:\w+/)*\w+\.swift):(\d+)`", cells[0]) if cells else None
        patterns = mutant_patterns(cells[1]) if len(cells) > 1 else None
        if not where or not patterns or len(cells) < 3 or not cells[2]:
            problems.append(f"{SURVIVORS_DOC}:{number}: a survivor's row needs `Folder/File.swift:N`, the mutant "
                            f"(`code` → `code`, `code` negated, `code` taken out) and why: {row[:100]}")
            continue
        rows.append({"kind": kind, "file": "Sources/TriadModel/" + where.group(1), "line": int(where.group(2)),
                     "patterns": patterns, "why": cells[2], "doc_line": number})
    return rows, problems


def explanation(rows, survivor, texts):
    """The row that explains a survivor, and a note if the row's line number is out of date: a row
    explains a mutant of the line it names; if that line no longer holds the row's code (the file
    changed above it), a mutant of the same change on another line of the file."""
    found = [r for r in rows if r["file"] == survivor["file"]
             and any(pattern_applies(p, survivor["original"], survivor["mutated"]) for p in r["patterns"])]
    for r in found:
        if r["line"] == survivor["line"]:
            return r, None
    lines = texts.get(survivor["file"], "").split("\n")
    for r in found:
        listed = lines[r["line"] - 1] if 0 < r["line"] <= len(lines) else ""
        if not any(pattern_applies(p, listed) for p in r["patterns"]):
            return r, (f"{SURVIVORS_DOC}:{r['doc_line']} names line {r['line']}, which no longer holds its code: "
                       f"the mutant is on line {survivor['line']} now")
    return None, None


# ---------------------------------------------------------------------------------------------
# The outcome


KIND_ORDER = ["comparison", "bound", "arithmetic", "logical", "boolean", "integer", "call", "throw", "condition", "return"]


def report(entries, title, seconds=None):
    """The counts of a set of outcomes, by kind, and their time."""
    counts = {k: sum(1 for e in entries if e["outcome"] == k)
              for k in ("killed", "timeout", "survived", "uncompilable")}
    killed = counts["killed"] + counts["timeout"]
    judged = killed + counts["survived"]
    say("")
    say(f"== {title}")
    say(f"mutants: {len(entries)}; killed {counts['killed']}, killed by timeout {counts['timeout']}, "
        f"survived {counts['survived']}, did not compile {counts['uncompilable']}")
    if judged:
        say(f"kill rate: {killed}/{judged} = {100.0 * killed / judged:.1f} %")
    if seconds is not None:
        say(f"time: {seconds / 60:.1f} min")
    if entries:
        spent = sorted(e.get("seconds", 0) for e in entries)
        dates = sorted(e.get("date", "") for e in entries)
        say(f"time per mutant: {sum(spent) / len(spent):.1f} s on average, median {spent[len(spent) // 2]:.0f} s, "
            f"longest {spent[-1]:.0f} s; {sum(spent) / 60:.1f} min over the mutants, run {dates[0]} to {dates[-1]}")
    return counts


def verdict(plan, kept, texts):
    """The kept outcomes of every mutant of the files as they are now: the table by kind, and each
    survivor docs/TESTING.md does not explain. Returns the exit status: 0 when every survivor is
    explained, 1 otherwise."""
    rows, problems = explained_survivors()
    by_kind = {}
    unexplained, moved, used = [], [], set()
    for _, _, _, m in plan:
        kind = m["kind"].split(" ")[0]
        row = by_kind.setdefault(kind, {"made": 0, "killed": 0, "timeout": 0, "equivalent": 0, "setting": 0,
                                        "unseen": 0, "survived": 0, "uncompilable": 0, "not judged": 0})
        row["made"] += 1
        e = kept.get(m["key"])
        if not e:
            row["not judged"] += 1
            continue
        if e["outcome"] != "survived":
            row[e["outcome"]] += 1
            continue
        found, note = explanation(rows, e, texts)
        if found:
            row[found["kind"]] += 1
            used.add(found["doc_line"])
            if note:
                moved.append(note)
        else:
            row["survived"] += 1
            unexplained.append(e)
    total = {k: sum(r[k] for r in by_kind.values()) for k in next(iter(by_kind.values()), {})}
    say("")
    say("== the kept outcomes of every mutant of these files as they are now")
    columns = ["made", "killed", "timeout", "equivalent", "setting", "unseen", "survived", "uncompilable", "not judged"]
    say("| kind | made | killed | by the timeout | equivalent | a setting | not seen | survived, not explained "
        "| did not compile | not judged |")
    say("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for kind in sorted(by_kind, key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else 99, k)):
        say(f"| {kind} | " + " | ".join(str(by_kind[kind][c]) for c in columns) + " |")
    if total:
        say("| all | " + " | ".join(str(total[c]) for c in columns) + " |")
        killed = total["killed"] + total["timeout"]
        judged = killed + total["equivalent"] + total["setting"] + total["unseen"] + total["survived"]
        if judged:
            say(f"kill rate: {killed}/{judged} = {100.0 * killed / judged:.1f} %; of the mutants that change what the "
                f"program does (less the {total['equivalent']} equivalent), {killed}/{judged - total['equivalent']} = "
                f"{100.0 * killed / max(1, judged - total['equivalent']):.1f} %")
    for note in moved:
        say(f"note: {note}")
    # A row that explains none of its file's survivors, every mutant of the file judged, is left
    # over from an older text of the file (or a test now kills its mutant): it should go.
    judged_files = {m["file"] for _, _, _, m in plan} - {m["file"] for _, _, _, m in plan if m["key"] not in kept}
    for r in rows:
        if r["file"] in judged_files and r["doc_line"] not in used:
            say(f"note: {SURVIVORS_DOC}:{r['doc_line']} ({r['file']}:{r['line']}) explains no survivor of the file as it is now")
    for problem in problems:
        say(f"error: {problem}")
    if unexplained:
        say(f"survivors that {SURVIVORS_DOC} does not explain ({len(unexplained)}): kill each with a test, or add "
            f"its row to a table under \"The survivors\" with why")
        for e in sorted(unexplained, key=lambda e: (e["file"], e["line"], e["mutated"])):
            say(f"  {e['file']}:{e['line']}: {e['kind']}")
            say(f"    - {e['original'].strip()}")
            say(f"    + {e['mutated'].strip()}")
    return 1 if unexplained or problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", default="", help="files or folders (space-separated); default: the lessons' models, the accounts, import and export")
    parser.add_argument("--sample", type=int, default=0, help="run only this many mutants, drawn with --seed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", default="", help="k/n: run only the k-th of n interleaved parts")
    parser.add_argument("--timeout", type=float, default=0, help="seconds per mutant's tests (default: 5 × the clean run, at least 60)")
    parser.add_argument("--survivors", action="store_true", help="run again only the mutants that survived last time")
    parser.add_argument("--unexplained", action="store_true",
                        help="as --survivors, but only the survivors docs/TESTING.md does not explain")
    parser.add_argument("--keys", default="", help="a file of mutant keys (as results.jsonl has them), one a line: run only those")
    parser.add_argument("--again", action="store_true", help="run mutants whose result is already kept")
    parser.add_argument("--reverse", action="store_true", help="run from the last mutant to the first (a second run beside a first)")
    parser.add_argument("--list", action="store_true", help="list the mutants and their tests, run nothing")
    parser.add_argument("--report", action="store_true", help="add up the kept results for the sources as they are now, run nothing")
    parser.add_argument("--root", default="", help="the tree to mutate (default: this script's)")
    args = parser.parse_args()
    if args.root:
        configure(args.root)

    files = source_files(args.files.split() or DEFAULT_FOLDERS)
    tests = test_classes_by_file()
    sources = model_types()
    kept = load_results()
    plan = []  # (source, text, (first tier, second tier), mutant)
    texts = {}
    for source in files:
        text = texts[source] = open(os.path.join(ROOT, source), encoding="utf-8").read()
        classes = covering_classes(source, tests, sources)
        for mutant in mutants_of(text):
            mutant["file"] = source
            mutant["key"] = mutant_key(source, text, mutant)
            plan.append((source, text, classes, mutant))

    whole_plan = list(plan)

    def close(status_of_run=0):
        """The verdict over every kept outcome of these files as they are now, and the count
        line: killed, and survivors docs/TESTING.md does not explain."""
        latest = load_results()
        status = verdict(whole_plan, latest, texts)
        outcomes = [latest[m["key"]] for _, _, _, m in whole_plan if m["key"] in latest]
        rows, _ = explained_survivors()
        failed = sum(1 for e in outcomes if e["outcome"] == "survived" and not explanation(rows, e, texts)[0])
        say(f"{sum(1 for e in outcomes if e['outcome'] in ('killed', 'timeout'))} passed, {failed} failed")
        return status or status_of_run

    if args.report:
        entries = [kept[m["key"]] for _, _, _, m in plan if m["key"] in kept]
        say(f"mutants: {len(plan)} made from {len(files)} files, {len(entries)} with a kept result")
        report(entries, "kept results")
        return close()

    if args.sample and args.sample < len(plan):
        plan = sorted(random.Random(args.seed).sample(plan, args.sample), key=lambda p: (p[0], p[3]["line"], p[3]["mutated"]))
    if args.part:
        k, n = (int(x) for x in args.part.split("/"))
        plan = plan[k - 1::n]
    if args.keys:
        wanted = {line.rstrip("\n") for line in open(args.keys, encoding="utf-8") if line.strip()}
        plan = [p for p in plan if p[3]["key"] in wanted]
    if args.unexplained:
        rows, _ = explained_survivors()
        plan = [p for p in plan if kept.get(p[3]["key"], {}).get("outcome") == "survived"
                and not explanation(rows, kept[p[3]["key"]], texts)[0]]
        args.survivors = True
    if args.survivors:
        plan = [p for p in plan if kept.get(p[3]["key"], {}).get("outcome") == "survived"]
    elif not args.again:
        plan = [p for p in plan if p[3]["key"] not in kept]

    if args.reverse:
        plan.reverse()
    if args.list:
        for source, _, classes, m in plan:
            say(f"{source}:{m['line']}: {m['kind']}  [{', '.join(sorted(classes[0])) or 'no tests'}"
                f"{'; then ' + ', '.join(sorted(classes[1])) if classes[1] else ''}]")
            say(f"    - {m['original'].strip()}")
            say(f"    + {m['mutated'].strip()}")
        say(f"{len(plan)} mutants")
        return 0

    if not plan:
        say("mutants: nothing to run: every mutant of these files has a kept outcome (--again runs them anew)")
        return close()
    say(f"mutants: {len(plan)} to run from {len(files)} files; scratch tree {os.path.relpath(TREE, ROOT)}")
    os.makedirs(TREE, exist_ok=True)
    os.makedirs(SCRATCH, exist_ok=True)
    say(f"mutants: {sync_tree()} files brought up to date in the scratch tree")
    started = time.monotonic()
    status, out, seconds = build(3600)
    if status != 0:
        say(out[-4000:])
        say("mutants: the unmutated tree does not build")
        return 2
    say(f"mutants: the unmutated tree builds ({seconds:.0f} s)")

    # The tests must pass on the unmutated tree; each test's time there sets a tier's limit, and
    # the slow ones (an export at scale, passwords hashed at full cost) wait for the
    # second tier, so that a mutant the quick tests kill costs no more than they do.
    bundle, all_cases = test_bundle()
    if not bundle:
        say("mutants: no test bundle found after the build")
        return 2
    every = set().union(*(p[2][0] | p[2][1] for p in plan)) if plan else set()
    times = {}
    if every:
        status, out, seconds = run_tests(bundle, [c for c in all_cases if c.split(".")[0] in every], 3600, "clean.log")
        if status != 0:
            say(out[-4000:])
            say("mutants: the tests fail on the unmutated tree")
            return 2
        times = {name: float(t) for name, t in re.findall(r"Test Case '(\w+\.\w+)' passed \(([\d.]+) seconds\)", out)}
        slow = sorted((t, n) for n, t in times.items() if t >= SLOW_TEST)
        say(f"mutants: clean run of {len(every)} test classes, {len(times)} tests: {seconds:.0f} s; "
            f"left to the second tier: {', '.join(f'{n} {t:.0f} s' for t, n in reversed(slow)) or 'none'}")

    def tiers(classes):
        """The cases of the classes that name the file's types, less the slow ones; then those
        and the rest of the group's."""
        first, rest = classes
        quick = [c for c in all_cases if c.split(".")[0] in first and times.get(c, 0) < SLOW_TEST]
        later = [c for c in all_cases if (c.split(".")[0] in first and times.get(c, 0) >= SLOW_TEST) or c.split(".")[0] in rest]
        if args.survivors:
            # A survivor has outlived the slow tests already, and they are as they were: only
            # the quick ones, among them the new tests written for it, can kill it now.
            later = [c for c in later if times.get(c, 0) < SLOW_TEST]
        return [t for t in (quick, later) if t]

    def limit(cases):
        return args.timeout or max(60.0, 5 * sum(times.get(c, 1.0) for c in cases) + 30)

    entries = []
    run_started = time.time()
    # A run started while another is paused is the work the pause is for: it does not wait.
    started_in_pause = os.path.exists(PAUSE)
    with open(RESULTS, "a", encoding="utf-8") as results:
        for index, (source, text, classes, m) in enumerate(plan, 1):
            if os.path.exists(PAUSE) and not started_in_pause:
                say(f"mutants: paused while {os.path.relpath(PAUSE, ROOT)} exists")
                while os.path.exists(PAUSE):
                    time.sleep(5)
                say("mutants: resumed")
            latest = load_results().get(m["key"])
            if latest and not args.again and (not args.survivors or latest.get("time", 0) >= run_started):
                say(f"[{index}/{len(plan)}] {source}:{m['line']} {m['kind']}: judged meanwhile by another run")
                continue
            path = os.path.join(TREE, source)
            lines = text.split("\n")
            lines[m["line"] - 1] = m["mutated"]
            entry = dict(m)
            t0 = time.monotonic()
            try:
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
                if not classes[0]:
                    outcome, detail = "survived", "no tests cover the file"
                else:
                    status, out, _ = build(1800)
                    outcome, detail = ("uncompilable", "") if status != 0 else ("survived", "")
                    # The classes that name the file's types first: most mutants die there.
                    for tier in tiers(classes):
                        if outcome != "survived":
                            break
                        status, out, _ = run_tests(bundle, tier, limit(tier))
                        if status is None:
                            outcome, detail = "timeout", ""
                        elif status != 0:
                            failed = re.findall(r"Test Case '(\w+\.\w+)' failed", out)
                            outcome, detail = "killed", (failed[0] if failed else f"exit {status}")
            finally:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
            entry.update(outcome=outcome, detail=detail, seconds=round(time.monotonic() - t0, 1),
                         tests=sorted(classes[0] | classes[1]), date=time.strftime("%Y-%m-%d %H:%M"), time=time.time())
            entries.append(entry)
            results.write(json.dumps(entry) + "\n")
            results.flush()
            say(f"[{index}/{len(plan)}] {source}:{m['line']} {m['kind']}: {outcome}"
                f"{' (' + detail + ')' if detail else ''} {entry['seconds']:.0f} s")
            if outcome == "survived":
                say(f"    - {m['original'].strip()}")
                say(f"    + {m['mutated'].strip()}")

    report(entries, "this run", time.monotonic() - started)
    return close()


if __name__ == "__main__":
    sys.exit(main())
