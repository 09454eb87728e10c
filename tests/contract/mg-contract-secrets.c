/* mg-contract-secrets.c — the secret-difference method: a forked run per declared secret value, compared byte for byte.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "mg-actions.h"
#include "mg-campaign-private.h"
#include "mg-contract-secrets.h"
#include "mg-json.h"

G_DEFINE_QUARK (mg-contract-secrets-error-quark, mg_contract_secrets_error)

/* Forked runs kept at once, and how many actions each is followed after its secret. */
#define MAX_OPEN 6
#define MAX_AGE  40
/* Value variants forked per secret action (the dice variant comes on top). */
#define MAX_VARIANTS 2

typedef struct {
  MgState     *b;
  char        *seat;    /* whose secret differs */
  char        *type;
  json_object *first;   /* the action the fork plays at its birth: the variant */
  guint32      dice;    /* the seed of its birth's dice (another one for the dice variant) */
  guint        born;
  gboolean     fresh;
  gboolean     others_could;   /* before it, another seat could enter one of its type */
} Fork;

static void
fork_free (Fork *f)
{
  mg_state_free (f->b);
  g_free (f->seat);
  g_free (f->type);
  json_object_put (f->first);
  g_free (f);
}

static char *
plain (json_object *json)
{
  return g_strdup (json != NULL ? json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN) : "null");
}

static MgState *
copy_state (const MgState *state, json_object *ruleset)
{
  g_autoptr(json_object) saved = mg_state_to_json (state);

  return state->rules->from_json (ruleset, saved, NULL);
}

/* What `seat` (a player, or "public") receives: its view, describe(), legal actions, and pending(). */
static void
add_surfaces (GPtrArray *out, const MgState *state, const char *seat)
{
  g_autoptr(json_object) view = mg_state_view (state, seat);
  g_autoptr(json_object) legal = strcmp (seat, MG_SEAT_PUBLIC) != 0 ? mg_state_legal_actions (state, seat) : NULL;
  g_autofree char *describe = mg_state_describe (state, seat);

  g_ptr_array_add (out, g_strdup_printf ("%s's view: %s", seat, json_object_to_json_string_ext (view, JSON_C_TO_STRING_PLAIN)));
  g_ptr_array_add (out, g_strdup_printf ("%s's standing: %s", seat, describe != NULL ? describe : ""));
  if (legal != NULL)
    g_ptr_array_add (out, g_strdup_printf ("%s's legal actions: %s", seat, json_object_to_json_string_ext (legal, JSON_C_TO_STRING_PLAIN)));
}

/* Every surface a seat other than `owner` or the public receives, one text each. */
static GPtrArray *
surfaces (const MgState *state, const char * const *players, const char *owner)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(json_object) pending = mg_state_pending (state);

  for (guint i = 0; players[i] != NULL; i++)
    if (strcmp (players[i], owner) != 0)
      add_surfaces (out, state, players[i]);
  add_surfaces (out, state, MG_SEAT_PUBLIC);
  g_ptr_array_add (out, g_strdup_printf ("pending(): %s", json_object_to_json_string_ext (pending, JSON_C_TO_STRING_PLAIN)));
  return out;
}

/* The events everyone may see (those without "seat"), as text. */
static char *
public_events (json_object *events)
{
  g_autoptr(json_object) pub = json_object_new_array ();

  for (size_t i = 0; events != NULL && i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);

      if (mg_json_member (e, "seat") == NULL)
        json_object_array_add (pub, json_object_get (e));
    }
  return plain (pub);
}

/* Plays `action` (its "dice" member typed, else dice seeded with `seed`): what everyone is
 * told of it (its summary and the events without "seat", as text), or NULL when refused. */
static char *
play (MgState *state, json_object *action, guint32 seed, GError **error)
{
  json_object *typed = NULL;
  g_autoptr(json_object) clean = mg_campaign_strip_dice (action, &typed);
  g_autoptr(MgDice) dice = typed != NULL ? mg_dice_new_from_json (typed, error) : mg_dice_new_seeded (seed);
  g_autoptr(json_object) events = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *pub = NULL;

  if (dice == NULL || (events = mg_state_apply (state, clean, dice, &summary, error)) == NULL)
    return NULL;
  pub = public_events (events);
  return g_strdup_printf ("%s\n%s", summary != NULL ? summary : "", pub);
}

/* The action without "template" (its example values), new reference. */
static json_object *
concrete (json_object *action)
{
  json_object *out = json_object_new_object ();

  json_object_object_foreach (action, key, val)
    if (strcmp (key, "template") != 0 && strcmp (key, "dice") != 0)
      json_object_object_add (out, key, json_object_get (val));
  return out;
}

/* Moves the n-th number inside `json` by d, or turns the n-th flag (counted depth first, the
 * action's own "type" and "player" left alone); FALSE when there are fewer. */
static gboolean
mutate_nth (json_object *json, gboolean top, guint *n, int d)
{
  if (json_object_is_type (json, json_type_object))
    {
      json_object_object_foreach (json, key, val)
        {
          if (top && (strcmp (key, "type") == 0 || strcmp (key, "player") == 0))
            continue;
          if (json_object_is_type (val, json_type_int) || json_object_is_type (val, json_type_boolean))
            {
              if ((*n)-- > 0)
                continue;
              json_object_object_add (json, key, json_object_is_type (val, json_type_int)
                                      ? json_object_new_int64 (json_object_get_int64 (val) + d)
                                      : json_object_new_boolean (!json_object_get_boolean (val)));
              return TRUE;
            }
          if (mutate_nth (val, FALSE, n, d))
            return TRUE;
        }
    }
  else if (json_object_is_type (json, json_type_array))
    for (size_t i = 0; i < json_object_array_length (json); i++)
      {
        json_object *val = json_object_array_get_idx (json, i);

        if (json_object_is_type (val, json_type_int))
          {
            if ((*n)-- > 0)
              continue;
            json_object_array_put_idx (json, i, json_object_new_int64 (json_object_get_int64 (val) + d));
            return TRUE;
          }
        if (mutate_nth (val, FALSE, n, d))
          return TRUE;
      }
  return FALSE;
}

/* Copies of `base` with one number moved by ±1 or one flag turned, anywhere inside. */
static void
mutations (json_object *base, GPtrArray *out)
{
  for (guint k = 0; k < 64; k++)
    for (int d = -1; d <= 1; d += 2)
      {
        json_object *copy = NULL;
        guint n = k;

        json_object_deep_copy (base, &copy, NULL);
        if (!mutate_nth (copy, TRUE, &n, d))
          {
            json_object_put (copy);
            return;
          }
        g_ptr_array_add (out, copy);
      }
}

/* Up to MAX_VARIANTS actions that differ from `x` only in its values and that the state
 * accepts: the seat's other legal choices of the type first (a square, a card, a pick), then
 * numbers ±1 and flags turned (a bid, a guess). */
static GPtrArray *
variants (const MgState *state, json_object *x, const char *seat)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) (void (*) (void)) json_object_put);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) (void (*) (void)) json_object_put);
  g_autoptr(json_object) legal = mg_state_legal_actions (state, seat);
  g_autoptr(json_object) base = concrete (x);
  g_autofree char *base_text = plain (base);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (size_t i = 0; legal != NULL && i < json_object_array_length (legal); i++)
    {
      json_object *a = json_object_array_get_idx (legal, i);

      if (g_strcmp0 (mg_action_type (a), mg_action_type (x)) == 0 &&
          g_strcmp0 (json_object_get_string (mg_json_member (a, "player")), seat) == 0)
        g_ptr_array_add (candidates, concrete (a));
    }
  mutations (base, candidates);
  g_hash_table_add (seen, g_strdup (base_text));
  for (guint i = 0; i < candidates->len && out->len < MAX_VARIANTS; i++)
    {
      json_object *c = g_ptr_array_index (candidates, i);
      char *text = plain (c);

      if (!g_hash_table_add (seen, text) || !mg_state_validate (state, c, NULL))
        continue;
      g_ptr_array_add (out, json_object_get (c));
    }
  return out;
}

/* The next action of a random play: one of legal_actions("*"), a template with its example. */
static json_object *
choose (const MgState *state, GRand *rand)
{
  g_autoptr(json_object) legal = mg_state_legal_actions (state, MG_SEAT_ALL);
  g_autoptr(GPtrArray) ok = g_ptr_array_new_with_free_func ((GDestroyNotify) (void (*) (void)) json_object_put);

  for (size_t i = 0; legal != NULL && i < json_object_array_length (legal); i++)
    {
      json_object *a = concrete (json_object_array_get_idx (legal, i));

      if (mg_state_validate (state, a, NULL))
        g_ptr_array_add (ok, a);
      else
        json_object_put (a);
    }
  if (ok->len == 0)
    return NULL;
  return json_object_get (g_ptr_array_index (ok, g_rand_int_range (rand, 0, ok->len)));
}

/* Does a seat other than `owner` still have a legal action of `type` in its own name? */
static gboolean
others_may_enter (const MgState *state, const char * const *players, const char *owner, const char *type)
{
  for (guint i = 0; players[i] != NULL; i++)
    {
      g_autoptr(json_object) legal = NULL;

      if (strcmp (players[i], owner) == 0)
        continue;
      legal = mg_state_legal_actions (state, players[i]);
      for (size_t j = 0; legal != NULL && j < json_object_array_length (legal); j++)
        if (g_strcmp0 (mg_action_type (json_object_array_get_idx (legal, j)), type) == 0)
          return TRUE;
    }
  return FALSE;
}

/* After step `step`: the fork's surfaces against the main run's. FALSE with the error on a leak;
 * *closed when the fork ends (revealed, or the action refused in it). */
static gboolean
compare (Fork *f, const MgState *a, const char *told_a, json_object *x, guint32 seed,
         const char * const *players, guint step, GHashTable *checked, gboolean *closed, GError **error)
{
  g_autofree char *told_b = play (f->b, f->fresh ? f->first : x, f->fresh ? f->dice : seed, NULL);
  g_autoptr(GPtrArray) sa = NULL;
  g_autoptr(GPtrArray) sb = NULL;
  gboolean fresh = f->fresh;

  f->fresh = FALSE;
  *closed = told_b == NULL || step - f->born >= MAX_AGE;
  if (told_b == NULL)
    return TRUE;
  if (fresh)
    g_hash_table_insert (checked, g_strdup (f->type),
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (checked, f->type)) + 1));
  if (strcmp (told_a, told_b) != 0)
    {
      /* Told everyone: the engine revealed it, and the runs may differ from here on; but not by
       * the very action that entered it while another seat may still enter its own. */
      if (fresh && f->others_could && others_may_enter (a, players, f->seat, f->type))
        {
          g_set_error (error, MG_CONTRACT_SECRETS_ERROR, MG_CONTRACT_SECRETS_ERROR_EARLY_REVEAL,
                       "%s's secret %s is told everyone at once (step %u) while another seat may still "
                       "enter its own:\n  %s\n  %s", f->seat, f->type, step, told_a, told_b);
          return FALSE;
        }
      *closed = TRUE;
      return TRUE;
    }
  sa = surfaces (a, players, f->seat);
  sb = surfaces (f->b, players, f->seat);
  for (guint i = 0; i < sa->len; i++)
    if (strcmp (g_ptr_array_index (sa, i), g_ptr_array_index (sb, i)) != 0)
      {
        g_set_error (error, MG_CONTRACT_SECRETS_ERROR, MG_CONTRACT_SECRETS_ERROR_LEAK,
                     "%s's secret %s (forked at step %u, seen after step %u) changes what others receive "
                     "with nothing told everyone:\n  %s\n  %s", f->seat, f->type, f->born, step,
                     (char *) g_ptr_array_index (sa, i), (char *) g_ptr_array_index (sb, i));
        return FALSE;
      }
  return TRUE;
}

/* Forks of `a` for the secret action `x` of `seat`: one per value variant, and one with other dice. */
static void
fork_secret (GPtrArray *forks, const MgState *a, json_object *ruleset, const char * const *players,
             json_object *x, guint32 seed, guint step)
{
  const char *seat = json_object_get_string (mg_json_member (x, "player"));
  g_autoptr(GPtrArray) vs = NULL;
  gboolean others_could;

  if (seat == NULL || forks->len >= MAX_OPEN)
    return;
  vs = variants (a, x, seat);
  others_could = others_may_enter (a, players, seat, mg_action_type (x));
  for (guint i = 0; i <= vs->len && forks->len < MAX_OPEN; i++)
    {
      Fork *f = g_new0 (Fork, 1);

      f->b = copy_state (a, ruleset);
      f->seat = g_strdup (seat);
      f->type = g_strdup (mg_action_type (x));
      /* The last fork plays the same action with other dice (a Meeple roll has no other value). */
      f->first = i < vs->len ? json_object_get (g_ptr_array_index (vs, i)) : concrete (x);
      f->dice = i < vs->len ? seed : seed ^ 0x5bd1e995u;
      f->born = step;
      f->fresh = TRUE;
      f->others_could = others_could;
      g_ptr_array_add (forks, f);
    }
}

gboolean
mg_contract_secrets_play (const MgRules *rules, json_object *ruleset, const char * const *players,
                          GPtrArray *script, guint32 seed, guint max_steps, GHashTable *checked, GError **error)
{
  g_autoptr(MgState) a = rules->new_state (ruleset, players, error);
  g_autoptr(GPtrArray) forks = g_ptr_array_new_with_free_func ((GDestroyNotify) fork_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  if (a == NULL)
    return FALSE;
  for (guint step = 0; script != NULL ? step < script->len : step < max_steps; step++)
    {
      g_autoptr(json_object) x = script != NULL ? json_object_get (g_ptr_array_index (script, step)) : choose (a, rand);
      g_autofree char *told = NULL;
      guint32 dice = seed * 7919u + step;
      GError *local = NULL;

      if (x == NULL)
        break;
      if (mg_rules_action_is_secret (rules, mg_action_type (x)))
        fork_secret (forks, a, ruleset, players, x, dice, step);
      if ((told = play (a, x, dice, &local)) == NULL)
        {
          g_set_error (error, MG_CONTRACT_SECRETS_ERROR, MG_CONTRACT_SECRETS_ERROR_SCRIPT,
                       "step %u, %s: refused: %s", step, json_object_to_json_string (x), local->message);
          g_error_free (local);
          return FALSE;
        }
      for (guint i = 0; i < forks->len;)
        {
          gboolean closed = FALSE;

          if (!compare (g_ptr_array_index (forks, i), a, told, x, dice, players, step, checked, &closed, error))
            return FALSE;
          if (closed)
            g_ptr_array_remove_index (forks, i);
          else
            i++;
        }
    }
  return TRUE;
}
