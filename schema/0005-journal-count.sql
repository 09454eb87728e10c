-- SPDX-License-Identifier: GPL-3.0-or-later
-- 0005-journal-count.sql — the journal's length without counting it.
--
-- Melee GM appends journal rows with seq 1, 2, 3, … and never deletes one, so the number of rows
-- is max (seq): one seek, where count (*) walks every row (0.1–0.2 s at a million). A file edited
-- by hand may break that (a row deleted, a seq changed, a row inserted past a gap): these
-- triggers note any such edit in journal_edited, and a file noted there is counted row by row.

-- One row (id 1) once the seqs may have a gap; empty while they are 1 … max (seq).
CREATE TABLE journal_edited (
  id INTEGER PRIMARY KEY CHECK (id = 1)
);

-- A file that already has a gap when it is migrated.
INSERT INTO journal_edited (id)
  SELECT 1 WHERE (SELECT count (*) FROM journal) <> coalesce ((SELECT max (seq) FROM journal), 0);

CREATE TRIGGER journal_edited_delete AFTER DELETE ON journal
BEGIN
  INSERT OR IGNORE INTO journal_edited (id) VALUES (1);
END;

CREATE TRIGGER journal_edited_renumber AFTER UPDATE OF seq ON journal WHEN NEW.seq <> OLD.seq
BEGIN
  INSERT OR IGNORE INTO journal_edited (id) VALUES (1);
END;

-- Melee GM's appends always find the row before theirs: one seek, nothing written.
CREATE TRIGGER journal_edited_insert AFTER INSERT ON journal
  WHEN NEW.seq < 1 OR (NEW.seq > 1 AND NOT EXISTS (SELECT 1 FROM journal WHERE seq = NEW.seq - 1))
BEGIN
  INSERT OR IGNORE INTO journal_edited (id) VALUES (1);
END;
