/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-test-util.c — see engine-test-util.h. */
#include <string.h>
#include <glib.h>
#include "engine-test-util.h"

json_object *
mg_test_play (MgState *st, MgDice *dice, const char *json, char **summary)
{
  g_autoptr(GError) error = NULL;
  json_object *action = json_tokener_parse (json);
  json_object *events;
  char *text = NULL;

  g_assert_nonnull (action);
  events = mg_state_apply (st, action, dice, &text, &error);
  json_object_put (action);
  if (error)
    g_test_message ("refused: %s -> %s", json, error->message);
  g_assert_no_error (error);
  g_assert_nonnull (events);
  g_test_message ("%s", text);
  if (summary)
    *summary = text;
  else
    g_free (text);
  return events;
}

void
mg_test_refuse (MgState *st, MgDice *dice, const char *json, gint code, const char *needle)
{
  g_autoptr(GError) error = NULL;
  json_object *action = json_tokener_parse (json);
  json_object *events, *after = mg_state_to_json (st);
  g_autofree char *before = g_strdup (json_object_to_json_string (after));

  json_object_put (after);
  if (action == NULL)   /* not JSON at all: the engine is handed a string */
    action = json_object_new_string (json);
  g_assert_false (mg_state_validate (st, action, NULL));
  events = mg_state_apply (st, action, dice, NULL, &error);
  json_object_put (action);
  g_assert_null (events);
  g_assert_nonnull (error);
  g_test_message ("refused as expected: %s", error->message);
  g_assert_error (error, MG_RULES_ERROR, code);
  if (needle && strstr (error->message, needle) == NULL)
    g_error ("\"%s\" not in \"%s\"", needle, error->message);
  after = mg_state_to_json (st);
  g_assert_cmpstr (before, ==, json_object_to_json_string (after));
  json_object_put (after);
}
