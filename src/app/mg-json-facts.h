/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-json-facts.h — an engine's view laid out for people: facts as "Label  value" lines, lists
 * of records as tables, never JSON text. The fallback state widget of any game. */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

#include "mg-game.h"

G_BEGIN_DECLS

GtkWidget *mg_json_facts_new   (void);
/* Replaces what is shown by `view` (borrowed; NULL clears). */
void       mg_json_facts_set   (GtkWidget *facts, json_object *view);
/* "actions_allowed" → "Actions allowed": a member's name as a label. g_free. */
char      *mg_json_facts_label (const char *key);
/* The word of a view's or an action's member `key` for `game` (may be NULL): the game's own
 * where its descriptor declares one (its export_columns, the exports' words: "Duellists" for
 * "players"), else mg_json_facts_label's. g_free. */
char      *mg_json_facts_word  (const MgGame *game, const char *key);
/* A scalar as text: numbers as numbers, true/false as Yes/No, null as a dash. g_free. */
char      *mg_json_facts_value (json_object *value);

/* A non-empty list whose every item is an object: shown (and edited) as a table. */
gboolean   mg_json_facts_is_records (json_object *array);

G_END_DECLS
