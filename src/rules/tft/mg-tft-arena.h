/* mg-tft-arena.h — TFT Melee's arena: hex geometry (mg-tft-arena.c) and the rules read from positions (mg-tft-board.c). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mg-tft-fight-private.h"

G_BEGIN_DECLS

typedef enum { SIDE_FRONT, SIDE_SIDE, SIDE_REAR } TftSide;

/* "N", "NE", "SE", "S", "SW", "NW": the six sides of a hex, clockwise from the top. */
extern const char * const tft_facing_names[];

void     tft_hex_axial    (const TftArena *ar, gint h, gint *q, gint *r);
gboolean tft_hex_on       (const TftArena *ar, gint h);
/* "F12": the column letter, then the row from 1. */
void     tft_hex_name     (const TftArena *ar, gint h, char buf[8]);
/* The hex of a name, or TFT_NONE outside the rectangle (a hex off the arena is still returned). */
gint     tft_hex_parse    (const TftArena *ar, const char *s);
gint     tft_hex_dist     (const TftArena *ar, gint a, gint b);
/* The neighbour of h on side dir, or TFT_NONE where a wall is. */
gint     tft_hex_step     (const TftArena *ar, gint h, gint dir);
/* The side of `from` that `to` touches, or TFT_NONE when they are not neighbours. */
gint     tft_hex_dir      (const TftArena *ar, gint from, gint to);
/* Mega-hexes between the clusters of a and b (0: the same). */
gint     tft_megahex_dist (const TftArena *ar, gint a, gint b);
/* The centre of h, a hex's side to side being √3. */
void     tft_hex_xy       (const TftArena *ar, gint h, gdouble *x, gdouble *y);
/* Whether `to` lies "in front of" a figure in `from` facing `facing`: its centre ahead of the line
 * through the figure's centre square to its facing (the half-plane of its three front hexes). */
gboolean tft_in_front     (const TftArena *ar, gint from, gint facing, gint to);
/* Where `attacker` stands for a target in `target` facing `facing`: front, side or rear (on a border,
 * the one better for the target); a giant snake's sides count as front. */
TftSide  tft_side_of      (const TftArena *ar, gint target, gint facing, gint attacker, gboolean sides_front);
/* The hexes a line from the centre of `from` to the centre of `to` passes through (not along an edge),
 * nearest first, `to` included; past > 0: on up to that many hexes past `to`, < 0 until a wall. A hex
 * off the arena (a wall) ends the line. Returns how many were written to out (at most max). */
guint    tft_hex_line     (const TftArena *ar, gint from, gint to, gint past, gint *out, guint max);

gboolean tft_arenas_parse (json_object *root, TftRuleset *rs, GError **error);
void     tft_arenas_clear (TftRuleset *rs);
gint     tft_arena_find   (const TftRuleset *rs, const char *id);

/* ---- mg-tft-board.c: the rules that come from where the figures stand */

static inline const TftArena *
tft_board (const TftState *st)
{
  return st->fight && st->fight->arena >= 0 ? &st->rs.arenas[st->fight->arena] : NULL;
}
/* A hex's name on the fight's board, into buf. */
const char *tft_board_hex_name (const TftState *st, gint h, char buf[8]);
/* The enemies of x in whose front hex x stands (x standing or not: a figure on the ground is still
 * engaged by those it lies before). */
guint64  tft_board_engaged   (const TftState *st, const TftFighter *x, gint hex);
/* start_fight's "arena" and "positions" (or the doors): places every figure. */
gboolean tft_board_start     (TftState *st, TftFight *fg, json_object *j, GError **error);
/* An option's "to" and "facing" on the board: moves x from where the turn found it, checks the way,
 * rolls the saving rolls; *moved the MA spent. */
gboolean tft_board_move      (TftState *st, TftFighter *x, guint o, json_object *j, gboolean flying, TftRoller *r,
                              gint *moved, guint64 *engaged, json_object *events, MgSaid *text, GError **error);
/* Reads facing, distances, the line of fire, the pile and HTH's reasons from the board into a. */
gboolean tft_board_attack    (const TftState *st, Attack *a, json_object *j, GError **error);
/* HTH on the arena: "hth_because" wall or rear from the board (checked when stated, p. 16). */
gboolean tft_board_because   (const TftState *st, Attack *a, GError **error);
/* A forced retreat's "to" and "follow" on the board. */
gboolean tft_board_retreat   (TftState *st, json_object *it, TftFighter *y, TftFighter *x, MgSaid *text,
                              GError **error);
/* A one-hex step (option l at its attack, or out of HTH): "to", a free neighbour. */
gboolean tft_board_step      (TftState *st, TftFighter *x, json_object *j, MgSaid *text, GError **error);
/* For legal_actions: where x might go with option o (from where the turn found it) and face, one for
 * each enemy: beside it when x can get there, else as near as it can. */
typedef struct { gint hex, facing; } TftOffer;
guint    tft_board_offers    (const TftState *st, const TftFighter *x, guint o, TftOffer *out, guint max);
/* Whom x is engaged with as its turn to move comes: on the arena from the hexes, else as stated. */
guint64  tft_engaged_now     (const TftState *st, const TftFighter *x);
/* On the arena: every figure's engaged_with from the hexes (a turn's start). */
void     tft_board_engage_all (TftState *st);
/* The arena of the fight as JSON (id, size, doors, mega-hex centre), for the pages. */
json_object *tft_board_json  (const TftState *st);

G_END_DECLS
