/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-seat.c — one seat's share of the campaign, as the table server hands it to a phone. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mg-actions.h"
#include "mg-catalogue.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-table-seat.h"

/* A legal-action list is read this far at most: no game offers a phone more secret choices. */
#define MAX_TRIED 1024

/* Each error keeps its sentence (MgMessage), for the phone's language. */
typedef struct
{
  MgMessage *message;
} MgTableSeatErrorPrivate;

static void
mg_table_seat_error_private_init (MgTableSeatErrorPrivate *priv)
{
  (void) priv;   /* zeroed by GLib */
}

static void
mg_table_seat_error_private_copy (const MgTableSeatErrorPrivate *src, MgTableSeatErrorPrivate *dest)
{
  dest->message = mg_message_copy (src->message);
}

static void
mg_table_seat_error_private_clear (MgTableSeatErrorPrivate *priv)
{
  g_clear_pointer (&priv->message, mg_message_free);
}

G_DEFINE_EXTENDED_ERROR (MgTableSeatError, mg_table_seat_error)

/* Sets `code` with `msgid` (marked N_()) in the app's language, and keeps it for the phone's. */
static void G_GNUC_PRINTF (3, 4)
seat_refuse (GError **error, MgTableSeatError code, const char *msgid, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  if (error == NULL)
    return;
  va_start (args, msgid);
  {
    va_list copy;
    va_copy (copy, args);
    text = g_strdup_vprintf (_(msgid), copy);
    va_end (copy);
  }
  g_set_error_literal (error, MG_TABLE_SEAT_ERROR, code, text);
  mg_table_seat_error_get_private (*error)->message = mg_message_new_valist (msgid, NULL, 0, args);
  va_end (args);
}

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
      seat_refuse (error, MG_TABLE_SEAT_ERROR_MALFORMED,
                   N_("An action is a JSON object with a \"type\"."));
      return NULL;
    }
  if (json_object_object_get_ex (action, "dice", NULL))
    {
      seat_refuse (error, MG_TABLE_SEAT_ERROR_MALFORMED,
                   N_("A phone does not choose its dice: the referee's device rolls them."));
      return NULL;
    }
  player = member_string (action, "player");
  if (player == NULL || strcmp (player, seat) != 0)
    {
      seat_refuse (error, MG_TABLE_SEAT_ERROR_NOT_YOURS,
                   N_("This link acts for %s only."), seat);
      return NULL;
    }
  if (!type_offered (steps, type))
    {
      seat_refuse (error, MG_TABLE_SEAT_ERROR_NOT_SECRET,
                   N_("%s has no secret to enter now: the referee's device takes this step."), seat);
      return NULL;
    }
  if (json_object_deep_copy (action, &copy, NULL) != 0)
    {
      seat_refuse (error, MG_TABLE_SEAT_ERROR_MALFORMED,
                   N_("An action is a JSON object with a \"type\"."));
      return NULL;
    }
  json_object_object_del (copy, "template");
  return copy;
}

/* The game's word for an action's field on the phone's form ("guesses[1]" → field.guesses), in
 * the catalogue's language. */
static const char *
field_word (const MgRules *rules, const char *path, const MgCatalogue *catalogue)
{
  g_autofree char *key = g_strconcat ("field.", path, NULL);

  key[6 + strcspn (path, "[.")] = '\0';
  for (guint i = 0; rules != NULL && rules->phone_words != NULL && rules->phone_words[i].key != NULL; i++)
    if (strcmp (rules->phone_words[i].key, key) == 0)
      return mg_catalogue_gettext (catalogue, rules->phone_words[i].text);
  return NULL;
}

/* What a field must be, in the catalogue's language: a number's range, or the readers' message
 * (a word, "one of" a list); anything else as the app said it. */
static char *
field_expected (const MgRulesField *field, const MgCatalogue *catalogue)
{
  g_autoptr(MgMessage) range = field->ranged ? mg_json_range_message (field->min, field->max) : NULL;

  if (range != NULL)
    return mg_catalogue_render (catalogue, range);
  if (field->expected_message != NULL)
    return mg_catalogue_render (catalogue, field->expected_message);
  return g_strdup (field->expected);
}

char *
mg_table_seat_refusal (const MgRules *rules, const GError *error, const MgCatalogue *catalogue)
{
  MgRulesField field;
  const MgMessage *message;
  const char *subject;
  g_autofree char *expected = NULL;

  if (error == NULL)
    return g_strdup (mg_catalogue_gettext (catalogue, N_("The action was refused.")));
  if (!mg_rules_error_get_field (error, &field) || field.path == NULL
      || (subject = field_word (rules, field.path, catalogue)) == NULL)
    {
      /* The engine's sentence (or the seat check's), in the phone's words when it was kept. */
      message = error->domain == MG_TABLE_SEAT_ERROR ? mg_table_seat_error_get_private (error)->message
                                                     : mg_rules_error_get_message (error);
      if (message != NULL)
        return mg_catalogue_render (catalogue, message);
      return g_strdup (error->message);
    }
  /* The app's sentences for a field (src/app/mg-errors.c), so one translation serves both. */
  expected = field_expected (&field, catalogue);
  if (field.got == NULL)
    return g_strdup_printf (mg_catalogue_gettext (catalogue, N_("%s is missing: give %s.")), subject, expected);
  if (field.empty)
    return g_strdup_printf (mg_catalogue_gettext (catalogue, N_("%s is empty: fill it in.")), subject);
  return g_strdup_printf (mg_catalogue_gettext (catalogue, N_("%s must be %s, not %s.")), subject, expected, field.got);
}
