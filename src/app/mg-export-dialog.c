/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-dialog.c — asks what to export: format, scope (whole, a turn, the session) and whose
 * actions; remembers the last format and scope; prints the same layout as the PDF. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-export-dialog.h"
#include "mg-settings.h"

struct _MgExportDialog
{
  AdwMessageDialog parent_instance;

  MgCampaign    *campaign;
  AdwComboRow   *format_row;
  AdwComboRow   *scope_row;
  AdwActionRow  *turn_row;
  AdwComboRow   *player_row;
  GtkAdjustment *turn_adjustment;
  GSettings     *settings;    /* NULL when no schema is found */
};

G_DEFINE_FINAL_TYPE (MgExportDialog, mg_export_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum { SCOPE_WHOLE, SCOPE_TURN, SCOPE_SESSION };
enum { CHOSEN, N_SIGNALS };
/* The settings' names of the format and scope rows' items, in the rows' order. */
static const char * const format_names[] = { "md", "html", "json", "pdf" };
static const char * const scope_names[] = { "campaign", "turn", "session" };
static guint signals[N_SIGNALS];

MgExportFormat
mg_export_dialog_get_format (MgExportDialog *self)
{
  return (MgExportFormat) MIN (adw_combo_row_get_selected (self->format_row), MG_EXPORT_PDF);
}

MgExportScope
mg_export_dialog_get_scope (MgExportDialog *self)
{
  MgExportScope scope = { 0 };
  const char * const *players = mg_campaign_get_players (self->campaign);
  guint n_players = g_strv_length ((char **) players);
  guint player = adw_combo_row_get_selected (self->player_row);

  switch (adw_combo_row_get_selected (self->scope_row))
    {
    case SCOPE_TURN:
      scope.turn = (int) gtk_adjustment_get_value (self->turn_adjustment);
      break;
    case SCOPE_SESSION:
      scope.session = mg_campaign_get_session (self->campaign);
      break;
    default:
      break;
    }
  /* Everyone, then each player in seat order, then the referee's own actions. */
  if (player > 0 && player <= n_players)
    scope.player = players[player - 1];
  else if (player == n_players + 1)
    scope.player = "GM";
  return scope;
}

static void
scope_changed (MgExportDialog *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->turn_row),
                            adw_combo_row_get_selected (self->scope_row) == SCOPE_TURN);
}

static guint
index_of (const char * const *names, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return 0;
}

static void
remember (MgExportDialog *self)
{
  guint format = adw_combo_row_get_selected (self->format_row);
  guint scope = adw_combo_row_get_selected (self->scope_row);

  if (self->settings == NULL)
    return;
  if (format < G_N_ELEMENTS (format_names))
    g_settings_set_string (self->settings, "export-format", format_names[format]);
  if (scope < G_N_ELEMENTS (scope_names))
    g_settings_set_string (self->settings, "export-scope", scope_names[scope]);
}

/* ---- printing: the PDF's layout, recorded page by page off the main thread ---- */

typedef struct {
  char          *path;
  MgExportScope  scope;
  char          *title;
  char          *export_filename;
  GtkWindow     *parent;
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_free (job->path);
  g_free ((char *) job->scope.player);
  g_free (job->title);
  g_free (job->export_filename);
  g_clear_object (&job->parent);
  g_free (job);
}

static void
print_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  PrintJob *job = data;
  g_autoptr(MgCampaign) campaign = NULL;
  GError *error = NULL;
  GPtrArray *pages = NULL;

  /* SQLite connections stay in the thread that opened them: this thread opens its own. */
  campaign = mg_campaign_open (job->path, &error);
  if (campaign != NULL)
    pages = mg_export_pages (campaign, job->scope, cancellable, &error);
  if (pages == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, pages, (GDestroyNotify) g_ptr_array_unref);
}

static void
draw_page (GtkPrintOperation *op, GtkPrintContext *context, int page_nr, GPtrArray *pages)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  cairo_rectangle_t extents = { 0, 0, MG_EXPORT_PAGE_WIDTH, MG_EXPORT_PAGE_HEIGHT };
  double width = gtk_print_context_get_width (context), height = gtk_print_context_get_height (context);
  double scale;

  if (page_nr < 0 || (guint) page_nr >= pages->len)
    return;
  cairo_save (cr);
  /* A landscape page (a wide table's) is turned onto portrait paper, and the other way round. */
  cairo_recording_surface_get_extents (g_ptr_array_index (pages, page_nr), &extents);
  if ((extents.width > extents.height) != (width > height))
    {
      double swap = width;

      cairo_translate (cr, width, 0);
      cairo_rotate (cr, G_PI / 2);
      width = height;
      height = swap;
    }
  scale = MIN (width / extents.width, height / extents.height);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, g_ptr_array_index (pages, page_nr), 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

static void
print_done (GtkPrintOperation *op, GtkPrintOperationResult result, gpointer data)
{
  g_autoptr(GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_print_operation_get_error (op, &error);
      g_warning ("Printing failed: %s", error != NULL ? error->message : "");
    }
  g_object_unref (op);
}

static void
pages_ready (GObject *source, GAsyncResult *result, gpointer data)
{
  PrintJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) pages = g_task_propagate_pointer (G_TASK (result), &error);
  g_autoptr(GtkPageSetup) setup = NULL;
  GtkPrintOperation *op;

  if (pages == NULL)
    {
      if (job->parent != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          AdwMessageDialog *alert = ADW_MESSAGE_DIALOG (adw_message_dialog_new (job->parent, _("Cannot Print"),
                                                                                error->message));

          adw_message_dialog_add_response (alert, "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (alert));
        }
      return;
    }
  op = gtk_print_operation_new ();
  setup = gtk_page_setup_new ();
  {
    g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);

    gtk_page_setup_set_paper_size_and_default_margins (setup, a4);
  }
  gtk_print_operation_set_default_page_setup (op, setup);
  /* The layout has its own margins, header and page numbers: the whole sheet is drawn. */
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_n_pages (op, (int) pages->len);
  gtk_print_operation_set_job_name (op, job->title);
  gtk_print_operation_set_allow_async (op, TRUE);
  g_object_set_data_full (G_OBJECT (op), "pages", g_ptr_array_ref (pages), (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect (op, "draw-page", G_CALLBACK (draw_page), pages);
  /* "done" holds its own reference: it comes during run() or after it. */
  g_signal_connect (g_object_ref (op), "done", G_CALLBACK (print_done), NULL);
  if (job->export_filename != NULL)
    gtk_print_operation_set_export_filename (op, job->export_filename);
  if (gtk_print_operation_run (op, job->export_filename != NULL ? GTK_PRINT_OPERATION_ACTION_EXPORT
                                                                : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               job->parent, &error) == GTK_PRINT_OPERATION_RESULT_ERROR && error != NULL)
    g_warning ("Printing failed: %s", error->message);
  g_object_unref (op);
}

void
mg_export_dialog_print (GtkWindow *parent, MgCampaign *campaign, MgExportScope scope,
                        const char *export_filename, GCancellable *cancellable)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, pages_ready, NULL);
  PrintJob *job = g_new0 (PrintJob, 1);

  job->path = g_strdup (mg_campaign_get_path (campaign));
  job->scope = scope;
  job->scope.player = g_strdup (scope.player);
  /* A turn-only scope looks in the session the window is in, as the exports do. */
  job->title = g_strdup (mg_campaign_get_name (campaign));
  job->export_filename = g_strdup (export_filename);
  job->parent = parent != NULL ? g_object_ref (parent) : NULL;
  g_task_set_task_data (task, job, print_job_free);
  g_task_run_in_thread (task, print_thread);
}

static void
mg_export_dialog_response (AdwMessageDialog *dialog, const char *response)
{
  MgExportDialog *self = MG_EXPORT_DIALOG (dialog);

  if (g_strcmp0 (response, "export") == 0)
    {
      remember (self);
      g_signal_emit (dialog, signals[CHOSEN], 0);
    }
  else if (g_strcmp0 (response, "print") == 0)
    {
      remember (self);
      mg_export_dialog_print (gtk_window_get_transient_for (GTK_WINDOW (self)), self->campaign,
                              mg_export_dialog_get_scope (self), NULL, NULL);
    }
}

static void
mg_export_dialog_finalize (GObject *object)
{
  MgExportDialog *self = MG_EXPORT_DIALOG (object);

  g_clear_object (&self->campaign);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (mg_export_dialog_parent_class)->finalize (object);
}

static void
mg_export_dialog_class_init (MgExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->finalize = mg_export_dialog_finalize;
  dialog_class->response = mg_export_dialog_response;

  signals[CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MgExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, MgExportDialog, scope_row);
  gtk_widget_class_bind_template_child (widget_class, MgExportDialog, turn_row);
  gtk_widget_class_bind_template_child (widget_class, MgExportDialog, turn_adjustment);
  gtk_widget_class_bind_template_child (widget_class, MgExportDialog, player_row);
}

static void
mg_export_dialog_init (MgExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The format and scope last used come first. */
  self->settings = mg_settings_new ();
  if (self->settings != NULL)
    {
      g_autofree char *format = g_settings_get_string (self->settings, "export-format");
      g_autofree char *scope = g_settings_get_string (self->settings, "export-scope");

      adw_combo_row_set_selected (self->format_row, index_of (format_names, G_N_ELEMENTS (format_names), format));
      adw_combo_row_set_selected (self->scope_row, index_of (scope_names, G_N_ELEMENTS (scope_names), scope));
    }
  g_signal_connect_swapped (self->scope_row, "notify::selected", G_CALLBACK (scope_changed), self);
  scope_changed (self);
}

static void
fill_players (MgExportDialog *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  const char * const *players = mg_campaign_get_players (self->campaign);

  gtk_string_list_append (list, _("Everyone"));
  for (guint i = 0; players[i] != NULL; i++)
    gtk_string_list_append (list, players[i]);
  gtk_string_list_append (list, _("The referee (GM)"));
  adw_combo_row_set_model (self->player_row, G_LIST_MODEL (list));
}

MgExportDialog *
mg_export_dialog_new (GtkWindow *parent, MgCampaign *campaign)
{
  MgExportDialog *self = g_object_new (MG_TYPE_EXPORT_DIALOG,
                                       "transient-for", parent,
                                       "modal", TRUE,
                                       NULL);
  gint64 count = mg_campaign_journal_count (campaign);
  int last_turn = 1;

  self->campaign = g_object_ref (campaign);
  fill_players (self);
  if (count > 0)
    {
      g_autoptr(GPtrArray) rows = mg_campaign_journal_range (campaign, count - 1, 1, NULL);

      if (rows != NULL && rows->len == 1)
        last_turn = MAX (1, ((MgJournalEntry *) g_ptr_array_index (rows, 0))->turn);
    }
  gtk_adjustment_set_upper (self->turn_adjustment, last_turn);
  gtk_adjustment_set_value (self->turn_adjustment, last_turn);
  return self;
}

AdwComboRow *
mg_export_dialog_get_player_row (MgExportDialog *self)
{
  return self->player_row;
}

AdwComboRow *
mg_export_dialog_get_format_row (MgExportDialog *self)
{
  return self->format_row;
}

AdwComboRow *
mg_export_dialog_get_scope_row (MgExportDialog *self)
{
  return self->scope_row;
}
