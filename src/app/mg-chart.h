/* mg-chart.h — one Chronicle chart as a widget: drawn from a window of rows, points named on hover and keyboard focus, a click opens the row. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mg-chronicle.h"

G_BEGIN_DECLS

#define MG_TYPE_CHART (mg_chart_get_type ())
G_DECLARE_FINAL_TYPE (MgChart, mg_chart, MG, CHART, GtkWidget)

/* Signal "point-activated" (gint64 seq): the point of journal row seq was clicked, or Enter
 * pressed on it. Property "point-text": the point under the pointer or the keyboard's, told
 * ("Red — Gold 12 · journal row 143: …"), or "". */
MgChart    *mg_chart_new            (void);
/* Shows chart `index` of `window` (borrowed: it must outlive the chart's use of it, or be set
 * again); `tell` tells a journal row in the viewer's words (may be NULL). */
void        mg_chart_set_window     (MgChart *self, MgChronicleWindow *window, guint index);
/* Call after the window changed (mg_chronicle_window_update): redraws, keeps the focused point
 * when it is still there. */
void        mg_chart_window_changed (MgChart *self);
void        mg_chart_set_teller     (MgChart *self, char *(*tell) (gint64 seq, gpointer data), gpointer data);
const char *mg_chart_get_point_text (MgChart *self);
/* For tests: focuses the point of series `series`, number `point` (-1, -1: none). */
void        mg_chart_focus_point    (MgChart *self, gint series, gint point);
/* The widget coordinates of a point, for tests that hover it. */
gboolean    mg_chart_point_position (MgChart *self, gint series, gint point, double *x, double *y);

G_END_DECLS
