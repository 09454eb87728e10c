-- SPDX-License-Identifier: GPL-3.0-or-later
-- first
CREATE TABLE a (x);
