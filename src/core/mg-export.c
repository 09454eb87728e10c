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

#include "mg-export-private.h"

typedef json_object ExportJson;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExportJson, json_object_put)

#define PAGE_ROWS 1000

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

/* "actions_allowed" -> "actions allowed" */
static char *
label_text (const char *key)
{
  char *label = g_strdup (key);

  g_strdelimit (label, "_", ' ');
  return label;
}

static void
append_value (GString *out, json_object *value)
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
      g_string_append (out, json_object_get_string (value));
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
            append_value (out, json_object_array_get_idx (value, i));
          }
      }
      break;
    case json_type_object:
      {
        gboolean first = TRUE;

        json_object_object_foreach (value, key, member)
          {
            g_autofree char *label = label_text (key);

            if (!first)
              g_string_append (out, ", ");
            first = FALSE;
            if (json_object_is_type (member, json_type_object))
              g_string_append_printf (out, "%s (", label);
            else
              g_string_append_printf (out, "%s ", label);
            append_value (out, member);
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
value_text (json_object *value)
{
  GString *out = g_string_new (NULL);

  append_value (out, value);
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
table_new (json_object *array)
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
          (void) member;
          if (!g_ptr_array_find_with_equal_func (keys, key, g_str_equal, NULL))
            {
              g_ptr_array_add (keys, key);
              g_ptr_array_add (table->labels, label_text (key));
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
            cells[k] = value_text (member);
          else
            cells[k] = g_strdup ("");
        }
      g_ptr_array_add (table->rows, cells);
    }
  return table;
}

MgExportStanding *
mg_export_standing_new (json_object *view)
{
  MgExportStanding *standing = g_new0 (MgExportStanding, 1);

  standing->fact_labels = g_ptr_array_new_with_free_func (g_free);
  standing->fact_values = g_ptr_array_new_with_free_func (g_free);
  standing->table_names = g_ptr_array_new_with_free_func (g_free);
  standing->tables = g_ptr_array_new_with_free_func (table_free);

  if (!json_object_is_type (view, json_type_object))
    return standing;
  json_object_object_foreach (view, key, member)
    {
      /* The title already names the game. */
      if (g_str_equal (key, "game"))
        continue;
      if (is_table (member))
        {
          g_ptr_array_add (standing->table_names, label_text (key));
          g_ptr_array_add (standing->tables, table_new (member));
        }
      else
        {
          g_ptr_array_add (standing->fact_labels, label_text (key));
          g_ptr_array_add (standing->fact_values, value_text (member));
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

/* Escapes what Markdown would read as markup, so a name like "*Bob*" stays text. */
static void
md_put (FILE *out, const char *text)
{
  for (const char *p = text; *p; p++)
    {
      if (strchr ("\\`*_[]<>|#", *p) != NULL)
        fputc ('\\', out);
      fputc (*p, out);
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
  fputs ("\n", doc->out);
}

char *
mg_export_session_heading (gint64 id, const char *name)
{
  g_autofree char *plain = g_strdup_printf (_("Session %lld"), (long long) id);

  /* A session named after its number needs the number only once. */
  if (name == NULL || *name == '\0' || g_str_equal (name, plain))
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
md_turn (MgExportDoc *doc, gint turn, const char *sentence, json_object *actions)
{
  fputs ("\n", doc->out);
  md_put (doc->out, sentence);
  fputs ("\n", doc->out);
}

static void
md_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  g_autoptr(MgExportStanding) st = mg_export_standing_new (text == NULL ? view : NULL);

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
      MgExportTable *table = g_ptr_array_index (st->tables, t);

      fputs ("\n", doc->out);
      for (guint c = 0; c < table->labels->len; c++)
        {
          fputs ("| ", doc->out);
          md_put (doc->out, g_ptr_array_index (table->labels, c));
          fputs (" ", doc->out);
        }
      fputs ("|\n", doc->out);
      for (guint c = 0; c < table->labels->len; c++)
        fputs ("|---", doc->out);
      fputs ("|\n", doc->out);
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **cells = g_ptr_array_index (table->rows, r);

          for (guint c = 0; cells[c] != NULL; c++)
            {
              fputs ("| ", doc->out);
              md_put (doc->out, cells[c]);
              fputs (" ", doc->out);
            }
          fputs ("|\n", doc->out);
        }
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
  md_begin, md_session_begin, nothing, md_turn, md_standing, nothing_more,
};

/* -------------------------------------------------------------------- HTML */

static void
html_put (FILE *out, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  fputs (escaped, out);
}

static const char html_style[] =
  "body{font-family:Cantarell,'Noto Sans',sans-serif;max-width:46em;margin:2em auto;padding:0 1em;"
  "line-height:1.5;color:#241f31;background:#fff}"
  "h1{margin-bottom:.2em}"
  ".sub{color:#5e5c64;margin-top:0}"
  "h2{border-bottom:1px solid #deddda;padding-bottom:.2em;margin-top:1.6em}"
  ".turn b{white-space:nowrap}"
  "table{border-collapse:collapse;margin:.8em 0}"
  "th,td{border:1px solid #deddda;padding:.2em .6em;text-align:left}"
  "th{background:#f6f5f4}"
  "dl{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}"
  "dt{font-weight:bold}dd{margin:0}"
  "@media (prefers-color-scheme:dark){body{background:#242424;color:#fff}"
  "th{background:#303030}th,td{border-color:#454545}.sub{color:#c0bfbc}}";

static void
html_begin (MgExportDoc *doc)
{
  g_autofree char *players = g_strjoinv (", ", doc->players);

  fputs ("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width\">\n<title>", doc->out);
  html_put (doc->out, doc->campaign);
  fputs ("</title>\n<style>", doc->out);
  fputs (html_style, doc->out);
  fputs ("</style>\n</head>\n<body>\n<h1>", doc->out);
  html_put (doc->out, doc->campaign);
  fputs ("</h1>\n<p class=\"sub\">", doc->out);
  html_put (doc->out, doc->game_name);
  fputs (" — ", doc->out);
  html_put (doc->out, players);
  fputs ("<br>", doc->out);
  html_put (doc->out, doc->scope_text);
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
html_turn (MgExportDoc *doc, gint turn, const char *sentence, json_object *actions)
{
  fputs ("<p class=\"turn\">", doc->out);
  html_put (doc->out, sentence);
  fputs ("</p>\n", doc->out);
}

static void
html_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  g_autoptr(MgExportStanding) st = mg_export_standing_new (text == NULL ? view : NULL);

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

      fputs ("<table>\n<tr>", doc->out);
      for (guint c = 0; c < table->labels->len; c++)
        {
          fputs ("<th>", doc->out);
          html_put (doc->out, g_ptr_array_index (table->labels, c));
          fputs ("</th>", doc->out);
        }
      fputs ("</tr>\n", doc->out);
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
      fputs ("</table>\n", doc->out);
    }
}

static gboolean
html_end (MgExportDoc *doc, GError **error)
{
  fputs ("</body>\n</html>\n", doc->out);
  return TRUE;
}

static const MgExportRenderer html_renderer = {
  html_begin, html_session_begin, nothing, html_turn, html_standing, html_end,
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

static void
json_begin (MgExportDoc *doc)
{
  g_autoptr(ExportJson) players = json_object_new_array ();
  static const char * const kinds[] = { "campaign", "session", "turn" };

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

static void
json_turn (MgExportDoc *doc, gint turn, const char *sentence, json_object *actions)
{
  fprintf (doc->out, "%s\n{\"turn\":%d,\"text\":", doc->first_turn ? "" : ",", turn);
  json_put_string (doc->out, sentence);
  fputs (",\"actions\":", doc->out);
  json_put (doc->out, actions);
  fputs ("}", doc->out);
  doc->first_turn = FALSE;
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

static gboolean
json_end (MgExportDoc *doc, GError **error)
{
  fputs ("}\n", doc->out);
  return TRUE;
}

static const MgExportRenderer json_renderer = {
  json_begin, json_session_begin, json_session_end, json_turn, json_standing, json_end,
};

/* ------------------------------------------------------------------ walker */

typedef struct {
  MgCampaign       *campaign;
  MgExportDoc      *doc;
  const MgExportRenderer *renderer;
  GHashTable       *session_names;   /* id -> name */
  gint64            session_filter;  /* 0 = any */
  gint              turn_filter;     /* 0 = any */
  const char       *player_filter;   /* NULL = anyone */
  /* the turn being gathered */
  gint64            open_session;    /* 0 = none yet */
  gint              group_turn;
  gboolean          group_open;
  GString          *sentence;
  json_object      *actions;
  gint64            last_seq;        /* last active row written */
  guint             n_rows;
} Walk;

static void
walk_flush_turn (Walk *w)
{
  g_autofree char *text = NULL;

  if (!w->group_open)
    return;
  text = g_strdup_printf (_("Turn %d — %s"), w->group_turn, w->sentence->str);
  w->renderer->turn (w->doc, w->group_turn, text, w->actions);
  g_string_truncate (w->sentence, 0);
  json_object_put (w->actions);
  w->actions = json_object_new_array ();
  w->group_open = FALSE;
}

/* The events everyone may see: those without a "seat". */
static json_object *
public_events (const char *text)
{
  g_autoptr(ExportJson) all = text != NULL ? json_tokener_parse (text) : NULL;
  json_object *pub = json_object_new_array ();
  size_t n;

  if (all == NULL || !json_object_is_type (all, json_type_array))
    return pub;
  n = json_object_array_length (all);
  for (size_t i = 0; i < n; i++)
    {
      json_object *event = json_object_array_get_idx (all, i);

      if (json_object_is_type (event, json_type_object)
          && !json_object_object_get_ex (event, "seat", NULL))
        json_object_array_add (pub, json_object_get (event));
    }
  return pub;
}

static void
walk_row (Walk *w, const MgJournalEntry *e)
{
  if (e->undone)
    return;
  if (w->session_filter > 0 && e->session != w->session_filter)
    return;
  if (w->turn_filter > 0 && e->turn != w->turn_filter)
    return;
  if (w->player_filter != NULL && g_strcmp0 (e->actor, w->player_filter) != 0)
    return;

  if (w->group_open && (e->turn != w->group_turn || e->session != w->open_session))
    walk_flush_turn (w);
  if (e->session != w->open_session)
    {
      if (w->open_session != 0)
        w->renderer->session_end (w->doc);
      w->open_session = e->session;
      w->renderer->session_begin (w->doc, e->session,
                                  g_hash_table_lookup (w->session_names, &e->session));
    }
  if (!w->group_open)
    {
      w->group_open = TRUE;
      w->group_turn = e->turn;
    }
  if (e->summary != NULL && *e->summary)
    {
      if (w->sentence->len > 0)
        g_string_append_c (w->sentence, ' ');
      g_string_append (w->sentence, e->summary);
    }
  if (w->doc->wants_events)
    {
      json_object *row = json_object_new_object ();

      json_object_object_add (row, "seq", json_object_new_int64 (e->seq));
      json_object_object_add (row, "actor", json_object_new_string (e->actor != NULL ? e->actor : ""));
      json_object_object_add (row, "summary", json_object_new_string (e->summary != NULL ? e->summary : ""));
      json_object_object_add (row, "events", public_events (e->events));
      json_object_array_add (w->actions, row);
    }
  w->last_seq = e->seq;
  w->n_rows++;
}

/* Does any active row of the journal match (session, turn)?  Used to pick the session of a
 * turn-only scope: the current one when it has that turn, else wherever the turn was played. */
static gboolean
journal_has (MgCampaign *campaign, gint64 session, gint turn, gboolean *found, GError **error)
{
  gint64 count = mg_campaign_journal_count (campaign);

  *found = FALSE;
  for (gint64 offset = 0; offset < count && !*found; offset += PAGE_ROWS)
    {
      g_autoptr(GPtrArray) page = mg_campaign_journal_range (campaign, offset, PAGE_ROWS, error);

      if (page == NULL)
        return FALSE;
      if (page->len == 0)
        break;
      for (guint i = 0; i < page->len && !*found; i++)
        {
          const MgJournalEntry *e = g_ptr_array_index (page, i);

          *found = !e->undone && e->turn == turn && (session == 0 || e->session == session);
        }
    }
  return TRUE;
}

typedef void (*ProgressFunc) (double fraction, gpointer data);

static void
doc_clear (MgExportDoc *doc)
{
  g_free (doc->campaign);
  g_free (doc->game_id);
  g_free (doc->game_name);
  g_strfreev (doc->players);
  g_free (doc->scope_text);
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
    case MG_EXPORT_PDF:      return &mg_export_pdf_renderer;
    default:                 return NULL;
    }
}

/* Renders into `out`.  current_session: the session a turn-only scope looks in first. */
static gboolean
export_render (MgCampaign      *campaign,
               MgExportFormat   format,
               MgExportScope    scope,
               gint64           current_session,
               FILE            *out,
               ProgressFunc     progress,
               gpointer         progress_data,
               GCancellable    *cancellable,
               GError         **error)
{
  const MgRules *rules = mg_campaign_get_rules (campaign);
  const MgExportRenderer *renderer = renderer_for (format);
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(ExportJson) view = NULL;
  g_autofree char *standing_heading = NULL;
  g_autofree char *standing_text = NULL;
  g_autofree char *plain_scope = NULL;
  MgExportDoc doc = { 0 };
  Walk w = { 0 };
  gint64 count, offset;
  double last_reported = -1;
  gboolean ok = FALSE;

  if (renderer == NULL)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_BAD_FORMAT, _("Unknown export format"));
      return FALSE;
    }
  if (scope.turn < 0 || scope.session < 0)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                   _("Turns and sessions are numbered from 1"));
      return FALSE;
    }

  sessions = mg_campaign_list_sessions (campaign, error);
  if (sessions == NULL)
    return FALSE;
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
      return FALSE;
    }

  if (scope.player != NULL && g_strcmp0 (scope.player, "GM") != 0 &&
      !g_strv_contains (mg_campaign_get_players (campaign), scope.player))
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE,
                   _("There is no player “%s” in this campaign"), scope.player);
      return FALSE;
    }
  w.session_filter = scope.session;
  w.turn_filter = scope.turn;
  w.player_filter = scope.player;
  if (scope.turn > 0 && scope.session == 0)
    {
      gboolean found;

      if (!journal_has (campaign, current_session, scope.turn, &found, error))
        return FALSE;
      w.session_filter = found ? current_session : 0;
    }

  doc.out = out;
  doc.scope = scope;
  doc.kind = scope.turn > 0 ? MG_EXPORT_SCOPE_TURN
             : scope.session > 0 ? MG_EXPORT_SCOPE_SESSION : MG_EXPORT_SCOPE_CAMPAIGN;
  doc.campaign = g_strdup (mg_campaign_get_name (campaign));
  doc.game_id = g_strdup (rules->id);
  doc.game_name = g_strdup (_(rules->name));
  doc.players = g_strdupv ((char **) mg_campaign_get_players (campaign));
  doc.wants_events = format == MG_EXPORT_JSON;
  switch (doc.kind)
    {
    case MG_EXPORT_SCOPE_TURN:
      doc.scope_text = g_strdup_printf (_("Turn %d"), scope.turn);
      standing_heading = g_strdup_printf (_("Standing after turn %d"), scope.turn);
      break;
    case MG_EXPORT_SCOPE_SESSION:
      doc.scope_text = mg_export_session_heading (scope.session, g_hash_table_lookup (names, &scope.session));
      standing_heading = g_strdup_printf (_("Standing after session %lld"), (long long) scope.session);
      break;
    default:
      doc.scope_text = g_strdup (_("The whole campaign"));
      standing_heading = g_strdup (_("Standing"));
      break;
    }
  if (scope.player != NULL)
    {
      /* TRANSLATORS: the scope of an export limited to one player: "Turn 3 — Red's actions" */
      char *text = g_strdup_printf (_("%s — %s’s actions"), doc.scope_text, scope.player);

      plain_scope = doc.scope_text;
      doc.scope_text = text;
    }

  w.campaign = campaign;
  w.doc = &doc;
  w.renderer = renderer;
  w.session_names = names;
  w.sentence = g_string_new (NULL);
  w.actions = json_object_new_array ();

  renderer->begin (&doc);

  count = mg_campaign_journal_count (campaign);
  for (offset = 0; offset < count; )
    {
      g_autoptr(GPtrArray) page = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;
      page = mg_campaign_journal_range (campaign, offset, PAGE_ROWS, error);
      if (page == NULL)
        goto out;
      if (page->len == 0)
        break;
      for (guint i = 0; i < page->len; i++)
        walk_row (&w, g_ptr_array_index (page, i));
      offset += page->len;
      if (progress != NULL && (double) offset / count - last_reported >= 0.01)
        {
          last_reported = (double) offset / count;
          progress (0.95 * last_reported, progress_data);
        }
    }
  walk_flush_turn (&w);
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

  /* The standing as the table saw it at the end of the scope, as everyone may see it. */
  if (doc.kind == MG_EXPORT_SCOPE_CAMPAIGN)
    {
      view = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
      standing_text = mg_state_describe (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    }
  else
    {
      g_autoptr(MgState) state = mg_campaign_state_at (campaign, w.last_seq, error);

      if (state == NULL)
        goto out;
      view = mg_state_view (state, MG_SEAT_PUBLIC);
      standing_text = mg_state_describe (state, MG_SEAT_PUBLIC);
    }
  renderer->standing (&doc, standing_heading, view, standing_text);
  ok = renderer->end (&doc, error);
  if (ok && progress != NULL)
    progress (1.0, progress_data);

out:
  g_string_free (w.sentence, TRUE);
  json_object_put (w.actions);
  doc_clear (&doc);
  return ok;
}

/* Writes to a temporary file beside out_path, then renames it over out_path: a reader
 * (or a crash) sees the old file or the new one, never half of one. */
static gboolean
export_to_file (MgCampaign      *campaign,
                MgExportFormat   format,
                MgExportScope    scope,
                gint64           current_session,
                const char      *out_path,
                ProgressFunc     progress,
                gpointer         progress_data,
                GCancellable    *cancellable,
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

  ok = export_render (campaign, format, scope, current_session, out,
                      progress, progress_data, cancellable, error);
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

  return export_to_file (campaign, format, scope, mg_campaign_get_session (campaign), out_path,
                         NULL, NULL, NULL, error);
}

/* ------------------------------------------------------------------- async */

typedef struct {
  char            *path;
  MgExportFormat   format;
  MgExportScope    scope;
  gint64           current_session;
  char            *out_path;
  MgExportProgress progress;
  gpointer         progress_data;
  GMainContext    *context;
} ExportTask;

static void
export_task_free (gpointer data)
{
  ExportTask *t = data;

  g_free (t->path);
  g_free (t->out_path);
  g_free ((char *) t->scope.player);
  g_main_context_unref (t->context);
  g_free (t);
}

typedef struct {
  MgExportProgress progress;
  gpointer         data;
  double           fraction;
} ProgressReport;

static gboolean
progress_dispatch (gpointer data)
{
  ProgressReport *r = data;

  r->progress (r->fraction, r->data);
  return G_SOURCE_REMOVE;
}

/* Runs in the worker thread: the report is delivered on the caller's main context. */
static void
progress_post (double fraction, gpointer data)
{
  ExportTask *t = data;
  ProgressReport *r;

  if (t->progress == NULL)
    return;
  r = g_new (ProgressReport, 1);
  r->progress = t->progress;
  r->data = t->progress_data;
  r->fraction = fraction;
  g_main_context_invoke_full (t->context, G_PRIORITY_DEFAULT, progress_dispatch, r, g_free);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportTask *t = task_data;
  g_autoptr(MgCampaign) campaign = NULL;
  GError *error = NULL;

  /* SQLite connections stay in the thread that opened them: this thread opens its own. */
  campaign = mg_campaign_open (t->path, &error);
  if (campaign == NULL
      || !export_to_file (campaign, t->format, t->scope, t->current_session, t->out_path,
                          progress_post, t, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
mg_export_write_async (MgCampaign         *campaign,
                       MgExportFormat      format,
                       MgExportScope       scope,
                       const char         *out_path,
                       MgExportProgress    progress,
                       gpointer            progress_data,
                       GCancellable       *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportTask *t;

  g_return_if_fail (MG_IS_CAMPAIGN (campaign));
  g_return_if_fail (out_path != NULL);

  task = g_task_new (campaign, cancellable, callback, user_data);
  g_task_set_source_tag (task, mg_export_write_async);
  t = g_new0 (ExportTask, 1);
  t->path = g_strdup (mg_campaign_get_path (campaign));
  t->format = format;
  t->scope = scope;
  t->scope.player = g_strdup (scope.player);   /* the caller's string may not outlive the thread */
  t->current_session = mg_campaign_get_session (campaign);
  t->out_path = g_strdup (out_path);
  t->progress = progress;
  t->progress_data = progress_data;
  t->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, t, export_task_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
mg_export_write_finish (MgCampaign *campaign, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, campaign), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
