/* mg-game-ui.h — what each game adds to the campaign window: its pages and a state view. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

typedef struct
{
  const char *game_id;
  /* Adds the game's own pages to the campaign window's stack (first, so they open first). */
  void        (*add_pages)      (AdwViewStack *stack, MgCampaign *campaign);
  /* A widget that shows a state, for step-by-step replay, and how to update it. */
  GtkWidget  *(*state_view_new) (void);
  void        (*state_view_set) (GtkWidget *view, MgCampaign *campaign, const MgState *state);
} MgGameUi;

/* The game's UI; a generic one (JSON of the public view) when the game has none. */
const MgGameUi *mg_game_ui_lookup (const char *game_id);

G_END_DECLS
