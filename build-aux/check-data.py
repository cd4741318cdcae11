"""`make check-data`: the translated desktop file and metainfo carry every language, element by
element.

    check-data.py [--root DIR] [DESKTOP METAINFO]

DESKTOP and METAINFO are the translated files `make locale` writes (by default build/APP.desktop
and build/APP.metainfo.xml under the root); the languages are those of Resources/po/LINGUAS.

- The metainfo: every translatable element (by AppStream's rules for gettext: the name, the
  summary, each paragraph and list item of the descriptions, the releases' included, each
  screenshot caption, the developer's name, keywords, and any of these not marked
  translate="no") has a translation in every language, right after it as msgfmt writes it. One
  translated paragraph does not stand for the others.
- The desktop file: every translatable key present in a group (Name, GenericName, Comment,
  Keywords, X-GNOME-FullName) has a `Key[lang]` in every language.
- The summary, English and translated, has at most 35 characters (Flathub's limit).
- The GSettings schema (Resources/*.gschema.xml) compiles with `glib-compile-schemas --strict`,
  as the build and an install compile it: a default of the wrong type or outside its range, an
  unknown element or type.
Prints `N passed, N failed`."""
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

from check_report import finish, root

ROOT = root()
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
if len(sys.argv) == 3:
    desktop_path, metainfo_path = sys.argv[1], sys.argv[2]
elif len(sys.argv) == 1:
    desktop_path = next(iter(glob.glob(os.path.join(ROOT, "build", "*.desktop"))), os.path.join(ROOT, "build", "missing.desktop"))
    metainfo_path = next(iter(glob.glob(os.path.join(ROOT, "build", "*.metainfo.xml"))), os.path.join(ROOT, "build", "missing.metainfo.xml"))
else:
    raise SystemExit(__doc__)
languages = open(os.path.join(ROOT, "Resources", "po", "LINGUAS"), encoding="utf-8").read().split()
problems = []
checked = 0

# The metainfo. Which elements are translatable: AppStream's ITS rules (metainfo.its), by path
# from <component>; a description's paragraphs and list items are each a message of their own.
UNITS = ("name", "summary", "developer_name", "developer/name", "name_variant_suffix", "keywords/keyword",
         "screenshots/screenshot/caption")
DESCRIPTIONS = ("description", "releases/release/description", "agreement/agreement_section/description")
component = ElementTree.parse(metainfo_path).getroot()


def shown(element):
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def translatable(element):
    return element.get(XML_LANG) is None and element.get("translate") != "no" and element.get("translatable") != "no"


def parents_of(path):
    """The elements whose children `path`'s last step names (component/a/b → every a)."""
    steps = path.split("/")
    found = [component]
    for step in steps[:-1]:
        found = [child for element in found for child in element.findall(step)]
    return found, steps[-1]


units = []  # (parent, English element)
for path in UNITS:
    parents, tag = parents_of(path)
    for parent in parents:
        units += [(parent, child) for child in parent.findall(tag) if translatable(child)]
for path in DESCRIPTIONS:
    parents, tag = parents_of(path)
    for parent in parents:
        for description in parent.findall(tag):
            if not translatable(description):
                continue
            for block in description:
                if block.tag == "p" and translatable(block):
                    units.append((description, block))
                elif block.tag in ("ul", "ol"):
                    units += [(block, item) for item in block.findall("li") if translatable(item)]

for parent, english in units:
    # msgfmt writes each translation right after its English element, with the same tag.
    children = list(parent)
    after = children[children.index(english) + 1:]
    translated = set()
    for sibling in after:
        if sibling.tag != english.tag or sibling.get(XML_LANG) is None:
            break
        translated.add(sibling.get(XML_LANG))
    for lang in languages:
        checked += 1
        if lang not in translated:
            problems.append(f"{os.path.basename(metainfo_path)}: <{english.tag}> has no {lang} translation: {shown(english)[:70]!r}")

summary = component.find("summary")
if summary is None:
    problems.append("the metainfo has no <summary>")
else:
    for element in [summary] + [e for e in component.findall("summary") if e.get(XML_LANG)]:
        checked += 1
        if len(shown(element)) > 35:
            lang = element.get(XML_LANG) or "English"
            problems.append(f"the {lang} summary has {len(shown(element))} characters (Flathub: at most 35): {shown(element)!r}")

# The desktop file: each group's translatable keys, in every language.
DESKTOP_KEYS = ("Name", "GenericName", "Comment", "Keywords", "X-GNOME-FullName")
group, keys = None, {}
for line in open(desktop_path, encoding="utf-8").read().split("\n"):
    match = re.match(r"^\[(.+)\]\s*$", line)
    if match:
        group = match.group(1)
        continue
    match = re.match(r"^([A-Za-z0-9-]+)(?:\[([^\]]+)\])?\s*=(.*)$", line)
    if match and group:
        keys.setdefault((group, match.group(1)), {})[match.group(2)] = match.group(3).strip()
units_in_desktop = 0
for (group, key), values in sorted(keys.items()):
    if key not in DESKTOP_KEYS or None not in values:
        continue
    units_in_desktop += 1
    for lang in languages:
        checked += 1
        if not values.get(lang):
            problems.append(f"{os.path.basename(desktop_path)}: [{group}] {key} has no {lang} translation ({key}[{lang}])")

# The settings schema, as the build's plugin and `make install` compile it.
schemas = sorted(glob.glob(os.path.join(ROOT, "Resources", "*.gschema.xml")))
checked += 1
if not schemas:
    problems.append("Resources holds no GSettings schema (*.gschema.xml): the window's state would not be kept")
else:
    compiled = subprocess.run(["glib-compile-schemas", "--strict", "--dry-run", os.path.join(ROOT, "Resources")],
                              capture_output=True, text=True)
    if compiled.returncode != 0:
        problems.append(f"the settings schema does not compile: {(compiled.stderr or compiled.stdout).strip()}")

finish("check-data", f"{len(units)} translatable metainfo elements and {units_in_desktop} desktop keys in "
       f"{len(languages)} languages ({', '.join(languages)})", problems, checked=checked)
