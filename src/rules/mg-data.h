/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-data.h — the data compiled into the program: each game's ruleset, samples and table SQL,
 * and the core's schema.  Tables are generated from the <gresources> lists by
 * build-aux/embed-data.py (GLib only: no GIO to load at every start of the CLI). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One file: its path (as a GResource path: "/io/github/meleegm/MeleeGM/games/meeple/ruleset.json")
 * and its bytes, followed by a NUL that `size` does not count.  Tables end with path NULL. */
typedef struct {
  const char *path;
  const char *data;
  gsize       size;
} MgDataFile;

/* Makes a table's files visible to mg_data_lookup (again: nothing).  Thread-safe. */
void     mg_data_add    (const MgDataFile *files);
/* A file of any table added, or of a built-in game's (added on first use).  NULL and
 * G_FILE_ERROR_NOENT when none has that path. */
GBytes  *mg_data_lookup (const char *path, GError **error);
/* The file of `files` at `path`, or NULL. */
const MgDataFile *mg_data_find (const MgDataFile *files, const char *path);
/* The names of the files of `files` right under the folder `dir` ("/x/schema" -> "0001-a.sql"),
 * in the table's order; NULL-terminated, never NULL. */
char   **mg_data_list   (const MgDataFile *files, const char *dir);

G_END_DECLS
