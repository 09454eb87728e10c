/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-readonly.c — a campaign copied as its file and its WAL, without the -shm (issue 36): it
 * opens for reading in a read-only folder and from a read-only file, shows the state the WAL
 * holds, and leaves nothing behind that would stop a writer once the folder or the file may
 * be written again.  Run as root, the reader is the user nobody (root ignores permissions). */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "cli-test-util.h"

#define NOBODY 65534

static void
drop_root (gpointer data)
{
  if (geteuid () == 0 && (setgid (NOBODY) != 0 || setuid (NOBODY) != 0))
    _exit (99);
}

/* The CLI as a user for whom permissions count. */
static CliResult *
run_plain (const char *input, const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  CliResult *r = g_new0 (CliResult, 1);
  int status = 0;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (input == NULL)
    g_assert_true (g_spawn_sync ("/", (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, drop_root, NULL,
                                 &r->out, &r->err, &status, &error));
  else
    {
      /* a shell feeds the input: g_spawn_sync has no stdin of its own */
      g_autofree char *in = g_build_filename (g_get_tmp_dir (), "mg-readonly-in.jsonl", NULL);
      g_autofree char *cmd = NULL;
      g_autoptr(GString) quoted = g_string_new (NULL);
      const char *sh[] = { "/bin/sh", "-c", NULL, NULL };

      g_assert_true (g_file_set_contents (in, input, -1, NULL));
      g_chmod (in, 0644);
      for (guint i = 0; args[i]; i++)
        {
          g_autofree char *q = g_shell_quote (args[i]);
          g_string_append_printf (quoted, " %s", q);
        }
      cmd = g_strdup_printf ("exec '%s'%s < '%s'", cli_path (), quoted->str, in);
      sh[2] = cmd;
      g_assert_true (g_spawn_sync ("/", (char **) sh, NULL, G_SPAWN_DEFAULT, drop_root, NULL,
                                   &r->out, &r->err, &status, &error));
      g_unlink (in);
    }
  g_assert_no_error (error);
  r->status = g_spawn_check_wait_status (status, NULL) ? 0 : (WIFEXITED (status) ? WEXITSTATUS (status) : -1);
  return r;
}

static void
copy_to (const char *from, const char *to)
{
  char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (from, &data, &len, NULL));
  g_assert_true (g_file_set_contents (to, data, (gssize) len, NULL));
  g_free (data);
}

static void
own (const char *path, mode_t mode)
{
  if (geteuid () == 0)
    g_assert_cmpint (chown (path, NOBODY, NOBODY), ==, 0);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static gint
by_name (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *n;

  while ((n = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (n));
  g_ptr_array_sort (names, by_name);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Makes `ro_dir`/c.db and c.db-wal (no -shm): a copy taken while a connection kept the WAL. */
static char *
wal_copy (const char *top, const char *name, char **want_state)
{
  g_autofree char *src = g_build_filename (top, "src", NULL);
  g_autofree char *db = g_build_filename (src, "c.db", NULL);
  g_autofree char *wal = g_build_filename (src, "c.db-wal", NULL);
  g_autofree char *sample_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples",
                                                   "meeple-sample.jsonl", NULL);
  g_autofree char *sample = NULL;
  char *dir = g_build_filename (top, name, NULL);
  g_autofree char *to = g_build_filename (dir, "c.db", NULL);
  g_autofree char *to_wal = g_build_filename (dir, "c.db-wal", NULL);
  g_autoptr(CliResult) made = NULL, acted = NULL, state = NULL;
  sqlite3 *keep = NULL;

  g_assert_cmpint (g_mkdir_with_parents (src, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  made = cli_run (src, NULL, "new", "c.db", "--game", "meeple", "--name", "Copy", "--player", "Red",
                  "--player", "Blue", NULL);
  g_assert_cmpint (made->status, ==, 0);
  g_assert_cmpint (sqlite3_open (db, &keep), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (keep, "SELECT count (*) FROM journal", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (g_file_get_contents (sample_path, &sample, NULL, NULL));
  acted = cli_run (src, sample, "act", "c.db", NULL);
  g_assert_cmpint (acted->status, ==, 0);
  state = cli_run (src, NULL, "state", "c.db", "--compact", NULL);
  *want_state = g_strdup (state->out);
  copy_to (db, to);
  copy_to (wal, to_wal);
  sqlite3_close (keep);
  own (to, 0644);
  own (to_wal, 0644);
  return dir;
}

static void
test_read_only_folder (void)
{
  g_autofree char *top = test_make_dir ();
  g_autofree char *want = NULL;
  g_autofree char *dir = wal_copy (top, "ro", &want);
  g_autofree char *db = g_build_filename (dir, "c.db", NULL);
  const char *state_args[] = { "state", db, "--compact", NULL };
  const char *act_args[] = { "act", db, NULL };
  g_autoptr(CliResult) r = NULL, w = NULL;
  g_autofree char *before = listing (dir), *after = NULL;

  g_chmod (top, 0755);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);   /* root's, or read-only for its owner */
  r = run_plain (NULL, state_args);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->out, ==, want);
  after = listing (dir);
  g_assert_cmpstr (after, ==, before);
  /* The folder writable again: a writer is not stopped by anything left. */
  own (dir, 0755);
  w = run_plain ("{\"type\":\"roll\",\"player\":\"Red\"}\n", act_args);
  g_assert_cmpint (w->status, ==, 0);
  g_assert_nonnull (strstr (w->out, "\"ok\":true"));
  test_remove_dir (top);
}

static void
test_read_only_file (void)
{
  g_autofree char *top = test_make_dir ();
  g_autofree char *want = NULL;
  g_autofree char *dir = wal_copy (top, "rofile", &want);
  g_autofree char *db = g_build_filename (dir, "c.db", NULL);
  g_autofree char *wal = g_build_filename (dir, "c.db-wal", NULL);
  g_autofree char *shm = g_build_filename (dir, "c.db-shm", NULL);
  const char *state_args[] = { "state", db, "--compact", NULL };
  const char *act_args[] = { "act", db, NULL };
  const char *undo_args[] = { "undo", db, NULL };
  g_autoptr(CliResult) r = NULL, w = NULL, u = NULL;

  g_chmod (top, 0755);
  own (dir, 0755);
  own (db, 0444);
  own (wal, 0444);
  r = run_plain (NULL, state_args);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->out, ==, want);
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));
  /* The file writable again: act and undo write. */
  own (db, 0644);
  own (wal, 0644);
  w = run_plain ("{\"type\":\"roll\",\"player\":\"Red\"}\n", act_args);
  g_assert_cmpint (w->status, ==, 0);
  g_assert_nonnull (strstr (w->out, "\"ok\":true"));
  u = run_plain (NULL, undo_args);
  g_assert_cmpint (u->status, ==, 0);
  test_remove_dir (top);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/readonly/folder", test_read_only_folder);
  g_test_add_func ("/readonly/file", test_read_only_file);
  return g_test_run ();
}
