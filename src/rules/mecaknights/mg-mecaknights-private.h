/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-private.h — MecaKnights engine internals shared by its source files. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "mg-json.h"
#include "mg-message.h"
#include "mg-mecaknights.h"

G_BEGIN_DECLS

#define MK_RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define MK_ACTION_ERR  mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define MK_STATE_ERR   mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

#define MK_MAX_LEADERS 8
#define MK_MAX_COUNT   100000   /* any stock or cost in the tracking table */

typedef enum { RES_WOOD, RES_STONE, RES_FOOD, RES_IRON, MK_N_RES } MkRes;
typedef enum { U_INFANTRY, U_HEAVY, U_ARCHER, U_CATAPULT, U_CAVALRY, MK_N_UNITS } MkUnit;
typedef enum { CITY_NONE, CITY_HAMLET, CITY_VILLAGE, CITY_TOWN, MK_N_CITY } MkCity;
typedef enum { WALL_NONE, WALL_WOOD, WALL_STONE, MK_N_WALL } MkWall;

extern const char * const mk_res_ids[];     /* "wood", "stone", "food", "iron", NULL */
extern const char * const mk_unit_ids[];    /* "infantry", "heavy_infantry", … NULL */
extern const char * const mk_city_ids[];    /* "none", "hamlet", "village", "town", NULL */
extern const char * const mk_wall_ids[];    /* "none", "wood", "stone", NULL */

/* GP and the four resources: a cost, a gain or a treasury. */
typedef struct {
  gint64 gp;
  gint64 res[MK_N_RES];
} MkPurse;

typedef enum { COST_HAMLET, COST_VILLAGE, COST_TOWN, COST_CAMP, COST_WOOD_WALL, COST_STONE_WALL,
               COST_BRIDGE, COST_BOAT, COST_UPGRADE, MK_N_COSTS } MkCostId;
extern const char * const mk_cost_ids[];

typedef enum { GM_SEASON, GM_YEAR, GM_FIXED, GM_OUTSIDE } MkGmRotation;   /* outside: the GM is no leader */
extern const char * const mk_gm_ids[];

typedef struct {
  char  *name;
  guint  turns;
  guint  moves;
} MkSeason;


typedef struct {
  char    *name;
  MkRes    resource;
  char   **adjacent;
  gint     owner;            /* leader index, -1 none */
  MkCity   city;
  gboolean capital;
  MkWall   wall;
  gboolean camp;
  guint    lying[MK_N_RES];
  gint     claim;            /* leader index who removed the flag, -1 none */
  guint    claim_turn;
} MkLand;

typedef struct {
  char      *name;
  gboolean   large;
  GPtrArray *pairs;          /* char*, two by two: crossings (small) or links (large) */
  char     **marks;          /* large rivers: wave marks */
} MkRiver;

typedef struct {
  char *river, *a, *b;
  gint  by;                  /* leader who built it, -1 from the map */
} MkBridge;

typedef struct {
  GPtrArray *lands;          /* MkLand* */
  GPtrArray *rivers;         /* MkRiver* */
  GPtrArray *bridges;        /* MkBridge* */
  char     **capitals;
} MkMap;

/* Parsed once per campaign and shared, read-only, by the state and its copies (refcounted). */
typedef struct {
  guint      income_gp[MK_N_CITY];
  guint      income_res[MK_N_CITY];
  gboolean   capital_yields;
  MkPurse    costs[MK_N_COSTS];
  MkPurse    units[MK_N_UNITS];
  guint      max_units, max_archers, max_catapults;
  gboolean   wall_stops_archers[MK_N_WALL];
  guint      wall_multiplier[MK_N_WALL];
  guint      heavy_draw_weight;
  guint      move_lands, cavalry_lands;
  MkSeason  *seasons;
  guint      n_seasons, year_turns;
  guint      forced_extra, forced_food;
  gboolean   forced_once_per_game;
  guint      reinforce_food;
  guint      navigation_steps;
  guint      model_bonus_gp;
  gboolean   control_counts_as_move;   /* take_control uses the army's move of the turn */
  MkGmRotation gm_rotation;
  MkPurse    start_purse;
  MkCity     start_city;
  guint      start_army[MK_N_UNITS];
  char     **colours;
  json_object *map;          /* the ruleset's map (owned copy) */
  MkMap      sample;         /* the same, parsed once: a new state starts from a copy */
} MkRuleset;

typedef struct {
  char    *name;
  char    *colour;
  char    *capital;          /* land name or NULL */
  MkPurse  purse;
  gboolean collected, bonus, organized;
  guint    moves_used;
  guint    armies_made, boats_made;
} MkLeader;

typedef struct {
  char    *id;
  gint     leader;
  char    *land;             /* a land, or a wave mark when afloat */
  gboolean afloat;
  guint    units[MK_N_UNITS];
  gboolean moved, forced;
  guint    battle;           /* 0: none */
} MkArmy;

typedef struct {
  char *id, *river, *at;
  gint  leader;
} MkBoat;

typedef enum { STEP_REINFORCE, STEP_ARCHERS, STEP_RESULT, STEP_CONTINUES } MkStep;
extern const char * const mk_step_ids[];

typedef struct {
  guint      id;
  char      *land;
  gint       attacker, defender;
  guint      round;
  MkStep     step;
  GPtrArray *reinforced;     /* army ids (char*) this round */
  guint      fought_turn;    /* turn of the last round fought */
} MkBattle;

typedef enum { WHY_ARCHERS, WHY_CATAPULT, WHY_WINNER, WHY_DRAW } MkWhy;
extern const char * const mk_why_ids[];

typedef struct {
  gint   leader;
  MkWhy  why;
  guint  battle;             /* 0 for catapult */
  char  *army;               /* catapult: the target army */
  guint  count;
} MkChoice;

typedef struct {
  char *land, *a, *b, *status;
  guint turn;
} MkEncounter;

typedef struct {
  MgState     parent;
  MkRuleset  *rs;             /* shared with copies (mk_ruleset_ref) */
  MkMap       map;
  guint       n_leaders;
  MkLeader    leaders[MK_MAX_LEADERS];
  gboolean    started;
  guint       turn;
  guint       current;
  enum { PHASE_SETUP, PHASE_COLLECT, PHASE_BUILD, PHASE_MOVE } phase;
  MkGmRotation gm_rotation;   /* the GM of any turn follows from these two (gm_for_turn) */
  guint       gm_first;
  gint        relations[MK_MAX_LEADERS][MK_MAX_LEADERS];   /* -1 unmet, 0 peace, 1 war */
  GPtrArray  *encounters;     /* MkEncounter*: the latest one of each pair (bounded) */
  GPtrArray  *armies;         /* MkArmy* */
  GPtrArray  *boats;          /* MkBoat* */
  GPtrArray  *battles;        /* MkBattle* */
  GPtrArray  *choices;        /* MkChoice* */
  guint       next_battle;
} MkState;

extern const char * const mk_phase_ids[];

/* mg-mecaknights-ruleset.c */
/* JSON paths built only to word an error (src/rules/mg-json.h): NULL while mk_paths () is off. */
#define mk_paths       mg_json_paths_on
#define mk_paths_begin mg_json_paths_begin
#define mk_paths_end   mg_json_paths_end
#define mk_path_key    mg_json_lazy_key
#define mk_path_index  mg_json_lazy_index
gboolean   mk_ruleset_parse  (json_object *root, MkRuleset *rs, GError **error);
void       mk_ruleset_clear  (MkRuleset *rs);
MkRuleset *mk_ruleset_new    (json_object *root, GError **error);   /* parsed, refcount 1 */
MkRuleset *mk_ruleset_ref    (MkRuleset *rs);
void       mk_ruleset_unref  (MkRuleset *rs);
gboolean   mk_purse_parse    (json_object *obj, const char *path, MgJsonErr kind, gint64 min, MkPurse *out,
                              GError **error);
json_object *mk_purse_json   (const MkPurse *p, gboolean skip_zero);
char      *mk_purse_text     (const MkPurse *p);   /* "3 GP, 2 wood" or "nothing" */
MgSaid    *mk_purse_said     (const MkPurse *p);   /* the same as a phrase (mg_message_phrase) */
guint      mk_purse_units    (const guint *units); /* number of units */
/* Parses a map (import or saved state); leader names resolve owners and claims. */
gboolean   mk_map_parse      (json_object *map, const char *path, MgJsonErr kind,
                              char **leaders, guint n_leaders, MkMap *out, GError **error);
void       mk_map_init       (MkMap *map);   /* empty: no land, river, bridge or capital */
void       mk_map_clear      (MkMap *map);
void       mk_map_copy       (const MkMap *from, MkMap *to);   /* deep */
gpointer   mk_str_copy       (gconstpointer s, gpointer unused);  /* a GCopyFunc: g_strdup */
/* A record's size and the strings it owns (offsets of its char * members): what a deep copy needs. */
typedef struct {
  gsize size;
  guint n_strings;
  gsize strings[4];
} MkRecordKind;
void       mk_record_own     (gpointer record, const MkRecordKind *kind);   /* its strings replaced by copies */
gpointer   mk_record_copy    (gconstpointer from, gpointer kind);   /* a GCopyFunc: `kind` an MkRecordKind */
void       mk_record_free    (gpointer record, const MkRecordKind *kind);   /* its strings, then itself */
/* A copy of a list, each item by copy (item, data), freed by free_func. */
GPtrArray *mk_list_copy      (GPtrArray *from, GCopyFunc copy, gconstpointer data, GDestroyNotify free_func);
json_object *mk_map_json     (const MkMap *map, char **leaders);
MkLand    *mk_map_land       (const MkMap *map, const char *name);
gint       mk_map_land_index (const MkMap *map, const char *name);
gboolean   mk_map_is_mark    (const MkMap *map, const char *name);
/* Does the river join a and b in one step (a crossing, or a navigation link)? */
gboolean   mk_river_links    (const MkRiver *r, const char *a, const char *b);

/* mg-mecaknights.c */
MkArmy    *mk_army_find      (const MkState *st, const char *id);
guint      mk_army_size      (const MkArmy *a);
void       mk_army_remove    (MkState *st, MkArmy *a, json_object *events);
const char *mk_unit_name     (MkUnit u, guint n);
const char *mk_unit_word     (MkUnit u, guint n);   /* the same, a refusal's word argument */
/* A plural pair in a table of msgids ({one, many}); the keyword marks it for po/ (po/meson.build). */
#define MG_PLURAL_PAIR(one, many) { one, many }
/* "2 archers", with its plural form: said, or as a phrase (mg_message_phrase) to free. */
void       mk_unit_count_say (MgSaid *said, MkUnit u, guint n);
MgSaid    *mk_unit_count_said (MkUnit u, guint n);
const char *mk_choice_text   (MkWhy why, guint n);  /* "%s chooses %u units to lose to the archers." */
/* "%s chooses %u units to lose to the archers.", said of `leader`. */
void       mk_choice_say     (MgSaid *said, MkWhy why, guint n, const char *leader);
MgSaid    *mk_units_said     (const guint *units);  /* "3 infantry, 1 archer" or "no units": a phrase */
char      *mk_units_text     (const guint *units);
/* `before`, then an army and its units: "Red 1 (3 infantry, 1 archer)". */
void       mk_army_units_say (MgSaid *said, const char *before, const MkArmy *a);
gint       mk_find_leader    (const MkState *st, const char *name);   /* leader index, -1 none */
/* The leaders' names as a NULL-terminated list in `names` (MK_MAX_LEADERS + 1 slots). */
char     **mk_leader_names   (const MkState *st, char **names);
#define LEADER_NAMES(st) mk_leader_names ((st), (char *[MK_MAX_LEADERS + 1]) { NULL })
guint      mk_season_index   (const MkState *st, guint turn, guint *year);   /* season of a turn */
guint      mk_moves_allowed  (const MkState *st);   /* moves per leader this turn (its season) */
const char *mk_season_name   (const MkState *st);   /* the current season's name */
const char *mk_season_word   (const MkState *st);   /* the same, a refusal's word argument */
gint       mk_gm_for_turn    (const MkState *st, guint turn);   /* GM's leader index, -1 outside */
json_object *mk_gm_json      (const MkState *st);   /* the GM rotation as saved */
gboolean   mk_name_ok        (const char *name, MgRulesError code, GError **error);   /* a usable name */
json_object *mk_units_json   (const guint *units);   /* {unit id: count} of non-zero counts */
json_object *mk_choice_json  (const MkState *st, const MkChoice *c);   /* a waiting choice as saved */
MgState   *mk_state_copy     (const MgState *state);   /* deep; the ruleset shared (MgActions .copy) */

/* mg-mecaknights-act.c: map geometry */
MkRiver   *mk_small_crossing (const MkState *st, const char *a, const char *b);   /* small river between */
gboolean   mk_walkable       (const MkState *st, const char *a, const char *b);   /* adjacent, no river unbridged */
MkRiver   *mk_find_river     (const MkState *st, const char *name);   /* by name, NULL none */
gboolean   mk_has_army       (const MkState *st, gint leader, const char *land, gboolean others);   /* leader's (or others') army there */
gboolean   mk_lone_catapult  (const MkArmy *a);   /* an army of catapults only */
gboolean   mk_all_cavalry    (const MkArmy *a);   /* an army of cavalry only */

/* mg-mecaknights-act.c: action plumbing; one action being run */
typedef struct {
  MkState     *st;
  json_object *a;        /* the action */
  json_object *events;
  MgSaid      *said;     /* what the action says (MgPlay.said) */
  gint         p;        /* acting leader, -1 for the GM */
} MkCtx;
gboolean   mk_get_str        (MkCtx *c, const char *key, const char **out, GError **error);   /* required string field */
gboolean   mk_opt_bool       (MkCtx *c, const char *key, gboolean *out, GError **error);   /* optional boolean field */
gboolean   mk_get_land       (MkCtx *c, const char *key, MkLand **out, GError **error);   /* field naming a land */
gboolean   mk_get_leader_arg (MkCtx *c, const char *key, gint *out, GError **error);   /* field naming a leader */
gboolean   mk_get_own_army   (MkCtx *c, const char *key, MkArmy **out, GError **error);   /* field naming the actor's army */
const char *mk_me            (MkCtx *c);   /* the acting leader's name (or the GM) */
gboolean   mk_pay            (MkCtx *c, const MkPurse *cost, guint times, const char *what, GError **error);   /* charge the actor */
void       mk_gain           (MkCtx *c, gint leader, const MkPurse *p, const char *type, const char *land);   /* credit a leader */
gboolean   mk_need_turn      (MkCtx *c, gboolean build, gboolean move, GError **error);   /* actor's turn and phase */
/* The check of mk_need_turn, on a state it only reads: every action whose function begins with
 * mk_need_turn (c, build, move) is refused whatever its members when this refuses for its player. */
gboolean   mk_turn_open      (const MkState *st, gint p, gboolean build, gboolean move, GError **error);
void       mk_encounter_put  (MkState *st, MkEncounter *e);   /* keep the latest encounter of a pair */
void       mk_record_encounter (MkCtx *c, gint other, const char *land, gboolean war);   /* two leaders met */
void       mk_begin_leader_turn (MkState *st);   /* reset the current leader's turn */
/* mg-mecaknights-act.c: setup and build-phase actions, played through mk_actions */
gboolean   mk_act_import_map (MkCtx *c, GError **error);
gboolean   mk_act_correct_map (MkCtx *c, GError **error);
gboolean   mk_act_set_leader (MkCtx *c, GError **error);
gboolean   mk_act_add_leader (MkCtx *c, GError **error);
gboolean   mk_act_set_gm     (MkCtx *c, GError **error);
gboolean   mk_act_start      (MkCtx *c, GError **error);
gboolean   mk_act_collect    (MkCtx *c, GError **error);
gboolean   mk_act_build      (MkCtx *c, GError **error);
gboolean   mk_act_bridge     (MkCtx *c, gboolean destroy, GError **error);
gboolean   mk_act_build_boat (MkCtx *c, GError **error);
gboolean   mk_act_destroy_boat (MkCtx *c, GError **error);
gboolean   mk_act_train      (MkCtx *c, GError **error);
gboolean   mk_act_upgrade    (MkCtx *c, GError **error);
gboolean   mk_act_organize   (MkCtx *c, GError **error);

/* mg-mecaknights-move.c */
gboolean   mk_can_move       (MkCtx *c, MkArmy *army, GError **error);   /* may the army move now, and why not */
MkBoat    *mk_own_boat_at    (const MkState *st, gint leader, const char *at);   /* leader's boat there */
/* The actions' table (mg-actions.h): MgRules .actions. */
extern const MgActions mk_actions;

/* mg-mecaknights-views.c: the rules' views (see mg_mk_rules ()) */
gint       mk_turn           (const MgState *state);
json_object *mk_pending      (const MgState *state);
char      *mk_describe       (const MgState *state, const char *seat);
void       mk_tables         (const MgState *state, MgRows *rows);
json_object *mk_legal_actions (const MgState *state, const char *seat);

/* mg-mecaknights-battle.c */
MkBattle  *mk_battle_find    (const MkState *st, guint id);
MkBattle  *mk_battle_on      (const MkState *st, const char *land);
void       mk_battle_free    (MkBattle *b);
void       mk_choice_free    (MkChoice *c);
void       mk_battle_start   (MkState *st, const char *land, gint attacker, gint defender,
                              json_object *events, MgSaid *said);
/* One round: archers, then (once no choice waits) close combat. */
void       mk_battle_fight   (MkState *st, MkBattle *b, json_object *events, MgSaid *said);
/* After a choice was settled: continue the battle if nothing else waits for it. */
void       mk_battle_resume  (MkState *st, guint battle, json_object *events, MgSaid *said);
/* Units a choice may take, as {army, unit, max}; checks a `lose` list. */
json_object *mk_choice_eligible (const MkState *st, const MkChoice *c);
gboolean   mk_choice_check   (const MkState *st, const MkChoice *c, json_object *units,
                              GError **error);
/* Removes the units; an emptied army is removed. */
void       mk_choice_apply   (MkState *st, const MkChoice *c, json_object *units,
                              json_object *events, MgSaid *said);
/* A choice with one possible answer is applied at once; else it is queued. */
void       mk_choice_offer   (MkState *st, gint leader, MkWhy why, guint battle, const char *army,
                              guint count, json_object *events, MgSaid *said);
/* What each side brings to the next round, as the engine counts it (derived, for views):
 * {"attacker":{"archers","archers_stopped_by","units","wall","multiplier","count",
 * "draw_count" (heavy infantry weighted, used on equal counts),"lone_catapult"},"defender":…} */
json_object *mk_battle_sides_json (const MkState *st, const MkBattle *b);
/* Ends battles that lost a side (armies moved away or removed). */
void       mk_battles_tidy   (MkState *st, json_object *events, MgSaid *said);

G_END_DECLS
