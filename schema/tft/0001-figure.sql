-- SPDX-License-Identifier: GPL-3.0-or-later
-- tft/0001-figure.sql — The Fantasy Trip: Melee's roster: the tables a referee browses with sqlite3.
--
-- Version 1 of this game's entity tables; the store keeps each game's version apart from its own
-- schema (src/rules/mg-game.h). A mirror of the state in force, rewritten from the engine's
-- `tables` entry in the same transaction as each journal row, undo, redo and ruleset change.

-- The Fantasy Trip: Melee — the roster.
CREATE TABLE figure (
  name    TEXT    PRIMARY KEY,
  owner   TEXT,                      -- the player who runs it, if any
  kind    TEXT    NOT NULL,          -- race or beast: 'human', 'orc', 'wolf', …
  st      INTEGER NOT NULL,          -- basic ST
  dx      INTEGER NOT NULL,          -- basic DX
  adj_dx  INTEGER,                   -- adjusted DX with the gear carried now
  ma      INTEGER,
  ep      INTEGER NOT NULL DEFAULT 0,
  hits    INTEGER NOT NULL DEFAULT 0,  -- hits taken in the fight going on (0 between fights)
  weapons TEXT,                      -- as the record card lists them: 'broadsword, dagger'
  armor   TEXT,
  shield  TEXT,
  fights  INTEGER NOT NULL DEFAULT 0,
  kills   INTEGER NOT NULL DEFAULT 0,
  alive   INTEGER NOT NULL DEFAULT 1
);
