/* mg-mk.c — the MecaKnights engine. SKELETON: replaced by the real engine. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-mk.h"

static gboolean
mk_check_ruleset (json_object *ruleset, GError **error)
{
  return TRUE;
}

static MgState *
mk_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  MgState *state = g_new0 (MgState, 1);

  state->rules = mg_mk_rules ();
  return state;
}

static void
mk_free_state (MgState *state)
{
  g_free (state);
}

static gboolean
mk_validate (const MgState *state, json_object *action, GError **error)
{
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, "Not implemented yet");
  return FALSE;
}

static json_object *
mk_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  mk_validate (state, action, error);
  return NULL;
}

static json_object *
mk_pending (const MgState *state)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "turn", json_object_new_int (1));
  return o;
}

static json_object *
mk_to_json (const MgState *state)
{
  return json_object_new_object ();
}

static MgState *
mk_from_json (json_object *ruleset, json_object *json, GError **error)
{
  return mk_new_state (ruleset, NULL, error);
}

static json_object *
mk_view (const MgState *state, const char *seat)
{
  return json_object_new_object ();
}

static const MgRules mk_rules = {
  .id = "mecaknights",
  .name = N_("MecaKnights"),
  .min_players = 2,
  .max_players = 8,
  .check_ruleset = mk_check_ruleset,
  .new_state = mk_new_state,
  .free_state = mk_free_state,
  .validate = mk_validate,
  .apply = mk_apply,
  .pending = mk_pending,
  .to_json = mk_to_json,
  .from_json = mk_from_json,
  .view = mk_view,
};

const MgRules *
mg_mk_rules (void)
{
  return &mk_rules;
}
