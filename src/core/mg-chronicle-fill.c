/* mg-chronicle-fill.c — the Chronicle's points of rows journalled without them: a replay in a thread, written on the campaign's own thread in short batches (issue 48). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "mg-campaign-private.h"
#include "mg-chronicle-fill.h"

/* Rows a batch holds: one read and one write transaction on the campaign's thread, a few
 * milliseconds each. */
#define FILL_BATCH 250
/* Batches read ahead of the writes (memory stays bounded at any length). */
#define FILL_AHEAD 4
/* How often the campaign's thread reads and writes a batch. */
#define FILL_TICK_MS 10

/* The thread touches no connection: a second one, even read-only, changes the WAL's times, and
 * the campaign's store would take that for another program's write (and check the whole file
 * before its next write). The campaign's thread reads each batch of rows and writes its points;
 * the thread replays them with the engine, the slow part, on a state and ruleset of its own. */
typedef struct {
  gint64 seq;
  char  *action;
  char  *dice;
} Recorded;

typedef struct {
  const MgGame        *game;
  const MgRules       *rules;
  json_object         *ruleset;     /* the thread's own copy */
  GStrv                players;
  gint64               upto;        /* the rows to fill: those in force up to it */
  gint64               read;        /* the last row read and handed to the thread */
  gboolean             all_read;
  GAsyncQueue         *in;          /* of GPtrArray* of Recorded*, to the thread (empty: the end) */
  GAsyncQueue         *out;         /* of GPtrArray* of MgChronicleRow*, back (`end`: the end) */
  GPtrArray           *end;
  GPtrArray           *held;        /* a batch whose write must wait (the file's check runs) */
  GError              *thread_error;
  gint64               written;     /* the last row whose points are written */
  guint                tick_id;
  MgChronicleProgress  progress;
  gpointer             progress_data;
} Fill;

static void
recorded_free (gpointer data)
{
  Recorded *r = data;

  g_free (r->action);
  g_free (r->dice);
  g_free (r);
}

static void
batch_free (gpointer data)
{
  if (data != NULL)
    g_ptr_array_unref (data);
}

static void
fill_free (gpointer data)
{
  Fill *fill = data;

  g_clear_handle_id (&fill->tick_id, g_source_remove);
  g_async_queue_unref (fill->in);
  g_async_queue_unref (fill->out);
  g_ptr_array_unref (fill->end);
  g_clear_pointer (&fill->held, g_ptr_array_unref);
  g_clear_error (&fill->thread_error);
  json_object_put (fill->ruleset);
  g_strfreev (fill->players);
  g_free (fill);
}

gint64
mg_chronicle_fill_pending (MgCampaign *campaign, GError **error)
{
  gint64 upto = 0;

  if (campaign->game == NULL || campaign->game->chronicle == NULL || campaign->read_only)
    return 0;
  if (!mg_store_query_int (campaign->store, "SELECT coalesce (max (upto), 0) FROM chronicle_pending", &upto, error))
    return -1;
  return upto;
}

/* The next batch the thread is given, or NULL when it is cancelled. */
static GPtrArray *
thread_next (Fill *fill, GCancellable *cancellable)
{
  GPtrArray *batch = NULL;

  while (batch == NULL && !g_cancellable_is_cancelled (cancellable))
    batch = g_async_queue_timeout_pop (fill->in, 50 * G_TIME_SPAN_MILLISECOND);
  return batch;
}

/* Replays each batch of rows and hands back their points, until the empty batch. */
static gboolean
thread_replay (Fill *fill, GCancellable *cancellable, GError **error)
{
  g_autoptr(MgState) state = NULL;
  MgChronicleCache *cache = NULL;
  gint64 before = 0;
  GPtrArray *batch;
  gboolean ok = TRUE;

  state = fill->rules->new_state (fill->ruleset, (const char * const *) fill->players, error);
  if (state == NULL)
    return FALSE;
  mg_rules_replaying (TRUE);
  while (ok && (batch = thread_next (fill, cancellable)) != NULL && batch->len > 0)
    {
      GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) mg_chronicle_row_free);

      for (guint i = 0; ok && i < batch->len; i++)
        {
          Recorded *r = g_ptr_array_index (batch, i);
          gint turn_before = mg_state_turn (state);
          MgChronicleRow *row;

          ok = mg_campaign_replay_row (state, r->seq, r->action, r->dice, NULL, NULL, NULL, NULL, error);
          if (ok && (row = mg_chronicle_row_new (&cache, fill->game, fill->ruleset, state, before, r->seq, turn_before)) != NULL)
            g_ptr_array_add (rows, row);
          before = r->seq;
        }
      g_clear_pointer (&batch, g_ptr_array_unref);
      g_async_queue_push (fill->out, rows);
    }
  mg_rules_replaying (FALSE);
  mg_chronicle_cache_free (cache);
  if (batch != NULL)
    g_ptr_array_unref (batch);
  return ok && !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static void
fill_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Fill *fill = g_task_get_task_data (data);
  GError *error = NULL;

#ifdef SYS_gettid
  /* Behind the window's own thread when the cores are busy: its frames come first. */
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10);
#endif
  if (!thread_replay (fill, cancellable, &error))
    fill->thread_error = error;
  /* The end: read by the campaign's thread after the error above. */
  g_async_queue_push (fill->out, g_ptr_array_ref (fill->end));
  g_task_return_boolean (task, TRUE);
}

/* On the campaign's thread: the next batch of rows in force (their action and dice). */
static gboolean
read_batch (MgCampaign *campaign, Fill *fill, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (campaign->store,
      "SELECT seq, action, dice FROM journal WHERE seq > ?1 AND seq <= ?2 AND undone = 0 ORDER BY seq LIMIT ?3", error);
  GPtrArray *batch;
  int rc;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, fill->read);
  sqlite3_bind_int64 (stmt, 2, fill->upto);
  sqlite3_bind_int (stmt, 3, FILL_BATCH);
  batch = g_ptr_array_new_with_free_func (recorded_free);
  while ((rc = mg_store_step (campaign->store, stmt, error)) == SQLITE_ROW)
    {
      Recorded *r = g_new0 (Recorded, 1);

      r->seq = sqlite3_column_int64 (stmt, 0);
      r->action = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      r->dice = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
      g_ptr_array_add (batch, r);
      fill->read = r->seq;
    }
  if (rc != SQLITE_DONE)
    {
      g_ptr_array_unref (batch);
      return FALSE;
    }
  /* An empty batch tells the thread it is the end. */
  fill->all_read = batch->len == 0;
  g_async_queue_push (fill->in, batch);
  return TRUE;
}

/* One batch, in one transaction of the campaign's own connection. */
static gboolean
write_batch (MgCampaign *campaign, GPtrArray *batch, GError **error)
{
  if (!mg_campaign_begin (campaign, error))
    return FALSE;
  for (guint i = 0; i < batch->len; i++)
    if (!mg_chronicle_row_write (g_ptr_array_index (batch, i), campaign->store, error))
      {
        mg_store_rollback (campaign->store);
        return FALSE;
      }
  return mg_store_commit (campaign->store, error);
}

static void
fill_return (GTask *task, GError *error)
{
  Fill *fill = g_task_get_task_data (task);

  g_clear_handle_id (&fill->tick_id, g_source_remove);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* The end, once the thread has handed back its last batch. */
static void
fill_end (GTask *task, MgCampaign *campaign, Fill *fill)
{
  GError *error = NULL;

  if (fill->thread_error != NULL)
    error = g_steal_pointer (&fill->thread_error);
  else if (mg_campaign_begin (campaign, &error))
    {
      if (mg_store_exec (campaign->store, "DELETE FROM chronicle_pending", &error))
        mg_store_commit (campaign->store, &error);
      else
        mg_store_rollback (campaign->store);
    }
  if (error == NULL && fill->progress != NULL)
    fill->progress (1.0, fill->progress_data);
  fill_return (task, error);
}

/* On the campaign's thread, a batch a tick: rows read for the thread, points written back;
 * when all are written, the file says so (chronicle_pending emptied). */
static gboolean
fill_tick (gpointer data)
{
  GTask *task = data;
  Fill *fill = g_task_get_task_data (task);
  MgCampaign *campaign = g_task_get_source_object (task);
  GError *error = NULL;
  GPtrArray *batch;

  if (g_task_return_error_if_cancelled (task))
    {
      fill->tick_id = 0;
      g_object_unref (task);
      return G_SOURCE_REMOVE;
    }
  if (!fill->all_read && g_async_queue_length (fill->in) < FILL_AHEAD && !read_batch (campaign, fill, &error))
    goto fail;
  batch = fill->held != NULL ? g_steal_pointer (&fill->held) : g_async_queue_try_pop (fill->out);
  if (batch == NULL)
    return G_SOURCE_CONTINUE;
  if (batch == fill->end)
    {
      g_ptr_array_unref (batch);
      fill->tick_id = 0;
      fill_end (task, campaign, fill);
      return G_SOURCE_REMOVE;
    }
  if (!write_batch (campaign, batch, &error))
    {
      if (!g_error_matches (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CHECKING))
        {
          g_ptr_array_unref (batch);
          goto fail;
        }
      /* The file's check runs in its own thread: write when it is done. */
      g_clear_error (&error);
      fill->held = batch;
      return G_SOURCE_CONTINUE;
    }
  if (batch->len > 0)
    fill->written = mg_chronicle_row_get_seq (g_ptr_array_index (batch, batch->len - 1));
  g_ptr_array_unref (batch);
  if (fill->progress != NULL)
    fill->progress ((double) fill->written / (double) fill->upto, fill->progress_data);
  return G_SOURCE_CONTINUE;

fail:
  fill->tick_id = 0;
  fill_return (task, error);
  return G_SOURCE_REMOVE;
}

static void
thread_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  /* Nothing to do: fill_tick reads the batches and the thread's error. */
}

void
mg_chronicle_fill_async (MgCampaign *campaign, GCancellable *cancellable, MgChronicleProgress progress,
                         gpointer progress_data, GAsyncReadyCallback callback, gpointer data)
{
  g_autoptr(GTask) thread = NULL;
  g_autoptr(GError) error = NULL;
  GTask *task = g_task_new (campaign, cancellable, callback, data);
  gint64 upto = mg_chronicle_fill_pending (campaign, &error);
  Fill *fill;

  g_task_set_source_tag (task, mg_chronicle_fill_async);
  if (upto <= 0)
    {
      if (error != NULL)
        g_task_return_error (task, g_steal_pointer (&error));
      else
        g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  fill = g_new0 (Fill, 1);
  fill->game = campaign->game;
  fill->rules = campaign->rules;
  /* json-c counts references without atomics: the thread gets a ruleset no one else holds. */
  fill->ruleset = json_tokener_parse (json_object_to_json_string_ext (campaign->ruleset, JSON_C_TO_STRING_PLAIN));
  fill->players = g_strdupv (campaign->players);
  fill->upto = upto;
  fill->in = g_async_queue_new_full (batch_free);
  fill->out = g_async_queue_new_full (batch_free);
  fill->end = g_ptr_array_new ();
  fill->progress = progress;
  fill->progress_data = progress_data;
  g_task_set_task_data (task, fill, fill_free);
  /* The thread's task holds the outer one (and its data) alive until the thread is done. */
  thread = g_task_new (campaign, cancellable, thread_finished, NULL);
  g_task_set_task_data (thread, g_object_ref (task), g_object_unref);
  fill->tick_id = g_timeout_add (FILL_TICK_MS, fill_tick, task);
  g_task_run_in_thread (thread, fill_thread);
}

gboolean
mg_chronicle_fill_finish (MgCampaign *campaign, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, campaign), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
