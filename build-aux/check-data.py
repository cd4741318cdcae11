"""`make check-data`: the translated desktop file and metainfo carry every language.

Usage: check-data.py DESKTOP METAINFO LANG… — prints `N passed, N failed`."""
import re
import sys
import xml.etree.ElementTree as ElementTree

from check_report import finish

desktop_path, metainfo_path, languages = sys.argv[1], sys.argv[2], sys.argv[3:]
problems = []
desktop = open(desktop_path, encoding="utf-8").read()
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
component = ElementTree.parse(metainfo_path).getroot()
summary = component.find("summary").text
if len(summary) > 35:
    problems.append(f"the metainfo summary has {len(summary)} characters (Flathub: at most 35): {summary!r}")
for lang in languages:
    for key in ("Name", "Comment", "Keywords"):
        if not re.search(rf"^{key}\[{re.escape(lang)}\]=.+$", desktop, re.M):
            problems.append(f"{desktop_path}: no {key}[{lang}]")
    for tag in ("summary", "p", "li", "caption"):
        if not any(e.get(XML_LANG) == lang for e in component.iter(tag)):
            problems.append(f"{metainfo_path}: no <{tag} xml:lang=\"{lang}\">")
    for element in component.iter("summary"):
        if element.get(XML_LANG) == lang and len(element.text) > 35:
            problems.append(f"the {lang} summary has {len(element.text)} characters (at most 35): {element.text!r}")
finish("check-data", f"{len(languages)} languages in the desktop file and the metainfo", problems, checked=len(languages) + 1)
