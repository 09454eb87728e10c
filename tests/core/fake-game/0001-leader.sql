-- SPDX-License-Identifier: GPL-3.0-or-later
-- The fake engine's entity table, version 1 (tests only).
CREATE TABLE leader (
  name    TEXT    PRIMARY KEY,
  capital TEXT,
  gp      INTEGER NOT NULL DEFAULT 0,
  food    INTEGER NOT NULL DEFAULT 0
);
