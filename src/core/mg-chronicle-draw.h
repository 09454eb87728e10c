/* mg-chronicle-draw.h — a Chronicle chart drawn with cairo: the window's chart widget and the PDF export draw the same. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "mg-chronicle-plot.h"

G_BEGIN_DECLS

/* Draws the chart in (0, 0, width, height) of cr, on the light or dark view; the point
 * `focus_point` of series `focus_series` (-1: none) ringed. */
void mg_chronicle_draw (cairo_t *cr, const MgChronicleData *data, const MgChronicleWindow *window,
                        double width, double height, gboolean dark, gint focus_series, gint focus_point);

G_END_DECLS
