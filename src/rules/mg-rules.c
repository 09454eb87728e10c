/* mg-rules.c — engine lookups (through the game registry) and the wrappers that dispatch to them. */
#include "config.h"

#include <string.h>

#include "mg-rules.h"
#include "mg-game.h"
#include "mg-json.h"

G_DEFINE_QUARK (mg-rules-error-quark, mg_rules_error)

/* The engines are the games' (mg-game.c): one registry, filled from the meson list. */
void
mg_rules_register (const MgRules *rules)
{
  static GHashTable *own;   /* id → MgGame made here, kept so a second registration reuses it */
  static GMutex lock;
  MgGame *game;

  g_return_if_fail (rules != NULL && rules->id != NULL);
  /* A game with an engine only (tests' fakes): no data, no tables. Lives as long as the program. */
  g_mutex_lock (&lock);
  if (own == NULL)
    own = g_hash_table_new (g_str_hash, g_str_equal);
  game = g_hash_table_lookup (own, rules->id);
  if (game == NULL)
    {
      game = g_new0 (MgGame, 1);
      g_hash_table_insert (own, (gpointer) rules->id, game);
    }
  game->rules = rules;
  g_mutex_unlock (&lock);
  mg_game_register (game);
}

const MgRules **
mg_rules_all (guint *n_games)
{
  static const MgRules *engines[33];
  static GMutex lock;
  guint n;
  const MgGame **games = mg_games_all (&n);

  /* Rebuilt on each call (registration may have added one); callers read it at once. */
  g_mutex_lock (&lock);
  for (guint i = 0; i < n && i < G_N_ELEMENTS (engines) - 1; i++)
    engines[i] = games[i]->rules;
  engines[MIN (n, G_N_ELEMENTS (engines) - 1)] = NULL;
  g_mutex_unlock (&lock);
  if (n_games != NULL)
    *n_games = n;
  return engines;
}

const MgRules *
mg_rules_lookup (const char *game_id)
{
  const MgGame *game = mg_game_lookup (game_id);

  return game != NULL ? game->rules : NULL;
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
  /* A game without secrets shows every seat the whole state. */
  if (state->rules->view == NULL)
    return state->rules->to_json (state);
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

gboolean
mg_rules_illegal (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, msg);
  return FALSE;
}

json_object *
mg_event_new (const char *type, const char *key, const char *value)
{
  json_object *e = json_object_new_object ();

  json_object_object_add (e, "type", json_object_new_string (type));
  if (key != NULL && value != NULL)
    json_object_object_add (e, key, json_object_new_string (value));
  return e;
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

gboolean
mg_state_hides_something (const MgState *state)
{
  g_autoptr(json_object) all = mg_state_view (state, MG_SEAT_ALL);
  g_autoptr(json_object) pub = mg_state_view (state, MG_SEAT_PUBLIC);

  return !json_object_equal (all, pub);
}
