/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-ui-json.c — the app's readers of engine views: a missing or mistyped member is a fallback, never an error. */
#include "config.h"

#include "mg-ui-json.h"

json_object *
mg_ui_json_get (json_object *object, const char *key)
{
  json_object *member = NULL;

  if (object == NULL || key == NULL || !json_object_is_type (object, json_type_object)
      || !json_object_object_get_ex (object, key, &member))
    return NULL;
  return member;
}

/* The member if it has the type, else NULL. */
static json_object *
typed (json_object *object, const char *key, json_type type)
{
  json_object *member = mg_ui_json_get (object, key);

  return member != NULL && json_object_is_type (member, type) ? member : NULL;
}

int
mg_ui_json_int (json_object *object, const char *key, int fallback)
{
  json_object *member = typed (object, key, json_type_int);

  return member != NULL ? json_object_get_int (member) : fallback;
}

const char *
mg_ui_json_str (json_object *object, const char *key)
{
  json_object *member = typed (object, key, json_type_string);

  return member != NULL ? json_object_get_string (member) : NULL;
}

gboolean
mg_ui_json_bool (json_object *object, const char *key)
{
  json_object *member = typed (object, key, json_type_boolean);

  return member != NULL && json_object_get_boolean (member);
}

json_object *
mg_ui_json_array (json_object *object, const char *key)
{
  return typed (object, key, json_type_array);
}

json_object *
mg_ui_json_object (json_object *object, const char *key)
{
  return typed (object, key, json_type_object);
}

gsize
mg_ui_json_len (json_object *array)
{
  return array != NULL && json_object_is_type (array, json_type_array) ? json_object_array_length (array) : 0;
}
