-- SPDX-License-Identifier: GPL-3.0-or-later
-- the second statement fails: the first must be rolled back with it
CREATE TABLE b (y);
CREATE TABLE oops (;
