"""Checks the translations, as `make test` runs it:

1. every translatable string in the Swift sources is written so xgettext can extract it: the
   argument of L(...) (and the first two of LN(...)) is one single-line literal with no
   interpolation; values are filled in afterwards with `.filling([...])`;
2. the template is current: regenerating it from the sources gives the same messages;
3. every language in LINGUAS translates every message, with nothing fuzzy, keeping each
   {placeholder} and giving a mnemonic wherever the English has one.
"""
import os
import re
import subprocess
import tempfile

from check_report import finish

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "Resources", "po")
problems = []

# 0. Every Swift file that translates is listed in POTFILES.
listed = set(open(os.path.join(PO, "POTFILES")).read().split())
for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
    for name in files:
        path = os.path.relpath(os.path.join(folder, name), ROOT)
        if name.endswith(".swift") and path not in listed and re.search(r'\bLN?\("', open(os.path.join(ROOT, path), encoding="utf-8").read()):
            problems.append(f"{path} has translatable strings but is not in Resources/po/POTFILES")

# 1. Extractable literals.
literal = r'"(?:[^"\\\n]|\\[^(])*"'
call = re.compile(r'\b(LN?)\(')
for path in open(os.path.join(PO, "POTFILES")).read().split():
    if not path.endswith(".swift"):
        continue
    for number, line in enumerate(open(os.path.join(ROOT, path), encoding="utf-8"), 1):
        code = line.split("//")[0] if line.lstrip().startswith("//") or " // " in line else line
        for match in call.finditer(code):
            if code[:match.start()].rstrip().endswith("func"):
                continue  # the definitions themselves
            rest = line[match.end():]
            count = 2 if match.group(1) == "LN" else 1
            pattern = r"\s*" + r"\s*,\s*".join([literal] * count) + r"\s*[,)]"
            if not re.match(pattern, rest):
                problems.append(f"{path}:{number}: {match.group(1)}(...) needs single-line literal(s) without "
                                f"interpolation (fill values with .filling): {line.strip()}")


def parse(po_text):
    """msgid (or (msgid, plural)) → list of msgstr, plus the set of fuzzy ones."""
    entries, fuzzy = {}, set()
    for block in po_text.split("\n\n"):
        def field(name):
            m = re.search(rf'^{name} ((?:".*"\n?)+)', block, re.M)
            return "".join(eval(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(1))) if m else None
        msgid = field("msgid")
        if not msgid:
            continue
        plural = field("msgid_plural")
        key = (msgid, plural) if plural else msgid
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
    subprocess.run([os.path.join(ROOT, "build-aux", "update-po.sh"), fresh], check=True)
    fresh_ids = set(parse(open(fresh, encoding="utf-8").read())[0])
committed_ids = set(parse(open(os.path.join(PO, "triad.pot"), encoding="utf-8").read())[0])
if fresh_ids != committed_ids:
    problems.append(f"Resources/po/triad.pot is out of date (run `make po`): "
                    f"new {sorted(map(str, fresh_ids - committed_ids))[:5]}, gone {sorted(map(str, committed_ids - fresh_ids))[:5]}")

# 3. Complete translations.
placeholder = re.compile(r"\{[a-z]+\}")
for lang in open(os.path.join(PO, "LINGUAS")).read().split():
    entries, fuzzy = parse(open(os.path.join(PO, f"{lang}.po"), encoding="utf-8").read())
    for key in sorted(fresh_ids, key=str):
        english = key[0] if isinstance(key, tuple) else key
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

languages = len(open(os.path.join(PO, "LINGUAS")).read().split())
finish("translations", f"{len(fresh_ids)} messages in {languages} languages", problems)
