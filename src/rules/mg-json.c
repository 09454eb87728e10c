/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-json.c — reading json-c fields with GErrors that say where the bad field is. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-json.h"
#include "mg-rules.h"

char *
mg_json_path_key (const char *path, const char *key)
{
  if (path == NULL || *path == '\0')
    return g_strdup (key);
  return g_strconcat (path, ".", key, NULL);
}

char *
mg_json_path_index (const char *path, gsize index)
{
  return g_strdup_printf ("%s[%" G_GSIZE_FORMAT "]", path ? path : "", index);
}

/* Per thread, as engines may run off the main thread (the duel simulator, odds). */
static _Thread_local gboolean lazy_paths_on;

gboolean
mg_json_paths_on (void)
{
  return lazy_paths_on;
}

gboolean
mg_json_paths_begin (void)
{
  gboolean was = lazy_paths_on;
  lazy_paths_on = TRUE;
  return was;
}

void
mg_json_paths_end (gboolean was)
{
  lazy_paths_on = was;
}

char *
mg_json_lazy_key (const char *path, const char *key)
{
  return lazy_paths_on ? mg_json_path_key (path, key) : NULL;
}

char *
mg_json_lazy_index (const char *path, gsize index)
{
  return lazy_paths_on ? mg_json_path_index (path, index) : NULL;
}

char *
mg_json_describe (json_object *value)
{
  switch (json_object_get_type (value))
    {
    case json_type_null:
      return g_strdup (value ? "null" : _("nothing"));
    case json_type_boolean:
      return g_strdup (json_object_get_boolean (value) ? "true" : "false");
    case json_type_int:
    case json_type_double:
      return g_strdup (json_object_to_json_string_ext (value, JSON_C_TO_STRING_PLAIN));
    case json_type_string:
      {
        /* json-c takes any bytes in a string: what is not UTF-8 is shown as U+FFFD (a message
         * must be text, and the UTF-8 functions below read past the end of bad sequences). */
        g_autofree char *s = g_utf8_make_valid (json_object_get_string (value),
                                                json_object_get_string_len (value));
        /* Long strings are cut so a message stays one readable line. */
        if (g_utf8_strlen (s, -1) > 40)
          {
            g_autofree char *cut = g_utf8_substring (s, 0, 40);
            return g_strdup_printf ("\"%s…\"", cut);
          }
        return g_strdup_printf ("\"%s\"", s);
      }
    case json_type_array:
      return g_strdup (_("a list"));
    case json_type_object:
      return g_strdup (_("an object"));
    default:
      return g_strdup (_("something else"));
    }
}

/* The two message styles; `got` NULL means the field is missing. The field is named in the
 * error's fields too (mg_rules_error_get_field), for words chosen without reading the text. */
static void
set_error_words (GError **error, MgJsonErr kind, const char *path, const char *expected, const char *got,
                 gboolean empty)
{
  gboolean in_file = path != NULL && path[0] == '$';

  if (got == NULL && in_file)
    g_set_error (error, kind.domain, kind.code, _("%s: missing, expected %s"), path, expected);
  else if (got == NULL)
    g_set_error (error, kind.domain, kind.code, _("\"%s\" is missing: it must be %s"), path, expected);
  else if (in_file)
    g_set_error (error, kind.domain, kind.code, _("%s: expected %s, got %s"), path, expected, got);
  else
    g_set_error (error, kind.domain, kind.code, _("\"%s\" must be %s, got %s"), path, expected, got);
  if (error != NULL && *error != NULL && kind.domain == MG_RULES_ERROR)
    mg_rules_error_set_field (*error, &(MgRulesField) { path != NULL ? path : "", expected, got, empty });
}

void
mg_json_set_error (GError **error, MgJsonErr kind, const char *path, const char *expected, json_object *got)
{
  g_autofree char *desc = got ? mg_json_describe (got) : NULL;
  gboolean empty = (json_object_is_type (got, json_type_string) && json_object_get_string_len (got) == 0)
                   || (json_object_is_type (got, json_type_array) && json_object_array_length (got) == 0);

  set_error_words (error, kind, path, expected, desc, empty);
}

/* mg_json_set_error with what the field must be as a message (taken), kept on the error's field
 * so another language can say it (a phone's, src/server/mg-table-seat.c). */
static void
set_error_message (GError **error, MgJsonErr kind, const char *path, MgMessage *expected, json_object *got)
{
  g_autoptr(MgMessage) message = expected;
  g_autofree char *text = mg_message_to_string (message);
  MgRulesField field;

  mg_json_set_error (error, kind, path, text, got);
  if (error != NULL && *error != NULL && mg_rules_error_get_field (*error, &field))
    {
      field.expected_message = message;
      mg_rules_error_set_field (*error, &field);
    }
}

json_object *
mg_json_member (json_object *obj, const char *key)
{
  json_object *v = NULL;

  if (!json_object_is_type (obj, json_type_object))
    return NULL;
  if (!json_object_object_get_ex (obj, key, &v))
    return NULL;
  /* json-c represents JSON null as a NULL pointer: a null member reads as missing. */
  return v;
}

MgMessage *
mg_json_range_message (gint64 min, gint64 max)
{
  if (max == G_MAXINT64)
    return mg_message_new (N_("an integer of at least %lld"), (long long) min);
  if (min == max)
    return mg_message_new (N_("the integer %lld"), (long long) min);
  return mg_message_new (N_("an integer from %lld to %lld"), (long long) min, (long long) max);
}

static char *
describe_range (gint64 min, gint64 max)
{
  g_autoptr(MgMessage) range = mg_json_range_message (min, max);

  return mg_message_to_string (range);
}

gboolean
mg_json_int (json_object *value, const char *path, MgJsonErr kind,
             gint64 min, gint64 max, gint64 *out, GError **error)
{
  /* json-c reads 3.0 as a double and "3" as a string: both are refused, so a file says what it means. */
  if (!json_object_is_type (value, json_type_int) ||
      json_object_get_int64 (value) < min || json_object_get_int64 (value) > max)
    {
      g_autofree char *want = describe_range (min, max);
      MgRulesField field;

      mg_json_set_error (error, kind, path, want, value);
      if (error != NULL && mg_rules_error_get_field (*error, &field))
        {
          field.ranged = TRUE;
          field.min = min;
          field.max = max;
          mg_rules_error_set_field (*error, &field);
        }
      return FALSE;
    }
  *out = json_object_get_int64 (value);
  return TRUE;
}

gboolean
mg_json_uint (json_object *value, const char *path, MgJsonErr kind,
              guint min, guint max, guint *out, GError **error)
{
  gint64 v;

  if (!mg_json_int (value, path, kind, min, max, &v, error))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

gboolean
mg_json_bool (json_object *value, const char *path, MgJsonErr kind, gboolean *out, GError **error)
{
  if (!json_object_is_type (value, json_type_boolean))
    {
      set_error_message (error, kind, path, mg_message_new (N_("true or false")), value);
      return FALSE;
    }
  *out = json_object_get_boolean (value);
  return TRUE;
}

gboolean
mg_json_string (json_object *value, const char *path, MgJsonErr kind, const char **out, GError **error)
{
  if (!json_object_is_type (value, json_type_string) || json_object_get_string_len (value) == 0)
    {
      set_error_message (error, kind, path, mg_message_new (N_("a non-empty text")), value);
      return FALSE;
    }
  *out = json_object_get_string (value);
  return TRUE;
}

gboolean
mg_json_choice (json_object *value, const char *path, MgJsonErr kind,
                const char * const *choices, guint *out, GError **error)
{
  if (json_object_is_type (value, json_type_string))
    {
      const char *s = json_object_get_string (value);
      for (guint i = 0; choices[i] != NULL; i++)
        if (strcmp (s, choices[i]) == 0)
          {
            *out = i;
            return TRUE;
          }
    }

  g_autoptr(GString) want = g_string_new (NULL);
  for (guint i = 0; choices[i] != NULL; i++)
    g_string_append_printf (want, "%s\"%s\"", i == 0 ? "" : ", ", choices[i]);
  /* Translators: what a field must be; %s is a list of ids as the game names them: "a", "b" */
  set_error_message (error, kind, path, mg_message_new (N_("one of %s"), want->str), value);
  return FALSE;
}

gboolean
mg_json_object (json_object *value, const char *path, MgJsonErr kind, GError **error)
{
  if (!json_object_is_type (value, json_type_object))
    {
      set_error_message (error, kind, path, mg_message_new (N_("an object")), value);
      return FALSE;
    }
  return TRUE;
}

gboolean
mg_json_array (json_object *value, const char *path, MgJsonErr kind,
               gsize min_len, gsize max_len, gsize *len, GError **error)
{
  gsize n;

  if (!json_object_is_type (value, json_type_array))
    {
      set_error_message (error, kind, path, mg_message_new (N_("a list")), value);
      return FALSE;
    }
  n = json_object_array_length (value);
  if (n < min_len || n > max_len)
    {
      g_autofree char *want = NULL;
      g_autofree char *got = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%zu item", "%zu items", n), n);
      if (min_len == max_len)
        want = g_strdup_printf (_("a list of %zu"), min_len);
      else if (max_len == G_MAXSIZE)
        want = g_strdup_printf (_("a list of at least %zu"), min_len);
      else
        want = g_strdup_printf (_("a list of %zu to %zu"), min_len, max_len);
      set_error_words (error, kind, path, want, got, n == 0);
      return FALSE;
    }
  if (len != NULL)
    *len = n;
  return TRUE;
}

/* Member readers: look obj[key] up and hand it to the value reader. The longer path is built
 * only when the value is refused (a second call words the error), so reading a big saved state
 * formats no path strings. */
#define MG_JSON_WITH_PATH(call_without_path, call_with_path) \
  G_STMT_START {                                                \
    g_autofree char *p = NULL;                                  \
    if (call_without_path)                                      \
      return TRUE;                                              \
    p = mg_json_path_key (path, key);                           \
    return call_with_path;                                      \
  } G_STMT_END

gboolean
mg_json_get_int (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                 gint64 min, gint64 max, gint64 *out, GError **error)
{
  MG_JSON_WITH_PATH (mg_json_int (mg_json_member (obj, key), NULL, kind, min, max, out, NULL),
                     mg_json_int (mg_json_member (obj, key), p, kind, min, max, out, error));
}

gboolean
mg_json_get_uint (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                  guint min, guint max, guint *out, GError **error)
{
  MG_JSON_WITH_PATH (mg_json_uint (mg_json_member (obj, key), NULL, kind, min, max, out, NULL),
                     mg_json_uint (mg_json_member (obj, key), p, kind, min, max, out, error));
}

gboolean
mg_json_get_bool (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                  gboolean *out, GError **error)
{
  MG_JSON_WITH_PATH (mg_json_bool (mg_json_member (obj, key), NULL, kind, out, NULL),
                     mg_json_bool (mg_json_member (obj, key), p, kind, out, error));
}

gboolean
mg_json_get_string (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                    const char **out, GError **error)
{
  MG_JSON_WITH_PATH (mg_json_string (mg_json_member (obj, key), NULL, kind, out, NULL),
                     mg_json_string (mg_json_member (obj, key), p, kind, out, error));
}

gboolean
mg_json_get_choice (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                    const char * const *choices, guint *out, GError **error)
{
  MG_JSON_WITH_PATH (mg_json_choice (mg_json_member (obj, key), NULL, kind, choices, out, NULL),
                     mg_json_choice (mg_json_member (obj, key), p, kind, choices, out, error));
}

json_object *
mg_json_get_array (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                   gsize min_len, gsize max_len, GError **error)
{
  json_object *v = mg_json_member (obj, key);
  g_autofree char *p = NULL;

  if (mg_json_array (v, NULL, kind, min_len, max_len, NULL, NULL))
    return v;
  p = mg_json_path_key (path, key);
  return mg_json_array (v, p, kind, min_len, max_len, NULL, error) ? v : NULL;
}

json_object *
mg_json_get_object (json_object *obj, const char *path, const char *key, MgJsonErr kind, GError **error)
{
  json_object *v = mg_json_member (obj, key);
  g_autofree char *p = NULL;

  if (mg_json_object (v, NULL, kind, NULL))
    return v;
  p = mg_json_path_key (path, key);
  return mg_json_object (v, p, kind, error) ? v : NULL;
}

gboolean
mg_json_only (json_object *obj, const char *path, MgJsonErr kind, const char * const *known, GError **error)
{
  json_object_object_foreach (obj, key, val)
    {
      (void) val;
      if (!g_strv_contains (known, key))
        {
          if (path != NULL && path[0] == '$')
            g_set_error (error, kind.domain, kind.code, _("%s: unknown field \"%s\""), path, key);
          else if (path != NULL && path[0] != '\0')
            g_set_error (error, kind.domain, kind.code, _("\"%s\" has an unknown field \"%s\""), path, key);
          else
            g_set_error (error, kind.domain, kind.code, _("unknown field \"%s\""), key);
          return FALSE;
        }
    }
  return TRUE;
}

/* ------------------------------------------------------ optional members, whole numbers */

gboolean
mg_json_get_gint (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                  gint min, gint max, gint *out, GError **error)
{
  gint64 v;

  if (!mg_json_get_int (obj, path, key, kind, min, max, &v, error))
    return FALSE;
  *out = (gint) v;
  return TRUE;
}

gboolean
mg_json_opt_gint (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                  gint min, gint max, gint *out, GError **error)
{
  return mg_json_member (obj, key) == NULL || mg_json_get_gint (obj, path, key, kind, min, max, out, error);
}

gboolean
mg_json_opt_int (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                 gint64 min, gint64 max, gint64 *out, GError **error)
{
  return mg_json_member (obj, key) == NULL || mg_json_get_int (obj, path, key, kind, min, max, out, error);
}

gboolean
mg_json_opt_uint (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                  guint min, guint max, guint *out, GError **error)
{
  return mg_json_member (obj, key) == NULL || mg_json_get_uint (obj, path, key, kind, min, max, out, error);
}

gboolean
mg_json_opt_bool (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                  gboolean *out, GError **error)
{
  return mg_json_member (obj, key) == NULL || mg_json_get_bool (obj, path, key, kind, out, error);
}

gboolean
mg_json_opt_string (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                    const char **out, GError **error)
{
  return mg_json_member (obj, key) == NULL || mg_json_get_string (obj, path, key, kind, out, error);
}

gboolean
mg_json_opt_choice (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                    const char * const *choices, guint *out, GError **error)
{
  return mg_json_member (obj, key) == NULL || mg_json_get_choice (obj, path, key, kind, choices, out, error);
}

/* ------------------------------------------------------------------ rulesets */

gboolean
mg_json_ruleset_header (json_object *root, const char *game_id, MgJsonErr kind,
                        const char * const *known, GError **error)
{
  const char * const game_ids[] = { game_id, NULL };
  guint game;

  return mg_json_object (root, "$", kind, error) && mg_json_only (root, "$", kind, known, error) &&
         mg_json_get_choice (root, "$", "game", kind, game_ids, &game, error);
}

gboolean
mg_json_ruleset_notes (json_object *root, MgJsonErr kind, GError **error)
{
  json_object *notes = mg_json_member (root, "notes");

  if (notes == NULL)
    return TRUE;
  if (!mg_json_object (notes, "$.notes", kind, error))
    return FALSE;
  json_object_object_foreach (notes, key, val)
    {
      g_autofree char *p = mg_json_path_key ("$.notes", key);
      const char *text;

      if (!mg_json_string (val, p, kind, &text, error))
        return FALSE;
    }
  return TRUE;
}
