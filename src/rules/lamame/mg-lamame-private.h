/* mg-lamame-private.h — La Mame's Melee engine internals shared by its source files. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

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

typedef struct {
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

typedef struct {
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

/* The whole mutable play, a plain value: apply works on a copy and keeps it only on success,
 * so a refused action never changes anything. */
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

/* mg-lamame-ruleset.c */
LmRuleset *lm_ruleset_parse (json_object *json, GError **error);
void       lm_ruleset_free  (LmRuleset *rs);
LmMap     *lm_map_parse     (json_object *json, const char *path, guint n_players, GError **error);
void       lm_map_free      (LmMap *map);
gint       lm_map_find      (const LmMap *map, const char *name);
gboolean   lm_map_adjacent  (const LmMap *map, guint a, guint b);
/* Borders between a and b (BFS), G_MAXINT if unreachable. */
gint       lm_map_distance  (const LmMap *map, guint a, guint b);
/* The map for n players: the first of the ruleset's maps with that many castles, or NULL. */
json_object *lm_ruleset_map_for (const LmRuleset *rs, guint n_players);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LmRuleset, lm_ruleset_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LmMap, lm_map_free)

G_END_DECLS
