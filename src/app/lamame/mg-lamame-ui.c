/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-ui.c — what La Mame's Melee adds to the campaign window: the Map page, the map
 * editor, and the drawn map (public view) for the Journal's step-by-step replay. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-area-map.h"
#include "mg-lamame-display.h"
#include "mg-lamame-editor.h"
#include "mg-lamame-map-page.h"
#include "mg-lamame-resources.h"
#include "mg-lamame-ui.h"
#include "mg-lamame-util.h"
#include "mg-table-state.h"
#include "mg-widget-util.h"

#define CSS "/io/github/meleegm/MeleeGM/lamame/lamame.css"

static GtkWidget *
map_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_lamame_map_page_new (campaign));
}

static GtkWidget *
editor_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_lamame_editor_new (campaign));
}

static void
lamame_add_pages (AdwViewStack *stack, MgCampaign *campaign)
{
  mg_widget_load_css (CSS);
  mg_game_ui_add_page (stack, campaign, "map", _("Map"), "mark-location-symbolic", map_page_new);
  mg_game_ui_add_page (stack, campaign, "map-editor", _("Map Editor"), "document-edit-symbolic",
                       editor_page_new);
}

static GtkWidget *
lamame_state_view_new (void)
{
  GtkWidget *view = GTK_WIDGET (mg_area_map_new ());

  mg_widget_load_css (CSS);
  /* The replay only shows the map: no tab stop. */
  gtk_widget_set_focusable (view, FALSE);
  return view;
}

static void
lamame_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  /* The replay is shown to the table: the public view, secrets redacted. */
  g_autoptr(json_object) json = state != NULL
    ? mg_table_state_view_of_state (mg_table_state_for_campaign (campaign), state, MG_SEAT_PUBLIC) : NULL;
  g_autoptr(json_object) model = json ? mg_lamame_ui_map_model (mg_ui_json_object (json, "map"), json) : NULL;

  mg_area_map_set_model (MG_AREA_MAP (view), model);
}

static const MgGameUi lamame_ui = {
  "lamame", lamame_add_pages, lamame_state_view_new, lamame_state_view_set, mg_lamame_display_new,
};

const MgGameUi *
mg_lamame_game_ui (void)
{
  /* Referencing the resource keeps its object file, whose constructor registers it, in the
   * static library. */
  (void) mg_lamame_get_resource ();
  return &lamame_ui;
}
