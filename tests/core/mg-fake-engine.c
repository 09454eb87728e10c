/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-fake-engine.c — a tiny engine ("fake") so the core tests do not depend on a real game. */
#include "mg-fake-engine.h"

#include <string.h>

#include "mg-actions.h"

/* The state keeps the last values only, so snapshots stay small in long benchmarks. */
#define FAKE_KEEP 16

typedef struct {
  MgState  base;
  guint    sides;
  guint    per_turn;
  gint64   total;
  gint64   actions;
  GArray  *values;   /* gint64 */
} FakeState;

static gboolean
read_int (json_object *obj, const char *key, gint64 min, gint64 max, gint64 fallback,
          GQuark domain, gint code, const char *path, gint64 *out, GError **error)
{
  json_object *v;

  if (!json_object_object_get_ex (obj, key, &v))
    {
      if (fallback != G_MININT64)
        {
          *out = fallback;
          return TRUE;
        }
      g_set_error (error, domain, code, "%s%s: missing", path, key);
      return FALSE;
    }
  if (!json_object_is_type (v, json_type_int) ||
      json_object_get_int64 (v) < min || json_object_get_int64 (v) > max)
    {
      g_set_error (error, domain, code, "%s%s: expected an integer from %" G_GINT64_FORMAT
                   " to %" G_GINT64_FORMAT, path, key, min, max);
      return FALSE;
    }
  *out = json_object_get_int64 (v);
  return TRUE;
}

static gboolean
fake_check_ruleset (json_object *ruleset, GError **error)
{
  gint64 v;

  if (!json_object_is_type (ruleset, json_type_object))
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET, "$: expected an object");
      return FALSE;
    }
  return read_int (ruleset, "sides", 2, 20, G_MININT64, MG_RULES_ERROR,
                   MG_RULES_ERROR_BAD_RULESET, "$.", &v, error) &&
         read_int (ruleset, "per_turn", 1, 100000, G_MININT64, MG_RULES_ERROR,
                   MG_RULES_ERROR_BAD_RULESET, "$.", &v, error);
}

static FakeState *
fake_alloc (json_object *ruleset, GError **error)
{
  FakeState *s;
  gint64 sides, per_turn;

  if (!fake_check_ruleset (ruleset, error))
    return NULL;
  read_int (ruleset, "sides", 2, 20, 0, 0, 0, "", &sides, NULL);
  read_int (ruleset, "per_turn", 1, 100000, 0, 0, 0, "", &per_turn, NULL);
  s = g_new0 (FakeState, 1);
  s->base.rules = mg_fake_rules ();
  s->sides = (guint) sides;
  s->per_turn = (guint) per_turn;
  s->values = g_array_new (FALSE, FALSE, sizeof (gint64));
  return s;
}

static MgState *
fake_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  return (MgState *) fake_alloc (ruleset, error);
}

static void
fake_free_state (MgState *state)
{
  FakeState *s = (FakeState *) state;

  g_array_unref (s->values);
  g_free (s);
}

/* Keeps the last FAKE_KEEP values only, so a copy per action costs the same at any length. */
static void
fake_keep (FakeState *s, gint64 x)
{
  g_array_append_val (s->values, x);
  if (s->values->len > FAKE_KEEP)
    g_array_remove_range (s->values, 0, s->values->len - FAKE_KEEP);
}

static gboolean
fake_roll (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  FakeState *s = (FakeState *) state;
  json_object *ev, *vals;
  guint out[10];
  gint64 v;

  if (!read_int (action, "n", 0, 10, 1, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION, "", &v, error) ||
      !mg_dice_roll (play->dice, (guint) v, s->sides, NULL, out, error))
    return FALSE;
  vals = json_object_new_array ();
  for (guint i = 0; i < v; i++)
    {
      s->total += out[i];
      fake_keep (s, out[i]);
      json_object_array_add (vals, json_object_new_int64 (out[i]));
    }
  ev = mg_event_new ("rolled", NULL, NULL);
  json_object_object_add (ev, "values", vals);
  json_object_array_add (play->events, ev);
  g_string_append_printf (play->summary, "Rolled %" G_GINT64_FORMAT " dice.", v);
  s->actions++;
  return TRUE;
}

/* V added to the total, with its event `type` {"value": V}. */
static void
fake_put (FakeState *s, MgPlay *play, const char *type, gint64 v)
{
  json_object *ev = mg_event_new (type, NULL, NULL);

  s->total += v;
  fake_keep (s, v);
  json_object_object_add (ev, "value", json_object_new_int64 (v));
  json_object_array_add (play->events, ev);
  s->actions++;
}

static guint fake_revision = 1;   /* mg_fake_set_revision */

static gboolean
fake_add (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  gint64 v;

  if (!read_int (action, "value", G_MININT32, G_MAXINT32, G_MININT64, MG_RULES_ERROR,
                 MG_RULES_ERROR_BAD_ACTION, "", &v, error))
    return FALSE;
  if (v < 0)
    return mg_rules_illegal (error, "The total never goes down");
  /* Revision 2's mended rule: an addition counts twice, and MG_FAKE_REFUSED_FROM_2 is refused. */
  if (fake_revision >= 2 && v == MG_FAKE_REFUSED_FROM_2)
    return mg_rules_illegal (error, "Revision 2 refuses %d", MG_FAKE_REFUSED_FROM_2);
  if (fake_revision >= 2)
    v *= 2;
  fake_put ((FakeState *) state, play, "added", v);
  g_string_append_printf (play->summary, "Added %" G_GINT64_FORMAT ".", v);
  return TRUE;
}

static guint fake_tells;   /* how many times `tell` ran: a row told with no replay runs none */

guint
mg_fake_tells (void)
{
  return fake_tells;
}

/* `add`, said as messages (MgPlay.said, docs/messages.md) with two msgids that po/fr.po
 * translates: "Turn 3. 3 dice typed were not used by this action". */
static gboolean
fake_tell (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  gint64 v;

  if (!read_int (action, "value", 0, G_MAXINT32, 0, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION, "", &v, error))
    return FALSE;
  fake_tells++;
  fake_put ((FakeState *) state, play, "told", v);
  mg_said_add (play->said, "Turn %d", (int) v);
  mg_said_add_text (play->said, ". ");
  mg_said_add_n (play->said, "%u die typed was not used by this action",
                 "%u dice typed were not used by this action", (gulong) v, (guint) v);
  return TRUE;
}

static MgState *
fake_copy (const MgState *state)
{
  const FakeState *s = (const FakeState *) state;
  FakeState *c = g_memdup2 (s, sizeof *s);

  c->values = g_array_copy (s->values);
  return (MgState *) c;
}

static const MgAction fake_action_list[] = {
  { "roll", fake_roll },
  { "add", fake_add },
  { "tell", fake_tell },
};

static const MgActions fake_actions = {
  .actions = fake_action_list,
  .n_actions = G_N_ELEMENTS (fake_action_list),
  .copy = fake_copy,
  .size = sizeof (FakeState),
};

static json_object *
fake_pending (const MgState *state)
{
  const FakeState *s = (const FakeState *) state;
  json_object *p = json_object_new_object ();

  json_object_object_add (p, "turn", json_object_new_int64 (1 + s->actions / s->per_turn));
  json_object_object_add (p, "phase", json_object_new_string ("play"));
  json_object_object_add (p, "over", json_object_new_boolean (FALSE));
  json_object_object_add (p, "waiting", json_object_new_array ());
  json_object_object_add (p, "text", json_object_new_string ("Anything goes."));
  return p;
}

static json_object *
fake_to_json (const MgState *state)
{
  const FakeState *s = (const FakeState *) state;
  json_object *o = json_object_new_object ();
  json_object *vals = json_object_new_array ();

  for (guint i = s->values->len > FAKE_KEEP ? s->values->len - FAKE_KEEP : 0; i < s->values->len; i++)
    json_object_array_add (vals, json_object_new_int64 (g_array_index (s->values, gint64, i)));
  json_object_object_add (o, "total", json_object_new_int64 (s->total));
  json_object_object_add (o, "actions", json_object_new_int64 (s->actions));
  json_object_object_add (o, "values", vals);
  return o;
}

static MgState *
fake_from_json (json_object *ruleset, json_object *json, GError **error)
{
  FakeState *s = fake_alloc (ruleset, error);
  json_object *vals;

  if (!s)
    return NULL;
  if (!read_int (json, "total", G_MININT64 + 1, G_MAXINT64, G_MININT64, MG_RULES_ERROR,
                 MG_RULES_ERROR_BAD_STATE, "$.", &s->total, error) ||
      !read_int (json, "actions", 0, G_MAXINT64, G_MININT64, MG_RULES_ERROR,
                 MG_RULES_ERROR_BAD_STATE, "$.", &s->actions, error) ||
      !json_object_object_get_ex (json, "values", &vals) ||
      !json_object_is_type (vals, json_type_array))
    {
      if (error && !*error)
        g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, "$.values: missing");
      fake_free_state ((MgState *) s);
      return NULL;
    }
  for (size_t i = 0; i < json_object_array_length (vals); i++)
    {
      gint64 x = json_object_get_int64 (json_object_array_get_idx (vals, i));
      g_array_append_val (s->values, x);
    }
  return (MgState *) s;
}

static json_object *
fake_view (const MgState *state, const char *seat)
{
  return fake_to_json (state);
}

/* The entity tables: one leader row whose gp is the running total and food the action count. */
static void
fake_tables (const MgState *state, MgRows *rows)
{
  static const char * const leader_cols[] = { "name", "gp", "food", "capital", NULL };
  const FakeState *s = (const FakeState *) state;

  mg_rows_table (rows, "leader", leader_cols);
  if (s->total == MG_FAKE_BROKEN_TOTAL)
    {
      /* An engine's bug: a row with fewer cells than columns. */
      mg_rows_text (rows, "Total");
      mg_rows_end_row (rows);
      return;
    }
  mg_rows_text (rows, "Total");
  mg_rows_int (rows, s->total);
  mg_rows_int (rows, s->actions);
  mg_rows_null (rows);
  mg_rows_end_row (rows);
}

static const MgRules fake_rules = {
  .id = "fake",
  .name = "Fake",
  .min_players = 1,
  .max_players = 4,
  .check_ruleset = fake_check_ruleset,
  .new_state = fake_new_state,
  .free_state = fake_free_state,
  .actions = &fake_actions,
  .pending = fake_pending,
  .to_json = fake_to_json,
  .from_json = fake_from_json,
  .view = fake_view,
  .tables = fake_tables,
};

const MgRules *
mg_fake_rules (void)
{
  return &fake_rules;
}


/* The game around the engine: one entity table, "leader", at version 1 or 2 of its SQL. */
#include "mg-data.h"

#define FAKE_DATA "/io/github/meleegm/MeleeGM/tests/fake/"
extern const MgDataFile mg_fake_game_data[];   /* fake-game.gresource.xml */

static const char * const fake_table_names[] = { "leader", NULL };
static const char * const fake_migrations[] = { FAKE_DATA "tables/0001.sql", FAKE_DATA "tables/0002.sql", NULL };

static const char * const fake_v1[] = { FAKE_DATA "tables/0001.sql", NULL };
static MgGame fake_games[2] = {
  { .rules = &fake_rules, .table_names = fake_table_names, .table_migrations = fake_v1, .engine_revision = 1 },
  { .rules = &fake_rules, .table_names = fake_table_names, .table_migrations = fake_migrations, .engine_revision = 1 },
};

void
mg_fake_set_revision (guint revision)
{
  g_return_if_fail (revision == 1 || revision == 2);
  fake_revision = revision;
  for (guint i = 0; i < G_N_ELEMENTS (fake_games); i++)
    fake_games[i].engine_revision = revision;
}

const MgGame *
mg_fake_game (guint tables_version)
{
  const MgGame *games = fake_games;

  mg_data_add (mg_fake_game_data);
  g_return_val_if_fail (tables_version == 1 || tables_version == 2, NULL);
  return &games[tables_version - 1];
}
