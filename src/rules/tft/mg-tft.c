/* mg-tft.c — the TFT Melee engine. SKELETON: replaced by the real engine. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-tft.h"

static gboolean
tft_check_ruleset (json_object *ruleset, GError **error)
{
  return TRUE;
}

static MgState *
tft_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  MgState *state = g_new0 (MgState, 1);

  state->rules = mg_tft_rules ();
  return state;
}

static void
tft_free_state (MgState *state)
{
  g_free (state);
}

static gboolean
tft_validate (const MgState *state, json_object *action, GError **error)
{
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, "Not implemented yet");
  return FALSE;
}

static json_object *
tft_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  tft_validate (state, action, error);
  return NULL;
}

static json_object *
tft_pending (const MgState *state)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "turn", json_object_new_int (1));
  return o;
}

static json_object *
tft_to_json (const MgState *state)
{
  return json_object_new_object ();
}

static MgState *
tft_from_json (json_object *ruleset, json_object *json, GError **error)
{
  return tft_new_state (ruleset, NULL, error);
}

static json_object *
tft_view (const MgState *state, const char *seat)
{
  return json_object_new_object ();
}

static const MgRules tft_rules = {
  .id = "tft",
  .name = N_("The Fantasy Trip: Melee"),
  .min_players = 1,
  .max_players = 8,
  .check_ruleset = tft_check_ruleset,
  .new_state = tft_new_state,
  .free_state = tft_free_state,
  .validate = tft_validate,
  .apply = tft_apply,
  .pending = tft_pending,
  .to_json = tft_to_json,
  .from_json = tft_from_json,
  .view = tft_view,
};

const MgRules *
mg_tft_rules (void)
{
  return &tft_rules;
}
