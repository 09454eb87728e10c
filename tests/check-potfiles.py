#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-potfiles.py [SOURCE_ROOT] [--fix] — every file with translatable strings is in
po/POTFILES.in, and every file listed there exists, so no message silently escapes translation.
With --fix it adds the missing files and drops the gone ones (a new game's folders need no
hand-written line: docs/adding-a-game.md)."""
import os
import re
import sys

# The source folder is optional: by default, the tree this script is in.
args = [a for a in sys.argv[1:] if not a.startswith("--")]
root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
marks = re.compile(r'(\b_|\bN_|\bC_|\bNC_)\s*\(\s*"|g_dn?gettext\s*\(|ngettext\s*\(|translatable="yes"')
listed = set()
with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if line and not line.startswith("#"):
            listed.add(line)

missing = []
for top in ("src", "ui"):
    for folder, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            if not name.endswith((".c", ".ui")):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                if marks.search(f.read()):
                    missing.append(os.path.relpath(path, root))
missing = sorted(p for p in missing if p not in listed)
gone = sorted(p for p in listed if not os.path.exists(os.path.join(root, p)))
if "--fix" in sys.argv[1:]:
    path = os.path.join(root, "po", "POTFILES.in")
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if l.strip() not in gone]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines + missing) + "\n")
    sys.exit(0)
for p in missing:
    print(f"po/POTFILES.in: add {p} (it has translatable strings)")
for p in gone:
    print(f"po/POTFILES.in: {p} does not exist")
if missing or gone:
    print("To mend it: python3 tests/check-potfiles.py . --fix")
sys.exit(1 if missing or gone else 0)
