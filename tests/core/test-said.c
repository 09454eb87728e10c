/* test-said.c — every action of every sample says its sentences as messages (MgSaid): rendered
 * in English they are the summary byte for byte, rendered with the French catalogue they are
 * what the same action says played in French (issue 45 item 4, docs/messages.md). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <libintl.h>
#include <glib/gi18n-lib.h>

#include "mg-catalogue.h"
#include "mg-campaign-private.h"
#include "mg-data.h"
#include "mg-game.h"
#include "mg-ruleset.h"

#define SEED 7

/* The process's own language: French (LANGUAGE=fr, no fr_FR locale needed) or English. */
static void
process_language (const char *lang)
{
  if (lang != NULL)
    g_setenv ("LANGUAGE", lang, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
  textdomain (textdomain (NULL));   /* gettext forgets the translations it looked up */
}

/* Plays `action` (its "dice" member, else the campaign's seeded dice for row `seq`) on `state`
 * in the process's language. */
static json_object *
play (MgState *state, json_object *action, gint64 seq, char **summary, MgSaid **said)
{
  json_object *dice_json = NULL;
  json_object *clean = mg_campaign_strip_dice (action, &dice_json);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgDice) dice = dice_json != NULL ? mg_dice_new_from_json (dice_json, &error)
                                             : mg_dice_new_seeded (mg_campaign_row_seed (SEED, seq));
  json_object *events;

  g_assert_no_error (error);
  events = mg_state_apply_said (state, clean, dice, summary, said, &error);
  g_assert_no_error (error);
  json_object_put (clean);
  return events;
}

/* TRUE when `msgid` (after a context's \004) has a letter outside its conversions: words, not
 * marks ("%s"). */
static gboolean
has_word (const char *msgid)
{
  const char *eot = strchr (msgid, '\004');

  for (const char *c = eot != NULL ? eot + 1 : msgid; *c != '\0'; c++)
    if (*c == '%')
      while (c[1] != '\0' && !g_ascii_isalpha (*++c) && *c != '%')
        ;
    else if (g_ascii_isalpha (*c))
      return TRUE;
  return FALSE;
}

/* Every message said, and each phrase in it, has its French in po/fr.po: no English word of a
 * sentence reaches a French reader (said-common.md, (3)). A word argument may be the table's own
 * name (a map the referee drew, "Three fields": no msgid of po/), said as it is in every
 * language; the words of po/ are translated, which po-fr checks. `pieces`: mg_said_to_json's
 * array, or a message's args. */
static void
assert_french (json_object *pieces, const MgCatalogue *fr, const char *where)
{
  for (gsize i = 0; i < json_object_array_length (pieces); i++)
    {
      json_object *p = json_object_array_get_idx (pieces, i), *id = NULL, *more = NULL;
      const char *msgid;

      if (json_object_object_get_ex (p, "said", &more))
        assert_french (more, fr, where);
      if (!json_object_object_get_ex (p, "id", &id))
        continue;
      msgid = json_object_get_string (id);
      if (!json_object_object_get_ex (p, "args", NULL))
        continue;   /* a word */
      if (has_word (msgid) && mg_catalogue_gettext (fr, msgid) == msgid)
        g_error ("%s: \"%s\" has no French in po/fr.po", where, msgid);
      if (json_object_object_get_ex (p, "args", &more))
        assert_french (more, fr, where);
    }
}

/* A new state; with `members`, the state whose JSON is the new state's with those members
 * replaced (a position set by hand). */
static MgState *
start_state (const MgGame *game, json_object *ruleset, const char * const *players, json_object *members)
{
  g_autoptr(GError) error = NULL;
  MgState *state = game->rules->new_state (ruleset, players, &error);
  json_object *json;

  g_assert_no_error (error);
  if (members == NULL)
    return state;
  json = mg_state_to_json (state);
  mg_state_free (state);
  json_object_object_foreach (members, key, value)
    json_object_object_add (json, key, json_object_get (value));
  state = game->rules->from_json (ruleset, json, &error);
  g_assert_no_error (error);
  json_object_put (json);
  return state;
}

/* Plays the actions of `text` (JSON lines) from a new state (`members` set, if any), in English
 * and in French, and checks each action's said against both summaries; `where` names the case. */
static void
say_actions (const MgGame *game, json_object *ruleset, const char * const *players, json_object *members,
             const char *text, const char *where, guint *checked, guint *differ)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(MgState) en = start_state (game, ruleset, players, members);
  g_autoptr(MgState) fr_state = start_state (game, ruleset, players, members);
  gint64 seq = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      json_object *action = json_tokener_parse (g_strstrip (lines[i]));
      g_autofree char *summary = NULL, *summary_fr = NULL, *as_en = NULL, *as_fr = NULL;
      g_autoptr(MgSaid) said = NULL;
      g_autoptr(MgSaid) said_fr = NULL;
      json_object *stored;
      g_autoptr(MgSaid) back = NULL;

      if (lines[i][0] == '\0')
        continue;
      g_assert_nonnull (action);
      seq++;
      process_language (NULL);
      json_object_put (play (en, action, seq, &summary, &said));
      process_language ("fr");
      json_object_put (play (fr_state, action, seq, &summary_fr, &said_fr));
      process_language (NULL);
      json_object_put (action);
      if (said == NULL)
        g_error ("%s, %s, row %" G_GINT64_FORMAT ": no said (the engine still writes its summary as text): %s",
                 game->rules->id, where, seq, summary);
      /* As the journal keeps it: JSON, read back. */
      stored = mg_said_to_json (said);
      back = mg_said_from_json (stored);
      json_object_put (stored);
      g_assert_nonnull (back);
      {
        g_autofree char *at = g_strdup_printf ("%s, %s, row %" G_GINT64_FORMAT, game->rules->id, where, seq);
        json_object *pieces = mg_said_to_json (back);
        assert_french (pieces, mg_catalogue_get ("fr"), at);
        json_object_put (pieces);
      }
      as_en = mg_catalogue_render_said (NULL, back);
      as_fr = mg_catalogue_render_said (mg_catalogue_get ("fr"), back);
      if (g_strcmp0 (as_en, summary) != 0 || g_strcmp0 (as_fr, summary_fr) != 0)
        g_error ("%s, %s, row %" G_GINT64_FORMAT ":\n  English summary  %s\n  said in English  %s\n"
                 "  French summary   %s\n  said in French   %s",
                 game->rules->id, where, seq, summary, as_en, summary_fr, as_fr);
      *differ += g_strcmp0 (as_en, as_fr) != 0;
      (*checked)++;
    }
}

static void
test_sample (gconstpointer data)
{
  const MgGame *game = data;
  g_autoptr(GError) error = NULL;
  json_object *ruleset = mg_ruleset_load_default (game->rules->id, &error);
  guint checked = 0, differ = 0;

  g_assert_no_error (error);
  g_assert_nonnull (mg_catalogue_get ("fr"));
  for (guint s = 0; s < game->n_samples; s++)
    {
      g_autoptr(GBytes) bytes = mg_data_lookup (game->samples[s].resource, NULL);
      g_autofree char *where = g_strdup_printf ("sample %u", s);

      say_actions (game, ruleset, game->samples[s].players, NULL, g_bytes_get_data (bytes, NULL), where,
                   &checked, &differ);
    }
  g_test_message ("%s: %u actions said, %u of them in other words in French", game->rules->id, checked, differ);
  g_assert_cmpuint (checked, >, 0);
  /* French is not English: most sentences read differently (names and marks alone may not). */
  g_assert_cmpuint (differ * 2, >, checked);
  json_object_put (ruleset);
}

/* A game's own cases, for the sentences its samples never say: each file of tests/<id>/said/
 * is a {"players": […]} line (with "ruleset": members replacing the shipped ruleset's, "state":
 * members replacing the new state's), then actions (a "dice" member fixes their dice). */
static void
test_cases (gconstpointer data)
{
  const MgGame *game = data;
  g_autoptr(GError) error = NULL;
  json_object *shipped = mg_ruleset_load_default (game->rules->id, &error);
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", game->rules->id, "said", NULL);
  g_autoptr(GDir) files = g_dir_open (dir, 0, &error);
  const char *name;
  guint checked = 0, differ = 0, n_files = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (files)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_autofree char *first = NULL;
      json_object *head, *players_json, *members, *ruleset = NULL;
      g_autoptr(GPtrArray) players = g_ptr_array_new ();

      if (!g_str_has_suffix (name, ".jsonl"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      g_assert_no_error (error);
      first = g_strndup (text, strcspn (text, "\n"));
      head = json_tokener_parse (first);
      g_assert_true (json_object_object_get_ex (head, "players", &players_json));
      for (gsize i = 0; i < json_object_array_length (players_json); i++)
        g_ptr_array_add (players, (gpointer) json_object_get_string (json_object_array_get_idx (players_json, i)));
      g_ptr_array_add (players, NULL);
      json_object_deep_copy (shipped, &ruleset, NULL);
      if (json_object_object_get_ex (head, "ruleset", &members))
        {
          json_object_object_foreach (members, key, value)
            json_object_object_add (ruleset, key, json_object_get (value));
        }
      say_actions (game, ruleset, (const char * const *) players->pdata,
                   json_object_object_get_ex (head, "state", &members) ? members : NULL,
                   text + strlen (first), name, &checked, &differ);
      json_object_put (ruleset);
      json_object_put (head);
      n_files++;
    }
  g_test_message ("%s: %u cases, %u actions said, %u of them in other words in French", game->rules->id,
                  n_files, checked, differ);
  g_assert_cmpuint (checked, >, 0);
  json_object_put (shipped);
}

int
main (int argc, char **argv)
{
  guint n = 0;
  const MgGame **games = mg_games_all (&n);

  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* GLib decides once, at its first g_dgettext(), whether to translate at all: not when the
   * domain's header is untranslated and the locale ("C.UTF-8") is neither "C" nor "en_*" —
   * an English first call would keep every later French one in English. Ask it in French. */
  process_language ("fr");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "nothing"), !=, "nothing");
  process_language (NULL);
  g_test_init (&argc, &argv, NULL);
  for (guint g = 0; g < n; g++)
    if (games[g]->n_samples > 0)
      {
        g_autofree char *name = g_strdup_printf ("/said/%s", games[g]->rules->id);
        g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", games[g]->rules->id, "said", NULL);
        g_test_add_data_func (name, games[g], test_sample);
        if (g_file_test (dir, G_FILE_TEST_IS_DIR))
          {
            g_autofree char *cases = g_strdup_printf ("/said/%s/cases", games[g]->rules->id);
            g_test_add_data_func (cases, games[g], test_cases);
          }
      }
  return g_test_run ();
}
