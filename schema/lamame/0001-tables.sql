-- SPDX-License-Identifier: GPL-3.0-or-later
-- lamame/0001-tables.sql — La Mame's Melee: the tables a referee browses with sqlite3.
--
-- Version 1 of this game's entity tables; the store keeps each game's version apart from its own
-- schema (src/rules/mg-game.h). A mirror of the public state in force (no secret: no bid, card,
-- attack gold or guess), rewritten from the engine's `tables` entry with each journal row.

-- Each player: treasury (always public), supply, areas held (castles excluded).
CREATE TABLE baron (
  name      TEXT    PRIMARY KEY,
  colour    TEXT    NOT NULL,
  castle    TEXT,
  gold      INTEGER NOT NULL,
  areas     INTEGER NOT NULL,
  knights   INTEGER NOT NULL,          -- in supply (not yet built)
  soldiers  INTEGER NOT NULL,
  catapults INTEGER NOT NULL,
  camps     INTEGER NOT NULL,
  abilities TEXT                       -- special abilities owned: 'Tithes, Spies'
);

-- Each area of the map: who holds it and with what.
CREATE TABLE area (
  name      TEXT    PRIMARY KEY,
  owner     TEXT,                      -- the player with units there, if any
  castle_of TEXT,                      -- the player whose castle it is, if any
  mountain  INTEGER NOT NULL DEFAULT 0,
  plus_one  INTEGER NOT NULL DEFAULT 0,
  knight    INTEGER NOT NULL DEFAULT 0,
  soldier   INTEGER NOT NULL DEFAULT 0,
  catapult  INTEGER NOT NULL DEFAULT 0,
  camp      INTEGER NOT NULL DEFAULT 0
);
