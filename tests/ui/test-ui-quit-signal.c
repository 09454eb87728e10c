/* test-ui-quit-signal.c — the app asked to stop by a signal (the session ending, `kill`, Ctrl+C in
 * the terminal that started it) closes its campaign as Quit does: it exits with status 0, its log
 * folded into the file and deleted, so the next open needs no check. Before, the signal's default
 * action killed it with the -wal left behind, and a 1M-row campaign then took seconds of `check`.
 * The real program, spawned on a campaign, under the test's X server.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>

#include "mg-campaign.h"
#include "mg-store.h"
#include "ui-test-util.h"

static char *tmpdir;

static gboolean
exists (const char *path, const char *suffix)
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);

  return g_file_test (name, G_FILE_TEST_EXISTS);
}

static void
waited (GObject *source, GAsyncResult *result, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) data = TRUE;
}

/* The app spawned on the campaign at path, its folders in the test's. */
static GSubprocess *
spawn_app (const char *path)
{
  g_autofree char *seals = g_build_filename (tmpdir, "seals", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GError) error = NULL;
  GSubprocess *app;

  g_subprocess_launcher_setenv (launcher, "MELEE_GM_SEAL_DIR", seals, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", tmpdir, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_STATE_HOME", tmpdir, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", tmpdir, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", tmpdir, TRUE);
  app = g_subprocess_launcher_spawn (launcher, &error, MG_APP, path, NULL);
  g_assert_no_error (error);
  return app;
}

/* Waits (up to 30 s) for the app to end: it exited with status 0, not killed, and the campaign
 * was closed as Quit closes it (the log folded in and deleted, the index too). */
static void
assert_quit_cleanly (GSubprocess *app, const char *path)
{
  gboolean done = FALSE;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_subprocess_wait_async (app, NULL, waited, &done);
  while (!done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (10 * 1000), TRUE);
  if (!done)
    g_subprocess_force_exit (app);
  g_assert_true (done);
  g_assert_false (g_subprocess_get_if_signaled (app));
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 0);
  g_assert_false (exists (path, "-wal"));
  g_assert_false (exists (path, "-shm"));
  g_assert_false (mg_store_closed_uncleanly (path));
}

static void
create_campaign (const char *path)
{
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_create (path, "meeple", "Signal", players, NULL, 1, &error);

  g_assert_no_error (error);
}

static void
test_quit_on (gconstpointer data)
{
  int signum = GPOINTER_TO_INT (data);
  g_autofree char *path = g_strdup_printf ("%s/signal-%d.db", tmpdir, signum);
  g_autoptr(GSubprocess) app = NULL;
  gint64 deadline;

  create_campaign (path);
  g_assert_false (exists (path, "-wal"));
  app = spawn_app (path);

  /* Open: SQLite made the log beside the file (the window is shown from the same campaign). */
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!exists (path, "-wal") && g_get_monotonic_time () < deadline)
    g_usleep (50 * 1000);
  g_assert_true (exists (path, "-wal"));
  g_usleep (G_USEC_PER_SEC);   /* the window drawn, the main loop turning */

  g_subprocess_send_signal (app, signum);
  assert_quit_cleanly (app, path);
}

/* Whether process pid has the file at path open. */
static gboolean
has_open (const char *pid, const char *path)
{
  g_autofree char *fds = g_build_filename ("/proc", pid, "fd", NULL);
  g_autoptr(GDir) dir = g_dir_open (fds, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *link = g_build_filename (fds, name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);

      if (g_strcmp0 (target, path) == 0)
        return TRUE;
    }
  return FALSE;
}

/* SIGTERM while the campaign is still opening (here held: another program has it locked, and the
 * app's open waits for it): the app quits, and the campaign, once open, is closed rather than
 * shown in a window that would keep the app running. Before, a campaign whose open ended after
 * Quit was shown. */
static void
test_quit_while_opening (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "opening.db", NULL);
  g_autoptr(GSubprocess) app = NULL;
  sqlite3 *holder = NULL;
  gint64 deadline;

  create_campaign (path);
  g_assert_cmpint (sqlite3_open_v2 (path, &holder, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (holder, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; "
                                         "SELECT count(*) FROM journal;", NULL, NULL, NULL), ==, SQLITE_OK);
  app = spawn_app (path);
  /* The app's open has the file and waits for its lock. */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (!has_open (g_subprocess_get_identifier (app), path) && g_get_monotonic_time () < deadline)
    g_usleep (20 * 1000);
  g_assert_true (has_open (g_subprocess_get_identifier (app), path));
  g_usleep (300 * 1000);

  g_subprocess_send_signal (app, SIGTERM);
  g_usleep (300 * 1000);
  g_assert_cmpint (sqlite3_exec (holder, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (holder), ==, SQLITE_OK);
  assert_quit_cleanly (app, path);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("mg-quit-signal-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_data_func ("/ui/quit-signal/term", GINT_TO_POINTER (SIGTERM), test_quit_on);
  g_test_add_data_func ("/ui/quit-signal/int", GINT_TO_POINTER (SIGINT), test_quit_on);
  g_test_add_data_func ("/ui/quit-signal/hup", GINT_TO_POINTER (SIGHUP), test_quit_on);
  g_test_add_func ("/ui/quit-signal/while-opening", test_quit_while_opening);
  status = g_test_run ();
  remove_tree (tmpdir);
  return status;
}
