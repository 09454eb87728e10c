/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mecaknights-test-util.c — MecaKnights tests: the shipped ruleset, playing actions, refusals that change nothing. */
#include <string.h>
#include <stdlib.h>

#include "mecaknights-test-util.h"

json_object *
mk_test_ruleset (void)
{
  const char *root = g_getenv ("MG_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : ".", "data", "rulesets", "mecaknights.json", NULL);
  json_object *rs = json_object_from_file (path);

  g_assert_nonnull (rs);
  return rs;
}

json_object *
mk_test_sample_map (void)
{
  const char *root = g_getenv ("MG_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : ".", "data", "samples", "mecaknights-map.json", NULL);
  json_object *map = json_object_from_file (path);

  g_assert_nonnull (map);
  return map;
}

MgState *
mk_test_new (json_object *ruleset, gboolean start)
{
  static const char * const players[] = { "Red", "Blue", "Green", NULL };
  g_autoptr(GError) error = NULL;
  const MgRules *rules = mg_rules_lookup ("mecaknights");
  MgState *st;

  g_assert_nonnull (rules);
  st = rules->new_state (ruleset, players, &error);
  g_assert_no_error (error);
  /* A new campaign starts from an empty map: the GM imports the sample one, as the sample does. */
  {
    json_object *map = mk_test_sample_map ();
    g_autofree char *action = g_strdup_printf ("{\"type\":\"import_map\",\"map\":%s}", json_object_to_json_string (map));
    json_object_put (map);
    json_object_put (mg_test_play (st, NULL, action, NULL));
  }
  if (start)
    json_object_put (mg_test_play (st, NULL, "{\"type\":\"start\"}", NULL));
  return st;
}

static json_object *
walk (json_object *obj, const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  for (char **p = parts; *p && obj; p++)
    {
      json_object *next = NULL;
      if (json_object_is_type (obj, json_type_array))
        next = json_object_array_get_idx (obj, atoi (*p));
      else
        json_object_object_get_ex (obj, *p, &next);
      obj = next;
    }
  return obj;
}

static json_object *cached;

gint64
mk_int (MgState *st, const char *path)
{
  json_object *v;
  g_clear_pointer (&cached, json_object_put);
  cached = mg_state_view (st, MG_SEAT_PUBLIC);
  v = walk (cached, path);
  if (v == NULL)
    g_error ("no %s in the view", path);
  return json_object_get_int64 (v);
}

const char *
mk_str (MgState *st, const char *path)
{
  json_object *v;
  g_clear_pointer (&cached, json_object_put);
  cached = mg_state_view (st, MG_SEAT_PUBLIC);
  v = walk (cached, path);
  return v ? json_object_get_string (v) : NULL;
}

guint
mk_len (MgState *st, const char *path)
{
  json_object *v;
  g_clear_pointer (&cached, json_object_put);
  cached = mg_state_view (st, MG_SEAT_PUBLIC);
  v = walk (cached, path);
  g_assert_true (json_object_is_type (v, json_type_array));
  return json_object_array_length (v);
}

MgState *
mk_with (MgState *st, json_object *ruleset, const char *members)
{
  g_autoptr(GError) error = NULL;
  json_object *json = mg_state_to_json (st);
  json_object *m = json_tokener_parse (members);
  MgState *out;

  g_assert_nonnull (m);
  json_object_object_foreach (m, key, val)
    json_object_object_add (json, key, json_object_get (val));
  out = st->rules->from_json (ruleset, json, &error);
  g_assert_no_error (error);
  json_object_put (m);
  json_object_put (json);
  mg_state_free (st);
  return out;
}

char *
mk_purse (MgState *st, const char *name)
{
  json_object *view = mg_state_view (st, MG_SEAT_PUBLIC), *leaders = walk (view, "leaders");
  char *out = NULL;

  for (guint i = 0; i < json_object_array_length (leaders); i++)
    {
      json_object *l = json_object_array_get_idx (leaders, i);
      if (strcmp (json_object_get_string (walk (l, "name")), name) == 0)
        out = g_strdup_printf ("%d/%d/%d/%d/%d", json_object_get_int (walk (l, "gp")),
                               json_object_get_int (walk (l, "wood")), json_object_get_int (walk (l, "stone")),
                               json_object_get_int (walk (l, "food")), json_object_get_int (walk (l, "iron")));
    }
  json_object_put (view);
  g_assert_nonnull (out);
  return out;
}
