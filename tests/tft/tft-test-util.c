/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tft-test-util.c — helpers shared by the TFT Melee engine tests. */
#include "config.h"

#include "tft-test-util.h"

json_object *
tft_test_ruleset (void)
{
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (MG_TFT_RULESET, &text, NULL, NULL));
  return json_tokener_parse (text);
}

MgState *
tft_test_new_state_with (json_object *rs)
{
  const char *players[] = { "Ann", "Bob", NULL };
  g_autoptr(GError) error = NULL;
  MgState *st = mg_tft_rules ()->new_state (rs, players, &error);
  g_assert_no_error (error);
  return st;
}

MgState *
tft_test_new_state (void)
{
  g_autoptr(json_object) rs = tft_test_ruleset ();
  return tft_test_new_state_with (rs);
}

/* Applies one action with the dice listed; asserts success; returns its events (and summary). */
static json_object *
apply_ok (MgState *st, const char *text, const guint *dice, guint n, char **summary)
{
  g_autoptr(json_object) a = json_tokener_parse (text);
  g_autoptr(MgDice) d = mg_dice_new_typed (dice, n);
  g_autoptr(GError) error = NULL;
  json_object *events;

  g_assert_nonnull (a);
  events = mg_state_apply (st, a, d, summary, &error);
  if (error)
    g_error ("%s: %s", text, error->message);
  /* the two tie dice of attack_dx() go unused when nobody ties */
  g_assert_true (mg_dice_remaining (d) == 0 || (n == 2 && strstr (text, "attacks")));
  return events;
}

json_object *
tft_test_events (MgState *st, const char *text, const guint *dice, guint n)
{
  return apply_ok (st, text, dice, n, NULL);
}

/* The same, returning the summary sentence. */
char *
tft_test_play (MgState *st, const char *text, const guint *dice, guint n)
{
  char *summary = NULL;
  json_object_put (apply_ok (st, text, dice, n, &summary));
  return summary;
}

/* Refused with `code`, state unchanged. */
void
tft_test_refuse (MgState *st, const char *text, gint code, const char *fragment)
{
  g_autoptr(json_object) a = json_tokener_parse (text);
  g_autoptr(json_object) before = mg_state_to_json (st);
  g_autoptr(json_object) after = NULL;
  g_autoptr(MgDice) d = mg_dice_new_seeded (7);
  g_autoptr(GError) error = NULL;
  json_object *events = mg_state_apply (st, a, d, NULL, &error);

  g_assert_null (events);
  g_assert_error (error, MG_RULES_ERROR, code);
  if (fragment && !strstr (error->message, fragment))
    g_error ("\"%s\" does not say \"%s\"", error->message, fragment);
  after = mg_state_to_json (st);
  g_assert_cmpstr (json_object_to_json_string (before), ==, json_object_to_json_string (after));
}

json_object *
tft_test_find_named (json_object *list, const char *name)
{
  for (guint i = 0; i < json_object_array_length (list); i++)
    {
      json_object *o = json_object_array_get_idx (list, i);
      if (strcmp (json_object_get_string (json_object_object_get (o, "name")), name) == 0)
        return o;
    }
  g_error ("no %s", name);
  return NULL;
}

gint
tft_test_iget (json_object *o, const char *key)
{
  return json_object_get_int (json_object_object_get (o, key));
}

gint
tft_test_fig_int (MgState *st, const char *name, const char *key)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  json_object *fight = json_object_object_get (j, "fight");
  return tft_test_iget (tft_test_find_named (json_object_object_get (fight, "figures"), name), key);
}

/* A fighter's member as JSON text ("null" when absent), copied into buf. */
const char *
tft_test_fig_str (MgState *st, const char *name, const char *key, char *buf, gsize len)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  json_object *fight = json_object_object_get (j, "fight");
  json_object *v = json_object_object_get (tft_test_find_named (json_object_object_get (fight, "figures"), name), key);
  g_strlcpy (buf, json_object_is_type (v, json_type_string) ? json_object_get_string (v)
                                                            : json_object_to_json_string_ext (v, JSON_C_TO_STRING_PLAIN), len);
  return buf;
}

gint
tft_test_roster_int (MgState *st, const char *name, const char *key)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  return tft_test_iget (tft_test_find_named (json_object_object_get (j, "roster"), name), key);
}

/* Two humans A and B (ST 12, DX 12 unless the gear says otherwise) in a fight of `kind`. */
MgState *
tft_test_duel_state (const char *kind, const char *a_gear, const char *b_gear)
{
  MgState *st = tft_test_new_state ();
  g_autofree char *a = g_strdup_printf ("{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12%s}", a_gear);
  g_autofree char *b = g_strdup_printf ("{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12%s}", b_gear);
  g_autofree char *f = g_strdup_printf ("{\"type\":\"start_fight\",\"kind\":\"%s\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}", kind);
  PLAY (st, a);
  PLAY (st, b);
  PLAY (st, f);
  return st;
}

/* Applies `action` and returns (a new reference to) its last event of `type`, or NULL. */
json_object *
tft_test_last_event (MgState *st, const char *action, const guint *dice, guint n, const char *type)
{
  json_object *events = tft_test_events (st, action, dice, n), *found = NULL;

  for (guint i = 0; i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      if (strcmp (json_object_get_string (json_object_object_get (e, "type")), type) == 0)
        {
          json_object_put (found);
          found = json_object_get (e);
        }
    }
  json_object_put (events);
  return found;
}

/* mg_tft_attack_odds() of an attack given as text (the caller keeps no reference to it). */
json_object *
tft_test_odds (MgState *st, const char *attack, GError **error)
{
  g_autoptr(json_object) a = json_tokener_parse (attack);
  g_assert_nonnull (a);
  return mg_tft_attack_odds (st, a, error);
}
