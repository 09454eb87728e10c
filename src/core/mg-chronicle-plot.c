/* mg-chronicle-plot.c — where a Chronicle chart's points fall, its colours and its words: shared by the widget, SVG and PDF. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mg-chronicle.h"
#include "mg-chronicle-plot.h"

/* ---- colours ---------------------------------------------------------------------------------- */

static gboolean
parse_hex (const char *hex, double rgb[3])
{
  guint v;

  if (hex == NULL || hex[0] != '#' || strlen (hex) != 7 || sscanf (hex + 1, "%6x", &v) != 1)
    return FALSE;
  rgb[0] = ((v >> 16) & 0xff) / 255.0;
  rgb[1] = ((v >> 8) & 0xff) / 255.0;
  rgb[2] = (v & 0xff) / 255.0;
  return TRUE;
}

/* The seat colours the games' pages draw (mg-lamame-util.c, mg-players-display.c). */
static const char *
seat_hex (const char *name)
{
  static const struct { const char *name, *hex; } palette[] = {
    { "red", "#c01c28" }, { "blue", "#1c71d8" }, { "green", "#26a269" }, { "yellow", "#e5a50a" },
    { "purple", "#813d9c" }, { "orange", "#e66100" }, { "brown", "#865e3c" }, { "black", "#3d3846" },
    { "white", "#deddda" }, { "grey", "#77767b" }, { "gray", "#77767b" },
  };

  if (name == NULL)
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (palette); i++)
    if (g_ascii_strcasecmp (name, palette[i].name) == 0)
      return palette[i].hex;
  return name[0] == '#' ? name : NULL;
}

static double
channel (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

double
mg_chronicle_luminance (const double rgb[3])
{
  return 0.2126 * channel (rgb[0]) + 0.7152 * channel (rgb[1]) + 0.0722 * channel (rgb[2]);
}

double
mg_chronicle_contrast (const double a[3], const double b[3])
{
  double la = mg_chronicle_luminance (a), lb = mg_chronicle_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
mg_chronicle_colour (const char *colour, const char *name, guint index, gboolean dark, double rgb[3])
{
  /* Figures and the like, which have no seat: GNOME's palette, in an order that keeps
   * neighbours apart. */
  static const char * const others[] = {
    "#1c71d8", "#e66100", "#26a269", "#c01c28", "#813d9c", "#865e3c", "#2190a4", "#c64600",
  };
  const double *bg = dark ? MG_CHRONICLE_BG_DARK : MG_CHRONICLE_BG_LIGHT;
  double towards = dark ? 1.0 : 0.0;

  if (!parse_hex (seat_hex (colour), rgb) && !parse_hex (seat_hex (name), rgb))
    parse_hex (others[index % G_N_ELEMENTS (others)], rgb);
  /* WCAG's 3:1 for graphics against the page: move towards the text's colour until it holds. */
  for (guint step = 0; step < 20 && mg_chronicle_contrast (rgb, bg) < 3.0; step++)
    for (guint i = 0; i < 3; i++)
      rgb[i] += (towards - rgb[i]) * 0.12;
}

/* ---- words ------------------------------------------------------------------------------------ */

char *
mg_chronicle_format_value (double value)
{
  if (value == floor (value) && fabs (value) < 1e15)
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.1f", value);
}

/* The value of a series at the window's end. */
static double
last_value (const MgChronicleSeries *s)
{
  return s->points->len > 0 ? g_array_index (s->points, MgChroniclePoint, s->points->len - 1).value : s->start;
}

char *
mg_chronicle_describe (const MgChronicleData *data, const MgChronicleWindow *window)
{
  GString *text = g_string_new (NULL);
  guint shown = 0;

  g_string_append_printf (text, "%s. ", _(data->chart->description));
  for (guint i = 0; i < data->series->len; i++)
    {
      const MgChronicleSeries *s = g_ptr_array_index (data->series, i);
      g_autofree char *value = NULL;

      if (s->points->len == 0 && !s->has_start)
        continue;
      value = mg_chronicle_format_value (last_value (s));
      /* TRANSLATORS: one series of a chart and its value at the end: "Red 12" */
      g_string_append_printf (text, shown++ ? _(", %s %s") : "%s %s", s->name, value);
    }
  if (shown == 0)
    g_string_append (text, _("Nothing yet."));
  else
    /* TRANSLATORS: the end of a chart's description: the journal rows it covers */
    g_string_append_printf (text, _(" (journal rows %lld to %lld)."), (long long) window->first_seq,
                            (long long) window->last_seq);
  return g_string_free (text, FALSE);
}

char *
mg_chronicle_point_text (const MgChronicleData *data, const MgChronicleSeries *series,
                         const MgChroniclePoint *point, const char *summary)
{
  g_autofree char *value = mg_chronicle_format_value (point->value);
  GString *text = g_string_new (NULL);

  /* TRANSLATORS: a point of a chart: "Red — Gold 12 · journal row 143" */
  g_string_append_printf (text, _("%s — %s %s · journal row %lld"), series->name,
                          _(data->chart->title), value, (long long) point->seq);
  if (point->note != NULL && point->note[0])
    g_string_append_printf (text, " (%s)", point->note);
  if (summary != NULL && summary[0])
    g_string_append_printf (text, ": %s", summary);
  return g_string_free (text, FALSE);
}

/* ---- geometry --------------------------------------------------------------------------------- */

/* A round step for an axis from 0 to `span` in about four steps: 1, 2, 5 × 10^n. */
static double
nice_step (double span)
{
  double raw = span / 4, magnitude = pow (10, floor (log10 (raw))), f = raw / magnitude;

  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
}

void
mg_chronicle_plot_init (MgChroniclePlot *plot, const MgChronicleData *data,
                        const MgChronicleWindow *window, double width, double height)
{
  double lo = 0, hi = 1;

  for (guint i = 0; i < data->series->len; i++)
    {
      const MgChronicleSeries *s = g_ptr_array_index (data->series, i);

      if (s->has_start)
        lo = MIN (lo, s->start), hi = MAX (hi, s->start);
      for (guint p = 0; p < s->points->len; p++)
        {
          double v = g_array_index (s->points, MgChroniclePoint, p).value;

          lo = MIN (lo, v);
          hi = MAX (hi, v);
        }
    }
  /* The games count in whole numbers: no step below one. */
  plot->step = MAX (nice_step (hi - lo), 1);
  plot->min = floor (lo / plot->step) * plot->step;
  plot->max = ceil (hi / plot->step) * plot->step;
  if (plot->max <= plot->min)
    plot->max = plot->min + plot->step;
  plot->first = window->first_seq;
  plot->last = MAX (window->last_seq, window->first_seq + 1);
  plot->left = MG_CHRONICLE_MARGIN_LEFT;
  plot->top = MG_CHRONICLE_MARGIN_TOP;
  plot->width = MAX (width - MG_CHRONICLE_MARGIN_LEFT - MG_CHRONICLE_MARGIN_RIGHT, 10);
  plot->height = MAX (height - MG_CHRONICLE_MARGIN_TOP - MG_CHRONICLE_MARGIN_BOTTOM, 10);
}

double
mg_chronicle_plot_x (const MgChroniclePlot *plot, gint64 seq)
{
  return plot->left + plot->width * (double) (seq - plot->first) / (double) (plot->last - plot->first);
}

double
mg_chronicle_plot_y (const MgChroniclePlot *plot, double value)
{
  return plot->top + plot->height * (1 - (value - plot->min) / (plot->max - plot->min));
}

/* The steps of one series as a polyline: (x, y) pairs, from the window's start to its end. */
GArray *
mg_chronicle_plot_path (const MgChroniclePlot *plot, const MgChronicleSeries *s)
{
  GArray *xy = g_array_new (FALSE, FALSE, sizeof (double));
  double y = s->has_start ? mg_chronicle_plot_y (plot, s->start) : NAN;
  double x;

  if (s->has_start)
    {
      x = plot->left;
      g_array_append_val (xy, x);
      g_array_append_val (xy, y);
    }
  for (guint p = 0; p < s->points->len; p++)
    {
      const MgChroniclePoint *pt = &g_array_index (s->points, MgChroniclePoint, p);

      x = mg_chronicle_plot_x (plot, pt->seq);
      if (!isnan (y))
        {
          g_array_append_val (xy, x);
          g_array_append_val (xy, y);
        }
      y = mg_chronicle_plot_y (plot, pt->value);
      g_array_append_val (xy, x);
      g_array_append_val (xy, y);
    }
  if (!isnan (y))
    {
      x = plot->left + plot->width;
      g_array_append_val (xy, x);
      g_array_append_val (xy, y);
    }
  return xy;
}
