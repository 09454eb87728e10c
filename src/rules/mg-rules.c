/* mg-rules.c — the registry of built-in engines and the wrappers that dispatch to them. */
#include "config.h"

#include <string.h>

#include "mg-rules.h"
#include "mg-meeple.h"
#include "mg-tft.h"
#include "mg-mk.h"
#include "mg-chess.h"

G_DEFINE_QUARK (mg-rules-error-quark, mg_rules_error)

/* Small and fixed: five games are planned, and a few fakes in tests. NULL-terminated. */
#define MAX_ENGINES 32
static const MgRules *engines[MAX_ENGINES + 1];
static guint n_engines;
static GMutex engines_lock;

static void
ensure_builtins_locked (void)
{
  if (n_engines > 0)
    return;
  engines[n_engines++] = mg_meeple_rules ();
  engines[n_engines++] = mg_tft_rules ();
  engines[n_engines++] = mg_mk_rules ();
  engines[n_engines++] = mg_chess_rules ();
  /* Later games join here, in the order `melee-gm-cli games` lists them. */
}

void
mg_rules_register (const MgRules *rules)
{
  g_return_if_fail (rules != NULL && rules->id != NULL);

  g_mutex_lock (&engines_lock);
  ensure_builtins_locked ();
  for (guint i = 0; i < n_engines; i++)
    if (strcmp (engines[i]->id, rules->id) == 0)
      {
        engines[i] = rules;
        g_mutex_unlock (&engines_lock);
        return;
      }
  if (n_engines < MAX_ENGINES)
    engines[n_engines++] = rules;
  else
    g_warning ("mg_rules_register: no room for engine \"%s\"", rules->id);
  g_mutex_unlock (&engines_lock);
}

const MgRules **
mg_rules_all (guint *n_games)
{
  g_mutex_lock (&engines_lock);
  ensure_builtins_locked ();
  if (n_games != NULL)
    *n_games = n_engines;
  g_mutex_unlock (&engines_lock);
  return engines;
}

const MgRules *
mg_rules_lookup (const char *game_id)
{
  guint n;
  const MgRules **all = mg_rules_all (&n);

  if (game_id == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    if (strcmp (all[i]->id, game_id) == 0)
      return all[i];
  return NULL;
}

gboolean
mg_state_validate (const MgState *state, json_object *action, GError **error)
{
  return state->rules->validate (state, action, error);
}

json_object *
mg_state_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  return state->rules->apply (state, action, dice, summary, error);
}

json_object *
mg_state_pending (const MgState *state)
{
  return state->rules->pending (state);
}

json_object *
mg_state_to_json (const MgState *state)
{
  return state->rules->to_json (state);
}

json_object *
mg_state_view (const MgState *state, const char *seat)
{
  return state->rules->view (state, seat);
}

void
mg_state_free (MgState *state)
{
  if (state != NULL)
    state->rules->free_state (state);
}

gint
mg_state_turn (const MgState *state)
{
  if (state->rules->turn != NULL)
    return state->rules->turn (state);

  json_object *pending = mg_state_pending (state);
  json_object *turn = NULL;
  gint n = 0;

  if (json_object_object_get_ex (pending, "turn", &turn))
    n = json_object_get_int (turn);
  json_object_put (pending);
  return n;
}

char *
mg_state_describe (const MgState *state, const char *seat)
{
  return state->rules->describe != NULL ? state->rules->describe (state, seat) : NULL;
}

json_object *
mg_state_legal_actions (const MgState *state, const char *seat)
{
  return state->rules->legal_actions != NULL ? state->rules->legal_actions (state, seat) : NULL;
}

const char *
mg_action_type (json_object *action)
{
  json_object *type = NULL;

  if (!json_object_is_type (action, json_type_object) ||
      !json_object_object_get_ex (action, "type", &type) ||
      !json_object_is_type (type, json_type_string))
    return NULL;
  return json_object_get_string (type);
}
