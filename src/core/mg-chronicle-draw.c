/* mg-chronicle-draw.c — a Chronicle chart drawn with cairo and pango (the chart widget, the PDF export). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "mg-chronicle-draw.h"

static void
text_at (cairo_t *cr, const char *text, double x, double y, double align, const double fg[3])
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
  cairo_move_to (cr, x - align * w, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_axes (cairo_t *cr, const MgChroniclePlot *plot, const double fg[3])
{
  char first[32], last[32];

  cairo_set_line_width (cr, 0.5);
  for (double v = plot->min; v <= plot->max + plot->step / 2; v += plot->step)
    {
      g_autofree char *label = mg_chronicle_format_value (v);
      double y = round (mg_chronicle_plot_y (plot, v)) + 0.25;

      cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.25);
      cairo_move_to (cr, plot->left, y);
      cairo_line_to (cr, plot->left + plot->width, y);
      cairo_stroke (cr);
      text_at (cr, label, plot->left - 4, y, 1, fg);
    }
  g_snprintf (first, sizeof first, "%lld", (long long) plot->first);
  g_snprintf (last, sizeof last, "%lld", (long long) plot->last);
  text_at (cr, first, plot->left, plot->top + plot->height + 11, 0, fg);
  text_at (cr, last, plot->left + plot->width, plot->top + plot->height + 11, 1, fg);
}

static void
draw_series (cairo_t *cr, const MgChroniclePlot *plot, const MgChronicleData *data, guint i,
             const double rgb[3], gint focus_point)
{
  const MgChronicleSeries *s = g_ptr_array_index (data->series, i);
  g_autoptr(GArray) xy = mg_chronicle_plot_path (plot, s);

  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint k = 0; !data->chart->marks && k + 1 < xy->len; k += 2)
    (k ? cairo_line_to : cairo_move_to) (cr, g_array_index (xy, double, k), g_array_index (xy, double, k + 1));
  cairo_stroke (cr);
  for (guint p = 0; p < s->points->len; p++)
    {
      const MgChroniclePoint *pt = &g_array_index (s->points, MgChroniclePoint, p);
      double x = mg_chronicle_plot_x (plot, pt->seq), y = mg_chronicle_plot_y (plot, pt->value);

      cairo_arc (cr, x, y, data->chart->marks ? 3 : 2, 0, 2 * G_PI);
      cairo_fill (cr);
      if ((gint) p == focus_point)
        {
          cairo_set_line_width (cr, 2);
          cairo_arc (cr, x, y, 6, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }
}

void
mg_chronicle_draw (cairo_t *cr, const MgChronicleData *data, const MgChronicleWindow *window,
                   double width, double height, gboolean dark, gint focus_series, gint focus_point)
{
  const double fg[3] = { dark ? 1.0 : 0.0, dark ? 1.0 : 0.0, dark ? 1.0 : 0.0 };
  MgChroniclePlot plot;
  double legend_x = MG_CHRONICLE_MARGIN_LEFT;

  mg_chronicle_plot_init (&plot, data, window, width, height);
  cairo_save (cr);
  draw_axes (cr, &plot, fg);
  for (guint i = 0; i < data->series->len; i++)
    {
      const MgChronicleSeries *s = g_ptr_array_index (data->series, i);
      double rgb[3];

      mg_chronicle_colour (s->colour, s->name, i, dark, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_rectangle (cr, legend_x, 6, 10, 10);
      cairo_fill (cr);
      text_at (cr, s->name, legend_x + 14, 11, 0, fg);
      legend_x += 24 + 7 * g_utf8_strlen (s->name, -1);
      draw_series (cr, &plot, data, i, rgb, (gint) i == focus_series ? focus_point : -1);
    }
  cairo_restore (cr);
}
