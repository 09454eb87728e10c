/* mg-fake-engine.c — a tiny engine ("fake") so the core tests do not depend on a real game. */
#include "mg-fake-engine.h"

#include <string.h>

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

static gboolean
fake_validate (const MgState *state, json_object *action, GError **error)
{
  const char *type = mg_action_type (action);
  gint64 v;

  if (g_strcmp0 (type, "roll") == 0)
    return read_int (action, "n", 0, 10, 1, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION, "", &v, error);
  if (g_strcmp0 (type, "add") == 0)
    {
      if (!read_int (action, "value", G_MININT32, G_MAXINT32, G_MININT64, MG_RULES_ERROR,
                     MG_RULES_ERROR_BAD_ACTION, "", &v, error))
        return FALSE;
      if (v < 0)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, "The total never goes down");
          return FALSE;
        }
      return TRUE;
    }
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION, "Unknown action");
  return FALSE;
}

static json_object *
fake_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  FakeState *s = (FakeState *) state;
  json_object *events = json_object_new_array ();
  json_object *ev = json_object_new_object ();
  gint64 v = 0;

  if (!fake_validate (state, action, error))
    {
      json_object_put (events);
      json_object_put (ev);
      return NULL;
    }
  if (g_strcmp0 (mg_action_type (action), "roll") == 0)
    {
      guint out[10];
      json_object *vals = json_object_new_array ();

      read_int (action, "n", 0, 10, 1, 0, 0, "", &v, NULL);
      if (!mg_dice_roll (dice, (guint) v, s->sides, NULL, out, error))
        {
          json_object_put (vals);
          json_object_put (events);
          json_object_put (ev);
          return NULL;
        }
      for (guint i = 0; i < v; i++)
        {
          gint64 x = out[i];
          s->total += x;
          g_array_append_val (s->values, x);
          json_object_array_add (vals, json_object_new_int64 (x));
        }
      json_object_object_add (ev, "type", json_object_new_string ("rolled"));
      json_object_object_add (ev, "values", vals);
      *summary = g_strdup_printf ("Rolled %" G_GINT64_FORMAT " dice.", v);
    }
  else
    {
      read_int (action, "value", G_MININT32, G_MAXINT32, 0, 0, 0, "", &v, NULL);
      s->total += v;
      g_array_append_val (s->values, v);
      json_object_object_add (ev, "type", json_object_new_string ("added"));
      json_object_object_add (ev, "value", json_object_new_int64 (v));
      *summary = g_strdup_printf ("Added %" G_GINT64_FORMAT ".", v);
    }
  s->actions++;
  json_object_array_add (events, ev);
  return events;
}

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
  .validate = fake_validate,
  .apply = fake_apply,
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

const MgGame *
mg_fake_game (guint tables_version)
{
  static const char * const v1[] = { FAKE_DATA "tables/0001.sql", NULL };
  static const MgGame games[2] = {
    { .rules = &fake_rules, .table_names = fake_table_names, .table_migrations = v1 },
    { .rules = &fake_rules, .table_names = fake_table_names, .table_migrations = fake_migrations },
  };

  mg_data_add (mg_fake_game_data);
  g_return_val_if_fail (tables_version == 1 || tables_version == 2, NULL);
  return &games[tables_version - 1];
}
