#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-new-game.py SOURCE_ROOT WORK_DIR — a sixth game added by following
docs/adding-a-game.md's "Quick start" literally, in a copy of the tree (issues 35 and 47).

The files git knows of (tracked, and new ones not ignored: a game being added before `git add`
is copied too) are copied into WORK_DIR/tree; each line of the guide's Quick start block is run
there in order, with `<id>` the test's id. The build and test lines are run bounded: the build
configures WORK_DIR/tree/_build (buildtype plain; kept between runs, so ninja rebuilds only what
changed) and builds what the suites below need, not the whole app; each suite that takes every
game runs on the new game only where its cases are per game (GLib's -p). Then:
  - the contract test runs on the new game (sample replay, refusals, undo/redo, legal playout),
    its own test passes, and `melee-gm-cli games` lists it and plays its sample;
  - every suite a game must pass passes on it (GAME_SUITES): translations (po-fr, po-template,
    potfiles, po-ruleset-names, cli-fr: the exports' headings in French), its summaries told
    again (narrate) and its entity tables, the players' display in English and French, the
    campaign window's pages (lazy-pages), its sample played to the end on the generic Play page
    by pointer and keys (ui-generic), the Chronicle page;
  - outside the game's own paths, the change is the word in meson.build (that line only) and
    the translation files (po/POTFILES.in, po/ruleset-names.c, po/*.pot, po/*.po).
The guide's block must be exactly QUICK_START below: change both together."""
import os
import re
import shutil
import subprocess
import sys
import time

GAME = "scaffoldtest"
TITLE = "Scaffold test"
QUICK_START = [
    'python3 build-aux/new-game.py <id> --title "<Title>"',
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
TARGETS = ["tests/contract/test-contract", "src/cli/melee-gm-cli", "tests/<id>/test-<id>"]
SUITE_TARGETS = ["tests/po/test-cli-fr", "tests/core/test-narrate", "tests/core/test-tables",
                 "tests/ui/test-ui", "tests/ui/test-ui-display", "tests/ui/test-ui-generic",
                 "tests/ui/test-ui-chronicle", "data/gschemas.compiled", "po/fr/LC_MESSAGES/melee-gm.mo"]
# The whole suite (`meson test -C build`) on the new game: (tests, GLib test paths or None for
# every case). A case that loops over the games runs alone, and on the new game only
# (MG_TEST_GAME, which test-cli-fr's and test-ui's loops read). `melee-gm-cli games` is checked below.
GAME_SUITES = [
    (["po-fr", "po-template", "po-ruleset-names", "potfiles"], None),
    (["cli-fr"], "/cli-fr/state-is-language-free"),
    (["test-narrate"], "/narrate/<id>"),
    (["test-tables"], "/tables/<id>"),
    (["ui-display", "ui-display-fr"], "/ui/display/<id>"),
    (["ui"], "/ui/lazy-pages"),
    (["ui-generic"], "/ui-generic/samples"),
    (["ui-chronicle"], "/ui/chronicle/<id>"),
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


def meson_test(build, tree, env, tests, path):
    """`tests` run from the build, on the cases under the GLib test path `path` (None: all)."""
    run(["meson", "test", "-C", build, "--no-rebuild", "--print-errorlogs"] + tests +
        (["--test-args", f"-p {path}"] if path else []), tree, env)


def follow(line, tree, build, env):
    """Runs one line of the guide's Quick start in the copy."""
    if line.startswith("# add '"):
        add_word(tree, GAME)
    elif line.startswith("meson setup"):
        # A build directory of its own, configured once: later runs only rebuild what changed.
        if not os.path.exists(os.path.join(build, "build.ninja")):
            run(["meson", "setup", build, "-Dbuildtype=plain"], tree, env)
        else:
            run(["meson", "setup", "--reconfigure", build], tree, env)
    elif line == "ninja -C build":
        run(["ninja", "-C", build, "-j2"] + [t.replace("<id>", GAME) for t in TARGETS], tree, env)
    elif line.startswith("meson test -C build --no-rebuild"):
        meson_test(build, tree, env, ["test-contract"], f"/contract/{GAME}")
        meson_test(build, tree, env, [f"test-{GAME}"], None)
    elif line == "meson test -C build":
        run(["ninja", "-C", build, "-j2"] + SUITE_TARGETS, tree, env)
        for tests, path in GAME_SUITES:
            meson_test(build, tree, env, tests, path.replace("<id>", GAME) if path else None)
    elif line.startswith("ninja -C build "):
        run(["ninja", "-C", build] + line.split()[3:], tree, env)
    else:
        run(line, tree, env)


def main():
    root, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    started = time.monotonic()
    want = [l.replace("<id>", GAME).replace("<Title>", TITLE) for l in QUICK_START]
    have = [l.replace("<id>", GAME).replace("<Title>", TITLE) for l in guide_block(root)]
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
    env = dict(os.environ, CCACHE_BASEDIR=tree, CCACHE_NOHASHDIR="1", LC_ALL="C.UTF-8", MG_TEST_GAME=GAME)
    env.pop("LANGUAGE", None)
    for line in have:
        follow(line, tree, build, env)

    cli = os.path.join(build, "src", "cli", "melee-gm-cli")
    games = run([cli, "games"], tree, env).split()
    if GAME not in games:
        sys.exit(f"FAIL: `melee-gm-cli games` does not list {GAME}: {games}")
    db = os.path.join(work, "sample.db")
    if os.path.exists(db):
        os.remove(db)
    run([cli, "new", db, "--game", GAME, "--name", "S", "--player", "Cross", "--player", "Nought"], tree, env)
    with open(os.path.join(tree, "data", "samples", f"{GAME}-sample.jsonl"), encoding="utf-8") as f:
        played = subprocess.run([cli, "act", db], stdin=f, stdout=subprocess.PIPE, text=True, env=env).stdout
    if '"ok":false' in played.replace(" ", "") or played.count("\n") != 5:
        sys.exit(f"FAIL: the sample did not play through melee-gm-cli act:\n{played}")

    after = snapshot(tree)
    own = game_paths(GAME)
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    outside = [p for p in changed if not own.match(p)]
    print("changed outside the game's own paths:", ", ".join(outside))
    wrong = [p for p in outside if p != "meson.build" and not TRANSLATION_FILES.match(p)]
    if wrong:
        sys.exit("FAIL: adding a game changed shared files: " + ", ".join(wrong))
    old_lines = before["meson.build"].decode().splitlines()
    new_lines = after["meson.build"].decode().splitlines()
    diff = [(a, b) for a, b in zip(old_lines, new_lines) if a != b]
    if len(old_lines) != len(new_lines) or len(diff) != 1 or \
            diff[0][1].replace(f", '{GAME}'", "") != diff[0][0]:
        sys.exit(f"FAIL: meson.build changed by more than the word: {diff}")
    print(f"ok: {GAME} added through the guide in {time.monotonic() - started:.0f} s; "
          f"{len(changed) - len(outside)} files of its own")
    return 0


if __name__ == "__main__":
    sys.exit(main())
