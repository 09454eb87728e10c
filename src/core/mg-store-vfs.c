/* mg-store-vfs.c — SQLite's unix VFS, with the -shm's blocks allocated before SQLite writes them,
 * and its locks kept by the process until SQLite itself lets go of them.
 *
 * The unix VFS extends the -shm by writing the last byte of each 4 KiB page and then maps it:
 * on a file system with 1 KiB blocks (what mkfs.ext4 makes under 512 MB) the other three blocks
 * of each page stay holes, and once the disk is full the first store into one through the
 * mapping is a SIGBUS that kills the process (issue 42: every command exited 135).  Here each
 * region SQLite maps is allocated whole with fallocate() first; on a full disk that fails and
 * SQLite answers SQLITE_FULL ("database or disk is full") instead.
 *
 * That needs a descriptor of the -shm besides SQLite's.  POSIX drops every lock a process holds
 * on a file when any of its descriptors of that file closes: one descriptor per connection,
 * closed with it, dropped the -shm locks of the process's other connections to the campaign,
 * and another program's sqlite3 then took the -shm as its own.  So the descriptor is shared by
 * every connection of this process to that -shm, and closed with the last of them (when SQLite
 * has let go of the -shm too).
 *
 * That shared descriptor only helps where the closing descriptor is ours.  Any other code in the
 * process that opens and closes the campaign's files drops SQLite's locks just the same: GTK's
 * file chooser does, showing the campaign's folder (GIO reads the first bytes of c.db and
 * c.db-shm to guess their type), and the app's locks went from 2 to 0.  So SQLite's lock calls
 * are taken here as open-file-description locks (F_OFD_SETLK) on one description per file,
 * kept by this module: no one else's close touches them, they still conflict with every other
 * process's locks (POSIX or OFD) exactly as before, and within the process every connection's
 * call lands on the same description, as POSIX locks are the process's.  The description is
 * closed with the last of SQLite's descriptors of that file that took a lock: SQLite closes
 * those only once no connection of the process holds a lock on the file (its "pending"
 * descriptors), so nothing is dropped early. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE   /* fallocate */
#include "mg-store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One -shm's descriptor, shared by this process's connections to it. */
typedef struct {
  GArray *fds;    /* usually one; more only if two connections opened it at once */
  guint   refs;   /* connections using it */
} ShmFd;

/* Kept after the unix VFS's own bytes of each file. */
typedef struct {
  const sqlite3_io_methods *real;   /* the unix file's methods */
  char *shm;                        /* the -shm's path */
  int   fd;                         /* the -shm's shared descriptor, from the first map (-1 before) */
  char *key;                        /* its entry in shm_fds ("device:inode") */
  int   allocated;                  /* regions below it are allocated (INT_MAX: cannot tell) */
} Extra;

static GHashTable *shm_fds;   /* "device:inode" -> ShmFd */
G_LOCK_DEFINE_STATIC (shm_fds);

/* The description that holds SQLite's locks on one file, for this process. */
typedef struct {
  int   fd;     /* our descriptor of it (close-on-exec) */
  guint refs;   /* SQLite's descriptors of the file that took locks and are still open */
  char *key;    /* its entry in lock_owners ("device:inode") */
} LockOwner;

static GHashTable *lock_owners;   /* "device:inode" -> LockOwner */
static GHashTable *locking_fds;   /* SQLite's descriptor -> its file's LockOwner */
G_LOCK_DEFINE_STATIC (lock_owners);

static int (*real_fcntl) (int, int, ...);   /* the unix VFS's own, before ours */
static int (*real_close) (int);

static sqlite3_vfs *base;
static sqlite3_vfs vfs;

/* The unix VFS has a methods table per locking style: ours, one per table seen. */
#define MAX_STYLES 8
static struct { const sqlite3_io_methods *real; sqlite3_io_methods ours; } styles[MAX_STYLES];
G_LOCK_DEFINE_STATIC (styles);

static gsize
extra_offset (void)
{
  return ((gsize) base->szOsFile + 7) & ~(gsize) 7;
}

static Extra *
extra (sqlite3_file *file)
{
  return (Extra *) ((char *) file + extra_offset ());
}

static char *
inode_key (const struct stat *st)
{
  return g_strdup_printf ("%ju:%ju", (uintmax_t) st->st_dev, (uintmax_t) st->st_ino);
}

static void
lock_owner_free (LockOwner *owner)
{
  close (owner->fd);
  g_free (owner->key);
  g_free (owner);
}

/* The lock owner of the file open as `fd`, made on its first lock (call with lock_owners held).
 * A description of its own, opened for writing where the file can be, so that a read-only
 * connection's first lock does not leave a later writer's write lock refused (EBADF). */
static LockOwner *
lock_owner_of (int fd)
{
  LockOwner *owner = g_hash_table_lookup (locking_fds, GINT_TO_POINTER (fd));
  g_autofree char *key = NULL;
  char self[64];
  struct stat st;

  if (owner != NULL)
    return owner;
  if (fstat (fd, &st) != 0)
    return NULL;
  key = inode_key (&st);
  if ((owner = g_hash_table_lookup (lock_owners, key)) == NULL)
    {
      int own;

      snprintf (self, sizeof self, "/proc/self/fd/%d", fd);
      own = open (self, O_RDWR | O_CLOEXEC | O_NOCTTY);
      if (own < 0)
        own = fcntl (fd, F_DUPFD_CLOEXEC, 0);
      if (own < 0)
        return NULL;
      owner = g_new0 (LockOwner, 1);
      owner->fd = own;
      owner->key = g_steal_pointer (&key);
      g_hash_table_insert (lock_owners, owner->key, owner);
    }
  owner->refs++;
  g_hash_table_insert (locking_fds, GINT_TO_POINTER (fd), owner);
  return owner;
}

/* Lets go of a use of owner (call with lock_owners held): the last closes its description. */
static void
lock_owner_release (LockOwner *owner)
{
  if (--owner->refs == 0)
    g_hash_table_remove (lock_owners, owner->key);
}

/* SQLite's fcntl: its record locks go to the file's lock owner as OFD locks (Linux 3.15 on). */
static int
lock_fcntl (int fd, int cmd, ...)
{
  va_list ap;
  struct flock *lock, ofd;
  LockOwner *owner;
  int rc, saved;

  va_start (ap, cmd);
  if (cmd != F_SETLK && cmd != F_SETLKW && cmd != F_GETLK)
    {
      long arg = va_arg (ap, long);   /* SQLite passes an int, or nothing, to the others */

      va_end (ap);
      return real_fcntl (fd, cmd, arg);
    }
  lock = va_arg (ap, struct flock *);
  va_end (ap);

  /* A write lock through a descriptor open for reading only is refused, as POSIX refuses it: the
   * owner is open for writing (for the process's writers), and a read-only connection that got
   * one would go on to write the -shm (a checkpoint at its close), which on a full disk is a
   * SIGBUS. */
  if (cmd != F_GETLK && lock->l_type == F_WRLCK)
    {
      int flags = real_fcntl (fd, F_GETFL, 0);

      if (flags >= 0 && (flags & O_ACCMODE) == O_RDONLY)
        {
          errno = EBADF;
          return -1;
        }
    }

  G_LOCK (lock_owners);
  if ((owner = lock_owner_of (fd)) != NULL)
    owner->refs++;   /* kept open while the call runs, outside the table's lock: it may wait */
  G_UNLOCK (lock_owners);
  if (owner == NULL)
    return real_fcntl (fd, cmd, lock);   /* no fstat: as SQLite would */

  ofd = *lock;
  ofd.l_pid = 0;   /* required of OFD locks */
  rc = fcntl (owner->fd, cmd == F_SETLK ? F_OFD_SETLK : cmd == F_SETLKW ? F_OFD_SETLKW : F_OFD_GETLK, &ofd);
  saved = errno;
  if (rc == 0 && cmd == F_GETLK)
    *lock = ofd;

  G_LOCK (lock_owners);
  lock_owner_release (owner);
  G_UNLOCK (lock_owners);
  errno = saved;
  return rc;
}

/* SQLite's close: the last of its locking descriptors of a file closes the lock owner too. */
static int
lock_close (int fd)
{
  LockOwner *owner;
  int rc;

  G_LOCK (lock_owners);
  if ((owner = g_hash_table_lookup (locking_fds, GINT_TO_POINTER (fd))) != NULL)
    {
      g_hash_table_remove (locking_fds, GINT_TO_POINTER (fd));
      lock_owner_release (owner);
    }
  /* Before another thread can be given the same number by open(). */
  rc = real_close (fd);
  G_UNLOCK (lock_owners);
  return rc;
}

static void
shm_fd_free (ShmFd *shared)
{
  g_array_unref (shared->fds);
  g_free (shared);
}

/* Joins e to its -shm's shared descriptor, opening it if no connection here has: FALSE when it
 * cannot be opened for writing (then SQLite does not write the -shm through its mapping). */
static gboolean
join_shm (Extra *e)
{
  struct stat st;
  g_autofree char *key = NULL;
  ShmFd *shared;
  int fd;

  G_LOCK (shm_fds);
  if (!shm_fds)
    shm_fds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) shm_fd_free);
  /* By name first: opening (and later closing) a second descriptor is what must not happen. */
  if (stat (e->shm, &st) == 0 && (shared = g_hash_table_lookup (shm_fds, key = inode_key (&st))) != NULL)
    goto join;
  g_clear_pointer (&key, g_free);
  fd = open (e->shm, O_RDWR | O_CLOEXEC);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      if (fd >= 0)
        close (fd);
      G_UNLOCK (shm_fds);
      return FALSE;
    }
  key = inode_key (&st);
  if ((shared = g_hash_table_lookup (shm_fds, key)) == NULL)
    {
      shared = g_new0 (ShmFd, 1);
      shared->fds = g_array_new (FALSE, FALSE, sizeof (int));
      g_hash_table_insert (shm_fds, g_strdup (key), shared);
    }
  /* Kept even if the -shm was replaced under its name between stat and open: closed only with
   * the entry's last connection. */
  g_array_append_val (shared->fds, fd);
join:
  shared->refs++;
  e->fd = g_array_index (shared->fds, int, 0);
  e->key = g_steal_pointer (&key);
  G_UNLOCK (shm_fds);
  return TRUE;
}

static void
leave_shm (Extra *e)
{
  ShmFd *shared;

  if (e->key == NULL)
    return;
  G_LOCK (shm_fds);
  shared = g_hash_table_lookup (shm_fds, e->key);
  if (shared != NULL && --shared->refs == 0)
    {
      for (guint i = 0; i < shared->fds->len; i++)
        close (g_array_index (shared->fds, int, i));
      g_hash_table_remove (shm_fds, e->key);
    }
  G_UNLOCK (shm_fds);
  g_clear_pointer (&e->key, g_free);
  e->fd = -1;
}

/* Allocates regions [e->allocated, upto] of the -shm; SQLITE_FULL when the disk is. */
static int
allocate_regions (Extra *e, int upto, int size)
{
  if (e->fd < 0 && !join_shm (e))
    return SQLITE_OK;   /* read-only -shm: SQLite does not write it through the mapping */
  for (; e->allocated <= upto; e->allocated++)
    if (fallocate (e->fd, 0, (off_t) e->allocated * size, size) != 0)
      {
        if (errno == ENOSPC || errno == EDQUOT)
          return SQLITE_FULL;
        e->allocated = INT_MAX;   /* no fallocate here (EOPNOTSUPP): SQLite's own way */
        break;
      }
  return SQLITE_OK;
}

static int
shm_map (sqlite3_file *file, int region, int size, int extend, void volatile **pp)
{
  Extra *e = extra (file);
  int rc = e->real->xShmMap (file, region, size, extend, pp);

  if (rc != SQLITE_OK || *pp == NULL || region < e->allocated)
    return rc;
  return allocate_regions (e, region, size);
}

static int
file_close (sqlite3_file *file)
{
  Extra *e = extra (file);
  const sqlite3_io_methods *real = e->real;

  leave_shm (e);
  sqlite3_free (e->shm);
  return real->xClose (file);
}

static const sqlite3_io_methods *
ours_for (const sqlite3_io_methods *real)
{
  const sqlite3_io_methods *found = NULL;

  G_LOCK (styles);
  for (guint i = 0; i < MAX_STYLES && found == NULL; i++)
    {
      if (styles[i].real == NULL)
        {
          styles[i].real = real;
          styles[i].ours = *real;
          styles[i].ours.xClose = file_close;
          styles[i].ours.xShmMap = shm_map;
        }
      if (styles[i].real == real)
        found = &styles[i].ours;
    }
  G_UNLOCK (styles);
  return found;
}

static int
vfs_open (sqlite3_vfs *self, const char *name, sqlite3_file *file, int flags, int *out_flags)
{
  int rc = base->xOpen (base, name, file, flags, out_flags);
  const sqlite3_io_methods *ours;
  Extra *e;

  if (rc != SQLITE_OK || file->pMethods == NULL || !(flags & SQLITE_OPEN_MAIN_DB) || name == NULL ||
      file->pMethods->iVersion < 2 || file->pMethods->xShmMap == NULL ||
      (ours = ours_for (file->pMethods)) == NULL)
    return rc;
  e = extra (file);
  e->real = file->pMethods;
  e->shm = sqlite3_mprintf ("%s-shm", name);
  e->fd = -1;
  e->key = NULL;
  e->allocated = 0;
  if (e->shm == NULL)
    return rc;   /* no memory: plain unix behaviour */
  file->pMethods = ours;
  return rc;
}

/* Before any connection of the process takes a lock: one taken as POSIX by a connection opened
 * earlier (a test's own sqlite3) and released later as OFD would stay held. */
__attribute__ ((constructor)) static void
install_lock_owners (void)
{
  sqlite3_vfs *unix_vfs = sqlite3_vfs_find ("unix");

  /* The unix VFS's system calls are the process's, whichever VFS opened the file. */
  lock_owners = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) lock_owner_free);
  locking_fds = g_hash_table_new (g_direct_hash, g_direct_equal);
  if (unix_vfs != NULL && unix_vfs->iVersion >= 3 && unix_vfs->xGetSystemCall != NULL &&
      (real_fcntl = (int (*) (int, int, ...)) unix_vfs->xGetSystemCall (unix_vfs, "fcntl")) != NULL &&
      (real_close = (int (*) (int)) unix_vfs->xGetSystemCall (unix_vfs, "close")) != NULL &&
      (unix_vfs->xSetSystemCall (unix_vfs, "fcntl", (sqlite3_syscall_ptr) lock_fcntl) != SQLITE_OK ||
       unix_vfs->xSetSystemCall (unix_vfs, "close", (sqlite3_syscall_ptr) lock_close) != SQLITE_OK))
    unix_vfs->xSetSystemCall (unix_vfs, NULL, NULL);   /* all of SQLite's own again */
}

const char *
mg_store_vfs_name (void)
{
  static gsize ready;

  if (g_once_init_enter (&ready))
    {
      base = sqlite3_vfs_find (NULL);
      vfs = *base;
      vfs.zName = "mg-unix";
      vfs.pNext = NULL;
      vfs.szOsFile = (int) (extra_offset () + sizeof (Extra));
      vfs.xOpen = vfs_open;
      sqlite3_vfs_register (&vfs, 0);
      g_once_init_leave (&ready, 1);
    }
  return vfs.zName;
}
