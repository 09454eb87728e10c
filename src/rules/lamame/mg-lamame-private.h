/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-private.h — La Mame's Melee engine internals shared by its source files. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "mg-actions.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-lamame.h"

G_BEGIN_DECLS

#define LM_RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define LM_ACTION_ERR  mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define LM_STATE_ERR   mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

#define LM_MAX_SEATS     4
#define LM_MAX_AREAS     100
#define LM_MAX_ABILITIES 60
#define LM_MAX_DEALT     (LM_MAX_SEATS + 1)
#define LM_MAX_GOLD      100000
#define LM_MAX_SEASONS   12

/* House rules (src/rules/lamame/mg-lamame-game.c declares them; ruleset member "house_rules"). */
#define LM_HR_CAMP_MOUNTAIN       "camp_mountain_two_guesses"
#define LM_HR_TIE_FIRST_START     "start_tie_first_start_player"
#define LM_HR_FIRED_CATAPULT_GONE "fired_catapult_gone"
#define LM_N_HOUSE_RULES 3
extern const MgHouseRule lm_house_rules[LM_N_HOUSE_RULES];

typedef enum { LM_KNIGHT, LM_SOLDIER, LM_CATAPULT, LM_CAMP, LM_N_KINDS } LmKind;
#define LM_GARRISON LM_N_KINDS            /* an attack target after the units of a castle */
typedef enum { LM_TAX, LM_BUILD, LM_MOVE, LM_N_CARDS } LmCard;
typedef enum { LM_INTRODUCTORY, LM_COMPLETE } LmBuildForm;
typedef enum { LM_SETUP, LM_INITIAL_BUILD, LM_START_BID, LM_CHOOSE_START, LM_CHOOSE_CARDS,
               LM_ACTIONS, LM_OVER } LmPhase;
typedef enum { LM_ENTRY_NONE, LM_ENTRY_HIDDEN, LM_ENTRY_TABLE } LmEntry;

extern const char * const lm_kind_ids[];    /* "knight", "soldier", "catapult", "camp", NULL */
extern const char * const lm_card_ids[];    /* "tax", "build", "move", NULL */
extern const char * const lm_form_ids[];    /* "introductory", "complete", NULL */
extern const char * const lm_phase_ids[];

typedef struct {
  char    *name;
  gint     x, y;
  gboolean mountain, plus_one;
  guint   *adj;          /* area indices */
  guint    n_adj;
  gint     castle_of;    /* seat, or -1 */
} LmArea;

/* Read once, never changed: replaced whole (a "start" with its own map), shared by reference. */
typedef struct {
  grefcount    ref;
  char        *name;
  gboolean     sample;
  guint        players;
  LmArea      *areas;
  guint        n_areas;
  json_object *json;     /* the map as given (owned) */
} LmMap;

typedef struct {
  char *name;
  char *text;
  gint  bonus_income;
} LmAbility;

/* Read once, never changed: shared by reference between a state and its copies. */
typedef struct {
  grefcount  ref;
  gint       starting_gold;
  gint       supply[LM_N_KINDS];
  gint       costs[LM_N_KINDS];
  gboolean   costs_are_defaults;
  gint       tax;
  gint       income_camp, income_plus_one;
  char     **seasons;
  guint      n_seasons;
  guint      cards_per_season[LM_MAX_SEASONS];
  gint       guesses_default, guesses_castle, guesses_soldier_mountain;
  gint       range_base, range_mountain_bonus;
  gint       attack_gold_min;
  gboolean   catapult_single_use;
  gboolean   lost_return;
  /* house rules */
  gboolean   camp_mountain_two;      /* a camp in mountains defends with 2 guesses */
  gboolean   tie_first_start;        /* start-bid ties: the year's first start player */
  gboolean   fired_catapult_gone;    /* a fired catapult never returns to supply */
  LmBuildForm initial_build;
  char     **colours;
  LmAbility *abilities;
  guint      n_abilities;
  json_object *json;     /* the whole ruleset (owned reference) */
} LmRuleset;

/* Per seat. Everything here is copied by value (see LmPlay). */
typedef struct {
  gint     gold;
  gint     supply[LM_N_KINDS];
  gboolean passed;            /* initial build */
  gint     start_bid;         /* -1: not entered */
  LmEntry  card_entry;
  gint     cards[2];
  guint    n_cards;
  gboolean cards_revealed;
  gboolean card_done[2];
  gint     card_active;       /* index into cards, or -1 */
} LmPlayer;

typedef struct {
  gint8  owner[LM_N_KINDS];   /* seat, or -1 */
  guint8 moved[LM_N_KINDS];   /* a soldier that moved or attacked this turn */
  guint8 fresh[LM_N_KINDS];   /* a catapult captured (or fired, if not single use) this turn */
} LmSpot;

typedef struct {
  gboolean active;
  gint     attacker, defender, from, kind, to;
  gint     target;            /* LmKind or LM_GARRISON */
  gint     allowed;           /* guesses allowed this round */
  gint     round;
  gint     gold;              /* -1: not entered */
  gint     guesses[2];
  gint     n_guesses;         /* -1: not entered */
} LmAttack;

/* The whole mutable play, a plain value: the runner (mg-actions.c) plays each action on a copy
 * of the state and keeps it only on success, so a refused action never changes anything. */
typedef struct {
  guint     n;
  LmPhase   phase;
  LmBuildForm form;
  gint      season;           /* -1 before spring */
  gint      start_player;
  gint      first_start;      /* the year's first start player (set-up) */
  gint      order[LM_MAX_SEATS];
  gint      cur;              /* index into order */
  guint     n_dealt;
  gint      dealt[LM_MAX_DEALT];     /* ability indices */
  gint      bid[LM_MAX_DEALT];
  gint      bidder[LM_MAX_DEALT];    /* seat or -1 */
  gint      ability_owner[LM_MAX_ABILITIES];
  gint      bid_winner;
  gint      last_bids[LM_MAX_SEATS]; /* the season's revealed start bids, -1 none */
  LmPlayer  pl[LM_MAX_SEATS];
  LmSpot    spot[LM_MAX_AREAS];
  LmAttack  atk;
  /* The last attack round resolved (its gold and guesses revealed), `hit` whether the defender
   * guessed the gold, `n` the rounds resolved so far in the game: what the Chronicle marks. */
  struct { LmAttack round; gboolean hit; gint n; } last;
  /* result */
  gint      winner;           /* seat or -1 */
  gint      fallen_castle;    /* area or -1 */
  gint      ranking[LM_MAX_SEATS];
  gint      rank_areas[LM_MAX_SEATS];
  gboolean  skipped_last;     /* winter's last player could not win */
} LmPlay;

typedef struct {
  MgState    parent;
  LmRuleset *rs;
  LmMap     *map;             /* NULL until a map is known */
  char      *names[LM_MAX_SEATS];
  LmPlay     p;
} LmState;

/* ---------------------------------------------------------------- engine internals (mg-lamame*.c) */

#define AERR LM_ACTION_ERR

/* mg-lamame.c: the names shown in summaries (the ids stay English in JSON). */
extern const char * const lm_kind_names[];   /* knight … camp, then garrison */
extern const char * const lm_card_names[];   /* Tax, Build, Move/Attack */

#define KIND(k)  _(lm_kind_names[(k)])
#define CARD(c)  _(lm_card_names[(c)])
/* A kind (a card) as a word argument of a refusal or a sentence: the same text, rendered in a
 * phone's (a viewer's) language too. */
#define KIND_WORD(k) mg_message_word (lm_kind_names[(k)])
#define CARD_WORD(c) mg_message_word (lm_card_names[(c)])
/* A kind with its article ("a catapult", "the garrison"), and as a catapult's list names it. */
extern const char * const lm_kind_a_names[];
extern const char * const lm_kind_the_names[];
extern const char * const lm_kind_listed_names[];
#define KIND_A_WORD(k)      mg_message_word_ctx ("lamame, a unit", lm_kind_a_names[(k)])
#define KIND_THE_WORD(k)    mg_message_word_ctx ("lamame, the unit", lm_kind_the_names[(k)])
#define KIND_LISTED_WORD(k) mg_message_word_ctx ("lamame, a unit destroyed", lm_kind_listed_names[(k)])
#define NAME(s, i) ((s)->names[(i)])
#define AREA(s, a) ((s)->map->areas[(a)].name)

#define JS(x) json_object_new_string (x)
#define JI(x) json_object_new_int64 (x)
#define JB(x) json_object_new_boolean (x)

/* What an action produces while it runs: the runner's MgPlay, its events and its said (La
 * Mame rolls no dice). */
typedef MgPlay Ctx;

/* The engine's state behind the generic one. */
static inline LmState *
lm (const MgState *state)
{
  return (LmState *) state;
}

/* mg-lamame.c: shared helpers and the state's life. */
const char *lm_season_name  (const LmState *s, gint idx);     /* the season's shown name; "Initial build" before spring */
const char *lm_season_word  (const LmState *s, gint idx);     /* the same, a refusal's word argument */
void        lm_say          (Ctx *c, const char *msgid, ...) G_GNUC_PRINTF (2, 3);  /* says a sentence (msgid marked N_()) */
/* The same with a plural pair, marked MG_PLURAL_PAIR ("one", "many") (a keyword of po/meson.build),
 * and its count: lm_say_n (c, MG_PLURAL_PAIR ("%s bids %d gold.", "%s bids %d gold."), gold, …). */
void        lm_say_n        (Ctx *c, const char *one, const char *many, gulong n, ...) G_GNUC_PRINTF (3, 5);
#define MG_PLURAL_PAIR(one, many) one, many
json_object *lm_ev          (Ctx *c, const char *type, ...); /* adds an event {"type", key, value, …} */
gint        lm_area_owner   (const LmState *s, guint a);      /* the seat holding area a, or -1 */
gint        lm_castle_of    (const LmState *s, gint seat);    /* the area of the seat's castle, or -1 */
gint        lm_supply_total (const LmState *s, gint seat);    /* units left in the seat's supply */
gint        lm_cards_led    (const LmState *s, gint seat);    /* dealt abilities whose bid the seat leads */
gint        lm_areas_held   (const LmState *s, gint seat);    /* areas the seat holds, castles excluded */
void        lm_unit_remove  (LmState *s, guint a, guint k);   /* takes the unit of kind k off area a */
void        lm_unit_put     (LmState *s, guint a, guint k, gint seat);  /* puts the seat's unit of kind k on area a */
gboolean    lm_can_place    (const LmState *s, gint seat, guint k, guint a, GError **error);  /* may the seat build k on a? */
void        lm_compute_order (LmState *s);                    /* the turn order from the start player */
gint        lm_current_seat (const LmState *s);               /* the seat whose turn it is, or -1 */
/* What refuses seat's build of `kind` whatever the area (its Build card's index in *card, may be
 * NULL): do_build's first checks, which legal_actions asks before trying area after area. */
gboolean    lm_build_open   (const LmState *s, gint seat, gint kind, gint *card, GError **error);
gint        lm_guesses_for  (const LmState *s, guint target, guint area);  /* the defender's guesses */
gboolean    lm_only         (json_object *a, const char * const *fields, GError **error);  /* no member but "type", "template" and fields */
gboolean    lm_get_seat     (const LmState *s, json_object *a, const char *key, gint *out, GError **error);  /* a seat by name */
gboolean    lm_get_area     (const LmState *s, json_object *a, const char *key, gint *out, GError **error);  /* an area by name */
gboolean    lm_get_kind     (json_object *a, const char *key, gint *out, GError **error);  /* a unit kind by id */
gboolean    lm_get_gold     (json_object *a, const char *key, gint *out, GError **error);  /* an amount of gold */
gboolean    lm_get_cards    (const LmState *s, json_object *a, gint out[2], guint *n_out, GError **error);  /* "cards" */
json_object *lm_cards_json  (const gint *cards, guint n);     /* the cards as an array of ids */
MgSaid     *lm_cards_said   (const gint *cards, guint n);     /* "Tax and Build": the cards' names, a phrase */
void        lm_state_unref  (LmState *s);                     /* frees a state (for g_autoptr) */
MgState    *lm_state_copy   (const MgState *state);           /* a copy sharing the ruleset and the map */
LmState    *lm_state_alloc  (json_object *ruleset, const char * const *players, GError **error);  /* a state before play */
void        lm_play_init    (LmPlay *p, guint n);             /* the play of n seats, in set-up */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LmState, lm_state_unref)

/* mg-lamame-actions.c */
gboolean    lm_attacker_broke (const LmState *s);             /* between rounds the attacker cannot pay for another */
extern const MgActions lm_actions;                            /* the descriptor's actions */

/* mg-lamame-json.c */
gint        lm_turn         (const MgState *state);           /* the descriptor's turn */
json_object *lm_to_json     (const MgState *state);           /* its to_json */
MgState    *lm_from_json    (json_object *ruleset, json_object *json, GError **error);  /* its from_json */

/* mg-lamame-views.c */
json_object *lm_view        (const MgState *state, const char *seat);  /* the descriptor's view */
json_object *lm_pending     (const MgState *state);           /* its pending */
char       *lm_describe     (const MgState *state, const char *seat);  /* its describe */
json_object *lm_legal_actions (const MgState *state, const char *seat);  /* its legal_actions */
void        lm_tables       (const MgState *state, MgRows *rows);  /* its tables */

/* mg-lamame-reach.c: could `seat`, the last player of the year, still win with any cards? */
gboolean   lm_could_still_win (const LmState *s, gint seat);

/* mg-lamame-ruleset.c */
LmRuleset *lm_ruleset_parse (json_object *json, GError **error);
LmRuleset *lm_ruleset_ref   (LmRuleset *rs);
void       lm_ruleset_unref (LmRuleset *rs);
LmMap     *lm_map_parse     (json_object *json, const char *path, guint n_players, GError **error);
LmMap     *lm_map_ref       (LmMap *map);
void       lm_map_unref     (LmMap *map);
gint       lm_map_find      (const LmMap *map, const char *name);
gboolean   lm_map_adjacent  (const LmMap *map, guint a, guint b);
/* Borders between a and b (BFS), G_MAXINT if unreachable. */
gint       lm_map_distance  (const LmMap *map, guint a, guint b);
/* The map for n players: the first of the ruleset's maps with that many castles, or NULL. */
json_object *lm_ruleset_map_for (const LmRuleset *rs, guint n_players);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LmRuleset, lm_ruleset_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LmMap, lm_map_unref)

G_END_DECLS
