/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-ui.c — what Cricchio's Mêlée adds to the campaign window: the Board page and a board for replay. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-game-ui.h"
#include "mg-cricchio.h"
#include "mg-cricchio-display.h"
#include "mg-cricchio-page.h"
#include "mg-cricchio-resources.h"
#include "mg-cricchio-ui.h"
#include "mg-table-state.h"

static GtkWidget *
board_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_chess_page_new (campaign));
}

static void
chess_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  mg_game_ui_add_page (stack, campaign, "board", _("Board"), "view-grid-symbolic", board_page_new);
}

static GtkWidget *
chess_state_view_new (void)
{
  return GTK_WIDGET (mg_chess_board_view_new ());
}

static void
chess_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  json_object *json = state != NULL ? mg_table_state_view_of_state (mg_table_state_for_campaign (campaign), state,
                                                                    MG_SEAT_PUBLIC) : NULL;
  guint8 terrain[196];

  if (state != NULL && mg_chess_terrain (state, terrain))
    mg_chess_board_view_set_terrain (MG_CHESS_BOARD_VIEW (view), terrain);
  mg_chess_board_view_set_view (MG_CHESS_BOARD_VIEW (view), json);
  json_object_put (json);
}

static const MgGameUi chess_ui = {
  "cricchio", chess_add_pages, chess_state_view_new, chess_state_view_set, mg_chess_display_new,
};

const MgGameUi *
mg_cricchio_game_ui (void)
{
  /* Referencing the resource keeps its object file, whose constructor registers it. */
  (void) mg_cricchio_get_resource ();
  return &chess_ui;
}
