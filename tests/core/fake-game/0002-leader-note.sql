-- Version 2: a column added, as a game would in a later release (tests only).
ALTER TABLE leader ADD COLUMN note TEXT;
