#!/usr/bin/python3
"""`make check-sources`: one source of truth for the app id and the version, and docs that
point at files that exist.

- The app id is `AppInfo.id` (Sources/Triad/Shell/AppInfo.swift). Every other mention in the tree
  (Makefile, GResource prefix and resource paths, desktop file, metainfo, flatpak manifest, .ui
  files, comments) must be that id, and the files named after it must exist.
- The version is `AppInfo.version`; the metainfo's newest release must be it.
- Every file reference in docs/ARCHITECTURE.md and README.md (`path`, `path:line`, or a bare file
  name) must exist (and the line must be in the file).
"""
import glob
import os
import re
import subprocess

from check_report import finish

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
problems = []

app_info = open("Sources/Triad/Shell/AppInfo.swift").read()
app_id = re.search(r'static let id = "([^"]+)"', app_info).group(1)
version = re.search(r'static let version = "([^"]+)"', app_info).group(1)
resource_base = re.search(r'static let resourceBase = "([^"]+)"', app_info).group(1)
if resource_base != "/" + app_id.replace(".", "/"):
    problems.append(f"AppInfo.resourceBase {resource_base} is not the app id as a path")

# Every mention of an id-like name or resource path in the tree agrees with AppInfo.id.
id_pattern = re.compile(r"\bio\.github\.[A-Za-z0-9_]+\.[A-Za-z0-9_]+")
path_pattern = re.compile(r"/io/github/[A-Za-z0-9_]+/[A-Za-z0-9_]+")
files = [f for pattern in ("Makefile", "Package.swift", "README.md", "docs/*.md", "flatpak/*",
                           "build-aux/*", "Resources/*.*", "Resources/gtk/*", "Sources/**/*.swift",
                           "Sources/**/*.ui", "Tests/**/*.py", "Tests/**/*.swift")
         for f in glob.glob(pattern, recursive=True) if os.path.isfile(f)]
mentions = 0
for path in files:
    text = open(path, encoding="utf-8", errors="replace").read()
    for match in id_pattern.finditer(text):
        mentions += 1
        if match.group(0) != app_id:
            problems.append(f"{path}: {match.group(0)} is not the app id {app_id}")
    for match in path_pattern.finditer(text):
        mentions += 1
        if match.group(0) != resource_base:
            problems.append(f"{path}: resource path {match.group(0)} is not {resource_base}")
for required in (f"Resources/{app_id}.desktop", f"Resources/{app_id}.metainfo.xml",
                 f"Resources/{app_id}.gresource.xml", f"flatpak/{app_id}.yml",
                 f"Resources/icons/hicolor/scalable/apps/{app_id}.svg"):
    if not os.path.exists(required):
        problems.append(f"{required} is missing (files are named after the app id)")
makefile_id = re.search(r"^APP_ID\s*:=\s*(\S+)", open("Makefile").read(), re.M).group(1)
if makefile_id != app_id:
    problems.append(f"Makefile APP_ID {makefile_id} is not {app_id}")

releases = re.findall(r'<release version="([^"]+)"', open(f"Resources/{app_id}.metainfo.xml").read())
if not releases or releases[0] != version:
    problems.append(f"the metainfo's newest release is {releases[:1]}, AppInfo.version is {version}")

# docs/ARCHITECTURE.md and README.md: every file they name exists.
# What git tracks: the docs name the project's files, never what a build left in build/.
tracked = subprocess.run(["git", "ls-files"], check=True, capture_output=True, text=True).stdout.split()
folders = {os.path.dirname(f) + "/" for f in tracked} | {"/".join(f.split("/")[:n]) + "/" for f in tracked
                                                        for n in range(1, f.count("/"))}
references = 0
for doc, token in [(doc, token) for doc in ("docs/ARCHITECTURE.md", "README.md")
                   for token in re.findall(r"`([^`\s]+)`", open(doc).read())]:
    name, _, line = token.partition(":")
    if not re.search(r"\.(swift|ui|py|sh|md|xml|txt|css|c|h|yml)$", name) and not name.endswith("/"):
        continue
    if any(c in name for c in "<*") or name.startswith("."):
        continue  # a pattern (`<Name>View.swift`, `*.ui`), not a file
    references += 1
    if name.endswith("/"):
        if not any(d == name or d.endswith("/" + name) for d in folders):
            problems.append(f"{doc} names the folder {token}, which does not exist")
        continue
    candidates = [f for f in tracked if f == name or f.endswith("/" + name)]
    if not candidates:
        problems.append(f"{doc} names {token}, which does not exist")
    elif line.isdigit() and int(line) > sum(1 for _ in open(candidates[0])):
        problems.append(f"{doc} names {token}, but {candidates[0]} is shorter")

finish("check-sources", f"app id {app_id} ({mentions} mentions), version {version}, "
       f"{references} file references in docs/ARCHITECTURE.md and README.md", problems, checked=mentions + 3 + references)
