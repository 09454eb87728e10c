-- SPDX-License-Identifier: GPL-3.0-or-later
-- 0006-journal-chain.sql — a journal that proves itself: every row and every undo mark is chained.
--
-- journal.hash is SHA-256 over the hash of the row before it and the row's own content (seq,
-- session, turn, actor, action, dice, events, summary, time). An undo or a redo never rewrites a
-- row's hash: each change of a row's `undone` mark is a record of its own in journal_mark, chained
-- the same way over the mark before it. `melee-gm-cli check` recomputes both chains and names the
-- first row or mark that differs; docs/cli.md says exactly what is hashed. Melee GM fills the
-- hashes of a file written before this migration in the same transaction. Ask with the shell:
--   sqlite3 campaign.db 'select seq, hex (hash) from journal order by seq desc limit 1'
ALTER TABLE journal ADD COLUMN hash BLOB;

-- One record per change of a row's mark, in the order made; never deleted, never changed.
CREATE TABLE journal_mark (
  id     INTEGER PRIMARY KEY,              -- 1, 2, 3, …
  seq    INTEGER NOT NULL,                 -- the journal row marked
  undone INTEGER NOT NULL,                 -- its mark from then on (0, 1 or 2, as journal.undone)
  hash   BLOB                              -- SHA-256 over the previous mark's hash and this mark
);
CREATE INDEX journal_mark_seq ON journal_mark (seq, id);

-- The marks a file had before the chain, as if made in the order of their rows.
INSERT INTO journal_mark (seq, undone) SELECT seq, undone FROM journal WHERE undone <> 0 ORDER BY seq;

-- Every hash, oldest first: Melee GM's own function (src/core/mg-chain.c), in this transaction.
SELECT mg_chain_fill ();
