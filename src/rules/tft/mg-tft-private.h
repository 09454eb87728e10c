/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-private.h — the TFT Melee ruleset, roster and fight structures shared by the engine's files. */
#pragma once

#include <string.h>
#include <glib/gi18n-lib.h>
#include "mg-actions.h"
#include "mg-json.h"
#include "mg-tft.h"

G_BEGIN_DECLS

#define TFT_MAX_CARRY    4    /* two weapons, a dagger, and room for a picked-up one to be refused */
#define TFT_MAX_FIGHTERS 32
#define TFT_MAX_SIDES    8
#define TFT_MAX_AUTO     8
#define TFT_NONE         (-1)

#define TFT_RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define TFT_ACTION_ERR  mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define TFT_STATE_ERR   mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

typedef enum { W_MELEE, W_POLE, W_THROWN, W_MISSILE } TftClass;

typedef struct {
  char    *id, *name;
  TftClass cls;
  gint     dice, adds, st;
  gboolean thrown, two_handed, dagger, main_gauche;
  gboolean has_hth;
  gint     hth_dice, hth_adds;
  gint     two_shots_at;            /* 0: one shot a turn */
  gboolean crossbow;
  gint     reload, fast_at, fast_reload;
} TftWeapon;

typedef struct {
  char *id, *name;
  gint  stops, dx, ma;
} TftArmor;

typedef struct {
  char *id, *name;
  gint  stops, dx;
} TftShield;

typedef struct {
  char  *id, *name;
  gint   total, min_st, min_dx, ma;
  gint   ma_in_armor[8];            /* by armor index; 0: the armor's MA */
  gint   bonus_damage;
  guint64 bonus_weapons;            /* bit per weapon index */
  gint   missile_dx, missile_damage;
} TftRace;

typedef struct {
  char    *id, *name;
  gint     st, min_st, dx, ma, ma_flying, armor;
  gboolean has_attack;
  char    *attack_id, *attack_name;
  gint     attack_dice, attack_adds;
  gboolean has_hth;
  gint     hth_dice, hth_adds;
  gint     hard_to_hit;
  gboolean sides_front, uses_weapons, has_club;
  gint     hexes, club_dice, club_adds;
  gint     wound_hits, fall_hits;     /* 0: the ruleset's general thresholds */
} TftBeast;

typedef enum { R_HIT, R_MISS, R_DROP, R_BREAK } TftRoll;

typedef struct {
  gint    roll;
  TftRoll result;
  gint    mult;
} TftAuto;

typedef enum { HTH_GRAPPLE, HTH_GRAPPLE_DAGGER, HTH_REPEL, HTH_COUNTER } TftEntry;

/* An arena (docs/rules/tft.md, The arena): a rectangle of flat-topped hexes in columns (A, B, …; odd
 * columns B, D, … half a hex lower), rows 1, 2, …, less the hexes `off` it (walls); mega-hexes are
 * the 7-hex clusters centred on `mh_centre` and the hexes of its lattice. A hex is col * rows + row. */
#define TFT_ARENA_MAX_SIDE 26
#define TFT_ARENA_MAX_DOORS 8
typedef struct {
  char   *id, *name;
  gint    cols, rows;
  gint    mh_centre;
  guint8 *on;                          /* cols * rows: 1 a hex of the arena */
  gint    doors[TFT_ARENA_MAX_DOORS]; guint n_doors;
} TftArena;

/* Parsed once per campaign open (new_state, from_json) and shared by every copy of the state:
 * `refs` counts the states that hold it, so a copy costs no parse (issue 15). */
typedef struct {
  gatomicrefcount *refs;
  json_object *json;                 /* a private copy, for the duel simulator by name */
  TftWeapon   *weapons;  guint n_weapons;
  TftArmor    *armor;    guint n_armor;
  TftShield   *shields;  guint n_shields;
  TftRace     *races;    guint n_races;
  TftBeast    *beasts;   guint n_beasts;
  gint unarmored_ma;
  gint mg_stops, mg_dx_shield, mg_dx_weapon;
  gint carry_weapons, carry_daggers;
  TftAuto autos[TFT_MAX_AUTO];  guint n_autos;
  TftAuto misses[TFT_MAX_AUTO]; guint n_misses;
  gint four_dice, four_miss_at;
  gboolean four_vs_defend, four_vs_dodge;
  gint dx_side, dx_rear, dx_thrown_hex, mr_free, mr_step, mr_per, dx_prone_xbow, dx_pole_charge, dx_shelter;
  gint pole_mult, practice_div;
  gint wound_hits, wound_dx, fall_hits, weak_st, weak_dx, uncon_st, dead_st;
  TftEntry entry[6];
  gint bare_stronger, bare_same, bare_weaker, bare_group;
  gint draw_dagger_max, diseng_sup_max, diseng_max;
  gint rush_dice, rush_weak_dice, rush_fall3, rush_fall2, rush_ratio;
  gint ep_death, ep_death_sup, ep_death_margin, ep_arena_win, ep_arena_def, ep_arena_fled,
       ep_arena_weak, ep_arena_margin, ep_practice, ep_practice_st, ep_trade;
  gboolean fliers_out_of_reach;         /* house rule TFT_HOUSE_FLIER_OUT_OF_REACH */
  gboolean no_board;                    /* house rule TFT_HOUSE_NO_BOARD */
  TftArena *arenas;  guint n_arenas;    /* $.arenas, or the built-in 1977 arena */
} TftRuleset;

/* The house rules (docs/rules/tft.md, House rules; the descriptor's table in mg-tft-game.c). */
#define TFT_HOUSE_FLIER_OUT_OF_REACH "flier_out_of_reach"
#define TFT_HOUSE_NO_BOARD "no_board"

/* How many entries of a figure's history the state keeps: the latest ones. The whole record
 * is the journal's (each entry is also an event there); the state keeps a bounded summary so it
 * does not grow with the fights (issue 15). */
#define TFT_HISTORY_KEEP 10

/* A roster figure. kind < n_races: a race; else beasts[kind - n_races]. EP, fights and kills
 * are the experience rules' numbers (p. 20); `history` the last entries, oldest first, each
 * its compact JSON text. Copies of the state share their figures (`refs`): a handler that
 * changes one takes it with tft_figure_mut (), which copies it first when it is shared. */
typedef struct {
  gatomicrefcount refs;
  char        *name, *owner;
  guint        kind;
  gint         st, dx, ep, advances;
  gboolean     alive;
  gint         weapons[TFT_MAX_CARRY]; guint n_weapons;
  gint         armor, shield, ready;       /* indices or TFT_NONE */
  gboolean     shield_ready;
  guint        fights, kills, wins;   /* wins: fights its side won, the figure alive (issue 48) */
  GRefString  *history[TFT_HISTORY_KEEP];
  guint        n_history;
} TftFigure;

typedef enum { P_STANDING, P_FALLEN, P_PRONE, P_KNEELING, P_HTH } TftPosture;
typedef enum { L_FIGHTING, L_UNCONSCIOUS, L_DEAD, L_FLED, L_OUT } TftLife;

/* Options a..r are 0..17; NONE "does nothing". */
#define OPT_NONE 18
#define OPT_UNSET 19

typedef struct {
  guint    fig;                        /* roster index */
  guint    side;
  gint     hits, hits_turn, hits_last_turn;
  TftPosture posture;
  TftLife  life;
  gint     carried[TFT_MAX_CARRY]; guint n_carried;
  gint     shield, ready;
  gboolean shield_ready;
  guint64  engaged, hth;               /* bits: fight figure indices */
  guint    opt;                        /* OPT_* or 0..17 */
  gint     moved;
  gboolean use_mg, bending;
  guint    attacks_made;
  gint     reload;
  gboolean must_drop, fell_now, lost_attack;
  gint     fell_turn;                  /* fight turn it fell with 8+ hits; 0 none */
  guint64  inflicted;
  guint    kills;
  gboolean took_hits;
  gint     mg_target;                  /* main-gauche turn: the enemy of the first attack; -1 none */
  gint     broken[TFT_MAX_CARRY]; guint n_broken;  /* its own weapons broken by an 18: gone from the roster at end_fight */
  gboolean flying;                     /* its option this turn was flown (a gargoyle: MA 16) */
  gboolean aloft;                      /* in the air: it flew and did not land to attack */
  gint     hex, facing;                /* on the arena: its hex (TFT_NONE: off the board) and side 0..5 (N, NE, SE, S, SW, NW) */
  gint     hex0, facing0;              /* where the turn found it: a changed option moves from there */
} TftFighter;

typedef struct {
  guint    fi, attack;
  gint     adj_dx;
  gboolean done;
} TftSlot;

typedef struct {
  gint weapon;
  char *owner;
  gint hex;                            /* on the arena; TFT_NONE without a board */
} TftDropped;

typedef enum { K_DEATH, K_ARENA, K_PRACTICE } TftKind;
typedef enum { PH_OPTIONS, PH_ATTACKS, PH_END, PH_OVER } TftPhase;

typedef struct {
  guint       number;
  TftKind     kind;
  guint       turn;
  TftPhase    phase;
  guint       n_sides;
  char       *sides[TFT_MAX_SIDES];
  guint       n;
  TftFighter  f[TFT_MAX_FIGHTERS];
  gint        init_winner, init_first;  /* side indices or TFT_NONE */
  gint        init_rolls[TFT_MAX_SIDES];
  guint       n_order;
  TftSlot     order[TFT_MAX_FIGHTERS * 2];
  gint        ties[TFT_MAX_FIGHTERS];
  GArray     *dropped;                  /* TftDropped */
  gint        arena;                    /* index in rs->arenas; TFT_NONE: no board (the referee states the board) */
} TftFight;

/* The dice an action asks for, with the last request logged so mg_tft_dice_needed can say what
 * was asked last. */
typedef struct {
  MgDice     *dice;
  guint       asked, last_count, last_sides;
  const char *last_for;
} TftRoller;

typedef struct {
  MgState    parent;
  TftRuleset rs;
  char     **players;
  guint      turn, fights;
  GPtrArray *roster;                    /* TftFigure* */
  TftFight  *fight;
  TftRoller  rolled;   /* the dice asked by the last action played here (dice cleared), for
                        * mg_tft_dice_needed; not part of the game */
} TftState;

/* mg-tft-ruleset.c */
/* Reads and checks a ruleset; its JSON paths are formatted only to word a refusal
 * (mg_json_lazy_key, src/rules/mg-json.h). */
gboolean tft_ruleset_parse (json_object *root, TftRuleset *rs, GError **error);
/* Drops this holder's reference; the last one frees what the parse made. */
void     tft_ruleset_clear (TftRuleset *rs);
/* dst shares src's parse (one more reference). */
void     tft_ruleset_share (TftRuleset *dst, const TftRuleset *src);
gint     tft_weapon_find   (const TftRuleset *rs, const char *id);
gint     tft_armor_find    (const TftRuleset *rs, const char *id);
gint     tft_shield_find   (const TftRuleset *rs, const char *id);
gint     tft_kind_find     (const TftRuleset *rs, const char *id);
const char *tft_kind_id    (const TftRuleset *rs, guint kind);
const TftBeast *tft_beast  (const TftRuleset *rs, guint kind);   /* NULL for a race */
const TftRace  *tft_race   (const TftRuleset *rs, guint kind);   /* NULL for a beast */

/* Shared arithmetic (mg-tft.c), also used by the odds and the simulator. */
gint     tft_figure_ma     (const TftRuleset *rs, const TftFigure *fig);
/* DX adjustment of the gear: armor, ready shield, ready main-gauche (as shield or weapon). */
gint     tft_gear_dx       (const TftRuleset *rs, gint armor, gint shield, gboolean shield_ready,
                            gboolean mg_ready, gboolean mg_weapon);
/* The outcome of a to-hit roll: `total` on `n` dice against adj_dx; to_miss: rolling to miss. */
TftRoll  tft_roll_result   (const TftRuleset *rs, gint total, gint n, gint adj_dx, gboolean to_miss,
                            gint *mult);
/* `thrown`: this attack throws the weapon (a race's missile bonus follows the use, p. 19). */
void     tft_figure_damage (const TftRuleset *rs, const TftFigure *f, gint w, gboolean thrown, gint *dice, gint *adds);
/* Weapon w used as a missile or thrown weapon: a missile weapon, one made to be thrown (a rock),
 * or any weapon thrown in this attack. */
static inline gboolean
tft_shot (const TftRuleset *rs, gint w, gboolean thrown)
{
  return w >= 0 && (thrown || rs->weapons[w].cls == W_MISSILE || rs->weapons[w].cls == W_THROWN);
}
char    *tft_damage_text   (gint dice, gint adds);

/* mg-tft.c: a refusal a referee can read aloud (MG_RULES_ERROR_ILLEGAL); returns FALSE. */
#define tft_illegal mg_rules_illegal   /* src/rules/mg-rules.h */

/* mg-tft.c: the actions' sentences are mg_said_add's (a msgid marked N_() and its arguments;
 * words by mg_message_word); tft_say_text is mg_said_add_text formatted as printf does (names,
 * hexes, marks, said as they are in every language). Both do nothing when `said` is NULL: a play
 * that keeps no sentence (validate(), the duel model) makes none. */
void     tft_say_text      (MgSaid *said, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* mg-tft.c: "; " between the parts of a list in a sentence, as a word: " ; " in French. */
const char *tft_list_separator (void);

/* mg-tft.c: the roster's actions (between fights) */
gboolean tft_create_figure (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error);
gboolean tft_edit_figure   (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error);
gboolean tft_set_gear      (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error);
gboolean tft_spend_ep      (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error);
gboolean tft_remove_figure (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error);

/* mg-tft.c: appends an entry ("what", "turn" first, then extra's members; takes extra) to the
 * figure's history, dropping the oldest beyond TFT_HISTORY_KEEP. */
void      tft_history_add  (TftFigure *f, const char *what, guint turn, json_object *extra);

/* mg-tft.c: the state */
TftState *tft_state_copy   (const TftState *st);
void      tft_state_free   (TftState *st);
gint      tft_figure_find  (const TftState *st, const char *name);
/* Roster figure i, this state's own (copied first if another state shares it), to change. */
TftFigure *tft_figure_mut  (TftState *st, guint i);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TftState, tft_state_free)
TftFight *tft_fight_new    (void);
void      tft_fight_free   (TftFight *fg);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TftFight, tft_fight_free)

gboolean tft_roll (TftRoller *r, guint n, guint sides, const char *what, guint *out, GError **error);

/* mg-tft-fight-turn.c: the actions (MgRules.actions), played on a copy by mg-actions.c. */
extern const MgActions tft_actions;
/* Plays an action on `st` itself with `dice` (NULL: none), as the odds and the duel model do on
 * states of their own; st->rolled then tells the last dice asked. A refusal half-way may leave
 * `st` changed: play on a copy (tft_state_copy) when that matters. */
gboolean tft_play_action (TftState *st, json_object *action, MgDice *dice, GError **error);

/* Takes the first w out of list[0..*n-1]; FALSE when it is not there. */
static inline gboolean
tft_list_remove (gint *list, guint *n, gint w)
{
  for (guint i = 0; i < *n; i++)
    if (list[i] == w)
      {
        memmove (&list[i], &list[i + 1], sizeof (gint) * (*n - i - 1));
        (*n)--;
        return TRUE;
      }
  return FALSE;
}

/* Counts one duel's outcome: 0 the first figure won, 1 the second, else a draw. */
static inline void
tft_duel_count (MgTftDuelResult *result, gint res)
{
  result->fights++;
  if (res == 0)
    result->wins_a++;
  else if (res == 1)
    result->wins_b++;
  else
    result->draws++;
}

/* mg-tft-sim.c: the duel model on plain structs, for the roster's first two figures. */
gboolean tft_sim_supports (const TftState *st);
void     tft_sim_run      (const TftState *st, guint n, MgDice *dice, guint32 seed, MgTftDuelProgress progress,
                           gpointer user_data, gint *cancel, MgTftDuelResult *result);

/* For the odds: the numbers an attack action resolves to, without rolling. */
typedef struct {
  gint     adj_dx, ndice;
  gint     dmg_dice, dmg_adds, mult, divisor;   /* mult: pole ×2; divisor: practice */
  gint     stops;                                /* armor + shield that count */
  gboolean no_damage;                            /* shield rush */
  gboolean missile;
} TftAttackPlan;

gboolean tft_attack_plan (const TftState *st, json_object *action, TftAttackPlan *plan, GError **error);

G_END_DECLS
