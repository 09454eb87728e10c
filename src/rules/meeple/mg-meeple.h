/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple.h — the Meeple Melee engine (docs/rules/meeple.md) and its exact battle odds. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

/* Bounds that check_ruleset enforces; the rulebook uses 8 meeples and 3 faces. */
#define MG_MEEPLE_MAX_MEEPLES 16
#define MG_MEEPLE_MAX_FACES   6

const MgRules *mg_meeple_rules (void);

/* "3 Sweep": n meeples showing the face called `face_name` (as the ruleset spells it), in the
 * language of the moment, with plural forms for the rulebook's faces. */
char *mg_meeple_face_count (const char *face_name, guint n);

/*
 * The odds of every reveal a player can make from the faces held, against an opponent whose
 * revealed meeples are independent rolls (docs/rules/meeple.md, "Odds"):
 *   [{"sweep":s,"kick":k,"punch":p,"win":W,"draw":D,"loss":L,"denominator":N}, ...]
 * with W + D + L = N = (sum of weights)^(opponent's reveal count), exact integers.
 * Fails when the player has not rolled yet, the name is unknown, or the match is over.
 */
json_object *mg_meeple_odds (const MgState *state, const char *player, GError **error);

/* The same computation on plain numbers, so it can be checked without a state. */
typedef struct {
  guint   pick[MG_MEEPLE_MAX_FACES];  /* how many of each face are revealed */
  guint64 win;
  guint64 draw;
  guint64 loss;
  guint64 denominator;
} MgMeepleOdds;

/*
 * n_faces faces in resolution order; weights[f] is face f's relative weight, leads[f] the lead
 * that wins on it; held[f] how many the player holds. Every pick of `reveal` meeples within held
 * is listed, the first face's count descending first (e.g. 2-0-0, 1-1-0, 1-0-1, 0-2-0, …).
 * The opponent reveals `opp_reveal` independent rolls. Returns a GArray of MgMeepleOdds (empty if
 * the player holds fewer than `reveal` meeples) or NULL with an error when the numbers are out of
 * range or (sum of weights)^opp_reveal does not fit in 63 bits.
 */
GArray *mg_meeple_odds_compute (guint        n_faces,
                                const guint *weights,
                                const guint *leads,
                                const guint *held,
                                guint        reveal,
                                guint        opp_reveal,
                                GError     **error);

/*
 * Resolution of one battle: the first face (in order) on which one side is at least leads[f]
 * ahead decides it. Returns 0 if side a wins, 1 if side b wins, -1 for a draw; *on gets the face.
 */
gint    mg_meeple_resolve      (guint        n_faces,
                                const guint *leads,
                                const guint *a,
                                const guint *b,
                                guint       *on);

G_END_DECLS
