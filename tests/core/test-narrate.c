/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-narrate.c — a campaign played in one language is told in another (mg-narrate.h): every
 * game's sample is played in English (LANGUAGE=en), the last rows undone, then every row is told
 * in French and compared with the summaries the same sample stores when played in French. */
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "mg-campaign.h"
#include "mg-data.h"
#include "mg-game.h"
#include "mg-export-private.h"
#include "mg-narrate.h"
#include "mg-core-test-util.h"

static const char *self_path;

/* How many rows each sample ends with undone: told on a scratch copy. */
#define UNDONE 2

/* The game's first sample played into a new campaign at path, in the language of this process,
 * then its last UNDONE rows undone. */
static MgCampaign *
play_sample (const MgGame *game, const char *path)
{
  const MgGameSample *sample = &game->samples[0];
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_auto(GStrv) lines = NULL;
  MgCampaign *campaign;
  guint done = 0;

  bytes = mg_data_lookup (sample->resource, &error);
  g_assert_no_error (error);
  campaign = mg_campaign_create (path, game->rules->id, "Sample", sample->players, NULL, 1, &error);
  g_assert_no_error (error);
  lines = g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(MgJournalEntry) entry = NULL;
      json_object *action;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      action = json_tokener_parse (lines[i]);
      g_assert_nonnull (action);
      entry = mg_campaign_act (campaign, action, &error);
      g_assert_no_error (error);
      json_object_put (action);
    }
  g_assert_true (mg_campaign_undo (campaign, UNDONE, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, UNDONE);
  return campaign;
}

/* The same in English, by this program run again with LANGUAGE=en (gettext and GLib settle the
 * language once per process). */
static MgCampaign *
play_sample_in_english (const MgGame *game, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LANGUAGE", "en", TRUE);
  const char *argv[] = { self_path, "--play", game->rules->id, path, NULL };
  int status = -1;
  MgCampaign *campaign;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  campaign = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  return campaign;
}

static void
test_sample (gconstpointer data)
{
  const MgGame *game = data;
  g_autofree char *dir = mg_test_tmpdir ();
  g_autofree char *en_path = g_strdup_printf ("%s/%s-en.db", dir, game->rules->id);
  g_autofree char *fr_path = g_strdup_printf ("%s/%s-fr.db", dir, game->rules->id);
  g_autoptr(MgCampaign) english = play_sample_in_english (game, en_path);
  g_autoptr(MgCampaign) french = play_sample (game, fr_path);
  g_autoptr(GPtrArray) en_rows = mg_campaign_journal_range (english, 0, G_MAXINT, NULL);
  g_autoptr(GPtrArray) fr_rows = mg_campaign_journal_range (french, 0, G_MAXINT, NULL);
  g_autoptr(MgNarrator) narrator = mg_narrator_new (english);
  guint differ = 0;

  /* The catalogue is French, and the two campaigns are the same play. */
  g_assert_cmpstr (_("Undone: %s"), ==, "Annulé : %s");
  g_assert_nonnull (en_rows);
  g_assert_cmpuint (en_rows->len, ==, fr_rows->len);
  g_assert_cmpuint (en_rows->len, >, UNDONE);
  for (guint i = 0; i < en_rows->len; i++)
    {
      MgJournalEntry *en = en_rows->pdata[i], *fr = fr_rows->pdata[i];
      g_autofree char *told = mg_narrator_tell (narrator, en);
      g_autofree char *again = mg_narrate_entry (english, en);

      g_assert_cmpint (en->undone, ==, fr->undone);
      g_assert_cmpint (en->undone, ==, i >= en_rows->len - UNDONE);
      /* Told in French as the French play stored it, undone rows too. */
      g_assert_cmpstr (told, ==, fr->summary);
      g_assert_cmpstr (again, ==, fr->summary);
      differ += strcmp (en->summary, fr->summary) != 0;
    }
  /* The last undone row told first, by a window that never read the rows before it (a toast):
   * it was played after the undone row before it. */
  {
    g_autoptr(MgCampaign) again = mg_campaign_open (en_path, NULL);
    MgJournalEntry *last = en_rows->pdata[en_rows->len - 1];
    g_autofree char *told = mg_narrate_entry (again, last);

    g_assert_cmpstr (told, ==, ((MgJournalEntry *) fr_rows->pdata[fr_rows->len - 1])->summary);
  }
  /* The English campaign keeps its English sentences for sqlite3 and the CLI. */
  g_assert_cmpuint (differ, >, en_rows->len / 2);
}

/* The app's exports tell the rows in French and the JSON keeps the stored sentence beside it;
 * so do the CLI's (mg_export_write): a French export holds no sentence stored in English
 * (issue 45). */
static void
test_export (void)
{
  guint n = 0;
  const MgGame **games = mg_games_all (&n);
  g_autofree char *dir = mg_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "export.db", NULL);
  g_autofree char *json = g_build_filename (dir, "export.json", NULL);
  g_autofree char *md = g_build_filename (dir, "export.md", NULL);
  g_autoptr(MgCampaign) campaign = play_sample_in_english (games[0], path);
  MgExportScope scope = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cli = NULL;
  g_autoptr(MgJournalEntry) first = mg_campaign_journal_get (campaign, 1, NULL);

  g_assert_true (mg_export_to_file (campaign, MG_EXPORT_JSON, scope, 1, TRUE, json, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (json, &text, NULL, NULL));
  /* A row told again keeps the sentence as stored beside it; a row said as messages (its engine
   * converted, docs/messages.md) is its rendering, and keeps no English sentence. */
  if (first->said == NULL)
    g_assert_nonnull (strstr (text, "\"summary\":\"Red a lancé 8 meeples.\",\"recorded_summary\":\"Red rolled 8 meeples.\""));
  else
    {
      g_assert_nonnull (strstr (text, "\"summary\":\"Red a lancé 8 meeples.\""));
      g_assert_null (strstr (text, "recorded_summary"));
    }
  /* One player's rows: the state is rebuilt over the rows in between. */
  scope.player = "Blue";
  g_clear_pointer (&text, g_free);
  g_assert_true (mg_export_to_file (campaign, MG_EXPORT_JSON, scope, 1, TRUE, json, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (json, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"summary\":\"Blue a lancé 8 meeples.\""));
  g_assert_nonnull (strstr (text, "\"summary\":\"Blue a relancé 5 meeples (action 1 sur 2).\""));
  g_assert_null (strstr (text, "Red a lancé"));
  scope.player = NULL;
  g_assert_true (mg_export_write (campaign, MG_EXPORT_MARKDOWN, scope, md, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (md, &cli, NULL, NULL));
  g_assert_nonnull (strstr (cli, "Red a lancé 8 meeples."));
  g_assert_null (strstr (cli, "Red rolled 8 meeples."));
}

/* A row whose action cannot be applied again (as if the engine changed): told from its kept
 * said, or, without one, as it was stored. */
static void
test_fallback (void)
{
  guint n = 0;
  const MgGame **games = mg_games_all (&n);
  g_autofree char *dir = mg_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "fallback.db", NULL);
  g_autoptr(MgCampaign) campaign = play_sample_in_english (games[0], path);
  g_autoptr(MgJournalEntry) entry = mg_campaign_journal_get (campaign, 1, NULL);
  g_autoptr(MgNarrator) narrator = mg_narrator_new (campaign);
  g_autofree char *told = NULL;
  g_autofree char *stored = NULL;

  g_free (entry->events);
  entry->events = g_strdup ("[{\"type\":\"not-what-it-gave\"}]");
  /* With its sentences kept as messages (schema 9), no replay is needed: told in French. */
  if (entry->said != NULL)
    {
      g_autofree char *said_told = mg_narrator_tell (narrator, entry);
      g_assert_true (g_str_has_prefix (said_told, "Red a lancé"));
    }
  /* A row without them (written before schema 9): the replay cannot tell it either. */
  g_clear_pointer (&entry->said, g_free);
  told = mg_narrator_tell (narrator, entry);
  stored = g_strdup (entry->summary);
  /* The English sentence stored, not a French one told from another play. */
  g_assert_cmpstr (told, ==, stored);
  g_assert_true (g_str_has_prefix (told, "Red rolled"));
}

int
main (int argc, char **argv)
{
  guint n = 0;
  const MgGame **games = mg_games_all (&n);

  setlocale (LC_ALL, "");
  /* The catalogue built in the tree (tests/core/meson.build sets MG_LOCALEDIR). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* The child that plays a sample in English. */
  if (argc == 4 && strcmp (argv[1], "--play") == 0)
    {
      for (guint g = 0; g < n; g++)
        if (strcmp (games[g]->rules->id, argv[2]) == 0)
          g_object_unref (play_sample (games[g], argv[3]));
      return 0;
    }
  self_path = argv[0];
  g_test_init (&argc, &argv, NULL);
  for (guint g = 0; g < n; g++)
    if (games[g]->n_samples > 0)
      {
        g_autofree char *name = g_strdup_printf ("/narrate/%s", games[g]->rules->id);

        g_test_add_data_func (name, games[g], test_sample);
      }
  g_test_add_func ("/narrate/fallback", test_fallback);
  g_test_add_func ("/narrate/export", test_export);
  return g_test_run ();
}
