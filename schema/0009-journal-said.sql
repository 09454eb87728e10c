-- 0009-journal-said.sql — each journal row's sentences as messages, rendered in the viewer's language.
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- said: the JSON of the action's MgSaid (src/rules/mg-message.h: [piece, …], a piece being a
-- message {"id", "plural"?, "n"?, "args"} or a text said as it is {"text"}), written in the same
-- transaction as its journal row (mg-campaign-journal.c). A row has none when its engine does
-- not write its sentences as messages yet, for a change of the ruleset, and for rows written
-- before this migration until `melee-gm-cli check --fill-said` fills them by a replay.
--
-- Outside both hash chains on purpose (docs/messages.md): the said is derived from the action
-- and its dice, which the chains prove; `check` replays every row in force and compares its said
-- as it compares snapshots. So the rows written before keep their hashes, and filling them
-- touches none. journal.summary stays: the sentence in the language played, for sqlite3 readers.
CREATE TABLE journal_said (
  seq  INTEGER PRIMARY KEY REFERENCES journal (seq),
  said TEXT    NOT NULL
);
