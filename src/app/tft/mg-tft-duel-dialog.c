/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-duel-dialog.c — the duel simulator (mg_tft_duel) run in a GTask thread, with progress
 * polled from the main loop and a Stop button; the thread works on its own copies of the
 * ruleset and both figures, so the campaign may change meanwhile. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-odds-bar.h"
#include "mg-tft.h"
#include "mg-tft-duel-dialog.h"
#include "mg-tft-util.h"

typedef struct
{
  json_object     *ruleset, *a, *b;
  guint            n;
  guint32          seed;
  gint             cancel;   /* atomic: set to stop */
  guint            done;     /* atomic: fights done so far */
  MgTftDuelResult  result;
} DuelJob;

struct _MgTftDuelDialog
{
  AdwWindow        parent_instance;

  MgCampaign      *campaign;
  char            *figure;
  char            *opponent;    /* of the run shown */
  DuelJob         *job;         /* the run going on, owned by its GTask */
  guint            poll_id;
  gboolean         have_result;
  MgTftDuelResult  result;

  GtkStack        *button_stack;
  AdwPreferencesGroup *duel_group;
  AdwComboRow     *opponent_row;
  GtkSpinButton   *fights_spin;
  GtkProgressBar  *progress_bar;
  GtkBox          *bar_box;
  GtkLabel        *result_label;
};

G_DEFINE_FINAL_TYPE (MgTftDuelDialog, mg_tft_duel_dialog, ADW_TYPE_WINDOW)

static void
duel_job_free (gpointer data)
{
  DuelJob *job = data;

  json_object_put (job->ruleset);
  json_object_put (job->a);
  json_object_put (job->b);
  g_free (job);
}

static void
duel_progress (guint done, guint total, gpointer data)
{
  DuelJob *job = data;

  g_atomic_int_set (&job->done, done);
}

static void
duel_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DuelJob *job = data;
  GError *error = NULL;

  if (mg_tft_duel (job->ruleset, job->a, job->b, job->n, job->seed, duel_progress, job,
                   &job->cancel, &job->result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
show_result (MgTftDuelDialog *self, const MgTftDuelResult *r, gboolean stopped)
{
  double n = MAX (r->fights, 1);
  g_autofree char *text = NULL;

  mg_widget_remove_children (GTK_WIDGET (self->bar_box));
  gtk_box_append (self->bar_box, mg_odds_bar_new (r->wins_a, r->draws, r->wins_b));
  /* Translators: the duel simulator's result; the last %s is empty or ", stopped early". */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s wins %.1f%% · %s wins %.1f%% · neither %.1f%%\n%u fight%s.",
                                       "%s wins %.1f%% · %s wins %.1f%% · neither %.1f%%\n%u fights%s.", r->fights),
                          self->figure, 100.0 * r->wins_a / n, self->opponent, 100.0 * r->wins_b / n,
                          100.0 * r->draws / n, r->fights, stopped ? _(", stopped early") : "");
  gtk_label_set_text (self->result_label, text);
}

static gboolean
poll_progress (gpointer data)
{
  MgTftDuelDialog *self = data;
  g_autofree char *text = NULL;
  guint done;

  if (self->job == NULL)
    return G_SOURCE_CONTINUE;
  done = g_atomic_int_get (&self->job->done);
  gtk_progress_bar_set_fraction (self->progress_bar, (double) done / MAX (self->job->n, 1));
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u fight", "%u of %u fights", self->job->n),
                          done, self->job->n);
  gtk_progress_bar_set_text (self->progress_bar, text);
  return G_SOURCE_CONTINUE;
}

static void
set_running (MgTftDuelDialog *self, gboolean running)
{
  gtk_stack_set_visible_child_name (self->button_stack, running ? "cancel" : "run");
  gtk_widget_set_sensitive (GTK_WIDGET (self->duel_group), !running);
  if (running && self->poll_id == 0)
    self->poll_id = g_timeout_add (100, poll_progress, self);
  else if (!running)
    g_clear_handle_id (&self->poll_id, g_source_remove);
}

static void
duel_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(MgTftDuelDialog) self = data;
  DuelJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  if (self->job == job)
    self->job = NULL;
  set_running (self, FALSE);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      gtk_label_set_text (self->result_label, error->message);
      return;
    }
  self->result = job->result;
  self->have_result = TRUE;
  gtk_progress_bar_set_fraction (self->progress_bar, (double) job->result.fights / MAX (job->n, 1));
  {
    g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u fight", "%u of %u fights", job->n),
                                             job->result.fights, job->n);
    gtk_progress_bar_set_text (self->progress_bar, text);
  }
  show_result (self, &job->result, g_atomic_int_get (&job->cancel) != 0);
}

void
mg_tft_duel_dialog_run (MgTftDuelDialog *self)
{
  g_autoptr(json_object) view = NULL;
  json_object *a, *b;
  const char *opponent = mg_tft_choice_get (self->opponent_row);
  g_autoptr(GTask) task = NULL;
  DuelJob *job;

  if (self->job != NULL || opponent == NULL)
    return;
  view = mg_tft_view (self->campaign);
  a = mg_tft_view_figure (view, self->figure);
  b = mg_tft_view_figure (view, opponent);
  if (a == NULL || b == NULL)
    return;

  job = g_new0 (DuelJob, 1);
  job->ruleset = NULL;
  json_object_deep_copy (mg_campaign_get_ruleset (self->campaign), &job->ruleset, NULL);
  json_object_deep_copy (a, &job->a, NULL);
  json_object_deep_copy (b, &job->b, NULL);
  job->n = (guint) gtk_spin_button_get_value_as_int (self->fights_spin);
  /* The campaign's seed: the same question gives the same answer. */
  job->seed = mg_campaign_get_seed (self->campaign);
  g_free (self->opponent);
  self->opponent = g_strdup (opponent);
  self->job = job;
  self->have_result = FALSE;
  gtk_label_set_text (self->result_label, "");
  mg_widget_remove_children (GTK_WIDGET (self->bar_box));

  task = g_task_new (NULL, NULL, duel_done, g_object_ref (self));
  g_task_set_task_data (task, job, duel_job_free);
  set_running (self, TRUE);
  g_task_run_in_thread (task, duel_thread);
}

static void
run_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  mg_tft_duel_dialog_run (MG_TFT_DUEL_DIALOG (widget));
}

static void
stop (MgTftDuelDialog *self)
{
  if (self->job != NULL)
    g_atomic_int_set (&self->job->cancel, 1);
}

static void
stop_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  stop (MG_TFT_DUEL_DIALOG (widget));
}

static gboolean
mg_tft_duel_dialog_close_request (GtkWindow *window)
{
  stop (MG_TFT_DUEL_DIALOG (window));
  return GTK_WINDOW_CLASS (mg_tft_duel_dialog_parent_class)->close_request (window);
}

/* Test handles */

gboolean
mg_tft_duel_dialog_set_opponent (MgTftDuelDialog *self, const char *figure)
{
  return mg_tft_choice_set (self->opponent_row, figure);
}

void
mg_tft_duel_dialog_set_fights (MgTftDuelDialog *self, guint n)
{
  gtk_spin_button_set_value (self->fights_spin, n);
}

gboolean
mg_tft_duel_dialog_is_running (MgTftDuelDialog *self)
{
  return self->job != NULL;
}

gboolean
mg_tft_duel_dialog_get_result (MgTftDuelDialog *self, guint *fights, guint *wins, guint *losses, guint *draws)
{
  if (!self->have_result)
    return FALSE;
  *fights = self->result.fights;
  *wins = self->result.wins_a;
  *losses = self->result.wins_b;
  *draws = self->result.draws;
  return TRUE;
}

/* GObject */

static void
mg_tft_duel_dialog_dispose (GObject *object)
{
  MgTftDuelDialog *self = MG_TFT_DUEL_DIALOG (object);

  stop (self);
  g_clear_handle_id (&self->poll_id, g_source_remove);
  G_OBJECT_CLASS (mg_tft_duel_dialog_parent_class)->dispose (object);
}

static void
mg_tft_duel_dialog_finalize (GObject *object)
{
  MgTftDuelDialog *self = MG_TFT_DUEL_DIALOG (object);

  g_clear_object (&self->campaign);
  g_free (self->figure);
  g_free (self->opponent);
  G_OBJECT_CLASS (mg_tft_duel_dialog_parent_class)->finalize (object);
}

static void
mg_tft_duel_dialog_class_init (MgTftDuelDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_tft_duel_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = mg_tft_duel_dialog_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = mg_tft_duel_dialog_close_request;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-duel-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftDuelDialog, name)
  BIND (button_stack);
  BIND (duel_group);
  BIND (opponent_row);
  BIND (fights_spin);
  BIND (progress_bar);
  BIND (bar_box);
  BIND (result_label);
#undef BIND
  gtk_widget_class_install_action (widget_class, "duel.run", NULL, run_activated);
  gtk_widget_class_install_action (widget_class, "duel.stop", NULL, stop_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mg_tft_duel_dialog_init (MgTftDuelDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MgTftDuelDialog *
mg_tft_duel_dialog_new (GtkWindow *parent, MgCampaign *campaign, const char *figure)
{
  MgTftDuelDialog *self = g_object_new (MG_TYPE_TFT_DUEL_DIALOG, "transient-for", parent, NULL);
  g_autoptr(json_object) view = mg_tft_view (campaign);
  json_object *roster = mg_ui_json_array (view, "roster");
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *title = g_strdup_printf (_("%s against…"), figure);

  self->campaign = g_object_ref (campaign);
  self->figure = g_strdup (figure);
  adw_preferences_group_set_title (self->duel_group, title);
  for (size_t i = 0; roster != NULL && i < json_object_array_length (roster); i++)
    {
      json_object *other = json_object_array_get_idx (roster, i);

      if (mg_ui_json_bool (other, "alive") && g_strcmp0 (mg_ui_json_str (other, "name"), figure) != 0)
        g_ptr_array_add (ids, g_strdup (mg_ui_json_str (other, "name")));
    }
  mg_tft_choice_fill (self->opponent_row, ids, ids);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "duel.run", ids->len > 0);
  if (ids->len == 0)
    gtk_label_set_text (self->result_label, _("Make another figure first: a duel needs an opponent."));
  gtk_window_set_default_widget (GTK_WINDOW (self), gtk_stack_get_child_by_name (self->button_stack, "run"));
  return self;
}
