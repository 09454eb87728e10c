/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-private.h — the Meeple Melee state, shared by the engine and the odds. */
#pragma once

#include "mg-meeple.h"

G_BEGIN_DECLS

/* How a battle's reveal count is met by a player who holds fewer meeples than the table says. */
typedef enum {
  MEEPLE_SHORT_MATCH, /* both reveal as many as the smaller hand holds (the default) */
  MEEPLE_SHORT_ALL,   /* the short player reveals all they hold, the other the table's count */
} MeepleShort;

/* The words are GRefStrings, shared by every copy of a state (meeple_copy in mg-meeple.c). */
typedef struct {
  char  *id;
  char  *name;
  guint  weight;
  guint  lead;
} MeepleFace;

/* A checked ruleset (data/rulesets/meeple.json). */
typedef struct {
  guint       meeples;
  guint       defeat;                           /* casualties that lose the match */
  guint       n_faces;
  MeepleFace  faces[MG_MEEPLE_MAX_FACES];       /* in resolution order; die value = index + 1 */
  const char *face_ids[MG_MEEPLE_MAX_FACES + 1];/* NULL-terminated, points into faces */
  guint       weights[MG_MEEPLE_MAX_FACES];
  guint       leads[MG_MEEPLE_MAX_FACES];
  guint       actions[MG_MEEPLE_MAX_MEEPLES];   /* by own casualties, defeat entries */
  guint       reveal[MG_MEEPLE_MAX_MEEPLES];    /* by the higher casualties, defeat entries */
  MeepleShort short_reveal;
  guint       draw_min_in_hand;                 /* a draw leaves a player at least this many to roll */
} MeepleRuleset;

typedef struct {
  char    *name;                                /* a GRefString, shared by the state's copies */
  guint    casualties;
  guint    neutral;
  guint    actions_used;
  gboolean rolled;
  gboolean picked;
  guint    n_held;                              /* faces held (= to_roll once rolled) */
  guint8   faces[MG_MEEPLE_MAX_MEEPLES];        /* face indices */
  guint    pick[MG_MEEPLE_MAX_FACES];
} MeeplePlayer;

typedef struct {
  MgState       parent;
  MeepleRuleset rs;
  guint         match;
  guint         battle;                         /* within the match, from 1 */
  guint         turn;                           /* battles and rematches over the campaign, from 1 */
  guint         score[2];
  MeeplePlayer  players[2];
  json_object  *last;                           /* the last battle event, or NULL */
  gint          winner;                         /* index of the match winner, or -1 */
} MeepleState;

gint  mg_meeple_find_player (const MeepleState *st, const char *name);
guint mg_meeple_to_roll     (const MeepleState *st, guint p);
guint mg_meeple_reveal_for  (const MeepleState *st, guint p);
void  mg_meeple_held_counts (const MeepleState *st, guint p, guint *counts);

G_END_DECLS
