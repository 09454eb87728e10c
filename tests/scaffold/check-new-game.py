#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-new-game.py SOURCE_ROOT WORK_DIR — two games added by following docs/adding-a-game.md's
"Quick start" literally, in a copy of the tree (issues 35 and 47): the default template's
tic-tac-toe and the duel template's secret-picking duel (`--template duel`: both seats pick rock,
paper or scissors in secret, then the referee reveals).

The files git knows of (tracked, and new ones not ignored: a game being added before `git add`
is copied too) are copied into WORK_DIR/tree; each line of the guide's Quick start block is run
there in order, with `<id>` each game's id: the lines that write a game (new-game.py, the word)
once a game, the duel's with the guide's "--template duel"; the rest once for both, so the two
share one configure, one build and one run of each suite. The build and test lines are run bounded: the build
configures WORK_DIR/tree/_build (buildtype plain; kept between runs, so ninja rebuilds only what
changed) and builds what the suites below need, not the whole app; each suite that takes every
game runs on the new game only where its cases are per game (GLib's -p). Then:
  - the contract test runs on each new game (sample replay, refusals, undo/redo, legal playout,
    and on the duel the secret-difference check of every pick), its own test passes (the duel's:
    rock beats scissors…), and `melee-gm-cli games` lists it and plays its sample;
  - every suite a game must pass passes on it (GAME_SUITES): translations (po-fr, po-template,
    potfiles, po-ruleset-names, cli-fr: the exports' headings in French), its summaries told
    again (narrate) and its entity tables, the players' display in English and French, the
    campaign window's pages (lazy-pages), its sample played to the end on the generic Play page
    by pointer and keys (ui-generic: the duel's picks each entered after its seat's secrets are
    shown), the Chronicle page; and for the duel: two
    runs differing only in a hidden pick giving byte-identical shared surfaces — the referee's
    window and the players' display drawn, every page's texts, the Journal's rows, the exports,
    the phones (ui-secret-difference's duel cases) — and its secret step's phone words
    (/table-server/words);
  - outside the games' own paths, the change is the two words in meson.build (that line only)
    and the translation files (po/POTFILES.in, po/ruleset-names.c, po/*.pot, po/*.po).
The guide's block must be exactly QUICK_START below: change both together."""
import json
import os
import re
import shutil
import subprocess
import sys
import time

# (id, title, what the guide's first line's comment says to add for it).
GAMES = [("scaffoldtest", "Scaffold test", ""), ("scaffoldduel", "Scaffold duel", "--template duel")]
DUEL = GAMES[1][0]
FIRST_LINE = 'python3 build-aux/new-game.py <id> --title "<Title>"'
SECRETS = "  # a game with secrets: add --template duel"
QUICK_START = [
    FIRST_LINE + SECRETS,
    "# add '<id>' to games = [...] in meson.build",
    "python3 tests/check-potfiles.py . --fix",
    "python3 tests/po/ruleset-names.py . --write",
    "meson setup --reconfigure build",
    "ninja -C build",
    "meson test -C build --no-rebuild test-contract test-<id>",
    "ninja -C build melee-gm-pot melee-gm-update-po",
    "meson test -C build",
]
# What the guide's builds stand for here: the targets the suites below run.
TARGETS = ["tests/contract/test-contract", "src/cli/melee-gm-cli"] + [f"tests/{g}/test-{g}" for g, _, _ in GAMES]
SUITE_TARGETS = ["tests/po/test-cli-fr", "tests/core/test-narrate", "tests/core/test-tables", "tests/core/test-said",
                 "tests/ui/test-ui", "tests/ui/test-ui-display", "tests/ui/test-ui-generic",
                 "tests/ui/test-ui-chronicle", "tests/ui/test-ui-secret-difference",
                 "tests/server/test-table-server", "data/gschemas.compiled", "po/fr/LC_MESSAGES/melee-gm.mo"]
# The whole suite (`meson test -C build`) on the new games: (tests, GLib test paths — "<id>" once
# for each game — or None for every case). A case that loops over the games runs on the new games
# only (MG_TEST_GAME, their ids, which test-cli-fr's and test-ui's loops read); a case of the
# duel's on the scaffold's duel (MG_TEST_DUEL). Each test runs once for both games.
# `melee-gm-cli games` is checked below.
GAME_SUITES = [
    (["po-fr", "po-template", "po-ruleset-names", "potfiles"], None),
    (["cli-fr"], ["/cli-fr/state-is-language-free"]),
    (["test-narrate"], ["/narrate/<id>"]),
    (["test-said"], ["/said/<id>"]),
    (["test-tables"], ["/tables/<id>"]),
    (["ui-display", "ui-display-fr"], ["/ui/display/<id>"]),
    (["ui"], ["/ui/lazy-pages"]),
    (["ui-generic"], ["/ui-generic/samples"]),
    (["ui-secret-difference"], ["/secret-difference/duel-pick-pointer", "/secret-difference/duel-pick-keys"]),
    (["test-table-server"], ["/table-server/words"]),
    (["ui-chronicle"], ["/ui/chronicle/<id>"]),
]
TRANSLATION_FILES = re.compile(r"po/(POTFILES\.in|ruleset-names\.c|[^/]+\.pot|[^/]+\.po)$")


def game_paths(game):
    """The paths a game owns (docs/adding-a-game.md, "A game's own paths")."""
    return re.compile(r"(src/rules/{g}/|src/app/{g}/|ui/{g}/|tests/{g}/|tests/ui/{g}/|schema/{g}/|"
                      r"data/rulesets/{g}\.json$|data/samples/{g}-[^/]+$|docs/rules/{g}\.md$)".format(g=game))


def guide_block(root):
    """The lines of the ```sh block under "## Quick start" in docs/adding-a-game.md."""
    with open(os.path.join(root, "docs", "adding-a-game.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## Quick start\n.*?^```sh\n(.*?)^```", text, re.M | re.S)
    return [l.strip() for l in m.group(1).splitlines() if l.strip()] if m else []


def snapshot(tree):
    """{path: bytes} of every file of the tree but the build directory."""
    out = {}
    for folder, dirs, files in os.walk(tree):
        dirs[:] = [d for d in dirs if not (folder == tree and d == "_build")]
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, tree)] = f.read()
    return out


def run(cmd, cwd, env=None, timeout=600):
    t = time.monotonic()
    print("+", cmd if isinstance(cmd, str) else " ".join(cmd), flush=True)
    p = subprocess.run(cmd, cwd=cwd, env=env, shell=isinstance(cmd, str), timeout=timeout,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(p.stdout[-4000:], end="")
    print(f"  ({time.monotonic() - t:.1f} s, exit {p.returncode})", flush=True)
    if p.returncode != 0:
        sys.exit(f"FAIL: `{cmd}` exited with {p.returncode}")
    return p.stdout


def add_word(tree, game):
    path = os.path.join(tree, "meson.build")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new, n = re.subn(r"^(games\s*=\s*\[[^\]]*?)\s*\]", lambda m: f"{m.group(1)}, '{game}']", text, count=1, flags=re.M)
    if n != 1:
        sys.exit("FAIL: no `games = [...]` list in meson.build")
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)


def meson_test(build, tree, env, tests, paths):
    """`tests` run from the build, on the cases under the GLib test paths `paths` (None: all)."""
    run(["meson", "test", "-C", build, "--no-rebuild", "--print-errorlogs"] + tests +
        (["--test-args", " ".join(f"-p {p}" for p in paths)] if paths else []), tree, env)


def game_paths_of(paths, games):
    """Each path with "<id>" once for each game in `games`; the others as they are."""
    return [p.replace("<id>", g) for p in paths for g in (games if "<id>" in p else games[:1])]


def follow(line, tree, build, env):
    """Runs one line of the guide's Quick start in the copy: a line that writes a game once for each."""
    ids = [g for g, _, _ in GAMES]
    if line.startswith("python3 build-aux/new-game.py"):
        for game, title, extra in GAMES:
            run(FIRST_LINE.replace("<id>", game).replace("<Title>", title) + " " + extra, tree, env)
    elif line.startswith("# add '"):
        for game in ids:
            add_word(tree, game)
    elif line.startswith("meson setup"):
        # A build directory of its own, configured once: later runs only rebuild what changed.
        if not os.path.exists(os.path.join(build, "build.ninja")):
            run(["meson", "setup", build, "-Dbuildtype=plain"], tree, env)
        else:
            run(["meson", "setup", "--reconfigure", build], tree, env)
    elif line == "ninja -C build":
        run(["ninja", "-C", build, "-j2"] + TARGETS, tree, env)
    elif line.startswith("meson test -C build --no-rebuild"):
        meson_test(build, tree, env, ["test-contract"], [f"/contract/{g}" for g in ids])
        meson_test(build, tree, env, [f"test-{g}" for g in ids], None)
    elif line == "meson test -C build":
        run(["ninja", "-C", build, "-j2"] + SUITE_TARGETS, tree, env)
        for tests, paths in GAME_SUITES:
            meson_test(build, tree, env, tests, game_paths_of(paths, ids) if paths else None)
    elif line.startswith("ninja -C build "):
        run(["ninja", "-C", build] + line.split()[3:], tree, env)
    else:
        run(line, tree, env)


def main():
    root, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    started = time.monotonic()
    want, have = QUICK_START, guide_block(root)
    if have != want:
        print("docs/adding-a-game.md's Quick start is not the steps this test follows:")
        print("  guide: " + "\n         ".join(have))
        print("  test:  " + "\n         ".join(want))
        return 1
    if not os.path.isdir(os.path.join(root, ".git")) and not os.path.isfile(os.path.join(root, ".git")):
        print("not a git checkout: the tracked files cannot be listed; skipped")
        return 77
    # Tracked files and new ones not ignored: a game added but not yet `git add`ed is part of
    # the tree its author builds.
    tracked = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             check=True, stdout=subprocess.PIPE).stdout.decode().split("\0")
    tree, build = os.path.join(work, "tree"), os.path.join(work, "tree", "_build")
    # The previous run's build directory is kept (ccache and ninja reuse it); the sources are new.
    if os.path.isdir(tree):
        for name in os.listdir(tree):
            if name != "_build":
                p = os.path.join(tree, name)
                shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    # Never a build directory of the author's that .gitignore does not name.
    builds = {rel.split("/")[0] for rel in tracked if rel.endswith("/build.ninja") and rel.count("/") == 1}
    for rel in filter(lambda r: r and r.split("/")[0] not in builds, tracked):
        src = os.path.join(root, rel)
        if os.path.isfile(src):
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            shutil.copy2(src, os.path.join(tree, rel))
    before = snapshot(tree)
    env = dict(os.environ, CCACHE_BASEDIR=tree, CCACHE_NOHASHDIR="1", LC_ALL="C.UTF-8", MG_TEST_DUEL=DUEL,
               MG_TEST_GAME=",".join(g for g, _, _ in GAMES))
    env.pop("LANGUAGE", None)
    for line in have:
        follow(line, tree, build, env)

    cli = os.path.join(build, "src", "cli", "melee-gm-cli")
    games = run([cli, "games"], tree, env).split()
    for game, _, _ in GAMES:
        if game not in games:
            sys.exit(f"FAIL: `melee-gm-cli games` does not list {game}: {games}")
        play_sample(cli, tree, work, game, env)

    after = snapshot(tree)
    owned = [game_paths(g) for g, _, _ in GAMES]
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    outside = [p for p in changed if not any(own.match(p) for own in owned)]
    print("changed outside the games' own paths:", ", ".join(outside))
    wrong = [p for p in outside if p != "meson.build" and not TRANSLATION_FILES.match(p)]
    if wrong:
        sys.exit("FAIL: adding a game changed shared files: " + ", ".join(wrong))
    old_lines = before["meson.build"].decode().splitlines()
    new_lines = after["meson.build"].decode().splitlines()
    diff = [(a, b) for a, b in zip(old_lines, new_lines) if a != b]
    words = "".join(f", '{g}'" for g, _, _ in GAMES)
    if len(old_lines) != len(new_lines) or len(diff) != 1 or diff[0][1].replace(words, "") != diff[0][0]:
        sys.exit(f"FAIL: meson.build changed by more than the words: {diff}")
    print(f"ok: {', '.join(g for g, _, _ in GAMES)} added through the guide in {time.monotonic() - started:.0f} s; "
          f"{len(changed) - len(outside)} files of their own")
    return 0


def play_sample(cli, tree, work, game, env):
    """The game's sample played into a new campaign through `melee-gm-cli act`: every line taken."""
    db = os.path.join(work, f"{game}-sample.db")
    if os.path.exists(db):
        os.remove(db)
    with open(os.path.join(tree, "data", "samples", f"{game}-sample.jsonl"), encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    players = [json.loads(l).get("player") for l in lines]
    seats = list(dict.fromkeys(p for p in players if p))
    run([cli, "new", db, "--game", game, "--name", "S"] + [a for s in seats for a in ("--player", s)], tree, env)
    played = subprocess.run([cli, "act", db], input="\n".join(lines) + "\n", stdout=subprocess.PIPE,
                            text=True, env=env).stdout
    if '"ok":false' in played.replace(" ", "") or played.count("\n") != len(lines):
        sys.exit(f"FAIL: {game}'s sample did not play through melee-gm-cli act:\n{played}")


if __name__ == "__main__":
    sys.exit(main())
