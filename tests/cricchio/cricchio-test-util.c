/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cricchio-test-util.c — Cricchio tests: the shipped ruleset, positions built by hand, playing moves. */
#include <string.h>

#include "cricchio-test-util.h"
#include "mg-cricchio.h"

/* Players are named after their side's colour: 2 players sit South and North (Black, Red). */
static const char * const names[5][4] = { { NULL }, { "Black" }, { "Black", "Red" }, { "Black", "Blue", "Red" },
                                          { "Black", "Blue", "Red", "White" } };

json_object *
ch_test_ruleset (const char *variant)
{
  const char *root = g_getenv ("MG_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : ".", "data", "rulesets", "cricchio.json", NULL);
  json_object *rs = json_object_from_file (path);

  g_assert_nonnull (rs);
  if (variant)
    json_object_object_add (rs, "variant", json_object_new_string (variant));
  return rs;
}

MgState *
ch_test_new (const char *variant, guint n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) rs = ch_test_ruleset (variant);
  const char *players[5] = { NULL };
  MgState *st;

  for (guint i = 0; i < n; i++)
    players[i] = names[n][i];
  st = mg_rules_lookup ("cricchio")->new_state (rs, players, &error);
  g_assert_no_error (error);
  return st;
}

MgState *
ch_test_position (const char *variant, guint n, const char *to_move, const char *pieces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) rs = ch_test_ruleset (variant);
  MgState *st = ch_test_new (variant, n);
  json_object *js = mg_state_to_json (st);
  json_object *list = json_object_new_array ();
  g_auto(GStrv) items = g_strsplit (pieces, ",", -1);
  MgState *out;

  for (guint i = 0; items[i]; i++)
    {
      g_auto(GStrv) w = g_strsplit (g_strstrip (items[i]), " ", -1);
      json_object *p = json_object_new_object ();
      g_assert_cmpuint (g_strv_length (w), >=, 3);
      json_object_object_add (p, "at", json_object_new_string (w[2]));
      json_object_object_add (p, "kind", json_object_new_string (w[1]));
      json_object_object_add (p, "owner", json_object_new_string (w[0]));
      for (guint k = 3; w[k]; k++)
        if (strcmp (w[k], "moved") == 0)
          json_object_object_add (p, "moved", json_object_new_boolean (TRUE));
        else if (strcmp (w[k], "ctrl") == 0 && w[k + 1])
          {
            json_object_object_add (p, "ctrl", json_object_new_string (w[k + 1]));
            k++;
          }
      json_object_array_add (list, p);
    }
  json_object_object_add (js, "pieces", list);
  json_object_object_add (js, "to_move", json_object_new_string (to_move));
  if (json_object_object_get_ex (js, "phase", NULL) && strcmp (json_object_get_string (mg_json_member (js, "phase")), "mines") == 0)
    json_object_object_add (js, "phase", json_object_new_string ("move"));
  out = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_no_error (error);
  json_object_put (js);
  mg_state_free (st);
  return out;
}

static gint
cmp_sq (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char **) a, *y = *(const char **) b;
  if (x[0] != y[0])
    return x[0] - y[0];
  return atoi (x + 1) - atoi (y + 1);
}

char *
ch_dests (MgState *st, const char *square)
{
  g_auto(GStrv) d = mg_chess_destinations (st, square);
  guint n = g_strv_length (d);

  qsort (d, n, sizeof (char *), cmp_sq);
  return g_strjoinv (" ", d);
}

guint
ch_n_dests (MgState *st, const char *square)
{
  g_auto(GStrv) d = mg_chess_destinations (st, square);
  return g_strv_length (d);
}

const char *
ch_phase (MgState *st)
{
  static char buf[16];
  g_autoptr(json_object) p = mg_state_pending (st);
  g_strlcpy (buf, json_object_get_string (mg_json_member (p, "phase")), sizeof buf);
  return buf;
}
