#!/usr/bin/python3
"""The map the Messages pane reads to point a message at its line of code, made from the
compiler's own output, never from the sources' text:

- where each member of the app's types is declared: the symbol graphs the release build emits
  (`-emit-symbol-graph`, every symbol with its file and line);
- which method each target-action connection calls, and where its name is written: the
  type-checked syntax tree of the app module (`swiftc -dump-ast`), in which each
  `on(_:target:action:)` call names the declaration its action refers to.

    source-map.py write GRAPHS_DIR OUT DUMP [-- SWIFTC_ARGS…]   writes the map (build/source-map.tsv),
                                                              and keeps the syntax tree in DUMP
    source-map.py check GRAPHS_DIR MAP DUMP                     `make check-source-map`

The map's lines: `member<TAB>Type.member<TAB>module/File.swift<TAB>line` and
`connection<TAB>module/File.swift:line:column<TAB>Type.member<TAB>module/File.swift<TAB>line` (the
place where the connection's arguments open, as its `#fileID`, `#line` and `#column` give it; the
method it calls; the line that names it).

`check` fails when a member the pane can record has no place in the map: a method of a lesson's
part that one of the pane's stand-ins (Sources/Triad/Messages/Seam/) receives, or the method of a
target-action connection (an action that is a closure instead of a method names nothing); and
when an exercise expects a member the code does not declare (Exercises.Expected)."""
import functools
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = {"Triad": "triad", "TriadModel": "TriadModel", "GtkKit": "GtkKit"}
# Where the Messages pane's stand-ins are declared (a folder of the app's sources).
SEAM = "Sources/Triad/Messages/Seam/"


def file_id(path):
    """`module/File.swift`, as `#fileID` names a file under Sources/<target>/."""
    parts = path.split("/")
    if "Sources" not in parts:
        return None
    target = parts[parts.index("Sources") + 1]
    return f"{MODULES[target]}/{parts[-1]}" if target in MODULES else None


def graph_files(folder):
    """The graphs of the three modules and their extension graphs (`Module@Other`). `make bench`
    builds triad-bench into the same folder with the same flags, and its module is not the app's."""
    names = set(MODULES.values())
    return [path for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json")))
            if os.path.basename(path).split(".symbols.json")[0].split("@")[0] in names]


def read_graphs(folder):
    """Every symbol of the three modules' graphs: (path components, kind, uri, 1-based line)."""
    symbols, relations = [], []
    for path in graph_files(folder):
        graph = json.load(open(path, encoding="utf-8"))
        by_id = {}
        for symbol in graph["symbols"]:
            location = symbol.get("location")
            entry = {"path": symbol["pathComponents"], "kind": symbol["kind"]["identifier"], "id": symbol["identifier"]["precise"],
                     "uri": location["uri"].replace("file://", "") if location else None,
                     "line": location["position"]["line"] + 1 if location else None,
                     "fragments": symbol.get("declarationFragments", [])}
            symbols.append(entry)
            by_id[entry["id"]] = entry
        for relation in graph.get("relationships", []):
            relations.append((relation["kind"], relation["source"], relation["target"], relation.get("targetFallback")))
    return symbols, relations


MEMBER_KINDS = {"swift.method", "swift.property", "swift.type.method", "swift.type.property", "swift.init",
                "swift.subscript", "swift.enum.case", "swift.func.op"}


def members(symbols):
    """Type.member → (fileID, line), the type as the runtime names it (its own name, unqualified).
    A function's locals, which a graph of private symbols also lists, are no members."""
    found = {}
    for symbol in symbols:
        if len(symbol["path"]) < 2 or not symbol["uri"] or symbol["kind"] not in MEMBER_KINDS or "(" in symbol["path"][-2]:
            continue
        where = file_id(symbol["uri"])
        if where and declared_at(symbol["uri"], symbol["line"], symbol["path"][-1]):
            found.setdefault(f"{symbol['path'][-2]}.{symbol['path'][-1]}", (where, symbol["line"]))
    return found


@functools.lru_cache(maxsize=None)
def source_lines(path):
    try:
        with open(path, encoding="utf-8") as file:
            return file.read().split("\n")
    except OSError:
        return []


def declared_at(path, line, member):
    """Whether the file's line still names the member. The compiler never deletes a module's
    extension graph (`triad@GtkKit.symbols.json`) and rewrites one only when its text changes: a
    module that stops extending another leaves its old file behind, whose lines have moved on."""
    lines = source_lines(path)
    name = member.split("(")[0]
    return 0 < line <= len(lines) and (name == "init" or name in lines[line - 1] or name in lines[min(line, len(lines) - 1)])


DECL = re.compile(r'decl="\w+\.\(file\)\.((?:\w+\.)*\w+\([^"@]*\)|(?:\w+\.)*\w+)@')
LOCATION = re.compile(r'location=(\S+?):(\d+):(\d+)')


def connections(dump):
    """Each target-action call in a typed AST dump: (where its arguments open, the action's
    declaration, the line naming it), and the calls whose action names no method."""
    lines = dump.split("\n")
    found, unnamed = [], []
    for index, line in enumerate(lines):
        if "(argument_list labels=" not in line or "target:action:" not in line:
            continue
        depth = len(line) - len(line.lstrip())
        opened = action = None
        in_action = False
        for inner in lines[index + 1:]:
            indent = len(inner) - len(inner.lstrip())
            if inner.strip() and indent <= depth:
                break
            stripped = inner.strip()
            if stripped.startswith("(argument "):
                in_action = stripped.startswith('(argument label="action"')
                continue
            if opened is None and "default_argument_expr" in stripped:
                match = LOCATION.search(stripped)
                if match:
                    opened = match.groups()
            if in_action and action is None and "declref_expr" in stripped and "function_ref=unapplied" in stripped:
                decl, where = DECL.search(stripped), LOCATION.search(stripped)
                if decl and where:
                    action = (decl.group(1), where.groups())
        if opened is None:
            continue
        site = f"{file_id(opened[0]) or opened[0]}:{opened[1]}:{opened[2]}"
        if action is None:
            unnamed.append(site)
        else:
            (name, (path, line_number, _)) = action
            found.append((site, name, file_id(path), int(line_number)))
    return found, unnamed


def dump_ast(arguments):
    """The app module's typed AST, as the compiler prints it (on its standard error)."""
    result = subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("source-map: the compiler could not dump the app's syntax tree:\n" + result.stderr[-4000:])
    return result.stderr


def write(graphs, out, dump_path, swiftc):
    made = [os.path.getmtime(p) for p in graph_files(graphs)]
    if not made:
        sys.exit(f"source-map: no symbol graphs in {graphs} (the release build emits them)")
    if os.path.exists(out) and os.path.getsize(out) > 0 and os.path.exists(dump_path) and os.path.getmtime(dump_path) >= max(made):
        return stamp(out)  # nothing compiled since the map was made
    symbols, _ = read_graphs(graphs)
    table = members(symbols)
    dump = dump_ast(swiftc) if swiftc else ""
    with open(dump_path, "w", encoding="utf-8") as file:
        file.write(dump)
    found, _ = connections(dump)
    text = "".join(f"member\t{name}\t{where}\t{line}\n" for name, (where, line) in sorted(table.items()))
    text += "".join(f"connection\t{site}\t{name}\t{where}\t{line}\n" for site, name, where, line in sorted(found))
    text += "".join(f"{kind}\t{name}\t{value}\n" for kind, name, value in objects(symbols))
    text += "".join(f"differs\t{mistaken}\t{','.join(map(str, right))}\t{','.join(map(str, wrong))}\n"
                    for mistaken, right, wrong in differences())
    if not os.path.exists(out) or open(out, encoding="utf-8").read() != text:
        with open(out, "w", encoding="utf-8") as file:
            file.write(text)
    print(f"source-map: {len(table)} members, {len(found)} target-action connections")
    stamp(out)


LESSONS = ("Adder", "Address", "Login", "Users", "Note", "Chart")


def objects(symbols):
    """The Objects tab's lines: each class of a lesson's folder (`object Type lesson`), each class of
    the Messages pane's seam and its travel (`object Type stand-in`), and how each property of a class holds its
    value as its declaration says (`holds Type.property weak`): reflection at run time cannot tell
    a `weak var` from an optional."""
    lines, classes = set(), {}
    for symbol in symbols:
        if symbol["kind"] == "swift.class" and symbol["uri"] and len(symbol["path"]) == 1:  # reflection names a nested class by its last name
            parts = symbol["uri"].split("/Sources/")[-1].split("/")
            classes[tuple(symbol["path"])] = True
            if len(parts) > 2 and parts[0] in ("Triad", "TriadModel") and parts[1] in LESSONS:
                lines.add(("object", symbol["path"][-1], "lesson"))
            elif parts[:3] in (["Triad", "Messages", "Seam"], ["Triad", "Messages", "Travel"]):
                # The travel's stand-in for the chart's model is looked through as the seam's are.
                lines.add(("object", symbol["path"][-1], "stand-in"))
    for symbol in symbols:
        if symbol["kind"] == "swift.property" and len(symbol["path"]) >= 2 and tuple(symbol["path"][:-1]) in classes:
            words = {fragment.get("spelling") for fragment in symbol.get("fragments", []) if fragment.get("kind") == "keyword"}
            holding = "weak" if "weak" in words else "unowned" if "unowned" in words else "strong"
            lines.add(("holds", f"{symbol['path'][-2]}.{symbol['path'][-1]}", holding))
    return sorted(lines)


def differences():
    """Each mistaken class's differing lines, in the lesson's class's file and in its own
    (build-aux/mistakes.py, as `make check-mistakes` compares them)."""
    sys.path.insert(0, os.path.join(ROOT, "build-aux"))
    from mistakes import compare, table
    return [(mistaken, *compare(ROOT, right, mistaken, members)[:2]) for right, mistaken, members in table(ROOT)]


def stamp(out):
    """Marks the map as made from the sources as they are now. The build puts the map in only when
    no Swift source is newer than it (build-aux/sources-bundle.sh: a map of other sources points
    at the wrong lines); an edit that moved no member leaves its text the same, so the file is
    touched instead, which also tells the build to put it in."""
    sources = [os.path.join(folder, name) for target in MODULES
               for folder, _, names in os.walk(os.path.join(ROOT, "Sources", target)) for name in names if name.endswith(".swift")]
    if sources and os.path.getmtime(out) < max(os.path.getmtime(p) for p in sources):
        os.utime(out)


def check(graphs, map_path, dump_path):
    """The members the pane can record, each with a place in the map."""
    symbols, relations = read_graphs(graphs)
    mapped = {}
    connected = set()
    for line in open(map_path, encoding="utf-8").read().splitlines():
        fields = line.split("\t")
        if fields[0] == "member":
            mapped[fields[1]] = fields[2:]
        elif fields[0] == "connection":
            connected.add(fields[1])
    by_id = {s["id"]: s for s in symbols}
    problems, checked = [], 0
    # The stand-ins: types declared in Sources/Triad/Messages/Seam/, the protocols they conform to,
    # and every other type conforming to those protocols (the lessons' parts).
    seam = {s["id"] for s in symbols if s["uri"] and "/" + SEAM in s["uri"] and len(s["path"]) == 1}
    conforms = [(source, target) for kind, source, target, _ in relations if kind == "conformsTo"]
    protocols = {target for source, target in conforms if source in seam}
    # A requirement with a default implementation (a protocol extension's) is answered by the types
    # that declare it themselves; a stand-in records it only for those.
    defaulted = {target for kind, _, target, _ in relations if kind == "defaultImplementationOf"}
    for protocol in sorted(protocols):
        requirements = [by_id[source]["path"][-1] for kind, source, target, _ in relations
                        if kind in ("requirementOf", "optionalRequirementOf") and target == protocol and source in by_id
                        and source not in defaulted]
        for source, target in conforms:
            # A protocol that refines the stand-in's (BarChartControlling) declares nothing of its own to record.
            if target != protocol or source in seam or source not in by_id or by_id[source]["kind"] == "swift.protocol":
                continue
            type_name = by_id[source]["path"][-1]
            for requirement in requirements:
                checked += 1
                if f"{type_name}.{requirement}" not in mapped:
                    problems.append(f"{type_name}.{requirement}: the Messages pane records it, and the map has no place for it")
    # The exercises' expected members (TriadModel/Learning/Exercises.swift, `enum Expected`): a
    # lesson's method renamed would leave its exercise waiting for a message that never comes.
    for name in expected_members():
        checked += 1
        if name not in mapped:
            problems.append(f"Exercises.Expected names {name}, which the code does not declare (renamed? say the new name there)")
    # The mistakes' members (TriadModel/Learning/Mistakes.swift): the Code tab marks them and the
    # "which line is the mistake?" exercise is answered by them.
    sys.path.insert(0, os.path.join(ROOT, "build-aux"))
    from mistakes import table
    for right, mistaken, members in table(ROOT):
        for member in members:
            checked += 1
            if f"{mistaken}.{member}" not in mapped:
                problems.append(f"Mistakes names {mistaken}.{member}, which the code does not declare (renamed? say the new name there)")
    found, unnamed = connections(open(dump_path, encoding="utf-8").read())
    for site in unnamed:
        problems.append(f"{site}: a target-action connection whose action is not a method: the pane cannot name it")
    for site, name, _, _ in found:
        checked += 1
        if site not in connected:
            problems.append(f"{site}: the connection to {name} is not in the map (rebuild: make build)")
    for problem in problems:
        print(f"check-source-map: {problem}")
    print(f"check-source-map: {len(mapped)} members and {len(connected)} connections in the map; {len(protocols)} protocols "
          f"the pane stands in for; {len(problems)} problems")
    print(f"{checked - min(checked, len(problems))} passed, {min(checked, len(problems))} failed")
    return 1 if problems or checked == 0 else 0


def expected_members():
    """The `Type.member` strings of Exercises.Expected."""
    text = open(os.path.join(ROOT, "Sources", "TriadModel", "Learning", "Exercises.swift"), encoding="utf-8").read()
    start = text.find("enum Expected {")
    block = text[start:text.find("\n    }", start)] if start >= 0 else ""
    return re.findall(r'static let \w+ = "([^"]+)"', block)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "write":
        rest = sys.argv[5:]
        write(sys.argv[2], sys.argv[3], sys.argv[4], rest[1:] if rest[:1] == ["--"] else [])
    elif command == "check":
        sys.exit(check(sys.argv[2], sys.argv[3], sys.argv[4]))
    else:
        sys.exit(__doc__)
