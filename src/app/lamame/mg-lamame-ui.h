/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-ui.h — what La Mame's Melee adds to the campaign window. */
#pragma once

#include "mg-game-ui.h"

G_BEGIN_DECLS

const MgGameUi *mg_lamame_game_ui (void);

G_END_DECLS
