/* mg-store-vfs.c — SQLite's unix VFS, with the -shm's blocks allocated before SQLite writes them.
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
 * has let go of the -shm too). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE   /* fallocate */
#include "mg-store.h"

#include <errno.h>
#include <fcntl.h>
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
