/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-window.c — one window per campaign: the game's pages, Journal, Rules. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-check-task.h"
#include "mg-errors.h"
#include "mg-export-async.h"
#include "mg-export-dialog.h"
#include "mg-game-ui.h"
#include "mg-generic-page.h"
#include "mg-journal-page.h"
#include "mg-chronicle-page.h"
#include "mg-narrate.h"
#include "mg-players-display.h"
#include "mg-phones-dialog.h"
#include "mg-rules-page.h"
#include "mg-widget-util.h"

struct _MgCampaignWindow
{
  AdwApplicationWindow parent_instance;

  MgCampaign       *campaign;
  MgTableState     *table;
  guint             refresh_id;   /* store: polls for other writers (refresh_tick) */
  GCancellable     *checking;     /* while a check runs (start_check): cancelled when the window goes */
  GtkWindow        *display;          /* the players' display, while open */

  AdwToastOverlay  *toast_overlay;
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar *switcher_bar;
  AdwViewStack     *view_stack;
  GtkWidget        *export_button;
  guint             export_idle;
  int               export_hidden_at;  /* the window's width when Export was last hidden, or 0 */
  GtkRevealer      *progress_revealer;
  GtkProgressBar   *progress_bar;
  AdwToast         *step_toast;   /* the undo/redo toast while it is shown, else NULL */

  GCancellable     *export_cancellable;
  char             *export_path;
  GtkNativeDialog  *chooser;
  GBinding         *check_binding;   /* the progress bar follows the check while it runs */
  MgExportFormat    pending_format;
  MgExportScope     pending_scope;
};

G_DEFINE_FINAL_TYPE (MgCampaignWindow, mg_campaign_window, ADW_TYPE_APPLICATION_WINDOW)

enum { PROP_0, PROP_CAMPAIGN, N_PROPS };
static GParamSpec *properties[N_PROPS];

MgCampaign *
mg_campaign_window_get_campaign (MgCampaignWindow *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN_WINDOW (self), NULL);
  return self->campaign;
}

MgTableState *
mg_campaign_window_get_table_state (MgCampaignWindow *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN_WINDOW (self), NULL);
  return self->table;
}

/* win.show-secrets("Red"): shows that seat's secrets (one seat at a time); "" hides them. */
static void
show_secrets_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);

  mg_table_state_show_secrets (self->table, g_variant_get_string (param, NULL));
}

static GSettings *
get_settings (MgCampaignWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return MG_IS_APPLICATION (app) ? mg_application_get_settings (MG_APPLICATION (app)) : NULL;
}

static void
update_actions (MgCampaignWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", mg_campaign_can_undo (self->campaign));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", mg_campaign_can_redo (self->campaign));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", self->export_cancellable == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-export", self->export_cancellable != NULL);
}

static void
step_toast_dismissed (MgCampaignWindow *self)
{
  self->step_toast = NULL;
}

/* store (issue 12): the toast names the row the core really undid or redid — another process
 * may have added rows since this window last looked. */
static void
step (MgCampaignWindow *self, gboolean undo)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;
  g_autofree char *title = NULL;
  g_autofree char *summary = NULL;
  AdwToast *toast;

  entry = undo ? mg_campaign_undo_entry (self->campaign, &error)
               : mg_campaign_redo_entry (self->campaign, &error);
  if (entry == NULL)
    {
      mg_toast_show (GTK_WIDGET (self), error->message);
      update_actions (self);
      return;
    }

  /* Told in the viewer's language, whatever language the row was played in. */
  summary = mg_narrate_entry (self->campaign, entry);
  if (summary[0] == '\0')
    /* Translators: toasts: the last action was undone, or redone. */
    title = g_strdup (undo ? _("Undone") : _("Redone"));
  else if (undo && mg_state_hides_something (mg_campaign_get_state (self->campaign))
           && mg_narrate_entry_tells_secret (self->campaign, entry))
    /* Issue 32: the summary of what was undone may tell a secret that is in force again (Blue's
     * guess undone: Red's gold is hidden again), so the toast names only whose action it was;
     * a public step that revealed nothing is named in full (issue 41). */
    title = entry->actor != NULL && entry->actor[0] != '\0'
            /* Translators: a toast after undoing while a secret is in force; %s is a player. */
            ? g_strdup_printf (_("Undone: %s’s action"), entry->actor)
            : g_strdup (_("Undone: the referee’s action"));
  else
    /* Translators: a toast naming the action undone or redone. */
    title = g_strdup_printf (undo ? _("Undone: %s") : _("Redone: %s"), summary);
  /* The undo/redo toast still shown says what the last step did: a Redo's news must not wait
   * behind its Undo's toast, which would still say "Undone" after the redo. Its text is changed
   * in place (dismissing a shown toast and adding one at once upsets libadwaita 1.2). */
  if (self->step_toast != NULL)
    {
      /* The button first: the title wraps to the room the toast leaves it (mg_toast_retitle). */
      adw_toast_set_button_label (self->step_toast, undo ? _("_Redo") : NULL);
      adw_toast_set_action_name (self->step_toast, undo ? "win.redo" : NULL);
      mg_toast_retitle (GTK_WIDGET (self), self->step_toast, title);
      update_actions (self);
      return;
    }
  toast = adw_toast_new (title);
  if (undo)
    {
      adw_toast_set_button_label (toast, _("_Redo"));
      adw_toast_set_action_name (toast, "win.redo");
    }
  self->step_toast = toast;
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (step_toast_dismissed), self, G_CONNECT_SWAPPED);
  mg_toast_add (GTK_WIDGET (self), toast);
  update_actions (self);
}

/* store (issue 12): another process (the CLI, a second window) may write the campaign; a cheap
 * poll (PRAGMA data_version) reloads it within a second, and "changed" redraws the pages.
 * Issue 42: when the file changed under the window (another program, dd, a restore), the whole
 * check runs in a thread (mg-check-task.h, start_check) before the referee's next write would
 * run it on the main loop. */
static void start_check (MgCampaignWindow *self, gboolean after_first_frame);

static gboolean
refresh_tick (gpointer data)
{
  MgCampaignWindow *self = data;
  g_autoptr(GError) error = NULL;

  if (self->checking == NULL && mg_campaign_changed_outside (self->campaign))
    start_check (self, FALSE);
  if (mg_campaign_refresh (self->campaign, NULL, &error))
    return G_SOURCE_CONTINUE;
  mg_toast_show (GTK_WIDGET (self), error->message);
  self->refresh_id = 0;
  return G_SOURCE_REMOVE;
}
/* end store */

static void
undo_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  step (MG_CAMPAIGN_WINDOW (widget), TRUE);
}

static void
redo_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  step (MG_CAMPAIGN_WINDOW (widget), FALSE);
}

/* Players' display (Ctrl+Shift+D): a second window, for a second screen or a projector. */

static void
players_display_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);

  if (self->display == NULL)
    {
      self->display = GTK_WINDOW (mg_players_display_new (self->table));
      g_object_add_weak_pointer (G_OBJECT (self->display), (gpointer *) &self->display);
      gtk_window_set_application (self->display, gtk_window_get_application (GTK_WINDOW (self)));
      gtk_window_fullscreen (self->display);
    }
  gtk_window_present (self->display);
}

/* Players' phones (issue 37): the table server's switch and each seat's code. */
static void
phones_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (mg_phones_dialog_new (GTK_WINDOW (self), self->campaign)));
}

GtkWindow *
mg_campaign_window_get_players_display (MgCampaignWindow *self)
{
  return self->display;
}

/* win.show-page(n), Ctrl+1…9: the nth page (from 0), in the order of the page switcher. */
static void
show_page_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);
  g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (self->view_stack);
  int n = g_variant_get_int32 (param);
  g_autoptr(AdwViewStackPage) page = NULL;

  if (n < 0 || (guint) n >= g_list_model_get_n_items (G_LIST_MODEL (pages)))
    return;
  page = g_list_model_get_item (G_LIST_MODEL (pages), n);
  adw_view_stack_set_visible_child (self->view_stack, adw_view_stack_page_get_child (page));
}

/* Lazy pages */

static GtkWidget *
ensure_page (MgCampaignWindow *self, const char *name)
{
  return mg_game_ui_ensure_page (self->view_stack, name);
}

static GtkWidget *
journal_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_journal_page_new (campaign));
}

static GtkWidget *
chronicle_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_chronicle_page_new (campaign));
}

static GtkWidget *
rules_page_new (MgCampaign *campaign)
{
  return GTK_WIDGET (mg_rules_page_new (campaign));
}

static void
visible_page_changed (MgCampaignWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  if (name != NULL)
    ensure_page (self, name);
  /* GTK 4.8 tells AT-SPI nothing of a stack's hidden children: a screen reader would read every
   * page built so far as if shown. Only the page on screen is presented (issue 44). */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->view_stack)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 c != adw_view_stack_get_visible_child (self->view_stack), -1);
}

/* New session */

static void
new_session_response (AdwMessageDialog *dialog, const char *response, MgCampaignWindow *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "start") != 0)
    return;
  name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  if (mg_campaign_new_session (self->campaign, name[0] != '\0' ? name : NULL, &error) <= 0)
    {
      mg_error_show (GTK_WINDOW (self), _("Cannot Start a Session"), error->message);
      return;
    }
  {
    g_autofree char *title = g_strdup_printf (_("Session “%s” started"), name);
    mg_toast_show (GTK_WIDGET (self), title);
  }
}

static void
new_session_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);
  g_autoptr(GPtrArray) sessions = mg_campaign_list_sessions (self->campaign, NULL);
  g_autofree char *suggested = g_strdup_printf (_("Session %u"), sessions != NULL ? sessions->len + 1 : 1);
  GtkWidget *dialog;
  GtkWidget *entry;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Session"),
                                   _("Actions from now on are recorded in the new session, so it can be exported on its own."));
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), suggested);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Session name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "start", _("_Start Session"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "start", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "start");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect (dialog, "response", G_CALLBACK (new_session_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Export */

static void
export_progress (double fraction, gpointer data)
{
  MgCampaignWindow *self = data;

  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0.0, 1.0));
}

static void
export_open_clicked (AdwToast *toast, gpointer data)
{
  const char *path = g_object_get_data (G_OBJECT (toast), "path");
  GtkWindow *window = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (window, uri, GDK_CURRENT_TIME);
}

/* Issue 32: a crossfade revealer keeps its size when it hides its child, and an overlay child
 * takes the pointer over what it covers: the strip under the header bar ignored every click.
 * Hidden once it has faded out, it takes no events. */
static void
progress_child_revealed (GtkRevealer *revealer, GParamSpec *pspec, gpointer data)
{
  if (!gtk_revealer_get_child_revealed (revealer) && !gtk_revealer_get_reveal_child (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

static void
export_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(MgCampaignWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  g_clear_object (&self->export_cancellable);
  update_actions (self);

  if (!mg_export_write_finish (MG_CAMPAIGN (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      title = g_strdup_printf (_("Export failed: %s"), error->message);
      mg_toast_show (GTK_WIDGET (self), title);
      return;
    }

  title = g_strdup_printf (_("Exported to %s"), self->export_path);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Open"));
  g_object_set_data_full (G_OBJECT (toast), "path", g_strdup (self->export_path), g_free);
  g_signal_connect (toast, "button-clicked", G_CALLBACK (export_open_clicked), self);
  mg_toast_add (GTK_WIDGET (self), toast);
}

static void
start_export (MgCampaignWindow *self, MgExportFormat format, MgExportScope scope, const char *path)
{
  if (self->export_cancellable != NULL)
    return;

  g_free (self->export_path);
  self->export_path = g_strdup (path);
  self->export_cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  update_actions (self);
  mg_export_write_async (self->campaign, format, scope, path,
                         export_progress, self, self->export_cancellable,
                         export_done, g_object_ref (self));
}

void
mg_campaign_window_export_to (MgCampaignWindow *self,
                              const char       *format_name,
                              int               turn,
                              gint64            session,
                              const char       *path)
{
  MgExportFormat format;
  MgExportScope scope = { turn, session };

  g_return_if_fail (MG_IS_CAMPAIGN_WINDOW (self));
  if (!mg_export_format_from_string (format_name, &format))
    {
      mg_toast_show (GTK_WIDGET (self), _("Unknown export format"));
      return;
    }
  start_export (self, format, scope, path);
}

gboolean
mg_campaign_window_is_exporting (MgCampaignWindow *self)
{
  return self->export_cancellable != NULL;
}

static void
export_file_response (GtkNativeDialog *chooser, int response, MgCampaignWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        start_export (self, self->pending_format, self->pending_scope, path);
    }
  g_clear_object (&self->chooser);
}

static void
export_dialog_chosen (MgExportDialog *dialog, MgCampaignWindow *self)
{
  static const char *extensions[] = { "md", "html", "json", "pdf" };
  GtkFileChooserNative *chooser;
  g_autofree char *suggested = NULL;

  self->pending_format = mg_export_dialog_get_format (dialog);
  self->pending_scope = mg_export_dialog_get_scope (dialog);
  suggested = g_strdup_printf ("%s.%s", mg_campaign_get_name (self->campaign),
                               extensions[self->pending_format]);
  g_strdelimit (suggested, "/\\", '-');

  chooser = gtk_file_chooser_native_new (_("Export Campaign"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (export_file_response), self);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
cancel_export_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);

  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
}

static void
export_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (widget);
  MgExportDialog *dialog = mg_export_dialog_new (GTK_WINDOW (self), self->campaign);

  g_signal_connect (dialog, "chosen", G_CALLBACK (export_dialog_chosen), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Private accessors */

AdwViewSwitcherBar *
mg_campaign_window_get_switcher_bar (MgCampaignWindow *self)
{
  return self->switcher_bar;
}

AdwViewStack *
mg_campaign_window_get_view_stack (MgCampaignWindow *self)
{
  return self->view_stack;
}

GtkWidget *
mg_campaign_window_get_page (MgCampaignWindow *self, const char *name)
{
  return ensure_page (self, name);
}

const char *
mg_campaign_window_get_last_toast (MgCampaignWindow *self)
{
  return mg_toast_last (GTK_WIDGET (self->toast_overlay));
}

/* GObject */

static gboolean
mg_campaign_window_close_request (GtkWindow *window)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (window);
  GSettings *settings = get_settings (self);

  if (settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (settings, "window-width", width);
          g_settings_set_int (settings, "window-height", height);
        }
    }
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);

  return GTK_WINDOW_CLASS (mg_campaign_window_parent_class)->close_request (window);
}

/* Narrow: the page switcher moves to the bottom, and Export to the menu only. Deferred: the
 * switcher title decides this while it is being allocated, when nothing may change size. */
static gboolean
update_export_button (gpointer data)
{
  MgCampaignWindow *self = data;

  int width = gtk_widget_get_width (GTK_WIDGET (self));
  gboolean show = !adw_view_switcher_bar_get_reveal (self->switcher_bar);

  self->export_idle = 0;
  /* Hiding Export gives the switcher room; showing it again at the same width would take that
   * room back, and the switcher would move down again, and so on (five pages at 800 px): it
   * comes back once the window is wider than when it went. */
  if (show && self->export_hidden_at > 0 && width <= self->export_hidden_at)
    return G_SOURCE_REMOVE;
  if (!show && gtk_widget_get_visible (self->export_button))
    self->export_hidden_at = width;
  gtk_widget_set_visible (self->export_button, show);
  return G_SOURCE_REMOVE;
}

static void
switcher_bar_revealed (MgCampaignWindow *self)
{
  if (self->export_idle == 0)
    self->export_idle = g_idle_add (update_export_button, self);
  if (adw_view_switcher_bar_get_reveal (self->switcher_bar)
      && adw_view_switcher_bar_get_stack (self->switcher_bar) == NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, self->view_stack);
}

/* Issue 43: the checks run in a thread (mg-check-task.h): the one a copied, restored or
 * uncleanly closed campaign needs before its first change, and the one a file changed under the
 * window needs (issue 42). The window draws meanwhile; during the first, the progress bar shows
 * it and changes are refused in plain words (by the campaign) until it is over. */
static void
check_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(MgCampaignWindow) self = data;
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->checking);
  g_clear_pointer (&self->check_binding, g_binding_unbind);
  if (self->export_cancellable == NULL)
    gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  if (!mg_check_task_finish (MG_CAMPAIGN (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    mg_toast_show (GTK_WIDGET (self), error->message);
  update_actions (self);
}

static void
start_check (MgCampaignWindow *self, gboolean after_first_frame)
{
  self->checking = g_cancellable_new ();
  if (!mg_check_task_start (self->campaign, after_first_frame ? GTK_WIDGET (self) : NULL, self->checking,
                            check_done, g_object_ref (self)))
    {
      g_clear_object (&self->checking);
      g_object_unref (self);
      return;
    }
  if (!mg_table_get_checking (self->table))
    return;   /* a file changed outside: no writes wait for it, no progress to show */
  self->check_binding = g_object_bind_property (self->table, "check-fraction", self->progress_bar, "fraction",
                                                G_BINDING_SYNC_CREATE);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
}

gboolean
mg_campaign_window_is_checking (MgCampaignWindow *self)
{
  return self->checking != NULL || mg_table_get_checking (self->table);
}

/* Needs the application (set after constructed()), so called from _new(). */
static void
mg_campaign_window_setup (MgCampaignWindow *self)
{
  const MgRules *rules = mg_campaign_get_rules (self->campaign);
  const MgGameUi *game_ui = mg_game_ui_lookup (mg_campaign_get_game_id (self->campaign));
  GSettings *settings = get_settings (self);

  /* Before the pages: they subscribe to it. */
  self->table = g_object_ref (mg_table_state_for_campaign (self->campaign));
  gtk_window_set_title (GTK_WINDOW (self), mg_campaign_get_name (self->campaign));
  adw_view_switcher_title_set_title (self->switcher_title, mg_campaign_get_name (self->campaign));
  adw_view_switcher_title_set_subtitle (self->switcher_title, rules != NULL ? _(rules->name) : "");
  /* store: a campaign that cannot be written says so (every change is refused by the core) */
  if (mg_campaign_is_read_only (self->campaign))
    {
      g_autofree char *subtitle = g_strdup_printf (_("%s — read-only"), rules != NULL ? _(rules->name) : "");
      adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
    }

  if (game_ui->add_pages != NULL)
    game_ui->add_pages (self->view_stack, self->campaign);
  else   /* a game with no pages of its own is played from its declarations (issue 47) */
    mg_game_ui_add_page (self->view_stack, self->campaign, "play", _("Play"),
                         "media-playback-start-symbolic", mg_generic_page_new);
  /* Every page is built when first shown: opening a campaign builds only the page it opens
   * on, and does no work that grows with its journal. */
  mg_game_ui_add_page (self->view_stack, self->campaign, "journal", _("Journal"),
                       "view-list-bullet-symbolic", journal_page_new);
  mg_game_ui_add_page (self->view_stack, self->campaign, "rules", _("Rules"),
                       "document-properties-symbolic", rules_page_new);
  /* Last, so the pages' Ctrl+number shortcuts stay what they were. */
  if (mg_chronicle_of (self->campaign) != NULL)
    mg_game_ui_add_page (self->view_stack, self->campaign, "chronicle", _("Chronicle"),
                         "x-office-spreadsheet-symbolic", chronicle_page_new);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name",
                            G_CALLBACK (visible_page_changed), self);
  visible_page_changed (self);
  g_signal_connect_swapped (self->switcher_bar, "notify::reveal",
                            G_CALLBACK (switcher_bar_revealed), self);
  /* Wider than when Export went: it may come back (update_export_button). */
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (switcher_bar_revealed), self);
  switcher_bar_revealed (self);

  if (settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }

  g_signal_connect_object (self->campaign, "changed", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  update_actions (self);
  self->refresh_id = g_timeout_add_seconds (1, refresh_tick, self);   /* store */
  start_check (self, TRUE);   /* its thread once the window has painted its first frame */
}

static void
mg_campaign_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mg_campaign_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      self->campaign = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mg_campaign_window_dispose (GObject *object)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (object);

  g_clear_handle_id (&self->export_idle, g_source_remove);
  g_clear_handle_id (&self->refresh_id, g_source_remove);   /* store */
  if (self->checking != NULL)
    g_cancellable_cancel (self->checking);   /* store */
  if (self->display != NULL)
    gtk_window_destroy (self->display);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
  G_OBJECT_CLASS (mg_campaign_window_parent_class)->dispose (object);
}

static void
mg_campaign_window_finalize (GObject *object)
{
  MgCampaignWindow *self = MG_CAMPAIGN_WINDOW (object);

  g_clear_object (&self->table);
  g_clear_object (&self->campaign);
  g_clear_object (&self->export_cancellable);
  g_free (self->export_path);
  G_OBJECT_CLASS (mg_campaign_window_parent_class)->finalize (object);
}

static void
mg_campaign_window_class_init (MgCampaignWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->get_property = mg_campaign_window_get_property;
  object_class->set_property = mg_campaign_window_set_property;
  object_class->dispose = mg_campaign_window_dispose;
  object_class->finalize = mg_campaign_window_finalize;
  window_class->close_request = mg_campaign_window_close_request;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, MG_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-campaign-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, MgCampaignWindow, progress_bar);
  gtk_widget_class_bind_template_callback (widget_class, progress_child_revealed);
  /* Looked up once in init (mg_menu_button_defer_menu), so not kept in the struct. */
  gtk_widget_class_bind_template_child_full (widget_class, "menu_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "primary_menu", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "win.cancel-export", NULL, cancel_export_activated);
  gtk_widget_class_install_action (widget_class, "win.new-session", NULL, new_session_activated);
  gtk_widget_class_install_action (widget_class, "win.show-secrets", "s", show_secrets_activated);
  gtk_widget_class_install_action (widget_class, "win.players-display", NULL, players_display_activated);
  gtk_widget_class_install_action (widget_class, "win.phones", NULL, phones_activated);
  gtk_widget_class_install_action (widget_class, "win.show-page", "i", show_page_activated);
  for (int i = 0; i < 9; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_CONTROL_MASK, "win.show-page", "i", i);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, mg_widget_show_shortcuts);
}

static void
mg_campaign_window_init (MgCampaignWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mg_menu_button_defer_menu (GTK_MENU_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_CAMPAIGN_WINDOW,
                                                                             "menu_button")),
                             G_MENU_MODEL (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_CAMPAIGN_WINDOW,
                                                                          "primary_menu")));
}

MgCampaignWindow *
mg_campaign_window_new (MgApplication *app, MgCampaign *campaign)
{
  MgCampaignWindow *self = g_object_new (MG_TYPE_CAMPAIGN_WINDOW,
                                         "application", app, "campaign", campaign, NULL);

  mg_campaign_window_setup (self);
  return self;
}
