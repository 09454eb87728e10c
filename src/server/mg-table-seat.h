/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-seat.h — what one seat's phone may read and do: its view, pending(), its own secret steps. */
#pragma once

#include <json-c/json.h>

#include "mg-campaign.h"
#include "mg-catalogue.h"

G_BEGIN_DECLS

#define MG_TABLE_SEAT_ERROR (mg_table_seat_error_quark ())
typedef enum {
  MG_TABLE_SEAT_ERROR_NOT_YOURS,  /* the action names another seat, or no seat */
  MG_TABLE_SEAT_ERROR_NOT_SECRET, /* not one of this seat's secret steps now */
  MG_TABLE_SEAT_ERROR_MALFORMED,  /* not a JSON object with a "type", or carries dice */
} MgTableSeatError;

GQuark       mg_table_seat_error_quark (void);

/* The seat's secret steps now: its legal actions (mg_state_legal_actions) that name it as
 * "player" and whose type the game's action table declares secret (MG_ACTION_SECRET,
 * mg_rules_action_is_secret) — a bid, cards, attack gold, a guess, a Meeple roll or pick, a
 * Cricchio mine.  Nothing game-specific is named here, and nothing is played to find out.  New
 * reference (an array, empty for MG_SEAT_PUBLIC, a game without legal_actions, or no secret step
 * now). */
json_object *mg_table_seat_steps       (MgCampaign *campaign, const char *seat);

/* {"seat", "game", "view": view(seat), "pending": pending(), "steps": steps, and "board": the
 * game's board drawn from that view as SVG text when it draws one (MgGame.board_svg)} — all a phone gets.
 * `steps` is borrowed (as from mg_table_seat_steps); NULL for none.  New reference. */
json_object *mg_table_seat_state       (MgCampaign *campaign, const char *seat, json_object *steps);

/* Checks that `action` may come from `seat`'s phone: an object with a string "type", no
 * "dice" (a phone never chooses its own roll), "player" equal to seat, and a type among `steps`.
 * Returns a copy without the forms' "template" member, ready for mg_campaign_act; NULL with a
 * plain-words error otherwise. */
json_object *mg_table_seat_check       (const char *seat, json_object *steps, json_object *action,
                                        GError **error);

/* What a phone reads when its action is refused, in the catalogue's language (the phone's: NULL
 * is English; mg-catalogue.h): for an engine's error
 * about one field (mg_rules_error_get_field) a sentence naming the field by the game's word on
 * the phone's form (phone_words "field.<name>": "Gold must be an integer from 1 to 100000, not
 * 0."), chosen by the error's fields, never by its text; otherwise the engine's sentence
 * (mg_rules_error_get_message) rendered in that language, or the error's own text for an error
 * that carries none.  g_free. */
char        *mg_table_seat_refusal     (const MgRules *rules, const GError *error,
                                        const MgCatalogue *catalogue);

G_END_DECLS
