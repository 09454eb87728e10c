/* mg-duel-engine.h — a test game with no pages of its own: two seats pick rock, paper or
 * scissors in secret, then the referee reveals (issue 47: playable from its declarations). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mg-game.h"

G_BEGIN_DECLS

/* The descriptor of the "duel" game (registered by the test with mg_game_register). */
const MgGame *mg_duel_game (void);

G_END_DECLS
