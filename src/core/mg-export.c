/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export.c — turn summaries for the players (Markdown, HTML, JSON; PDF in mg-export-pdf.c).
 *
 * One walker pages through the journal (never the whole of it in memory), skips undone rows,
 * groups the active rows by session and turn, and hands each renderer only public text:
 * summaries and events without a "seat".  Actions and dice are never exported: an action
 * may be a hidden pick, and dice may be a roll behind a screen. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>


#include "mg-chain.h"
#include "mg-export-private.h"
#include "mg-export-chronicle.h"
#include "mg-narrate.h"
#include "mg-game.h"
#include "mg-store.h"

/* Set by mg-export-pdf.c when the program links it (core_dep does; the lean CLI does not). */
const MgExportRenderer *mg_export_pdf_renderer = NULL;

typedef json_object ExportJson;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExportJson, json_object_put)

G_DEFINE_QUARK (mg-export-error-quark, mg_export_error)

gboolean
mg_export_format_from_string (const char *name, MgExportFormat *format)
{
  static const struct { const char *name; MgExportFormat format; } names[] = {
    { "md", MG_EXPORT_MARKDOWN }, { "markdown", MG_EXPORT_MARKDOWN },
    { "html", MG_EXPORT_HTML }, { "json", MG_EXPORT_JSON }, { "pdf", MG_EXPORT_PDF },
  };

  for (gsize i = 0; name != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (name, names[i].name) == 0)
      {
        *format = names[i].format;
        return TRUE;
      }
  return FALSE;
}

/* ------------------------------------------------------------ the standing */

/* A standing's fact or table, in the game's words (mg_export_column_label), else its key's. */
static char *
standing_label (const MgGame *game, const char *key)
{
  char *label = NULL;

  if (mg_export_column_label (game, key, &label))
    return label;
  /* A key the game hides from a table's columns still names its own fact or table. */
  label = g_strdelimit (g_strdup (key), "_", ' ');
  label[0] = g_ascii_toupper (label[0]);
  return label;
}

GHashTable *
mg_export_ruleset_names (json_object *ruleset)
{
  GHashTable *names = g_hash_table_new (g_str_hash, g_str_equal);   /* borrowed from the ruleset */

  if (!json_object_is_type (ruleset, json_type_object))
    return names;
  json_object_object_foreach (ruleset, key, list)
    {
      (void) key;
      for (size_t i = 0; json_object_is_type (list, json_type_array) && i < json_object_array_length (list); i++)
        {
          json_object *record = json_object_array_get_idx (list, i), *id = NULL, *name = NULL;

          if (json_object_object_get_ex (record, "id", &id) && json_object_is_type (id, json_type_string)
              && json_object_object_get_ex (record, "name", &name) && json_object_is_type (name, json_type_string))
            g_hash_table_insert (names, (gpointer) json_object_get_string (id), (gpointer) json_object_get_string (name));
        }
    }
  return names;
}

/* A value as a reader reads it: an id of the ruleset's records by its name, translated
 * ("small_shield" → "Small shield", issue 45). */
static void
append_value (GString *out, json_object *value, GHashTable *names)
{
  switch (json_object_get_type (value))
    {
    case json_type_null:
      g_string_append (out, "—");
      break;
    case json_type_boolean:
      g_string_append (out, json_object_get_boolean (value) ? _("yes") : _("no"));
      break;
    case json_type_string:
      {
        const char *name = names != NULL ? g_hash_table_lookup (names, json_object_get_string (value)) : NULL;

        g_string_append (out, name != NULL ? _(name) : json_object_get_string (value));
      }
      break;
    case json_type_array:
      {
        size_t n = json_object_array_length (value);

        if (n == 0)
          g_string_append (out, "—");
        for (size_t i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append (out, ", ");
            append_value (out, json_object_array_get_idx (value, i), names);
          }
      }
      break;
    case json_type_object:
      {
        gboolean first = TRUE;

        json_object_object_foreach (value, key, member)
          {
            g_autofree char *label = g_strdelimit (g_strdup (key), "_", ' ');

            if (!first)
              g_string_append (out, ", ");
            first = FALSE;
            if (json_object_is_type (member, json_type_object))
              g_string_append_printf (out, "%s (", label);
            else
              g_string_append_printf (out, "%s ", label);
            append_value (out, member, names);
            if (json_object_is_type (member, json_type_object))
              g_string_append_c (out, ')');
          }
        if (first)
          g_string_append (out, "—");
      }
      break;
    default: /* int, double */
      g_string_append (out, json_object_to_json_string_ext (value, JSON_C_TO_STRING_PLAIN));
      break;
    }
}

static char *
value_text (json_object *value, GHashTable *names)
{
  GString *out = g_string_new (NULL);

  append_value (out, value, names);
  return g_string_free (out, FALSE);
}

static gboolean
is_table (json_object *value)
{
  size_t n;

  if (!json_object_is_type (value, json_type_array))
    return FALSE;
  n = json_object_array_length (value);
  for (size_t i = 0; i < n; i++)
    if (!json_object_is_type (json_object_array_get_idx (value, i), json_type_object))
      return FALSE;
  return n > 0;
}

static void
table_free (gpointer data)
{
  MgExportTable *table = data;

  g_ptr_array_unref (table->labels);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

static MgExportTable *
table_new (const MgGame *game, json_object *array, GHashTable *names)
{
  MgExportTable *table = g_new0 (MgExportTable, 1);
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  size_t n = json_object_array_length (array);

  table->labels = g_ptr_array_new_with_free_func (g_free);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  /* Columns: every member seen, in the order first seen. */
  for (size_t i = 0; i < n; i++)
    {
      json_object_object_foreach (json_object_array_get_idx (array, i), key, member)
        {
          char *label = NULL;

          (void) member;
          /* Headed in the game's words (mg-export-columns.c). */
          if (!g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL) && mg_export_column_label (game, key, &label))
            {
              g_ptr_array_add (keys, key);
              g_ptr_array_add (table->labels, label);
            }
        }
    }
  for (size_t i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (array, i);
      char **cells = g_new0 (char *, keys->len + 1);

      for (guint k = 0; k < keys->len; k++)
        {
          json_object *member = NULL;

          if (json_object_object_get_ex (item, g_ptr_array_index (keys, k), &member))
            cells[k] = value_text (member, names);
          else
            cells[k] = g_strdup ("");
        }
      g_ptr_array_add (table->rows, cells);
    }
  mg_export_table_drop_empty (table);
  return table;
}

MgExportStanding *
mg_export_standing_new (json_object *view, GHashTable *names, gboolean facts)
{
  MgExportStanding *standing = g_new0 (MgExportStanding, 1);
  const MgGame *game = NULL;

  standing->fact_labels = g_ptr_array_new_with_free_func (g_free);
  standing->fact_values = g_ptr_array_new_with_free_func (g_free);
  standing->table_names = g_ptr_array_new_with_free_func (g_free);
  standing->tables = g_ptr_array_new_with_free_func (table_free);

  if (!json_object_is_type (view, json_type_object))
    return standing;
  /* Every view names its game: its descriptor words the columns. */
  game = mg_game_of_json (view);
  json_object_object_foreach (view, key, member)
    {
      /* The title already names the game; a map of areas or a board of squares
       * (docs/adding-a-game.md) is drawn by the app, not told as facts. */
      if (g_str_equal (key, "game") || g_str_equal (key, "area_map") || g_str_equal (key, "square_board"))
        continue;
      if (is_table (member))
        {
          g_ptr_array_add (standing->table_names, standing_label (game, key));
          g_ptr_array_add (standing->tables, table_new (game, member, names));
        }
      else if (facts)
        {
          g_ptr_array_add (standing->fact_labels, standing_label (game, key));
          g_ptr_array_add (standing->fact_values, value_text (member, names));
        }
    }
  return standing;
}

void
mg_export_standing_free (MgExportStanding *standing)
{
  if (standing == NULL)
    return;
  g_ptr_array_unref (standing->fact_labels);
  g_ptr_array_unref (standing->fact_values);
  g_ptr_array_unref (standing->table_names);
  g_ptr_array_unref (standing->tables);
  g_free (standing);
}

/* ---------------------------------------------------------------- Markdown */

/* Escapes what Markdown would read as markup, so a name like "*Bob*" stays text; a line break
 * or another control character (a name typed before names were checked, a session's name)
 * becomes a space, as it would otherwise end a table row or cut a heading. */
static void
md_put (FILE *out, const char *text)
{
  const char *p = text;

  while (*p)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      const char *next;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          fputs ("\xef\xbf\xbd", out);   /* U+FFFD for a byte that is not UTF-8 */
          p++;
          continue;
        }
      next = g_utf8_next_char (p);
      if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
        fputc (' ', out);
      else
        {
          /* "&" only where it could start an entity ("&amp;") */
          if ((c < 0x80 && strchr ("\\`*_[]<>|#~!", (char) c) != NULL) ||
              (c == '&' && (g_ascii_isalnum (p[1]) || p[1] == '#')))
            fputc ('\\', out);
          fwrite (p, 1, next - p, out);
        }
      p = next;
    }
}

static void
md_begin (MgExportDoc *doc)
{
  g_autofree char *players = g_strjoinv (", ", doc->players);

  fputs ("# ", doc->out);
  md_put (doc->out, doc->campaign);
  fputs ("\n\n", doc->out);
  md_put (doc->out, doc->game_name);
  fputs (" — ", doc->out);
  md_put (doc->out, players);
  fputs ("  \n", doc->out);
  md_put (doc->out, doc->scope_text);
  if (doc->fingerprint != NULL)
    {
      fputs ("  \n", doc->out);
      md_put (doc->out, doc->fingerprint_text);
    }
  fputs ("\n", doc->out);
}

char *
mg_export_session_heading (gint64 id, const char *name)
{
  g_autofree char *plain = g_strdup_printf (_("Session %lld"), (long long) id);
  /* The name a session was given by default, in the language it was opened in (English in a
   * French export: "Séance 1 — Session 1" said the number twice, issue 45). */
  g_autofree char *english = g_strdup_printf ("Session %lld", (long long) id);

  /* A session named after its number needs the number only once. */
  if (name == NULL || *name == '\0' || g_str_equal (name, plain) || g_str_equal (name, english))
    return g_steal_pointer (&plain);
  return g_strdup_printf (_("Session %lld — %s"), (long long) id, name);
}

static void
md_session_begin (MgExportDoc *doc, gint64 id, const char *name)
{
  g_autofree char *heading = mg_export_session_heading (id, name);

  if (doc->kind == MG_EXPORT_SCOPE_TURN)
    return;
  fputs ("\n## ", doc->out);
  md_put (doc->out, heading);
  fputs ("\n", doc->out);
}

static void
md_turn_begin (MgExportDoc *doc, gint turn, const char *heading)
{
  fputs ("\n### ", doc->out);
  md_put (doc->out, heading);
  fputs ("\n\n", doc->out);
}

/* "- **Red** — Red rolled 7 meeples. *(dice: 4 Sweep · 3 Kick)*" */
static void
md_action (MgExportDoc *doc, const MgExportAction *a)
{
  fputs ("- **", doc->out);
  md_put (doc->out, a->actor);
  fputs ("** — ", doc->out);
  md_put (doc->out, a->summary);
  if (a->dice != NULL)
    {
      fputs (" *(", doc->out);
      /* TRANSLATORS: before the dice of one action in an export: "dice: 4 Sweep · 3 Kick" */
      md_put (doc->out, _("dice:"));
      fputc (' ', doc->out);
      md_put (doc->out, a->dice);
      fputs (")*", doc->out);
    }
  fputs ("\n", doc->out);
}

static void
md_table (FILE *out, MgExportTable *table)
{
  fputs ("\n", out);
  for (guint c = 0; c < table->labels->len; c++)
    {
      fputs ("| ", out);
      md_put (out, g_ptr_array_index (table->labels, c));
      fputs (" ", out);
    }
  fputs ("|\n", out);
  for (guint c = 0; c < table->labels->len; c++)
    fputs ("|---", out);
  fputs ("|\n", out);
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      for (guint c = 0; cells[c] != NULL; c++)
        {
          fputs ("| ", out);
          md_put (out, cells[c]);
          fputs (" ", out);
        }
      fputs ("|\n", out);
    }
}

static void
md_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  g_autoptr(MgExportStanding) st = mg_export_standing_new (view, doc->names, text == NULL);

  fputs ("\n## ", doc->out);
  md_put (doc->out, heading);
  fputs ("\n\n", doc->out);
  if (text != NULL)
    {
      md_put (doc->out, text);
      fputs ("\n", doc->out);
    }
  for (guint i = 0; i < st->fact_labels->len; i++)
    {
      fputs ("- ", doc->out);
      md_put (doc->out, g_ptr_array_index (st->fact_labels, i));
      fputs (": ", doc->out);
      md_put (doc->out, g_ptr_array_index (st->fact_values, i));
      fputs ("\n", doc->out);
    }
  for (guint t = 0; t < st->tables->len; t++)
    {
      fputs ("\n**", doc->out);
      md_put (doc->out, g_ptr_array_index (st->table_names, t));
      fputs ("**\n", doc->out);
      md_table (doc->out, g_ptr_array_index (st->tables, t));
    }
}

static gboolean
nothing_more (MgExportDoc *doc, GError **error)
{
  return TRUE;
}

static void
nothing (MgExportDoc *doc)
{
}

static const MgExportRenderer md_renderer = {
  md_begin, md_session_begin, nothing, md_turn_begin, md_action, nothing, md_standing, nothing_more,
};

/* -------------------------------------------------------------------- HTML */

static void
html_put (FILE *out, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  fputs (escaped, out);
}

/* On paper (a browser's Print), every page is headed by the campaign and numbered, as the PDF. */
static const char html_style[] =
  "body{font-family:Cantarell,'Noto Sans',sans-serif;max-width:50em;margin:2em auto;padding:0 1em;"
  "line-height:1.45;color:#241f31;background:#fff}"
  "h1{margin-bottom:.2em}"
  ".sub{color:#5e5c64;margin-top:0}"
  "h2{border-bottom:1px solid #deddda;padding-bottom:.2em;margin-top:1.6em}"
  "h3{margin:1.2em 0 .3em;font-size:1.05em;break-after:avoid}"
  "table{border-collapse:collapse;margin:.4em 0 .8em;width:100%}"
  "th,td{border:1px solid #deddda;padding:.2em .6em;text-align:left;vertical-align:top}"
  "thead th{background:#f6f5f4;hyphens:none;overflow-wrap:normal;word-break:keep-all}"
  "thead{display:table-header-group}tr{break-inside:avoid}"
  "table.actions th{width:8em;font-weight:bold;border:0;padding-left:0}"
  "table.actions td{border:0}"
  "table.actions td.dice{color:#5e5c64;font-family:monospace;white-space:nowrap;text-align:right}"
  "table.actions tr{break-inside:avoid}"
  "dl{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}"
  "dt{font-weight:bold}dd{margin:0}"
  ".running{display:none}"
  "@page{size:A4;margin:2cm 2cm 2.2cm;"
  "@top-left{content:element(running);font-size:8pt;color:#5e5c64}"
  "@bottom-center{content:counter(page);font-size:8pt;color:#5e5c64}}"
  "@media print{body{max-width:none;margin:0;padding:0}.running{display:block;position:running(running)}}"
  "@media (prefers-color-scheme:dark){body{background:#242424;color:#fff}"
  "thead th{background:#303030}th,td{border-color:#454545}.sub,table.actions td.dice{color:#c0bfbc}}";

static void
html_begin (MgExportDoc *doc)
{
  g_autofree char *players = g_strjoinv (", ", doc->players);

  fputs ("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width\">\n<title>", doc->out);
  html_put (doc->out, doc->campaign);
  fputs ("</title>\n<style>", doc->out);
  fputs (html_style, doc->out);
  fputs ("</style>\n</head>\n<body>\n<div class=\"running\">", doc->out);
  html_put (doc->out, doc->campaign);
  fputs (" — ", doc->out);
  html_put (doc->out, doc->scope_text);
  fputs ("</div>\n<h1>", doc->out);
  html_put (doc->out, doc->campaign);
  fputs ("</h1>\n<p class=\"sub\">", doc->out);
  html_put (doc->out, doc->game_name);
  fputs (" — ", doc->out);
  html_put (doc->out, players);
  fputs ("<br>", doc->out);
  html_put (doc->out, doc->scope_text);
  if (doc->fingerprint != NULL)
    {
      fputs ("<br>", doc->out);
      html_put (doc->out, doc->fingerprint_text);
    }
  fputs ("</p>\n", doc->out);
}

static void
html_session_begin (MgExportDoc *doc, gint64 id, const char *name)
{
  g_autofree char *heading = mg_export_session_heading (id, name);

  if (doc->kind == MG_EXPORT_SCOPE_TURN)
    return;
  fputs ("<h2>", doc->out);
  html_put (doc->out, heading);
  fputs ("</h2>\n", doc->out);
}

static void
html_turn_begin (MgExportDoc *doc, gint turn, const char *heading)
{
  fputs ("<h3>", doc->out);
  html_put (doc->out, heading);
  fputs ("</h3>\n<table class=\"actions\">\n", doc->out);
}

static void
html_action (MgExportDoc *doc, const MgExportAction *a)
{
  fputs ("<tr><th scope=\"row\">", doc->out);
  html_put (doc->out, a->actor);
  fputs ("</th><td>", doc->out);
  html_put (doc->out, a->summary);
  fputs ("</td><td class=\"dice\">", doc->out);
  if (a->dice != NULL)
    html_put (doc->out, a->dice);
  fputs ("</td></tr>\n", doc->out);
}

static void
html_turn_end (MgExportDoc *doc)
{
  fputs ("</table>\n", doc->out);
}

static void
html_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  g_autoptr(MgExportStanding) st = mg_export_standing_new (view, doc->names, text == NULL);

  fputs ("<h2>", doc->out);
  html_put (doc->out, heading);
  fputs ("</h2>\n", doc->out);
  if (text != NULL)
    {
      fputs ("<p>", doc->out);
      html_put (doc->out, text);
      fputs ("</p>\n", doc->out);
    }
  if (st->fact_labels->len > 0)
    {
      fputs ("<dl>\n", doc->out);
      for (guint i = 0; i < st->fact_labels->len; i++)
        {
          fputs ("<dt>", doc->out);
          html_put (doc->out, g_ptr_array_index (st->fact_labels, i));
          fputs ("</dt><dd>", doc->out);
          html_put (doc->out, g_ptr_array_index (st->fact_values, i));
          fputs ("</dd>\n", doc->out);
        }
      fputs ("</dl>\n", doc->out);
    }
  for (guint t = 0; t < st->tables->len; t++)
    {
      MgExportTable *table = g_ptr_array_index (st->tables, t);

      fputs ("<table class=\"standing\">\n<caption>", doc->out);
      html_put (doc->out, g_ptr_array_index (st->table_names, t));
      fputs ("</caption>\n<thead><tr>", doc->out);
      for (guint c = 0; c < table->labels->len; c++)
        {
          fputs ("<th>", doc->out);
          html_put (doc->out, g_ptr_array_index (table->labels, c));
          fputs ("</th>", doc->out);
        }
      fputs ("</tr></thead>\n<tbody>\n", doc->out);
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **cells = g_ptr_array_index (table->rows, r);

          fputs ("<tr>", doc->out);
          for (guint c = 0; cells[c] != NULL; c++)
            {
              fputs ("<td>", doc->out);
              html_put (doc->out, cells[c]);
              fputs ("</td>", doc->out);
            }
          fputs ("</tr>\n", doc->out);
        }
      fputs ("</tbody>\n</table>\n", doc->out);
    }
}

static gboolean
html_end (MgExportDoc *doc, GError **error)
{
  fputs ("</body>\n</html>\n", doc->out);
  return TRUE;
}

static const MgExportRenderer html_renderer = {
  html_begin, html_session_begin, nothing, html_turn_begin, html_action, html_turn_end,
  html_standing, html_end,
};

/* -------------------------------------------------------------------- JSON */

static void
json_put (FILE *out, json_object *value)
{
  fputs (json_object_to_json_string_ext (value, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), out);
}

static void
json_put_string (FILE *out, const char *text)
{
  g_autoptr(ExportJson) s = json_object_new_string (text);

  json_put (out, s);
}

typedef struct {
  GString  *text;          /* the turn's summaries, one after the other */
  gboolean  first_action;
} JsonPriv;

static void
json_priv_free (gpointer data)
{
  JsonPriv *j = data;

  g_string_free (j->text, TRUE);
  g_free (j);
}

static void
json_begin (MgExportDoc *doc)
{
  g_autoptr(ExportJson) players = json_object_new_array ();
  static const char * const kinds[] = { "campaign", "session", "turn" };
  JsonPriv *j = g_new0 (JsonPriv, 1);

  j->text = g_string_new (NULL);
  doc->priv = j;
  doc->priv_free = json_priv_free;
  for (char **p = doc->players; *p; p++)
    json_object_array_add (players, json_object_new_string (*p));
  fputs ("{\"campaign\":", doc->out);
  json_put_string (doc->out, doc->campaign);
  fputs (",\"game\":", doc->out);
  json_put_string (doc->out, doc->game_id);
  fputs (",\"game_name\":", doc->out);
  json_put_string (doc->out, doc->game_name);
  fputs (",\"players\":", doc->out);
  json_put (doc->out, players);
  if (doc->fingerprint != NULL)
    {
      fputs (",\"fingerprint\":", doc->out);
      json_put_string (doc->out, doc->fingerprint);
    }
  fprintf (doc->out, ",\"scope\":{\"kind\":\"%s\"", kinds[doc->kind]);
  if (doc->scope.session > 0)
    fprintf (doc->out, ",\"session\":%" G_GINT64_FORMAT, doc->scope.session);
  if (doc->scope.turn > 0)
    fprintf (doc->out, ",\"turn\":%d", doc->scope.turn);
  if (doc->scope.player != NULL)
    {
      fputs (",\"player\":", doc->out);
      json_put_string (doc->out, doc->scope.player);
    }
  fputs (",\"text\":", doc->out);
  json_put_string (doc->out, doc->scope_text);
  fputs ("},\n\"sessions\":[", doc->out);
  doc->first_session = TRUE;
}

static void
json_session_begin (MgExportDoc *doc, gint64 id, const char *name)
{
  fprintf (doc->out, "%s\n{\"id\":%" G_GINT64_FORMAT ",\"name\":", doc->first_session ? "" : ",", id);
  json_put_string (doc->out, name != NULL ? name : "");
  fputs (",\"turns\":[", doc->out);
  doc->first_session = FALSE;
  doc->first_turn = TRUE;
}

static void
json_session_end (MgExportDoc *doc)
{
  fputs ("]}", doc->out);
}

/* Streamed: the actions as they come, the turn's text (all its summaries) after them. */
static void
json_turn_begin (MgExportDoc *doc, gint turn, const char *heading)
{
  JsonPriv *j = doc->priv;

  fprintf (doc->out, "%s\n{\"turn\":%d,\"heading\":", doc->first_turn ? "" : ",", turn);
  json_put_string (doc->out, heading);
  fputs (",\"actions\":[", doc->out);
  g_string_truncate (j->text, 0);
  j->first_action = TRUE;
  doc->first_turn = FALSE;
}

static void
json_action (MgExportDoc *doc, const MgExportAction *a)
{
  JsonPriv *j = doc->priv;

  fprintf (doc->out, "%s{\"seq\":%" G_GINT64_FORMAT ",\"actor\":", j->first_action ? "" : ",", a->seq);
  json_put_string (doc->out, a->actor);
  fputs (",\"summary\":", doc->out);
  json_put_string (doc->out, a->summary);
  if (a->recorded != NULL)
    {
      /* The sentence as the journal stored it, in the language it was played in. */
      fputs (",\"recorded_summary\":", doc->out);
      json_put_string (doc->out, a->recorded);
    }
  if (a->dice != NULL)
    {
      fputs (",\"dice\":", doc->out);
      json_put_string (doc->out, a->dice);
    }
  fputs (",\"events\":", doc->out);
  if (a->events != NULL)
    json_put (doc->out, a->events);
  else
    fputs ("[]", doc->out);
  fputs ("}", doc->out);
  j->first_action = FALSE;
  if (*a->summary)
    {
      if (j->text->len > 0)
        g_string_append_c (j->text, ' ');
      g_string_append (j->text, a->summary);
    }
}

static void
json_turn_end (MgExportDoc *doc)
{
  JsonPriv *j = doc->priv;

  fputs ("],\"text\":", doc->out);
  json_put_string (doc->out, j->text->str);
  fputs ("}", doc->out);
}

static void
json_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  fputs ("],\n\"standing_title\":", doc->out);
  json_put_string (doc->out, heading);
  if (text != NULL)
    {
      fputs (",\n\"standing_text\":", doc->out);
      json_put_string (doc->out, text);
    }
  fputs (",\n\"standing\":", doc->out);
  json_put (doc->out, view);
}

/* "sections": [{"title": …, "text": …, "view": …}, …] after the standing. */
static void
json_section (MgExportDoc *doc, const char *title, json_object *view, const char *text)
{
  fputs (doc->n_sections == 0 ? ",\n\"sections\":[\n{\"title\":" : ",\n{\"title\":", doc->out);
  json_put_string (doc->out, title);
  if (text != NULL)
    {
      fputs (",\"text\":", doc->out);
      json_put_string (doc->out, text);
    }
  if (view != NULL)
    {
      fputs (",\"view\":", doc->out);
      json_put (doc->out, view);
    }
  fputs ("}", doc->out);
}

static gboolean
json_end (MgExportDoc *doc, GError **error)
{
  fputs (doc->n_sections > 0 ? "]}\n" : "}\n", doc->out);
  return TRUE;
}

static const MgExportRenderer json_renderer = {
  json_begin, json_session_begin, json_session_end, json_turn_begin, json_action, json_turn_end,
  json_standing, json_end, json_section,
};

/* -------------------------------------------------------------------- dice */

/* The name of face `value` of a die with `sides` sides, as the game of `ruleset` names it
 * (its descriptor's face_name); else NULL. */
static const char *
face_name (const MgGame *game, json_object *ruleset, int sides, int value)
{
  if (game == NULL || game->face_name == NULL || sides < 1 || value < 1 || value > sides)
    return NULL;
  return game->face_name (ruleset, (guint) sides, (guint) value);
}

/* "4 Sweep" in the language of the moment: the catalogue's plural message "%u Sweep" when the
 * game has one (a game's named faces, MgGame.face_name), else the count and the translated name. */
static char *
counted_face (const char *name, int count)
{
  g_autofree char *key = g_strdup_printf ("%%u %s", name);
  const char *format = strchr (name, '%') == NULL ? g_dngettext (GETTEXT_PACKAGE, key, key, count) : key;

  if (format != key)
    return g_strdup_printf (format, (guint) count);
  return g_strdup_printf ("%d %s", count, _(name));
}

char *
mg_export_format_dice (const char *dice_json, json_object *ruleset)
{
  g_autoptr(ExportJson) dice = dice_json != NULL ? json_tokener_parse (dice_json) : NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  const MgGame *game = mg_game_of_json (ruleset);
  int last_sides = -1;
  size_t n;

  if (dice == NULL || !json_object_is_type (dice, json_type_array))
    return g_strdup ("");
  n = json_object_array_length (dice);
  for (size_t i = 0; i < n; i++)
    {
      json_object *die = json_object_array_get_idx (dice, i);
      json_object *sides = NULL, *value = NULL;
      int s = 0, v;

      if (json_object_is_type (die, json_type_object))
        {
          json_object_object_get_ex (die, "sides", &sides);
          json_object_object_get_ex (die, "value", &value);
          s = json_object_get_int (sides);
          v = json_object_get_int (value);
        }
      else
        v = json_object_get_int (die);

      if (s != last_sides)
        {
          if (text->len > 0)
            g_string_append (text, "  ");
          last_sides = s;
          if (s > 0 && face_name (game, ruleset, s, 1) != NULL)
            {
              /* Count this run of named dice, then move past it. */
              g_autofree int *count = g_new0 (int, s + 1);
              size_t j = i;
              gboolean first = TRUE;

              for (; j < n; j++)
                {
                  json_object *d = json_object_array_get_idx (dice, j), *sj = NULL, *vj = NULL;
                  if (!json_object_object_get_ex (d, "sides", &sj) || json_object_get_int (sj) != s)
                    break;
                  json_object_object_get_ex (d, "value", &vj);
                  if (json_object_get_int (vj) >= 1 && json_object_get_int (vj) <= s)
                    count[json_object_get_int (vj)]++;
                }
              for (int f = 1; f <= s; f++)
                if (count[f] > 0)
                  {
                    g_autofree char *counted = counted_face (face_name (game, ruleset, s, f), count[f]);

                    g_string_append_printf (text, "%s%s", first ? "" : " · ", counted);
                    first = FALSE;
                  }
              i = j - 1;
              continue;
            }
          if (s > 0)
            g_string_append_printf (text, "d%d:", s);
        }
      g_string_append_printf (text, " %d", v);
    }
  g_strchug (text->str);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* ------------------------------------------------------------------ walker */

/* Whether the caller asked the export to stop (MG_EXPORT_ERROR_CANCELLED). */
static gboolean
stopped (const MgExportStop *stop, GError **error)
{
  if (stop == NULL || stop->stopped == NULL || !stop->stopped (stop->data))
    return FALSE;
  g_set_error_literal (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_CANCELLED, _("The export was cancelled"));
  return TRUE;
}

typedef struct {
  MgCampaign       *campaign;
  MgExportDoc      *doc;
  const MgExportRenderer *renderer;
  GHashTable       *session_names;   /* id -> name */
  json_object      *ruleset;         /* for the dice's face names */
  const MgExportStop *stop;
  MgExportProgress  progress;
  gpointer          progress_data;
  gint64            first_seq, span; /* for progress */
  double            last_reported;
  /* the turn being told */
  gint64            open_session;    /* 0 = none yet */
  gint              group_turn;
  gboolean          group_open;
  gint64            last_seq;        /* last row told */
  guint             n_rows;
  MgNarrator       *narrator;        /* tells each row in the current language; NULL: as stored */
} Walk;

/* "Turn 3", or the word the game's descriptor gives for a turn ("Battle 3"). */
static char *
turn_heading (const char *game_id, gint turn)
{
  const MgGame *game = mg_game_lookup (game_id);

  if (game != NULL && game->turn_heading != NULL)
    return g_strdup_printf (_(game->turn_heading), turn);
  return g_strdup_printf (_("Turn %d"), turn);
}

static char *
standing_heading_for (const char *game_id, gint turn)
{
  const MgGame *game = mg_game_lookup (game_id);

  if (game != NULL && game->standing_heading != NULL)
    return g_strdup_printf (_(game->standing_heading), turn);
  return g_strdup_printf (_("Standing after turn %d"), turn);
}

/* The heading of the turn `row` begins: as the game names it from pending() before the row
 * (its state rebuilt from the turn's snapshot), else "Turn 3". */
static char *
walk_turn_heading (Walk *w, const MgJournalRead *row)
{
  const MgGame *game = mg_game_lookup (w->doc->game_id);
  MgState *state;
  char *title = NULL;

  if (game == NULL || game->turn_title == NULL)
    return turn_heading (w->doc->game_id, row->turn);
  state = mg_campaign_state_at (w->campaign, row->seq - 1, NULL);
  if (state != NULL)
    {
      g_autoptr(ExportJson) pending = mg_state_pending (state);

      title = pending != NULL ? game->turn_title (pending) : NULL;
      mg_state_free (state);
    }
  return title != NULL ? title : turn_heading (w->doc->game_id, row->turn);
}

static void
walk_close_turn (Walk *w)
{
  if (!w->group_open)
    return;
  w->renderer->turn_end (w->doc);
  w->group_open = FALSE;
}

static gboolean
walk_row (const MgJournalRead *row, gpointer data, GError **error)
{
  Walk *w = data;
  g_autofree char *dice = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(ExportJson) events = NULL;
  MgExportAction action = { 0 };

  if ((w->n_rows & 1023) == 0 && stopped (w->stop, error))
    return FALSE;
  if (w->group_open && (row->turn != w->group_turn || row->session != w->open_session))
    walk_close_turn (w);
  if (row->session != w->open_session)
    {
      if (w->open_session != 0)
        w->renderer->session_end (w->doc);
      w->open_session = row->session;
      w->renderer->session_begin (w->doc, row->session,
                                  g_hash_table_lookup (w->session_names, &row->session));
    }
  if (!w->group_open)
    {
      g_autofree char *heading = walk_turn_heading (w, row);

      w->group_open = TRUE;
      w->group_turn = row->turn;
      w->renderer->turn_begin (w->doc, row->turn, heading);
    }

  /* Dice a seat rolled behind a screen stay there, as on the Journal (issue 41: only what the
   * engine reveals, Meeple's picked meeples, is told, by the summaries). */
  if (row->dice != NULL && !row->secret)
    {
      dice = mg_export_format_dice (row->dice, w->ruleset);
      if (*dice == '\0')
        g_clear_pointer (&dice, g_free);
    }
  if (w->doc->wants_events)
    events = mg_chain_public_events (row->events);
  action.seq = row->seq;
  action.actor = row->actor != NULL ? row->actor : "";
  action.summary = row->summary != NULL ? row->summary : "";
  /* A row with its said: rendered in the export's language (the process's), no replay; the
   * sentence as recorded needs no keeping beside it (it is the same said). */
  if ((summary = mg_narrate_said (row->said, NULL)) != NULL)
    action.summary = summary;
  else if (w->narrator != NULL)
    {
      summary = mg_narrator_tell_seq (w->narrator, row->seq, row->summary);
      if (strcmp (summary, action.summary) != 0)
        action.recorded = action.summary;
      action.summary = summary;
    }
  action.dice = dice;
  action.events = events;
  w->renderer->action (w->doc, &action);

  w->last_seq = row->seq;
  w->n_rows++;
  if (w->progress != NULL && w->span > 0)
    {
      double fraction = (double) (row->seq - w->first_seq + 1) / w->span;

      if (fraction - w->last_reported >= 0.01)
        {
          w->last_reported = fraction;
          w->progress (0.95 * MIN (fraction, 1.0), w->progress_data);
        }
    }
  return TRUE;
}

static void
doc_clear (MgExportDoc *doc)
{
  g_free (doc->campaign);
  g_clear_pointer (&doc->names, g_hash_table_unref);
  g_free (doc->game_id);
  g_free (doc->game_name);
  g_strfreev (doc->players);
  g_free (doc->scope_text);
  g_free (doc->fingerprint);
  g_free (doc->fingerprint_text);
  if (doc->priv_free != NULL && doc->priv != NULL)
    doc->priv_free (doc->priv);
}

static const MgExportRenderer *
renderer_for (MgExportFormat format)
{
  switch (format)
    {
    case MG_EXPORT_MARKDOWN: return &md_renderer;
    case MG_EXPORT_HTML:     return &html_renderer;
    case MG_EXPORT_JSON:     return &json_renderer;
    case MG_EXPORT_PDF:      return mg_export_pdf_renderer;
    default:                 return NULL;
    }
}

/* The campaign's sessions by id (names borrowed from *sessions), after checking that the scope's
 * session and player exist. */
static GHashTable *
scope_sessions (MgCampaign *campaign, MgExportScope scope, GPtrArray **sessions_out, GError **error)
{
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GHashTable) names = NULL;

  sessions = mg_campaign_list_sessions (campaign, error);
  if (sessions == NULL)
    return NULL;
  names = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < sessions->len; i++)
    {
      MgSession *s = g_ptr_array_index (sessions, i);

      g_hash_table_insert (names, &s->id, s->name);
    }
  if (scope.session > 0 && !g_hash_table_contains (names, &scope.session))
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                   _("There is no session %lld"), (long long) scope.session);
      return NULL;
    }

  if (scope.player != NULL && g_strcmp0 (scope.player, "GM") != 0 &&
      !g_strv_contains (mg_campaign_get_players (campaign), scope.player))
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                   _("There is no player “%s” in this campaign"), scope.player);
      return NULL;
    }

  *sessions_out = g_steal_pointer (&sessions);
  return g_steal_pointer (&names);
}

/* What to read, and the span the progress counts over. */
static gboolean
scope_filter (MgCampaign *campaign, MgExportScope scope, MgExportFormat format, gint64 current_session,
              MgJournalFilter *filter_out, Walk *w, GError **error)
{
  MgJournalFilter filter = { 0 };

  filter.turn = scope.turn;
  filter.session = scope.session;
  filter.actor = scope.player;
  filter.fields = MG_JOURNAL_READ_DICE | MG_JOURNAL_READ_SAID | (format == MG_EXPORT_JSON ? MG_JOURNAL_READ_EVENTS : 0);
  if (scope.turn > 0 && scope.session == 0)
    {
      MgJournalFilter here = { .turn = scope.turn, .session = current_session };
      gboolean found;

      /* The current session's turn if it has that turn, else wherever it was played. */
      if (!mg_campaign_journal_any (campaign, &here, &found, error))
        return FALSE;
      filter.session = found ? current_session : 0;
    }
  if (filter.session > 0 && scope.turn == 0 &&
      !mg_campaign_session_span (campaign, filter.session, &filter.first_seq, &filter.last_seq, error))
    return FALSE;
  w->first_seq = filter.first_seq > 0 ? filter.first_seq : 1;
  w->span = filter.session > 0 && scope.turn == 0 ? filter.last_seq - filter.first_seq + 1
           : scope.turn > 0 ? 0 : mg_campaign_journal_count (campaign);

  *filter_out = filter;
  return TRUE;
}

/* The scope's heading in doc, and the standing's heading (g_free); *plain_scope gets the scope's
 * heading without the player when there is one. */
static char *
scope_headings (MgExportDoc *doc, const MgRules *rules, MgExportScope scope, GHashTable *names,
                char **plain_scope)
{
  char *standing_heading = NULL;

  switch (doc->kind)
    {
    case MG_EXPORT_SCOPE_TURN:
      doc->scope_text = turn_heading (rules->id, scope.turn);
      standing_heading = standing_heading_for (rules->id, scope.turn);
      break;
    case MG_EXPORT_SCOPE_SESSION:
      doc->scope_text = mg_export_session_heading (scope.session, g_hash_table_lookup (names, &scope.session));
      standing_heading = g_strdup_printf (_("Standing after session %lld"), (long long) scope.session);
      break;
    default:
      doc->scope_text = g_strdup (_("The whole campaign"));
      /* Translators: a heading, the game's state after the exported actions (the standings),
       * not a figure's posture. */
      standing_heading = g_strdup (C_("standings", "Standing"));
      break;
    }
  if (scope.player != NULL)
    {
      /* TRANSLATORS: the scope of an export limited to one player: "Turn 3 — Red's actions" */
      char *text = g_strdup_printf (_("%s — %s’s actions"), doc->scope_text, scope.player);

      *plain_scope = doc->scope_text;
      doc->scope_text = text;
    }

  return standing_heading;
}

/* The game's own sections (MgGame.export_sections), from the public view. */
static void
render_sections (MgCampaign *campaign, MgExportDoc *doc, const MgExportRenderer *renderer, json_object *view)
{
  const MgGame *game = mg_game_lookup (doc->game_id);
  g_autoptr(ExportJson) sections = NULL;

  if (game == NULL || game->export_sections == NULL ||
      (sections = game->export_sections (mg_campaign_get_ruleset (campaign), view)) == NULL)
    return;
  for (size_t i = 0; i < json_object_array_length (sections); i++)
    {
      json_object *section = json_object_array_get_idx (sections, i);
      json_object *title = json_object_object_get (section, "title");
      json_object *text = json_object_object_get (section, "text");
      json_object *body = json_object_object_get (section, "view");

      if (!json_object_is_type (title, json_type_string))
        continue;
      (renderer->section != NULL ? renderer->section : renderer->standing)
        (doc, json_object_get_string (title), body,
         json_object_is_type (text, json_type_string) ? json_object_get_string (text) : NULL);
      doc->n_sections++;
    }
}

/* The standing as the table saw it at the end of the scope, as everyone may see it. */
static gboolean
render_standing (MgCampaign *campaign, MgExportDoc *doc, const MgExportRenderer *renderer,
                 gint64 last_seq, const char *standing_heading, GError **error)
{
  g_autoptr(ExportJson) view = NULL;
  g_autofree char *standing_text = NULL;

  if (doc->kind == MG_EXPORT_SCOPE_CAMPAIGN)
    {
      view = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
      standing_text = mg_state_describe (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    }
  else
    {
      g_autoptr(MgState) state = mg_campaign_state_at (campaign, last_seq, error);

      if (state == NULL)
        return FALSE;
      view = mg_state_view (state, MG_SEAT_PUBLIC);
      standing_text = mg_state_describe (state, MG_SEAT_PUBLIC);
    }
  renderer->standing (doc, standing_heading, view, standing_text);
  render_sections (campaign, doc, renderer, view);
  return TRUE;
}

/* Renders with `renderer` into `out` (NULL for the page renderer, which fills doc->pages).
 * current_session: the session a turn-only scope looks in first. */
static gboolean
export_render (MgCampaign      *campaign,
               const MgExportRenderer *renderer,
               MgExportFormat   format,
               MgExportScope    scope,
               gint64           current_session,
               gboolean         narrate,
               FILE            *out,
               GPtrArray       *pages,
               MgExportProgress progress,
               gpointer         progress_data,
               const MgExportStop *stop,
               GError         **error)
{
  const MgRules *rules = mg_campaign_get_rules (campaign);
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autofree char *standing_heading = NULL;
  g_autofree char *plain_scope = NULL;
  MgJournalFilter filter = { 0 };
  MgExportDoc doc = { 0 };
  g_autoptr(MgNarrator) narrator = narrate ? mg_narrator_new (campaign) : NULL;
  Walk w = { 0 };
  gboolean ok = FALSE;

  if (renderer == NULL)
    {
      g_set_error_literal (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_BAD_FORMAT,
                           format == MG_EXPORT_PDF ? _("This program was built without PDF export")
                                                   : _("Unknown export format"));
      return FALSE;
    }
  if (scope.turn < 0 || scope.session < 0)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                   _("Turns and sessions are numbered from 1"));
      return FALSE;
    }

  names = scope_sessions (campaign, scope, &sessions, error);
  if (names == NULL)
    return FALSE;

  if (!scope_filter (campaign, scope, format, current_session, &filter, &w, error))
    return FALSE;

  doc.out = out;
  doc.pages = pages;
  doc.scope = scope;
  doc.kind = scope.turn > 0 ? MG_EXPORT_SCOPE_TURN
             : scope.session > 0 ? MG_EXPORT_SCOPE_SESSION : MG_EXPORT_SCOPE_CAMPAIGN;
  doc.campaign = g_strdup (mg_campaign_get_name (campaign));
  doc.fingerprint = mg_campaign_dup_shared_fingerprint (campaign);
  /* Translators: the journal's fingerprint, which players compare with their own copy's. */
  doc.fingerprint_text = doc.fingerprint ? g_strdup_printf (_("Journal fingerprint %s"), doc.fingerprint) : NULL;
  doc.game_id = g_strdup (rules->id);
  doc.game_name = g_strdup (_(rules->name));
  doc.players = g_strdupv ((char **) mg_campaign_get_players (campaign));
  doc.names = mg_export_ruleset_names (mg_campaign_get_ruleset (campaign));
  doc.wants_events = format == MG_EXPORT_JSON;
  standing_heading = scope_headings (&doc, rules, scope, names, &plain_scope);

  w.campaign = campaign;
  w.doc = &doc;
  w.renderer = renderer;
  w.session_names = names;
  w.ruleset = mg_campaign_get_ruleset (campaign);
  w.stop = stop;
  w.progress = progress;
  w.progress_data = progress_data;
  w.last_reported = -1;
  w.narrator = narrator;

  if (stopped (stop, error))
    goto out;
  renderer->begin (&doc);
  if (!mg_campaign_journal_read (campaign, &filter, walk_row, &w, error))
    goto out;
  walk_close_turn (&w);
  if (w.open_session != 0)
    renderer->session_end (&doc);

  if (w.n_rows == 0 && (doc.kind != MG_EXPORT_SCOPE_CAMPAIGN || scope.player != NULL))
    {
      if (scope.player != NULL)
        g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                     _("%s took no action in %s"), scope.player,
                     doc.kind == MG_EXPORT_SCOPE_CAMPAIGN ? _("this campaign") : plain_scope);
      else if (doc.kind == MG_EXPORT_SCOPE_TURN)
        g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                     _("Turn %d has no actions"), scope.turn);
      else
        g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                     _("Session %lld has no actions"), (long long) scope.session);
      goto out;
    }

  if (!render_standing (campaign, &doc, renderer, w.last_seq, standing_heading, error))
    goto out;
  mg_export_chronicle (campaign, &doc, renderer, format, w.last_seq);
  ok = renderer->end (&doc, error);
  if (ok && progress != NULL)
    progress (1.0, progress_data);

out:
  doc_clear (&doc);
  return ok;
}

/* Writes to a temporary file beside out_path, then renames it over out_path: a reader
 * (or a crash) sees the old file or the new one, never half of one. */
gboolean
mg_export_to_file (MgCampaign      *campaign,
                   MgExportFormat   format,
                   MgExportScope    scope,
                   gint64           current_session,
                   gboolean         narrate,
                   const char      *out_path,
                   MgExportProgress progress,
                   gpointer         progress_data,
                   const MgExportStop *stop,
                   GError         **error)
{
  g_autofree char *dir = g_path_get_dirname (out_path);
  g_autofree char *base = g_path_get_basename (out_path);
  g_autofree char *tmp = NULL;
  FILE *out;
  int fd;
  gboolean ok;

  if (renderer_for (format) == NULL)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_BAD_FORMAT, _("Unknown export format"));
      return FALSE;
    }
  if (!mg_store_refuse_if_attached (out_path, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE, error))
    return FALSE;
  tmp = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0 || (out = fdopen (fd, "wb")) == NULL)
    {
      int saved = errno;

      if (fd >= 0)
        {
          close (fd);
          g_unlink (tmp);
        }
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE,
                   _("Cannot write %s: %s"), out_path, g_strerror (saved));
      return FALSE;
    }

  ok = export_render (campaign, renderer_for (format), format, scope, current_session, narrate, out, NULL,
                      progress, progress_data, stop, error);
  if (ok && (fflush (out) != 0 || ferror (out) || fsync (fileno (out)) != 0))
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE,
                   _("Cannot write %s: %s"), out_path, g_strerror (errno));
      ok = FALSE;
    }
  if (fclose (out) != 0 && ok)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE,
                   _("Cannot write %s: %s"), out_path, g_strerror (errno));
      ok = FALSE;
    }
  if (ok && g_rename (tmp, out_path) != 0)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE,
                   _("Cannot write %s: %s"), out_path, g_strerror (errno));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (tmp);
  return ok;
}

gboolean
mg_export_write (MgCampaign     *campaign,
                 MgExportFormat  format,
                 MgExportScope   scope,
                 const char     *out_path,
                 GError        **error)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (out_path != NULL, FALSE);

  /* The CLI's: each row told again in the language of the moment, as the app's exports (through
   * mg-export-async.c) are: a French export holds no sentence stored in English (issue 45). */
  return mg_export_to_file (campaign, format, scope, mg_campaign_get_session (campaign), TRUE,
                            out_path, NULL, NULL, NULL, error);
}

/* mg_export_pages (mg-export-pdf.c) through the renderer it registered. */
gboolean
mg_export_render_pages (MgCampaign *campaign, MgExportScope scope, GPtrArray *pages,
                        const MgExportStop *stop, GError **error)
{
  return export_render (campaign, mg_export_pdf_renderer, MG_EXPORT_PDF, scope,
                        mg_campaign_get_session (campaign), TRUE, NULL, pages, NULL, NULL, stop, error);
}

gboolean
mg_export_has_pdf (void)
{
  return mg_export_pdf_renderer != NULL;
}
