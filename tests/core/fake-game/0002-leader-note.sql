-- SPDX-License-Identifier: GPL-3.0-or-later
-- Version 2: a column added, as a game would in a later release (tests only).
ALTER TABLE leader ADD COLUMN note TEXT;
