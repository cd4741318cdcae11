#!/usr/bin/python3
"""`make check-shortcuts`: the help overlay (Resources/ShortcutsWindow.ui) and the action tables
(Sources/Triad/App/AppActions.swift, WindowActions.swift) agree.

The tables are read from the built app itself (`triad --list-shortcuts`), not parsed from Swift.
Fails when an action with shortcuts is missing from the overlay, when the overlay names an action
no table has, when a fixed accelerator in the overlay belongs to an action (it would go stale:
name the action instead), or when two tables give one action different shortcuts."""
import subprocess
import sys
import xml.etree.ElementTree as ET

from check_report import finish

binary, overlay = sys.argv[1], sys.argv[2]
listing = subprocess.run([binary, "--list-shortcuts"], check=True, capture_output=True, text=True).stdout
tables = {}
problems = []
for line in listing.splitlines():
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

finish("check-shortcuts", f"{len(tables)} actions with shortcuts, {len(named)} named in the overlay, "
       f"{len(fixed)} fixed keys", problems, checked=len(tables) + len(named) + len(fixed))
