/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-game-ui.c — what each game adds to the campaign window: its pages and a state view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-game-ui.h"
#include "mg-json.h"
#include "mg-json-facts.h"
#include "mg-table-state.h"
#include "mg-widget-util.h"

/* Lazy pages: an AdwBin stands in for the page until it is first shown. */

typedef struct
{
  MgGamePageNew page_new;
  MgCampaign   *campaign;
} LazyPage;

static void
lazy_page_free (gpointer data)
{
  LazyPage *lazy = data;

  g_object_unref (lazy->campaign);
  g_free (lazy);
}

AdwViewStackPage *
mg_game_ui_add_page (AdwViewStack  *stack,
                     MgCampaign    *campaign,
                     const char    *name,
                     const char    *title,
                     const char    *icon_name,
                     MgGamePageNew  page_new)
{
  GtkWidget *bin = adw_bin_new ();
  LazyPage *lazy = g_new0 (LazyPage, 1);
  AdwViewStackPage *page;

  lazy->page_new = page_new;
  lazy->campaign = g_object_ref (campaign);
  g_object_set_data_full (G_OBJECT (bin), "mg-lazy-page", lazy, lazy_page_free);
  page = adw_view_stack_add_titled (stack, bin, name, title);
  adw_view_stack_page_set_icon_name (page, icon_name);
  return page;
}

const char *
mg_game_variant_title (const MgGameVariant *variant)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "game variant", variant->title);
}

GtkWidget *
mg_game_ui_ensure_page (AdwViewStack *stack, const char *name)
{
  GtkWidget *child = adw_view_stack_get_child_by_name (stack, name);
  LazyPage *lazy = child != NULL ? g_object_get_data (G_OBJECT (child), "mg-lazy-page") : NULL;
  GtkWidget *page;

  if (lazy == NULL)
    return child;
  page = adw_bin_get_child (ADW_BIN (child));
  if (page == NULL)
    {
      page = lazy->page_new (lazy->campaign);
      adw_bin_set_child (ADW_BIN (child), page);
    }
  return page;
}

/* Any other game: the public view laid out as facts and tables (never JSON text). */
static GtkWidget *
generic_state_view_new (void)
{
  return mg_json_facts_new ();
}

static void
generic_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  g_autoptr(json_object) json = mg_table_state_view_of_state (mg_table_state_for_campaign (campaign),
                                                              state, MG_SEAT_PUBLIC);

  mg_json_facts_set (view, json);
}

static const MgGameUi generic_ui = {
  NULL, NULL, generic_state_view_new, generic_state_view_set,
};

/* Generated from the `games` list in meson.build (mg-game-uis.c). */
const MgGameUi *mg_game_uis_builtin (guint i);

/* A game's stylesheet is found by its id, ui/<id>/<id>.css in its templates' resource (and its
 * high-contrast <id>-hc.css beside it): loaded once, before its pages, display or replay
 * widgets are made. Shared code names no game's styles. */
static void
load_game_css (const char *game_id)
{
  g_autofree char *css = g_strdup_printf ("/io/github/meleegm/MeleeGM/%s/%s.css", game_id, game_id);

  if (g_resources_get_info (css, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL))
    mg_widget_load_css (css);
}

const MgGameUi *
mg_game_ui_lookup (const char *game_id)
{
  const MgGameUi *ui;

  for (guint i = 0; (ui = mg_game_uis_builtin (i)) != NULL; i++)
    if (g_strcmp0 (ui->game_id, game_id) == 0)
      {
        load_game_css (game_id);
        return ui;
      }
  return &generic_ui;
}
