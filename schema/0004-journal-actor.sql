-- SPDX-License-Identifier: GPL-3.0-or-later
-- 0004-journal-actor.sql — one player's actions are read through an index, as a turn's are.
--
-- An export of one player's actions (melee-gm-cli export --player NAME) asks
-- `WHERE actor = ? AND undone = 0 ORDER BY seq`; the index holds (actor, seq), so that is a seek
-- and a walk of that player's rows alone, whatever the campaign's length. Ask it with the shell:
--   sqlite3 campaign.db "select turn, summary from journal where actor = 'Red' and not undone"
CREATE INDEX journal_actor ON journal (actor);
