/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-async.c — exports off the main thread (GTask), with progress and cancel. */
#include "config.h"

#include "mg-export-async.h"
#include "mg-export-private.h"

gboolean
mg_export_cancellable_stopped (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

void
mg_export_cancelled_error (GError **error)
{
  /* The message stays the walker's. */
  if (error != NULL && g_error_matches (*error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_CANCELLED))
    {
      (*error)->domain = G_IO_ERROR;
      (*error)->code = G_IO_ERROR_CANCELLED;
    }
}

typedef struct {
  char            *path;
  MgExportFormat   format;
  MgExportScope    scope;
  gint64           current_session;
  char            *out_path;
  MgExportProgress progress;
  gpointer         progress_data;
  GMainContext    *context;
} ExportTask;

static void
export_task_free (gpointer data)
{
  ExportTask *t = data;

  g_free (t->path);
  g_free (t->out_path);
  g_free ((char *) t->scope.player);
  g_main_context_unref (t->context);
  g_free (t);
}

typedef struct {
  MgExportProgress progress;
  gpointer         data;
  double           fraction;
} ProgressReport;

static gboolean
progress_dispatch (gpointer data)
{
  ProgressReport *r = data;

  r->progress (r->fraction, r->data);
  return G_SOURCE_REMOVE;
}

/* Runs in the worker thread: the report is delivered on the caller's main context. */
static void
progress_post (double fraction, gpointer data)
{
  ExportTask *t = data;
  ProgressReport *r;
  GSource *source;

  if (t->progress == NULL)
    return;
  r = g_new (ProgressReport, 1);
  r->progress = t->progress;
  r->data = t->progress_data;
  r->fraction = fraction;
  /* Always a source on the caller's context: g_main_context_invoke would run the report right
   * here, in the worker, whenever the caller's loop happens not to hold its context. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, progress_dispatch, r, g_free);
  g_source_attach (source, t->context);
  g_source_unref (source);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportTask *t = task_data;
  g_autoptr(MgCampaign) campaign = NULL;
  GError *error = NULL;

  MgExportStop stop = { mg_export_cancellable_stopped, cancellable };

  /* SQLite connections stay in the thread that opened them: this thread opens its own. */
  campaign = mg_campaign_open (t->path, &error);
  if (campaign == NULL
      || !mg_export_to_file (campaign, t->format, t->scope, t->current_session, TRUE, t->out_path,
                             progress_post, t, &stop, &error))
    {
      mg_export_cancelled_error (&error);
      g_task_return_error (task, error);
    }
  else
    g_task_return_boolean (task, TRUE);
}

void
mg_export_write_async (MgCampaign         *campaign,
                       MgExportFormat      format,
                       MgExportScope       scope,
                       const char         *out_path,
                       MgExportProgress    progress,
                       gpointer            progress_data,
                       GCancellable       *cancellable,
                       GAsyncReadyCallback callback,
                       gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportTask *t;

  g_return_if_fail (MG_IS_CAMPAIGN (campaign));
  g_return_if_fail (out_path != NULL);

  task = g_task_new (campaign, cancellable, callback, user_data);
  g_task_set_source_tag (task, mg_export_write_async);
  t = g_new0 (ExportTask, 1);
  t->path = g_strdup (mg_campaign_get_path (campaign));
  t->format = format;
  t->scope = scope;
  t->scope.player = g_strdup (scope.player);   /* the caller's string may not outlive the thread */
  t->current_session = mg_campaign_get_session (campaign);
  t->out_path = g_strdup (out_path);
  t->progress = progress;
  t->progress_data = progress_data;
  t->context = g_main_context_ref_thread_default ();
  g_task_set_task_data (task, t, export_task_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
mg_export_write_finish (MgCampaign *campaign, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, campaign), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
