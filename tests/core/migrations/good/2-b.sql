-- SPDX-License-Identifier: GPL-3.0-or-later
-- unpadded number: order is numeric
CREATE TABLE b (y);
