/* mg-tft.h — the TFT Melee engine (docs/rules/tft.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_tft_rules (void);

G_END_DECLS
