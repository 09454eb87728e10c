/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-seat.c — one seat's share of the campaign, as the table server hands it to a phone. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mg-actions.h"
#include "mg-game.h"
#include "mg-table-seat.h"

/* A legal-action list is read this far at most: no game offers a phone more secret choices. */
#define MAX_TRIED 1024

G_DEFINE_QUARK (mg-table-seat-error-quark, mg_table_seat_error)

static const char *
member_string (json_object *o, const char *key)
{
  json_object *v = NULL;

  if (!json_object_object_get_ex (o, key, &v) || !json_object_is_type (v, json_type_string))
    return NULL;
  return json_object_get_string (v);
}

json_object *
mg_table_seat_steps (MgCampaign *campaign, const char *seat)
{
  json_object *steps = json_object_new_array ();
  const MgRules *rules = mg_campaign_get_rules (campaign);
  json_object *legal;
  size_t n;

  if (seat == NULL || strcmp (seat, MG_SEAT_PUBLIC) == 0 || strcmp (seat, MG_SEAT_ALL) == 0)
    return steps;
  legal = mg_state_legal_actions (mg_campaign_get_state (campaign), seat);
  if (legal == NULL || !json_object_is_type (legal, json_type_array))
    {
      json_object_put (legal);
      return steps;
    }
  /* The game's action table says which steps are secret (MG_ACTION_SECRET): nothing is tried. */
  n = MIN (json_object_array_length (legal), MAX_TRIED);
  for (size_t i = 0; i < n; i++)
    {
      json_object *a = json_object_array_get_idx (legal, i);
      const char *type = member_string (a, "type");

      if (type != NULL && g_strcmp0 (member_string (a, "player"), seat) == 0 &&
          mg_rules_action_is_secret (rules, type))
        json_object_array_add (steps, json_object_get (a));
    }
  json_object_put (legal);
  return steps;
}

/* The game's board drawn from the seat's own view (MgGame.board_svg), as a JSON string; NULL when
 * the game draws none or has no board now. */
static json_object *
seat_board (MgCampaign *campaign, const char *seat)
{
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (campaign));
  g_autofree char *svg = NULL;

  if (game == NULL || game->board_svg == NULL ||
      (svg = game->board_svg (mg_table_get_view (mg_table_for_campaign (campaign), seat))) == NULL)
    return NULL;
  return json_object_new_string (svg);
}

json_object *
mg_table_seat_state (MgCampaign *campaign, const char *seat, json_object *steps)
{
  MgTable *table = mg_table_for_campaign (campaign);
  json_object *o = json_object_new_object ();
  json_object *board = mg_table_get_seat_derived (table, seat_board, seat);

  json_object_object_add (o, "seat", json_object_new_string (seat));
  json_object_object_add (o, "game", json_object_new_string (mg_campaign_get_game_id (campaign)));
  json_object_object_add (o, "campaign", json_object_new_string (mg_campaign_get_name (campaign)));
  /* The campaign's one table object builds each view and pending() once per change. */
  json_object_object_add (o, "view", json_object_get (mg_table_get_view (table, seat)));
  json_object_object_add (o, "pending", json_object_get (mg_table_get_pending (table)));
  json_object_object_add (o, "steps", steps != NULL ? json_object_get (steps) : json_object_new_array ());
  if (board != NULL)
    json_object_object_add (o, "board", json_object_get (board));
  return o;
}

static gboolean
type_offered (json_object *steps, const char *type)
{
  for (size_t i = 0; steps != NULL && i < json_object_array_length (steps); i++)
    if (g_strcmp0 (member_string (json_object_array_get_idx (steps, i), "type"), type) == 0)
      return TRUE;
  return FALSE;
}

json_object *
mg_table_seat_check (const char *seat, json_object *steps, json_object *action, GError **error)
{
  const char *type, *player;
  json_object *copy = NULL;

  if (action == NULL || !json_object_is_type (action, json_type_object)
      || (type = member_string (action, "type")) == NULL)
    {
      g_set_error (error, MG_TABLE_SEAT_ERROR, MG_TABLE_SEAT_ERROR_MALFORMED,
                   _("An action is a JSON object with a \"type\"."));
      return NULL;
    }
  if (json_object_object_get_ex (action, "dice", NULL))
    {
      g_set_error (error, MG_TABLE_SEAT_ERROR, MG_TABLE_SEAT_ERROR_MALFORMED,
                   _("A phone does not choose its dice: the referee's device rolls them."));
      return NULL;
    }
  player = member_string (action, "player");
  if (player == NULL || strcmp (player, seat) != 0)
    {
      g_set_error (error, MG_TABLE_SEAT_ERROR, MG_TABLE_SEAT_ERROR_NOT_YOURS,
                   _("This link acts for %s only."), seat);
      return NULL;
    }
  if (!type_offered (steps, type))
    {
      g_set_error (error, MG_TABLE_SEAT_ERROR, MG_TABLE_SEAT_ERROR_NOT_SECRET,
                   _("%s has no secret to enter now: the referee's device takes this step."), seat);
      return NULL;
    }
  if (json_object_deep_copy (action, &copy, NULL) != 0)
    {
      g_set_error (error, MG_TABLE_SEAT_ERROR, MG_TABLE_SEAT_ERROR_MALFORMED,
                   _("An action is a JSON object with a \"type\"."));
      return NULL;
    }
  json_object_object_del (copy, "template");
  return copy;
}

/* The game's word for an action's field on the phone's form ("guesses[1]" → field.guesses). */
static const char *
field_word (const MgRules *rules, const char *path)
{
  g_autofree char *key = g_strconcat ("field.", path, NULL);

  key[6 + strcspn (path, "[.")] = '\0';
  for (guint i = 0; rules != NULL && rules->phone_words != NULL && rules->phone_words[i].key != NULL; i++)
    if (strcmp (rules->phone_words[i].key, key) == 0)
      return _(rules->phone_words[i].text);
  return NULL;
}

char *
mg_table_seat_refusal (const MgRules *rules, const GError *error)
{
  MgRulesField field;
  const char *subject;

  if (error == NULL)
    return g_strdup (_("The action was refused."));
  if (!mg_rules_error_get_field (error, &field) || field.path == NULL
      || (subject = field_word (rules, field.path)) == NULL)
    return g_strdup (error->message);
  /* The app's sentences for a field (src/app/mg-errors.c), so one translation serves both. */
  if (field.got == NULL)
    return g_strdup_printf (_("%s is missing: give %s."), subject, field.expected);
  if (field.empty)
    return g_strdup_printf (_("%s is empty: fill it in."), subject);
  return g_strdup_printf (_("%s must be %s, not %s."), subject, field.expected, field.got);
}
