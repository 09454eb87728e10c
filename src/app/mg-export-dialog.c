/* mg-export-dialog.c — asks what to export: format, scope (whole, a turn, the session) and whose actions. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-export-dialog.h"

struct _MgExportDialog
{
  AdwMessageDialog parent_instance;

  MgCampaign    *campaign;
  AdwComboRow   *format_row;
  AdwComboRow   *scope_row;
  AdwActionRow  *turn_row;
  AdwComboRow   *player_row;
  GtkAdjustment *turn_adjustment;
};

G_DEFINE_FINAL_TYPE (MgExportDialog, mg_export_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum { SCOPE_WHOLE, SCOPE_TURN, SCOPE_SESSION };
enum { CHOSEN, N_SIGNALS };
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

static void
mg_export_dialog_response (AdwMessageDialog *dialog, const char *response)
{
  if (g_strcmp0 (response, "export") == 0)
    g_signal_emit (dialog, signals[CHOSEN], 0);
}

static void
mg_export_dialog_finalize (GObject *object)
{
  MgExportDialog *self = MG_EXPORT_DIALOG (object);

  g_clear_object (&self->campaign);
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
