-- 0007-chronicle.sql — the Chronicle's points (issue 48): the public series values each journal row changed.
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Written in the same transaction as the journal row, from the public view after it (never the
-- stored action, so a hidden bid moves nothing). A chart reads a window of rows through the
-- primary key and (chart, seq), joined with the journal's undone flag: undone rows are left out
-- without rewriting anything. Numbered 0007: 0006 is the journal hash chain's (issue 43's store).

CREATE TABLE chronicle (
  chart  TEXT    NOT NULL,
  series TEXT    NOT NULL,
  seq    INTEGER NOT NULL,
  turn   INTEGER NOT NULL,
  value  REAL    NOT NULL,
  note   TEXT,
  PRIMARY KEY (chart, series, seq)
) WITHOUT ROWID;

CREATE INDEX chronicle_window ON chronicle (chart, seq);

-- Each chart's series in the order they first appeared (the colours follow it).
CREATE TABLE chronicle_series (
  id     INTEGER PRIMARY KEY,
  chart  TEXT NOT NULL,
  series TEXT NOT NULL,
  colour TEXT,
  UNIQUE (chart, series)
);

-- Rows journalled before this migration, or written by a tool that bypasses the store, have
-- no points: up to `upto` they are read once (a replay) when the Chronicle is first opened.
CREATE TABLE chronicle_pending (
  id   INTEGER PRIMARY KEY CHECK (id = 1),
  upto INTEGER NOT NULL
);
INSERT INTO chronicle_pending (id, upto) SELECT 1, max (seq) FROM journal HAVING count (*) > 0;
