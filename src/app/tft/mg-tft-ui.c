/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-ui.c — what TFT Melee adds to the campaign window: Roster and Fight pages, and a
 * compact summary for the Journal's replay. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-tft-display.h"
#include "mg-tft-fight-page.h"
#include "mg-tft-resources.h"
#include "mg-tft-roster-page.h"
#include "mg-tft-summary.h"
#include "mg-tft-ui.h"
#include "mg-tft-util.h"

static GtkWidget *
fight_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_tft_fight_page_new (campaign));
}

static GtkWidget *
roster_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_tft_roster_page_new (campaign));
}

static void
add_fight_page (AdwViewStack *stack, MgCampaign *campaign)
{
  mg_game_ui_add_page (stack, campaign, "fight", _("Fight"), "mg-melee-symbolic",
                       fight_page_new);
}

static void
tft_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  g_autoptr(json_object) view = mg_tft_view (campaign);
  gboolean fighting = mg_tft_view_fight (view) != NULL;

  /* The first page added opens first: the fight while one is going on, else the roster. Each
   * is built when first shown. */
  if (fighting)
    add_fight_page (stack, campaign);
  mg_game_ui_add_page (stack, campaign, "roster", _("Roster"), "system-users-symbolic", roster_page_new);
  if (!fighting)
    add_fight_page (stack, campaign);
}

static GtkWidget *
tft_state_view_new (void)
{
  return mg_tft_summary_new ();
}

static void
tft_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  mg_tft_summary_set_state (MG_TFT_SUMMARY (view), campaign, state);
}

static const MgGameUi tft_ui = {
  "tft", tft_add_pages, tft_state_view_new, tft_state_view_set, mg_tft_display_new,
};

const MgGameUi *
mg_tft_game_ui (void)
{
  /* Referenced so the linker keeps the templates' resource from the static library; it
   * registers itself when loaded. */
  (void) mg_tft_get_resource ();
  return &tft_ui;
}
