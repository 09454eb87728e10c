/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules-form.h — the Rules page's form: a ruleset's members as rows a referee reads, in the game's own words. */
#pragma once

#include <adwaita.h>
#include <json-c/json.h>

#include "mg-game.h"

G_BEGIN_DECLS

typedef void (*MgRulesFormChanged) (gpointer data);

/* Fills `box` with the form of `draft`, which the editors change in place. `shipped` (may be
 * NULL) is the game's shipped ruleset: a value that differs from it says the default beside it,
 * and a drop-down marks the default's name. `game` gives the words (MgRulesetWord): labels,
 * enumerations' names, lists' entries, the page that edits a map. `changed (data)` follows each
 * edit. The member "house_rules" is left to the page's own group. */
void        mg_rules_form_build    (GtkBox             *box,
                                    json_object        *draft,
                                    json_object        *shipped,
                                    const MgGame       *game,
                                    MgRulesFormChanged  changed,
                                    gpointer            data);
/* The member an editor of the form edits (its key), or NULL for any other widget. */
const char *mg_rules_form_slot_key (GtkWidget *widget);

G_END_DECLS
