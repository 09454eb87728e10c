/* mg-chronicle-series.h — how a game declares its Chronicle: charts whose series are read from the public view. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* One chart of a game's Chronicle (issue 48). Every text is N_(), translated where shown. */
typedef struct {
  const char *key;          /* "gold": the member of values() that holds its series */
  const char *title;        /* N_("Gold") */
  /* What the chart shows, for a reader who cannot see it (its accessible description and the
   * exports' caption): N_("Each player's gold, row by row of the journal") */
  const char *description;
  /* TRUE: events (a battle won, an attack), drawn as marks only, never joined by a line;
   * FALSE: a level that holds until it changes (gold, casualties), drawn as steps. */
  gboolean    marks;
} MgChronicleChart;

/* A game's Chronicle: its charts, and the values its public view shows now. The store calls
 * values() on the public view after every journal row and keeps the values that changed
 * (mg-chronicle.h), so a chart never replays the campaign and never reads a secret. */
typedef struct {
  const MgChronicleChart *charts;
  guint                   n_charts;
  /* {"gold": {"Red": 12, "Blue": {"value": 3, "note": "won on Sweep", "colour": "blue"}}, …}:
   * for each chart, each series' value now, as a number or an object with "value", an optional
   * "note" told when a reader points at it (what happened, in the game's words: translated), an
   * optional "colour" (the seat's, as the game names it: "red", "#1c71d8") and an optional "id"
   * (an event's number: a new one is a new point even with the same value and note); a series named
   * after a player takes that player's colour without it. A series absent keeps its last value.
   * New reference; NULL for none. */
  json_object *(*values) (json_object *ruleset, json_object *public_view);
} MgChronicle;

/* values()' helpers: series `series` of chart `chart` takes `value` (a number, or an object as
 * above: taken); an integer member of an object, 0 when absent. */
static inline void
mg_chronicle_put (json_object *values, const char *chart, const char *series, json_object *value)
{
  json_object *member = json_object_object_get (values, chart);

  if (member == NULL)
    json_object_object_add (values, chart, member = json_object_new_object ());
  json_object_object_add (member, series, value);
}

static inline json_object *
mg_chronicle_noted (gint64 value, const char *note)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "value", json_object_new_int64 (value));
  if (note != NULL)
    json_object_object_add (o, "note", json_object_new_string (note));
  return o;
}

/* A value in the seat's colour (`colour` as the game names it; NULL: the name's). */
static inline json_object *
mg_chronicle_coloured (gint64 value, const char *colour)
{
  json_object *o = mg_chronicle_noted (value, NULL);

  if (colour != NULL)
    json_object_object_add (o, "colour", json_object_new_string (colour));
  return o;
}

static inline gint64
mg_chronicle_int (json_object *object, const char *key)
{
  return json_object_get_int64 (json_object_object_get (object, key));
}

static inline const char *
mg_chronicle_text (json_object *object, const char *key)
{
  json_object *v = json_object_object_get (object, key);

  return json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

/* How many objects of array `list` have the text `value` as member `member` (lands owned,
 * pieces on the board). */
static inline gint64
mg_chronicle_count (json_object *list, const char *member, const char *value)
{
  gint64 n = 0;

  for (size_t i = 0; json_object_is_type (list, json_type_array) && i < json_object_array_length (list); i++)
    n += g_strcmp0 (mg_chronicle_text (json_object_array_get_idx (list, i), member), value) == 0;
  return n;
}

G_END_DECLS
