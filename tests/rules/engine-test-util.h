/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-test-util.h — playing actions into an engine in a test, and refusals that change nothing.
 * Shared by every game's engine tests (tests/<game>/). */
#pragma once

#include <json-c/json.h>
#include "mg-rules.h"
#include "mg-dice.h"

G_BEGIN_DECLS

/* Applies the JSON action (text) with the dice given (NULL for none); fails the test if the
 * action is refused. The summary (g_free) if asked; returns the events (json_object_put). */
json_object *mg_test_play   (MgState *st, MgDice *dice, const char *json, char **summary);
/* The action must be refused by validate and by apply, with `code` and a message containing
 * `needle` (if not NULL), and the state must be unchanged. Text that is not JSON at all is
 * handed to the engine as a JSON string. */
void         mg_test_refuse (MgState *st, MgDice *dice, const char *json, gint code, const char *needle);

G_END_DECLS
