/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-contract.c — the contract every engine passes, run over every game the registry holds.
 *
 * For each game, with no line of its own here: its first sample replays into a campaign; after
 * every action, to_json/from_json is exact, validate() and a refused apply() change nothing,
 * each ill-formed variant of the next action is refused, and no seat's view (nor the public
 * one) holds a secret that an event marked for another seat, and only actions declared secret
 * give such events; each declared secret passes the difference method (mg-contract-secrets.h);
 * undo then redo of the whole sample gives the same state, and so does undo one row at a time
 * (from memory or replayed, as the file replays it); and a random playout of the actions legal_actions() lists is
 * accepted, action by action, with the same invariants. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-c/json_pointer.h>
#include <string.h>

#include "mg-campaign.h"
#include "mg-data.h"
#include "mg-actions.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-ruleset.h"
#include "mg-core-test-util.h"
#include "mg-contract-secrets.h"

static char *
state_text (const MgState *state)
{
  g_autoptr(json_object) json = mg_state_to_json (state);

  return g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN));
}

/* from_json(to_json(s)) is exact; returns the copy (the engine's own, for tampering with). */
static MgState *
roundtrip (const MgGame *game, json_object *ruleset, const MgState *state)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) json = mg_state_to_json (state);
  g_autofree char *before = g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN));
  MgState *copy = game->rules->from_json (ruleset, json, &error);
  g_autofree char *after = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (copy);
  after = state_text (copy);
  g_assert_cmpstr (after, ==, before);
  return copy;
}

/* Ill-formed variants of a well-formed action: not an object, no type, an unknown type, a type
 * that is not text, and each member replaced by a value of another JSON kind. */
static GPtrArray *
ill_formed (json_object *action)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) (void (*) (void)) json_object_put);
  json_object *o;

  g_ptr_array_add (out, json_object_new_array ());
  g_ptr_array_add (out, json_object_new_string ("attack"));
  o = json_object_new_object ();
  json_object_object_add (o, "type", json_object_new_string ("no_such_action"));
  g_ptr_array_add (out, o);
  if (!json_object_is_type (action, json_type_object))
    return out;

  o = NULL;
  json_object_deep_copy (action, &o, NULL);
  json_object_object_del (o, "type");
  g_ptr_array_add (out, o);
  o = NULL;
  json_object_deep_copy (action, &o, NULL);
  json_object_object_add (o, "type", json_object_new_int (42));
  g_ptr_array_add (out, o);

  json_object_object_foreach (action, key, value)
    {
      json_object *wrong;

      if (strcmp (key, "type") == 0 || strcmp (key, "dice") == 0 || strcmp (key, "template") == 0)
        continue;
      if (json_object_is_type (value, json_type_object))
        wrong = json_object_new_double (3.5);
      else
        {
          wrong = json_object_new_object ();
          json_object_object_add (wrong, "bogus", json_object_new_object ());
        }
      o = NULL;
      json_object_deep_copy (action, &o, NULL);
      json_object_object_add (o, key, wrong);
      g_ptr_array_add (out, o);
    }
  return out;
}

/* validate() of the action changes nothing, and every ill-formed variant is refused by both
 * validate() and apply() without a change. */
static void
check_refusals (const MgGame *game, MgState *state, json_object *action, guint32 seed)
{
  g_autofree char *before = state_text (state);
  g_autoptr(GPtrArray) bad = ill_formed (action);
  g_autofree char *after = NULL;

  (void) mg_state_validate (state, action, NULL);
  after = state_text (state);
  g_assert_cmpstr (after, ==, before);

  for (guint i = 0; i < bad->len; i++)
    {
      json_object *b = g_ptr_array_index (bad, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(MgDice) dice = mg_dice_new_seeded (seed + i);
      g_autofree char *summary = NULL;
      json_object *events;
      g_autofree char *now = NULL;

      if (mg_state_validate (state, b, &error))
        g_error ("%s accepted the ill-formed action %s", game->rules->id,
                 json_object_to_json_string (b));
      g_assert_true (g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION) ||
                     g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL) ||
                     g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER));
      g_clear_error (&error);
      events = mg_state_apply (state, b, dice, &summary, &error);
      g_assert_null (events);
      g_assert_nonnull (error);
      now = state_text (state);
      g_assert_cmpstr (now, ==, before);
    }
}

/* Does `haystack` hold `needle` anywhere (a public event revealing the secret)? */
static gboolean
contains (json_object *haystack, json_object *needle)
{
  if (json_object_equal (haystack, needle))
    return TRUE;
  if (json_object_is_type (haystack, json_type_object))
    {
      json_object_object_foreach (haystack, key, value)
        {
          (void) key;
          if (contains (value, needle))
            return TRUE;
        }
    }
  else if (json_object_is_type (haystack, json_type_array))
    {
      for (size_t i = 0; i < json_object_array_length (haystack); i++)
        if (contains (json_object_array_get_idx (haystack, i), needle))
          return TRUE;
    }
  return FALSE;
}

/* The JSON pointers ("/players/1/faces") of the members named `name` whose value is `needle`. */
static void
find_paths (json_object *json, const char *prefix, const char *name, json_object *needle, GPtrArray *out)
{
  if (json_object_is_type (json, json_type_object))
    {
      json_object_object_foreach (json, key, value)
        {
          g_autofree char *escaped = NULL;
          g_autofree char *path = NULL;
          GString *e = g_string_new (key);

          g_string_replace (e, "~", "~0", 0);
          g_string_replace (e, "/", "~1", 0);
          escaped = g_string_free (e, FALSE);
          path = g_strconcat (prefix, "/", escaped, NULL);
          if (strcmp (key, name) == 0 && json_object_equal (value, needle))
            g_ptr_array_add (out, g_strdup (path));
          find_paths (value, path, name, needle, out);
        }
    }
  else if (json_object_is_type (json, json_type_array))
    for (size_t i = 0; i < json_object_array_length (json); i++)
      {
        g_autofree char *path = g_strdup_printf ("%s/%zu", prefix, i);

        find_paths (json_object_array_get_idx (json, i), path, name, needle, out);
      }
}

/* An event with "seat": X is X's secret. Where X's own view shows one of its lists or objects
 * (a pick, the faces held, a bid) under the same member name, the public view and every other
 * seat's view must show something else at that place — unless the same action also revealed it
 * in a public event. Comparing places, not values, keeps another player's equal pick from
 * being taken for a leak. */
static void
check_secrets (const MgState *state, const char * const *players, json_object *events)
{
  for (size_t i = 0; events != NULL && i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      const char *owner = json_object_get_string (mg_json_member (e, "seat"));

      if (owner == NULL)
        continue;
      json_object_object_foreach (e, key, secret)
        {
          gboolean revealed = FALSE;

          if (!json_object_is_type (secret, json_type_object) && !json_object_is_type (secret, json_type_array))
            continue;
          if (json_object_is_type (secret, json_type_array) ? json_object_array_length (secret) == 0
                                                           : json_object_object_length (secret) == 0)
            continue;
          for (size_t j = 0; j < json_object_array_length (events) && !revealed; j++)
            {
              json_object *pub = json_object_array_get_idx (events, j);

              revealed = mg_json_member (pub, "seat") == NULL && contains (pub, secret);
            }
          if (revealed)
            continue;
          {
            g_autoptr(json_object) own = mg_state_view (state, owner);
            g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

            find_paths (own, "", key, secret, paths);
            for (gint s = -1; players[s < 0 ? 0 : s] != NULL; s++)
              {
                const char *seat = s < 0 ? MG_SEAT_PUBLIC : players[s];
                g_autoptr(json_object) view = NULL;

                if (strcmp (seat, owner) == 0)
                  continue;
                view = mg_state_view (state, seat);
                for (guint p = 0; p < paths->len; p++)
                  {
                    json_object *there = NULL;

                    if (json_pointer_get (view, g_ptr_array_index (paths, p), &there) == 0 &&
                        json_object_equal (there, secret))
                      g_error ("%s's view holds %s's secret at %s: %s", seat, owner,
                               (char *) g_ptr_array_index (paths, p), json_object_to_json_string (secret));
                  }
              }
          }
        }
    }
}

/* An event for one seat comes only from an action the table declares secret (issue 41.3): the
 * server, the contract and the app read the declaration, so a secret it misses is a leak. */
static void
check_declared (const MgState *state, json_object *action, json_object *events)
{
  for (size_t i = 0; events != NULL && i < json_object_array_length (events); i++)
    if (mg_json_member (json_object_array_get_idx (events, i), "seat") != NULL &&
        !mg_rules_action_is_secret (state->rules, mg_action_type (action)))
      g_error ("%s: %s gave an event for one seat, but its type is not declared MG_ACTION_SECRET: %s",
               state->rules->id, json_object_to_json_string (action),
               json_object_to_json_string (json_object_array_get_idx (events, i)));
}

static void
check_after_action (const MgGame *game, json_object *ruleset, const MgState *state,
                    const char * const *players, json_object *events, json_object *next, guint32 seed)
{
  g_autoptr(MgState) copy = roundtrip (game, ruleset, state);

  check_secrets (state, players, events);
  if (next != NULL)
    check_refusals (game, copy, next, seed);
}

static GPtrArray *
sample_actions (const MgGameSample *sample)
{
  g_autoptr(GBytes) bytes = mg_data_lookup (sample->resource, NULL);
  g_auto(GStrv) lines = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) (void (*) (void)) json_object_put);

  g_assert_nonnull (bytes);
  lines = g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      json_object *action;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      action = json_tokener_parse (lines[i]);
      g_assert_nonnull (action);
      g_ptr_array_add (out, action);
    }
  return out;
}

/* The state of the campaign at `path` as a fresh open replays it from the file. */
static char *
state_on_disk (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) fresh = mg_campaign_open (path, &error);

  g_assert_no_error (error);
  return state_text (mg_campaign_get_state (fresh));
}

/* Undo one row at a time, back to the start, each undo also redone and undone again: the state
 * after each is the one before that row (`texts`, the state after i actions), and the same as
 * the file replays. An undo right after the act or redo of its row comes back to the state kept
 * in memory (issue 43); one after another undo replays from a snapshot: both must agree. */
static void
check_undo_one_by_one (MgCampaign *campaign, const char *path, GPtrArray *texts)
{
  g_autoptr(GError) error = NULL;
  guint done = 0;

  for (guint k = texts->len - 1; k > 0; k--)
    {
      g_autofree char *now = NULL, *disk = NULL, *redone = NULL, *again = NULL;

      g_assert_true (mg_campaign_undo (campaign, 1, &done, &error));
      g_assert_no_error (error);
      now = state_text (mg_campaign_get_state (campaign));
      disk = state_on_disk (path);
      g_assert_cmpstr (now, ==, g_ptr_array_index (texts, k - 1));
      g_assert_cmpstr (disk, ==, now);

      g_assert_true (mg_campaign_redo (campaign, 1, &done, &error));
      g_assert_no_error (error);
      redone = state_text (mg_campaign_get_state (campaign));
      g_assert_cmpstr (redone, ==, g_ptr_array_index (texts, k));
      g_assert_true (mg_campaign_undo (campaign, 1, &done, &error));
      g_assert_no_error (error);
      again = state_text (mg_campaign_get_state (campaign));
      g_assert_cmpstr (again, ==, g_ptr_array_index (texts, k - 1));
    }
  g_assert_true (mg_campaign_redo (campaign, texts->len - 1, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, texts->len - 1);
}

/* What the engine makes of its sample, row by row (the state's to_json after each, which is what
 * a snapshot keeps), against engine-revisions.txt: "game revision sha256" per line. A change of
 * that text at the same MgGame.engine_revision would make every campaign played before it fail
 * its check ("The snapshot after journal row … differs from a replay"): bump the revision (the
 * campaigns' snapshots are then made again on open, schema/0010), then record the new line. A
 * change of the sample itself needs the new line only; a game being added has none yet. */
static void
check_engine_revision (const MgGame *game, GPtrArray *texts)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "contract", "engine-revisions.txt", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *ours = NULL;
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint revision = mg_game_engine_revision (game);

  for (guint i = 0; i < texts->len; i++)
    {
      g_checksum_update (sum, (const guchar *) g_ptr_array_index (texts, i), -1);
      g_checksum_update (sum, (const guchar *) "\n", 1);
    }
  digest = g_strdup (g_checksum_get_string (sum));
  ours = g_strdup_printf ("%s %u %s", game->rules->id, revision, digest);
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", 3);

      if (g_strv_length (f) != 3 || g_strcmp0 (f[0], game->rules->id) != 0)
        continue;
      if (g_strcmp0 (f[2], digest) == 0 && g_ascii_strtoull (f[1], NULL, 10) == revision)
        return;
      if (g_strcmp0 (f[2], digest) != 0 && g_ascii_strtoull (f[1], NULL, 10) == revision)
        g_error ("%s's engine makes other states of its sample at the same revision (%u): if the engine "
                 "changed, bump engine_revision in its descriptor; then put \"%s\" (with the new "
                 "revision) in %s", game->rules->id, revision, ours, path);
      g_error ("%s's engine is at revision %u: put \"%s\" in %s", game->rules->id, revision, ours, path);
    }
  /* A game being added (the scaffold's): no campaign was played before it to protect yet. */
  g_test_message ("%s has no line in %s: put \"%s\" there once it is played", game->rules->id, path, ours);
}

/* The sample, through a campaign: invariants after each action, then undo all and redo all. */
static void
test_sample (gconstpointer data)
{
  const MgGame *game = data;
  g_autofree char *path = mg_test_tmpfile ("contract.mgc");
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *end = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);   /* the state after i actions */
  const char * const *players;
  guint done = 0;

  if (game->n_samples == 0)
    {
      g_test_skip ("the game ships no sample");
      return;
    }
  actions = sample_actions (&game->samples[0]);
  campaign = mg_campaign_create (path, game->rules->id, "Contract", game->samples[0].players, NULL, 7, &error);
  g_assert_no_error (error);
  players = mg_campaign_get_players (campaign);
  check_after_action (game, mg_campaign_get_ruleset (campaign), mg_campaign_get_state (campaign),
                      players, NULL, actions->len > 0 ? g_ptr_array_index (actions, 0) : NULL, 1);
  g_ptr_array_add (texts, state_text (mg_campaign_get_state (campaign)));
  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(MgJournalEntry) entry = mg_campaign_act (campaign, g_ptr_array_index (actions, i), &error);
      g_autoptr(json_object) events = NULL;

      g_assert_no_error (error);
      g_ptr_array_add (texts, state_text (mg_campaign_get_state (campaign)));
      events = json_tokener_parse (entry->events);
      check_declared (mg_campaign_get_state (campaign), g_ptr_array_index (actions, i), events);
      check_after_action (game, mg_campaign_get_ruleset (campaign), mg_campaign_get_state (campaign),
                          players, events,
                          i + 1 < actions->len ? g_ptr_array_index (actions, i + 1) : NULL, 100 + i);
    }

  end = state_text (mg_campaign_get_state (campaign));
  check_engine_revision (game, texts);
  check_undo_one_by_one (campaign, path, texts);
  g_assert_true (mg_campaign_undo (campaign, actions->len, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, actions->len);
  g_assert_true (mg_campaign_redo (campaign, actions->len, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, actions->len);
  again = state_text (mg_campaign_get_state (campaign));
  g_assert_cmpstr (again, ==, end);
  g_assert_true (mg_campaign_check (campaign, &error));
  g_assert_no_error (error);
}

/* The seats of the game's first sample, else four of the colours. */
static const char *const *
players_of (const MgGame *game)
{
  static const char *names[] = { "Red", "Blue", "Green", "Yellow", NULL };

  return game->n_samples > 0 ? game->samples[0].players : names;
}

/* Random playouts from the start: every concrete action legal_actions() lists is accepted by
 * validate(), and the one played is accepted by apply() with the invariants after it. */
static void
test_legal_playout (gconstpointer data)
{
  const MgGame *game = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) ruleset = mg_ruleset_load_default (game->rules->id, &error);
  const char *const *players = players_of (game);
  guint played = 0;

  g_assert_no_error (error);
  if (game->rules->legal_actions == NULL)
    {
      g_test_skip ("the engine has no legal_actions yet");
      return;
    }
  for (guint32 run = 1; run <= 3; run++)
    {
      g_autoptr(MgState) state = game->rules->new_state (ruleset, players, &error);
      g_autoptr(GRand) rand = g_rand_new_with_seed (run);

      g_assert_no_error (error);
      for (guint step = 0; step < 150; step++)
        {
          g_autoptr(json_object) legal = mg_state_legal_actions (state, MG_SEAT_ALL);
          g_autoptr(GPtrArray) concrete = g_ptr_array_new ();
          g_autoptr(MgDice) dice = mg_dice_new_seeded (run * 1000 + step);
          g_autofree char *summary = NULL;
          g_autoptr(json_object) events = NULL;
          json_object *pick;

          g_assert_true (json_object_is_type (legal, json_type_array));
          for (size_t i = 0; i < json_object_array_length (legal); i++)
            {
              json_object *a = json_object_array_get_idx (legal, i);

              if (json_object_get_boolean (mg_json_member (a, "template")))
                continue;
              if (!mg_state_validate (state, a, &error))
                g_error ("%s lists %s as legal, but validate() says: %s", game->rules->id,
                         json_object_to_json_string (a), error->message);
              g_ptr_array_add (concrete, a);
            }
          if (concrete->len == 0)
            break;
          pick = g_ptr_array_index (concrete, g_rand_int_range (rand, 0, concrete->len));
          {
            g_autoptr(MgState) copy = roundtrip (game, ruleset, state);

            check_refusals (game, copy, pick, run * 7 + step);
          }
          events = mg_state_apply (state, pick, dice, &summary, &error);
          if (events == NULL)
            g_error ("%s lists %s as legal, but apply() says: %s", game->rules->id,
                     json_object_to_json_string (pick), error->message);
          g_assert_nonnull (summary);
          check_declared (state, pick, events);
          check_after_action (game, ruleset, state, players, events, NULL, 0);
          played++;
        }
    }
  g_test_message ("%s: %u legal actions played", game->rules->id, played);
  g_assert_cmpuint (played, >, 0);
}

/* `n` seats: the first sample's, then colours not taken (a variant may seat more). */
static const char **
seats_for (const MgGame *game, guint n)
{
  static const char *colours[] = { "Red", "Blue", "Green", "Yellow", "Black", "White", "Orange", "Purple" };
  const char *const *first = players_of (game);
  const char **out = g_new0 (const char *, n + 1);
  guint k = 0;

  for (guint i = 0; first[i] != NULL && k < n; i++)
    out[k++] = first[i];
  for (guint i = 0; i < G_N_ELEMENTS (colours) && k < n; i++)
    if (!g_strv_contains ((const char *const *) out, colours[i]))
      out[k++] = colours[i];
  return out;
}

/* Issues 41.3 and 47.2: every action the game's table declares secret is checked by the
 * difference method (mg-contract-secrets.h), along the sample and random plays of the shipped
 * ruleset and of each variant; a declared secret that no play reaches fails the test. */
static void
test_secret_difference (gconstpointer data)
{
  const MgGame *game = data;
  const MgActions *actions = game->rules->actions;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) ruleset = mg_ruleset_load_default (game->rules->id, &error);
  g_autoptr(GHashTable) checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint declared = 0;

  g_assert_no_error (error);
  if (game->n_samples > 0)
    {
      g_autoptr(GPtrArray) script = sample_actions (&game->samples[0]);

      if (!mg_contract_secrets_play (game->rules, ruleset, game->samples[0].players, script, 1, 0, checked, &error))
        g_error ("%s, sample: %s", game->rules->id, error->message);
    }
  for (guint v = 0; v <= game->n_variants; v++)
    {
      g_autoptr(json_object) rs = NULL;
      g_autofree const char **seats = NULL;

      json_object_deep_copy (ruleset, &rs, NULL);
      if (v < game->n_variants)
        json_object_object_add (rs, game->variant_key, json_object_new_string (game->variants[v].value));
      seats = seats_for (game, v < game->n_variants ? game->variants[v].min_players
                                                    : g_strv_length ((char **) players_of (game)));
      for (guint32 run = 1; run <= 3 && game->rules->legal_actions != NULL; run++)
        if (!mg_contract_secrets_play (game->rules, rs, seats, NULL, run, 150, checked, &error))
          g_error ("%s, variant %s, run %u: %s", game->rules->id,
                   v < game->n_variants ? game->variants[v].value : "(shipped)", run, error->message);
    }
  for (guint i = 0; i < actions->n_actions; i++)
    if (actions->actions[i].flags & MG_ACTION_SECRET)
      {
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (checked, actions->actions[i].type));

        declared++;
        if (n == 0)
          g_error ("%s declares \"%s\" secret, but neither its sample nor a random play reaches one to check",
                   game->rules->id, actions->actions[i].type);
        g_test_message ("%s: %u forks of %s compared", game->rules->id, n, actions->actions[i].type);
      }
  g_test_message ("%s: %u secret actions declared", game->rules->id, declared);
}

/* The facts a descriptor declares for shared code (issue 35.3) name what the engine has: each
 * pending() counter that means play moved on is in pending(); every face of a die it names
 * has a name; each export column's key is a plain word of the views' tables. */
static void
test_descriptor (gconstpointer data)
{
  const MgGame *game = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) ruleset = mg_ruleset_load_default (game->rules->id, &error);
  const char *const *players = players_of (game);
  g_autoptr(MgState) state = NULL;
  g_autoptr(json_object) pending = NULL;

  g_assert_no_error (error);
  /* The one shape (mg-actions.h): a list of actions played on a copy, and a copy to play on. */
  g_assert_nonnull (game->rules->actions);
  g_assert_cmpuint (game->rules->actions->n_actions, >, 0);
  g_assert_nonnull (game->rules->actions->copy);
  g_assert_true (game->rules->actions->swap != NULL || game->rules->actions->size >= sizeof (MgState));
  for (guint i = 0; i < game->rules->actions->n_actions; i++)
    g_assert_nonnull (game->rules->actions->actions[i].play);
  state = game->rules->new_state (ruleset, players, &error);
  g_assert_no_error (error);
  pending = mg_state_pending (state);
  for (guint i = 0; game->moved_on != NULL && game->moved_on[i] != NULL; i++)
    if (mg_json_member (pending, game->moved_on[i]) == NULL)
      g_error ("%s: pending() has no \"%s\", which its descriptor says moves play on", game->rules->id,
               game->moved_on[i]);
  if (game->face_name != NULL)
    {
      guint named = 0;

      for (guint sides = 1; sides <= 20; sides++)
        if (game->face_name (ruleset, sides, 1) != NULL)
          {
            for (guint f = 1; f <= sides; f++)
              g_assert_nonnull (game->face_name (ruleset, sides, f));
            named++;
          }
      g_assert_cmpuint (named, >, 0);
    }
  for (guint i = 0; i < game->n_export_columns; i++)
    {
      const char *key = game->export_columns[i].key;

      g_assert_true (key[0] != '\0' && strspn (key, "abcdefghijklmnopqrstuvwxyz_") == strlen (key));
    }
  /* Every view names its game: the exports and the players' display find its words by it. */
  {
    g_autoptr(json_object) view = mg_state_view (state, MG_SEAT_PUBLIC);
    json_object *named = NULL;

    if (!json_object_object_get_ex (view, "game", &named) || g_strcmp0 (json_object_get_string (named), game->rules->id) != 0)
      g_error ("%s: the public view has no \"game\": \"%s\", so the exports miss the game's words. Fix: "
               "json_object_object_add (view, \"game\", json_object_new_string (\"%s\")) in view() "
               "(docs/adding-a-game.md, \"Views name their game\")", game->rules->id, game->rules->id, game->rules->id);
  }
}

int
main (int argc, char *argv[])
{
  guint n;
  const MgGame **games;

  g_test_init (&argc, &argv, NULL);
  games = mg_games_all (&n);
  g_assert_cmpuint (n, >=, 3);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sample = g_strdup_printf ("/contract/%s/sample", games[i]->rules->id);
      g_autofree char *playout = g_strdup_printf ("/contract/%s/legal-playout", games[i]->rules->id);

      g_test_add_data_func (sample, games[i], test_sample);
      g_autofree char *descriptor = g_strdup_printf ("/contract/%s/descriptor", games[i]->rules->id);

      g_test_add_data_func (playout, games[i], test_legal_playout);
      g_test_add_data_func (descriptor, games[i], test_descriptor);
      g_autofree char *secrets = g_strdup_printf ("/contract/%s/secret-difference", games[i]->rules->id);

      g_test_add_data_func (secrets, games[i], test_secret_difference);
    }
  return g_test_run ();
}
