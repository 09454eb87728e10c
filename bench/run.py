#!/usr/bin/env python3
"""bench/run.py — Melee GM's benchmarks, each a ratio against a baseline run in the same invocation.

(a) time to first frame: the app opening a campaign of 100,000 journal rows / a bare
    AdwApplicationWindow program (target <= 1.3); for reading it, the same bare window with only
    the campaign window's header bar, built by libadwaita alone (bench/shell-window.c), is timed
    too: its ratio is what the toolkit's chrome costs on the machine before any Melee GM code
(b) peak memory (max RSS) of (a) / the same bare window (target <= 1.2)
(c) journal appends per second through `melee-gm-cli act` / the sqlite3 shell inserting the same
    rows, one transaction each, same journal mode (WAL) and synchronous (NORMAL) (target >= 0.7)
(d) TFT Melee's duel simulator: fights per second, against the same number of dice drawn bare
    (bench/tft-duel.c; no target: it says what a simulation of N fights costs)

Runs are interleaved (app, bare, app, bare, ...) so drift in the machine's load hits both sides;
the median of the per-pair ratios is reported.  Not part of the test suite.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Meeple Melee, deterministic with typed dice: Red rolls all Punch, Blue all Sweep.  The reveal
# count (table 6,5,5,4,4,3 by the higher casualties) is always >= 3, so Blue wins every battle
# on Sweep; Red's casualties go 1..6, the match ends, and a rematch starts the next one.
REVEAL = [6, 5, 5, 4, 4, 3]


def meeple_stream(n_actions):
    lines = []
    while len(lines) < n_actions:
        for casualties in range(6):
            red_roll = 8 - casualties
            reveal = REVEAL[casualties]
            lines.append('{"type":"roll","player":"Red","dice":[%s]}' % ",".join(["3"] * red_roll))
            lines.append('{"type":"roll","player":"Blue","dice":[%s]}' % ",".join(["1"] * 8))
            lines.append('{"type":"pick","player":"Red","sweep":0,"kick":0,"punch":%d}' % reveal)
            lines.append('{"type":"pick","player":"Blue","sweep":%d,"kick":0,"punch":0}' % reveal)
        lines.append('{"type":"rematch"}')
    return "\n".join(lines[:n_actions]) + "\n"


def new_campaign(cli, path):
    if os.path.exists(path):
        os.remove(path)
    subprocess.run([cli, "new", path, "--game", "meeple", "--name", "Bench",
                    "--player", "Red", "--player", "Blue", "--seed", "1"], check=True)


def act(cli, path, stream):
    """Feeds the stream; returns (seconds, acknowledged rows)."""
    start = time.perf_counter()
    out = subprocess.run([cli, "act", path], input=stream, capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    ok = out.stdout.count('"ok":true')
    bad = out.stdout.count('"ok":false')
    if bad:
        first = next(l for l in out.stdout.splitlines() if '"ok":false' in l)
        sys.exit(f"bench: the stream was refused {bad} times, first: {first}")
    return elapsed, ok


def big_campaign(cli, out_dir, rows):
    path = os.path.join(out_dir, f"big-{rows}.db")
    if os.path.exists(path):
        return path
    print(f"building a campaign of {rows} journal rows (cached in {path}) ...", flush=True)
    tmp = path + ".tmp"
    new_campaign(cli, tmp)
    chunk = 20000
    done = 0
    while done < rows:
        n = min(chunk, rows - done)
        # The stream's position depends on where the previous chunk left the match.
        stream = meeple_stream(done + n).split("\n")[done:done + n]
        act(cli, tmp, "\n".join(stream) + "\n")
        done += n
    for ext in ("-wal", "-shm"):
        if os.path.exists(tmp + ext):
            os.remove(tmp + ext)
    os.rename(tmp, path)
    return path


def first_frame(argv, env):
    """Seconds from spawn to the 'first-frame' line, and peak RSS in KiB."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    seen = None
    for line in proc.stdout:
        if line.strip() == "first-frame":
            seen = time.perf_counter() - start
    _, status, usage = os.wait4(proc.pid, 0)
    if seen is None:
        sys.exit(f"bench: {argv[0]} never printed first-frame (status {status})")
    return seen, usage.ru_maxrss


def bench_first_frame(build, app, bare, shell, campaign, small, runs):
    env = dict(os.environ, MELEE_GM_BENCH_FIRST_FRAME="1", GSETTINGS_BACKEND="memory",
               GTK_A11Y="none", ADW_DISABLE_PORTAL="1", NO_AT_BRIDGE="1",
               GSETTINGS_SCHEMA_DIR=os.path.join(build, "data"))
    # One warm-up of each, so the page cache holds both binaries and the campaign file.
    first_frame([app, campaign], env)
    first_frame([bare], env)
    first_frame([shell], env)
    t_ratios, m_ratios, s_ratios, c_ratios, rows = [], [], [], [], []
    for _ in range(runs):
        ta, ma = first_frame([app, campaign], env)
        tb, mb = first_frame([bare], env)
        # The same window on an empty campaign: what the journal's size itself costs.
        ts, _ = first_frame([app, small], env)
        tc, _ = first_frame([shell], env)
        t_ratios.append(ta / tb)
        m_ratios.append(ma / mb)
        s_ratios.append(ts / tb)
        c_ratios.append(tc / tb)
        rows.append((ta, tb, ma, mb, ts, tc))
    return t_ratios, m_ratios, s_ratios, c_ratios, rows


def bench_appends(cli, out_dir, n, runs):
    ratios, rows = [], []
    stream = meeple_stream(n)
    for i in range(runs):
        path = os.path.join(out_dir, f"append-{i}.db")
        new_campaign(cli, path)
        t_cli, acked = act(cli, path, stream)
        # The same rows through the shell: same schema, same pragmas, one transaction each.
        db = sqlite3.connect(path)
        schema = [r[0] for r in db.execute(
            "select sql from sqlite_master where sql is not null and name not like 'sqlite_%'")]
        cols = [r[1] for r in db.execute("pragma table_info(journal)")]
        journal = db.execute("select %s from journal order by seq" % ",".join(cols)).fetchall()
        sessions = db.execute("select * from session").fetchall()
        db.close()
        shell_db = os.path.join(out_dir, f"shell-{i}.db")
        for ext in ("", "-wal", "-shm"):
            if os.path.exists(shell_db + ext):
                os.remove(shell_db + ext)
        setup = sqlite3.connect(shell_db)
        for stmt in schema:
            setup.execute(stmt)
        for s in sessions:
            setup.execute("insert into session values (%s)" % ",".join("?" * len(s)), s)
        setup.commit()
        setup.close()

        def lit(v):
            if v is None:
                return "NULL"
            if isinstance(v, (int, float)):
                return str(v)
            return "'" + str(v).replace("'", "''") + "'"

        script = ["PRAGMA journal_mode=WAL;", "PRAGMA synchronous=NORMAL;", "PRAGMA foreign_keys=ON;"]
        for row in journal:
            script.append("INSERT INTO journal(%s) VALUES(%s);" % (",".join(cols), ",".join(lit(v) for v in row)))
        sql = "\n".join(script) + "\n"
        start = time.perf_counter()
        subprocess.run(["sqlite3", shell_db], input=sql, text=True, check=True, stdout=subprocess.DEVNULL)
        t_shell = time.perf_counter() - start
        ratio = (acked / t_cli) / (len(journal) / t_shell)
        ratios.append(ratio)
        rows.append((acked / t_cli, len(journal) / t_shell))
    return ratios, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--rows", type=int, default=100000, help="journal rows of the campaign for (a) and (b)")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--appends", type=int, default=20000, help="actions appended in (c)")
    ap.add_argument("--only", choices=["a", "c", "d"], help="run only (a)+(b), only (c) or only (d)")
    args = ap.parse_args()

    build = os.path.join(ROOT, args.build) if not os.path.isabs(args.build) else args.build
    cli = os.path.join(build, "src/cli/melee-gm-cli")
    app = os.path.join(build, "src/app/melee-gm")
    bare = os.path.join(build, "bench/mg-bench-bare-window")
    shell = os.path.join(build, "bench/mg-bench-shell-window")
    out_dir = os.path.join(ROOT, "bench/out")
    os.makedirs(out_dir, exist_ok=True)

    if args.only in (None, "a") and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        if shutil.which("xvfb-run"):
            os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
                                   sys.executable] + sys.argv)
        sys.exit("bench: no display and no xvfb-run")

    print(f"melee-gm benchmarks — {args.runs} interleaved runs each; ratios are medians")
    if args.only in (None, "a"):
        campaign = big_campaign(cli, out_dir, args.rows)
        small = os.path.join(out_dir, "empty.db")
        new_campaign(cli, small)
        t, m, s, c, rows = bench_first_frame(build, app, bare, shell, campaign, small, args.runs)
        for ta, tb, ma, mb, ts, tc in rows:
            print(f"  first frame: app {ta*1000:7.1f} ms  bare {tb*1000:7.1f} ms  (empty campaign {ts*1000:7.1f} ms, "
                  f"header bar only {tc*1000:7.1f} ms)   peak RSS: app {ma/1024:6.1f} MiB  bare {mb/1024:6.1f} MiB")
        print(f"(a) time to first frame, {args.rows} rows / bare window: {statistics.median(t):.2f}x (target <= 1.3x)")
        print(f"    the same window on an empty campaign / bare window:  {statistics.median(s):.2f}x (the journal's share is the difference)")
        print(f"    the bare window with the header bar only / bare:     {statistics.median(c):.2f}x (libadwaita's chrome, no Melee GM code)")
        print(f"(b) peak memory, {args.rows} rows / bare window:        {statistics.median(m):.2f}x (target <= 1.2x)")
    if args.only in (None, "c"):
        r, rows = bench_appends(cli, out_dir, args.appends, max(3, args.runs // 2))
        for cli_rate, shell_rate in rows:
            print(f"  appends: melee-gm-cli act {cli_rate:8.0f}/s   sqlite3 shell {shell_rate:8.0f}/s")
        print(f"(c) journal appends, cli act / sqlite3 shell:        {statistics.median(r):.2f}x (target >= 0.7x)")
    if args.only in (None, "d"):
        duel = subprocess.run([os.path.join(build, "bench/mg-bench-tft-duel")], capture_output=True,
                              text=True, check=True).stdout.strip().splitlines()
        print("(d) TFT Melee duel simulator (Flavius v Wulf):")
        for line in duel:
            print("    " + line)


if __name__ == "__main__":
    main()
