/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cricchio-test-util.h — Cricchio tests: the shipped ruleset, positions built by hand, playing moves. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"
#include "engine-test-util.h"
#include "mg-json.h"

json_object *ch_test_ruleset (const char *variant);
/* A game of n players named after their colours (2: Black, Red; 4: Black, Blue, Red, White). */
MgState     *ch_test_new     (const char *variant, guint n_players);
/* The same game with only the pieces listed: "south president j1, north marine e8 moved, …"
 * (side kind square [moved] [ctrl SIDE]), `to_move` the side to move. */
MgState     *ch_test_position (const char *variant, guint n_players, const char *to_move, const char *pieces);
/* The destinations of the piece on `square` (legal moves), sorted, space-separated. g_free. */
char        *ch_dests        (MgState *st, const char *square);
guint        ch_n_dests      (MgState *st, const char *square);
const char  *ch_phase        (MgState *st);
