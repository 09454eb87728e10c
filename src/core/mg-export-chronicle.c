/* mg-export-chronicle.c — the Chronicle's charts in the exports: inline SVG in HTML, drawn in PDF, a plain table in Markdown and JSON. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-chronicle-plot.h"
#include "mg-export-chronicle.h"

MgExportChartFunc mg_export_pdf_chart = NULL;

static gint
compare_seq (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* A whole number as one ("7", not "7.0"). */
static json_object *
number (double value)
{
  if (value == (double) (gint64) value)
    return json_object_new_int64 ((gint64) value);
  return json_object_new_double (value);
}

/* The chart as a table: a row per journal row that moved a series, each series' value then
 * (empty before its first). */
static json_object *
chart_table (const MgChronicleData *data)
{
  g_autoptr(GArray) seqs = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree guint *next = g_new0 (guint, data->series->len + 1);
  json_object *rows = json_object_new_array ();

  for (guint s = 0; s < data->series->len; s++)
    {
      MgChronicleSeries *series = g_ptr_array_index (data->series, s);

      for (guint p = 0; p < series->points->len; p++)
        g_array_append_val (seqs, g_array_index (series->points, MgChroniclePoint, p).seq);
    }
  g_array_sort (seqs, compare_seq);
  for (guint i = 0; i < seqs->len; i++)
    {
      gint64 seq = g_array_index (seqs, gint64, i);
      json_object *row;

      if (i > 0 && g_array_index (seqs, gint64, i - 1) == seq)
        continue;
      row = json_object_new_object ();
      json_object_object_add (row, C_("chronicle", "row"), json_object_new_int64 (seq));
      for (guint s = 0; s < data->series->len; s++)
        {
          MgChronicleSeries *series = g_ptr_array_index (data->series, s);
          GArray *points = series->points;

          while (next[s] < points->len && g_array_index (points, MgChroniclePoint, next[s]).seq <= seq)
            next[s]++;
          json_object_object_add (row, series->name,
                                  next[s] > 0 ? number (g_array_index (points, MgChroniclePoint, next[s] - 1).value)
                                  : series->has_start ? number (series->start) : NULL);
        }
      json_object_array_add (rows, row);
    }
  return rows;
}

static void
html_chart (MgExportDoc *doc, const char *title, const MgChronicleData *data, const MgChronicleWindow *window)
{
  g_autoptr(GString) svg = g_string_new (NULL);
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  mg_chronicle_svg (svg, data, window, 640, 200);
  fprintf (doc->out, "<figure class=\"chronicle\">\n<figcaption>%s</figcaption>\n%s</figure>\n", escaped, svg->str);
}

void
mg_export_chronicle (MgCampaign *campaign, MgExportDoc *doc, const MgExportRenderer *renderer,
                     MgExportFormat format, gint64 last_seq)
{
  g_autoptr(GError) error = NULL;
  MgChronicleWindow *window;

  if (mg_chronicle_of (campaign) == NULL || last_seq <= 0 ||
      (format == MG_EXPORT_PDF && mg_export_pdf_chart == NULL))
    return;
  window = mg_chronicle_window_read (campaign, last_seq, MG_CHRONICLE_ROWS, FALSE, &error);
  if (window == NULL)
    return;
  for (guint c = 0; c < window->charts->len; c++)
    {
      const MgChronicleData *data = g_ptr_array_index (window->charts, c);
      /* TRANSLATORS: an export's heading of a Chronicle chart: "Chronicle: Gold" */
      g_autofree char *title = g_strdup_printf (_("Chronicle: %s"), _(data->chart->title));
      g_autofree char *desc = mg_chronicle_describe (data, window);

      if (data->series->len == 0)
        continue;
      if (format == MG_EXPORT_HTML)
        html_chart (doc, title, data, window);
      else if (format == MG_EXPORT_PDF)
        mg_export_pdf_chart (doc, title, data, window);
      else
        {
          json_object *view = json_object_new_object ();

          json_object_object_add (view, _(data->chart->title), chart_table (data));
          (renderer->section != NULL ? renderer->section : renderer->standing) (doc, title, view, desc);
          doc->n_sections++;
          json_object_put (view);
        }
    }
  mg_chronicle_window_free (window);
}
