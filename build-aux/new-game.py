#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""new-game.py ID [--title TITLE] [--template board|duel] [--root DIR] — creates the folders of a
minimal game with the generic pages (docs/adding-a-game.md), from one of two templates:
  board  (the default) two players, a 3×3 board, one action ("place"), a win and a draw, legal
         actions, no secrets: a tic-tac-toe;
  duel   two players pick rock, paper or scissors in secret (an action declared
         MG_ACTION_SECRET, hidden by view() from every other seat until the referee's reveal),
         first to two won rounds, the referee's score correction as a form, its phone words.
Either passes the contract test (tests/contract/) and the whole suite as it stands.

It writes only the game's own paths, from build-aux/new-game/common/ and the template's folder
build-aux/new-game/TEMPLATE/ (@ID@ and @TITLE@ replaced in names and text):
  src/rules/ID/          the engine, its descriptor mg_ID_game () and its data list
  data/rulesets/ID.json  the ruleset        data/samples/ID-sample.jsonl  the sample
  docs/rules/ID.md       the rules notes    tests/ID/                     its engine test
and appends to po/LANG.po the translations of its messages that the file lacks (from
build-aux/new-game/common/po/LANG.po and build-aux/new-game/TEMPLATE/po/LANG.po), so the game passes the translation tests as it stands. It changes
no other shared file: adding ID to `games` in meson.build is yours (the guide's next step).
"""
import argparse
import keyword
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATES = os.path.join(HERE, "new-game")
# Each template is a folder of files laid over common/ (a file of the same path replaces it);
# the translations, one file per language in each folder's po/, are appended to po/, not copied.
KINDS = sorted(d for d in os.listdir(TEMPLATES) if d != "common")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "po"))
import polib_mini  # noqa: E402
# C keywords and names the tree already uses for something else.
RESERVED = {"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
            "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
            "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
            "typedef", "union", "unsigned", "void", "volatile", "while", "fake", "core", "app",
            "rules", "cli", "server", "ui", "po", "contract", "fuzz", "scaffold", "games", "data"}
# A game's tests go to tests/<id>/: the shared test folders' names cannot be ids either.
RESERVED |= {d for d in os.listdir(os.path.join(os.path.dirname(HERE), "tests"))}


def games_in(root):
    """The words of `games = [...]` in the top-level meson.build."""
    with open(os.path.join(root, "meson.build"), encoding="utf-8") as f:
        m = re.search(r"^games\s*=\s*\[([^\]]*)\]", f.read(), re.M)
    return re.findall(r"'([^']+)'", m.group(1)) if m else []


def plan(root, game_id, title, kind):
    """(destination, text) of every file the template `kind` gives, over the common ones."""
    out = {}
    for base in (os.path.join(TEMPLATES, "common"), os.path.join(TEMPLATES, kind)):
        for folder, dirs, files in os.walk(base):
            if folder == base:
                dirs[:] = [d for d in dirs if d != "po"]
            for name in sorted(files):
                src = os.path.join(folder, name)
                rel = os.path.relpath(src, base).replace("@ID@", game_id)
                with open(src, encoding="utf-8") as f:
                    out[os.path.join(root, rel)] = fill(f.read(), game_id, title)
    return sorted(out.items())


def fill(text, game_id, title):
    return text.replace("@ID@", game_id).replace("@TITLE@", title)


def translations(root, game_id, title, kind):
    """(po/LANG.po, the entries to append to it): the common and the template's translations it
    lacks, in the templates' order. A message the file already has keeps its translation."""
    out = []
    folders = [os.path.join(TEMPLATES, k, "po") for k in ("common", kind)]
    for name in sorted({n for d in folders if os.path.isdir(d) for n in os.listdir(d)}):
        po = os.path.join(root, "po", name)
        if not name.endswith(".po") or not os.path.exists(po):
            continue
        have = {polib_mini.key(e) for e in polib_mini.read(po) if not e["obsolete"]}
        entries = []
        for folder in folders:
            if os.path.exists(os.path.join(folder, name)):
                entries += new_entries(os.path.join(folder, name), have, game_id, title)
        out.append((po, entries))
    return out


def new_entries(path, have, game_id, title):
    """The entries of the template's po file `path` whose keys are not in `have` (added to it)."""
    with open(path, encoding="utf-8") as f:
        text = fill(f.read(), game_id, title)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".po") as filled:
        filled.write(text)
        filled.flush()
        parsed = polib_mini.read(filled.name)
    # One entry a block; the first block is the file's own comment.
    blocks = [b.strip() + "\n" for b in text.split("\n\n")[1:] if b.strip()]
    assert len(blocks) == len(parsed), f"{path}: one blank line between entries"
    entries = []
    for block, entry in zip(blocks, parsed):
        if polib_mini.key(entry) not in have:
            have.add(polib_mini.key(entry))
            entries.append(block)
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("id", help="the game's id: lower case, a C identifier (the word in meson.build)")
    ap.add_argument("--title", help="its name as shown (default: the id, capitalised)")
    ap.add_argument("--template", choices=KINDS, default="board",
                    help="board: a tic-tac-toe (the default); duel: rock, paper, scissors picked in secret")
    ap.add_argument("--sources-to", metavar="DIR",
                    help="write only the engine's C files (src/rules/ID/*.[ch]) into DIR, nothing else: "
                         "for tests that build a template's game without adding it (tests/ui/meson.build)")
    ap.add_argument("--root", default=os.path.dirname(HERE), help="the source tree (default: this one)")
    args = ap.parse_args()
    game_id, root = args.id, os.path.abspath(args.root)
    title = args.title or game_id.replace("_", " ").capitalize()

    if args.sources_to:
        for path, text in plan(root, game_id, title, args.template):
            if os.path.dirname(path) == os.path.join(root, "src", "rules", game_id) and path.endswith((".c", ".h")):
                with open(os.path.join(args.sources_to, os.path.basename(path)), "w", encoding="utf-8") as f:
                    f.write(text)
        return 0
    if game_id in games_in(root):
        print(f"new-game.py: \"{game_id}\" is already in the games list of meson.build", file=sys.stderr)
        return 1
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", game_id) or keyword.iskeyword(game_id):
        print(f"new-game.py: \"{game_id}\" cannot be a game's id: lower case letters, digits and _, "
              "starting with a letter", file=sys.stderr)
        return 2
    if game_id in RESERVED:
        print(f"new-game.py: \"{game_id}\" is a C keyword or a name the tree uses already "
              "(a shared folder of tests/)", file=sys.stderr)
        return 2
    if '"' in title or "\\" in title or "\n" in title:
        print("new-game.py: the title cannot hold a quote, a backslash or a new line", file=sys.stderr)
        return 2
    files = plan(root, game_id, title, args.template)
    taken = [os.path.relpath(p, root) for p, _ in files if os.path.exists(p)]
    if taken:
        print("new-game.py: these exist already, nothing was written: " + ", ".join(taken), file=sys.stderr)
        return 1
    for path, text in files:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print("created", os.path.relpath(path, root))
    for po, entries in translations(root, game_id, title, args.template):
        if entries:
            with open(po, "a", encoding="utf-8") as f:
                f.write("".join("\n" + e for e in entries))
            print(f"appended {len(entries)} translations to", os.path.relpath(po, root))
    print(f"""
Next (docs/adding-a-game.md, "Quick start"):
  add '{game_id}' to games = [...] in meson.build
  python3 tests/check-potfiles.py . --fix
  python3 tests/po/ruleset-names.py . --write
  meson setup --reconfigure build && ninja -C build
  meson test -C build --no-rebuild test-contract test-{game_id}
  ninja -C build melee-gm-pot melee-gm-update-po   # then translate po/*.po""")
    return 0


if __name__ == "__main__":
    sys.exit(main())
