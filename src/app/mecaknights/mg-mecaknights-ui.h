/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-ui.h — what MecaKnights adds to the campaign window. */
#pragma once

#include "mg-game-ui.h"

G_BEGIN_DECLS

/* The game's pages and state view; NULL until it has its own (then the generic one is used). */
const MgGameUi *mg_mecaknights_game_ui (void);

G_END_DECLS
