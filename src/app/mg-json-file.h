/* mg-json-file.h — a JSON file (a map to import) read and parsed in a thread, so the window keeps drawing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* Reads and parses the file at path in a GTask thread (issue 43: nothing slow on the main
 * loop), then calls done on the main thread. source_object is the widget that asked (kept
 * alive until done). */
void         mg_json_file_load_async  (gpointer             source_object,
                                       const char          *path,
                                       GAsyncReadyCallback  done,
                                       gpointer             data);
/* The parsed JSON (a new reference, of any type), or NULL with the file's error, or
 * G_IO_ERROR_INVALID_DATA whose message is json-c's description of what is wrong. */
json_object *mg_json_file_load_finish (GAsyncResult        *result,
                                       GError             **error);

G_END_DECLS
