/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight-private.h — what the files of a TFT fight share: names, options, attacks, fighter helpers. */
#pragma once

#include "mg-tft-private.h"

G_BEGIN_DECLS

/* Checks a figure's gear against the ruleset (defined in mg-tft.c). */
gboolean tft_check_gear (const TftRuleset *rs, const char *name, guint kind, gint st, const gint *w, guint n,
                         gint shield, gint ready, GError **error);
static const char * const kind_names[] = { "death", "arena", "practice", NULL };
static const char * const phase_names[] = { "options", "attacks", "end", "over", NULL };
static const char * const posture_names[] = { "standing", "fallen", "prone", "kneeling", "hth", NULL };
static const char * const life_names[] = { "fighting", "unconscious", "dead", "fled", "out", NULL };
static const char * const option_names[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
                                             "o", "p", "q", "r", "none", NULL };
enum { O_A, O_B, O_C, O_D, O_E, O_F, O_G, O_H, O_I, O_J, O_K, O_L, O_M, O_N, O_O, O_P, O_Q, O_R };

/* Refuses an action with a message. */
#define illegal tft_illegal

typedef struct {
  gint fi, hexes, megahexes;
} Along;

typedef struct {
  guint    fi, ti;
  gint     weapon;
  guint    facing, mode, because;
  gint     hexes, megahexes;
  gboolean thrown, sheltering, from_behind, mg_attack;
  Along    way[8], beyond[16];
  guint    n_way, n_beyond;
  gint     slot;
  gint     land;                       /* on the arena: where a thrown weapon that hits no one comes down */
} Attack;

enum { M_WEAPON, M_RUSH, M_HTH };

#define tft_carried_mg(st, x)     tft_carried_small (st, x, TRUE)
#define tft_carried_dagger(st, x) tft_carried_small (st, x, FALSE)

/* The roster figure a fighter stands for. */
TftFigure *tft_fig_of (const TftState *st, const TftFighter *x);
/* A fighter's name. */
const char *tft_fname (const TftState *st, const TftFighter *x);
/* The index of the fighter of that name, or TFT_NONE. */
gint tft_fighter_find (const TftState *st, const char *name);
/* A fighter's ST left after its hits. */
gint tft_st_now (const TftState *st, const TftFighter *x);
/* The beast a fighter is, or NULL. */
const TftBeast *tft_beast_of (const TftState *st, const TftFighter *x);
/* Whether a fighter is still fighting (not unconscious, dead, fled or out). */
gboolean tft_able (const TftState *st, const TftFighter *x);
/* Whether a weapon of the ruleset is a missile weapon. */
gboolean tft_is_missile (const TftRuleset *rs, gint w);
/* Whether a fighter is down: fallen, prone or kneeling. */
gboolean tft_down (const TftFighter *x);
/* The carried main-gauche (mg) or dagger, or TFT_NONE. */
gint tft_carried_small (const TftState *st, const TftFighter *x, gboolean mg);
/* Whether a fighter carries a weapon. */
gboolean tft_carries (const TftFighter *x, gint w);
/* A fighter's adjusted DX for the attack order. */
gint tft_fighter_adj_dx (const TftState *st, const TftFighter *x);
/* The attack order (its slots) as JSON. */
json_object *tft_order_json (const TftState *st);
/* The index of the fighter of that name, or TFT_NONE with an error when no fight is on or it is not in it. */
gint tft_fighter_in_fight (const TftState *st, const char *name, GError **error);
/* Adds an integer member to an event. */
void tft_ev_int (json_object *e, const char *key, gint v);
/* Drops a weapon to the floor of the fight, in x's hex on the arena. */
void tft_drop_weapon (TftState *st, TftFighter *x, gint w);
/* Drops x's weapon in hex h (a thrown weapon where it lands). */
void tft_drop_weapon_at (TftState *st, TftFighter *x, gint w, gint h);
/* The index of a dropped weapon on the floor (on the arena: in hex h), or TFT_NONE. */
gint tft_dropped_find (const TftState *st, gint w, gint h);
/* Takes a dropped weapon off the floor. */
void tft_dropped_take (TftState *st, guint i);
/* Marks every attack slot of a fighter done. */
void tft_close_slots (TftFight *fg, guint fi);
/* The next attack slot not yet done, or TFT_NONE. */
gint tft_next_slot (const TftFight *fg);
/* How many sides still have an able fighter; *last is the last of them. */
guint tft_sides_able (const TftState *st, gint *last);
/* Moves to the end phase once every attack slot is done. */
void tft_after_slot (TftState *st);
/* Whether an option comes with an attack. */
gboolean tft_is_attack_option (guint o);
/* Whether two fighters are on opposite sides. */
gboolean tft_enemies (const TftFighter *x, const TftFighter *y);
/* The adjusted DX of an attack on a target, and the dice it rolls. */
gint tft_attack_dx (const TftState *st, const Attack *a, const TftFighter *y, gint hexes, gint megahexes, gboolean target,
                    gint *ndice);
/* Reads an attack's list of figures along the way or beyond (key), at most max. */
gboolean tft_parse_along (const TftState *st, json_object *a, const char *key, Along *out, guint max, guint *n, GError **error);
/* The "attack" action. */
gboolean tft_do_attack (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error);
/* The most hexes a fighter may move with an option, on the ground or flying. */
gint tft_max_move (const TftState *st, const TftFighter *x, guint o, gboolean flying);
/* The set of options (bits) a fighter may choose this turn. */
guint tft_options_open (const TftState *st, const TftFighter *x, guint64 engaged);
/* Whether anything happened yet in the turn to come (initiative, an option, the attacks). */
gboolean tft_turn_begun (const TftFight *fg);

G_END_DECLS
