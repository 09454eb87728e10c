/* test-ui-live-seal.c — issue 42: with the app open on a campaign, another program changes a row's
 * bytes; the referee's next change (a real Ctrl+Z) is refused, in words naming the row, and the
 * file is not written to, then or later.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE   /* memmem */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "mg-campaign-window-private.h"
#include "ui-test-util.h"

#define ROWS 40
#define EDITED_ROW 5

static MgApplication *app;
static char *tmpdir;

static char *
run_out (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* A Meeple campaign of ROWS rows, made and closed by another program (bench/gen.c). */
static char *
new_campaign (const char *name)
{
  char *path = g_strdup_printf ("%s/%s.db", tmpdir, name);
  g_autofree char *rows = g_strdup_printf ("%d", ROWS);
  const char *argv[] = { MG_BENCH_GEN, "meeple", rows, path, NULL };

  g_free (run_out (argv));
  return path;
}

/* The campaign's files as bytes (the file and its WAL): nothing may write them after the edit. */
static char *
files_digest (const char *path)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  const char *suffixes[] = { "", "-wal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);
      g_autofree char *bytes = NULL;
      gsize len = 0;

      if (g_file_get_contents (name, &bytes, &len, NULL))
        g_checksum_update (sum, (const guchar *) bytes, (gssize) len);
      g_checksum_update (sum, (const guchar *) "|", 1);
    }
  return g_strdup (g_checksum_get_string (sum));
}

static char *
row_summary (const char *path, int seq)
{
  g_autofree char *sql = g_strdup_printf ("SELECT summary FROM journal WHERE seq = %d", seq);
  const char *argv[] = { "sqlite3", "-readonly", path, sql, NULL };
  char *out = run_out (argv);

  g_strchomp (out);
  return out;
}

/* Another program's edit: the sqlite3 shell rewrites a stored sentence (the chain not told). */
static void
edit_with_sqlite (const char *path)
{
  g_autofree char *sql = g_strdup_printf ("UPDATE journal SET summary = summary || ' (edited)' WHERE seq = %d",
                                          EDITED_ROW);
  const char *argv[] = { "sqlite3", path, sql, NULL };

  g_free (run_out (argv));
}

/* As `dd` would: one byte of the row's sentence overwritten in place in the file itself. */
static void
edit_bytes (const char *path)
{
  g_autofree char *summary = row_summary (path, EDITED_ROW);
  g_autofree char *bytes = NULL;
  gsize len = 0;
  const char *at;
  char changed;
  int fd;

  g_assert_cmpuint (strlen (summary), >, 3);
  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  at = memmem (bytes, len, summary, strlen (summary));
  g_assert_nonnull (at);
  changed = at[1] == 'x' ? 'y' : 'x';
  fd = open (path, O_WRONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (pwrite (fd, &changed, 1, (off_t) (at + 1 - bytes)), ==, 1);
  close (fd);
}


static gboolean
toast_contains (MgCampaignWindow *window, const char *words)
{
  const char *toast = mg_campaign_window_get_last_toast (window);

  return toast != NULL && strstr (toast, words) != NULL;
}

/* Waits (30 s at most) for a toast saying `words`: the refusal, told after the check (which may
 * run in a thread). */
static void
assert_told (MgCampaignWindow *window, const char *words)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  while (!toast_contains (window, words) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("told: %s", mg_campaign_window_get_last_toast (window));
  g_assert_true (toast_contains (window, words));
}

/* The window closed and the campaign let go: the files' bytes then. */
static char *
close_and_digest (MgCampaignWindow *window, MgCampaign **campaign)
{
  g_autofree char *path = g_strdup (mg_campaign_get_path (*campaign));

  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (100);
  g_clear_object (campaign);
  return files_digest (path);
}

static void
live_seal (gconstpointer data)
{
  void (*edit) (const char *path) = data;
  g_autofree char *path = new_campaign (edit == edit_bytes ? "bytes" : "sqlite");
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_open (path, &error);
  g_autoptr(MgCampaign) again = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MgCampaignWindow *window;
  gint64 deadline;
  gint64 count;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_present (GTK_WINDOW (window));
  deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  while (mg_campaign_window_is_checking (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  wait_ms (200);

  /* The window writes as it should: Ctrl+Z (a real key), then redo. */
  count = mg_campaign_journal_count (campaign);
  g_assert_true (ui_test_key (GTK_WIDGET (window), GDK_KEY_z, GDK_KEY_Control_L));
  wait_ms (100);
  g_assert_true (mg_campaign_can_redo (campaign));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  wait_ms (100);
  g_assert_false (mg_campaign_can_redo (campaign));

  /* Another program changes row 5 while the window has the file open; at once, before the
   * window's own look at the file, the referee presses Ctrl+Z. */
  edit (path);
  before = files_digest (path);
  g_assert_true (ui_test_key (GTK_WIDGET (window), GDK_KEY_z, GDK_KEY_Control_L));
  wait_ms (100);
  g_assert_false (mg_campaign_can_redo (campaign));
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, count);

  /* Said in words naming the row. */
  assert_told (window, "row 5 ");

  /* And again a second later: the damaged file is never written to. */
  wait_ms (1200);
  g_assert_true (ui_test_key (GTK_WIDGET (window), GDK_KEY_z, GDK_KEY_Control_L));
  wait_ms (200);
  g_assert_false (mg_campaign_can_redo (campaign));
  after = close_and_digest (window, &campaign);
  g_assert_cmpstr (after, ==, before);

  /* The next program is not fooled either: no seal over it, and the check names the row. */
  again = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (mg_campaign_check (again, &error));
  g_assert_nonnull (error);
  g_test_message ("check: %s", error->message);
  g_assert_nonnull (strstr (error->message, "row 5"));
}


/* A lost tail (issue 42.3): three actions acknowledged, then an older copy of the file put in
 * its place (a restore, or a WAL that lost its last commits). The app says so at its first
 * change, and writes nothing. */
static void
lost_tail (void)
{
  g_autofree char *path = new_campaign ("lost");
  g_autofree char *older = g_strconcat (path, ".older", NULL);
  g_autofree char *rows = g_strdup_printf ("%d", ROWS);
  g_autofree char *stream = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GSubprocess) act = NULL;
  const char *gen[] = { MG_BENCH_GEN, "--stream", "meeple", rows, "3", NULL };
  MgCampaignWindow *window;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (older, contents, (gssize) len, NULL));
  stream = run_out (gen);
  act = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error,
                          MG_CLI, "act", path, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (act, stream, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (act));
  g_assert_cmpint (g_rename (older, path), ==, 0);
  before = files_digest (path);

  campaign = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, ROWS);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (300);
  g_assert_true (ui_test_key (GTK_WIDGET (window), GDK_KEY_z, GDK_KEY_Control_L));
  assert_told (window, "3 actions were lost");
  g_assert_false (mg_campaign_can_redo (campaign));
  after = close_and_digest (window, &campaign);
  g_assert_cmpstr (after, ==, before);
}

int
main (int argc, char **argv)
{
  int status;

  app = ui_test_init (&argc, &argv, "mg-ui-live-seal", &tmpdir);
  /* Seals in the test's folder, not the user's cache (the generator's too: its environment). */
  g_setenv ("MELEE_GM_SEAL_DIR", tmpdir, TRUE);
  g_test_add_data_func ("/ui/live-seal/sqlite-edit", edit_with_sqlite, live_seal);
  g_test_add_data_func ("/ui/live-seal/bytes-edit", edit_bytes, live_seal);
  g_test_add_func ("/ui/live-seal/lost-tail", lost_tail);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}
