/* mg-chronicle-plot.h — a Chronicle chart's layout, colours and words, the same in the window, SVG and PDF. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mg-chronicle.h"

G_BEGIN_DECLS

/* The backgrounds charts are drawn on: libadwaita's view colours, light and dark. */
static const double MG_CHRONICLE_BG_LIGHT[3] = { 1.0, 1.0, 1.0 };
static const double MG_CHRONICLE_BG_DARK[3] = { 0x1e / 255.0, 0x1e / 255.0, 0x1e / 255.0 };

/* Room for the value axis on the left, the legend on top, the row axis below. */
#define MG_CHRONICLE_MARGIN_LEFT   44.0
#define MG_CHRONICLE_MARGIN_RIGHT  12.0
#define MG_CHRONICLE_MARGIN_TOP    26.0
#define MG_CHRONICLE_MARGIN_BOTTOM 22.0

typedef struct {
  double left, top, width, height;   /* the plotting area */
  double min, max, step;             /* the value axis: from min to max in steps */
  gint64 first, last;                /* the row axis */
} MgChroniclePlot;

void    mg_chronicle_plot_init (MgChroniclePlot *plot, const MgChronicleData *data,
                                const MgChronicleWindow *window, double width, double height);
double  mg_chronicle_plot_x    (const MgChroniclePlot *plot, gint64 seq);
double  mg_chronicle_plot_y    (const MgChroniclePlot *plot, double value);
/* A series drawn as steps: (x, y) pairs of doubles, a new array. */
GArray *mg_chronicle_plot_path (const MgChroniclePlot *plot, const MgChronicleSeries *series);

/* A series' colour as sRGB 0..1: the seat's colour (the game's `colour`, else a series named
 * after a colour: "Red" → #c01c28), else GNOME's palette by `index`; moved towards the text's
 * colour until it has a contrast of 3:1 (WCAG's for graphics) on the light or dark view. */
void    mg_chronicle_colour     (const char *colour, const char *name, guint index, gboolean dark,
                                 double rgb[3]);
/* WCAG's relative luminance and contrast ratio. */
double  mg_chronicle_luminance  (const double rgb[3]);
double  mg_chronicle_contrast   (const double a[3], const double b[3]);

/* "12", "2.5". g_free. */
char   *mg_chronicle_format_value (double value);
/* What a chart shows and how it ends ("Each player's gold… Red 12, Blue 7 (journal rows 1 to
 * 240)."), for its accessible description and the exports' captions. g_free. */
char   *mg_chronicle_describe   (const MgChronicleData *data, const MgChronicleWindow *window);
/* One point told ("Red — Gold 12 · journal row 143 (…): the row's sentence"). g_free. */
char   *mg_chronicle_point_text (const MgChronicleData *data, const MgChronicleSeries *series,
                                 const MgChroniclePoint *point, const char *summary);

/* An SVG element (<svg role="img"> with <title> and <desc>) of the chart, `width` × `height`,
 * appended to `out` (mg-chronicle-svg.c). */
void    mg_chronicle_svg        (GString *out, const MgChronicleData *data,
                                 const MgChronicleWindow *window, double width, double height);

G_END_DECLS
