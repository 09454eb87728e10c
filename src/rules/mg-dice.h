/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-dice.h — dice sources: engines ask for dice, never call a random generator. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/*
 * A die has `sides` faces numbered 1..sides.  A weighted die (a meeple lands
 * Sweep 1/2, Kick 1/3, Punch 1/6) passes `weights` (sides entries, relative
 * weights); a seeded source honours them, a typed source only checks the range.
 *
 * Two sources:
 *  - typed:  replays the values the referee typed from the table (or the values
 *            recorded in the journal, on replay);
 *  - seeded: rolls with a GRand seeded by the caller.
 * Every die handed out is recorded, in order; the journal stores that record
 * (mg_dice_to_json), and a typed source built from it replays exactly.
 */
typedef struct _MgDice MgDice;

#define MG_DICE_ERROR (mg_dice_error_quark ())
typedef enum {
  MG_DICE_ERROR_NOT_ENOUGH,   /* typed source ran out of values */
  MG_DICE_ERROR_OUT_OF_RANGE, /* a typed value is not 1..sides */
  MG_DICE_ERROR_UNUSED,       /* typed values left over after the action */
  MG_DICE_ERROR_BAD_JSON,     /* the "dice" array is not an array of integers */
} MgDiceError;

GQuark   mg_dice_error_quark (void);

MgDice  *mg_dice_new_typed      (const guint *values, gsize n_values);
/* Accepts [1, 2, 3] or [{"sides":3,"value":1}, ...] (the journal's form). */
MgDice  *mg_dice_new_from_json  (json_object *array, GError **error);
MgDice  *mg_dice_new_seeded     (guint32 seed);
/* A typed source of `n` dice that all show 1, without an array of them (validation's dice). */
MgDice  *mg_dice_new_ones       (guint n);
void     mg_dice_free           (MgDice *dice);

/* Hands out n dice into out[0..n-1]; all or nothing: on error nothing is recorded. */
gboolean mg_dice_roll           (MgDice      *dice,
                                 guint        n,
                                 guint        sides,
                                 const guint *weights,
                                 guint       *out,
                                 GError     **error);

/* How many dice were handed out so far. */
guint    mg_dice_count          (MgDice *dice);
/* For a typed source: values not yet used (0 for a seeded source). */
guint    mg_dice_remaining      (MgDice *dice);
gboolean mg_dice_is_typed       (MgDice *dice);
/* The record: [{"sides":S,"value":V}, ...] in the order handed out. New reference. */
json_object *mg_dice_to_json    (MgDice *dice);

/* What a referee typed from the table ("3 5 1", "3,5,1") as die values of `sides` sides. On a
 * bad entry returns FALSE, empties `values` and, when `message` is not NULL, sets it to a
 * sentence saying what is wrong (g_free). An empty text is no dice, and TRUE. */
gboolean mg_dice_parse_text     (const char *text, guint sides, GArray *values, char **message);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgDice, mg_dice_free)

G_END_DECLS
