/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-damage.c — a damaged campaign is never written (issue 36).  A campaign of each game is
 * damaged, a copy per variant, in each way the issue lists (a zeroed page, a journal row's JSON
 * broken or edited before the last snapshot, index rows missing, a snapshot that differs from
 * its replay) and by random byte flips (seeded: MG_DAMAGE_SEED=N replays a run); then: when
 * `check` rejects the copy, no writing command — `act`, `undo`, `redo`, `session`, and the core
 * API the app uses — changes a byte of it, and each says what `check` says. */
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "mg-campaign.h"
#include "cli-test-util.h"

/* Random variants per game: 16, or MG_DAMAGE_FLIPS (the sanitizer build runs 4: each variant is
 * 17 commands, and its memory checks matter more than the count). */
#define FLIPS_DEFAULT 16

static guint
flips (void)
{
  const char *env = g_getenv ("MG_DAMAGE_FLIPS");
  guint64 n = env != NULL ? g_ascii_strtoull (env, NULL, 10) : 0;

  return n > 0 && n <= 1000 ? (guint) n : FLIPS_DEFAULT;
}

static guint tried, rejected, written;

static void
exec_sql (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  char *msg = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &msg) != SQLITE_OK)
    g_error ("%s: %s", sql, msg);
  sqlite3_close (db);
}

static gint64
sql_int (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 v = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    v = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

static char *
digest (const char *path)
{
  char *data = NULL;
  gsize len = 0;
  char *sum;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
  g_free (data);
  return sum;
}

/* The base campaign: the game's sample but its last line (Meeple's, 19 rows, goes on with the
 * test stream to 120, so that it has snapshots); returns the line the writers will send. */
static char *
make_base (const char *dir, const TestGame *g)
{
  g_autofree char *name = g_strdup_printf ("%s-sample.jsonl", g->game);
  g_autofree char *sample_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", name, NULL);
  g_autofree char *sample = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) input = g_string_new (NULL);
  g_autoptr(CliResult) acted = NULL;
  guint n;

  test_game_new (dir, g, "base.db");

  g_assert_true (g_file_get_contents (sample_path, &sample, NULL, NULL));
  lines = g_strsplit (g_strstrip (sample), "\n", -1);
  n = g_strv_length (lines);
  if (g_str_equal (g->game, "meeple"))
    {
      g_autofree char *path = g_build_filename (dir, "base.db", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);
      g_autoptr(GPtrArray) stream = NULL;

      g_assert_no_error (error);
      stream = meeple_stream (mg_campaign_get_state (c), mg_campaign_get_ruleset (c), 121);
      for (guint i = 0; i + 1 < stream->len; i++)
        g_string_append_printf (input, "%s\n", (const char *) g_ptr_array_index (stream, i));
      g_clear_object (&c);
      acted = cli_run (dir, input->str, "act", "base.db", NULL);
      g_assert_cmpint (acted->status, ==, 0);
      return g_strdup (g_ptr_array_index (stream, stream->len - 1));
    }
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (input, "%s\n", lines[i]);
  acted = cli_run (dir, input->str, "act", "base.db", NULL);
  g_assert_cmpint (acted->status, ==, 0);
  return g_strdup (lines[n - 1]);
}

static char *
copy_base (const char *dir, guint v)
{
  g_autofree char *base = g_build_filename (dir, "base.db", NULL);
  char *to = g_strdup_printf ("%s/v%u.db", dir, v);
  char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (base, &data, &len, NULL));
  g_assert_true (g_file_set_contents (to, data, (gssize) len, NULL));
  g_free (data);
  return to;
}

static void
write_at (const char *path, goffset at, const guint8 *bytes, gsize n)
{
  FILE *f = fopen (path, "r+b");

  g_assert_nonnull (f);
  g_assert_cmpint (fseeko (f, at, SEEK_SET), ==, 0);
  g_assert_cmpuint (fwrite (bytes, 1, n, f), ==, n);
  fclose (f);
}

/* What a writer left: the file's bytes, and a WAL with nothing in it (or none). */
static void
assert_unchanged (const char *path, const char *before, const char *what)
{
  g_autofree char *after = digest (path);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  GStatBuf st;

  if (g_strcmp0 (before, after) != 0 || (g_stat (wal, &st) == 0 && st.st_size > 0))
    {
      written++;
      g_test_fail_printf ("%s wrote to a campaign that check rejects (%s)", what, path);
    }
}

/* The writers, each on the same rejected copy; they must all refuse. */
static void
try_writers (const char *path, const char *line, const char *check_err)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *before = digest (path);
  g_autofree char *input = g_strconcat (line, "\n", NULL);
  const char *const cmds[][4] = { { "undo", NULL }, { "redo", NULL }, { "session", "--name=Two" } };

  {
    g_autoptr(CliResult) r = cli_run (dir, input, "act", path, NULL);
    assert_unchanged (path, before, "act");
  }
  for (guint c = 0; c < G_N_ELEMENTS (cmds); c++)
    {
      g_autoptr(CliResult) r = cli_run (dir, NULL, cmds[c][0], path, cmds[c][1], NULL);

      g_assert_cmpint (r->status, !=, 0);
      /* refused with the same message as check's */
      g_assert_cmpstr (r->err, ==, check_err);
      assert_unchanged (path, before, cmds[c][0]);
    }
  /* The app's path: the core API on its own connection. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);

    if (c == NULL)
      {
        g_autofree char *flat = g_strstrip (g_strdelimit (g_utf8_make_valid (error->message, -1), "\r\n", ' '));
        g_assert_nonnull (strstr (check_err, flat));
      }
    else
      {
        g_autoptr(TestJson) action = json_tokener_parse (line);
        g_autoptr(MgJournalEntry) e = mg_campaign_act (c, action, &error);
        guint done = 0;

        g_autofree char *flat = NULL;

        g_assert_null (e);
        /* the same message as check's (which the CLI prints on one line) */
        flat = g_strstrip (g_strdelimit (g_utf8_make_valid (error->message, -1), "\r\n", ' '));
        if (strstr (check_err, flat) == NULL)
          g_error ("act says “%s”, check “%s”", flat, check_err);
        g_clear_error (&error);
        g_assert_false (mg_campaign_undo (c, 1, &done, &error));
        g_clear_error (&error);
        g_assert_cmpint (mg_campaign_new_session (c, "Three", &error), <=, 0);
        g_clear_error (&error);
        g_clear_object (&c);
      }
    assert_unchanged (path, before, "the core API");
  }
}

/* One damaged copy: check it; if rejected, every writer must leave it as it is. */
static void
judge (const char *path, const char *line)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(CliResult) r = cli_run (dir, NULL, "check", path, NULL);

  tried++;
  if (r->status == 0)
    return;
  rejected++;
  try_writers (path, line, r->err);
}

static void
damage_sql (const char *dir, guint *v, const char *line, const char *sql)
{
  g_autofree char *path = copy_base (dir, (*v)++);

  exec_sql (path, sql);
  judge (path, line);
}

/* Index rows missing: the index rebuilt under a narrower definition, then given its own back. */
static void
damage_index (const char *dir, guint *v, const char *line, const char *index)
{
  g_autofree char *path = copy_base (dir, (*v)++);
  g_autofree char *narrow = g_strdup_printf (
      "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = sql || ' WHERE seq < 3' WHERE name = '%s';", index);
  g_autofree char *reindex = g_strdup_printf ("REINDEX \"%s\";", index);
  g_autofree char *back = g_strdup_printf (
      "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace (sql, ' WHERE seq < 3', '') WHERE name = '%s';", index);

  exec_sql (path, narrow);
  exec_sql (path, reindex);
  exec_sql (path, back);
  judge (path, line);
}

static void
test_game (gconstpointer data)
{
  const TestGame *g = data;
  g_autofree char *dir = test_make_dir ();
  g_autofree char *line = make_base (dir, g);
  g_autofree char *base = g_build_filename (dir, "base.db", NULL);
  const char *seed_env = g_getenv ("MG_DAMAGE_SEED");
  guint32 seed = seed_env ? (guint32) g_ascii_strtoull (seed_env, NULL, 10) : g_random_int ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  gint64 page_size = sql_int (base, "PRAGMA page_size"), pages = sql_int (base, "PRAGMA page_count");
  gint64 last_snap = sql_int (base, "SELECT max (seq) FROM snapshot");
  guint v = 0;
  g_autoptr(CliResult) ok = cli_run (dir, NULL, "check", "base.db", NULL);

  g_test_message ("%s: %" G_GINT64_FORMAT " pages, last snapshot after row %" G_GINT64_FORMAT
                  "; MG_DAMAGE_SEED=%u", g->game, pages, last_snap, seed);
  g_assert_cmpint (ok->status, ==, 0);
  g_assert_cmpint (last_snap, >, 1);

  /* A zeroed page: each of the first ten, and the last. */
  for (gint64 p = 2; p <= pages; p = (p < 11 || p == pages) ? p + 1 : pages)
    {
      g_autofree char *path = copy_base (dir, v++);
      g_autofree guint8 *zero = g_malloc0 (page_size);

      write_at (path, (p - 1) * page_size, zero, page_size);
      judge (path, line);
      if (p == pages)
        break;
    }
  /* A journal row's JSON: broken; edited (still JSON) before the last snapshot. */
  damage_sql (dir, &v, line, "UPDATE journal SET events = '[{' WHERE seq = 2");
  damage_sql (dir, &v, line, "UPDATE journal SET action = substr (action, 2) WHERE seq = 1");
  {
    g_autofree char *sql = g_strdup_printf (
        "UPDATE journal SET action = json_set (action, '$.player', 'Nobody') WHERE seq = "
        "(SELECT max (seq) FROM journal WHERE seq < %" G_GINT64_FORMAT " AND json_extract (action, '$.player') IS NOT NULL)",
        last_snap);
    g_autofree char *sql2 = g_strdup_printf (
        "UPDATE journal SET action = json_set (action, '$.type', 'rematch') WHERE seq = %" G_GINT64_FORMAT " - 1",
        last_snap);
    damage_sql (dir, &v, line, sql);
    damage_sql (dir, &v, line, sql2);
  }
  /* Index rows missing. */
  damage_index (dir, &v, line, "journal_turn");
  damage_index (dir, &v, line, "journal_actor");
  /* A snapshot that differs from its replay: the last, and the first. */
  damage_sql (dir, &v, line, "UPDATE snapshot SET state = json_set (state, '$.damaged', 1) "
                              "WHERE seq = (SELECT max (seq) FROM snapshot)");
  damage_sql (dir, &v, line, "UPDATE snapshot SET state = json_set (state, '$.damaged', 1) "
                              "WHERE seq = (SELECT min (seq) FROM snapshot)");
  /* Random bytes flipped, anywhere after the header. */
  for (guint f = 0, nf = flips (); f < nf; f++)
    {
      g_autofree char *path = copy_base (dir, v++);
      guint n = (guint) g_rand_int_range (rand, 1, 5);

      for (guint k = 0; k < n; k++)
        {
          goffset at = (goffset) g_rand_int_range (rand, 100, (gint32) (pages * page_size));
          guint8 byte = (guint8) g_rand_int_range (rand, 1, 256);
          FILE *fp = fopen (path, "r+b");
          int old;

          g_assert_nonnull (fp);
          fseeko (fp, at, SEEK_SET);
          old = fgetc (fp);
          fseeko (fp, at, SEEK_SET);
          fputc (old ^ byte, fp);
          fclose (fp);
        }
      judge (path, line);
    }
  /* In place, after Melee GM wrote it (and sealed it): the next writer must see the damage. */
  {
    g_autofree guint8 *zero = g_malloc0 (page_size);

    g_usleep (50000);   /* past the file system's clock tick, as a hand would be */
    write_at (base, page_size, zero, page_size);
    judge (base, line);
  }
  test_remove_dir (dir);
}

static void
report (void)
{
  g_test_message ("damaged variants: %u tried, %u rejected by check, %u written to", tried, rejected, written);
  g_assert_cmpuint (written, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < TEST_N_GAMES; i++)
    {
      g_autofree char *path = g_strdup_printf ("/damage/%s", cli_games[i].game);
      g_test_add_data_func (path, &cli_games[i], test_game);
    }
  g_test_add_func ("/damage/report", report);
  return g_test_run ();
}
