/* test-chain.c — a campaign proves itself (issue 42): every kind of outside edit is named by
 * `check`, a writer holding the file open refuses after another program changed its bytes, a lost
 * tail is noticed, and the exports carry the journal's fingerprint. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE   /* memmem */
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sqlite3.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "mg-campaign.h"
#include "cli-test-util.h"

/* The next n actions of the Meeple stream from the campaign's state. */
static GPtrArray *
next_lines (const char *dir, guint n)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);

  g_assert_no_error (error);
  return meeple_stream (mg_campaign_get_state (c), mg_campaign_get_ruleset (c), n);
}

/* `act` of the next n actions, all acknowledged. */
static void
act_ok (const char *dir, guint n)
{
  g_autoptr(GPtrArray) lines = next_lines (dir, n);
  g_autoptr(GString) input = g_string_new (NULL);
  const char *act[] = { "act", "c.db", NULL };
  g_autoptr(CliResult) r = NULL;

  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (input, "%s\n", (char *) lines->pdata[i]);
  r = cli_run_argv (dir, input->str, act);
  g_assert_cmpint (r->status, ==, 0);
}

/* A Meeple campaign of 30 actions, 3 undone and 1 redone: marks as well as rows. */
static char *
make_campaign (void)
{
  char *dir = test_make_dir ();
  const char *undo[] = { "undo", "c.db", "--steps", "3", NULL };
  const char *redo[] = { "redo", "c.db", NULL };
  CliResult *r;

  test_game_new (dir, &cli_games[0], "c.db");
  act_ok (dir, 30);
  r = cli_run_argv (dir, NULL, undo);
  g_assert_cmpint (r->status, ==, 0);
  cli_result_free (r);
  r = cli_run_argv (dir, NULL, redo);
  g_assert_cmpint (r->status, ==, 0);
  cli_result_free (r);
  return dir;
}

static void
sql (const char *dir, const char *statements)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  sqlite3 *db = NULL;
  char *message = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, statements, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", statements, message);
  sqlite3_close (db);
}

static gint64
sql_int (const char *dir, const char *query)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, query, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

static CliResult *
run1 (const char *dir, const char *command)
{
  const char *argv[] = { command, "c.db", NULL };

  return cli_run_argv (dir, NULL, argv);
}

static const struct {
  const char *what;
  const char *sql;
  const char *says;
} edits[] = {
  { "a sentence", "UPDATE journal SET summary = summary || ' (and one more)' WHERE seq = 5",
    "journal row 5 is not what Melee GM wrote" },
  { "a die", "UPDATE journal SET dice = replace (dice, '\"value\":3', '\"value\":2') WHERE seq = 1",
    "journal row 1 is not what Melee GM wrote" },
  { "an event", "UPDATE journal SET events = replace (events, 'Red', 'Blue') WHERE seq = 7",
    "journal row 7 is not what Melee GM wrote" },
  { "a deleted row", "DELETE FROM journal WHERE seq = 9",
    "journal row 9 is missing" },
  { "rows swapped", "UPDATE journal SET seq = -seq WHERE seq IN (11, 12); UPDATE journal SET seq = 12 WHERE seq = -11; "
                    "UPDATE journal SET seq = 11 WHERE seq = -12",
    "journal row 11 is not what Melee GM wrote" },
  { "an undo mark", "UPDATE journal SET undone = 0 WHERE seq = 30",
    "journal row 30 is marked in force, but Melee GM recorded it undone" },
  { "a mark's record", "UPDATE journal_mark SET undone = 0 WHERE id = 1",
    "undo mark 1 (of journal row 30) is not what Melee GM wrote" },
};

/* Each kind of edit made with sqlite3 is named by `check`, and every write refuses it. */
static void
test_edits (void)
{
  g_autofree char *dir = make_campaign ();
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autofree char *bytes = NULL;
  gsize len;

  {
    g_autoptr(CliResult) r = run1 (dir, "check");
    g_assert_cmpint (r->status, ==, 0);
  }
  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(CliResult) check = NULL;
      g_autoptr(CliResult) write = NULL;

      g_assert_true (g_file_set_contents (path, bytes, (gssize) len, NULL));
      sql (dir, edits[i].sql);
      check = run1 (dir, "check");
      g_test_message ("%s: %s", edits[i].what, check->err);
      g_assert_cmpint (check->status, ==, 1);
      g_assert_nonnull (strstr (check->err, "changed outside Melee GM"));
      g_assert_nonnull (strstr (check->err, edits[i].says));
      write = run1 (dir, "session");
      g_assert_cmpint (write->status, ==, 1);
      g_assert_nonnull (strstr (write->err, edits[i].says));
    }
  test_remove_dir (dir);
}

/* Reads one answer line of a running `act`. */
static char *
read_answer (GDataInputStream *out)
{
  g_autoptr(GError) error = NULL;
  char *line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (line);
  return line;
}

/* Changes one byte of journal row 5 in the campaign file, as `dd` would: a byte of its stored
 * hash, which no other row holds (found in the file by its value). */
static void
poke_row_bytes (const char *path, const guint8 *hash)
{
  g_autofree char *bytes = NULL;
  gsize len;
  char *at;
  char flipped;
  int fd;

  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  at = memmem (bytes, len, hash, 32);
  g_assert_nonnull (at);
  flipped = (char) (at[7] ^ 0x20);
  fd = g_open (path, O_WRONLY, 0);
  g_assert_cmpint (pwrite (fd, &flipped, 1, at + 7 - bytes), ==, 1);
  close (fd);
}

/* Row 5's stored hash, read before the writer opens the file. */
static void
row_hash (const char *dir, guint8 *hash)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT hash FROM journal WHERE seq = 5", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_bytes (stmt, 0), ==, 32);
  memcpy (hash, sqlite3_column_blob (stmt, 0), 32);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* A writer keeps the campaign open while another program changes a row's bytes: its next
 * writes refuse (they check the file first), and it does not re-seal the changed file. */
static void
test_live_seal (void)
{
  g_autofree char *dir = make_campaign ();
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = next_lines (dir, 3);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) act = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  GOutputStream *in;
  guint8 hash[32];

  row_hash (dir, hash);
  g_subprocess_launcher_set_cwd (launcher, dir);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  act = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "act", "c.db", NULL);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (act);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (act));
  for (guint i = 0; i < lines->len; i++)
    {
      g_autofree char *line = g_strconcat (lines->pdata[i], "\n", NULL);
      g_autofree char *answer = NULL;

      g_assert_true (g_output_stream_write_all (in, line, strlen (line), NULL, NULL, &error));
      g_assert_true (g_output_stream_flush (in, NULL, &error));
      answer = read_answer (out);
      g_test_message ("%s", answer);
      if (i == 0)
        {
          g_assert_true (g_str_has_prefix (answer, "{\"ok\":true"));
          poke_row_bytes (path, hash);   /* the stream holds the file open */
        }
      else
        {
          g_assert_true (g_str_has_prefix (answer, "{\"ok\":false"));
          g_assert_nonnull (strstr (answer, "journal row 5 is not what Melee GM wrote"));
        }
    }
  g_output_stream_close (in, NULL, NULL);
  g_subprocess_wait (act, NULL, &error);
  g_assert_cmpint (g_subprocess_get_exit_status (act), ==, 1);
  /* Not re-sealed over the change: the next program checks and refuses too. */
  {
    g_autoptr(CliResult) r = run1 (dir, "session");
    g_assert_cmpint (r->status, ==, 1);
    g_assert_nonnull (strstr (r->err, "changed outside Melee GM"));
    g_assert_null (strstr (r->err, "Nothing was written"));
  }
  test_remove_dir (dir);
}

/* An older copy put in the file's place (or a write-ahead log that lost its last commits):
 * `check` says how many acknowledged actions are missing; --accept-lost goes on from it. */
static void
test_lost_tail (void)
{
  g_autofree char *dir = make_campaign ();
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autofree char *older = NULL;
  gsize len;
  const char *accept[] = { "check", "c.db", "--accept-lost", NULL };

  g_assert_true (g_file_get_contents (path, &older, &len, NULL));
  act_ok (dir, 4);
  g_assert_true (g_file_set_contents (path, older, (gssize) len, NULL));
  {
    g_autoptr(CliResult) check = run1 (dir, "check");
    g_autoptr(CliResult) write = run1 (dir, "session");
    g_autoptr(CliResult) again = NULL;

    g_test_message ("%s", check->err);
    g_assert_cmpint (check->status, ==, 1);
    /* make_campaign's last row is 30, then 3 undone, 1 redone: the 4 actions made rows 31-34. */
    g_assert_nonnull (strstr (check->err, "The journal ends at row 30, but Melee GM acknowledged rows up to 34"));
    g_assert_nonnull (strstr (check->err, "4 actions were lost"));
    g_assert_cmpint (write->status, ==, 1);
    g_assert_nonnull (strstr (write->err, "4 actions were lost"));
    again = cli_run_argv (dir, NULL, accept);
    g_assert_cmpint (again->status, ==, 0);
  }
  test_remove_dir (dir);
}

/* The exports of `file` in dir, each format's text; does every one hold `needle`? */
static gboolean
exports_hold (const char *dir, const char *file, const char *needle)
{
  static const char *formats[] = { "md", "html", "json" };
  gboolean all = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *out = g_strdup_printf ("out.%s", formats[i]);
      g_autofree char *out_path = g_build_filename (dir, out, NULL);
      g_autofree char *text = NULL;
      const char *argv[] = { "export", file, "--format", formats[i], "-o", out, NULL };
      g_autoptr(CliResult) r = cli_run_argv (dir, NULL, argv);

      g_assert_cmpint (r->status, ==, 0);
      g_assert_true (g_file_get_contents (out_path, &text, NULL, NULL));
      all &= strstr (text, needle) != NULL;
    }
  return all;
}

/* The fingerprint a shared surface shows of the campaign in dir/file. */
static char *
shared_fingerprint (const char *dir, const char *file, char **full)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);

  g_assert_no_error (error);
  if (full != NULL)
    *full = mg_campaign_dup_fingerprint (c);
  return mg_campaign_dup_shared_fingerprint (c);
}

/* A La Mame campaign in dir/file: the sample's set-up (its first ten lines), then Red's secret
 * start bid of `gold` and Blue's, Blue's withdrawn by undo: Red's is never revealed. */
static void
lamame_with_bid (const char *dir, const char *file, int gold)
{
  g_autofree char *sample = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples",
                                              "lamame-sample.jsonl", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) input = g_string_new (NULL);
  const char *act[] = { "act", file, NULL };
  const char *undo[] = { "undo", file, NULL };
  g_autoptr(CliResult) r = NULL;
  g_autoptr(CliResult) u = NULL;

  g_assert_true (g_file_get_contents (sample, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", 11);
  for (guint i = 0; i < 10; i++)
    g_string_append_printf (input, "%s\n", lines[i]);
  g_string_append_printf (input, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":%d}\n"
                                 "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":1}\n", gold);
  test_game_new (dir, &cli_games[3], file);
  r = cli_run_argv (dir, input->str, act);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_null (strstr (r->out, "\"ok\":false"));
  u = cli_run_argv (dir, NULL, undo);
  g_assert_cmpint (u->status, ==, 0);
}

/* Every export names the journal's fingerprint, which an undo changes. A game without secrets
 * (TFT) shows the whole chain's; a game with secrets (Meeple, La Mame) the public chain's
 * (schema 8), which covers only what an export shows everyone: two campaigns that differ only in
 * a seat's hidden bid give the same shared fingerprint (and the same exports), the whole chain's
 * differs; an edit of a public hash is named by `check`. */
static void
test_fingerprint (void)
{
  g_autofree char *dir = make_campaign ();
  g_autofree char *before = NULL, *after = NULL, *tft_print = NULL;
  g_autofree char *full_before = NULL, *full_after = NULL;
  g_autofree char *bid2 = NULL, *bid3 = NULL, *full2 = NULL, *full3 = NULL;

  before = shared_fingerprint (dir, "c.db", &full_before);
  g_assert_nonnull (before);
  g_assert_cmpuint (strlen (before), ==, 14);
  g_assert_cmpstr (before, !=, full_before);
  g_assert_true (exports_hold (dir, "c.db", before));
  {
    g_autoptr(CliResult) r = run1 (dir, "undo");
    g_assert_cmpint (r->status, ==, 0);
  }
  after = shared_fingerprint (dir, "c.db", &full_after);
  g_assert_cmpstr (after, !=, before);
  g_assert_cmpstr (full_after, !=, full_before);

  /* TFT declares no secret: its exports carry the whole chain's fingerprint. */
  test_game_new (dir, &cli_games[1], "t.db");
  tft_print = shared_fingerprint (dir, "t.db", NULL);
  g_assert_nonnull (tft_print);
  g_assert_true (exports_hold (dir, "t.db", tft_print));

  /* The difference test: a bid of 2 or of 3, never revealed. */
  lamame_with_bid (dir, "bid2.db", 2);
  lamame_with_bid (dir, "bid3.db", 3);
  bid2 = shared_fingerprint (dir, "bid2.db", &full2);
  bid3 = shared_fingerprint (dir, "bid3.db", &full3);
  g_assert_nonnull (bid2);
  g_assert_cmpstr (bid2, ==, bid3);
  g_assert_cmpstr (full2, !=, full3);
  g_assert_true (exports_hold (dir, "bid2.db", bid2));
  g_assert_true (exports_hold (dir, "bid3.db", bid2));

  /* The public chain is checked too. */
  sql (dir, "UPDATE journal SET public_hash = zeroblob (32) WHERE seq = 4");
  {
    g_autoptr(CliResult) r = run1 (dir, "check");
    g_assert_cmpint (r->status, ==, 1);
    g_assert_nonnull (strstr (r->err, "journal row 4 is not what Melee GM wrote"));
  }
  test_remove_dir (dir);
}

/* A file written before the chain gets it on its first writing open, and checks ok. */
static void
test_migration (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *fixture = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "tests", "core", "fixtures",
                                               "schema2-tft.mgc", NULL);
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autofree char *bytes = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &bytes, &len, NULL));
  g_assert_true (g_file_set_contents (path, bytes, (gssize) len, NULL));
  {
    g_autoptr(CliResult) r = run1 (dir, "check");
    g_assert_cmpint (r->status, ==, 0);
  }
  g_assert_cmpint (sql_int (dir, "SELECT count (*) FROM journal WHERE hash IS NULL OR public_hash IS NULL"), ==, 0);
  g_assert_cmpint (sql_int (dir, "SELECT count (*) FROM journal"), >, 0);
  {
    g_autoptr(CliResult) r = run1 (dir, "undo");
    g_autoptr(CliResult) check = run1 (dir, "check");
    g_assert_cmpint (r->status, ==, 0);
    g_assert_cmpint (check->status, ==, 0);
  }
  /* Every row hashed: an edit of the first is named. */
  sql (dir, "UPDATE journal SET summary = 'x' WHERE seq = 1");
  {
    g_autoptr(CliResult) r = run1 (dir, "check");
    g_assert_cmpint (r->status, ==, 1);
    g_assert_nonnull (strstr (r->err, "journal row 1 is not what Melee GM wrote"));
  }
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chain/edits", test_edits);
  g_test_add_func ("/chain/live-seal", test_live_seal);
  g_test_add_func ("/chain/lost-tail", test_lost_tail);
  g_test_add_func ("/chain/fingerprint", test_fingerprint);
  g_test_add_func ("/chain/migration", test_migration);
  return g_test_run ();
}
