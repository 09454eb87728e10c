/* SPDX-License-Identifier: GPL-3.0-or-later */
/* meeple-test-helpers.c — playing Meeple Melee actions in tests with typed dice. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "meeple-test-helpers.h"

json_object *
mt_ruleset (void)
{
  json_object *rs = json_object_from_file (MG_TEST_RULESET);
  g_assert_nonnull (rs);
  return rs;
}

MgState *
mt_new_game (json_object *ruleset)
{
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(json_object) own = ruleset ? json_object_get (ruleset) : mt_ruleset ();
  g_autoptr(GError) error = NULL;
  MgState *state = mg_meeple_rules ()->new_state (own, players, &error);

  g_assert_no_error (error);
  g_assert_nonnull (state);
  return state;
}

MgState *
mt_from_json (json_object *ruleset, const char *state_json)
{
  g_autoptr(json_object) own = ruleset ? json_object_get (ruleset) : mt_ruleset ();
  g_autoptr(json_object) json = json_tokener_parse (state_json);
  g_autoptr(GError) error = NULL;
  MgState *state;

  g_assert_nonnull (json);
  state = mg_meeple_rules ()->from_json (own, json, &error);
  g_assert_no_error (error);
  return state;
}

char *
mt_state_string (const MgState *state)
{
  g_autoptr(json_object) json = mg_state_to_json (state);
  return g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN));
}

json_object *
mt_get (json_object *o, const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);

  for (guint i = 0; parts[i] != NULL && o != NULL; i++)
    {
      if (json_object_is_type (o, json_type_array))
        o = json_object_array_get_idx (o, (gsize) atoi (parts[i]));
      else if (!json_object_object_get_ex (o, parts[i], &o))
        o = NULL;
    }
  return o;
}

gint64
mt_get_int (json_object *o, const char *path)
{
  json_object *v = mt_get (o, path);
  if (!json_object_is_type (v, json_type_int))
    g_error ("%s is not an integer in %s", path, json_object_to_json_string (o));
  return json_object_get_int64 (v);
}

const char *
mt_get_string (json_object *o, const char *path)
{
  json_object *v = mt_get (o, path);
  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

json_object *
mt_apply (MgState *state, const char *action, const char *dice, char **summary, GError **error)
{
  g_autoptr(json_object) act = json_tokener_parse (action);
  g_autoptr(json_object) dice_json = json_tokener_parse (dice ? dice : "[]");
  g_autoptr(MgDice) source = NULL;
  json_object *events;

  g_assert_nonnull (dice_json);
  source = mg_dice_new_from_json (dice_json, error);
  g_assert_nonnull (source);
  /* An action text that does not parse reaches the engine as NULL, like a bad JSON line would. */
  events = mg_state_apply (state, act, source, summary, error);
  if (events != NULL)
    g_assert_cmpuint (mg_dice_remaining (source), ==, 0);
  return events;
}

json_object *
mt_ok (MgState *state, const char *action, const char *dice, char **summary)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sum = NULL;
  json_object *events = mt_apply (state, action, dice, &sum, &error);

  g_assert_no_error (error);
  g_assert_nonnull (events);
  g_assert_nonnull (sum);
  if (summary != NULL)
    *summary = g_steal_pointer (&sum);
  return events;
}

void
mt_refused (MgState *state, const char *action, const char *dice, GQuark domain, gint code, const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) verror = NULL;
  g_autofree char *before = mt_state_string (state);
  g_autofree char *after = NULL;
  g_autoptr(json_object) act = json_tokener_parse (action);
  json_object *events;

  events = mt_apply (state, action, dice, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, domain, code);
  if (part != NULL && strstr (error->message, part) == NULL)
    g_error ("refusal \"%s\" does not contain \"%s\"", error->message, part);
  after = mt_state_string (state);
  g_assert_cmpstr (before, ==, after);

  /* validate() agrees when the refusal is about the action, not the dice. */
  if (domain == MG_RULES_ERROR)
    {
      g_assert_false (mg_state_validate (state, act, &verror));
      g_assert_error (verror, domain, code);
      g_assert_cmpstr (verror->message, ==, error->message);
    }
}

char *
mt_dice (guint s, guint k, guint p, guint total)
{
  g_autoptr(GString) out = g_string_new ("[");

  for (guint i = 0; i < total; i++)
    {
      guint v = i < s ? S : i < s + k ? K : i < s + k + p ? P : K;
      g_string_append_printf (out, "%s%u", i ? "," : "", v);
    }
  g_string_append_c (out, ']');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
roll_and_pick (MgState *state, const char *who, guint s, guint k, guint p, char **summary)
{
  g_autoptr(json_object) view = mg_state_to_json (state);
  guint idx = strcmp (who, "Red") == 0 ? 0 : 1;
  g_autofree char *path = g_strdup_printf ("players/%u/to_roll", idx);
  g_autofree char *dice = mt_dice (s, k, p, (guint) mt_get_int (view, path));
  g_autofree char *roll = g_strdup_printf ("{\"type\":\"roll\",\"player\":\"%s\"}", who);
  g_autofree char *pick = g_strdup_printf ("{\"type\":\"pick\",\"player\":\"%s\",\"sweep\":%u,\"kick\":%u,\"punch\":%u}",
                                           who, s, k, p);
  json_object_put (mt_ok (state, roll, dice, NULL));
  json_object_put (mt_ok (state, pick, NULL, summary));
}

char *
mt_battle (MgState *state, guint rs, guint rk, guint rp, guint bs, guint bk, guint bp)
{
  char *summary = NULL;

  roll_and_pick (state, "Red", rs, rk, rp, NULL);
  roll_and_pick (state, "Blue", bs, bk, bp, &summary);
  return summary;
}
