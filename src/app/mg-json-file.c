/* mg-json-file.c — a JSON file (a map to import) read and parsed in a thread, so the window keeps drawing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "mg-json-file.h"
#include "mg-store.h"

static void
json_unref (gpointer json)
{
  json_object_put (json);
}

static void
load_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autofree char *text = NULL;
  GError *error = NULL;
  enum json_tokener_error jerr = json_tokener_success;
  json_object *json;

  if (!mg_store_refuse_if_attached (data, G_IO_ERROR, G_IO_ERROR_BUSY, &error) ||
      !g_file_get_contents (data, &text, NULL, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  json = json_tokener_parse_verbose (text, &jerr);
  if (json == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", json_tokener_error_desc (jerr));
  else
    g_task_return_pointer (task, json, json_unref);
}

void
mg_json_file_load_async (gpointer source_object, const char *path, GAsyncReadyCallback done, gpointer data)
{
  g_autoptr(GTask) task = g_task_new (source_object, NULL, done, data);

  g_task_set_source_tag (task, mg_json_file_load_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, load_thread);
}

json_object *
mg_json_file_load_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
