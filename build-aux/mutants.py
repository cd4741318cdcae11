#!/usr/bin/python3
"""Mutation testing of the model (`make mutants`).

Makes one-line mutants of TriadModel's sources (a comparison or a literal bound moved, a call or
a `throw` taken out, a condition negated, a `return true/false` flipped), and for each one builds
the model's tests and runs the test classes that cover the mutated file. A mutant the tests fail
on is killed; one they pass is a survivor, which a new test should kill or docs/TESTING.md should
show to be equivalent.

The mutants are made in a scratch copy of the tree (.build-mutants/tree, with a Package.swift cut
down to the model and its tests), never in the work tree: each run first brings the copy up to
date with the work tree (which also undoes a mutant a crash left behind), and the copy keeps its
own .build, so each mutant recompiles only the model and the tests that depend on what changed.

Results are kept in .build-mutants/results.jsonl, keyed by the file's text and the mutant, so a
run can be done in parts (FILES=…, a sample, a part of n) and `--report` adds the parts up.
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build-mutants")
# Two runs can go side by side, each in a scratch copy of its own (MUTANTS_SCRATCH), keeping their
# outcomes in the one results file.
TREE = os.path.join(ROOT, os.environ.get("MUTANTS_SCRATCH") or os.path.join(SCRATCH, "tree"))
RESULTS = os.path.join(SCRATCH, "results.jsonl")
SWIFT = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"
TEST_TARGET = "TriadModelTests"
TEST_ROOT = "Tests/TriadModelTests"
SLOW_TEST = 3.0  # seconds a test takes on the clean tree past which it runs in the second tier
DEFAULT_FOLDERS = [
    "Sources/TriadModel/Adder", "Sources/TriadModel/Address", "Sources/TriadModel/Login",
    "Sources/TriadModel/Users", "Sources/TriadModel/Note", "Sources/TriadModel/Chart",
    "Sources/TriadModel/UserStore/Import", "Sources/TriadModel/UserStore/Export", "Sources/TriadModel/Security",
]


def say(text):
    print(text, flush=True)


# ---------------------------------------------------------------------------------------------
# The scratch tree


def work_tree_files():
    """The work tree's files as git sees them: tracked, and new ones not ignored."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                         capture_output=True, check=True).stdout.decode()
    return sorted(f for f in out.split("\0") if f and os.path.isfile(os.path.join(ROOT, f)))


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
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        changed += 1
    for top in ("Sources", "Tests"):
        for folder, _, names in os.walk(os.path.join(TREE, top)):
            for name in names:
                rel = os.path.relpath(os.path.join(folder, name), TREE)
                if rel not in wanted:
                    os.remove(os.path.join(folder, name))
                    changed += 1
    return changed


def run(args, timeout, log=None):
    """Runs a command in the scratch tree in a process group of its own; returns (status, output,
    seconds), with status None when it ran past `timeout` and was killed."""
    started = time.monotonic()
    proc = subprocess.Popen(args, cwd=TREE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
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
    bundles = [os.path.join(out.strip().splitlines()[-1], n) for n in ("TriadPackageTests.xctest",)] if status == 0 else []
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
    return run([bundle, names], timeout, os.path.join(TREE, "..", os.path.basename(TREE) + "-" + log))


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


def covering_classes(source, tests, sources):
    """The test classes for a model file, in two tiers run one after the other. First those in any
    test file that names one of the file's types (for a file no test names, those that name the
    types of the model files that use it); then, if the mutant survives them, the rest of its
    group: the lesson's test folder (Tests/TriadModelTests/<Lesson>/), or for the user files'
    import and export every test class that names a type of either."""
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

        def add(kind, mutated):
            if mutated != line:
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


def report(entries, title, seconds=None):
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
    elif entries:
        dates = sorted(e.get("date", "") for e in entries)
        say(f"time: {sum(e.get('seconds', 0) for e in entries) / 60:.1f} min over the mutants, run {dates[0]} to {dates[-1]}")
    kinds = {}
    for e in entries:
        kind = e["kind"].split(" ")[0]
        row = kinds.setdefault(kind, [0, 0])
        row[0 if e["outcome"] in ("killed", "timeout") else 1] += e["outcome"] != "uncompilable"
    say("by kind (killed/survived): " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(kinds.items())))
    survivors = sorted((e for e in entries if e["outcome"] == "survived"), key=lambda e: (e["file"], e["line"]))
    if survivors:
        say("survivors:")
        for e in survivors:
            say(f"  {e['file']}:{e['line']}: {e['kind']}")
            say(f"    - {e['original'].strip()}")
            say(f"    + {e['mutated'].strip()}")
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", default="", help="files or folders (space-separated); default: the lessons' models, the accounts, import and export")
    parser.add_argument("--sample", type=int, default=0, help="run only this many mutants, drawn with --seed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", default="", help="k/n: run only the k-th of n interleaved parts")
    parser.add_argument("--timeout", type=float, default=0, help="seconds per mutant's tests (default: 5 × the clean run, at least 60)")
    parser.add_argument("--survivors", action="store_true", help="run again only the mutants that survived last time")
    parser.add_argument("--keys", default="", help="a file of mutant keys (as results.jsonl has them), one a line: run only those")
    parser.add_argument("--again", action="store_true", help="run mutants whose result is already kept")
    parser.add_argument("--reverse", action="store_true", help="run from the last mutant to the first (a second run beside a first)")
    parser.add_argument("--list", action="store_true", help="list the mutants and their tests, run nothing")
    parser.add_argument("--report", action="store_true", help="add up the kept results for the sources as they are now, run nothing")
    args = parser.parse_args()

    files = source_files(args.files.split() or DEFAULT_FOLDERS)
    tests = test_classes_by_file()
    sources = model_types()
    kept = load_results()
    plan = []  # (source, text, (first tier, second tier), mutant)
    for source in files:
        text = open(os.path.join(ROOT, source), encoding="utf-8").read()
        classes = covering_classes(source, tests, sources)
        for mutant in mutants_of(text):
            mutant["file"] = source
            mutant["key"] = mutant_key(source, text, mutant)
            plan.append((source, text, classes, mutant))

    if args.report:
        entries = [kept[m["key"]] for _, _, _, m in plan if m["key"] in kept]
        say(f"mutants: {len(plan)} made from {len(files)} files, {len(entries)} with a kept result")
        counts = report(entries, "kept results")
        say(f"{counts['killed'] + counts['timeout']} passed, {counts['survived']} failed")
        return 0 if counts["survived"] == 0 else 1

    if args.sample and args.sample < len(plan):
        plan = sorted(random.Random(args.seed).sample(plan, args.sample), key=lambda p: (p[0], p[3]["line"], p[3]["mutated"]))
    if args.part:
        k, n = (int(x) for x in args.part.split("/"))
        plan = plan[k - 1::n]
    if args.keys:
        wanted = {line.rstrip("\n") for line in open(args.keys, encoding="utf-8") if line.strip()}
        plan = [p for p in plan if p[3]["key"] in wanted]
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
    with open(RESULTS, "a", encoding="utf-8") as results:
        for index, (source, text, classes, m) in enumerate(plan, 1):
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

    counts = report(entries, "this run", time.monotonic() - started)
    say(f"{counts['killed'] + counts['timeout']} passed, {counts['survived']} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
