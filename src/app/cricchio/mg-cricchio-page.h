/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-page.h — Cricchio's Mêlée board page: the referee records each move by clicking it. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-cricchio-board-view.h"

G_BEGIN_DECLS

#define MG_TYPE_CHESS_PAGE (mg_chess_page_get_type ())
G_DECLARE_FINAL_TYPE (MgChessPage, mg_chess_page, MG, CHESS_PAGE, GtkWidget)

MgChessPage      *mg_chess_page_new       (MgCampaign *campaign);
MgChessBoardView *mg_chess_page_get_board (MgChessPage *self);
/* The last refusal shown (empty when none); for tests. */
const char       *mg_chess_page_get_error (MgChessPage *self);
/* Widgets the UI test drives: the Mêlée prompt and its buttons, the last-move line, the turn-to dropdown. */
GtkWidget        *mg_chess_page_get_part  (MgChessPage *self, const char *name);

G_END_DECLS
