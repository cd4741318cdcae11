#!/usr/bin/python3
"""`make check-shortcuts`: the help overlay (Resources/ShortcutsWindow.ui) and the action tables
agree, and the app sets the shortcuts of every action table it has.

    check-shortcuts.py BINARY OVERLAY SYMBOL_GRAPH

The tables the app sets shortcuts from are read from the built app itself (`triad
--list-shortcuts`, Sources/Triad/Shell/Shortcuts.swift), and every action table the app declares
from the compiler's symbol graph of its module (each static member of type `[ActionEntry<Owner>]`):
a table the app does not list would have dead keys. Fails also when an action with shortcuts is
missing from the overlay, when the overlay names an action no table has, when a fixed accelerator
in the overlay belongs to an action (it would go stale: name the action instead), or when two
tables give one action different shortcuts."""
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import os

from check_report import finish, root

ROOT = root()
binary, overlay, graph = (os.path.join(ROOT, path) if not os.path.isabs(path) else path for path in sys.argv[1:4])
listing = subprocess.run([binary, "--list-shortcuts"], check=True, capture_output=True, text=True).stdout
tables = {}
listed_owners = set()
problems = []
for line in listing.splitlines():
    if line.startswith("# table "):
        listed_owners.add(line[len("# table "):])
        continue
    action, accelerators = line.split("\t")
    if action in tables and tables[action] != accelerators.split():
        problems.append(f"{action} has different shortcuts in two tables: {tables[action]} and {accelerators.split()}")
    tables[action] = accelerators.split()

named, fixed = [], []
for shortcut in ET.parse(overlay).getroot().iter("object"):
    if shortcut.get("class") != "GtkShortcutsShortcut":
        continue
    properties = {p.get("name"): (p.text or "") for p in shortcut.findall("property")}
    if "action-name" in properties:
        named.append(properties["action-name"])
    elif "accelerator" in properties:
        fixed.extend(properties["accelerator"].split())

for action in tables:
    if action not in named:
        problems.append(f"{action} ({' '.join(tables[action])}) is not in the help overlay")
for action in named:
    if action not in tables:
        problems.append(f"the help overlay names {action}, which no action table has")
for accelerator in fixed:
    owners = [a for a, accels in tables.items() if accelerator in accels]
    if owners:
        problems.append(f"the help overlay fixes {accelerator}, a shortcut of {owners[0]}: name the action instead")

# Every action table the compiler knows: a static member whose type is `[ActionEntry<Owner>]`
# (not the generic helper that takes any table).
declared = set()
for symbol in json.load(open(graph, encoding="utf-8"))["symbols"]:
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    if symbol["kind"]["identifier"] in ("swift.type.property", "swift.type.method"):
        for owner in re.findall(r"\[ActionEntry<(\w+)>\]", text):
            if owner not in re.findall(r"<(\w+)>\(", text):  # a generic parameter, not a table's owner
                declared.add(owner)
for owner in sorted(declared - listed_owners):
    problems.append(f"{owner} has an action table that Shortcuts.swift does not list: the app never sets its shortcuts")
if not declared:
    problems.append(f"no action table in {graph} (is it the app's symbol graph?)")

finish("check-shortcuts", f"{len(tables)} actions with shortcuts from {len(listed_owners)} tables "
       f"({len(declared)} declared), {len(named)} named in the overlay, {len(fixed)} fixed keys", problems,
       checked=len(tables) + len(named) + len(fixed) + len(declared))
