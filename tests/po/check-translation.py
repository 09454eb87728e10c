#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-translation.py SOURCE_ROOT LANG — po/LANG.po compiles with `msgfmt --check`, covers
every message of the template po/melee-gm.pot, and has no untranslated or fuzzy message."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import polib_mini  # noqa: E402


def main():
    root, lang = sys.argv[1], sys.argv[2]
    po = os.path.join(root, "po", lang + ".po")
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.devnull, po],
                          capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    print(done.stderr.strip())
    if done.returncode != 0:
        print(f"po/{lang}.po does not compile")
        return 1
    failed = False
    stats = done.stderr.strip().splitlines()[-1]
    for kind in ("fuzzy", "untranslated"):
        m = re.search(r"(\d+) " + kind, stats)
        if m and int(m.group(1)) > 0:
            failed = True
    entries = polib_mini.read(po)
    for e in entries:
        if e["obsolete"] or not e["msgid"]:
            continue
        if "fuzzy" in e["flags"]:
            print(f"fuzzy: {e['msgid']!r}")
        elif not all(e["msgstr"]):
            print(f"untranslated: {e['msgid']!r}")
    have = {polib_mini.key(e) for e in entries if not e["obsolete"]}
    template = [e for e in polib_mini.read(os.path.join(root, "po", "melee-gm.pot")) if e["msgid"]]
    absent = [e for e in template if polib_mini.key(e) not in have]
    for e in absent:
        print(f"not in po/{lang}.po: {e['msgid']!r} ({', '.join(e['references'])})")
    if absent:
        print(f"run `ninja -C build melee-gm-update-po` and translate the new messages")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
