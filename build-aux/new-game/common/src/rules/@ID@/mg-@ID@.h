/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-@ID@.h — @TITLE@'s engine (docs/rules/@ID@.md) and its descriptor. */
#pragma once

#include "mg-game.h"

G_BEGIN_DECLS

const MgRules *mg_@ID@_rules (void);
/* The descriptor (mg-@ID@-game.c): the registry, generated from the games list, calls it. */
const MgGame  *mg_@ID@_game (void);

G_END_DECLS
