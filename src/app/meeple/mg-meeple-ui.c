/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-ui.c — what Meeple Melee adds to the campaign window: the Battle page, and the
 * board for the Journal's replay. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-json.h"
#include "mg-meeple-board.h"
#include "mg-meeple-display.h"
#include "mg-meeple-page.h"
#include "mg-meeple-resources.h"
#include "mg-meeple-ui.h"
#include "mg-table-state.h"

static GtkWidget *
battle_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_meeple_page_new (campaign));
}

static void
meeple_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  mg_game_ui_add_page (stack, campaign, "battle", _("Battle"), "mg-melee-symbolic",
                       battle_page_new);
}

static GtkWidget *
meeple_state_view_new (void)
{
  return GTK_WIDGET (mg_meeple_board_new ());
}

static void
meeple_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  /* The replay and the players' display are on screens the whole table sees. */
  g_autoptr(json_object) json = mg_table_state_view_of_state (mg_table_state_for_campaign (campaign),
                                                              state, MG_SEAT_PUBLIC);

  mg_meeple_board_set_view (MG_MEEPLE_BOARD (view), mg_campaign_get_ruleset (campaign), json);
}

static const MgGameUi meeple_ui = {
  "meeple", meeple_add_pages, meeple_state_view_new, meeple_state_view_set, mg_meeple_display_new,
};

const MgGameUi *
mg_meeple_game_ui (void)
{
  /* Referenced so the linker keeps the templates' resource from the static library; it
   * registers itself when loaded. */
  (void) mg_meeple_get_resource ();
  return &meeple_ui;
}
