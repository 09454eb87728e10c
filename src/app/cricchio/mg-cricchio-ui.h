/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-ui.h — what Cricchio's Mêlée adds to the campaign window. */
#pragma once

#include "mg-game-ui.h"

G_BEGIN_DECLS

const MgGameUi *mg_cricchio_game_ui (void);

G_END_DECLS
