/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-writers.c — several writers on one campaign at once (issue 36): 2, 4 and 8 concurrent
 * `melee-gm-cli act` streams (all the same stream, or each its own share of it), and the core
 * API (what the app calls) acting while a CLI stream runs, for every game's sample.  Each run
 * is bounded in time (a writer that does not finish fails the test, it does not hang it); every
 * action is answered once; every acknowledged action is in the journal exactly once, at the
 * seq it was acknowledged with; `check` passes afterwards. */
#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "mg-campaign.h"
#include "cli-test-util.h"

#define RUN_SECONDS 120   /* far above what a run takes on a loaded machine */

static GPtrArray *
sample_lines (const char *game)
{
  g_autofree char *name = g_strdup_printf ("%s-sample.jsonl", game);
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", name, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (*g_strstrip (lines[i]))
      g_ptr_array_add (out, g_strdup (lines[i]));
  return out;
}

static char *
new_campaign (const char *dir, const TestGame *g)
{
  test_game_new (dir, g, "c.db");
  return g_build_filename (dir, "c.db", NULL);
}

static void
json_put (gpointer obj)
{
  json_object_put (obj);
}

/* The journal's actions, index seq - 1 (a fresh campaign: seqs 1, 2, 3, …). */
static GPtrArray *
journal_actions (const char *db_path)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (json_put);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (db_path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT seq, action FROM journal ORDER BY seq", -1,
                                       &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      g_assert_cmpint (sqlite3_column_int64 (stmt, 0), ==, (gint64) out->len + 1);
      g_ptr_array_add (out, json_tokener_parse ((const char *) sqlite3_column_text (stmt, 1)));
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return out;
}

/* Asserts the acknowledged seq holds this very action (as journaled: without its dice) and
 * that no other acknowledgement named that seq. */
static void
assert_ack (GPtrArray *journal, GHashTable *seen, gint64 seq, const char *line)
{
  g_autoptr(TestJson) sent = json_tokener_parse (line);

  g_assert_nonnull (sent);
  json_object_object_del (sent, "dice");
  g_assert_cmpint (seq, >=, 1);
  g_assert_cmpint (seq, <=, (gint64) journal->len);
  if (!g_hash_table_add (seen, GINT_TO_POINTER ((gint) seq)))
    g_error ("journal row %" G_GINT64_FORMAT " acknowledged twice", seq);
  if (!json_object_equal (sent, g_ptr_array_index (journal, seq - 1)))
    g_error ("journal row %" G_GINT64_FORMAT " holds %s, acknowledged for %s", seq,
             json_object_to_json_string (g_ptr_array_index (journal, seq - 1)), line);
}

/* One writer's answers against its input: one answer a line, each ok one checked. */
static void
check_answers (GPtrArray *journal, GHashTable *seen, GPtrArray *input, const char *answers)
{
  g_auto(GStrv) lines = g_strsplit (answers, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] && *lines[i]; i++, n++)
    {
      g_autoptr(TestJson) a = json_tokener_parse (lines[i]);
      json_object *ok, *seq;

      g_assert_nonnull (a);
      g_assert_cmpuint (i, <, input->len);
      g_assert_true (json_object_object_get_ex (a, "ok", &ok));
      if (json_object_get_boolean (ok))
        {
          g_assert_true (json_object_object_get_ex (a, "seq", &seq));
          assert_ack (journal, seen, json_object_get_int64 (seq), g_ptr_array_index (input, i));
        }
    }
  g_assert_cmpuint (n, ==, input->len);
}

typedef struct {
  guint pending;
  gboolean timed_out;
} Waiting;

static void
waited (GObject *proc, GAsyncResult *res, gpointer data)
{
  Waiting *w = data;

  g_subprocess_wait_finish (G_SUBPROCESS (proc), res, NULL);
  w->pending--;
}

static gboolean
time_is_up (gpointer data)
{
  ((Waiting *) data)->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Waits for every process; past the deadline kills them all and says so. */
static gboolean
wait_all (GPtrArray *procs, guint seconds)
{
  Waiting w = { procs->len, FALSE };
  guint timer = g_timeout_add_seconds (seconds, time_is_up, &w);

  for (guint i = 0; i < procs->len; i++)
    g_subprocess_wait_async (g_ptr_array_index (procs, i), NULL, waited, &w);
  while (w.pending > 0 && !w.timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!w.timed_out)
    g_source_remove (timer);
  else
    {
      for (guint i = 0; i < procs->len; i++)
        g_subprocess_force_exit (g_ptr_array_index (procs, i));
      while (w.pending > 0)
        g_main_context_iteration (NULL, TRUE);
    }
  return !w.timed_out;
}

static GSubprocess *
spawn_act (const char *dir, const char *db, guint i, GPtrArray *input)
{
  g_autoptr(GSubprocessLauncher) l = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autofree char *in = g_strdup_printf ("%s/in-%u.jsonl", dir, i);
  g_autofree char *out = g_strdup_printf ("%s/out-%u.jsonl", dir, i);
  g_autofree char *err = g_strdup_printf ("%s/err-%u.txt", dir, i);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GSubprocess *p;

  for (guint k = 0; k < input->len; k++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (input, k));
  g_assert_true (g_file_set_contents (in, text->str, -1, NULL));
  g_subprocess_launcher_set_stdin_file_path (l, in);
  g_subprocess_launcher_set_stdout_file_path (l, out);
  g_subprocess_launcher_set_stderr_file_path (l, err);
  p = g_subprocess_launcher_spawn (l, &error, cli_path (), "act", db, NULL);
  g_assert_no_error (error);
  return p;
}

static char *
read_output (const char *dir, guint i)
{
  g_autofree char *out = g_strdup_printf ("%s/out-%u.jsonl", dir, i);
  char *text = NULL;

  g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  return text;
}

static void
assert_check_ok (const char *dir)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "check", "c.db", NULL);

  g_assert_cmpint (r->status, ==, 0);
}

typedef struct {
  const TestGame *game;
  guint       writers;
  gboolean    same;      /* every writer the whole sample, or each its share (line % writers) */
} Run;

static void
test_streams (gconstpointer data)
{
  const Run *run = data;
  g_autofree char *dir = test_make_dir ();
  g_autofree char *db = new_campaign (dir, run->game);
  g_autoptr(GPtrArray) sample = sample_lines (run->game->game);
  g_autoptr(GPtrArray) procs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) journal = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < run->writers; i++)
    {
      GPtrArray *input = g_ptr_array_new ();

      for (guint k = 0; k < sample->len; k++)
        if (run->same || k % run->writers == i)
          g_ptr_array_add (input, g_ptr_array_index (sample, k));
      g_ptr_array_add (inputs, input);
      g_ptr_array_add (procs, spawn_act (dir, db, i, input));
    }
  if (!wait_all (procs, RUN_SECONDS))
    {
      g_test_fail_printf ("%u act streams on one %s campaign did not finish within %d s",
                          run->writers, run->game->game, RUN_SECONDS);
      test_remove_dir (dir);
      return;
    }
  journal = journal_actions (db);
  for (guint i = 0; i < run->writers; i++)
    {
      g_autofree char *answers = read_output (dir, i);
      g_autofree char *err_path = g_strdup_printf ("%s/err-%u.txt", dir, i);
      g_autofree char *err = NULL;

      g_file_get_contents (err_path, &err, NULL, NULL);
      if (count_lines (answers) != ((GPtrArray *) g_ptr_array_index (inputs, i))->len)
        g_error ("writer %u of %u answered %u lines of %u, exit %d: %s", i, run->writers,
                 count_lines (answers), ((GPtrArray *) g_ptr_array_index (inputs, i))->len,
                 g_subprocess_get_exit_status (g_ptr_array_index (procs, i)), err);

      /* 0, or 1 when an action could not be stored (a busy file, told as such) */
      g_assert_cmpint (g_subprocess_get_exit_status (g_ptr_array_index (procs, i)), <=, 1);
      check_answers (journal, seen, g_ptr_array_index (inputs, i), answers);
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, journal->len);
  g_assert_cmpuint (journal->len, >=, 1);
  assert_check_ok (dir);
  test_remove_dir (dir);
}

typedef struct {
  const char *db;
  GPtrArray  *sample;
  GArray     *seqs;      /* the core's acknowledgements: seq, or 0 for a refusal */
} CoreWriter;

static gpointer
core_writer (gpointer data)
{
  CoreWriter *w = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (w->db, &error);

  g_assert_no_error (error);
  for (guint k = 0; k < w->sample->len; k++)
    {
      g_autoptr(TestJson) action = json_tokener_parse (g_ptr_array_index (w->sample, k));
      g_autoptr(GError) refused = NULL;
      MgJournalEntry *e = mg_campaign_act (c, action, &refused);
      gint64 seq = e ? e->seq : 0;

      g_array_append_val (w->seqs, seq);
      g_clear_pointer (&e, mg_journal_entry_free);
    }
  return NULL;
}

/* The app's path: mg_campaign_act on its own connection while a CLI stream writes. */
static void
test_core_and_cli (gconstpointer data)
{
  const TestGame *game = data;
  g_autofree char *dir = test_make_dir ();
  g_autofree char *db = new_campaign (dir, game);
  g_autoptr(GPtrArray) sample = sample_lines (game->game);
  g_autoptr(GPtrArray) procs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) journal = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autofree char *answers = NULL;
  CoreWriter w = { db, sample, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  GThread *thread;
  gint64 until;

  g_ptr_array_add (procs, spawn_act (dir, db, 0, sample));
  thread = g_thread_new ("core-writer", core_writer, &w);
  if (!wait_all (procs, RUN_SECONDS))
    g_error ("an act stream beside the core writer on %s did not finish within %d s",
             game->game, RUN_SECONDS);
  until = g_get_monotonic_time () + RUN_SECONDS * G_USEC_PER_SEC;
  while (w.seqs->len < sample->len && g_get_monotonic_time () < until)
    g_usleep (10000);
  if (w.seqs->len < sample->len)
    g_error ("the core writer on %s did not finish within %d s", game->game, RUN_SECONDS);
  g_thread_join (thread);

  journal = journal_actions (db);
  answers = read_output (dir, 0);
  check_answers (journal, seen, sample, answers);
  for (guint k = 0; k < w.seqs->len; k++)
    if (g_array_index (w.seqs, gint64, k) > 0)
      assert_ack (journal, seen, g_array_index (w.seqs, gint64, k), g_ptr_array_index (sample, k));
  g_assert_cmpuint (g_hash_table_size (seen), ==, journal->len);
  g_assert_cmpuint (journal->len, >=, 1);
  assert_check_ok (dir);
  g_array_unref (w.seqs);
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  static const guint writers[] = { 2, 4, 8 };
  static Run runs[TEST_N_GAMES * G_N_ELEMENTS (writers) * 2];
  guint n = 0;

  g_test_init (&argc, &argv, NULL);
  for (guint g = 0; g < TEST_N_GAMES; g++)
    {
      g_autofree char *core = g_strdup_printf ("/writers/core-and-cli/%s", cli_games[g].game);

      for (guint w = 0; w < G_N_ELEMENTS (writers); w++)
        for (int same = 1; same >= 0; same--)
          {
            g_autofree char *path = g_strdup_printf ("/writers/%s/%u-%s", cli_games[g].game, writers[w],
                                                     same ? "same" : "shares");

            runs[n] = (Run) { &cli_games[g], writers[w], same };
            g_test_add_data_func (path, &runs[n++], test_streams);
          }
      g_test_add_data_func (core, &cli_games[g], test_core_and_cli);
    }
  return g_test_run ();
}
