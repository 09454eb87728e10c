-- SPDX-License-Identifier: GPL-3.0-or-later
-- 0001-initial.sql — the first Melee GM campaign schema.
--
-- One campaign is one SQLite file.  Applied in one transaction by mg-store, which then sets
-- PRAGMA user_version = 1.  Times are unix time in microseconds; JSON is stored as text.
-- Ask it with the sqlite3 shell, e.g.
--   sqlite3 campaign.db 'select turn, actor, summary from journal where not undone'
--   sqlite3 campaign.db 'select * from turn'

-- "MGM1": lets Melee GM tell its files from any other SQLite database.
PRAGMA application_id = 1296518449;

-- Exactly one row: what the campaign is.
CREATE TABLE campaign (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  name        TEXT    NOT NULL,
  game        TEXT    NOT NULL,            -- rules engine id, e.g. 'meeple'
  seed        INTEGER NOT NULL,            -- dice rolled in the app derive from it
  ruleset     TEXT    NOT NULL,            -- the campaign's own copy (JSON), house rules included
  created     INTEGER NOT NULL,
  app_version TEXT    NOT NULL             -- the Melee GM version that created the file
);

-- The players, in seat order (0 first).
CREATE TABLE player (
  seat INTEGER PRIMARY KEY,
  name TEXT    NOT NULL UNIQUE
);

-- Sessions at the table; the current one is the newest.
CREATE TABLE session (
  id      INTEGER PRIMARY KEY,
  name    TEXT    NOT NULL,
  started INTEGER NOT NULL
);

-- One row per accepted action, never deleted.  undone: 0 = in force; 1 = undone, redo can
-- bring it back; 2 = undone for good (an action was taken after it was undone).
CREATE TABLE journal (
  seq     INTEGER PRIMARY KEY,
  session INTEGER NOT NULL REFERENCES session (id),
  turn    INTEGER NOT NULL,                -- the turn the action was taken in
  actor   TEXT    NOT NULL,                -- the action's player, or 'GM'
  action  TEXT    NOT NULL,                -- JSON, without the dice
  dice    TEXT    NOT NULL DEFAULT '[]',   -- JSON: every die, [{"sides":S,"value":V}, ...]
  events  TEXT    NOT NULL DEFAULT '[]',   -- JSON array of events
  summary TEXT    NOT NULL DEFAULT '',     -- one public sentence
  time    INTEGER NOT NULL,
  undone  INTEGER NOT NULL DEFAULT 0 CHECK (undone BETWEEN 0 AND 2)  -- not IN (…): that builds a temporary table per insert
);
CREATE INDEX journal_turn ON journal (turn);

-- Caches: the whole state after journal row seq, taken at turn boundaries (the policy is in
-- src/core/mg-campaign-private.h).
-- Only ever valid for rows in force; dropped when history before them changes.
CREATE TABLE snapshot (
  seq   INTEGER PRIMARY KEY REFERENCES journal (seq),
  turn  INTEGER NOT NULL,                  -- the turn after row seq
  state TEXT    NOT NULL                   -- JSON, the engine's to_json
);

-- Turns as the referee tells them: rows in force, grouped by session and turn.
CREATE VIEW turn AS
  SELECT turn,
         session,
         min (seq)   AS first_seq,
         max (seq)   AS last_seq,
         count (*)   AS actions,
         min (time)  AS started,
         group_concat (summary, ' ') AS summary
    FROM (SELECT * FROM journal WHERE undone = 0 ORDER BY seq)
   GROUP BY session, turn
   ORDER BY first_seq;
