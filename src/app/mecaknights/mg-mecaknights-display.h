/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-display.h — MecaKnights on the players' display: the map and the standings. */
#pragma once

#include <gtk/gtk.h>

#include "mg-table-state.h"

G_BEGIN_DECLS

/* The picture for MgGameUi.display_new: follows the table's public view. */
GtkWidget *mg_mk_display_new (MgTableState *table);

G_END_DECLS
