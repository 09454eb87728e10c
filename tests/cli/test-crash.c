/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-crash.c — SIGKILL `melee-gm-cli act` at random moments while it applies thousands of
 * actions, then reopen: every acknowledged action is in the journal with its seq, nothing is
 * half-written, the snapshot agrees with a full replay, and PRAGMA integrity_check is ok.
 * Each round continues the game from where the last one left it.
 * MG_CRASH_SEED=N replays a run (the seed is printed). */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "mg-campaign.h"
#include "cli-test-util.h"

#define ROUNDS        20
#define BATCH         2000    /* actions offered per round */

typedef struct {
  GOutputStream *in;
  GBytes        *data;
} Feeder;

/* Writes the whole stream; stops quietly when the CLI dies (EPIPE). */
static gpointer
feed (gpointer user_data)
{
  Feeder *f = user_data;
  gsize written = 0;

  g_output_stream_write_all (f->in, g_bytes_get_data (f->data, NULL), g_bytes_get_size (f->data),
                             &written, NULL, NULL);
  g_output_stream_close (f->in, NULL, NULL);
  return NULL;
}

typedef struct {
  GSubprocess *proc;
  guint        delay_ms;
} Killer;

static gpointer
kill_later (gpointer user_data)
{
  Killer *k = user_data;

  g_usleep ((gulong) k->delay_ms * 1000);
  g_subprocess_send_signal (k->proc, SIGKILL);
  return NULL;
}

/* The action as the journal should hold it: without "dice". */
static json_object *
without_dice (const char *line, json_object **dice)
{
  json_object *action = json_tokener_parse (line);
  json_object *d = NULL;

  g_assert_nonnull (action);
  if (json_object_object_get_ex (action, "dice", &d))
    {
      *dice = json_object_get (d);
      json_object_object_del (action, "dice");
    }
  else
    *dice = json_object_new_array ();
  return action;
}

static void
assert_row_matches (const MgJournalEntry *e, const char *line)
{
  json_object *sent_dice = NULL;
  g_autoptr(TestJson) sent = without_dice (line, &sent_dice);
  g_autoptr(TestJson) dice_owned = sent_dice;
  g_autoptr(TestJson) stored = json_tokener_parse (e->action);
  g_autoptr(TestJson) stored_dice = json_tokener_parse (e->dice);
  size_t n;

  g_assert_nonnull (stored);
  g_assert_nonnull (stored_dice);
  if (!json_object_equal (sent, stored))
    g_error ("row %" G_GINT64_FORMAT ": stored %s, sent %s", e->seq, e->action, line);
  /* Every typed die is recorded, in order. */
  n = json_object_array_length (sent_dice);
  g_assert_cmpuint (json_object_array_length (stored_dice), ==, n);
  for (size_t i = 0; i < n; i++)
    {
      json_object *die = json_object_array_get_idx (stored_dice, i);

      g_assert_cmpint (json_object_get_int (json_object_object_get (die, "value")), ==,
                       json_object_get_int (json_object_array_get_idx (sent_dice, i)));
    }
}

/* Every row parses: nothing half-written. */
static void
assert_rows_whole (MgCampaign *c, gint64 from)
{
  gint64 count = mg_campaign_journal_count (c);

  for (gint64 offset = from; offset < count; offset += 500)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) page = mg_campaign_journal_range (c, offset, 500, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < page->len; i++)
        {
          const MgJournalEntry *e = g_ptr_array_index (page, i);
          g_autoptr(TestJson) action = json_tokener_parse (e->action);
          g_autoptr(TestJson) dice = json_tokener_parse (e->dice);
          g_autoptr(TestJson) events = json_tokener_parse (e->events);

          g_assert_nonnull (action);
          g_assert_nonnull (dice);
          g_assert_nonnull (events);
          g_assert_true (json_object_is_type (events, json_type_array));
          g_assert_cmpint (e->seq, ==, offset + i + 1);
          g_assert_false (e->undone);
        }
    }
}

/* After round `round` (killed or not): the campaign reopens; acknowledged rows are there with
 * their seq, in order, as sent; at most MG_CAMPAIGN_ACT_AHEAD more rows (committed by act's
 * writer thread, then killed before their lines were written), each as sent; the state from the
 * snapshot equals a full replay, and SQLite and `check` say the file is whole. Returns the count
 * of rows. */
static gint64
check_round (const char *dir, const char *path, guint round, gint64 before, GArray *acked,
             GPtrArray *lines, gboolean killed, guint delay_ms)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);
  gint64 after;

  g_assert_no_error (error);
  after = mg_campaign_journal_count (c);
  g_test_message ("round %u: killed after %u ms: %s, %u acknowledged, journal %" G_GINT64_FORMAT
                  " -> %" G_GINT64_FORMAT, round, delay_ms, killed ? "yes" : "no (finished)",
                  acked->len, before, after);
  for (guint i = 0; i < acked->len; i++)
    {
      gint64 seq = g_array_index (acked, gint64, i);
      g_autoptr(MgJournalEntry) e = NULL;

      g_assert_cmpint (seq, ==, before + i + 1);
      e = mg_campaign_journal_get (c, seq, &error);
      g_assert_no_error (error);
      g_assert_nonnull (e);
      assert_row_matches (e, g_ptr_array_index (lines, i));
    }
  g_assert_cmpint (after, >=, before + acked->len);
  g_assert_cmpint (after, <=, before + acked->len + MG_CAMPAIGN_ACT_AHEAD);
  for (gint64 seq = before + acked->len + 1; seq <= after; seq++)
    {
      g_autoptr(MgJournalEntry) e = mg_campaign_journal_get (c, seq, &error);

      g_assert_no_error (error);
      assert_row_matches (e, g_ptr_array_index (lines, seq - before - 1));
    }
  if (!killed)
    g_assert_cmpint (after, ==, before + BATCH);
  assert_rows_whole (c, before);
  mg_campaign_check (c, &error);
  g_assert_no_error (error);
  g_clear_object (&c);
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "check", "crash.db", NULL);

    if (r->status != 0)
      g_error ("round %u: check: %s", round, r->err);
  }
  return after;
}

static void
test_crash (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "crash.db", NULL);
  const char *seed_env = g_getenv ("MG_CRASH_SEED");
  guint32 seed = seed_env != NULL ? (guint32) g_ascii_strtoull (seed_env, NULL, 10) : g_random_int ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint kills = 0, total_acked = 0;
  gint64 count = 0;

  double per_ms = 0;  /* actions per millisecond, measured */

  g_test_message ("MG_CRASH_SEED=%u", seed);
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "crash.db", "--game", "meeple", "--name", "Crash",
                                      "--player", "Red", "--player", "Blue", "--seed", "1", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }

  for (guint round = 0; round < ROUNDS; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);
      g_autoptr(GPtrArray) lines = NULL;
      g_autoptr(GString) input = g_string_new (NULL);
      g_autoptr(GSubprocessLauncher) launcher = NULL;
      g_autoptr(GSubprocess) proc = NULL;
      g_autoptr(GDataInputStream) out = NULL;
      g_autoptr(GArray) acked = g_array_new (FALSE, FALSE, sizeof (gint64));
      GThread *feeder_thread, *killer_thread;
      Feeder feeder;
      Killer killer;
      gint64 started = g_get_monotonic_time ();
      char *line;
      gint64 before = count, after;
      gboolean killed;

      g_assert_no_error (error);
      g_assert_cmpint (mg_campaign_journal_count (c), ==, count);
      lines = meeple_stream (mg_campaign_get_state (c), mg_campaign_get_ruleset (c), BATCH);
      g_clear_object (&c);
      for (guint i = 0; i < lines->len; i++)
        g_string_append_printf (input, "%s\n", (char *) g_ptr_array_index (lines, i));

      launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                            | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
      proc = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "act", path, NULL);
      g_assert_no_error (error);

      feeder.in = g_subprocess_get_stdin_pipe (proc);
      feeder.data = g_string_free_to_bytes (g_steal_pointer (&input));
      killer.proc = proc;
      /* Round 0 runs to the end and measures the pace; later rounds are killed at a random
       * moment within the time the whole batch would take on this machine. */
      killer.delay_ms = round == 0 ? 0
                        : (guint) g_rand_int_range (rand, 0, MAX (2, (gint32) (0.6 * BATCH / per_ms)));
      feeder_thread = g_thread_new ("feed", feed, &feeder);
      killer_thread = round == 0 ? NULL : g_thread_new ("kill", kill_later, &killer);

      /* Every line read is an acknowledgement: the action was committed before it was written. */
      out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
      while ((line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, NULL)) != NULL)
        {
          g_autoptr(TestJson) result = json_tokener_parse (line);
          gint64 seq;

          if (result == NULL || !json_object_get_boolean (json_object_object_get (result, "ok")))
            g_error ("round %u, line %u refused or garbled: %s", round, acked->len, line);
          seq = json_object_get_int64 (json_object_object_get (result, "seq"));
          g_array_append_val (acked, seq);
          g_free (line);
        }
      g_subprocess_wait (proc, NULL, NULL);
      if (round == 0)
        {
          per_ms = (double) acked->len * 1000 / MAX (1, g_get_monotonic_time () - started);
          g_test_message ("pace: %.1f actions/ms", per_ms);
        }
      if (killer_thread != NULL)
        g_thread_join (killer_thread);
      g_thread_join (feeder_thread);
      g_bytes_unref (feeder.data);
      killed = !g_subprocess_get_if_exited (proc);
      kills += killed;
      if (!killed)
        g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 0);

      after = check_round (dir, path, round, before, acked, lines, killed, killer.delay_ms);
      count = after;
      total_acked += acked->len;
    }
  g_test_message ("%u rounds, %u killed, %u actions acknowledged, %" G_GINT64_FORMAT " rows",
                  ROUNDS, kills, total_acked, count);
  /* The test did kill mid-stream, and did get work done in between. */
  g_assert_cmpuint (kills, >=, ROUNDS / 4);
  (void) per_ms;
  g_assert_cmpuint (total_acked, >, 0);
  test_remove_dir (dir);
}

/* `new` killed at 34 moments: each leaves no campaign or a whole one (check ok), never a file
 * that every command refuses; a completed `new` removes what the killed ones left. */
static void
test_crash_new (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "k.db", NULL);
  guint whole = 0, nothing = 0;
  g_autoptr(GDir) d = NULL;
  const char *name;
  gint64 full;

  /* How long a whole `new` takes here: the kills are spread over it and a little after. */
  full = g_get_monotonic_time ();
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "k.db", "--game", "tft", "--name", "Timed",
                                      "--player", "Referee", NULL);

    g_assert_cmpint (r->status, ==, 0);
  }
  full = g_get_monotonic_time () - full;
  g_unlink (path);

  for (guint i = 0; i < 34; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                                                            G_SUBPROCESS_FLAGS_STDERR_SILENCE);
      g_autoptr(GSubprocess) proc = NULL;

      g_subprocess_launcher_set_cwd (launcher, dir);
      proc = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "new", "k.db", "--game", "tft",
                                          "--name", "Killed", "--player", "Referee", "--seed", "1", NULL);
      g_assert_no_error (error);
      g_usleep ((gulong) (full * i / 30));   /* before, during and after the write */
      g_subprocess_send_signal (proc, SIGKILL);
      g_subprocess_wait (proc, NULL, NULL);
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autoptr(CliResult) r = cli_run (dir, NULL, "check", "k.db", NULL);

          if (r->status != 0)
            g_error ("run %u: a killed new left a file that check refuses: %s", i, r->err);
          whole++;
          g_unlink (path);
        }
      else
        nothing++;
    }
  g_test_message ("killed new: %u left a whole campaign, %u nothing", whole, nothing);
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "k.db", "--game", "tft", "--name", "Done",
                                      "--player", "Referee", NULL);

    g_assert_cmpint (r->status, ==, 0);
  }
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)))
    g_assert_cmpstr (name, ==, "k.db");
  test_remove_dir (dir);
}

/* `act` asked to stop (Ctrl+C, a session's end, kill) while it waits for the next line: the
 * actions answered are in the file, the campaign is closed cleanly (no -wal left for the next
 * program to check whole), and the program dies of that signal as a shell expects. Before, the
 * signal's default action left the -wal. */
static void
test_stop_signal (gconstpointer data)
{
  int signum = GPOINTER_TO_INT (data);
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "s.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  const char *line = "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,2,2]}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *answer = NULL;
  g_autoptr(TestJson) result = NULL;

  test_game_new (dir, &cli_games[0], "s.db");
  g_assert_cmpstr (cli_games[0].game, ==, "meeple");
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  proc = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "act", path, NULL);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (g_subprocess_get_stdin_pipe (proc), line, strlen (line), NULL, NULL, &error));
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  answer = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  result = json_tokener_parse (answer);
  g_assert_true (json_object_get_boolean (json_object_object_get (result, "ok")));
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));   /* open, its log beside it */

  g_subprocess_send_signal (proc, signum);   /* stdin still open: it was waiting for a line */
  g_assert_true (g_subprocess_wait (proc, NULL, &error));
  g_assert_true (g_subprocess_get_if_signaled (proc));
  g_assert_cmpint (g_subprocess_get_term_sig (proc), ==, signum);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));
  {
    g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);
  }
  test_remove_dir (dir);
}

/* The same in the middle of a fast stream (2,000 lines written ahead): every action answered is
 * in the file and no other, and the file is closed cleanly. */
static void
test_stop_mid_stream (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "m.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  GThread *feeder_thread;
  Feeder feeder;
  guint answered = 0;
  char *line;

  test_game_new (dir, &cli_games[0], "m.db");
  {
    g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);

    g_assert_no_error (error);
    lines = meeple_stream (mg_campaign_get_state (c), mg_campaign_get_ruleset (c), BATCH);
  }
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (input, "%s\n", (char *) g_ptr_array_index (lines, i));
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  proc = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "act", path, NULL);
  g_assert_no_error (error);
  feeder.in = g_subprocess_get_stdin_pipe (proc);
  feeder.data = g_string_free_to_bytes (g_steal_pointer (&input));
  feeder_thread = g_thread_new ("feed", feed, &feeder);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  while ((line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, NULL)) != NULL)
    {
      g_autoptr(TestJson) result = json_tokener_parse (line);

      g_assert_true (json_object_get_boolean (json_object_object_get (result, "ok")));
      g_free (line);
      if (++answered == 100)
        g_subprocess_send_signal (proc, SIGINT);
    }
  g_assert_true (g_subprocess_wait (proc, NULL, &error));
  g_thread_join (feeder_thread);
  g_bytes_unref (feeder.data);
  g_test_message ("%u of %u actions answered", answered, BATCH);
  g_assert_true (g_subprocess_get_if_signaled (proc));
  g_assert_cmpint (g_subprocess_get_term_sig (proc), ==, SIGINT);
  g_assert_cmpuint (answered, <, BATCH);   /* it did stop the stream */
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  {
    g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);
    g_autoptr(CliResult) r = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (mg_campaign_journal_count (c), ==, answered);
    g_clear_object (&c);
    r = cli_run (dir, NULL, "check", "m.db", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* A write into the pipe of a killed CLI must fail, not kill the test. */
  signal (SIGPIPE, SIG_IGN);
  g_test_add_func ("/cli/crash/sigkill-act", test_crash);
  g_test_add_func ("/cli/crash/sigkill-new", test_crash_new);
  g_test_add_data_func ("/cli/crash/sigint-act", GINT_TO_POINTER (SIGINT), test_stop_signal);
  g_test_add_data_func ("/cli/crash/sigterm-act", GINT_TO_POINTER (SIGTERM), test_stop_signal);
  g_test_add_data_func ("/cli/crash/sighup-act", GINT_TO_POINTER (SIGHUP), test_stop_signal);
  g_test_add_func ("/cli/crash/sigint-mid-stream", test_stop_mid_stream);
  return g_test_run ();
}
