/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-store.c — a thin SQLite connection: pragmas, cached prepared statements, GErrors, migrations.
 * Modelled on Epiphany's ephy-sqlite-connection: every SQLite failure becomes a GError carrying
 * SQLite's own message; statements are prepared once and kept. */
#define _GNU_SOURCE   /* statx */
#include "config.h"
#include "mg-store.h"
#include "mg-chain.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  gboolean        found;   /* the file exists */
  dev_t           dev;
  ino_t           ino;
  off_t           size;
  struct timespec mtim, ctim;
  gboolean        has_wal; /* an empty WAL holds nothing: SQLite makes one as it opens the file */
  ino_t           wal_ino;
  off_t           wal_size;
  gboolean        wal_times; /* wal_mtim and wal_ctim were read (not between two commits) */
  struct timespec wal_mtim, wal_ctim;
} FilesMark;

struct _MgStore {
  sqlite3    *db;
  GHashTable *stmts;   /* SQL text → sqlite3_stmt* */
  char       *key;     /* canonical path, in `attached` while open */
  gboolean    made_wal, made_shm;  /* the -wal / -shm did not exist before this store opened */
  char       *private_dir;         /* a private copy read instead of the file (see below) */
  char       *private_path;
  char       *path;                /* as opened, for the seal */
  gboolean    sealed;              /* verified sound by this process: keep its seal current */
  gint64      sealed_at;           /* when the seal was last written (monotonic µs) */
  char       *wal_path;            /* path-wal */
  FilesMark   mark_after_commit;   /* the files' mark after this store's last check or commit */
  gboolean    writing;             /* in a write transaction (mg_store_begin) */
  gboolean    outside;             /* the files changed under this store: check before writing */
  gboolean    shared;              /* other writers seal as they commit: seal every commit too */
  gboolean    chained;             /* the file has the journal's chain: its head goes in the seal */
};

/* How long a writer waits for another's write lock before it gives up (bounded: 30 s). */
#define BUSY_TIMEOUT_MS 30000

/* Files this process has open, canonical path → count: another connection of our own holds no
 * lock that fcntl (F_GETLK) would report, and closing a probe descriptor would drop its locks. */
G_LOCK_DEFINE_STATIC (attached);
static GHashTable *attached;

G_DEFINE_QUARK (mg-store-error-quark, mg_store_error)

void
mg_store_set_error (MgStore *store, GError **error, const char *what)
{
  int code = sqlite3_errcode (store->db) & 0xff;

  /* A write the disk had no room for is SQLite's "disk I/O error" where it extends the -shm or
   * the WAL itself: the same full disk, said as such. */
  if (code == SQLITE_IOERR && (sqlite3_system_errno (store->db) == ENOSPC || sqlite3_system_errno (store->db) == EDQUOT))
    code = SQLITE_FULL;

  if (what)
    g_set_error (error, MG_STORE_ERROR, code, "%s: %s", what, sqlite3_errmsg (store->db));
  else
    g_set_error_literal (error, MG_STORE_ERROR, code, sqlite3_errmsg (store->db));
}

static char *
side_file (const char *path, const char *suffix)
{
  return g_strconcat (path, suffix, NULL);
}

static gboolean
exists (const char *path)
{
  GStatBuf st;

  return g_lstat (path, &st) == 0;
}

gboolean
mg_store_attached_here (const char *path)
{
  g_autofree char *key = g_canonicalize_filename (path, NULL);
  GStatBuf st;
  gboolean ours;

  G_LOCK (attached);
  ours = attached && g_hash_table_contains (attached, key);
  /* The same file under another name (a link, a symbolic link in the path). */
  if (!ours && attached && g_hash_table_size (attached) > 0 && g_stat (path, &st) == 0)
    {
      GHashTableIter iter;
      gpointer other;

      g_hash_table_iter_init (&iter, attached);
      while (!ours && g_hash_table_iter_next (&iter, &other, NULL))
        {
          GStatBuf o;

          ours = g_stat (other, &o) == 0 && o.st_dev == st.st_dev && o.st_ino == st.st_ino;
        }
    }
  G_UNLOCK (attached);
  return ours;
}

gboolean
mg_store_refuse_if_attached (const char *path, GQuark domain, int code, GError **error)
{
  g_autofree char *display = NULL;

  if (!mg_store_attached_here (path))
    return TRUE;
  display = g_filename_display_name (path);
  g_set_error (error, domain, code,
               _("“%s” is a campaign open in Melee GM: choose another file"), display);
  return FALSE;
}

gboolean
mg_store_others_attached (const char *path)
{
  g_autofree char *shm = side_file (path, "-shm");
  struct flock probe = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 128, .l_len = 1 };
  int fd;

  if (mg_store_attached_here (path))
    return TRUE;
  /* Every SQLite connection to a WAL database holds a read lock on byte 128 of the -shm (the
   * "DMS" slot of the unix VFS) for as long as it is open. */
  fd = g_open (shm, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return FALSE;
  if (fcntl (fd, F_GETLK, &probe) != 0)
    probe.l_type = F_WRLCK;   /* cannot tell: assume someone is there */
  close (fd);
  return probe.l_type != F_UNLCK;
}

gboolean
mg_store_closed_uncleanly (const char *path)
{
  g_autofree char *wal = side_file (path, "-wal");
  GStatBuf st;

  /* The last connection to close checkpoints the WAL and deletes it; a WAL with frames and no
   * connection means the last writer was killed or the power went. */
  return g_stat (wal, &st) == 0 && st.st_size > 0 && !mg_store_others_attached (path);
}

static void
attach (MgStore *store, const char *path)
{
  g_autofree char *wal = side_file (path, "-wal");
  g_autofree char *shm = side_file (path, "-shm");

  store->made_wal = !exists (wal);
  store->made_shm = !exists (shm);
  store->key = g_canonicalize_filename (path, NULL);
  G_LOCK (attached);
  if (!attached)
    attached = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_insert (attached, g_strdup (store->key),
                       GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (attached, store->key)) + 1));
  G_UNLOCK (attached);
}

/* The bytes of the database file on which SQLite's unix VFS takes its SHARED lock; every
 * connection to a WAL database holds that lock from its first read until it closes. */
#define SQLITE_SHARED_FIRST (0x40000000 + 2)
#define SQLITE_SHARED_SIZE  510

/* Locks every other connection out of the file (FALSE when one is open), for as long as
 * *fd stays open.  A file that cannot be opened for writing can only be probed, which is racy:
 * then the caller leaves the side files alone, unless no one had them open at the probe. */
static gboolean
lock_out_others (const char *path, int *fd)
{
  struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
                        .l_start = SQLITE_SHARED_FIRST, .l_len = SQLITE_SHARED_SIZE };

  *fd = g_open (path, O_RDWR | O_CLOEXEC, 0);
  if (*fd >= 0)
    return fcntl (*fd, F_SETLK, &lock) == 0;
  *fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (*fd < 0 || fcntl (*fd, F_GETLK, &lock) != 0)
    return FALSE;
  return lock.l_type == F_UNLCK;
}

/* After the connection closed: a read-only reader, a failed open or a full disk may leave side
 * files that SQLite did not remove. Remove the ones this store made, if no one else is
 * attached: the -shm always (it is only an index, rebuilt from the WAL), the -wal when empty.
 * Never while another process may be using them: two processes on two different -shm files
 * would each think they held the write lock (8 concurrent writers did, test-writers). */
static void
detach (MgStore *store)
{
  g_autofree char *path = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;
  GStatBuf st;
  guint n;
  int fd = -1;

  if (!store->key)
    return;
  G_LOCK (attached);
  n = GPOINTER_TO_INT (g_hash_table_lookup (attached, store->key));
  if (n > 1)
    g_hash_table_insert (attached, g_strdup (store->key), GINT_TO_POINTER (n - 1));
  else
    g_hash_table_remove (attached, store->key);
  G_UNLOCK (attached);

  path = g_steal_pointer (&store->key);
  wal = side_file (path, "-wal");
  shm = side_file (path, "-shm");
  if (!(store->made_wal && exists (wal)) && !(store->made_shm && exists (shm)))
    return;
  /* Another connection of this process: closing a descriptor of ours would drop its locks. */
  if (mg_store_others_attached (path) || !lock_out_others (path, &fd))
    {
      if (fd >= 0)
        close (fd);
      return;
    }
  if (store->made_wal && g_stat (wal, &st) == 0 && st.st_size == 0)
    g_unlink (wal);
  /* Even beside a WAL that waits: the next connection rebuilds the index from it, where a -shm
   * made by a reader of a read-only file (made read-only like it) would refuse every writer. */
  if (store->made_shm)
    g_unlink (shm);
  close (fd);
}

/* ---- a WAL without its -shm where none can be made ------------------------------------- */

static gboolean
copy_file (const char *from, const char *to, GError **error)
{
  g_autofree char *buf = g_malloc (1 << 20);
  int in = g_open (from, O_RDONLY | O_CLOEXEC, 0), out = -1;
  gssize n = 0;
  int saved = 0;

  if (in >= 0)
    out = g_open (to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  while (out >= 0 && (n = read (in, buf, 1 << 20)) > 0)
    if (write (out, buf, (size_t) n) != n)
      {
        n = -1;
        break;
      }
  if (in < 0 || out < 0 || n < 0)
    saved = errno;
  if (in >= 0)
    close (in);
  if (out >= 0 && close (out) != 0 && saved == 0)
    saved = errno;
  if (saved == 0)
    return TRUE;
  g_set_error (error, MG_STORE_ERROR, SQLITE_CANTOPEN, "%s: %s", from, g_strerror (saved));
  return FALSE;
}

static void
remove_private (MgStore *store)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!store->private_dir)
    return;
  if ((dir = g_dir_open (store->private_dir, 0, NULL)) != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (store->private_dir, name, NULL);
        g_unlink (path);
      }
  g_rmdir (store->private_dir);
  g_clear_pointer (&store->private_dir, g_free);
}

/* A campaign copied as its file and its WAL, without the -shm, into a folder this process
 * cannot write: SQLite can read the WAL only with a -shm beside it, and cannot make one there.
 * The two files are read from a private copy instead (rare, and only for reading), so that
 * nothing is left in that folder.  NULL: not needed; else the copy's path. */
static char *
private_copy_if_needed (MgStore *store, const char *path, GError **error)
{
  g_autofree char *wal = side_file (path, "-wal");
  g_autofree char *shm = side_file (path, "-shm");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *copy = NULL;
  g_autofree char *copy_wal = NULL;
  GStatBuf st;

  if (g_stat (wal, &st) != 0 || st.st_size == 0 || exists (shm) || g_access (dir, W_OK) == 0)
    return NULL;
  if ((store->private_dir = g_dir_make_tmp ("melee-gm-XXXXXX", error)) == NULL)
    return NULL;
  copy = g_build_filename (store->private_dir, base, NULL);
  copy_wal = side_file (copy, "-wal");
  if (!copy_file (path, copy, error) || !copy_file (wal, copy_wal, error))
    {
      remove_private (store);
      return NULL;
    }
  return g_steal_pointer (&copy);
}

/* ---- the seal: the file as Melee GM last left it ------------------------------------ */

/* What the file and its WAL look like from outside: a write by anything (a program, a hand
 * with sqlite3, dd) changes the modification or status-change time of one of them.  Kept as
 * values (two stat calls, compared field by field at every commit); written out as text only
 * for the seal.
 *
 * Around each commit the WAL's times are not read (FILES_MARK_LIGHT): a file whose times were
 * read gets fine-grained times at its next write (the kernel's multigrain timestamps), so every
 * commit dirtied the WAL's inode again, and on ext4 without a journal each fdatasync then wrote
 * the inode's block too (2,337 inode dirtyings for 1,000 appends against 1,353 for SQLite
 * alone; docs/performance.md, "(c) re-measured").  Between two commits the WAL is known by its
 * inode and size; another SQLite writer is caught by PRAGMA data_version at each write, and a
 * WAL replaced by another file by its inode or size.  The database file's times are still read
 * (SQLite writes it only at checkpoints), and so are the WAL's whenever the seal is written or
 * compared, and at close. */
typedef enum { FILES_MARK_FULL, FILES_MARK_LIGHT } FilesMarkDepth;

static gboolean
same_time (const struct timespec *a, const struct timespec *b)
{
  return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

static void
files_mark_read (const char *path, const char *wal, FilesMark *m, FilesMarkDepth depth)
{
  struct stat db_st, wal_st;
  struct statx wal_stx;

  memset (m, 0, sizeof *m);
  if (stat (path, &db_st) != 0)
    return;
  m->found = TRUE;
  m->dev = db_st.st_dev;
  m->ino = db_st.st_ino;
  m->size = db_st.st_size;
  m->mtim = db_st.st_mtim;
  m->ctim = db_st.st_ctim;
  if (depth == FILES_MARK_LIGHT)
    {
      /* No time asked for: the kernel then keeps the WAL's next write at coarse times. */
      m->has_wal = statx (AT_FDCWD, wal, AT_STATX_SYNC_AS_STAT, STATX_INO | STATX_SIZE, &wal_stx) == 0 &&
                   wal_stx.stx_size > 0;
      if (m->has_wal)
        {
          m->wal_ino = (ino_t) wal_stx.stx_ino;
          m->wal_size = (off_t) wal_stx.stx_size;
        }
      return;
    }
  m->has_wal = stat (wal, &wal_st) == 0 && wal_st.st_size > 0;
  if (m->has_wal)
    {
      m->wal_ino = wal_st.st_ino;
      m->wal_size = wal_st.st_size;
      m->wal_times = TRUE;
      m->wal_mtim = wal_st.st_mtim;
      m->wal_ctim = wal_st.st_ctim;
    }
}

/* The WAL's times are compared where both marks have them. */
static gboolean
files_mark_equal (const FilesMark *a, const FilesMark *b)
{
  return a->found && b->found && a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
         same_time (&a->mtim, &b->mtim) && same_time (&a->ctim, &b->ctim) && a->has_wal == b->has_wal &&
         a->wal_ino == b->wal_ino && a->wal_size == b->wal_size &&
         (!a->wal_times || !b->wal_times ||
          (same_time (&a->wal_mtim, &b->wal_mtim) && same_time (&a->wal_ctim, &b->wal_ctim)));
}

/* The mark as the seal keeps it (NULL: no file); a full one (FILES_MARK_FULL). */
static char *
files_mark_text (const FilesMark *m)
{
  if (!m->found)
    return NULL;
  g_warn_if_fail (!m->has_wal || m->wal_times);
  return g_strdup_printf ("%ju %ju %jd %jd.%09ld %jd.%09ld wal %d %jd %jd.%09ld %jd.%09ld",
                          (uintmax_t) m->dev, (uintmax_t) m->ino, (intmax_t) m->size,
                          (intmax_t) m->mtim.tv_sec, m->mtim.tv_nsec, (intmax_t) m->ctim.tv_sec, m->ctim.tv_nsec,
                          m->has_wal, (intmax_t) m->wal_size, (intmax_t) m->wal_mtim.tv_sec, m->wal_mtim.tv_nsec,
                          (intmax_t) m->wal_ctim.tv_sec, m->wal_ctim.tv_nsec);
}

static char *
files_mark (const char *path)
{
  g_autofree char *wal = side_file (path, "-wal");
  FilesMark m;

  files_mark_read (path, wal, &m, FILES_MARK_FULL);
  return files_mark_text (&m);
}


/* In the user's cache, one small file per campaign path: not beside the campaign, so a copy
 * elsewhere (another folder, another machine) is checked whole before its first write. */
static char *
seal_path (const char *path)
{
  const char *dir = g_getenv ("MELEE_GM_SEAL_DIR");
  g_autofree char *key = g_canonicalize_filename (path, NULL);
  g_autofree char *name = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

  if (dir != NULL && *dir)
    return g_build_filename (dir, name, NULL);
  return g_build_filename (g_get_user_cache_dir (), "melee-gm", "sound", name, NULL);
}

/* The seal file: the files' mark on its first line, then (a file with the chain) the campaign's
 * identity and the chain's head as Melee GM last wrote them. */
static char *
read_seal (const char *path, char **chain)
{
  g_autofree char *seal = seal_path (path);
  char *kept = NULL, *nl;

  if (chain)
    *chain = NULL;
  if (!g_file_get_contents (seal, &kept, NULL, NULL))
    return NULL;
  if ((nl = strchr (kept, '\n')) != NULL)
    {
      *nl = '\0';
      if (chain)
        *chain = g_strdup (nl + 1);
    }
  return kept;
}

/* The seal holds the files as `m` has them. */
static gboolean
seal_holds (const char *path, const FilesMark *m)
{
  g_autofree char *kept = read_seal (path, NULL);
  g_autofree char *text = files_mark_text (m);

  return text != NULL && g_strcmp0 (kept, text) == 0;
}

gboolean
mg_store_is_sealed (const char *path)
{
  g_autofree char *kept = read_seal (path, NULL);
  g_autofree char *now = files_mark (path);

  return now != NULL && g_strcmp0 (kept, now) == 0;
}

char *
mg_store_sealed_chain (const char *path)
{
  char *chain = NULL;
  g_autofree char *kept = read_seal (path, &chain);

  return chain;
}

/* "CREATED:SEED SEQ HASH MARK HASH": which campaign, and the end of its chain. */
static char *
chain_line (MgStore *store)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autofree char *head_text = NULL;
  MgChainHead head;

  if (!store->chained || !mg_chain_head (store, &head, NULL) ||
      !(stmt = mg_store_prepare (store, "SELECT created, seed FROM campaign", NULL)) ||
      sqlite3_step (stmt) != SQLITE_ROW)
    return NULL;
  head_text = mg_chain_head_to_string (&head);
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT " %s", (gint64) sqlite3_column_int64 (stmt, 0),
                          (gint64) sqlite3_column_int64 (stmt, 1), head_text);
}

char *
mg_store_chain_line (MgStore *store)
{
  return chain_line (store);
}

/* `mark` and `chain` (either may be NULL) as the seal of path.  Best effort, and not synced:
 * without a seal, or with a stale one, the next process checks the whole file again. */
static void
write_seal (const char *path, const char *mark, const char *chain)
{
  g_autofree char *seal = seal_path (path);
  g_autofree char *dir = g_path_get_dirname (seal);
  g_autofree char *text = NULL;
  g_autofree char *tmp = NULL;
  gsize len;
  gboolean ok;
  int fd;

  if (mark == NULL || g_mkdir_with_parents (dir, 0700) != 0)
    return;
  text = chain ? g_strconcat (mark, "\n", chain, NULL) : g_strdup (mark);
  /* A hint, not data: a seal lost or torn by a crash reads as no seal (the file is then checked
   * whole), so it is not synced. g_file_set_contents' CONSISTENT mode fsyncs a file it replaces:
   * a second fsync at every commit, 0.2-0.4 ms of an undo's CPU besides its wait (issue 43). A
   * temporary file of its own renamed over the seal still shows a reader the old seal or the
   * new one, never a mix. */
  tmp = g_strconcat (seal, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY, 0600);
  if (fd < 0)
    return;
  len = strlen (text);
  ok = write (fd, text, len) == (gssize) len;
  ok = g_close (fd, NULL) && ok;
  if (!ok || g_rename (tmp, seal) != 0)
    g_unlink (tmp);
}

/* Takes the files' mark now as this store's own and writes it as the seal. */
static void
seal_now (MgStore *store)
{
  g_autofree char *chain = chain_line (store);

  g_autofree char *mark = NULL;

  store->sealed_at = g_get_monotonic_time ();
  files_mark_read (store->path, store->wal_path, &store->mark_after_commit, FILES_MARK_FULL);
  mark = files_mark_text (&store->mark_after_commit);
  write_seal (store->path, mark, chain);
}

void
mg_store_seal (MgStore *store)
{
  store->sealed = TRUE;
  store->outside = FALSE;
  seal_now (store);
}

void
mg_store_set_chained (MgStore *store, gboolean chained)
{
  store->chained = chained;
}

/* Whether every change to the files since this store's last check is its own (its mark after
 * each commit is where the files are now), or was sealed by another Melee GM as it committed. */
static gboolean
still_as_left (MgStore *store, const FilesMark *now)
{
  if (store->outside || !now->found)
    return FALSE;
  return files_mark_equal (now, &store->mark_after_commit) || seal_holds (store->path, now);
}

gboolean
mg_store_changed_outside (MgStore *store)
{
  FilesMark now;

  if (store->outside)
    return TRUE;
  if (!store->sealed)
    return FALSE;
  files_mark_read (store->path, store->wal_path, &now, FILES_MARK_FULL);
  return !files_mark_equal (&now, &store->mark_after_commit) && !seal_holds (store->path, &now);
}

void
mg_store_unseal (const char *path)
{
  g_autofree char *seal = seal_path (path);

  g_unlink (seal);
}

void
mg_store_forget_cache (MgStore *store)
{
  /* Pages cached before a change made beside SQLite (dd) would hide it from a check. */
  sqlite3_db_release_memory (store->db);
}

/* "file:" URI of a path, for the query parameters (immutable=1). */
static char *
file_uri (const char *path, const char *query)
{
  g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);

  return g_strdup_printf ("file:%s?%s", escaped, query);
}

static void
stmt_finalize (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

MgStore *
mg_store_open (const char *path, MgStoreFlags flags, GError **error)
{
  g_autoptr(MgStore) store = g_new0 (MgStore, 1);
  g_autofree char *uri = NULL;
  g_autofree char *wal = side_file (path, "-wal");
  int oflags;

  store->stmts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, stmt_finalize);

  if (flags & MG_STORE_READ_ONLY)
    {
      g_autoptr(GError) local = NULL;
      char *copy = private_copy_if_needed (store, path, &local);

      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (copy != NULL)
        {
          g_free (wal);
          wal = side_file (copy, "-wal");
          path = copy;   /* freed with the store's private folder */
          store->private_path = copy;
        }
      oflags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
      /* Nothing waits in a WAL and no one else has the file open: read the file as it is,
       * without the -shm and -wal that a WAL reader otherwise creates (and cannot in a
       * read-only folder). */
      if (!exists (wal) && !mg_store_others_attached (path))
        uri = file_uri (path, "immutable=1");
    }
  else
    oflags = SQLITE_OPEN_READWRITE | ((flags & MG_STORE_CREATE) ? SQLITE_OPEN_CREATE : 0);

  store->path = g_strdup (path);
  store->wal_path = side_file (path, "-wal");
  attach (store, path);
  if (sqlite3_open_v2 (uri ? uri : path, &store->db, oflags, MG_STORE_VFS) != SQLITE_OK)
    {
      if (store->db)
        mg_store_set_error (store, error, NULL);
      else
        g_set_error_literal (error, MG_STORE_ERROR, SQLITE_NOMEM, sqlite3_errstr (SQLITE_NOMEM));
      return NULL;
    }
  sqlite3_extended_result_codes (store->db, 0);
  mg_chain_register (store->db);
  /* Another process (the CLI next to the app) may hold the write lock for a moment. */
  sqlite3_busy_timeout (store->db, BUSY_TIMEOUT_MS);

  if (flags & MG_STORE_READ_ONLY)
    return g_steal_pointer (&store);

  /* Switching to WAL writes the file: callers inspect it read-only first.
   * synchronous = FULL: in WAL mode the WAL is synced at every commit, so a commit that
   * returned survives a power loss (NORMAL syncs only at checkpoints: a commit survives a
   * killed process, not a power cut). docs/cli.md states the promise, bench/durability.c
   * measures its cost. */
  if (!mg_store_exec (store, "PRAGMA journal_mode = WAL", error) ||
      !mg_store_exec (store, "PRAGMA synchronous = FULL", error) ||
      !mg_store_exec (store, "PRAGMA foreign_keys = ON", error))
    return NULL;

  return g_steal_pointer (&store);
}

void
mg_store_free (MgStore *store)
{
  g_autofree char *chain = NULL;
  FilesMark now = { 0 };
  gboolean reseal;

  if (!store)
    return;
  /* Sealed, and every change to the files since is this store's own (or sealed by another
   * Melee GM): after the close (which may checkpoint the WAL into the file and delete the WAL)
   * they are as Melee GM left them.  Never over a change made under it. */
  if (store->sealed && store->db)
    files_mark_read (store->path, store->wal_path, &now, FILES_MARK_FULL);
  reseal = still_as_left (store, &now);
  /* Changed under this store and not found sound since: the close leaves the files as they are
   * (no checkpoint moving the other program's commits into the file). */
  if (store->outside && store->db)
    mg_store_keep_wal (store);
  if (reseal)
    chain = chain_line (store);
  g_clear_pointer (&store->stmts, g_hash_table_destroy);
  if (store->db)
    sqlite3_close_v2 (store->db);
  detach (store);
  if (reseal)
    {
      g_autofree char *after = files_mark (store->path);
      write_seal (store->path, after, chain);
    }
  remove_private (store);
  g_free (store->private_path);
  g_free (store->wal_path);
  g_free (store->path);
  g_free (store);
}

void
mg_store_keep_wal (MgStore *store)
{
  sqlite3_db_config (store->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
}

MgStoreStmt *
mg_store_prepare (MgStore *store, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (store->stmts, sql);

  if (stmt)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }
  if (sqlite3_prepare_v3 (store->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK)
    {
      mg_store_set_error (store, error, NULL);
      return NULL;
    }
  g_hash_table_insert (store->stmts, g_strdup (sql), stmt);
  return stmt;
}

void
mg_store_stmt_release (MgStoreStmt *stmt)
{
  /* A statement left mid-step keeps a read transaction open (and blocks checkpoints). */
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

int
mg_store_step (MgStore *store, MgStoreStmt *stmt, GError **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return rc;
  /* sqlite3_step's code can be generic; reset returns the precise one and sets errmsg. */
  sqlite3_reset (stmt);
  mg_store_set_error (store, error, NULL);
  return -1;
}

gboolean
mg_store_exec (MgStore *store, const char *sql, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, sql, error);
  int rc;

  if (!stmt)
    return FALSE;
  while ((rc = mg_store_step (store, stmt, error)) == SQLITE_ROW)
    ;
  return rc == SQLITE_DONE;
}

gboolean
mg_store_query_int (MgStore *store, const char *sql, gint64 *out, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, sql, error);
  int rc;

  *out = 0;
  if (!stmt || (rc = mg_store_step (store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW)
    *out = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Inside a write transaction just begun: the files must be where this store's last check or
 * commit left them, or sealed by the Melee GM that changed them since.  Anything else changed
 * them under this store: no write until a check (MG_STORE_ERROR_CHANGED). */
static gboolean
nothing_changed_under (MgStore *store, GError **error)
{
  FilesMark now;

  if (!store->sealed && !store->outside)
    return TRUE;
  if (!store->outside)
    {
      files_mark_read (store->path, store->wal_path, &now, FILES_MARK_LIGHT);
      if (files_mark_equal (&now, &store->mark_after_commit))
        return TRUE;
      /* Changed: the seal, which keeps times, may say another Melee GM did it. */
      files_mark_read (store->path, store->wal_path, &now, FILES_MARK_FULL);
      if (seal_holds (store->path, &now))
        {
          /* Another Melee GM wrote and sealed: from now on seal every commit, so it can trust ours. */
          store->mark_after_commit = now;
          store->shared = TRUE;
          return TRUE;
        }
    }
  store->outside = TRUE;
  store->sealed = FALSE;
  /* Most often another writer that seals once a second: seal every commit from now on, so that
   * it trusts ours instead of checking the whole file again. */
  store->shared = TRUE;
  g_set_error_literal (error, MG_STORE_ERROR, MG_STORE_ERROR_CHANGED,
                       "the file was changed by another program since it was last checked");
  return FALSE;
}

/* A writer waits for the write lock up to the busy timeout (BUSY_TIMEOUT_MS), and SQLite
 * sometimes answers busy without waiting at all (its WAL index being rebuilt, a checkpoint
 * running): such answers are tried again within the same bound.  8 writers on 2 busy cores had
 * a legal action refused with "database is locked" (issue 42). */
static gboolean
begin_immediate (MgStore *store, GError **error)
{
  gint64 until = g_get_monotonic_time () + (gint64) BUSY_TIMEOUT_MS * 1000;

  for (;;)
    {
      g_autoptr(GError) local = NULL;
      gint64 tried = g_get_monotonic_time ();

      if (mg_store_exec (store, "BEGIN IMMEDIATE", &local))
        return TRUE;
      /* An answer that waited the busy timeout out is final. */
      if (!g_error_matches (local, MG_STORE_ERROR, SQLITE_BUSY) ||
          g_get_monotonic_time () - tried >= 10000 || g_get_monotonic_time () >= until)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      g_usleep (10000);
    }
}

gboolean
mg_store_begin (MgStore *store, GError **error)
{
  if (!begin_immediate (store, error))
    return FALSE;
  if (!nothing_changed_under (store, error))
    {
      mg_store_exec (store, "ROLLBACK", NULL);
      return FALSE;
    }
  store->writing = TRUE;
  return TRUE;
}

gboolean
mg_store_commit (MgStore *store, GError **error)
{
  gboolean wrote = store->writing;

  if (!mg_store_exec (store, "COMMIT", error))
    return FALSE;
  store->writing = FALSE;
  if (store->sealed && wrote)
    {
      /* The files as this commit left them: the next write and the close compare with it (two
       * stat calls).  The seal itself follows at most once a second, or at every commit once
       * another writer is seen (a file write per action would cost an append several percent);
       * only then are the WAL's times read (FILES_MARK_LIGHT says why). */
      gboolean seal = store->shared || g_get_monotonic_time () - store->sealed_at >= G_USEC_PER_SEC;

      files_mark_read (store->path, store->wal_path, &store->mark_after_commit,
                       seal ? FILES_MARK_FULL : FILES_MARK_LIGHT);
      if (seal)
        {
          g_autofree char *chain = chain_line (store);
          g_autofree char *mark = files_mark_text (&store->mark_after_commit);

          store->sealed_at = g_get_monotonic_time ();
          write_seal (store->path, mark, chain);
        }
    }
  return TRUE;
}

void
mg_store_rollback (MgStore *store)
{
  store->writing = FALSE;
  if (mg_store_in_transaction (store))
    mg_store_exec (store, "ROLLBACK", NULL);
}

gboolean
mg_store_in_transaction (MgStore *store)
{
  return !sqlite3_get_autocommit (store->db);
}

gint64
mg_store_last_insert_rowid (MgStore *store)
{
  return sqlite3_last_insert_rowid (store->db);
}

/* A migration file: "0001-initial.sql" → 1; anything else → 0 (ignored). */
static gint
migration_number (const char *name)
{
  char *end = NULL;
  gint64 n;

  if (!g_ascii_isdigit (name[0]) || !g_str_has_suffix (name, ".sql"))
    return 0;
  n = g_ascii_strtoll (name, &end, 10);
  if (end == name || *end != '-' || n <= 0 || n > G_MAXINT)
    return 0;
  return (gint) n;
}

static gint
compare_migrations (gconstpointer a, gconstpointer b)
{
  return migration_number (*(const char **) a) - migration_number (*(const char **) b);
}

/* The migration files in `dir`, ordered by number. */
static GPtrArray *
list_migrations (const MgDataFile *files, const char *dir)
{
  g_auto(GStrv) names = mg_data_list (files, dir);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; names && names[i]; i++)
    if (migration_number (names[i]) > 0)
      g_ptr_array_add (out, g_strdup (names[i]));
  g_ptr_array_sort (out, compare_migrations);
  return out;
}

gint
mg_store_latest_migration (const MgDataFile *files, const char *dir)
{
  g_autoptr(GPtrArray) names = list_migrations (files, dir);

  return names->len ? migration_number (g_ptr_array_index (names, names->len - 1)) : 0;
}

/* Runs every statement of a script, each prepared (not cached: scripts run once). */
static gboolean
exec_script (MgStore *store, const char *script, const char *name, GError **error)
{
  const char *tail = script;

  while (tail && *tail)
    {
      sqlite3_stmt *stmt = NULL;
      const char *next = NULL;
      int rc;

      if (sqlite3_prepare_v2 (store->db, tail, -1, &stmt, &next) != SQLITE_OK)
        {
          mg_store_set_error (store, error, name);
          return FALSE;
        }
      tail = next;
      if (!stmt)   /* only comments or white space were left */
        continue;
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        ;
      if (rc != SQLITE_DONE)
        {
          sqlite3_reset (stmt);
          mg_store_set_error (store, error, name);
          sqlite3_finalize (stmt);
          return FALSE;
        }
      sqlite3_finalize (stmt);
    }
  return TRUE;
}

gboolean
mg_store_exec_script (MgStore *store, const char *script, const char *name, GError **error)
{
  return exec_script (store, script, name, error);
}

static gboolean
apply_migration (MgStore *store, const MgDataFile *files, const char *dir, const char *name,
                 GError **error)
{
  g_autofree char *path = g_build_path ("/", dir, name, NULL);
  g_autofree char *pragma = g_strdup_printf ("PRAGMA user_version = %d", migration_number (name));
  const MgDataFile *file = mg_data_find (files, path);
  const char *script;
  gint64 version;

  if (file == NULL)   /* mg_data_list named it: only a broken table gets here */
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s", path);
      return FALSE;
    }
  script = file->data;   /* NUL-terminated */

  if (!mg_store_begin (store, error))
    return FALSE;
  /* Another process may have migrated while this one waited for the lock. */
  if (!mg_store_query_int (store, "PRAGMA user_version", &version, error))
    {
      mg_store_rollback (store);
      return FALSE;
    }
  if (version >= migration_number (name))
    return mg_store_commit (store, error);
  if (!exec_script (store, script, name, error) ||
      !exec_script (store, pragma, name, error) ||
      !mg_store_commit (store, error))
    {
      mg_store_rollback (store);
      return FALSE;
    }
  return TRUE;
}

gboolean
mg_store_migrate (MgStore *store, const MgDataFile *files, const char *dir, GError **error)
{
  g_autoptr(GPtrArray) names = list_migrations (files, dir);
  gint64 version;

  if (!mg_store_query_int (store, "PRAGMA user_version", &version, error))
    return FALSE;

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      if (migration_number (name) > version &&
          !apply_migration (store, files, dir, name, error))
        return FALSE;
    }
  return TRUE;
}
