"""Checks that every test named in docs/BAD-INPUT.md exists; prints `N passed, N failed`."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
names = re.findall(r"\| `([\w.]+)` \|$", open(os.path.join(ROOT, "docs", "BAD-INPUT.md"), encoding="utf-8").read(), re.M)
passed = failed = 0
for name in names:
    owner, test = name.split(".")
    if owner.startswith("test_"):
        path, pattern = os.path.join(ROOT, "Tests", "UI", owner + ".py"), rf"^def {test}\("
    elif owner == "faults":  # a save path of the fault-injection sweep (Tests/Faults/run.py)
        path, pattern = os.path.join(ROOT, "Tests", "Faults", "run.py"), rf"^class {test}\("
    else:
        path = next((os.path.join(d, f) for d, _, files in os.walk(os.path.join(ROOT, "Tests"))
                     for f in files if f.endswith(".swift") and re.search(rf"class {owner}\b", open(os.path.join(d, f)).read())), "")
        pattern = rf"func {test}\("
    if path and os.path.exists(path) and re.search(pattern, open(path, encoding="utf-8").read(), re.M):
        passed += 1
    else:
        failed += 1
        print(f"docs/BAD-INPUT.md names a test that does not exist: {name}")
print(f"bad-input catalog: {len(names)} rows")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not names else 0)
