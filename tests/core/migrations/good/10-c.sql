-- SPDX-License-Identifier: GPL-3.0-or-later
-- needs b: proves 10 runs after 2
CREATE TABLE c (z);
INSERT INTO c SELECT count (*) FROM b;
