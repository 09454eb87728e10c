/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-game-ui.h — what each game adds to the campaign window: its pages and a state view. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-game.h"
#include "mg-table-state.h"

G_BEGIN_DECLS

typedef struct
{
  const char *game_id;
  /* Adds the game's own pages to the campaign window's stack (first, so they open first). */
  void        (*add_pages)      (AdwViewStack *stack, MgCampaign *campaign);
  /* A widget that shows a state, for step-by-step replay, and how to update it. */
  GtkWidget  *(*state_view_new) (void);
  void        (*state_view_set) (GtkWidget *view, MgCampaign *campaign, const MgState *state);
  /* Optional: the players' display's picture, drawn from the public view and following the
   * table (mg-players-display.h); without it, the engine's describe() above the state view. */
  GtkWidget  *(*display_new)    (MgTableState *table);
} MgGameUi;

/* Builds one page of the campaign window. */
typedef GtkWidget *(*MgGamePageNew) (MgCampaign *campaign);

/* Adds a page to the campaign window's stack that is built when first shown (or asked for with
 * mg_game_ui_ensure_page): opening a campaign builds only the page it opens on, and a hidden
 * page is neither built nor measured. Pages read the campaign's current state when built. */
AdwViewStackPage *mg_game_ui_add_page    (AdwViewStack  *stack,
                                          MgCampaign    *campaign,
                                          const char    *name,
                                          const char    *title,
                                          const char    *icon_name,
                                          MgGamePageNew  page_new);
/* The page called `name`, built now if it was not yet; NULL if there is none. */
GtkWidget        *mg_game_ui_ensure_page (AdwViewStack  *stack,
                                          const char    *name);

/* A variant's title, translated. */
const char          *mg_game_variant_title (const MgGameVariant *variant);

/* The game's UI; a generic one (JSON of the public view) when the game has none. */
const MgGameUi *mg_game_ui_lookup (const char *game_id);

G_END_DECLS
