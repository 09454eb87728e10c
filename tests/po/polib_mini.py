# SPDX-License-Identifier: GPL-3.0-or-later
"""polib_mini.py — just enough of a PO reader for the checks: entries as dicts of
msgctxt, msgid, msgid_plural, msgstr (list), flags, references, obsolete."""


def _unquote(s):
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    return bytes(s[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def read(path):
    entries = []
    cur = None
    field = None

    def flush():
        nonlocal cur
        if cur is not None and "msgid" in cur:
            entries.append(cur)
        cur = None

    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            obsolete = line.startswith("#~")
            if obsolete:
                line = line[2:].lstrip()
            if not line.strip():
                flush()
                continue
            if cur is None:
                cur = {"flags": set(), "references": [], "msgstr": [], "obsolete": obsolete,
                       "msgctxt": None, "msgid_plural": None}
                field = None
            if line.startswith("#,"):
                cur["flags"].update(x.strip() for x in line[2:].split(","))
            elif line.startswith("#:"):
                cur["references"].extend(line[2:].split())
            elif line.startswith("#"):
                pass
            elif line.startswith("msgctxt "):
                cur["msgctxt"] = _unquote(line[8:]); field = ("msgctxt",)
            elif line.startswith("msgid_plural "):
                cur["msgid_plural"] = _unquote(line[13:]); field = ("msgid_plural",)
            elif line.startswith("msgid "):
                cur["msgid"] = _unquote(line[6:]); field = ("msgid",)
            elif line.startswith("msgstr["):
                cur["msgstr"].append(_unquote(line[line.index("]") + 1:])); field = ("msgstr", len(cur["msgstr"]) - 1)
            elif line.startswith("msgstr "):
                cur["msgstr"].append(_unquote(line[7:])); field = ("msgstr", 0)
            elif line.startswith('"'):
                if field[0] == "msgstr":
                    cur["msgstr"][field[1]] += _unquote(line)
                else:
                    cur[field[0]] += _unquote(line)
    flush()
    return entries


def key(e):
    return (e["msgctxt"], e["msgid"], e["msgid_plural"])
