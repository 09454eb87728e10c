/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-json.h — reading json-c fields with GErrors that say where the bad field is. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-message.h"

G_BEGIN_DECLS

/*
 * Every reader takes a `path` and an error kind (domain + code) so the same helpers serve
 * rulesets, actions and saved states:
 *
 *  - a path that starts with '$' is a place in a data file, and the message reads
 *      $.actions_by_casualties[2]: expected an integer from 0 to 8, got "x"
 *  - any other path names a field of an action, and the message reads for a referee
 *      "meeple" must be an integer from 0 to 6, got "x"
 *
 * Readers never abort on bad input: they set the error and return FALSE (or NULL).
 */
/* g_autoptr(json_object) for code that includes this header (json-c has no GLib cleanup). */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (json_object, json_object_put)

typedef struct {
  GQuark domain;
  gint   code;
} MgJsonErr;

static inline MgJsonErr
mg_json_err (GQuark domain, gint code)
{
  MgJsonErr e = { domain, code };
  return e;
}

/* "path.key" (or just "key" when path is NULL or empty). g_free. */
char        *mg_json_path_key   (const char *path, const char *key);
/* "path[index]". g_free. */
char        *mg_json_path_index (const char *path, gsize index);

/* Paths formatted only to word an error: a reader of a big document (a ruleset, a saved state)
 * runs first with paths off — the lazy ones give NULL and format nothing — and only a refused
 * input is read again between mg_json_paths_begin () and mg_json_paths_end () to name the bad
 * field. Per thread. */
gboolean     mg_json_paths_on    (void);
gboolean     mg_json_paths_begin (void);          /* turns them on; returns the old setting */
void         mg_json_paths_end   (gboolean was);
char        *mg_json_lazy_key    (const char *path, const char *key);
char        *mg_json_lazy_index  (const char *path, gsize index);

/* A short description of a value for messages: "\"x\"", "3.5", "true", "a list", "an object",
 * "nothing" (NULL). g_free. */
char        *mg_json_describe   (json_object *value);
/* What an integer between min and max is called ("an integer from 0 to 100000"; max G_MAXINT64:
 * "an integer of at least 0"), as a message for any language. */
MgMessage   *mg_json_range_message (gint64 min, gint64 max);

/* Sets `error` to the message above; `got` NULL means the field is missing. */
void         mg_json_set_error  (GError     **error,
                                 MgJsonErr    kind,
                                 const char  *path,
                                 const char  *expected,
                                 json_object *got);

/* obj[key], or NULL when obj is not an object or has no such member. */
json_object *mg_json_member     (json_object *obj, const char *key);

/* Value readers: `value` at `path` must be of the kind asked. */
gboolean     mg_json_int        (json_object *value, const char *path, MgJsonErr kind,
                                 gint64 min, gint64 max, gint64 *out, GError **error);
gboolean     mg_json_uint       (json_object *value, const char *path, MgJsonErr kind,
                                 guint min, guint max, guint *out, GError **error);
gboolean     mg_json_bool       (json_object *value, const char *path, MgJsonErr kind,
                                 gboolean *out, GError **error);
/* A non-empty string; *out points into `value`. */
gboolean     mg_json_string     (json_object *value, const char *path, MgJsonErr kind,
                                 const char **out, GError **error);
/* One of the NULL-terminated `choices`; *out is its index. */
gboolean     mg_json_choice     (json_object *value, const char *path, MgJsonErr kind,
                                 const char * const *choices, guint *out, GError **error);
gboolean     mg_json_object     (json_object *value, const char *path, MgJsonErr kind,
                                 GError **error);
/* A list of min_len..max_len items; *len gets its length. */
gboolean     mg_json_array      (json_object *value, const char *path, MgJsonErr kind,
                                 gsize min_len, gsize max_len, gsize *len, GError **error);

/* Member readers: obj (at `path`) must have `key` of the kind asked; errors name path.key. */
gboolean     mg_json_get_int    (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gint64 min, gint64 max, gint64 *out, GError **error);
gboolean     mg_json_get_uint   (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 guint min, guint max, guint *out, GError **error);
gboolean     mg_json_get_bool   (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gboolean *out, GError **error);
gboolean     mg_json_get_string (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 const char **out, GError **error);
gboolean     mg_json_get_choice (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 const char * const *choices, guint *out, GError **error);
/* obj[key] must be a list of min_len..max_len items; returns it (borrowed) or NULL. */
json_object *mg_json_get_array  (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gsize min_len, gsize max_len, GError **error);
/* obj[key] must be an object; returns it (borrowed) or NULL. */
json_object *mg_json_get_object (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 GError **error);

/* A whole number member read into a gint (min and max within gint). */
gboolean     mg_json_get_gint   (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gint min, gint max, gint *out, GError **error);

/* Optional members: absent, they keep *out and succeed; present, they are read as above. */
gboolean     mg_json_opt_gint   (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gint min, gint max, gint *out, GError **error);
gboolean     mg_json_opt_int    (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gint64 min, gint64 max, gint64 *out, GError **error);
gboolean     mg_json_opt_uint   (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 guint min, guint max, guint *out, GError **error);
gboolean     mg_json_opt_bool   (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 gboolean *out, GError **error);
gboolean     mg_json_opt_string (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 const char **out, GError **error);
gboolean     mg_json_opt_choice (json_object *obj, const char *path, const char *key, MgJsonErr kind,
                                 const char * const *choices, guint *out, GError **error);

/* A ruleset's top ("$"): an object of only the `known` members, whose "game" is `game_id`. */
gboolean     mg_json_ruleset_header (json_object *root, const char *game_id, MgJsonErr kind,
                                     const char * const *known, GError **error);
/* A ruleset's optional "notes": free text for the referee (why a default was chosen), an object
 * of strings; only its shape is checked ("$.notes.x: expected a string"). */
gboolean     mg_json_ruleset_notes  (json_object *root, MgJsonErr kind, GError **error);

/* Refuses members of obj that are not in the NULL-terminated `known` list (catches typos such
 * as "weigth"): "$.faces[0]: unknown field \"weigth\"" / "unknown field \"meeeple\"". */
gboolean     mg_json_only       (json_object *obj, const char *path, MgJsonErr kind,
                                 const char * const *known, GError **error);

G_END_DECLS
