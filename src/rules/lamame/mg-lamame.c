/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame.c — La Mame's Melee: the helpers its source files share (board, reading actions), the state's life, the descriptor. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-lamame-private.h"

/* The names shown in summaries (the ids stay English in JSON). */
const char * const lm_kind_names[] = { N_("knight"), N_("soldier"), N_("catapult"), N_("camp"), N_("garrison") };
/* The same with their article, for sentences whose article agrees with the noun in other
 * languages (French "une catapulte", "la garnison"): KIND_A_WORD, KIND_THE_WORD. */
const char * const lm_kind_a_names[] = { NC_("lamame, a unit", "a knight"), NC_("lamame, a unit", "a soldier"),
                                         NC_("lamame, a unit", "a catapult"), NC_("lamame, a unit", "a camp"),
                                         NC_("lamame, a unit", "a garrison") };
const char * const lm_kind_the_names[] = { NC_("lamame, the unit", "the knight"), NC_("lamame, the unit", "the soldier"),
                                           NC_("lamame, the unit", "the catapult"), NC_("lamame, the unit", "the camp"),
                                           NC_("lamame, the unit", "the garrison") };
/* A kind in the list of what a catapult destroyed: the bare noun in English; a language may give
 * it its article ("le chevalier, le soldat"). */
const char * const lm_kind_listed_names[] = { NC_("lamame, a unit destroyed", "knight"), NC_("lamame, a unit destroyed", "soldier"),
                                              NC_("lamame, a unit destroyed", "catapult"), NC_("lamame, a unit destroyed", "camp"),
                                              NC_("lamame, a unit destroyed", "garrison") };
const char * const lm_card_names[] = { N_("Tax"), N_("Build"), N_("Move/Attack") };
static const char * const season_names[] = { N_("Spring"), N_("Summer"), N_("Fall"), N_("Winter") };

/* The msgid of the season's name (marked N_()), or NULL when the ruleset's id is shown as is. */
static const char *
season_msgid (const LmState *s, gint idx)
{
  if (idx < 0)
    return N_("Initial build");
  for (guint i = 0; i < G_N_ELEMENTS (season_names); i++)
    if (g_ascii_strcasecmp (s->rs->seasons[idx], season_names[i]) == 0)
      return season_names[i];
  return NULL;
}

const char *
lm_season_name (const LmState *s, gint idx)
{
  const char *msgid = season_msgid (s, idx);

  return msgid != NULL ? _(msgid) : s->rs->seasons[idx];
}

const char *
lm_season_word (const LmState *s, gint idx)
{
  const char *msgid = season_msgid (s, idx);

  return msgid != NULL ? mg_message_word (msgid) : s->rs->seasons[idx];
}

/* The action's sentences, one space between two, as messages each viewer reads in their language. */
void
lm_say (Ctx *c, const char *msgid, ...)
{
  va_list ap;

  if (c->said == NULL)
    return;   /* validating (mg_actions_validate gives no said): the copy is thrown away */
  if (mg_said_length (c->said) > 0)
    mg_said_add_text (c->said, " ");
  va_start (ap, msgid);
  mg_said_add_message (c->said, mg_message_new_valist (msgid, NULL, 0, ap));
  va_end (ap);
}

/* The same with a plural pair and its count (ngettext's forms, "%d gold" in English). */
void
lm_say_n (Ctx *c, const char *one, const char *many, gulong n, ...)
{
  va_list ap;

  if (c->said == NULL)
    return;   /* validating */
  if (mg_said_length (c->said) > 0)
    mg_said_add_text (c->said, " ");
  va_start (ap, n);
  mg_said_add_message (c->said, mg_message_new_valist (one, many, n, ap));
  va_end (ap);
}

/* An event {"type": type, key: value, …}: pairs of (const char *, json_object *), NULL-terminated. */
json_object *
lm_ev (Ctx *c, const char *type, ...)
{
  json_object *e = json_object_new_object ();
  va_list ap;
  const char *key;

  json_object_object_add (e, "type", json_object_new_string (type));
  va_start (ap, type);
  while ((key = va_arg (ap, const char *)) != NULL)
    json_object_object_add (e, key, va_arg (ap, json_object *));
  va_end (ap);
  json_object_array_add (c->events, e);
  return e;
}

/* ---------------------------------------------------------------- board helpers */

gint
lm_area_owner (const LmState *s, guint a)
{
  for (guint k = 0; k < LM_N_KINDS; k++)
    if (s->p.spot[a].owner[k] >= 0)
      return s->p.spot[a].owner[k];
  return -1;
}

gint
lm_castle_of (const LmState *s, gint seat)
{
  for (guint a = 0; a < s->map->n_areas; a++)
    if (s->map->areas[a].castle_of == seat)
      return a;
  return -1;
}

gint
lm_supply_total (const LmState *s, gint seat)
{
  gint t = 0;
  for (guint k = 0; k < LM_N_KINDS; k++)
    t += s->p.pl[seat].supply[k];
  return t;
}

gint
lm_cards_led (const LmState *s, gint seat)
{
  gint n = 0;
  for (guint i = 0; i < s->p.n_dealt; i++)
    if (s->p.bidder[i] == seat)
      n++;
  return n;
}

/* Areas a seat controls for the final count: any of its units, castles excluded. */
gint
lm_areas_held (const LmState *s, gint seat)
{
  gint n = 0;
  for (guint a = 0; a < s->map->n_areas; a++)
    if (s->map->areas[a].castle_of < 0 && lm_area_owner (s, a) == seat)
      n++;
  return n;
}

void
lm_unit_remove (LmState *s, guint a, guint k)
{
  gint owner = s->p.spot[a].owner[k];

  if (owner >= 0 && s->rs->lost_return)
    s->p.pl[owner].supply[k]++;
  s->p.spot[a].owner[k] = -1;
  s->p.spot[a].moved[k] = 0;
  s->p.spot[a].fresh[k] = 0;
}

void
lm_unit_put (LmState *s, guint a, guint k, gint seat)
{
  s->p.spot[a].owner[k] = seat;
  s->p.spot[a].moved[k] = 0;
  s->p.spot[a].fresh[k] = 0;
}

/* One unit of each kind per area, one player per area; no camp in a castle; no knight in mountains;
 * never in another player's castle. */
gboolean
lm_can_place (const LmState *s, gint seat, guint k, guint a, GError **error)
{
  const LmArea *area = &s->map->areas[a];
  gint owner = lm_area_owner (s, a);

  if (owner >= 0 && owner != seat)
    return mg_illegal (error, N_("%s holds %s's units: only one player may have units in an area"),
                    area->name, NAME (s, owner));
  if (area->castle_of >= 0 && area->castle_of != seat)
    return mg_illegal (error, N_("%s is %s's castle"), area->name, NAME (s, area->castle_of));
  if (s->p.spot[a].owner[k] >= 0)
    return mg_illegal (error, N_("%s already has a %s there: only one unit of each kind per area"),
                    NAME (s, seat), KIND_WORD (k));
  if (k == LM_CAMP && area->castle_of >= 0)
    return mg_illegal (error, N_("A camp cannot be placed inside a castle (%s)"), area->name);
  if (k == LM_KNIGHT && area->mountain)
    return mg_illegal (error, N_("Knights cannot go into the mountains (%s)"), area->name);
  return TRUE;
}

void
lm_compute_order (LmState *s)
{
  for (guint i = 0; i < s->p.n; i++)
    s->p.order[i] = (s->p.start_player + i) % s->p.n;
}

gint
lm_current_seat (const LmState *s)
{
  if (s->p.phase == LM_INITIAL_BUILD || s->p.phase == LM_ACTIONS)
    return s->p.order[s->p.cur];
  return -1;
}

gint
lm_guesses_for (const LmState *s, guint target, guint area)
{
  if (s->map->areas[area].castle_of >= 0)
    return s->rs->guesses_castle;
  /* "2 … if defending a castle or mountain"; the house rule decides whether a camp counts. */
  if (s->map->areas[area].mountain && (target == LM_SOLDIER || (target == LM_CAMP && s->rs->camp_mountain_two)))
    return s->rs->guesses_soldier_mountain;
  return s->rs->guesses_default;
}

/* ---------------------------------------------------------------- reading actions */

gboolean
lm_only (json_object *a, const char * const *fields, GError **error)
{
  const char *known[16];
  guint n = 0;

  known[n++] = "type";
  known[n++] = "template";
  for (guint i = 0; fields[i] != NULL && n < G_N_ELEMENTS (known) - 1; i++)
    known[n++] = fields[i];
  known[n] = NULL;
  return mg_json_only (a, NULL, AERR, known, error);
}

gboolean
lm_get_seat (const LmState *s, json_object *a, const char *key, gint *out, GError **error)
{
  const char *name;

  if (!mg_json_get_string (a, NULL, key, AERR, &name, error))
    return FALSE;
  for (guint i = 0; i < s->p.n; i++)
    if (strcmp (s->names[i], name) == 0)
      {
        *out = i;
        return TRUE;
      }
  {
    g_autofree char *list = g_strjoinv (", ", (char **) s->names);
    mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                 N_("\"%s\" is not a player of this game (%s)"), name, list);
  }
  return FALSE;
}

gboolean
lm_get_area (const LmState *s, json_object *a, const char *key, gint *out, GError **error)
{
  const char *name;

  if (!mg_json_get_string (a, NULL, key, AERR, &name, error))
    return FALSE;
  if (s->map == NULL || (*out = lm_map_find (s->map, name)) < 0)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_ACTION, N_("No area of the map is called \"%s\""), name);
      return FALSE;
    }
  return TRUE;
}

gboolean
lm_get_kind (json_object *a, const char *key, gint *out, GError **error)
{
  guint k;
  if (!mg_json_get_choice (a, NULL, key, AERR, lm_kind_ids, &k, error))
    return FALSE;
  *out = k;
  return TRUE;
}

gboolean
lm_get_gold (json_object *a, const char *key, gint *out, GError **error)
{
  return mg_json_get_gint (a, NULL, key, AERR, 0, LM_MAX_GOLD, out, error);
}

/* "cards": the season's number of distinct cards. */
gboolean
lm_get_cards (const LmState *s, json_object *a, gint out[2], guint *n_out, GError **error)
{
  guint want = s->rs->cards_per_season[MAX (s->p.season, 0)];
  json_object *arr = mg_json_get_array (a, NULL, "cards", AERR, 1, 2, error);

  if (arr == NULL)
    return FALSE;
  if (json_object_array_length (arr) != want)
    return mg_illegal_n (error, "%s: each player chooses %u action card",
                                     "%s: each player chooses %u action cards", want,
                    lm_season_word (s, s->p.season), want);
  for (guint i = 0; i < want; i++)
    {
      g_autofree char *p = mg_json_path_index ("cards", i);
      guint c;
      if (!mg_json_choice (json_object_array_get_idx (arr, i), p, AERR, lm_card_ids, &c, error))
        return FALSE;
      out[i] = c;
    }
  if (want == 2 && out[0] == out[1])
    return mg_illegal (error, N_("The two cards must differ: each player has one Build, one Tax and one Move/Attack card"));
  *n_out = want;
  return TRUE;
}

json_object *
lm_cards_json (const gint *cards, guint n)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < n; i++)
    json_object_array_add (a, JS (lm_card_ids[cards[i]]));
  return a;
}

MgSaid *
lm_cards_said (const gint *cards, guint n)
{
  MgSaid *said = mg_said_new ();

  if (n == 2)
    mg_said_add (said, N_("%s and %s"), CARD_WORD (cards[0]), CARD_WORD (cards[1]));
  else
    mg_said_add (said, "%s", CARD_WORD (cards[0]));
  return said;
}

/* ---------------------------------------------------------------- state life */

static void
lm_free_state (MgState *state)
{
  LmState *s = lm (state);

  if (s == NULL)
    return;
  lm_ruleset_unref (s->rs);
  lm_map_unref (s->map);
  for (guint i = 0; i < LM_MAX_SEATS; i++)
    g_free (s->names[i]);
  g_free (s);
}

void
lm_state_unref (LmState *s)
{
  lm_free_state ((MgState *) s);
}

/* The play is a plain value; the ruleset and the map never change (an action that brings a map
 * replaces the pointer), so the copy shares them: its cost does not grow with the campaign. */
MgState *
lm_state_copy (const MgState *state)
{
  LmState *c = g_memdup2 (state, sizeof (LmState));

  lm_ruleset_ref (c->rs);
  lm_map_ref (c->map);
  for (guint i = 0; i < LM_MAX_SEATS; i++)
    c->names[i] = g_strdup (c->names[i]);
  return (MgState *) c;
}

static gboolean
lm_check_ruleset (json_object *ruleset, GError **error)
{
  g_autoptr(LmRuleset) rs = lm_ruleset_parse (ruleset, error);
  return rs != NULL;
}

LmState *
lm_state_alloc (json_object *ruleset, const char * const *players, GError **error)
{
  g_autoptr(LmState) s = g_new0 (LmState, 1);
  guint n = players ? g_strv_length ((char **) players) : 0;
  json_object *mapj;

  s->parent.rules = mg_lamame_rules ();
  if (!mg_rules_check_players (s->parent.rules, players, error))
    return NULL;
  if ((s->rs = lm_ruleset_parse (ruleset, error)) == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    s->names[i] = g_strdup (players[i]);
  s->p.n = n;
  mapj = lm_ruleset_map_for (s->rs, n);
  if (mapj != NULL && (s->map = lm_map_parse (mapj, "$.map", n, error)) == NULL)
    return NULL;
  return g_steal_pointer (&s);
}

void
lm_play_init (LmPlay *p, guint n)
{
  memset (p, 0, sizeof *p);
  p->n = n;
  p->phase = LM_SETUP;
  p->season = -1;
  p->bid_winner = -1;
  p->winner = -1;
  p->fallen_castle = -1;
  for (guint i = 0; i < LM_MAX_DEALT; i++)
    p->bidder[i] = -1;
  for (guint i = 0; i < LM_MAX_ABILITIES; i++)
    p->ability_owner[i] = -1;
  for (guint i = 0; i < LM_MAX_SEATS; i++)
    {
      p->order[i] = i;
      p->last_bids[i] = -1;
      p->pl[i].start_bid = -1;
      p->pl[i].card_active = -1;
    }
  for (guint a = 0; a < LM_MAX_AREAS; a++)
    memset (p->spot[a].owner, 0xff, sizeof p->spot[a].owner);
  p->atk.gold = -1;
  p->atk.n_guesses = -1;
}

static MgState *
lm_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  LmState *s = lm_state_alloc (ruleset, players, error);

  if (s == NULL)
    return NULL;
  lm_play_init (&s->p, s->p.n);
  s->p.form = s->rs->initial_build;
  return (MgState *) s;
}


/* ---------------------------------------------------------------- helpers for the app */

json_object *
mg_lamame_export_map (const MgState *state)
{
  const LmState *s = lm (state);
  return s->map ? json_object_get (s->map->json) : NULL;
}

/* The words a player's phone shows for this game (src/server/ serves them translated). */
static const MgWord lamame_phone_words[] = {
  { "start_bid", N_("Your bid for the start player") },
  { "choose_cards", N_("Your action cards") },
  { "attack_gold", N_("Gold you put on the attack") },
  { "guess", N_("Your guess") },
  { "field.gold", N_("Gold") },
  { "field.guesses", N_("Guess") },
  { "mine.start_bid", N_("Your bid") },
  { "mine.cards", N_("Your cards") },
  { "table.castle", N_("Castle") },
  { "table.gold", N_("Gold") },
  { "table.areas", N_("Areas") },
  { "value.move", N_("move") },
  { "value.tax", N_("tax") },
  { "value.build", N_("build") },
  { "value.hidden", N_("face down") },
  { NULL, NULL }
};

static const MgRules lamame_rules = {
  .id = "lamame",
  .name = N_("La Mame's Melee"),
  .min_players = 2,
  .max_players = LM_MAX_SEATS,
  .check_ruleset = lm_check_ruleset,
  .new_state = lm_new_state,
  .free_state = lm_free_state,
  .actions = &lm_actions,
  .pending = lm_pending,
  .to_json = lm_to_json,
  .from_json = lm_from_json,
  .view = lm_view,
  .turn = lm_turn,
  .describe = lm_describe,
  .legal_actions = lm_legal_actions,
  .phone_words = lamame_phone_words,
  .tables = lm_tables,
};

const MgRules *
mg_lamame_rules (void)
{
  return &lamame_rules;
}
