/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-durability.c — issue 12: power-safe commits, damaged files refused untouched, atomic
 * creation, other writers seen, read-only campaigns read without a trace. */
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-store.h"
#include "mg-export.h"
#include "mg-ruleset.h"
#include "mg-fake-engine.h"
#include "mg-core-test-util.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *two_players[] = { "Ann", "Bob", NULL };

static json_object *
fake_ruleset (int per_turn)
{
  json_object *ruleset = json_object_new_object ();

  json_object_object_add (ruleset, "sides", json_object_new_int (6));
  json_object_object_add (ruleset, "per_turn", json_object_new_int (per_turn));
  return ruleset;
}

static MgCampaign *
new_fake (const char *path, int per_turn)
{
  g_autoptr(GError) error = NULL;
  json_object *ruleset = fake_ruleset (per_turn);
  MgCampaign *c;

  c = mg_campaign_create (path, "fake", "Test campaign", two_players, ruleset, 1, &error);
  json_object_put (ruleset);
  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static void
add (MgCampaign *c, int value)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf ("{\"type\":\"add\",\"value\":%d}", value);
  json_object *action = json_tokener_parse (text);
  MgJournalEntry *e = mg_campaign_act (c, action, &error);

  json_object_put (action);
  g_assert_no_error (error);
  mg_journal_entry_free (e);
}

static gint64
total (MgCampaign *c)
{
  json_object *j = mg_state_to_json (mg_campaign_get_state (c));
  gint64 t = json_object_get_int64 (json_object_object_get (j, "total"));

  json_object_put (j);
  return t;
}

static void
sql (const char *path, const char *statement)
{
  sqlite3 *db = mg_test_sqlite_open (path);

  mg_test_sql_exec (db, statement);
  sqlite3_close (db);
}

static gboolean
exists (const char *path, const char *suffix)
{
  g_autofree char *file = g_strconcat (path, suffix, NULL);

  return g_file_test (file, G_FILE_TEST_EXISTS);
}

/* ---- power-safe commits ------------------------------------------------------------------- */

/* A VFS over the default one that counts syncs of WAL files: a commit survives a power cut only
 * if the WAL was synced before the commit returned. */
typedef struct {
  sqlite3_file base;
  gboolean     wal;
  sqlite3_file real[];   /* the default VFS's file, szOsFile bytes */
} CountFile;

static sqlite3_vfs *real_vfs;
static gint wal_syncs;

#define REAL(f) (((CountFile *) (f))->real)
static int c_close (sqlite3_file *f) { return REAL (f)->pMethods->xClose (REAL (f)); }
static int c_read (sqlite3_file *f, void *b, int n, sqlite3_int64 o) { return REAL (f)->pMethods->xRead (REAL (f), b, n, o); }
static int c_write (sqlite3_file *f, const void *b, int n, sqlite3_int64 o) { return REAL (f)->pMethods->xWrite (REAL (f), b, n, o); }
static int c_truncate (sqlite3_file *f, sqlite3_int64 s) { return REAL (f)->pMethods->xTruncate (REAL (f), s); }
static int
c_sync (sqlite3_file *f, int flags)
{
  if (((CountFile *) f)->wal)
    g_atomic_int_inc (&wal_syncs);
  return REAL (f)->pMethods->xSync (REAL (f), flags);
}
static int c_size (sqlite3_file *f, sqlite3_int64 *s) { return REAL (f)->pMethods->xFileSize (REAL (f), s); }
static int c_lock (sqlite3_file *f, int l) { return REAL (f)->pMethods->xLock (REAL (f), l); }
static int c_unlock (sqlite3_file *f, int l) { return REAL (f)->pMethods->xUnlock (REAL (f), l); }
static int c_check (sqlite3_file *f, int *r) { return REAL (f)->pMethods->xCheckReservedLock (REAL (f), r); }
static int c_fctl (sqlite3_file *f, int op, void *a) { return REAL (f)->pMethods->xFileControl (REAL (f), op, a); }
static int c_sector (sqlite3_file *f) { return REAL (f)->pMethods->xSectorSize (REAL (f)); }
static int c_dev (sqlite3_file *f) { return REAL (f)->pMethods->xDeviceCharacteristics (REAL (f)); }
static int c_shm_map (sqlite3_file *f, int i, int s, int e, void volatile **p) { return REAL (f)->pMethods->xShmMap (REAL (f), i, s, e, p); }
static int c_shm_lock (sqlite3_file *f, int o, int n, int fl) { return REAL (f)->pMethods->xShmLock (REAL (f), o, n, fl); }
static void c_shm_barrier (sqlite3_file *f) { REAL (f)->pMethods->xShmBarrier (REAL (f)); }
static int c_shm_unmap (sqlite3_file *f, int d) { return REAL (f)->pMethods->xShmUnmap (REAL (f), d); }
static int c_fetch (sqlite3_file *f, sqlite3_int64 o, int n, void **p) { return REAL (f)->pMethods->xFetch (REAL (f), o, n, p); }
static int c_unfetch (sqlite3_file *f, sqlite3_int64 o, void *p) { return REAL (f)->pMethods->xUnfetch (REAL (f), o, p); }

static const sqlite3_io_methods count_methods = {
  3, c_close, c_read, c_write, c_truncate, c_sync, c_size, c_lock, c_unlock, c_check, c_fctl,
  c_sector, c_dev, c_shm_map, c_shm_lock, c_shm_barrier, c_shm_unmap, c_fetch, c_unfetch,
};

static int
c_open (sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out_flags)
{
  CountFile *cf = (CountFile *) f;
  int rc = real_vfs->xOpen (real_vfs, name, cf->real, flags, out_flags);

  cf->base.pMethods = rc == SQLITE_OK ? &count_methods : NULL;
  cf->wal = (flags & SQLITE_OPEN_WAL) != 0;
  return rc;
}

static void
install_counting_vfs (void)
{
  static sqlite3_vfs vfs;

  real_vfs = sqlite3_vfs_find (NULL);
  vfs = *real_vfs;
  vfs.zName = "mg-count";
  vfs.szOsFile = (int) sizeof (CountFile) + real_vfs->szOsFile;
  vfs.xOpen = c_open;
  g_assert_cmpint (sqlite3_vfs_register (&vfs, 1), ==, SQLITE_OK);
}

static void
test_power_safe (void)
{
  g_autofree char *path = mg_test_tmpfile ("p.mgc");
  MgCampaign *c = new_fake (path, 4);
  gint before;

  /* Every commit that returned has reached the disk: the WAL was synced for each. */
  before = g_atomic_int_get (&wal_syncs);
  for (int i = 1; i <= 10; i++)
    add (c, i);
  g_assert_cmpint (g_atomic_int_get (&wal_syncs) - before, >=, 10);
  g_object_unref (c);
}

/* ---- damaged files ------------------------------------------------------------------------ */

static void
assert_refused_untouched (const char *path, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = mg_test_checksum_all (path);
  g_autofree char *after = NULL;
  MgCampaign *c = mg_campaign_open (path, &error);

  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, needle));
  /* What to do about it. */
  g_assert_nonnull (strstr (error->message, "Melee GM will not write to it"));
  g_assert_nonnull (strstr (error->message, ".recover"));
  after = mg_test_checksum_all (path);
  g_assert_cmpstr (after, ==, before);
}

static void
test_garbage_snapshot (void)
{
  g_autofree char *path = mg_test_tmpfile ("s.mgc");
  MgCampaign *c = new_fake (path, 1);   /* a turn per action: snapshots at each boundary */

  for (int i = 0; i < MG_CAMPAIGN_SNAPSHOT_MIN_ROWS + 2; i++)
    add (c, 1);
  g_object_unref (c);
  sql (path, "UPDATE snapshot SET state = 'xx}{garbage' WHERE seq = (SELECT max (seq) FROM snapshot)");
  assert_refused_untouched (path, "snapshot after journal row");
}

static void
test_garbage_dice (void)
{
  g_autofree char *path = mg_test_tmpfile ("d.mgc");
  MgCampaign *c = new_fake (path, 100);

  add (c, 1);
  add (c, 2);
  g_object_unref (c);
  /* Row 2 is replayed at open: dice that are not JSON were read as "no dice" before; the
   * journal's chain names the row that was changed (issue 42). */
  sql (path, "UPDATE journal SET dice = '[{\"sides\":6,' WHERE seq = 2");
  assert_refused_untouched (path, "journal row 2 is not what Melee GM wrote");
}

/* A row before the last snapshot is not replayed at open: check finds and names it. */
static void
test_check_old_rows (void)
{
  g_autofree char *path = mg_test_tmpfile ("o.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_fake (path, 1);

  for (int i = 0; i < MG_CAMPAIGN_SNAPSHOT_MIN_ROWS + 2; i++)
    add (c, 1);
  g_object_unref (c);
  sql (path, "UPDATE journal SET action = '{\"type\":\"add\",\"val' WHERE seq IN (3, 5)");
  sql (path, "UPDATE journal SET events = 'nope' WHERE seq = 7");
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (mg_campaign_check (c, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "journal rows whose JSON is damaged: 3, 5, 7"));
  g_object_unref (c);
}

/* Leaves `path` as a killed writer would: a WAL with frames, no connection. */
static void
kill_a_writer (const char *path)
{
  pid_t pid = fork ();
  int status;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      sqlite3 *db = NULL;

      if (sqlite3_open (path, &db) != SQLITE_OK ||
          sqlite3_exec (db, "PRAGMA journal_mode = WAL; UPDATE session SET name = name || '.' WHERE id = 1",
                        NULL, NULL, NULL) != SQLITE_OK)
        _exit (1);
      _exit (0);   /* no close: no checkpoint */
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_assert_true (exists (path, "-wal"));
}

/* After an unclean close every page and row is looked at before anything is written. */
static void
test_unclean_close (void)
{
  g_autofree char *path = mg_test_tmpfile ("u.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_fake (path, 1);

  for (int i = 0; i < MG_CAMPAIGN_SNAPSHOT_MIN_ROWS + 2; i++)
    add (c, 1);
  g_object_unref (c);

  /* Clean close, then killed: opens (and the WAL of the killed writer is kept). */
  kill_a_writer (path);
  g_assert_true (mg_store_closed_uncleanly (path));
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (mg_store_closed_uncleanly (path));   /* we are attached now */
  g_assert_cmpint (total (c), ==, MG_CAMPAIGN_SNAPSHOT_MIN_ROWS + 2);
  g_object_unref (c);
  g_assert_false (exists (path, "-wal"));

  /* An old row damaged, then killed: the open after the unclean close finds it. */
  sql (path, "UPDATE journal SET action = 'garbage' WHERE seq = 2");
  kill_a_writer (path);
  assert_refused_untouched (path, "journal rows whose JSON is damaged: 2");
}

/* ---- atomic creation ---------------------------------------------------------------------- */

static void
test_create_leaves_nothing_else (void)
{
  g_autofree char *dir = mg_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "new.mgc", NULL);
  g_autofree char *stale = g_build_filename (dir, ".new.mgc.999999999.mgnew", NULL);
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) error = NULL;
  json_object *ruleset = fake_ruleset (4);
  const char *name;
  guint n = 0;
  MgCampaign *c, *again;

  /* What a `new` killed mid-way leaves: only a hidden temporary file, never the name. */
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  c = new_fake (path, 4);
  again = mg_campaign_create (path, "fake", "Again", two_players, ruleset, 1, &error);
  json_object_put (ruleset);
  g_assert_null (again);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_EXISTS);
  g_object_unref (c);
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)))
    {
      g_test_message ("left: %s", name);
      n++;
    }
  g_assert_cmpuint (n, ==, 1);   /* the campaign; the stale temporary file is gone */
}

/* ---- other writers ------------------------------------------------------------------------ */

static void
count_changed (MgCampaign *c, guint *n)
{
  (*n)++;
}

static void
test_other_writer (void)
{
  g_autofree char *path = mg_test_tmpfile ("w.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *a = new_fake (path, 4);
  MgCampaign *b = mg_campaign_open (path, &error);
  g_autoptr(MgJournalEntry) row2 = NULL;
  g_autoptr(MgJournalEntry) undone = NULL;
  g_autoptr(MgJournalEntry) redone = NULL;
  g_autoptr(MgJournalEntry) none = NULL;
  gboolean changed = FALSE;
  guint signals = 0;

  g_assert_no_error (error);
  g_signal_connect (b, "changed", G_CALLBACK (count_changed), &signals);

  /* Nothing happened: nothing reloaded, nothing announced. */
  g_assert_true (mg_campaign_refresh (b, &changed, &error));
  g_assert_no_error (error);
  g_assert_false (changed);
  g_assert_cmpuint (signals, ==, 0);

  /* Another connection writes: b sees it at its next refresh. */
  add (a, 5);
  g_assert_cmpint (mg_campaign_journal_count (b), ==, 0);
  g_assert_true (mg_campaign_refresh (b, &changed, &error));
  g_assert_true (changed);
  g_assert_cmpuint (signals, ==, 1);
  g_assert_cmpint (mg_campaign_journal_count (b), ==, 1);
  g_assert_cmpint (total (b), ==, 5);
  g_assert_true (mg_campaign_refresh (b, &changed, &error));
  g_assert_false (changed);

  /* b has not looked since a added row 2: its undo undoes row 2 and says so. */
  add (a, 7);
  row2 = mg_campaign_journal_get (a, 2, &error);
  g_assert_no_error (error);
  undone = mg_campaign_undo_entry (b, &error);
  g_assert_no_error (error);
  g_assert_cmpint (undone->seq, ==, 2);
  g_assert_true (undone->undone);
  g_assert_cmpstr (undone->summary, ==, row2->summary);
  g_assert_cmpint (total (b), ==, 5);
  redone = mg_campaign_redo_entry (b, &error);
  g_assert_no_error (error);
  g_assert_cmpint (redone->seq, ==, 2);
  g_assert_false (redone->undone);
  g_assert_cmpint (total (b), ==, 12);
  none = mg_campaign_redo_entry (b, &error);
  g_assert_null (none);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOTHING);
  g_clear_error (&error);

  /* And a sees b's undo and redo. */
  g_assert_true (mg_campaign_refresh (a, &changed, &error));
  g_assert_true (changed);
  g_assert_cmpint (total (a), ==, 12);
  g_object_unref (a);
  g_object_unref (b);
}

/* ---- read-only campaigns and full disks --------------------------------------------------- */

/* Runs func in a child process (as nobody if we are root: root writes anywhere); asserts it passed. */
static void
as_nobody (void (*func) (const char *path), const char *path)
{
  pid_t pid = fork ();
  int status;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      if (geteuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
        _exit (3);
      func (path);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
}

static void
read_only_child (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_open (path, &error);
  json_object *action = json_tokener_parse ("{\"type\":\"add\",\"value\":1}");
  MgJournalEntry *e;
  guint done = 9;

  g_assert_no_error (error);
  g_assert_true (mg_campaign_is_read_only (c));
  g_assert_cmpint (total (c), ==, 7);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 2);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  e = mg_campaign_act (c, action, &error);
  json_object_put (action);
  g_assert_null (e);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (mg_campaign_undo (c, 1, &done, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_READ_ONLY);
  g_assert_cmpint (total (c), ==, 7);
}

static void
test_read_only (void)
{
  g_autofree char *dir = mg_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "r.mgc", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MgCampaign *c = new_fake (path, 4);

  add (c, 3);
  add (c, 4);
  g_object_unref (c);
  before = mg_test_checksum (path);

  /* A read-only folder: before, "attempt to write a readonly database". */
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  as_nobody (read_only_child, path);
  g_assert_false (exists (path, "-wal"));
  g_assert_false (exists (path, "-shm"));

  /* A read-only file in a writable folder: before, -wal and -shm were left beside it. */
  g_assert_cmpint (g_chmod (dir, 0777), ==, 0);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  as_nobody (read_only_child, path);
  g_assert_false (exists (path, "-wal"));
  g_assert_false (exists (path, "-shm"));
  g_chmod (dir, 0755);

  after = mg_test_checksum (path);
  g_assert_cmpstr (after, ==, before);
}

static void
full_disk_child (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = NULL;
  json_object *action = json_tokener_parse ("{\"type\":\"add\",\"value\":1}");
  struct rlimit limit;
  GStatBuf st;

  /* No file may grow past 1 KiB (not a WAL frame, not the -shm): a full disk as far as this
   * process can tell. */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  signal (SIGXFSZ, SIG_IGN);
  limit.rlim_cur = limit.rlim_max = 1024;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  c = mg_campaign_open (path, &error);
  if (c)
    {
      MgJournalEntry *e = mg_campaign_act (c, action, &error);

      g_assert_null (e);
      g_test_message ("act on a full disk: %s", error->message);
    }
  else
    g_test_message ("open on a full disk: %s", error->message);
  json_object_put (action);
}

static void
test_full_disk (void)
{
  g_autofree char *path = mg_test_tmpfile ("f.mgc");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  MgCampaign *c = new_fake (path, 4);

  g_autofree char *dir = g_path_get_dirname (path);

  add (c, 3);
  g_object_unref (c);
  before = mg_test_checksum (path);
  g_chmod (dir, 0777);
  g_chmod (path, 0666);
  as_nobody (full_disk_child, path);
  g_assert_false (exists (path, "-wal"));
  g_assert_false (exists (path, "-shm"));
  after = mg_test_checksum (path);
  g_assert_cmpstr (after, ==, before);
}

/* The locks this process holds on the file `path` that SQLite keeps while a connection is open:
 * the read lock on the database's SHARED range, and on the -shm's DMS byte (128), from
 * /proc/locks. POSIX locks name the process; OFD locks (the store's) show -1, so the file is
 * matched by its device and inode, and only those two ranges count: a transient lock (PENDING,
 * a read mark) taken meanwhile by another thread of the store is not what a test compares. */
static guint
locks_held (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GStatBuf st;
  guint n = 0;

  g_assert_true (g_stat (path, &st) == 0);
  g_assert_true (g_file_get_contents ("/proc/locks", &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char kind[16];
      int pid;
      unsigned int maj, min;
      unsigned long ino;
      long long start;

      if (sscanf (lines[i], "%*d: %15s %*s %*s %d %x:%x:%lu %lld", kind, &pid, &maj, &min, &ino, &start) != 6)
        continue;   /* a waiter's line ("->"), or none */
      n += (pid == (int) getpid () || g_str_equal (kind, "OFDLCK")) &&
           maj == major (st.st_dev) && min == minor (st.st_dev) && ino == (unsigned long) st.st_ino &&
           (start == 128 || start == 0x40000002);
    }
  return n;
}

/* Opening a campaign this process already has open (a check's connection, the window's again)
 * reads the file's header: with a descriptor of its own, closed after, POSIX dropped every lock
 * the first connection held on the file, and another program's sqlite3 could then take it
 * whole at its close and delete the -wal the first connection still wrote to (seen: steps shown
 * in the window, never in the file). The first connection's locks stay. */
static void
test_second_open_keeps_locks (void)
{
  g_autofree char *path = mg_test_tmpfile ("locks.mgc");
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  MgCampaign *a = new_fake (path, 4);
  MgCampaign *b;
  guint before, shm_before;

  add (a, 5);
  before = locks_held (path);
  shm_before = locks_held (shm);
  g_assert_cmpuint (before, >, 0);       /* SQLite's shared lock of a WAL connection */
  g_assert_cmpuint (shm_before, >, 0);   /* and its read lock on the -shm's DMS byte */
  b = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  add (b, 6);                            /* b maps the -shm too (the VFS's own descriptor) */
  g_object_unref (b);
  g_assert_cmpuint (locks_held (path), ==, before);
  g_assert_cmpuint (locks_held (shm), ==, shm_before);
  g_object_unref (a);
}

/* Whether another process can take a write lock on `len` bytes of `path` from `start` (what a
 * sqlite3 of its own does before it checkpoints, truncates or deletes the side files). */
static gboolean
other_process_can_lock (const char *path, off_t start, off_t len)
{
  int status;
  pid_t child = fork ();

  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = start, .l_len = len };
      int fd = open (path, O_RDWR);

      _exit (fd >= 0 && fcntl (fd, F_SETLK, &lock) == 0 ? 0 : 1);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status) == 0;
}

/* Code of the process that is not the store's opens the campaign's files and closes them: GTK's
 * file chooser showing the campaign's folder does (GIO reads c.db's and c.db-shm's first bytes
 * to guess their type).  POSIX dropped every lock the store held on them at the first close,
 * and another program's sqlite3 could take the files whole (as in second-open-keeps-locks).
 * The store's locks stay, and another process is still kept out. */
static void
test_outside_close_keeps_locks (void)
{
  g_autofree char *path = mg_test_tmpfile ("sniffed.mgc");
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  const char *files[] = { path, shm };
  MgCampaign *a = new_fake (path, 4);
  guint before, shm_before;

  add (a, 5);
  before = locks_held (path);
  shm_before = locks_held (shm);
  g_assert_cmpuint (before, >, 0);
  g_assert_cmpuint (shm_before, >, 0);
  g_assert_false (other_process_can_lock (shm, 128, 1));   /* the DMS byte: someone is attached */
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (files[i]);
      g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE,
                                                     G_FILE_QUERY_INFO_NONE, NULL, NULL);
      g_autofree char *bytes = NULL;

      g_assert_nonnull (info);
      g_assert_true (g_file_get_contents (files[i], &bytes, NULL, NULL));   /* opened, closed */
    }
  g_assert_cmpuint (locks_held (path), ==, before);
  g_assert_cmpuint (locks_held (shm), ==, shm_before);
  g_assert_false (other_process_can_lock (shm, 128, 1));
  add (a, 6);
  g_assert_cmpint (mg_campaign_journal_count (a), ==, 2);
  g_object_unref (a);
  /* Closed: the store's locks go with it, and the next program finds the files free. */
  g_assert_cmpuint (locks_held (path), ==, 0);
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS) && !other_process_can_lock (shm, 128, 1));
}

/* Through the store's lock owner (opened for writing, for the process's writers) a write lock
 * asked through a descriptor open for reading only is refused with EBADF, as POSIX refuses it: a
 * read-only `state` that got one went on to checkpoint at its close, writing the -shm, which on a
 * full disk killed it with SIGBUS (test-full-disk, 5 runs in 12). */
static void
test_read_only_descriptor_write_lock (void)
{
  g_autofree char *path = mg_test_tmpfile ("ro-lock.mgc");
  sqlite3_vfs *unix_vfs = sqlite3_vfs_find ("unix");
  int (*sys_fcntl) (int, int, ...) = (int (*) (int, int, ...)) unix_vfs->xGetSystemCall (unix_vfs, "fcntl");
  int (*sys_close) (int) = (int (*) (int)) unix_vfs->xGetSystemCall (unix_vfs, "close");
  struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0x40000002, .l_len = 510 };
  int fd;

  g_object_unref (new_fake (path, 4));
  fd = open (path, O_RDONLY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  errno = 0;
  g_assert_cmpint (sys_fcntl (fd, F_SETLK, &lock), ==, -1);
  g_assert_cmpint (errno, ==, EBADF);
  lock.l_type = F_RDLCK;
  g_assert_cmpint (sys_fcntl (fd, F_SETLK, &lock), ==, 0);
  g_assert_cmpuint (locks_held (path), ==, 1);
  g_assert_cmpint (sys_close (fd), ==, 0);   /* the owner goes with SQLite's last descriptor */
  g_assert_cmpuint (locks_held (path), ==, 0);
}

/* A file chosen in a dialog as something else (a ruleset to load, an export's destination) that
 * is the campaign open here, by its name or through a link: refused with a message, the
 * campaign's locks kept (reading it would have closed a descriptor of it) and the file still
 * the campaign (an export renames its file over the destination). */
static void
test_own_file_refused (void)
{
  g_autofree char *path = mg_test_tmpfile ("own.mgc");
  g_autofree char *link = mg_test_tmpfile ("own-link.mgc");
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  MgCampaign *a = new_fake (path, 4);
  MgExportScope all = { 0 };
  guint before, shm_before;

  add (a, 5);
  g_assert_true (symlink (path, link) == 0);
  before = locks_held (path);
  shm_before = locks_held (shm);
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? path : link;
      g_autoptr(GError) error = NULL;
      json_object *ruleset = mg_ruleset_load_file (mg_campaign_get_rules (a), name, &error);

      g_assert_null (ruleset);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
      g_assert_nonnull (strstr (error->message, "campaign open in Melee GM"));
      g_clear_error (&error);
      g_assert_false (mg_export_write (a, MG_EXPORT_JSON, all, name, &error));
      g_assert_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE);
      g_assert_cmpuint (locks_held (path), ==, before);
      g_assert_cmpuint (locks_held (shm), ==, shm_before);
    }
  add (a, 6);
  g_assert_cmpint (mg_campaign_journal_count (a), ==, 2);
  g_object_unref (a);
  {
    g_autoptr(GError) error = NULL;
    MgCampaign *again = mg_campaign_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (mg_campaign_journal_count (again), ==, 2);
    g_object_unref (again);
  }
  g_unlink (link);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mg_game_register (mg_fake_game (2));
  install_counting_vfs ();

  g_test_add_func ("/durability/power-safe", test_power_safe);
  g_test_add_func ("/durability/garbage-snapshot", test_garbage_snapshot);
  g_test_add_func ("/durability/garbage-dice", test_garbage_dice);
  g_test_add_func ("/durability/check-old-rows", test_check_old_rows);
  g_test_add_func ("/durability/unclean-close", test_unclean_close);
  g_test_add_func ("/durability/create-atomic", test_create_leaves_nothing_else);
  g_test_add_func ("/durability/other-writer", test_other_writer);
  g_test_add_func ("/durability/second-open-keeps-locks", test_second_open_keeps_locks);
  g_test_add_func ("/durability/own-file-refused", test_own_file_refused);
  g_test_add_func ("/durability/outside-close-keeps-locks", test_outside_close_keeps_locks);
  g_test_add_func ("/durability/read-only-descriptor-write-lock", test_read_only_descriptor_write_lock);
  g_test_add_func ("/durability/read-only", test_read_only);
  g_test_add_func ("/durability/full-disk", test_full_disk);
  return g_test_run ();
}
