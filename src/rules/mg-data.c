/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-data.c — the data compiled into the program (see mg-data.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-data.h"
#include "mg-game.h"

G_LOCK_DEFINE_STATIC (tables);
static GPtrArray *tables;   /* of const MgDataFile* */

void
mg_data_add (const MgDataFile *files)
{
  g_return_if_fail (files != NULL);

  G_LOCK (tables);
  if (tables == NULL)
    tables = g_ptr_array_new ();
  if (!g_ptr_array_find (tables, files, NULL))
    g_ptr_array_add (tables, (gpointer) files);
  G_UNLOCK (tables);
}

const MgDataFile *
mg_data_find (const MgDataFile *files, const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  for (const MgDataFile *f = files; f != NULL && f->path != NULL; f++)
    if (strcmp (f->path, path) == 0)
      return f;
  return NULL;
}

GBytes *
mg_data_lookup (const char *path, GError **error)
{
  const MgDataFile *found = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  (void) mg_games_all (NULL);   /* the built-in games add their tables when they register */
  G_LOCK (tables);
  for (guint i = 0; tables != NULL && i < tables->len && found == NULL; i++)
    found = mg_data_find (g_ptr_array_index (tables, i), path);
  G_UNLOCK (tables);
  if (found == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("“%s” is not built into this version of Melee GM"), path);
      return NULL;
    }
  return g_bytes_new_static (found->data, found->size);
}

char **
mg_data_list (const MgDataFile *files, const char *dir)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autofree char *prefix = g_str_has_suffix (dir, "/") ? g_strdup (dir) : g_strconcat (dir, "/", NULL);

  for (const MgDataFile *f = files; f != NULL && f->path != NULL; f++)
    if (g_str_has_prefix (f->path, prefix) && strchr (f->path + strlen (prefix), '/') == NULL)
      g_strv_builder_add (names, f->path + strlen (prefix));
  return g_strv_builder_end (names);
}
