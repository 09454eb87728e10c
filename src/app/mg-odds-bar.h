/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-odds-bar.h — win / draw / loss as one bar of three colours. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MG_TYPE_ODDS_BAR (mg_odds_bar_get_type ())
G_DECLARE_FINAL_TYPE (MgOddsBar, mg_odds_bar, MG, ODDS_BAR, GtkWidget)

GtkWidget *mg_odds_bar_new (double win, double draw, double loss);

G_END_DECLS
