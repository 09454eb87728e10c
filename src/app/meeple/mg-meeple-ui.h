/* mg-meeple-ui.h — what Meeple Melee adds to the campaign window. */
#pragma once

#include "mg-game-ui.h"

G_BEGIN_DECLS

const MgGameUi *mg_meeple_game_ui (void);

G_END_DECLS
