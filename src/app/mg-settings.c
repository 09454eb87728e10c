/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-settings.c — GSettings that also work uninstalled, and the recent-campaigns list. */
#include "config.h"

#include "mg-settings.h"

#define MG_RECENT_MAX 12

GSettings *
mg_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);

#ifdef MG_BUILD_SCHEMA_DIR
  /* Run from the build tree: the schema compiled next to the build. */
  if (schema == NULL)
    {
      g_autoptr(GSettingsSchemaSource) local = NULL;

      local = g_settings_schema_source_new_from_directory (MG_BUILD_SCHEMA_DIR, source, FALSE, NULL);
      if (local != NULL)
        schema = g_settings_schema_source_lookup (local, APP_ID, FALSE);
    }
#endif

  if (schema == NULL)
    {
      g_warning ("Settings schema %s not found; settings will not be kept", APP_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

char **
mg_recent_list (GSettings *settings)
{
  if (settings == NULL)
    return g_new0 (char *, 1);
  return g_settings_get_strv (settings, "recent-campaigns");
}

static void
mg_recent_update (GSettings *settings, const char *path, gboolean add)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) list = NULL;
  guint n = 0;

  if (settings == NULL || path == NULL)
    return;

  old = g_settings_get_strv (settings, "recent-campaigns");
  builder = g_strv_builder_new ();
  if (add)
    {
      g_strv_builder_add (builder, path);
      n++;
    }
  for (guint i = 0; old[i] != NULL && n < MG_RECENT_MAX; i++)
    {
      if (g_strcmp0 (old[i], path) == 0)
        continue;
      g_strv_builder_add (builder, old[i]);
      n++;
    }
  list = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "recent-campaigns", (const char * const *) list);
}

void
mg_recent_add (GSettings *settings, const char *path)
{
  mg_recent_update (settings, path, TRUE);
}

void
mg_recent_remove (GSettings *settings, const char *path)
{
  mg_recent_update (settings, path, FALSE);
}
