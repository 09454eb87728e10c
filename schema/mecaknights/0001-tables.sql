-- SPDX-License-Identifier: GPL-3.0-or-later
-- mecaknights/0001-tables.sql — MecaKnights' tracking table, lands and armies: the tables a referee browses with sqlite3.
--
-- Version 1 of this game's entity tables; the store keeps each game's version apart from its own
-- schema (src/rules/mg-game.h). A mirror of the state in force, rewritten from the engine's
-- `tables` entry in the same transaction as each journal row, undo, redo and ruleset change.

-- MecaKnights — the tracking table.
CREATE TABLE leader (
  name    TEXT    PRIMARY KEY,
  colour  TEXT,
  capital TEXT,
  gp      INTEGER NOT NULL DEFAULT 0,
  wood    INTEGER NOT NULL DEFAULT 0,
  stone   INTEGER NOT NULL DEFAULT 0,
  food    INTEGER NOT NULL DEFAULT 0,
  iron    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE land (
  name     TEXT    PRIMARY KEY,
  resource TEXT,                     -- 'wood', 'stone', 'food' or 'iron'
  owner    TEXT,                     -- the leader whose flag stands there, or NULL
  city     TEXT,                     -- NULL, 'hamlet', 'village' or 'town'
  capital  INTEGER NOT NULL DEFAULT 0,
  wall     TEXT,                     -- NULL, 'wood' or 'stone'
  camp     INTEGER NOT NULL DEFAULT 0,
  wood     INTEGER NOT NULL DEFAULT 0,  -- resources lying there
  stone    INTEGER NOT NULL DEFAULT 0,
  food     INTEGER NOT NULL DEFAULT 0,
  iron     INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE army (
  id             TEXT    PRIMARY KEY,  -- as the engine names it: 'Red 1'
  leader         TEXT    NOT NULL,
  land           TEXT    NOT NULL,
  infantry       INTEGER NOT NULL DEFAULT 0,
  heavy_infantry INTEGER NOT NULL DEFAULT 0,
  archer         INTEGER NOT NULL DEFAULT 0,
  catapult       INTEGER NOT NULL DEFAULT 0,
  cavalry        INTEGER NOT NULL DEFAULT 0
);
