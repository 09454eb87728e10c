/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cli-input.c — `act`'s input read strictly: one JSON object a line, bounded, quoted briefly.
 *
 * json-c parses; even with JSON_TOKENER_STRICT it takes single quotes, NaN, raw control
 * characters in strings, "\u0000" and duplicate keys (the last one wins), and clamps integers
 * that do not fit.  A second pass over the line's text, which json-c has already found well
 * formed, refuses those. */
#include "config.h"
#include "mg-cli-input.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

gboolean
mg_cli_input_read_line (FILE *in, GString *line, gboolean *too_long)
{
  int c;

  g_string_truncate (line, 0);
  *too_long = FALSE;
  flockfile (in);
  while ((c = getc_unlocked (in)) != EOF && c != '\n')
    {
      if (line->len < MG_CLI_LINE_MAX)
        g_string_append_c (line, (char) c);   /* a NUL byte too: the UTF-8 check refuses it */
      else
        *too_long = TRUE;
    }
  funlockfile (in);
  return c != EOF || line->len > 0 || *too_long;
}

char *
mg_cli_input_excerpt (const char *text, gssize len)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = text, *end;
  guint chars = 0;

  if (len < 0)
    len = (gssize) strlen (text);
  end = text + len;
  while (p < end && chars < MG_CLI_EXCERPT_MAX)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
        }
      else
        {
          if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029)
            g_string_append_printf (out, c <= 0xff ? "\\x%02x" : "\\u%04x", c);
          else
            g_string_append_unichar (out, c);
          p = g_utf8_next_char (p);
        }
      chars++;
    }
  if (p < end)
    g_string_append (out, "…");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The next quoted span of `p` (“…”, «…» or "…"): its text from *start to *close. */
static gboolean
next_quote (const char *p, const char **start, const char **close, gsize *quote_len)
{
  static const char *const quotes[][2] = { { "“", "”" }, { "«", "»" }, { "\"", "\"" } };
  const char *first = NULL;
  guint which = 0;

  for (guint q = 0; q < G_N_ELEMENTS (quotes); q++)
    {
      const char *at = strstr (p, quotes[q][0]);

      if (at && (!first || at < first))
        first = at, which = q;
    }
  if (!first)
    return FALSE;
  *start = first + strlen (quotes[which][0]);
  *close = strstr (*start, quotes[which][1]);
  *quote_len = strlen (quotes[which][1]);
  return *close != NULL;
}

char *
mg_cli_input_shorten (const char *message)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = message, *start, *close;
  gsize quote_len;

  while (next_quote (p, &start, &close, &quote_len))
    {
      g_string_append_len (out, p, start - p);
      if (g_utf8_strlen (start, close - start) > MG_CLI_EXCERPT_MAX)
        {
          g_autofree char *cut = mg_cli_input_excerpt (start, close - start);
          g_string_append (out, cut);
        }
      else
        g_string_append_len (out, start, close - start);
      g_string_append_len (out, close, (gssize) quote_len);
      p = close + quote_len;
    }
  g_string_append (out, p);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- the second pass over the text ------------------------------------------------------ */

typedef struct {
  const char *line;
  gsize       len;
  GPtrArray  *keys;     /* per open container: the raw keys of an object, NULL for an array;
                         * NULL itself on the first pass, which only counts the members */
  guint       colons;   /* members written in the text (duplicates included) */
  char       *message;
} Scan;

static gboolean
scan_fail (Scan *s, gsize at, const char *what)
{
  g_autofree char *excerpt = mg_cli_input_excerpt (s->line + at, (gssize) (s->len - at));

  /* TRANSLATORS: "Not JSON: single quotes at column 2: “'a':1}”" */
  s->message = g_strdup_printf (_("Not JSON: %s at column %u: “%s”"), what, (guint) at + 1, excerpt);
  return FALSE;
}

static gint
hex4 (const char *p)
{
  gint v = 0;

  for (int i = 0; i < 4; i++)
    {
      gint d = g_ascii_xdigit_value (p[i]);

      if (d < 0)
        return -1;
      v = v * 16 + d;
    }
  return v;
}

/* A string from its opening quote at *i; *i ends on its closing quote. */
static gboolean
scan_string (Scan *s, gsize *i)
{
  gsize start = *i, k = start + 1;

  for (; k < s->len && s->line[k] != '"'; k++)
    {
      if ((guchar) s->line[k] < 0x20)
        return scan_fail (s, k, _("a control character inside a string"));
      if (s->line[k] != '\\')
        continue;
      if (s->line[k + 1] == 'u')
        {
          gint u = hex4 (s->line + k + 2);

          if (u == 0)
            return scan_fail (s, k, _("a NUL character inside a string"));
          if (u >= 0xdc00 && u <= 0xdfff)
            return scan_fail (s, k, _("half a UTF-16 surrogate pair"));
          if (u >= 0xd800 && u <= 0xdbff)
            {
              gint low = s->line[k + 6] == '\\' && s->line[k + 7] == 'u' ? hex4 (s->line + k + 8) : -1;

              if (low < 0xdc00 || low > 0xdfff)
                return scan_fail (s, k, _("half a UTF-16 surrogate pair"));
              k += 6;
            }
          k += 5;
        }
      else
        k++;
    }
  *i = k;
  return TRUE;
}

/* After a string: is it a key (a colon follows)?  Keys are compared as written. */
static gboolean
scan_key (Scan *s, gsize start, gsize end)
{
  GHashTable *keys = s->keys && s->keys->len ? g_ptr_array_index (s->keys, s->keys->len - 1) : NULL;
  gsize k = end + 1;
  char *key;

  while (k < s->len && g_ascii_isspace (s->line[k]))
    k++;
  if (keys == NULL || k >= s->len || s->line[k] != ':')
    return TRUE;
  key = g_strndup (s->line + start + 1, end - start - 1);
  if (!g_hash_table_add (keys, key))
    return scan_fail (s, start, _("a key given twice"));
  return TRUE;
}

/* Whether a JSON integer's text (json-c has found it well formed: -?digits) fits in 64 bits,
 * by its digits alone. Not g_ascii_string_to_signed: it reads errno after g_ascii_strtoll, whose
 * first call in a process makes GLib 2.74's C locale under a g_once, and a thread waiting on that
 * once can come back with errno EAGAIN from its futex. `act` parses in its reader thread while the
 * main thread opens the campaign, and "2" was refused as "Number out of range" (1 CI run in 30;
 * a two-thread reproducer: 3 in 10,000 processes). */
static gboolean
integer_fits (const char *text)
{
  gboolean negative = text[0] == '-';
  const char *digits = negative ? text + 1 : text;
  gsize n;

  for (n = 0; digits[n] != '\0'; n++)
    if (!g_ascii_isdigit (digits[n]))
      return FALSE;
  while (n > 1 && digits[0] == '0')
    digits++, n--;
  return n > 0 && (n < 19 || (n == 19 && strcmp (digits, negative ? "9223372036854775808" : "9223372036854775807") <= 0));
}

static gboolean
scan_number (Scan *s, gsize *i)
{
  gsize start = *i, k = start;
  char buf[64];
  g_autofree char *long_text = NULL;
  const char *text = buf;
  gboolean integer = TRUE;

  while (k < s->len && strchr ("0123456789+-.eE", s->line[k]) != NULL && s->line[k] != '\0')
    {
      if (strchr (".eE", s->line[k]) != NULL)
        integer = FALSE;
      k++;
    }
  if (k - start < sizeof buf)
    {
      memcpy (buf, s->line + start, k - start);
      buf[k - start] = '\0';
    }
  else
    text = long_text = g_strndup (s->line + start, k - start);
  *i = k - 1;
  if (integer ? !integer_fits (text)
              : !isfinite (g_ascii_strtod (text, NULL)))
    {
      g_autofree char *excerpt = mg_cli_input_excerpt (text, -1);

      s->message = g_strdup_printf (_("Number out of range: %s"), excerpt);
      return FALSE;
    }
  return TRUE;
}

static gboolean
scan_word (Scan *s, gsize *i)
{
  gsize start = *i, k = start;

  while (k < s->len && g_ascii_isalnum (s->line[k]))
    k++;
  *i = k - 1;
  if ((k - start == 4 && (memcmp (s->line + start, "true", 4) == 0 || memcmp (s->line + start, "null", 4) == 0)) ||
      (k - start == 5 && memcmp (s->line + start, "false", 5) == 0))
    return TRUE;
  return scan_fail (s, start, _("a word that is not true, false or null"));
}

static gboolean
scan_text (Scan *s)
{
  for (gsize i = 0; i < s->len; i++)
    {
      char c = s->line[i];
      gsize start = i;

      if (c == '"')
        {
          if (!scan_string (s, &i) || !scan_key (s, start, i))
            return FALSE;
        }
      else if (c == '{' && s->keys)
        g_ptr_array_add (s->keys, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL));
      else if (c == '[' && s->keys)
        g_ptr_array_add (s->keys, NULL);
      else if ((c == '}' || c == ']') && s->keys)
        {
          if (s->keys->len)
            g_ptr_array_remove_index (s->keys, s->keys->len - 1);
        }
      else if (c == '{' || c == '[' || c == '}' || c == ']')
        ;
      else if (c == ':')
        s->colons++;
      else if (c == '-' || g_ascii_isdigit (c))
        {
          if (!scan_number (s, &i))
            return FALSE;
        }
      else if (g_ascii_isalpha (c))
        {
          if (!scan_word (s, &i))
            return FALSE;
        }
      else if (c == '\'')
        return scan_fail (s, i, _("single quotes (JSON quotes with \")"));
      else if (c != ',' && !g_ascii_isspace (c))
        return scan_fail (s, i, _("an unexpected character"));
    }
  return TRUE;
}

static void
free_keys (gpointer keys)
{
  if (keys)
    g_hash_table_unref (keys);
}

/* The parsed value: every string valid UTF-8 without NUL and not too long; counts members. */
static gboolean
check_value (json_object *v, guint *members, char **message)
{
  switch (json_object_get_type (v))
    {
    case json_type_object:
      {
        struct json_object_iterator it = json_object_iter_begin (v);
        struct json_object_iterator last = json_object_iter_end (v);

        for (; !json_object_iter_equal (&it, &last); json_object_iter_next (&it))
          {
            json_object *member = json_object_iter_peek_value (&it);

            (*members)++;
            if (!check_value (member, members, message))
              return FALSE;
          }
        return TRUE;
      }
    case json_type_array:
      for (gsize i = 0; i < json_object_array_length (v); i++)
        if (!check_value (json_object_array_get_idx (v, i), members, message))
          return FALSE;
      return TRUE;
    case json_type_string:
      {
        const char *text = json_object_get_string (v);
        gsize len = (gsize) json_object_get_string_len (v);

        if (memchr (text, '\0', len) != NULL || !g_utf8_validate (text, (gssize) len, NULL))
          {
            *message = g_strdup (_("Not JSON: a string is not valid UTF-8 text"));
            return FALSE;
          }
        if (g_utf8_strlen (text, (gssize) len) > MG_CLI_STRING_MAX)
          {
            g_autofree char *excerpt = mg_cli_input_excerpt (text, (gssize) len);

            *message = g_strdup_printf (_("A text in an action is at most %d characters: “%s”"),
                                        MG_CLI_STRING_MAX, excerpt);
            return FALSE;
          }
        return TRUE;
      }
    default:
      return TRUE;
    }
}

json_object *
mg_cli_input_parse (json_tokener *tok, const char *line, gsize len, const char **code,
                    char **message)
{
  Scan s = { line, len, NULL, 0, NULL };
  json_object *obj;
  enum json_tokener_error jerr;
  guint members = 0;
  gsize end;

  *code = "bad_json";
  if (memchr (line, '\0', len) != NULL || !g_utf8_validate (line, (gssize) len, NULL))
    {
      *message = g_strdup (_("Not JSON: the line is not UTF-8 text"));
      return NULL;
    }
  json_tokener_reset (tok);
  json_tokener_set_flags (tok, JSON_TOKENER_STRICT);
  /* len + 1: the terminating NUL ends a bare number or literal. */
  obj = json_tokener_parse_ex (tok, line, (int) len + 1);
  jerr = json_tokener_get_error (tok);
  end = json_tokener_get_parse_end (tok);
  if (jerr != json_tokener_success)
    {
      g_autofree char *excerpt = NULL;

      if (end < len)
        {
          excerpt = mg_cli_input_excerpt (line + end, (gssize) (len - end));
          *message = g_strdup_printf (_("Not JSON: %s at column %u: “%s”"),
                                      json_tokener_error_desc (jerr), (guint) end + 1, excerpt);
        }
      else
        *message = g_strdup_printf (_("Not JSON: %s at column %u"), json_tokener_error_desc (jerr),
                                    (guint) end + 1);
      json_object_put (obj);
      return NULL;
    }
  for (; end < len; end++)
    if (!g_ascii_isspace (line[end]))
      {
        *message = g_strdup_printf (_("Not JSON: unexpected text after the value at column %u"),
                                    (guint) end + 1);
        json_object_put (obj);
        return NULL;
      }
  if (!scan_text (&s) || !check_value (obj, &members, &s.message))
    {
      json_object_put (obj);
      *message = s.message;
      return NULL;
    }
  if (members != s.colons)
    {
      /* A key given twice (json-c kept the last): a second pass tells where. */
      Scan again = { line, len, g_ptr_array_new_with_free_func (free_keys), 0, NULL };

      scan_text (&again);
      g_ptr_array_unref (again.keys);
      json_object_put (obj);
      /* keys equal only once unescaped ("a" and "\u0061") are not found as written */
      *message = again.message ? again.message : g_strdup (_("Not JSON: a key given twice"));
      return NULL;
    }
  if (!json_object_is_type (obj, json_type_object))
    {
      json_object_put (obj);
      *code = "bad_action";
      *message = g_strdup (_("An action is a JSON object with a \"type\""));
      return NULL;
    }
  return obj;
}
