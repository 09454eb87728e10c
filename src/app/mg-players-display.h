/* mg-players-display.h — the players' display: a second window for a second screen or a
 * projector, full screen, large type, showing only what every player may see. */
#pragma once

#include <adwaita.h>

#include "mg-table-state.h"

G_BEGIN_DECLS

#define MG_TYPE_PLAYERS_DISPLAY (mg_players_display_get_type ())
G_DECLARE_FINAL_TYPE (MgPlayersDisplay, mg_players_display, MG, PLAYERS_DISPLAY, AdwWindow)

/* Follows the table state: redrawn from view(MG_SEAT_PUBLIC) whenever the referee acts. */
MgPlayersDisplay *mg_players_display_new          (MgTableState     *table);

/* For the tests: the texts on screen, joined by newlines (the game's widget excluded). */
char             *mg_players_display_get_text     (MgPlayersDisplay *self);
GtkWidget        *mg_players_display_get_state_widget (MgPlayersDisplay *self);

G_END_DECLS
