-- SPDX-License-Identifier: GPL-3.0-or-later
-- tft/0002-ids.sql — Version 2 of this game's entity tables: `weapons`, `armor` and `shield` hold
-- the ruleset's ids ('broadsword, dagger', 'chainmail', 'large_shield'), which read the same in
-- every language. Version 1 held the names in the language of whoever wrote each row last, so a
-- roster played in French and then in English mixed the two.
--
-- The rows are emptied here and written again from the state in force in the same transaction
-- (migrate_game_tables, src/core/mg-campaign.c).
DELETE FROM figure;
