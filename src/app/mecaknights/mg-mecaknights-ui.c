/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-ui.c — what MecaKnights adds to the campaign window: the Table and Map pages and a
 * compact tracking table for the Journal's step-by-step replay. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-mecaknights-ui.h"
#include "mg-mecaknights-dashboard.h"
#include "mg-mecaknights-display.h"
#include "mg-mecaknights-map-page.h"
#include "mg-mecaknights-resources.h"
#include "mg-mecaknights-table.h"
#include "mg-mecaknights-util.h"
#include "mg-table-state.h"

static GtkWidget *
dashboard_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_mk_dashboard_new (campaign));
}

static GtkWidget *
map_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_mk_map_page_new (campaign));
}

static void
mk_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  mg_widget_load_css ("/io/github/meleegm/MeleeGM/mecaknights/mecaknights.css");
  mg_game_ui_add_page (stack, campaign, "dashboard", _("Table"), "x-office-spreadsheet-symbolic",
                       dashboard_page_new);
  /* Built when first shown, and its map editor when first opened (see mg_mk_map_page_new). */
  mg_game_ui_add_page (stack, campaign, "map", _("Map"), "mark-location-symbolic", map_page_new);
}

static GtkWidget *
mk_state_view_new (void)
{
  MgMkTable *table;

  mg_widget_load_css ("/io/github/meleegm/MeleeGM/mecaknights/mecaknights.css");
  table = mg_mk_table_new ();
  mg_mk_table_set_compact (table, TRUE);
  return GTK_WIDGET (table);
}

static void
mk_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  json_object *json = state != NULL ? mg_table_state_view_of_state (mg_table_state_for_campaign (campaign), state, MG_SEAT_ALL) : NULL;

  mg_mk_table_set_view (MG_MK_TABLE (view), json);
  json_object_put (json);
}

static const MgGameUi mk_ui = {
  "mecaknights", mk_add_pages, mk_state_view_new, mk_state_view_set, mg_mk_display_new,
};

const MgGameUi *
mg_mecaknights_game_ui (void)
{
  /* Referencing the resource keeps its object file, whose constructor registers it, in the
   * static library. */
  (void) mg_mecaknights_get_resource ();
  return &mk_ui;
}
