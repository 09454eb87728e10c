/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-util.h — small helpers the MecaKnights pages share: names, swatches, styles, actions. */
#pragma once

#include <adwaita.h>
#include <json-c/json.h>

#include "mg-campaign.h"
#include "mg-ui-json.h"
#include "mg-widget-util.h"

G_BEGIN_DECLS

/* Readings of the engine's view (docs/rules/mecaknights.md, "State"). */
json_object *mg_mk_ui_view_leaders      (json_object *view);                 /* array or NULL */
json_object *mg_mk_ui_view_lands        (json_object *view);                 /* map.lands */
json_object *mg_mk_ui_view_armies       (json_object *view);
json_object *mg_mk_ui_view_find         (json_object *array, const char *key, const char *value);
const char  *mg_mk_ui_view_current_leader (json_object *view);
const char  *mg_mk_ui_view_colour       (json_object *view, const char *leader);
int          mg_mk_ui_leader_amount     (json_object *leader, const char *resource);
int          mg_mk_ui_view_count_lands  (json_object *view, const char *leader);
int          mg_mk_ui_view_count_armies (json_object *view, const char *leader);

/* Names shown for the engine's ids, translated (the id itself when unknown). */
const char  *mg_mk_ui_unit_name       (const char *unit);
const char  *mg_mk_ui_resource_name   (const char *resource);
const char  *mg_mk_ui_city_name       (const char *city);
const char  *mg_mk_ui_wall_name         (const char *wall);
const char  *mg_mk_ui_season_name     (const char *season);
const char  *mg_mk_ui_phase_name      (const char *phase);

/* "2 infantry, 1 archer" from an army's units (array of ids or an object of counts). */
char        *mg_mk_ui_units_text      (json_object *units);

/* A small square of the leader's colour, with a border so it reads on light and dark. */
/* A leader's colour: the ruleset's names ("red", "blue", …) as the GNOME palette's mid tones,
 * readable in dark style; anything else as a CSS colour. FALSE if unknown. */
gboolean     mg_mk_ui_colour_rgba     (const char *colour, GdkRGBA *rgba);
GtkWidget   *mg_mk_ui_swatch_new      (const char *colour);
void         mg_mk_ui_swatch_set_colour (GtkWidget *swatch, const char *colour);

/* A label for a form field's problem, put beside the field (a row's suffix): red, two short
 * lines at most, so the row keeps its height as the sentence comes and goes. */
GtkWidget   *mg_mk_ui_note_new        (void);
void         mg_mk_ui_note_set        (GtkWidget *note, const char *text);   /* NULL or "": none */




/* json_object_put as a GDestroyNotify. */
void         mg_mk_ui_json_unref   (gpointer object);

/* The last journal row not undone (free it), or NULL. */
MgJournalEntry *mg_mk_ui_last_entry (MgCampaign *campaign);

/* What an action's events resolved, in plain words for the banner above the page's head: a
 * season's income collected, a battle begun, a round of close combat, a battle's end. NULL when
 * they resolve nothing of these. Rendered from the events (public in MecaKnights). g_free. */
char        *mg_mk_ui_result_text     (json_object *events);


G_END_DECLS
