/* mg-tft-ui.c — what TFT Melee adds to the campaign window: Roster and Fight pages, and a
 * compact summary for the Journal's replay. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-tft-fight-page.h"
#include "mg-tft-resources.h"
#include "mg-tft-roster-page.h"
#include "mg-tft-summary.h"
#include "mg-tft-ui.h"
#include "mg-tft-util.h"

static void
tft_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  g_autoptr(json_object) view = mg_tft_view (campaign);
  GtkWidget *fight = GTK_WIDGET (mg_tft_fight_page_new (campaign));
  GtkWidget *roster = GTK_WIDGET (mg_tft_roster_page_new (campaign));
  AdwViewStackPage *page;

  /* The first page added opens first: the fight while one is going on, else the roster. */
  if (mg_tft_view_fight (view) != NULL)
    {
      page = adw_view_stack_add_titled (stack, fight, "fight", _("Fight"));
      adw_view_stack_page_set_icon_name (page, "io.github.meleegm.MeleeGM-symbolic");
    }
  page = adw_view_stack_add_titled (stack, roster, "roster", _("Roster"));
  adw_view_stack_page_set_icon_name (page, "system-users-symbolic");
  if (mg_tft_view_fight (view) == NULL)
    {
      page = adw_view_stack_add_titled (stack, fight, "fight", _("Fight"));
      adw_view_stack_page_set_icon_name (page, "io.github.meleegm.MeleeGM-symbolic");
    }
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
  "tft", tft_add_pages, tft_state_view_new, tft_state_view_set,
};

const MgGameUi *
mg_tft_game_ui (void)
{
  /* Referenced so the linker keeps the templates' resource from the static library; it
   * registers itself when loaded. */
  (void) mg_tft_get_resource ();
  return &tft_ui;
}
