/* mg-chronicle-svg.c — a Chronicle chart as an inline SVG element, for the HTML export. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-plot.h"

static void
hex (GString *out, const double rgb[3])
{
  g_string_append_printf (out, "#%02x%02x%02x", (int) (rgb[0] * 255 + 0.5), (int) (rgb[1] * 255 + 0.5),
                          (int) (rgb[2] * 255 + 0.5));
}

static void
escaped (GString *out, const char *text)
{
  g_autofree char *e = g_markup_escape_text (text, -1);

  g_string_append (out, e);
}

static void
svg_axes (GString *out, const MgChroniclePlot *plot)
{
  for (double v = plot->min; v <= plot->max + plot->step / 2; v += plot->step)
    {
      g_autofree char *label = mg_chronicle_format_value (v);
      double y = mg_chronicle_plot_y (plot, v);

      g_string_append_printf (out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c0bfbc\" stroke-width=\"0.5\"/>"
                              "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n",
                              plot->left, y, plot->left + plot->width, y, plot->left - 4, y + 3, label);
    }
  g_string_append_printf (out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%lld</text>"
                          "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%lld</text>\n",
                          plot->left, plot->top + plot->height + 14, (long long) plot->first,
                          plot->left + plot->width, plot->top + plot->height + 14, (long long) plot->last);
}

static void
svg_polyline (GString *out, GArray *xy, const double rgb[3])
{
  g_string_append (out, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"");
  hex (out, rgb);
  g_string_append (out, "\" points=\"");
  for (guint k = 0; k + 1 < xy->len; k += 2)
    g_string_append_printf (out, "%s%.1f,%.1f", k ? " " : "", g_array_index (xy, double, k),
                            g_array_index (xy, double, k + 1));
  g_string_append (out, "\"/>\n");
}

void
mg_chronicle_svg (GString *out, const MgChronicleData *data, const MgChronicleWindow *window,
                  double width, double height)
{
  g_autofree char *desc = mg_chronicle_describe (data, window);
  MgChroniclePlot plot;
  double legend_x = MG_CHRONICLE_MARGIN_LEFT;

  mg_chronicle_plot_init (&plot, data, window, width, height);
  g_string_append_printf (out, "<svg class=\"chronicle\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
                          "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n<title>",
                          width, height, width, height);
  escaped (out, _(data->chart->title));
  g_string_append (out, "</title>\n<desc>");
  escaped (out, desc);
  g_string_append (out, "</desc>\n");
  svg_axes (out, &plot);
  for (guint i = 0; i < data->series->len; i++)
    {
      const MgChronicleSeries *s = g_ptr_array_index (data->series, i);
      g_autoptr(GArray) xy = mg_chronicle_plot_path (&plot, s);
      double rgb[3];

      mg_chronicle_colour (s->colour, s->name, i, FALSE, rgb);
      g_string_append_printf (out, "<rect x=\"%.1f\" y=\"6\" width=\"10\" height=\"10\" fill=\"", legend_x);
      hex (out, rgb);
      g_string_append_printf (out, "\"/><text x=\"%.1f\" y=\"15\" font-size=\"11\">", legend_x + 14);
      escaped (out, s->name);
      g_string_append (out, "</text>\n");
      legend_x += 24 + 7 * g_utf8_strlen (s->name, -1);
      /* Events are marks only; levels hold until they change: steps. */
      if (xy->len >= 4 && !data->chart->marks)
        svg_polyline (out, xy, rgb);
      for (guint p = 0; p < s->points->len; p++)
        {
          const MgChroniclePoint *pt = &g_array_index (s->points, MgChroniclePoint, p);
          g_autofree char *tip = mg_chronicle_point_text (data, s, pt, NULL);

          g_string_append_printf (out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"",
                                  mg_chronicle_plot_x (&plot, pt->seq), mg_chronicle_plot_y (&plot, pt->value),
                                  data->chart->marks ? "3" : "2");
          hex (out, rgb);
          g_string_append (out, "\"><title>");
          escaped (out, tip);
          g_string_append (out, "</title></circle>\n");
        }
    }
  g_string_append (out, "</svg>\n");
}
