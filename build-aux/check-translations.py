"""Checks the translations, as `make test` runs it:

1. every translatable string in the Swift sources is written so xgettext can extract it: the
   argument of L(...) (and the first two of LN(...)) is one single-line literal with no
   interpolation (on the line of the call or a line of its own); values are filled in afterwards with `.filling([...])`;
2. the template is current: regenerating it from the sources gives the same messages;
3. every language in LINGUAS has its .po file and translates every message, with nothing fuzzy,
   keeping each {placeholder} and giving a mnemonic wherever the English has one; and no .po
   file holds a message the template does not (a merge was missed) or an entry left untranslated
   or fuzzy, wherever it came from (the desktop file's and the metainfo's messages included:
   check-data then sees each of their elements translated).

    check-translations.py [--root DIR]
"""
import os
import re
import subprocess
import tempfile

from check_report import finish, root

ROOT = root()
PO = os.path.join(ROOT, "Resources", "po")
problems = []

# 0. Every Swift file that translates is listed in POTFILES.
listed = set(open(os.path.join(PO, "POTFILES")).read().split())
for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
    for name in files:
        path = os.path.relpath(os.path.join(folder, name), ROOT)
        if name.endswith(".swift") and path not in listed and re.search(r'\bLN?\("', open(os.path.join(ROOT, path), encoding="utf-8").read()):
            problems.append(f"{path} has translatable strings but is not in Resources/po/POTFILES")
        if name.endswith(".ui") and path not in listed and 'translatable="yes"' in open(os.path.join(ROOT, path), encoding="utf-8").read():
            problems.append(f"{path} has translatable strings but is not in Resources/po/POTFILES")

# Every file POTFILES lists exists (xgettext stops at the first that does not).
for path in sorted(listed):
    if not os.path.exists(os.path.join(ROOT, path)):
        problems.append(f"Resources/po/POTFILES lists {path}, which does not exist")

# 1. Extractable literals.
literal = r'"(?:[^"\\\n]|\\[^(])*"'
call = re.compile(r'\b(LN?)\(')
for path in open(os.path.join(PO, "POTFILES")).read().split():
    if not path.endswith(".swift") or not os.path.exists(os.path.join(ROOT, path)):
        continue
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    offset = 0
    for number, line in enumerate(text.split("\n"), 1):
        start, offset = offset, offset + len(line) + 1
        code = line.split("//")[0] if line.lstrip().startswith("//") or " // " in line else line
        for match in call.finditer(code):
            if code[:match.start()].rstrip().endswith("func"):
                continue  # the definitions themselves
            # The formatter puts a long literal on a line of its own after `L(`: the space before
            # and between the arguments may hold line breaks, each literal may not.
            rest = text[start + match.end():]
            count = 2 if match.group(1) == "LN" else 1
            pattern = r"\s*" + r"\s*,\s*".join([literal] * count) + r"\s*[,)]"
            if not re.match(pattern, rest):
                problems.append(f"{path}:{number}: {match.group(1)}(...) needs single-line literal(s) without "
                                f"interpolation (fill values with .filling): {line.strip()}")


def parse(po_text):
    """msgid (or (msgid, plural), with its msgctxt before it where it has one) → list of msgstr,
    plus the set of fuzzy ones. Obsolete entries (#~) are left out."""
    entries, fuzzy = {}, set()
    for block in re.split(r"\n[ \t]*\n", po_text):
        def field(name):
            m = re.search(rf'^{name} ((?:".*"\n?)+)', block, re.M)
            return "".join(eval(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(1))) if m else None
        msgid = field("msgid")
        if not msgid:
            continue
        plural = field("msgid_plural")
        context = field("msgctxt")
        key = (msgid, plural) if plural else msgid
        if context is not None:
            key = ("msgctxt", context, key)
        if plural:
            strs = [field(rf"msgstr\[{i}\]") for i in range(6)]
            entries[key] = [s for s in strs if s is not None]
        else:
            entries[key] = [field("msgstr")]
        if re.search(r"^#,.*\bfuzzy\b", block, re.M):
            fuzzy.add(key)
    return entries, fuzzy


# 2. The template is current.
with tempfile.TemporaryDirectory() as tmp:
    fresh = os.path.join(tmp, "triad.pot")
    # update-po.sh reads the tree it is in.
    extracted = subprocess.run([os.path.join(ROOT, "build-aux", "update-po.sh"), fresh], capture_output=True, text=True)
    fresh_ids = set(parse(open(fresh, encoding="utf-8").read())[0]) if extracted.returncode == 0 else None
committed_ids = set(parse(open(os.path.join(PO, "triad.pot"), encoding="utf-8").read())[0])
if fresh_ids is None:
    problems.append(f"the template could not be extracted (build-aux/update-po.sh): {extracted.stderr.strip()[-300:]}")
    fresh_ids = committed_ids
if fresh_ids != committed_ids:
    problems.append(f"Resources/po/triad.pot is out of date (run `make po`): "
                    f"new {sorted(map(str, fresh_ids - committed_ids))[:5]}, gone {sorted(map(str, committed_ids - fresh_ids))[:5]}")

# 3. Complete translations.
placeholder = re.compile(r"\{[a-z]+\}")


def english_of(key):
    """The English text of a message's key: its msgid, without its context or plural."""
    if isinstance(key, tuple) and len(key) == 3:  # ("msgctxt", context, key)
        key = key[2]
    return key[0] if isinstance(key, tuple) else key


linguas = open(os.path.join(PO, "LINGUAS")).read().split()
for name in sorted(os.listdir(PO)):
    if name.endswith(".po") and name[:-3] not in linguas:
        problems.append(f"Resources/po/{name} is not in LINGUAS: it is never built nor checked")
for lang in linguas:
    if not os.path.exists(os.path.join(PO, f"{lang}.po")):
        problems.append(f"{lang}: LINGUAS names it, but Resources/po/{lang}.po does not exist")
        continue
    entries, fuzzy = parse(open(os.path.join(PO, f"{lang}.po"), encoding="utf-8").read())
    for key in sorted(set(entries) - fresh_ids, key=str):
        problems.append(f"{lang}: {english_of(key)!r} is in {lang}.po but not in the template (run `make po`)")
        if not all(entries[key]):
            problems.append(f"{lang}: untranslated: {english_of(key)!r}")
        if key in fuzzy:
            problems.append(f"{lang}: fuzzy: {english_of(key)!r}")
    for key in sorted(fresh_ids, key=str):
        english = english_of(key)
        translations = entries.get(key)
        if not translations or not all(translations):
            problems.append(f"{lang}: untranslated: {english!r}")
            continue
        if key in fuzzy:
            problems.append(f"{lang}: fuzzy: {english!r}")
        for text in translations:
            if set(placeholder.findall(text)) != set(placeholder.findall(english)):
                problems.append(f"{lang}: placeholders differ in {english!r}: {text!r}")
            if re.search(r"_[A-Za-z]", english) and not re.search(r"_[A-Za-z]", text):
                problems.append(f"{lang}: mnemonic missing in {english!r}: {text!r}")
    result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, os.path.join(PO, f"{lang}.po")],
                            capture_output=True, text=True)
    if result.returncode != 0:
        problems.append(f"{lang}: msgfmt --check: {result.stderr.strip()}")

finish("translations", f"{len(fresh_ids)} messages in {len(linguas)} languages", problems,
       checked=1 + len(fresh_ids) * len(linguas))
