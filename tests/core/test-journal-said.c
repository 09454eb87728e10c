/* test-journal-said.c — journal.said (schema 9): each row's sentences kept as messages and rendered in the viewer's language. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* On the fake engine, whose `tell` says its sentences as messages (two msgids po/fr.po
 * translates) and whose `roll` writes English text only (an engine not converted yet): a
 * campaign played in English is read in French with no replay of its told rows; its French
 * export holds no English sentence; its said is outside the hash chains and `check` proves it by
 * replay; a row written before schema 9 is told by replay, and filling it changes no hash. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "mg-campaign.h"
#include "mg-export-private.h"
#include "mg-fake-engine.h"
#include "mg-narrate.h"
#include "mg-core-test-util.h"

static const char *players[] = { "Ann", "Bob", NULL };

/* The process's language (gettext reads LANGUAGE; no locale is needed for it). */
static void
process_language (const char *lang)
{
  g_setenv ("LANGUAGE", lang, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  textdomain (textdomain (NULL));   /* gettext forgets the translations it looked up */
}


/* Played in English: 1 tell 3, 2 roll (text only), 3 tell 1, 4 tell 2 — the last undone. */
static MgCampaign *
play_in_english (const char *path)
{
  g_autoptr(GError) error = NULL;
  json_object *ruleset = json_tokener_parse ("{\"sides\": 6, \"per_turn\": 2}");
  MgCampaign *c;
  guint done = 0;

  process_language ("en");
  c = mg_campaign_create (path, "fake", "Said", players, ruleset, 1, &error);
  json_object_put (ruleset);
  g_assert_no_error (error);
  mg_test_act (c, "{\"type\":\"tell\",\"value\":3}");
  mg_test_act (c, "{\"type\":\"roll\",\"player\":\"Ann\",\"n\":1}");
  mg_test_act (c, "{\"type\":\"tell\",\"value\":1}");
  mg_test_act (c, "{\"type\":\"tell\",\"value\":2}");
  g_assert_true (mg_campaign_undo (c, 1, &done, &error));
  g_assert_no_error (error);
  return c;
}

static char *
hashes (const char *path)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  char *text = mg_test_sql_text (db, "SELECT group_concat (hex (hash) || hex (public_hash), ',') FROM "
                                     "(SELECT hash, public_hash FROM journal ORDER BY seq)");

  sqlite3_close (db);
  return text;
}

static gint64
said_rows (const char *path)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  gint64 n = mg_test_sql_int (db, "SELECT count (*) FROM journal WHERE said IS NOT NULL");

  sqlite3_close (db);
  return n;
}

/* Every row in French, by a narrator. A told row with its said runs no engine (rendered); one
 * without (replay_expected) is played again. */
static void
assert_told_in_french (MgCampaign *c, gboolean replay_expected)
{
  g_autoptr(GPtrArray) rows = mg_campaign_journal_range (c, 0, -1, NULL);
  g_autoptr(MgNarrator) narrator = mg_narrator_new (c);
  const char *french[] = { "Tour 3. 3 dés saisis n’ont pas été utilisés par cette action", NULL,
                           "Tour 1. 1 dé saisi n’a pas été utilisé par cette action",
                           "Tour 2. 2 dés saisis n’ont pas été utilisés par cette action" };

  g_assert_cmpuint (rows->len, ==, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      const MgJournalEntry *e = rows->pdata[i];
      guint tells = mg_fake_tells ();
      g_autofree char *told = mg_narrator_tell (narrator, e);

      if (french[i] == NULL)
        {
          /* An engine that writes text only: its row has no said and keeps its summary. */
          g_assert_null (e->said);
          g_assert_cmpstr (told, ==, "Rolled 1 dice.");
          continue;
        }
      g_assert_cmpstr (told, ==, french[i]);
      g_assert_true (g_str_has_prefix (e->summary, "Turn "));   /* stored as played */
      g_assert_true (replay_expected ? e->said == NULL : e->said != NULL);
      if (replay_expected)
        g_assert_cmpuint (mg_fake_tells (), >, tells);
      else
        g_assert_cmpuint (mg_fake_tells (), ==, tells);
    }
}

/* Played in English, the said is kept with each told row (the undone one too), in the same
 * transaction; read in French it is rendered in French, with no replay. */
static void
test_rendered (void)
{
  g_autofree char *path = mg_test_tmpfile ("said.mgc");
  g_autoptr(MgCampaign) c = play_in_english (path);
  g_autoptr(MgJournalEntry) first = mg_campaign_journal_get (c, 1, NULL);
  g_autoptr(MgJournalEntry) roll = mg_campaign_journal_get (c, 2, NULL);

  g_assert_cmpstr (first->summary, ==, "Turn 3. 3 dice typed were not used by this action");
  g_assert_nonnull (first->said);
  g_assert_nonnull (strstr (first->said, "\"id\":\"Turn %d\""));
  g_assert_null (roll->said);
  g_assert_cmpint (said_rows (path), ==, 3);
  /* The English rendering of the said is the summary, byte for byte. */
  {
    g_autofree char *english = mg_narrate_said (first->said, NULL);

    g_assert_cmpstr (english, ==, first->summary);
  }
  process_language ("fr");
  g_assert_cmpstr (_("Turn %d"), ==, "Tour %d");   /* the catalogue is found */
  assert_told_in_french (c, FALSE);
  process_language ("en");
}

/* The French export of the English campaign (the app's and the CLI's path, mg_export_to_file)
 * holds the French sentences and none of the English ones, and no recorded English summary. */
static void
test_export_french (void)
{
  g_autofree char *path = mg_test_tmpfile ("export.mgc");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *json = g_build_filename (dir, "export.json", NULL);
  g_autofree char *md = g_build_filename (dir, "export.md", NULL);
  g_autoptr(MgCampaign) c = play_in_english (path);
  MgExportScope scope = { 0 };
  g_autoptr(GError) error = NULL;
  const char *files[] = { json, md };

  process_language ("fr");
  g_assert_true (mg_export_to_file (c, MG_EXPORT_JSON, scope, 1, TRUE, json, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (mg_export_to_file (c, MG_EXPORT_MARKDOWN, scope, 1, TRUE, md, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (files[i], &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "Tour 3. 3 dés saisis n’ont pas été utilisés par cette action"));
      g_assert_nonnull (strstr (text, "Tour 1. 1 dé saisi n’a pas été utilisé par cette action"));
      /* No English msgid's words: not the sentence, not the word of the first message. */
      g_assert_null (strstr (text, "dice typed were not used"));
      g_assert_null (strstr (text, "die typed was not used"));
      g_assert_null (strstr (text, "Turn 3"));
      g_assert_null (strstr (text, "Turn 1"));
      g_assert_null (strstr (text, "recorded_summary"));
    }
  process_language ("en");
}

/* The said is outside both hash chains; `check` compares it with the replay's and counts a
 * difference (not damage: a later version may word a sentence anew); --fill-said tells it again. */
static void
test_check (void)
{
  g_autofree char *path = mg_test_tmpfile ("check.mgc");
  g_autoptr(MgCampaign) c = play_in_english (path);
  g_autofree char *before = hashes (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) reopened = NULL;
  sqlite3 *db;

  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_clear_object (&c);
  /* Another said on row 1: the chains do not see it (no hash covers it), the replay does. */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "UPDATE journal SET said = replace (said, '\"3\"', '\"4\"') WHERE seq = 1");
  g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM journal WHERE said LIKE '%\"4\"%'"), ==, 1);
  sqlite3_close (db);
  {
    g_autofree char *after = hashes (path);
    g_assert_cmpstr (after, ==, before);
  }
  reopened = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  /* Not damage (a later version may word a sentence anew): counted, and told again by
   * --fill-said, no hash changed. */
  g_assert_true (mg_campaign_check (reopened, &error));
  g_assert_no_error (error);
  g_assert_cmpint (mg_campaign_get_said_differ (reopened), ==, 1);
  {
    gint64 filled = 0;
    g_assert_true (mg_narrate_fill_said (reopened, &filled, &error));
    g_assert_no_error (error);
    g_assert_cmpint (filled, ==, 1);
  }
  g_assert_true (mg_campaign_check (reopened, &error));
  g_assert_cmpint (mg_campaign_get_said_differ (reopened), ==, 0);
  g_clear_object (&reopened);
  {
    g_autofree char *after = hashes (path);
    g_assert_cmpstr (after, ==, before);
  }
  db = mg_test_sqlite_open (path);
  g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM journal WHERE said LIKE '%\"4\"%'"), ==, 0);
  sqlite3_close (db);
}

/* A file written before schema 9 (its rows have no said): opened, it is migrated; its rows are
 * told by replay; filled, each told row (the undone one too) gets the said the play gave, no
 * hash changes, `check` passes, and the rows are told with no replay. */
static void
test_old_file (void)
{
  g_autofree char *path = mg_test_tmpfile ("old.mgc");
  g_autofree char *fresh_path = mg_test_tmpfile ("fresh.mgc");
  g_autoptr(MgCampaign) fresh = play_in_english (fresh_path);
  g_autoptr(MgCampaign) c = play_in_english (path);
  g_autofree char *before = NULL, *fresh_said = NULL, *filled_said = NULL;
  g_autoptr(GError) error = NULL;
  const char *said_sql = "SELECT group_concat (seq || ':' || said, ';') FROM (SELECT * FROM journal WHERE said IS NOT NULL ORDER BY seq)";
  gint64 filled = -1;
  sqlite3 *db;

  g_clear_object (&c);
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "ALTER TABLE journal DROP COLUMN said; ALTER TABLE campaign DROP COLUMN engine_revision; PRAGMA user_version = 8");
  sqlite3_close (db);
  before = hashes (path);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (said_rows (path), ==, 0);

  process_language ("fr");
  assert_told_in_french (c, TRUE);
  g_assert_true (mg_narrate_fill_said (c, &filled, &error));
  g_assert_no_error (error);
  g_assert_cmpint (filled, ==, 3);
  {
    g_autofree char *after = hashes (path);
    g_assert_cmpstr (after, ==, before);
  }
  db = mg_test_sqlite_open (fresh_path);
  fresh_said = mg_test_sql_text (db, said_sql);
  sqlite3_close (db);
  db = mg_test_sqlite_open (path);
  filled_said = mg_test_sql_text (db, said_sql);
  sqlite3_close (db);
  g_assert_cmpstr (filled_said, ==, fresh_said);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_clear_object (&c);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  assert_told_in_french (c, FALSE);
  /* Filled once: nothing more to fill. */
  g_assert_true (mg_narrate_fill_said (c, &filled, &error));
  g_assert_cmpint (filled, ==, 0);
  process_language ("en");
}

/* Undo keeps a row's said; redo plays the row again and keeps the same said (given back to a
 * row that had none). */
static void
test_undo_redo (void)
{
  g_autofree char *path = mg_test_tmpfile ("redo.mgc");
  g_autoptr(MgCampaign) c = play_in_english (path);
  g_autoptr(MgJournalEntry) undone = mg_campaign_journal_get (c, 4, NULL);
  g_autoptr(MgJournalEntry) redone = NULL;
  g_autoptr(GError) error = NULL;
  guint done = 0;
  sqlite3 *db;

  g_assert_true (undone->undone);
  g_assert_nonnull (undone->said);
  g_clear_object (&c);
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "UPDATE journal SET said = NULL WHERE seq = 4");
  sqlite3_close (db);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (mg_campaign_redo (c, 1, &done, &error));
  g_assert_no_error (error);
  redone = mg_campaign_journal_get (c, 4, NULL);
  g_assert_false (redone->undone);
  g_assert_cmpstr (redone->said, ==, undone->said);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* The catalogue built in the tree (tests/core/meson.build sets MG_LOCALEDIR). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* GLib decides once per process whether g_dgettext translates at all: not when its first
   * call finds no catalogue under a C.UTF-8 locale. So the first call is made in French. */
  process_language ("fr");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Turn %d"), ==, "Tour %d");
  g_test_init (&argc, &argv, NULL);
  mg_game_register (mg_fake_game (2));
  g_test_add_func ("/said/rendered", test_rendered);
  g_test_add_func ("/said/export-french", test_export_french);
  g_test_add_func ("/said/check", test_check);
  g_test_add_func ("/said/old-file", test_old_file);
  g_test_add_func ("/said/undo-redo", test_undo_redo);
  return g_test_run ();
}
