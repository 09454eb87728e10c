/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio.h — the Cricchio's Mêlée engine and helpers for its board page (docs/rules/cricchio.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_chess_rules (void);

/* The board as the page draws it: 196 bytes, square = rank * 14 + file (a1 = 0):
 * terrain 0 land, 1 water, 2 wall. FALSE if `state` is not a Cricchio state. */
gboolean     mg_chess_terrain     (const MgState *state, guint8 *terrain);
/* The squares the piece on `square` ("f2") may move to now, legal moves only; NULL-terminated
 * names, g_strfreev. Empty when it is not that piece's side to move. */
char       **mg_chess_destinations (const MgState *state, const char *square);
/* Why the piece on `square` has no move now, in the engine's words, whichever square it would go
 * to (another side's turn, a rogue without command, no legal move); NULL when it has moves, the
 * square is empty or no move is due. g_free. */
char        *mg_chess_why_no_move (const MgState *state, const char *square);
/* The colour of a player's side ("Black") and that side ("south"), or NULL. */
const char  *mg_chess_colour      (const MgState *state, const char *player);
const char  *mg_chess_side        (const MgState *state, const char *player);

/* Perft: move sequences of `depth` plies from this position as the game is played (basic), every
 * "Mêlée" said: a side whose President falls is out, no ply follows the end of the game, rule 12
 * applies as each turn starts (docs/rules/cricchio.md). `plain`: the bench's baseline generator. */
guint64      mg_chess_perft       (const MgState *state, guint depth, gboolean plain);
/* The count before issue 34: every ply, even after a President has fallen (the bench states both). */
guint64      mg_chess_perft_every_ply (const MgState *state, guint depth);

G_END_DECLS
