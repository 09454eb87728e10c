/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-engines.c — every registered engine, fed lines of JSON actions after its sample.
 *
 * An input is a game selector byte, then action lines ("\n"-separated). The state starts where
 * the game's sample script leaves it. For every line the invariants the store relies on hold:
 *   - a refused action (validate or apply) leaves the state exactly as it was;
 *   - an accepted one keeps `check` clean: a replay of every accepted action from the start,
 *     with the dice recorded, gives the same state (what mg_campaign_check compares);
 *   - save and reload are exact: to_json (from_json (to_json (s))) == to_json (s).
 * A broken invariant aborts (a crash for libFuzzer). Built with clang and -fsanitize=fuzzer it is
 * libFuzzer's target (build-aux/dev.sh test); otherwise main() replays the files given (the
 * corpus kept in tests/fuzz/corpus) as a plain test. */
#include <glib.h>
#include <gio/gio.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mg-data.h"
#include "mg-game.h"
#include "mg-rules.h"
#include "mg-dice.h"

#define MAX_LINES 24
#define FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

typedef struct {
  const MgGame *game;
  json_object  *ruleset;
  const char  **players;
  GPtrArray    *actions;   /* the sample's accepted actions, json_object* without dice */
  GPtrArray    *dice;      /* their recorded dice, json_object* arrays */
  char         *state;     /* to_json text after the sample */
} Base;

static void
put_json (gpointer obj)
{
  json_object_put (obj);
}

static Base *bases;
static guint n_bases;
static guint64 accepted_total, refused_total;

static char *
state_text (const MgState *state)
{
  json_object *j = mg_state_to_json (state);
  char *text = g_strdup (json_object_to_json_string_ext (j, FLAGS));

  json_object_put (j);
  return text;
}

static G_NORETURN void
broken (const Base *b, const char *what, const char *action)
{
  fprintf (stderr, "fuzz-engines: %s: %s\n  action: %s\n", b->game->rules->id, what, action);
  abort ();
}

/* The action without "dice" (new ref), and its typed dice (borrowed) or NULL. */
static json_object *
split_dice (json_object *action, json_object **dice)
{
  json_object *clean = json_object_new_object ();

  *dice = NULL;
  json_object_object_foreach (action, key, val)
    {
      if (strcmp (key, "dice") == 0)
        *dice = val;
      else
        json_object_object_add (clean, key, json_object_get (val));
    }
  return clean;
}

/* Applies one action the way mg_campaign_act does; on acceptance records it and its dice.
 * Returns TRUE if accepted. Checks the refusal and reload invariants. */
static gboolean
apply_checked (const Base *b, MgState **state, json_object *action, guint32 seed,
               GPtrArray *actions, GPtrArray *dice_log)
{
  json_object *typed = NULL;
  json_object *clean = split_dice (action, &typed);
  const char *text = json_object_to_json_string_ext (clean, FLAGS);
  g_autofree char *before = state_text (*state);
  g_autofree char *summary = NULL;
  g_autoptr(MgDice) dice = NULL;
  json_object *events = NULL;
  gboolean valid;

  valid = mg_state_validate (*state, clean, NULL);
  {
    g_autofree char *after_validate = state_text (*state);

    if (strcmp (before, after_validate) != 0)
      broken (b, "validate() changed the state", text);
  }
  dice = typed ? mg_dice_new_from_json (typed, NULL) : mg_dice_new_seeded (seed);
  if (dice)
    events = mg_state_apply (*state, clean, dice, &summary, NULL);
  if (!events)
    {
      g_autofree char *after = state_text (*state);

      if (strcmp (before, after) != 0)
        broken (b, "a refused apply() changed the state", text);
      refused_total++;
      json_object_put (clean);
      return FALSE;
    }
  (void) valid;
  json_object_put (events);
  if (mg_dice_remaining (dice) > 0)
    {
      /* The store refuses it (dice typed were not used) and reloads the state. */
      json_object *j = json_tokener_parse (before);
      MgState *again = b->game->rules->from_json (b->ruleset, j, NULL);

      json_object_put (j);
      if (!again)
        broken (b, "from_json refused a state to_json gave", text);
      mg_state_free (*state);
      *state = again;
      refused_total++;
      json_object_put (clean);
      return FALSE;
    }

  /* Save and reload are exact. */
  {
    g_autofree char *saved = state_text (*state);
    json_object *j = json_tokener_parse (saved);
    MgState *reloaded = j ? b->game->rules->from_json (b->ruleset, j, NULL) : NULL;
    g_autofree char *again = NULL;

    json_object_put (j);
    if (!reloaded)
      broken (b, "from_json refused what to_json gave", text);
    again = state_text (reloaded);
    mg_state_free (reloaded);
    if (strcmp (saved, again) != 0)
      broken (b, "from_json (to_json (s)) differs from s", text);
  }
  g_ptr_array_add (actions, clean);
  g_ptr_array_add (dice_log, mg_dice_to_json (dice));
  accepted_total++;
  return TRUE;
}

static MgState *
new_state (const Base *b)
{
  MgState *s = b->game->rules->new_state (b->ruleset, b->players, NULL);

  if (!s)
    broken (b, "new_state refused the shipped ruleset", "");
  return s;
}

/* What `check` compares: a replay of every accepted action with its recorded dice. */
static void
check_replay (const Base *b, const MgState *state, GPtrArray *actions, GPtrArray *dice_log)
{
  g_autofree char *now = state_text (state);
  g_autofree char *replayed = NULL;
  MgState *s = new_state (b);

  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(MgDice) dice = mg_dice_new_from_json (g_ptr_array_index (dice_log, i), NULL);
      g_autofree char *summary = NULL;
      json_object *events = dice ? mg_state_apply (s, g_ptr_array_index (actions, i), dice, &summary, NULL) : NULL;

      if (!events || mg_dice_remaining (dice) > 0)
        broken (b, "an accepted action does not replay with its recorded dice",
                json_object_to_json_string_ext (g_ptr_array_index (actions, i), FLAGS));
      json_object_put (events);
    }
  replayed = state_text (s);
  mg_state_free (s);
  if (strcmp (now, replayed) != 0)
    broken (b, "a full replay does not give the current state", "");
}

static void
init_bases (void)
{
  guint n;
  const MgGame **games = mg_games_all (&n);

  bases = g_new0 (Base, n);
  for (guint i = 0; i < n; i++)
    {
      const MgGame *g = games[i];
      Base *b = &bases[n_bases];
      g_autoptr(GBytes) ruleset = NULL;
      g_autoptr(GBytes) sample = NULL;
      g_auto(GStrv) lines = NULL;
      MgState *state;

      if (!g->ruleset_resource || g->n_samples == 0)
        continue;
      ruleset = mg_data_lookup (g->ruleset_resource, NULL);
      sample = mg_data_lookup (g->samples[0].resource, NULL);
      if (!ruleset || !sample)
        continue;
      b->game = g;
      b->ruleset = json_tokener_parse (g_bytes_get_data (ruleset, NULL));
      b->players = (const char **) g->samples[0].players;
      b->actions = g_ptr_array_new_with_free_func (put_json);
      b->dice = g_ptr_array_new_with_free_func (put_json);
      state = new_state (b);
      lines = g_strsplit (g_bytes_get_data (sample, NULL), "\n", -1);
      for (guint l = 0; lines[l]; l++)
        {
          json_object *action = json_tokener_parse (lines[l]);

          if (json_object_is_type (action, json_type_object) &&
              !apply_checked (b, &state, action, l, b->actions, b->dice))
            broken (b, "the sample does not play", lines[l]);
          json_object_put (action);
        }
      b->state = state_text (state);
      mg_state_free (state);
      n_bases++;
    }
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GPtrArray) dice_log = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  const Base *b;
  MgState *state;
  json_object *j;
  guint32 seed = 0;

  if (!bases)
    init_bases ();
  if (size < 1 || n_bases == 0)
    return 0;
  b = &bases[data[0] % n_bases];
  for (size_t i = 0; i < size; i++)
    seed = seed * 31 + data[i];
  text = g_strndup ((const char *) data + 1, size - 1);
  lines = g_strsplit (text, "\n", MAX_LINES + 1);

  j = json_tokener_parse (b->state);
  state = b->game->rules->from_json (b->ruleset, j, NULL);
  json_object_put (j);
  if (!state)
    broken (b, "from_json refused the sample's state", "");
  actions = g_ptr_array_new_with_free_func (put_json);
  dice_log = g_ptr_array_new_with_free_func (put_json);
  for (guint i = 0; i < b->actions->len; i++)
    {
      g_ptr_array_add (actions, json_object_get (g_ptr_array_index (b->actions, i)));
      g_ptr_array_add (dice_log, json_object_get (g_ptr_array_index (b->dice, i)));
    }
  for (guint l = 0; lines[l] && l < MAX_LINES; l++)
    {
      json_object *action = json_tokener_parse (lines[l]);

      if (json_object_is_type (action, json_type_object))
        apply_checked (b, &state, action, seed + l, actions, dice_log);
      json_object_put (action);
    }
  if (actions->len > b->actions->len)
    check_replay (b, state, actions, dice_log);
  mg_state_free (state);
  return 0;
}

#ifndef MG_FUZZ_LIBFUZZER
/* Without libFuzzer: replay every file of the directories or files given (the kept corpus). */
static void
run_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;

  if (g_file_get_contents (path, &data, &len, NULL))
    LLVMFuzzerTestOneInput ((const guint8 *) data, len);
}

int
main (int argc, char *argv[])
{
  guint files = 0;

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
      const char *name;

      if (!dir)
        {
          run_file (argv[i]);
          files++;
          continue;
        }
      while ((name = g_dir_read_name (dir)))
        {
          g_autofree char *path = g_build_filename (argv[i], name, NULL);

          run_file (path);
          files++;
        }
    }
  if (!bases)
    init_bases ();
  printf ("fuzz-engines: %u inputs over %u engines: %" G_GUINT64_FORMAT " actions accepted, %"
          G_GUINT64_FORMAT " refused, every invariant held\n", files, n_bases, accepted_total, refused_total);
  for (guint i = 0; i < n_bases; i++)
    {
      json_object_put (bases[i].ruleset);
      g_ptr_array_unref (bases[i].actions);
      g_ptr_array_unref (bases[i].dice);
      g_free (bases[i].state);
    }
  g_free (bases);
  return 0;
}
#endif
