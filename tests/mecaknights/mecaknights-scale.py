#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Scaling of a MecaKnights campaign through melee-gm-cli (issue 15; not part of the suite):
#   python3 tests/mecaknights/mecaknights-scale.py build/src/cli/melee-gm-cli /tmp/mk-scale 1000 10000 100000
# builds N rows (collect/end_turn for two leaders, the file in OUT), then times 1,000 more appends,
# and prints bytes per row and the time of `check`.
import os, subprocess, sys, time
cli = sys.argv[1]; out = sys.argv[2]; sizes = [int(x) for x in sys.argv[3:]]
os.makedirs(out, exist_ok=True)
LT = [0]
def actions(n):
    leaders = ["Red", "Blue"]; lines = []
    while len(lines) < n:
        p = leaders[LT[0] % 2]
        lines.append('{"type":"collect","player":"%s"}' % p)
        lines.append('{"type":"end_turn","player":"%s"}' % p)
        LT[0] += 1
    return "\n".join(lines[:n]) + "\n"
def act(db, text):
    r = subprocess.run([cli, "act", db], input=text.encode(), capture_output=True)
    bad = [l for l in r.stdout.decode().splitlines() if '"ok":true' not in l.replace(' ', '')]
    if bad: print("refused:", bad[:2]); sys.exit(1)
def rows(db):
    import sqlite3
    return sqlite3.connect(db).execute("select count(*) from journal").fetchone()[0]
print("rows\tbuild_s\tappends/s(+1000)\tbytes/row\tcheck_s\tcheck_us/row")
prev = 0
db = os.path.join(out, "mk.db")
if os.path.exists(db): os.remove(db)
subprocess.run([cli, "new", db, "--game", "mecaknights", "--name", "Scale", "--player", "Red", "--player", "Blue"], check=True, capture_output=True)
act(db, '{"type":"start"}\n')
have = 1
for n in sizes:
    t = time.time()
    # grow in chunks, keeping leader parity (2 rows per leader turn)
    while have < n:
        k = min(20000, n - have); k -= k % 2
        if k == 0: break
        act(db, actions(k)); have += k
    build = time.time() - t
    # 1000 appends timed, then undone? no: counted in the file; keep them
    t = time.time(); act(db, actions(1000)); ap = 1000 / (time.time() - t); have += 1000
    subprocess.run(["sqlite3", db, "pragma wal_checkpoint(truncate)"], capture_output=True)
    size = os.path.getsize(db)
    t = time.time(); r = subprocess.run([cli, "check", db], capture_output=True); ck = time.time() - t
    if r.returncode: print("check failed", r.stdout[-300:], r.stderr[-300:])
    nr = rows(db)
    print("%d\t%.1f\t%.0f\t%.0f\t%.2f\t%.1f" % (nr, build, ap, size / nr, ck, ck * 1e6 / nr), flush=True)
