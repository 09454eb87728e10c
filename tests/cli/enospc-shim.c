/* enospc-shim.c — LD_PRELOAD: writes under $MG_ENOSPC_DIR fail as on a full disk while $MG_ENOSPC_FLAG exists. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef _FILE_OFFSET_BITS   /* both the plain and the 64-bit calls are defined here */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

/* Whether a write that may allocate on fd must fail: the disk is "full" and fd is a file in the
 * campaign's folder (standard output and the rest of the system are left alone). */
static int
full (int fd)
{
  const char *dir = getenv ("MG_ENOSPC_DIR"), *flag = getenv ("MG_ENOSPC_FLAG");
  char link[64], target[PATH_MAX];
  ssize_t n;

  if (dir == NULL || flag == NULL || access (flag, F_OK) != 0)
    return 0;
  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  if ((n = readlink (link, target, sizeof target - 1)) <= 0)
    return 0;
  target[n] = '\0';
  return strncmp (target, dir, strlen (dir)) == 0;
}

/* A truncation that grows the file allocates nothing either on a real disk, but SQLite's -shm
 * and WAL are extended this way before being written: fail growth, allow shrinking. */
static int
grows (int fd, off64_t length)
{
  struct stat64 st;

  return fstat64 (fd, &st) == 0 && length > st.st_size;
}

#define REAL(name) static __typeof__ (&name) real_##name; \
  if (!real_##name) real_##name = (__typeof__ (&name)) dlsym (RTLD_NEXT, #name)
#define FAIL_IF_FULL(fd) do { if (full (fd)) { errno = ENOSPC; return -1; } } while (0)

ssize_t
write (int fd, const void *buf, size_t n)
{
  REAL (write);
  FAIL_IF_FULL (fd);
  return real_write (fd, buf, n);
}

ssize_t
pwrite (int fd, const void *buf, size_t n, off_t off)
{
  REAL (pwrite);
  FAIL_IF_FULL (fd);
  return real_pwrite (fd, buf, n, off);
}

ssize_t
pwrite64 (int fd, const void *buf, size_t n, off64_t off)
{
  REAL (pwrite64);
  FAIL_IF_FULL (fd);
  return real_pwrite64 (fd, buf, n, off);
}

ssize_t
writev (int fd, const struct iovec *iov, int count)
{
  REAL (writev);
  FAIL_IF_FULL (fd);
  return real_writev (fd, iov, count);
}

int
ftruncate (int fd, off_t length)
{
  REAL (ftruncate);
  if (grows (fd, length))
    FAIL_IF_FULL (fd);
  return real_ftruncate (fd, length);
}

int
ftruncate64 (int fd, off64_t length)
{
  REAL (ftruncate64);
  if (grows (fd, length))
    FAIL_IF_FULL (fd);
  return real_ftruncate64 (fd, length);
}

int
fallocate (int fd, int mode, off_t off, off_t len)
{
  REAL (fallocate);
  FAIL_IF_FULL (fd);
  return real_fallocate (fd, mode, off, len);
}

int
fallocate64 (int fd, int mode, off64_t off, off64_t len)
{
  REAL (fallocate64);
  FAIL_IF_FULL (fd);
  return real_fallocate64 (fd, mode, off, len);
}

int
posix_fallocate (int fd, off_t off, off_t len)
{
  REAL (posix_fallocate);
  if (full (fd))
    return ENOSPC;
  return real_posix_fallocate (fd, off, len);
}

int
posix_fallocate64 (int fd, off64_t off, off64_t len)
{
  REAL (posix_fallocate64);
  if (full (fd))
    return ENOSPC;
  return real_posix_fallocate64 (fd, off, len);
}
