#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-template.py SOURCE_ROOT BUILD_DIR — every message in the sources is in the committed
template po/melee-gm.pot. The template is extracted afresh into BUILD_DIR with the arguments of
meson's i18n 'glib' preset (what `ninja melee-gm-pot` runs) and compared message by message, so a
source file that adds or changes a message fails here until the template and the translations
are updated (`ninja -C build melee-gm-pot melee-gm-update-po`). A message with a plural faked
as "land(s)" fails too: a count meeting a noun takes ngettext."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import polib_mini  # noqa: E402

# meson 1.0, mesonbuild/modules/i18n.py, PRESET_ARGS['glib'], plus what its `pot` step adds.
XGETTEXT_ARGS = [
    "--package-name=melee-gm", "-k_",
    "--from-code=UTF-8", "--add-comments",
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
    "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format", "--flag=NC_:2:pass-c-format",
    "--flag=g_dngettext:2:pass-c-format", "--flag=g_strdup_printf:1:c-format",
    "--flag=g_string_printf:2:c-format", "--flag=g_string_append_printf:2:c-format",
    "--flag=g_error_new:3:c-format", "--flag=g_set_error:4:c-format",
    "--flag=g_markup_printf_escaped:1:c-format", "--flag=g_log:3:c-format",
    "--flag=g_print:1:c-format", "--flag=g_printerr:1:c-format", "--flag=g_printf:1:c-format",
    "--flag=g_fprintf:2:c-format", "--flag=g_sprintf:2:c-format", "--flag=g_snprintf:3:c-format",
]


FAKED_PLURAL = re.compile(r"[A-Za-z]\((s|es|ies)\)")


def main():
    root, build = sys.argv[1], sys.argv[2]
    os.makedirs(build, exist_ok=True)
    fresh = os.path.join(build, "melee-gm-fresh.pot")
    cmd = ["xgettext", "-D", root, "-f", os.path.join(root, "po", "POTFILES.in"),
           "-o", fresh] + XGETTEXT_ARGS
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        print("xgettext failed:\n" + done.stderr)
        return 1
    committed_path = os.path.join(root, "po", "melee-gm.pot")
    if not os.path.exists(committed_path):
        print("po/melee-gm.pot is missing: run `ninja -C build melee-gm-pot`")
        return 1
    # Plurals faked with "(s)" cannot be translated: a count and a noun take ngettext.
    faked = [e for e in polib_mini.read(fresh)
             if FAKED_PLURAL.search(e["msgid"]) or FAKED_PLURAL.search(e["msgid_plural"] or "")]
    for e in faked:
        print(f"{', '.join(e['references'])}: a plural faked with '(s)': {e['msgid']!r}; use ngettext")
    # "%" G_GINT64_FORMAT cuts the message where xgettext stops reading: it can never match.
    cut = [e for e in polib_mini.read(fresh) if e["msgid"].endswith("%") and not e["msgid"].endswith("%%")]
    for e in cut:
        print(f"{', '.join(e['references'])}: a message cut by a format macro: {e['msgid']!r}; "
              "use %lld with a (long long) cast, or %zu")
    faked += cut
    committed = {polib_mini.key(e) for e in polib_mini.read(committed_path) if not e["obsolete"]}
    missing = [e for e in polib_mini.read(fresh)
               if e["msgid"] and polib_mini.key(e) not in committed]
    for e in missing:
        where = ", ".join(e["references"]) or "?"
        print(f"{where}: message not in po/melee-gm.pot: {e['msgid']!r}")
    if missing or faked:
        if missing:
            print(f"\nmessages of the sources not in the template: {len(missing)}; run "
                  "`ninja -C build melee-gm-pot melee-gm-update-po` and translate them in po/*.po")
        return 1
    print("po/melee-gm.pot holds every message of the sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
