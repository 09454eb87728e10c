/* mg-chronicle.c — the Chronicle's points: each row's public series values, computed with the engine and written in the row's transaction. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mg-campaign-private.h"
#include "mg-chronicle.h"

/* A series' value as the cache holds it. */
typedef struct {
  double value;
  char  *note;
  gint64 id;      /* an event's number: the same value and note twice are two points */
} Held;

struct _MgChronicleCache {
  gint64      seq;      /* the row whose values these are */
  GHashTable *values;   /* "chart\x1fseries" → Held* */
};

typedef struct {
  char    *chart;
  char    *series;
  char    *colour;
  double   value;
  char    *note;
  gboolean first;   /* a series the cache did not know: its colour and order are written */
} Point;

struct _MgChronicleRow {
  gint64  seq;
  gint    turn;
  GArray *points;   /* of Point */
};

static void
held_free (gpointer data)
{
  Held *held = data;

  g_free (held->note);
  g_free (held);
}

static void
point_clear (gpointer data)
{
  Point *p = data;

  g_free (p->chart);
  g_free (p->series);
  g_free (p->colour);
  g_free (p->note);
}

void
mg_chronicle_cache_free (MgChronicleCache *cache)
{
  if (cache == NULL)
    return;
  g_hash_table_unref (cache->values);
  g_free (cache);
}

void
mg_chronicle_row_free (MgChronicleRow *row)
{
  if (row == NULL)
    return;
  g_array_unref (row->points);
  g_free (row);
}

gint64
mg_chronicle_row_get_seq (const MgChronicleRow *row)
{
  return row->seq;
}

const MgChronicle *
mg_chronicle_of (MgCampaign *campaign)
{
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (campaign));

  return game != NULL ? game->chronicle : NULL;
}

/* One series' value from values(): a number, or {"value": n, "note": …, "colour": …, "id": …}. */
static gboolean
read_value (json_object *member, double *value, const char **note, const char **colour, gint64 *id)
{
  json_object *v = member;

  *note = *colour = NULL;
  *id = 0;
  if (json_object_is_type (member, json_type_object))
    {
      json_object *n, *c;

      v = json_object_object_get (member, "value");
      *id = json_object_get_int64 (json_object_object_get (member, "id"));
      if (json_object_object_get_ex (member, "note", &n) && json_object_is_type (n, json_type_string))
        *note = json_object_get_string (n);
      if (json_object_object_get_ex (member, "colour", &c) && json_object_is_type (c, json_type_string))
        *colour = json_object_get_string (c);
    }
  if (!json_object_is_type (v, json_type_int) && !json_object_is_type (v, json_type_double))
    return FALSE;
  *value = json_object_get_double (v);
  return isfinite (*value);
}

/* Adds the point of one series when its value or note is not the one held, and holds it. */
static void
add_if_changed (MgChronicleRow *row, GHashTable *held_values, gboolean fresh, const char *chart,
                const char *series, json_object *member)
{
  g_autofree char *key = g_strconcat (chart, "\x1f", series, NULL);
  const char *note, *colour;
  Held *held;
  Point p = { 0 };
  double value;
  gint64 id;

  if (!read_value (member, &value, &note, &colour, &id))
    return;
  held = g_hash_table_lookup (held_values, key);
  if (!fresh && held != NULL && held->value == value && g_strcmp0 (held->note, note) == 0 && held->id == id)
    return;
  if (held == NULL)
    {
      held = g_new0 (Held, 1);
      g_hash_table_insert (held_values, g_steal_pointer (&key), held);
      p.first = TRUE;
    }
  held->value = value;
  held->id = id;
  g_free (held->note);
  held->note = g_strdup (note);
  p.chart = g_strdup (chart);
  p.series = g_strdup (series);
  p.colour = g_strdup (colour);
  p.value = value;
  p.note = g_strdup (note);
  p.first = p.first || fresh;
  g_array_append_val (row->points, p);
}

MgChronicleRow *
mg_chronicle_row_new (MgChronicleCache **cache, const MgGame *game, json_object *ruleset,
                      const MgState *state, gint64 before_seq, gint64 seq, gint turn)
{
  const MgChronicle *chronicle = game != NULL ? game->chronicle : NULL;
  json_object *view, *values;
  MgChronicleRow *row;
  gboolean fresh;

  if (chronicle == NULL || chronicle->values == NULL)
    return NULL;
  /* The public view, never the state: a secret cannot move a chart. */
  view = mg_state_view (state, MG_SEAT_PUBLIC);
  values = chronicle->values (ruleset, view);
  json_object_put (view);

  fresh = *cache == NULL || (*cache)->seq != before_seq;
  if (fresh)
    {
      mg_chronicle_cache_free (*cache);
      *cache = g_new0 (MgChronicleCache, 1);
      (*cache)->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, held_free);
    }
  (*cache)->seq = seq;
  row = g_new0 (MgChronicleRow, 1);
  row->seq = seq;
  row->turn = turn;
  row->points = g_array_new (FALSE, TRUE, sizeof (Point));
  g_array_set_clear_func (row->points, point_clear);
  for (guint c = 0; values != NULL && c < chronicle->n_charts; c++)
    {
      const char *chart = chronicle->charts[c].key;
      json_object *series = json_object_object_get (values, chart);

      if (!json_object_is_type (series, json_type_object))
        continue;
      json_object_object_foreach (series, name, member)
        add_if_changed (row, (*cache)->values, fresh, chart, name, member);
    }
  json_object_put (values);
  return row;
}

gboolean
mg_chronicle_row_write (MgChronicleRow *row, MgStore *store, GError **error)
{
  if (row == NULL)
    return TRUE;
  for (guint i = 0; i < row->points->len; i++)
    {
      Point *p = &g_array_index (row->points, Point, i);
      g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store,
          "INSERT OR REPLACE INTO chronicle (chart, series, seq, turn, value, note) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", error);

      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_text (stmt, 1, p->chart, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 2, p->series, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 3, row->seq);
      sqlite3_bind_int (stmt, 4, row->turn);
      sqlite3_bind_double (stmt, 5, p->value);
      sqlite3_bind_text (stmt, 6, p->note, -1, SQLITE_STATIC);
      if (mg_store_step (store, stmt, error) != SQLITE_DONE)
        return FALSE;
      if (p->first)
        {
          g_autoptr(MgStoreStmt) series = mg_store_prepare (store,
              "INSERT OR IGNORE INTO chronicle_series (chart, series, colour) VALUES (?1, ?2, ?3)", error);

          if (series == NULL)
            return FALSE;
          sqlite3_bind_text (series, 1, p->chart, -1, SQLITE_STATIC);
          sqlite3_bind_text (series, 2, p->series, -1, SQLITE_STATIC);
          sqlite3_bind_text (series, 3, p->colour, -1, SQLITE_STATIC);
          if (mg_store_step (store, series, error) != SQLITE_DONE)
            return FALSE;
        }
    }
  return TRUE;
}

/* ---- filling rows journalled without points ------------------------------------------------ */

typedef struct {
  MgChronicleCache *cache;
  gint64            before;   /* the row in force before the one replayed */
} Fill;

static gboolean
fill_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before, const char *kept_said,
          const MgSaid *said, gpointer data, GError **error)
{
  Fill *fill = data;
  g_autoptr(MgChronicleRow) row = NULL;

  row = mg_chronicle_row_new (&fill->cache, self->game, self->ruleset, state, fill->before, seq, turn_before);
  fill->before = seq;
  return mg_chronicle_row_write (row, self->store, error);
}

gboolean
mg_chronicle_fill (MgCampaign *campaign, gboolean force, GError **error)
{
  MgCampaign *self = campaign;
  Fill fill = { 0 };
  gint64 upto = 0;
  MgState *state;
  gboolean ok;

  if (self->game == NULL || self->game->chronicle == NULL)
    return TRUE;
  if (!mg_store_query_int (self->store, "SELECT coalesce (max (upto), 0) FROM chronicle_pending", &upto, error))
    return FALSE;
  if (force)
    upto = G_MAXINT64;
  if (upto == 0 || self->read_only)
    return TRUE;
  if (!mg_campaign_begin (self, error))
    return FALSE;
  /* The points of the rows after `upto` were written with them. */
  state = mg_campaign_replay (self, self->ruleset, FALSE, force ? G_MAXINT64 : upto, fill_row, &fill, NULL, error);
  ok = state != NULL && mg_store_exec (self->store, "DELETE FROM chronicle_pending", error);
  g_clear_pointer (&state, mg_state_free);
  mg_chronicle_cache_free (fill.cache);
  return mg_campaign_finish (self, ok, error);
}
