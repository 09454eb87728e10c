/* mg-meeple-ui.c — what Meeple Melee adds to the campaign window: the Battle page and a board. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-meeple-ui.h"
#include "mg-meeple-board.h"
#include "mg-meeple-page.h"

static void
meeple_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  AdwViewStackPage *page;

  page = adw_view_stack_add_titled (stack, GTK_WIDGET (mg_meeple_page_new (campaign)),
                                    "battle", _("Battle"));
  adw_view_stack_page_set_icon_name (page, "io.github.meleegm.MeleeGM-symbolic");
}

static GtkWidget *
meeple_state_view_new (void)
{
  return GTK_WIDGET (mg_meeple_board_new ());
}

static void
meeple_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  mg_meeple_board_set_state (MG_MEEPLE_BOARD (view), mg_campaign_get_ruleset (campaign), state);
}

static const MgGameUi meeple_ui = {
  "meeple", meeple_add_pages, meeple_state_view_new, meeple_state_view_set,
};

const MgGameUi *
mg_meeple_game_ui (void)
{
  return &meeple_ui;
}
