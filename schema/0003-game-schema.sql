-- SPDX-License-Identifier: GPL-3.0-or-later
-- 0003-game-schema.sql — each game's entity tables are versioned apart from the store's schema.
--
-- The store creates and migrates a campaign's game tables from the game's own SQL files
-- (schema/<game>/NNNN-*.sql, listed by its MgGame descriptor), so a game adding a column bumps
-- nothing for the others. Ask it with the sqlite3 shell:
--   sqlite3 campaign.db 'select game, version from game_schema'
CREATE TABLE game_schema (
  game    TEXT    PRIMARY KEY,           -- the game id, as campaign.game
  version INTEGER NOT NULL               -- entry i of table_migrations brings version i to i + 1
);

-- A file written at schema 2 already has the tables 0002 made: they are version 1 of TFT's
-- (figure) and MecaKnights' (leader, land, army). A new file has no campaign row yet here.
INSERT INTO game_schema (game, version)
  SELECT game, 1 FROM campaign
   WHERE (game = 'tft' AND EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'figure'))
      OR (game = 'mecaknights' AND EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'leader'));
