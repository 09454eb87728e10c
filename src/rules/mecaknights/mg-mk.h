/* mg-mk.h — the MecaKnights engine (docs/rules/mecaknights.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_mk_rules (void);

G_END_DECLS
