/* test-full-disk.c — a full disk is a clear error (issue 42): every command answers with a message
 * and an exit code, never a signal; nothing acknowledged is lost; freeing space is enough. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "mg-campaign.h"
#include "cli-test-util.h"

static const char * const commands[][7] = {
  { "state", "c.db", NULL },
  { "log", "c.db", NULL },
  { "check", "c.db", NULL },
  { "undo", "c.db", NULL },
  { "redo", "c.db", NULL },
  { "sessions", "c.db", NULL },
  { "session", "c.db", "--name", "Later", NULL },
  { "export", "c.db", "--format", "md", "-o", "out.md", NULL },
};

/* Acts `n` more actions of the Meeple stream; how many were acknowledged. */
static guint
act_more (const char *dir, guint n, CliResult **last)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GString) input = g_string_new (NULL);
  const char *argv[] = { "act", "c.db", NULL };
  guint acked = 0;
  const char *p;

  if (c == NULL)
    return 0;
  lines = meeple_stream (mg_campaign_get_state (c), mg_campaign_get_ruleset (c), n);
  g_clear_object (&c);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (input, "%s\n", (char *) lines->pdata[i]);
  *last = cli_run_argv (dir, input->str, argv);
  for (p = (*last)->out; (p = strstr (p, "\"ok\":true")) != NULL; p++)
    acked++;
  return acked;
}

static gint64
journal_rows (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);

  g_assert_no_error (error);
  return mg_campaign_journal_count (c);
}

/* An AddressSanitizer build runs its own allocator and interceptors of write() and friends: the
 * ENOSPC shim is not first in line and the process meets a full disk differently. The plain build
 * runs these batteries; the sanitizer build skips them. */
static gboolean
skip_when_sanitized (void)
{
#ifdef __SANITIZE_ADDRESS__
  g_test_skip ("a full disk is tried by the plain build (the sanitizer's interceptors come first)");
  return TRUE;
#else
  return FALSE;
#endif
}


/* With the disk full (`fill` makes it so, `free_space` undoes it): acts until refused, then
 * every command answers; then space is freed and all works again, nothing acknowledged lost. */
static void
full_disk_battery (const char *dir, void (*fill) (const char *), void (*free_space) (const char *))
{
  TestGame meeple = cli_games[0];
  guint acked = 0, refusals = 0;

  test_game_new (dir, &meeple, "c.db");
  {
    g_autoptr(CliResult) r = NULL;

    acked = act_more (dir, 10, &r);
    g_assert_cmpuint (acked, ==, 10);
  }
  fill (dir);
  for (guint round = 0; round < 200; round++)
    {
      g_autoptr(CliResult) r = NULL;
      guint got = act_more (dir, 40, &r);

      acked += got;
      g_assert_nonnull (r);
      if (r->status == -1)   /* never a signal */
        g_error ("act on a full disk, round %u: %s", round, r->err);
      if (r->status != 0)
        {
          g_test_message ("act on a full disk: %s", r->err);
          /* Refused as it opens, or each action refused in its place. */
          g_assert_cmpint (r->status, ==, 1);
          g_assert_true (strstr (r->err, "disk is full") != NULL ||
                         (strstr (r->err, "could not be stored") != NULL && strstr (r->out, "disk is full") != NULL));
          refusals++;
          break;
        }
    }
  g_assert_cmpuint (refusals, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr(CliResult) r = cli_run_argv (dir, NULL, commands[i]);

      g_test_message ("%s on a full disk: exit %d: %s", commands[i][0], r->status, r->err);
      if (r->status == -1)
        g_error ("%s on a full disk: %s", commands[i][0], r->err);
      g_assert_cmpint (r->status, <=, 2);
      if (r->status != 0)
        g_assert_cmpstr (r->err, !=, "");
    }
  free_space (dir);
  {
    g_autoptr(CliResult) check = NULL;
    g_autoptr(CliResult) r = NULL;
    guint more;
    const char *argv[] = { "check", "c.db", NULL };

    /* The undo and redo above may have gone through once space was back: redo what is left. */
    more = act_more (dir, 5, &r);
    g_assert_cmpint (r->status, ==, 0);
    g_assert_cmpuint (more, ==, 5);
    check = cli_run_argv (dir, NULL, argv);
    g_assert_cmpint (check->status, ==, 0);
    g_assert_cmpint (journal_rows (dir), ==, acked + 5);
  }
}

/* ---- a real ext4 with 1 KiB blocks, loop-mounted (root only) ---------------------------- */

static char *image, *mnt;

static void
fill_with_file (const char *dir)
{
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);
  struct statvfs st;
  gsize size;
  g_autofree char *zeros = NULL;

  g_assert_cmpint (statvfs (dir, &st), ==, 0);
  size = (gsize) st.f_bavail * st.f_frsize;
  size = size > 24 * 1024 ? size - 24 * 1024 : 0;   /* room for a few actions */
  zeros = g_malloc0 (size + 1);
  g_assert_true (g_file_set_contents (filler, zeros, (gssize) size, NULL));
}

static void
remove_file (const char *dir)
{
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);

  g_assert_cmpint (g_unlink (filler), ==, 0);
}

static gboolean
run_quiet (const char * const *argv)
{
  int status = -1;

  return g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                       G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL) &&
         g_spawn_check_wait_status (status, NULL);
}

static void
test_ext4_1k (void)
{
  g_autofree char *dir = NULL;

  if (skip_when_sanitized ())
    return;
  dir = test_make_dir ();
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", "-b", "1024", NULL, NULL };
  const char *mount_argv[] = { "mount", "-o", "loop", NULL, NULL, NULL };
  const char *umount_argv[] = { "umount", NULL, NULL };
  g_autofree char *camp = NULL;
  int fd;

  if (geteuid () != 0)
    {
      g_test_skip ("SKIP: mounting a loop ext4 needs root");
      return;
    }
  image = g_build_filename (dir, "disk.img", NULL);
  mnt = g_build_filename (dir, "mnt", NULL);
  g_mkdir (mnt, 0700);
  fd = g_open (image, O_CREAT | O_WRONLY, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 4 << 20), ==, 0);
  close (fd);
  mkfs[5] = image;
  mount_argv[3] = image;
  mount_argv[4] = mnt;
  if (!run_quiet (mkfs) || !run_quiet (mount_argv))
    {
      g_test_skip ("SKIP: cannot make or loop-mount an ext4 here");
      test_remove_dir (dir);
      return;
    }
  camp = g_build_filename (mnt, "camp", NULL);
  g_mkdir (camp, 0700);
  /* In a child, so that the disk is unmounted whatever the battery finds. */
  g_setenv ("MG_FULL_DISK_DIR", camp, TRUE);
  g_test_trap_subprocess ("/full-disk/ext4-1k-blocks/battery", 90 * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  umount_argv[1] = mnt;
  g_assert_true (run_quiet (umount_argv));
  test_remove_dir (dir);
  g_test_trap_assert_passed ();
}

static void
ext4_battery (void)
{
  if (g_test_subprocess ())
    full_disk_battery (g_getenv ("MG_FULL_DISK_DIR"), fill_with_file, remove_file);
}

/* ---- anywhere: a shim fails writes, growth and allocations with ENOSPC ------------------- */

static char *flag;

static void
shim_fill (const char *dir)
{
  g_setenv ("LD_PRELOAD", MG_ENOSPC_SHIM, TRUE);
  g_setenv ("MG_ENOSPC_DIR", dir, TRUE);
  g_setenv ("MG_ENOSPC_FLAG", flag, TRUE);
}

static void
shim_free (const char *dir)
{
  g_unlink (flag);
}

static void
test_simulated (void)
{
  g_autofree char *dir = NULL;

  if (skip_when_sanitized ())
    return;
  dir = test_make_dir ();
  g_autofree char *camp = g_build_filename (dir, "camp", NULL);

  g_mkdir (camp, 0700);
  flag = g_build_filename (dir, "full", NULL);
  g_assert_true (g_file_set_contents (flag, "", 0, NULL));
  full_disk_battery (camp, shim_fill, shim_free);
  g_unsetenv ("LD_PRELOAD");
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/full-disk/ext4-1k-blocks", test_ext4_1k);
  g_test_add_func ("/full-disk/ext4-1k-blocks/battery", ext4_battery);
  g_test_add_func ("/full-disk/simulated", test_simulated);
  return g_test_run ();
}
