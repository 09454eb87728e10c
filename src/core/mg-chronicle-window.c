/* mg-chronicle-window.c — a window of the Chronicle's rows read with indexed queries, and brought up to date row by row. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>

#include "mg-campaign-private.h"
#include "mg-chronicle.h"

static void
series_free (gpointer data)
{
  MgChronicleSeries *s = data;

  g_free (s->name);
  g_free (s->colour);
  g_array_unref (s->points);
  g_free (s);
}

static void
point_clear (gpointer data)
{
  g_free (((MgChroniclePoint *) data)->note);
}

static void
data_free (gpointer data)
{
  MgChronicleData *d = data;

  g_ptr_array_unref (d->series);
  g_free (d);
}

void
mg_chronicle_window_free (MgChronicleWindow *window)
{
  if (window == NULL)
    return;
  g_ptr_array_unref (window->charts);
  g_object_unref (window->campaign);
  g_free (window);
}

/* The row in force at or before `seq` that is `back` rows before the last such one; 0 if none. */
static gboolean
row_in_force (MgStore *store, gint64 seq, gint64 back, gint64 *out, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store,
      "SELECT seq FROM journal WHERE undone = 0 AND seq <= ?1 ORDER BY seq DESC LIMIT 1 OFFSET ?2", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  sqlite3_bind_int64 (stmt, 2, back);
  rc = mg_store_step (store, stmt, error);
  if (rc < 0)
    return FALSE;
  *out = rc == SQLITE_ROW ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

gint64
mg_chronicle_last_seq (MgCampaign *campaign, GError **error)
{
  gint64 seq = 0;

  if (!row_in_force (campaign->store, G_MAXINT64, 0, &seq, error))
    return -1;
  return seq;
}

static MgChronicleSeries *
find_series (MgChronicleData *data, const char *name)
{
  for (guint i = 0; i < data->series->len; i++)
    {
      MgChronicleSeries *s = g_ptr_array_index (data->series, i);

      if (strcmp (s->name, name) == 0)
        return s;
    }
  return NULL;
}

/* The chart's series (in the order they appeared) and each one's value before the window. */
static gboolean
read_series (MgChronicleWindow *window, MgChronicleData *data, GError **error)
{
  MgStore *store = window->campaign->store;
  g_autoptr(MgStoreStmt) list = mg_store_prepare (store,
      "SELECT series, colour FROM chronicle_series WHERE chart = ?1 ORDER BY id", error);
  int rc;

  if (list == NULL)
    return FALSE;
  sqlite3_bind_text (list, 1, data->chart->key, -1, SQLITE_STATIC);
  while ((rc = mg_store_step (store, list, error)) == SQLITE_ROW)
    {
      MgChronicleSeries *s = g_new0 (MgChronicleSeries, 1);
      g_autoptr(MgStoreStmt) start = NULL;

      s->name = g_strdup ((const char *) sqlite3_column_text (list, 0));
      s->colour = g_strdup ((const char *) sqlite3_column_text (list, 1));
      s->points = g_array_new (FALSE, TRUE, sizeof (MgChroniclePoint));
      g_array_set_clear_func (s->points, point_clear);
      g_ptr_array_add (data->series, s);
      /* The last point in force before the window: the primary key, read backwards. */
      start = mg_store_prepare (store,
          "SELECT c.value FROM chronicle c JOIN journal j ON j.seq = c.seq "
          "WHERE c.chart = ?1 AND c.series = ?2 AND c.seq < ?3 AND j.undone = 0 "
          "ORDER BY c.seq DESC LIMIT 1", error);
      if (start == NULL)
        return FALSE;
      sqlite3_bind_text (start, 1, data->chart->key, -1, SQLITE_STATIC);
      sqlite3_bind_text (start, 2, s->name, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (start, 3, window->first_seq);
      rc = mg_store_step (store, start, error);
      if (rc < 0)
        return FALSE;
      s->has_start = rc == SQLITE_ROW;
      s->start = s->has_start ? sqlite3_column_double (start, 0) : 0;
    }
  return rc == SQLITE_DONE;
}

/* Appends the points of rows in force in [from, to] (a series first seen there is added). */
static gboolean
read_points (MgChronicleWindow *window, MgChronicleData *data, gint64 from, gint64 to, GError **error)
{
  MgStore *store = window->campaign->store;
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store,
      "SELECT c.series, c.seq, c.turn, c.value, c.note FROM chronicle c JOIN journal j ON j.seq = c.seq "
      "WHERE c.chart = ?1 AND c.seq BETWEEN ?2 AND ?3 AND j.undone = 0 ORDER BY c.seq", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, data->chart->key, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, from);
  sqlite3_bind_int64 (stmt, 3, to);
  while ((rc = mg_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 0);
      MgChronicleSeries *s = find_series (data, name);
      MgChroniclePoint p;

      if (s == NULL)
        {
          s = g_new0 (MgChronicleSeries, 1);
          s->name = g_strdup (name);
          s->points = g_array_new (FALSE, TRUE, sizeof (MgChroniclePoint));
          g_array_set_clear_func (s->points, point_clear);
          g_ptr_array_add (data->series, s);
        }
      p.seq = sqlite3_column_int64 (stmt, 1);
      p.turn = sqlite3_column_int (stmt, 2);
      p.value = sqlite3_column_double (stmt, 3);
      p.note = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
      g_array_append_val (s->points, p);
    }
  return rc == SQLITE_DONE;
}

static gboolean
window_load (MgChronicleWindow *window, gint64 last_seq, GError **error)
{
  MgStore *store = window->campaign->store;

  g_ptr_array_set_size (window->charts, 0);
  if (last_seq <= 0 && (last_seq = mg_chronicle_last_seq (window->campaign, error)) < 0)
    return FALSE;
  window->last_seq = 0;
  window->first_seq = 0;
  if (last_seq > 0 && !row_in_force (store, last_seq, 0, &window->last_seq, error))
    return FALSE;
  if (window->last_seq > 0)
    {
      if (!row_in_force (store, window->last_seq, window->rows - 1, &window->first_seq, error))
        return FALSE;
      if (window->first_seq == 0)
        window->first_seq = 1;
    }
  for (guint c = 0; c < window->chronicle->n_charts; c++)
    {
      MgChronicleData *data = g_new0 (MgChronicleData, 1);

      data->chart = &window->chronicle->charts[c];
      data->series = g_ptr_array_new_with_free_func (series_free);
      g_ptr_array_add (window->charts, data);
      if (window->last_seq > 0 &&
          (!read_series (window, data, error) ||
           !read_points (window, data, window->first_seq, window->last_seq, error)))
        return FALSE;
    }
  return TRUE;
}

MgChronicleWindow *
mg_chronicle_window_read (MgCampaign *campaign, gint64 last_seq, guint rows, gboolean fill,
                          GError **error)
{
  const MgChronicle *chronicle = mg_chronicle_of (campaign);
  MgChronicleWindow *window;

  if (chronicle == NULL)
    return NULL;
  if (fill && !mg_chronicle_fill (campaign, FALSE, error))
    return NULL;
  window = g_new0 (MgChronicleWindow, 1);
  window->campaign = g_object_ref (campaign);
  window->chronicle = chronicle;
  window->rows = MAX (rows, 2);
  window->charts = g_ptr_array_new_with_free_func (data_free);
  if (!window_load (window, last_seq, error))
    {
      mg_chronicle_window_free (window);
      return NULL;
    }
  return window;
}

gboolean
mg_chronicle_window_at_end (MgChronicleWindow *window)
{
  return mg_chronicle_last_seq (window->campaign, NULL) == window->last_seq;
}

/* Drops the points after `seq` (rows undone). */
static void
truncate_after (MgChronicleWindow *window, gint64 seq)
{
  for (guint c = 0; c < window->charts->len; c++)
    {
      MgChronicleData *data = g_ptr_array_index (window->charts, c);

      for (guint i = 0; i < data->series->len; i++)
        {
          MgChronicleSeries *s = g_ptr_array_index (data->series, i);
          guint keep = s->points->len;

          while (keep > 0 && g_array_index (s->points, MgChroniclePoint, keep - 1).seq > seq)
            keep--;
          g_array_set_size (s->points, keep);
        }
    }
}

gboolean
mg_chronicle_window_update (MgChronicleWindow *window, MgChronicleChange change, gboolean *changed,
                            GError **error)
{
  MgStore *store = window->campaign->store;
  gint64 kept = 0, last;

  if (changed != NULL)
    *changed = change == MG_CHRONICLE_RELOADED;
  if (change == MG_CHRONICLE_RELOADED)
    return window_load (window, 0, error);
  if ((last = mg_chronicle_last_seq (window->campaign, error)) < 0)
    return FALSE;
  /* The last row of the window still in force: undo takes rows from the end only. */
  if (window->last_seq > 0 && !row_in_force (store, window->last_seq, 0, &kept, error))
    return FALSE;
  if (kept == window->last_seq && last == window->last_seq)
    return TRUE;
  if (changed != NULL)
    *changed = TRUE;
  /* Far past the window's length, or back before its start: read the window again (its cost is
   * the window's, whatever the journal's length). */
  if (kept < window->first_seq || window->first_seq == 0 ||
      last - window->first_seq >= 2 * (gint64) window->rows)
    return window_load (window, 0, error);
  truncate_after (window, kept);
  window->last_seq = kept;
  if (last > kept)
    {
      for (guint c = 0; c < window->charts->len; c++)
        if (!read_points (window, g_ptr_array_index (window->charts, c), kept + 1, last, error))
          return FALSE;
      window->last_seq = last;
    }
  return TRUE;
}

gboolean
mg_chronicle_value_at (MgCampaign *campaign, const char *key, const char *series, gint64 seq,
                       double *value, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (campaign->store,
      "SELECT c.value FROM chronicle c JOIN journal j ON j.seq = c.seq "
      "WHERE c.chart = ?1 AND c.series = ?2 AND c.seq <= ?3 AND j.undone = 0 "
      "ORDER BY c.seq DESC LIMIT 1", error);
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, series, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, seq);
  rc = mg_store_step (campaign->store, stmt, error);
  if (rc != SQLITE_ROW)
    return FALSE;
  *value = sqlite3_column_double (stmt, 0);
  return TRUE;
}
