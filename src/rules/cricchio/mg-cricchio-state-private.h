/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-state-private.h — Cricchio's Mêlée engine internals: the game state shared by mg-cricchio.c and mg-cricchio-actions.c. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "mg-cricchio-private.h"

G_BEGIN_DECLS

typedef enum { PH_MINES, PH_MOVE, PH_MELEE, PH_OVER } ChPhase;
extern const char * const ch_phase_ids[];   /* "mines", "move", "melee", "over", NULL */

#define MAX_CAPT 80
#define MAX_MINES 24

typedef struct {
  guint8 sq, owner;
} ChMine;

typedef struct {
  MgState     parent;
  json_object *ruleset;
  ChRuleset   rs;
  const ChGeom *g;                  /* shared by copies (g_atomic_rc_box) */
  guint       n_players;
  char       *names[CH_SIDES];      /* by player index */
  gint8       side_of[CH_SIDES];    /* player index -> side */
  gint8       player_of[CH_SIDES];  /* side -> player index, -1 */
  guint8      players;              /* sides held by players */
  ChPos       pos;
  ChPhase     phase;
  guint       turn, ply;
  guint8      mover;                /* the side whose Mêlée answer is awaited */
  guint32     threat;               /* (owner, kind) the mover threatens, awaiting the answer */
  guint32     forbid[CH_SIDES];     /* what each side may not take on its next move */
  guint8      announced[CH_SIDES];  /* sides whose President each side put in announced Mêlée */
  guint8      last_from, last_to;
  guint8      captured[CH_SIDES][MAX_CAPT];  /* kind | owner << 3 | 0x20 killed by an explosion */
  guint       n_captured[CH_SIDES];
  gint        score[CH_SIDES];
  guint8      lost_turn;
  ChMine      mines[MAX_MINES];
  guint       n_mines;
  guint       mines_placed[CH_SIDES];
  guint       mines_detonated[CH_SIDES];   /* by owner: public, as each went off (issue 48) */
  guint       ak_kills, solo_marines;
  gint        bare_side, bare_left;
  guint8      winners;              /* sides that won; 0 with PH_OVER is a draw */
  MgSaid     *result;               /* how the game ended, as said (each viewer reads it in their language) */
} ChState;

#define C_KILLED 0x20

/* mg-cricchio.c: small helpers */
/* Sets an MG_RULES_ERROR_ILLEGAL error from a printf format; returns FALSE. */
/* The name of the player holding `side`, "the Abandoned Kingdom", or the side's colour. */
const char  *ch_side_name     (const ChState *st, guint side);
const char  *ch_side_word     (const ChState *st, guint side);   /* the same, a message's argument (a word but a name) */
/* TRUE when `side` is the Abandoned Kingdom (no player holds it). */
gboolean     ch_side_is_ak    (const ChState *st, guint side);
/* A side's colour in a sentence: the ruleset's word, as the Rules page translates it. */
const char  *ch_colour_word   (const ChState *st, guint side);
const char  *ch_colour_arg    (const ChState *st, guint side);   /* the same, a refusal's word argument */
/* A kind's translated name ("Navy") as a message's word argument (rendered in a viewer's language too). */
const char  *ch_kind_word     (guint kind);
/* "Black Navy" (a rogue: "Black's rogue Blue Navy"), said in words. */
MgSaid      *ch_piece_said    (const ChState *st, guint8 pc);
/* A square as a JSON string ("f2"). */
json_object *ch_sq_json       (guint8 s);
/* The square of `side`'s President, or CH_NONE. */
guint8       ch_president_sq  (const ChPos *p, guint side);
/* Pieces a side commands, by kind (own and rogue), and its own pieces other than the President. */
guint        ch_count_pieces  (const ChPos *p, guint side, gboolean own_only, gboolean with_president);
/* Does a piece of `owner` of this kind stand on the board? */
gboolean     ch_has_kind      (const ChPos *p, guint owner, guint kind);
/* The sides held by players still in play (bit per side). */
guint8       ch_alive_players (const ChState *st);
/* A new event object of this type. */
json_object *ch_event_new     (const char *type);
/* A piece on a square as the events and the state show it. */
json_object *ch_piece_json    (const ChState *st, guint8 s, guint8 pc);

/* mg-cricchio.c: state life */
/* Frees a state and all it owns. */
void         ch_state_free    (ChState *st);
/* A deep copy of a state, new (actions are played on a copy, mg-actions.h); the board's geometry
 * is shared (reference counted, never changed after the ruleset is read). */
MgState     *ch_state_copy    (const MgState *state);
/* Exchanges two states' contents, mending the position's pointer into its own state. */
void         ch_state_swap    (MgState *state, MgState *other);

/* mg-cricchio-actions.c */
/* Passes the turn to the next side in play (lost turns skipped, rule 12 checked); events and sentences (said) appended. */
void         ch_begin_turn    (ChState *st, json_object *events, MgSaid *said);
/* What a side may take only after saying "Mêlée" on it ((owner, kind) bits). */
guint32      ch_melee_unsaid  (const ChState *st);
/* The side of the player called `name`, or -1. */
gint         ch_seat_side     (const ChState *st, const char *name);
/* The descriptor's entries (MgRules). */
extern const MgActions ch_actions;   /* move, melee, place_mine, pass */
json_object *ch_pending       (const MgState *state);
gint         ch_turn          (const MgState *state);
char        *ch_describe      (const MgState *state, const char *seat);
json_object *ch_legal_actions (const MgState *state, const char *seat);

G_END_DECLS
