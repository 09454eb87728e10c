-- 0002-entities.sql — the entities a referee browses, as tables with named columns.
--
-- They are a mirror of the current state, not a second truth: the store rewrites them from the
-- engine's `tables` entry (src/rules/mg-rules.h) in the same transaction as each journal row,
-- and after undo, redo and a ruleset change. Ask them with the sqlite3 shell, e.g.
--   sqlite3 campaign.db 'select name, st, dx, ep, alive from figure'
--   sqlite3 campaign.db 'select name, gp, wood, stone, food, iron from leader'

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
