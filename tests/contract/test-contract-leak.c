/* test-contract-leak.c — the secret-difference method catches a duel whose view leaks a plain-string or numeric pick.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 47.2: the old contract looked for a secret only where it was a JSON object or list, so
 * a rock-paper-scissors pick ("choice": "rock") shown to everyone passed it.  This test-only
 * duel declares its pick secret; one build of it is honest, the others leak the choice (a
 * string), the stake (a number) or tell the choice at once in the summary; the method must pass
 * the first and catch each of the others. */
#include "config.h"

#include <string.h>

#include "mg-actions.h"
#include "mg-contract-secrets.h"
#include "mg-json.h"

typedef enum { HONEST, LEAK_STRING, LEAK_NUMBER, TELL_AT_ONCE } Flaw;
static Flaw flaw;

static const char *const choices[] = { "rock", "paper", "scissors" };

typedef struct {
  MgState base;
  char    names[2][32];
  int     choice[2];   /* -1: not picked */
  int     stake[2];
  int     score[2];
  int     round;
} Duel;

#define DUEL(s) ((Duel *) (s))

static const MgRules duel_rules;

static MgState *
duel_new (json_object *ruleset, const char *const *players, GError **error)
{
  Duel *d = g_new0 (Duel, 1);

  d->base.rules = &duel_rules;
  for (int i = 0; i < 2; i++)
    {
      g_strlcpy (d->names[i], players[i], sizeof d->names[i]);
      d->choice[i] = -1;
    }
  d->round = 1;
  return &d->base;
}

static void
duel_free (MgState *s)
{
  g_free (s);
}

static MgState *
duel_copy (const MgState *s)
{
  return g_memdup2 (s, sizeof (Duel));
}

static int
seat_of (const Duel *d, const char *name)
{
  for (int i = 0; i < 2; i++)
    if (g_strcmp0 (d->names[i], name) == 0)
      return i;
  return -1;
}

/* {"type":"pick","player":P,"choice":"rock"|"paper"|"scissors","stake":1..3}; the second pick
 * reveals both and scores the round. */
static gboolean
play_pick (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  Duel *d = DUEL (state);
  const char *player = json_object_get_string (mg_json_member (action, "player"));
  const char *choice = json_object_get_string (mg_json_member (action, "choice"));
  int stake = json_object_get_int (mg_json_member (action, "stake"));
  int p = seat_of (d, player), c = -1;
  json_object *ev;

  for (int i = 0; i < 3 && choice != NULL; i++)
    if (strcmp (choice, choices[i]) == 0)
      c = i;
  if (p < 0 || c < 0 || stake < 1 || stake > 3)
    return mg_rules_illegal (error, "A pick names a player, a choice and a stake from 1 to 3");
  if (d->choice[p] >= 0)
    return mg_rules_illegal (error, "%s has picked already", player);
  d->choice[p] = c;
  d->stake[p] = stake;
  ev = mg_event_new ("pick", "seat", player);
  json_object_object_add (ev, "choice", json_object_new_string (choice));
  json_object_array_add (play->events, ev);
  if (flaw == TELL_AT_ONCE)
    g_string_append_printf (play->summary, "%s picked %s", player, choice);
  else
    g_string_append_printf (play->summary, "%s picked", player);
  if (d->choice[1 - p] >= 0)
    {
      int w = (d->choice[0] - d->choice[1] + 3) % 3;   /* 1: the first seat wins */

      g_string_append_printf (play->summary, "; %s %s (%d), %s %s (%d)", d->names[0], choices[d->choice[0]],
                              d->stake[0], d->names[1], choices[d->choice[1]], d->stake[1]);
      if (w != 0)
        d->score[w == 1 ? 0 : 1] += d->stake[w == 1 ? 0 : 1];
      d->choice[0] = d->choice[1] = -1;
      d->round++;
    }
  return TRUE;
}

static const MgAction duel_action_list[] = {
  { "pick", play_pick, MG_ACTION_SECRET },
};

static const MgActions duel_actions = {
  .actions = duel_action_list,
  .n_actions = G_N_ELEMENTS (duel_action_list),
  .copy = duel_copy,
  .size = sizeof (Duel),
};

static json_object *
duel_view (const MgState *s, const char *seat)
{
  const Duel *d = DUEL (s);
  json_object *o = json_object_new_object ();
  json_object *players = json_object_new_array ();

  json_object_object_add (o, "round", json_object_new_int (d->round));
  for (int i = 0; i < 2; i++)
    {
      json_object *p = json_object_new_object ();
      gboolean own = g_strcmp0 (seat, MG_SEAT_ALL) == 0 || g_strcmp0 (seat, d->names[i]) == 0;

      json_object_object_add (p, "name", json_object_new_string (d->names[i]));
      json_object_object_add (p, "score", json_object_new_int (d->score[i]));
      json_object_object_add (p, "picked", json_object_new_boolean (d->choice[i] >= 0));
      if (d->choice[i] >= 0 && (own || flaw == LEAK_STRING))
        json_object_object_add (p, "choice", json_object_new_string (choices[d->choice[i]]));
      if (d->choice[i] >= 0 && (own || flaw == LEAK_NUMBER))
        json_object_object_add (p, "stake", json_object_new_int (d->stake[i]));
      json_object_array_add (players, p);
    }
  json_object_object_add (o, "players", players);
  return o;
}

static json_object *
duel_to_json (const MgState *s)
{
  return duel_view (s, MG_SEAT_ALL);
}

static MgState *
duel_from_json (json_object *ruleset, json_object *json, GError **error)
{
  json_object *players = mg_json_member (json, "players");
  const char *names[3] = { NULL, NULL, NULL };
  Duel *d;

  for (int i = 0; i < 2; i++)
    names[i] = json_object_get_string (mg_json_member (json_object_array_get_idx (players, i), "name"));
  d = DUEL (duel_new (ruleset, names, error));
  d->round = json_object_get_int (mg_json_member (json, "round"));
  for (int i = 0; i < 2; i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      const char *choice = json_object_get_string (mg_json_member (p, "choice"));

      d->score[i] = json_object_get_int (mg_json_member (p, "score"));
      d->stake[i] = json_object_get_int (mg_json_member (p, "stake"));
      for (int c = 0; c < 3 && choice != NULL; c++)
        if (strcmp (choice, choices[c]) == 0)
          d->choice[i] = c;
    }
  return &d->base;
}

static json_object *
duel_pending (const MgState *s)
{
  const Duel *d = DUEL (s);
  json_object *o = json_object_new_object ();
  json_object *waiting = json_object_new_array ();

  for (int i = 0; i < 2; i++)
    if (d->choice[i] < 0)
      {
        json_object *w = json_object_new_object ();

        json_object_object_add (w, "seat", json_object_new_string (d->names[i]));
        json_object_object_add (w, "for", json_object_new_string ("pick"));
        json_object_array_add (waiting, w);
      }
  json_object_object_add (o, "turn", json_object_new_int (d->round));
  json_object_object_add (o, "over", json_object_new_boolean (FALSE));
  json_object_object_add (o, "waiting", waiting);
  return o;
}

static json_object *
duel_legal (const MgState *s, const char *seat)
{
  const Duel *d = DUEL (s);
  json_object *out = json_object_new_array ();

  for (int i = 0; i < 2; i++)
    if (d->choice[i] < 0 && (g_strcmp0 (seat, MG_SEAT_ALL) == 0 || g_strcmp0 (seat, d->names[i]) == 0))
      for (int c = 0; c < 3; c++)
        for (int stake = 1; stake <= 3; stake++)
          {
            json_object *a = json_object_new_object ();

            json_object_object_add (a, "type", json_object_new_string ("pick"));
            json_object_object_add (a, "player", json_object_new_string (d->names[i]));
            json_object_object_add (a, "choice", json_object_new_string (choices[c]));
            json_object_object_add (a, "stake", json_object_new_int (stake));
            json_object_array_add (out, a);
          }
  return out;
}

static const MgRules duel_rules = {
  .id = "duel",
  .name = "Duel",
  .min_players = 2,
  .max_players = 2,
  .new_state = duel_new,
  .free_state = duel_free,
  .actions = &duel_actions,
  .pending = duel_pending,
  .to_json = duel_to_json,
  .from_json = duel_from_json,
  .view = duel_view,
  .legal_actions = duel_legal,
};

static const char *const seats[] = { "Red", "Blue", NULL };

/* A few random duels with the flaw: the error the method gives, or none. */
static GError *
duel_with (Flaw f, guint *forks)
{
  g_autoptr(GHashTable) checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GError *error = NULL;

  flaw = f;
  for (guint32 run = 1; run <= 3 && error == NULL; run++)
    mg_contract_secrets_play (&duel_rules, NULL, seats, NULL, run, 20, checked, &error);
  *forks = GPOINTER_TO_UINT (g_hash_table_lookup (checked, "pick"));
  return error;
}

static void
test_honest (void)
{
  guint forks = 0;
  GError *error = duel_with (HONEST, &forks);

  g_assert_no_error (error);
  g_assert_cmpuint (forks, >, 0);
}

static void
test_leaks (gconstpointer data)
{
  guint forks = 0;
  g_autoptr(GError) error = duel_with (GPOINTER_TO_INT (data), &forks);
  int code = GPOINTER_TO_INT (data) == TELL_AT_ONCE ? MG_CONTRACT_SECRETS_ERROR_EARLY_REVEAL
                                                    : MG_CONTRACT_SECRETS_ERROR_LEAK;

  g_assert_error (error, MG_CONTRACT_SECRETS_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "secret pick"));
  /* Caught at the first pick: Blue's or the public's view shows Red's value. */
  g_assert_nonnull (strstr (error->message, GPOINTER_TO_INT (data) == LEAK_NUMBER ? "\"stake\""
                                             : GPOINTER_TO_INT (data) == LEAK_STRING ? "\"choice\"" : "picked"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/contract-leak/duel/honest", test_honest);
  g_test_add_data_func ("/contract-leak/duel/plain-string-pick-shown", GINT_TO_POINTER (LEAK_STRING), test_leaks);
  g_test_add_data_func ("/contract-leak/duel/number-shown", GINT_TO_POINTER (LEAK_NUMBER), test_leaks);
  g_test_add_data_func ("/contract-leak/duel/told-at-once", GINT_TO_POINTER (TELL_AT_ONCE), test_leaks);
  return g_test_run ();
}
