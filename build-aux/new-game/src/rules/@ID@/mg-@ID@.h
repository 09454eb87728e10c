/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-@ID@.h — @TITLE@'s engine (docs/rules/@ID@.md). */
#pragma once

#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_@ID@_rules (void);

G_END_DECLS
