/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-ui.h — what Meeple Melee adds to the campaign window. */
#pragma once

#include "mg-game-ui.h"

G_BEGIN_DECLS

/* The game's Battle page and its board as the state view. */
const MgGameUi *mg_meeple_game_ui (void);

G_END_DECLS
