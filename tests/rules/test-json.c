/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json.c — the JSON readers: paths, the two message styles, strict types. */
#include "config.h"

#include <string.h>

#include "mg-json.h"
#include "mg-rules.h"

#define FILE_ERR   mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define ACTION_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)

static void
test_paths (void)
{
  g_autofree char *a = mg_json_path_key ("$", "faces");
  g_autofree char *b = mg_json_path_index (a, 2);
  g_autofree char *c = mg_json_path_key (b, "weight");
  g_autofree char *d = mg_json_path_key (NULL, "meeple");
  g_autofree char *e = mg_json_path_key ("", "meeple");

  g_assert_cmpstr (c, ==, "$.faces[2].weight");
  g_assert_cmpstr (d, ==, "meeple");
  g_assert_cmpstr (e, ==, "meeple");
}

static void
test_describe (void)
{
  static const struct { const char *json; const char *text; } cases[] = {
    { "\"x\"", "\"x\"" }, { "3", "3" }, { "2.5", "2.5" }, { "true", "true" },
    { "[1]", "a list" }, { "{}", "an object" },
    { "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"", "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(json_object) v = json_tokener_parse (cases[i].json);
      g_autofree char *text = mg_json_describe (v);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
  g_autofree char *none = mg_json_describe (NULL);
  g_assert_cmpstr (none, ==, "nothing");

  /* Bytes that are not UTF-8 (the fuzzer's "roll\xc1\xc1…" as an action's type) are described
   * as U+FFFD, cut like any long string: the message stays text. */
  {
    g_autoptr(GString) bad = g_string_new ("roll");
    g_autoptr(GString) want = g_string_new ("\"roll");
    g_autofree char *text = NULL;
    json_object *v;

    for (guint i = 0; i < 60; i++)
      g_string_append_c (bad, '\xc1');
    for (guint i = 0; i < 36; i++)
      g_string_append (want, "\xef\xbf\xbd");
    g_string_append (want, "…\"");
    v = json_object_new_string_len (bad->str, (int) bad->len);
    text = mg_json_describe (v);
    json_object_put (v);
    g_assert_true (g_utf8_validate (text, -1, NULL));
    g_assert_cmpstr (text, ==, want->str);
  }
}

static void
check_int (const char *obj_text, const char *path, const char *key, MgJsonErr kind,
           gint64 min, gint64 max, const char *message)
{
  g_autoptr(json_object) obj = json_tokener_parse (obj_text);
  g_autoptr(GError) error = NULL;
  gint64 out = -99;

  g_assert_false (mg_json_get_int (obj, path, key, kind, min, max, &out, &error));
  g_assert_error (error, kind.domain, kind.code);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpint (out, ==, -99);
}

static void
test_int (void)
{
  g_autoptr(json_object) obj = json_tokener_parse ("{\"n\":5}");
  g_autoptr(GError) error = NULL;
  gint64 out = 0;
  guint u = 0;

  g_assert_true (mg_json_get_int (obj, "$", "n", FILE_ERR, 0, 8, &out, &error));
  g_assert_cmpint (out, ==, 5);
  g_assert_true (mg_json_get_uint (obj, "$", "n", FILE_ERR, 5, 5, &u, &error));
  g_assert_cmpuint (u, ==, 5);

  check_int ("{\"n\":\"x\"}", "$.actions_by_casualties", "n", FILE_ERR, 0, 8,
             "$.actions_by_casualties.n: expected an integer from 0 to 8, got \"x\"");
  check_int ("{\"n\":9}", "$", "n", FILE_ERR, 0, 8, "$.n: expected an integer from 0 to 8, got 9");
  check_int ("{\"n\":3.0}", "$", "n", FILE_ERR, 0, 8, "$.n: expected an integer from 0 to 8, got 3.0");
  check_int ("{\"n\":true}", "$", "n", FILE_ERR, 0, 8, "$.n: expected an integer from 0 to 8, got true");
  check_int ("{\"n\":null}", "$", "n", FILE_ERR, 0, 8, "$.n: missing, expected an integer from 0 to 8");
  check_int ("{}", "$", "n", FILE_ERR, 1, G_MAXINT64, "$.n: missing, expected an integer of at least 1");
  check_int ("{\"n\":2}", "$", "n", FILE_ERR, 3, 3, "$.n: expected the integer 3, got 2");
  /* Action style: the field's name for a referee. */
  check_int ("{\"meeple\":\"x\"}", NULL, "meeple", ACTION_ERR, 0, 6,
             "\"meeple\" must be an integer from 0 to 6, got \"x\"");
  check_int ("{}", NULL, "meeple", ACTION_ERR, 0, 6, "\"meeple\" is missing: it must be an integer from 0 to 6");
  check_int ("[1]", NULL, "meeple", ACTION_ERR, 0, 6, "\"meeple\" is missing: it must be an integer from 0 to 6");
}

static void
test_other_kinds (void)
{
  g_autoptr(json_object) obj = json_tokener_parse (
    "{\"s\":\"kick\",\"e\":\"\",\"b\":false,\"a\":[1,2,3],\"o\":{},\"n\":1}");
  static const char * const faces[] = { "sweep", "kick", "punch", NULL };
  g_autoptr(GError) error = NULL;
  const char *s = NULL;
  guint choice = 9;
  gboolean b = TRUE;

  g_assert_true (mg_json_get_string (obj, "$", "s", FILE_ERR, &s, &error));
  g_assert_cmpstr (s, ==, "kick");
  g_assert_true (mg_json_get_choice (obj, "$", "s", FILE_ERR, faces, &choice, &error));
  g_assert_cmpuint (choice, ==, 1);
  g_assert_true (mg_json_get_bool (obj, "$", "b", FILE_ERR, &b, &error));
  g_assert_false (b);
  g_assert_nonnull (mg_json_get_array (obj, "$", "a", FILE_ERR, 3, 3, &error));
  g_assert_nonnull (mg_json_get_object (obj, "$", "o", FILE_ERR, &error));
  g_assert_no_error (error);

  g_assert_false (mg_json_get_string (obj, "$", "e", FILE_ERR, &s, &error));
  g_assert_cmpstr (error->message, ==, "$.e: expected a non-empty text, got \"\"");
  g_clear_error (&error);
  g_assert_false (mg_json_get_choice (obj, NULL, "n", ACTION_ERR, faces, &choice, &error));
  g_assert_cmpstr (error->message, ==, "\"n\" must be one of \"sweep\", \"kick\", \"punch\", got 1");
  g_clear_error (&error);
  g_assert_false (mg_json_get_bool (obj, "$", "n", FILE_ERR, &b, &error));
  g_assert_cmpstr (error->message, ==, "$.n: expected true or false, got 1");
  g_clear_error (&error);
  g_assert_null (mg_json_get_array (obj, "$", "a", FILE_ERR, 6, 6, &error));
  g_assert_cmpstr (error->message, ==, "$.a: expected a list of 6, got 3 items");
  g_clear_error (&error);
  g_assert_null (mg_json_get_array (obj, NULL, "a", ACTION_ERR, 4, 8, &error));
  g_assert_cmpstr (error->message, ==, "\"a\" must be a list of 4 to 8, got 3 items");
  g_clear_error (&error);
  g_assert_null (mg_json_get_array (obj, "$", "o", FILE_ERR, 0, 8, &error));
  g_assert_cmpstr (error->message, ==, "$.o: expected a list, got an object");
  g_clear_error (&error);
  g_assert_null (mg_json_get_object (obj, "$", "a", FILE_ERR, &error));
  g_assert_cmpstr (error->message, ==, "$.a: expected an object, got a list");
}

static void
test_only (void)
{
  g_autoptr(json_object) obj = json_tokener_parse ("{\"id\":1,\"weigth\":2}");
  static const char * const known[] = { "id", "weight", NULL };
  static const char * const all[] = { "id", "weigth", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_json_only (obj, "$.faces[0]", FILE_ERR, all, &error));
  g_assert_false (mg_json_only (obj, "$.faces[0]", FILE_ERR, known, &error));
  g_assert_cmpstr (error->message, ==, "$.faces[0]: unknown field \"weigth\"");
  g_clear_error (&error);
  g_assert_false (mg_json_only (obj, NULL, ACTION_ERR, known, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
  g_assert_cmpstr (error->message, ==, "unknown field \"weigth\"");
}

/* An optional member: absent keeps the default; present, it is read and checked as a required one. */
static void
test_optional (void)
{
  g_autoptr(json_object) obj = json_tokener_parse ("{\"hexes\":3,\"aloft\":\"yes\",\"far\":99}");
  g_autoptr(GError) error = NULL;
  gboolean aloft = TRUE, flying = TRUE;
  gint hexes = 1, megahexes = 7;

  g_assert_true (mg_json_opt_gint (obj, "$", "megahexes", FILE_ERR, 0, 10, &megahexes, &error));
  g_assert_cmpint (megahexes, ==, 7);
  g_assert_true (mg_json_opt_gint (obj, "$", "hexes", FILE_ERR, 0, 10, &hexes, &error));
  g_assert_cmpint (hexes, ==, 3);
  g_assert_true (mg_json_opt_bool (obj, NULL, "flying", ACTION_ERR, &flying, &error));
  g_assert_true (flying);
  g_assert_false (mg_json_opt_bool (obj, NULL, "aloft", ACTION_ERR, &aloft, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
  g_assert_true (aloft);
  g_clear_error (&error);
  g_assert_false (mg_json_opt_gint (obj, "$", "far", FILE_ERR, 0, 10, &hexes, &error));
  g_assert_nonnull (strstr (error->message, "$.far"));
  g_assert_cmpint (hexes, ==, 3);
}

/* A ruleset's header names its game and only known members; its notes are strings. */
static void
test_ruleset_header (void)
{
  static const char * const known[] = { "game", "name", "notes", NULL };
  g_autoptr(json_object) good = json_tokener_parse ("{\"game\":\"meeple\",\"notes\":{\"why\":\"text\"}}");
  g_autoptr(json_object) other = json_tokener_parse ("{\"game\":\"tft\"}");
  g_autoptr(json_object) typo = json_tokener_parse ("{\"game\":\"meeple\",\"nmae\":\"x\"}");
  g_autoptr(json_object) notes = json_tokener_parse ("{\"game\":\"meeple\",\"notes\":{\"why\":3}}");
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_json_ruleset_header (good, "meeple", FILE_ERR, known, &error));
  g_assert_true (mg_json_ruleset_notes (good, FILE_ERR, &error));
  g_assert_true (mg_json_ruleset_notes (other, FILE_ERR, &error));
  g_assert_false (mg_json_ruleset_header (other, "meeple", FILE_ERR, known, &error));
  g_assert_nonnull (strstr (error->message, "$.game"));
  g_clear_error (&error);
  g_assert_false (mg_json_ruleset_header (typo, "meeple", FILE_ERR, known, &error));
  g_assert_nonnull (strstr (error->message, "\"nmae\""));
  g_clear_error (&error);
  g_assert_false (mg_json_ruleset_notes (notes, FILE_ERR, &error));
  g_assert_nonnull (strstr (error->message, "$.notes.why"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json/paths", test_paths);
  g_test_add_func ("/json/describe", test_describe);
  g_test_add_func ("/json/int", test_int);
  g_test_add_func ("/json/other-kinds", test_other_kinds);
  g_test_add_func ("/json/only", test_only);
  g_test_add_func ("/json/optional", test_optional);
  g_test_add_func ("/json/ruleset-header", test_ruleset_header);
  return g_test_run ();
}
