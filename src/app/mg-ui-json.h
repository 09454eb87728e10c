/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-ui-json.h — the app's readers of engine views: a missing or mistyped member is a fallback, never an error. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* A member of a JSON object (borrowed), or NULL when object is not an object or has no key. */
json_object *mg_ui_json_get    (json_object *object, const char *key);
int          mg_ui_json_int    (json_object *object, const char *key, int fallback);
const char  *mg_ui_json_str    (json_object *object, const char *key);   /* NULL unless a string */
gboolean     mg_ui_json_bool   (json_object *object, const char *key);   /* FALSE unless true */
json_object *mg_ui_json_array  (json_object *object, const char *key);   /* NULL unless an array */
json_object *mg_ui_json_object (json_object *object, const char *key);   /* NULL unless an object */
gsize        mg_ui_json_len    (json_object *array);                     /* 0 unless an array */

G_END_DECLS
