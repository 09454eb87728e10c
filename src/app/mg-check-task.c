/* mg-check-task.c — every check of a campaign the app runs (its first write's, a file changed under it), in a GTask thread (issue 43: nothing slow on the main loop).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "mg-check-task.h"

/* How often the main loop reads the thread's progress (a progress bar moves in steps of it). */
#define PROGRESS_MS 50
/* Below this many rows the check takes a few milliseconds to a tenth of a second (~100 µs a
 * row): the first change runs it, as before, rather than refusing changes until a thread is done. */
#define MIN_ROWS 1000

typedef struct {
  char    *path;
  gboolean outside;     /* the file changed under the campaign: checked and sealed by a connection of its own */
  gint     permille;    /* written by the thread, read by the main loop (atomic) */
  guint    timeout_id;
  GtkWidget *widget;    /* the one it waits for (mg_check_task_start's after_frame), until it runs */
  guint    tick_id;
  gulong   unrealize_id;
  guint    ticks;
  gboolean started;
} Check;

static void
check_free (gpointer data)
{
  Check *check = data;

  g_clear_handle_id (&check->timeout_id, g_source_remove);
  g_free (check->path);
  g_free (check);
}

static void
thread_progress (double fraction, gpointer data)
{
  Check *check = data;

  g_atomic_int_set (&check->permille, (gint) (fraction * 1000));
}

static void
check_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Check *check = data;
  GError *error = NULL;

#ifdef SYS_gettid
  /* Behind the window's own thread when the cores are busy: its frames come first (Linux
   * gives each thread its own nice value). */
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10);
#endif
  if (check->outside)
    {
      /* Read-write: a sound file is sealed as it stands, by this connection's check. */
      g_autoptr(MgCampaign) campaign = mg_campaign_open (check->path, &error);

      if (campaign != NULL && mg_campaign_check (campaign, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }
  if (mg_campaign_check_path (check->path, thread_progress, check, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
show_progress (gpointer data)
{
  GTask *task = data;
  Check *check = g_task_get_task_data (task);

  mg_campaign_set_checking (MG_CAMPAIGN (g_task_get_source_object (task)),
                            g_atomic_int_get (&check->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

/* On the main thread: the campaign learns the result before the caller is told. */
static void
check_done (GObject *source, GAsyncResult *result, gpointer data)
{
  GTask *outer = data;
  Check *check = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;

  g_clear_handle_id (&check->timeout_id, g_source_remove);
  if (check->outside)
    {
      /* The campaign itself learns of it at its next write (sealed: it goes on; damaged: that
       * write's own check refuses it). */
      if (g_task_propagate_boolean (G_TASK (result), &error))
        g_task_return_boolean (outer, TRUE);
      else
        g_task_return_error (outer, error);
    }
  else if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      mg_campaign_checked (MG_CAMPAIGN (source), NULL);
      g_task_return_boolean (outer, TRUE);
    }
  else
    {
      mg_campaign_checked (MG_CAMPAIGN (source), error);
      g_task_return_error (outer, error);
    }
  g_object_unref (outer);
}

static void
run (GTask *task)
{
  Check *check = g_task_get_task_data (task);

  if (check->started)
    return;
  check->started = TRUE;
  g_task_run_in_thread (task, check_thread);
}

/* The first tick is the first frame's own, before it is laid out and painted: the next one
 * comes once it is painted. */
static gboolean
after_first_frame (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Check *check = g_task_get_task_data (G_TASK (data));

  return check->ticks++ == 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* After the first frame, or when the widget goes before it: the check runs (the campaign must
 * learn its result, and the window's callback holds the window until then). */
static void
tick_removed (gpointer data)
{
  GTask *task = data;
  Check *check = g_task_get_task_data (task);

  g_clear_signal_handler (&check->unrealize_id, check->widget);
  check->widget = NULL;
  check->tick_id = 0;
  run (task);
  g_object_unref (task);
}

static void
widget_unrealized (GtkWidget *widget, gpointer data)
{
  Check *check = g_task_get_task_data (G_TASK (data));

  if (check->tick_id != 0)
    gtk_widget_remove_tick_callback (widget, check->tick_id);   /* tick_removed */
}

gboolean
mg_check_task_start (MgCampaign *campaign, GtkWidget *after_frame, GCancellable *cancellable,
                     GAsyncReadyCallback done, gpointer data)
{
  g_autoptr(GTask) task = NULL;
  GTask *outer;
  Check *check;
  gboolean outside;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), FALSE);
  outside = mg_campaign_changed_outside (campaign);
  if (!outside && (!mg_campaign_needs_check (campaign) || mg_campaign_journal_count (campaign) < MIN_ROWS))
    return FALSE;
  outer = g_task_new (campaign, outside ? cancellable : NULL, done, data);
  g_task_set_source_tag (outer, mg_check_task_start);
  check = g_new0 (Check, 1);
  check->path = g_strdup (mg_campaign_get_path (campaign));
  check->outside = outside;
  task = g_task_new (campaign, outside ? cancellable : NULL, check_done, outer);
  g_task_set_task_data (task, check, check_free);
  if (outside)
    g_task_set_return_on_cancel (task, TRUE);
  else
    {
      mg_campaign_set_checking (campaign, 0);
      check->timeout_id = g_timeout_add (PROGRESS_MS, show_progress, task);
    }
  if (after_frame != NULL)
    {
      check->widget = after_frame;
      check->unrealize_id = g_signal_connect (after_frame, "unrealize", G_CALLBACK (widget_unrealized), task);
      check->tick_id = gtk_widget_add_tick_callback (after_frame, after_first_frame, g_object_ref (task),
                                                     tick_removed);
    }
  else
    run (task);
  return TRUE;
}

gboolean
mg_check_task_finish (MgCampaign *campaign, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, campaign), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
