/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-util.h — what the TFT Melee pages share: JSON readers, ruleset lists, names, dice, acting. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-json.h"   /* g_autoptr(json_object) */
#include "mg-ui-json.h"
#include "mg-widget-util.h"

G_BEGIN_DECLS

gboolean     mg_tft_json_has_str (json_object *array, const char *value);   /* array of strings */

/* The campaign's public view (new reference) and, in it, the fight (NULL between fights). */
json_object *mg_tft_view           (MgCampaign *campaign);
json_object *mg_tft_view_fight     (json_object *view);
json_object *mg_tft_view_figure    (json_object *view, const char *name);   /* roster entry */
json_object *mg_tft_fight_fighter  (json_object *fight, const char *name);  /* fight entry */

/* The ids of a ruleset list (an array of {"id","name",…} or an object keyed by id), in order;
 * the strings are borrowed from the ruleset. */
GPtrArray   *mg_tft_ruleset_ids    (json_object *ruleset, const char *key);
/* The ruleset's name for an id in a list (the id itself when it has none). */
const char  *mg_tft_ruleset_name   (json_object *ruleset, const char *key, const char *id);
/* A weapon, armor, shield, race or beast by id, whichever list holds it. */
json_object *mg_tft_ruleset_find   (json_object *ruleset, const char *key, const char *id);

/* Words for the engine's codes. */
const char  *mg_tft_option_title   (const char *option);    /* "a" → "Move" */
const char  *mg_tft_condition_name (const char *condition); /* "wounded" → "−2 DX (wounded)" */
const char  *mg_tft_kind_title     (const char *kind);      /* "death" → "To the death" */
const char  *mg_tft_kind_phrase    (const char *kind);      /* "death" → "to the death", in a sentence */
/* The fight's own turn (never the journal's): "Turn 6", or "Turn 9 over" once one side is out. */
char        *mg_tft_fight_turn_text (json_object *fight);
const char  *mg_tft_posture_name   (const char *posture);
const char  *mg_tft_life_name      (const char *state);
const char  *mg_tft_result_name    (const char *result);    /* "won" → "won", translated */
const char  *mg_tft_dice_purpose   (const char *what);      /* mg_tft_dice_needed's "for" */

/* Dice typed from the table: numbers 1–6 separated by spaces or commas. FALSE (with a message
 * for the referee) on anything else. Empty text is zero dice. */


/* Validates `action` (consumed; NULL = not ready, nothing to say): enables the widget action
 * and, once the form was `touched`, says the engine's reason on the `message` line (as
 * mg_tft_say). TRUE if accepted. */
gboolean     mg_tft_check          (MgCampaign *campaign, GtkWidget *widget, const char *action_name,
                                    json_object *action, GtkLabel *message, gboolean touched);

/* A form's message line: the message (already in a referee's words), or empty; the line stays visible either way, so the controls under it never move. */
void         mg_tft_say            (GtkLabel *line, const char *message);
/* The same for an engine's refusal, in a referee's words (mg_error_plain); NULL: nothing. */
void         mg_tft_say_error      (GtkLabel *line, const GError *error);
/* The line's message, NULL when it says nothing (for tests). */
const char  *mg_tft_said           (GtkLabel *line);
/* Issue 43: adds or removes a style class only when that changes it (GTK 4.8 notifies css-classes
 * at every add or remove, a change or not). */
void         mg_tft_set_class      (GtkWidget *widget, const char *css_class, gboolean on);

/* A new {"type": type} action. */
json_object *mg_tft_action_new     (const char *type);



/* Choices shown by name, chosen by id, in a GtkDropDown or an AdwComboRow (anything with
 * "model" and "selected"): fill with parallel arrays; "" as an id means "none". */
void         mg_tft_choice_fill    (gpointer combo, GPtrArray *ids, GPtrArray *names);
const char  *mg_tft_choice_get     (gpointer combo);   /* NULL if nothing is selected */
gboolean     mg_tft_choice_set     (gpointer combo, const char *id);

G_END_DECLS
