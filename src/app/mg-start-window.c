/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-start-window.c — the start page: new campaign, open, recent campaigns, the sample. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>

#include "mg-application.h"
#include "mg-campaign.h"
#include "mg-errors.h"
#include "mg-game-ui.h"
#include "mg-ruleset.h"
#include "mg-settings.h"
#include "mg-start-window-private.h"
#include "mg-widget-util.h"

struct _MgStartWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwLeaflet      *leaflet;
  AdwPreferencesGroup *recent_group;
  GtkListBox      *recent_list;
  AdwComboRow     *game_row;
  AdwComboRow     *variant_row;
  GtkMenuButton   *samples_button;
  AdwEntryRow     *name_row;
  AdwActionRow    *folder_row;
  GtkListBox      *players_list;
  GtkWidget       *add_player_button;
  GtkWidget       *create_button;
  GtkLabel        *form_message;

  GPtrArray       *player_rows;   /* AdwEntryRow* */
  char            *folder;
  gboolean         create_tried;  /* Create was pressed: every field's problem is said */
  guint            validate_idle;
  GtkNativeDialog *chooser;
};

G_DEFINE_FINAL_TYPE (MgStartWindow, mg_start_window, ADW_TYPE_APPLICATION_WINDOW)

static MgApplication *
get_app (MgStartWindow *self)
{
  return MG_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

static const MgRules *
selected_rules (MgStartWindow *self)
{
  guint n = 0;
  const MgRules **all = mg_rules_all (&n);
  guint i = adw_combo_row_get_selected (self->game_row);

  return i < n ? all[i] : NULL;
}

/* The variant chosen for the selected game; NULL for a game of one. */
static const MgGameVariant *
selected_variant (MgStartWindow *self)
{
  const MgRules *rules = selected_rules (self);
  const MgGame *game = rules != NULL ? mg_game_lookup (rules->id) : NULL;
  guint i = adw_combo_row_get_selected (self->variant_row);

  return game != NULL && i < game->n_variants ? &game->variants[i] : NULL;
}

/* How many players the chosen game, or its chosen variant, is for. */
static void
player_limits (MgStartWindow *self, guint *min, guint *max)
{
  const MgRules *rules = selected_rules (self);
  const MgGameVariant *variant = selected_variant (self);

  *min = variant != NULL ? variant->min_players : rules != NULL ? rules->min_players : 2;
  *max = variant != NULL ? variant->max_players : rules != NULL ? rules->max_players : 2;
  *min = MAX (*min, 1);
  *max = MAX (*max, *min);
}

/* "…/Friday Meeples 2.db" → "Friday Meeples 2". */
static char *
real_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  if (g_str_has_suffix (base, ".db"))
    base[strlen (base) - 3] = '\0';
  return g_steal_pointer (&base);
}

/* A field's problem is said once the referee touched it (typed in it, or left it), or tried
 * to create; before that a missing field only keeps Create disabled. */
static gboolean
complain_about (MgStartWindow *self, GtkWidget *field)
{
  return self->create_tried || mg_error_touched (field);
}

/* Validation: says what is missing, and only enables Create when nothing is. */
static void
validate_form (MgStartWindow *self)
{
  const MgRules *rules = selected_rules (self);
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  g_autofree char *message = NULL;
  g_autofree char *message_hint = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *trimmed = g_strstrip (g_strdup (name));
  gboolean name_ok = trimmed[0] != '\0';
  gboolean complete = rules != NULL && name_ok;

  if (complain_about (self, GTK_WIDGET (self->name_row)) && !name_ok)
    gtk_widget_add_css_class (GTK_WIDGET (self->name_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->name_row), "error");

  if (rules == NULL)
    message = g_strdup (_("This version of Melee GM has no games built in."));
  else if (!name_ok && complain_about (self, GTK_WIDGET (self->name_row)))
    message = g_strdup (_("Give the campaign a name."));

  for (guint i = 0; i < self->player_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->player_rows, i);
      g_autofree char *player = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
      g_autofree char *folded = g_utf8_casefold (player, -1);
      gboolean bad = FALSE;

      if (player[0] == '\0')
        {
          complete = FALSE;
          bad = complain_about (self, row);
          if (message == NULL && bad)
            message = g_strdup_printf (_("Name player %u."), i + 1);
        }
      else if (g_hash_table_contains (seen, folded))
        {
          if (message == NULL)
            message = g_strdup_printf (_("Two players are called “%s”; give each a different name."), player);
          complete = FALSE;
          bad = TRUE;
        }
      else
        g_hash_table_add (seen, g_steal_pointer (&folded));

      if (bad)
        gtk_widget_add_css_class (row, "error");
      else
        gtk_widget_remove_css_class (row, "error");
    }

  /* Another campaign of that name in the folder: this one takes the next free name, said
   * here, before Create, and used as its name too (window, exports). */
  if (complete && message == NULL && self->folder != NULL)
    {
      g_autofree char *path = mg_application_unique_path (self->folder, trimmed);
      g_autofree char *real = real_name (path);

      if (g_strcmp0 (real, trimmed) != 0)
        message_hint = g_strdup_printf (_("A campaign called “%s” is already in this folder: this one will be called “%s”."),
                                        trimmed, real);
    }
  if (!complete && message == NULL && rules != NULL)
    message_hint = g_strdup (_("Name the campaign and its players, then press Create."));
  gtk_label_set_text (self->form_message,
                      message != NULL ? message
                      : message_hint != NULL ? message_hint
                                             : _("The campaign is saved as you play; there is nothing else to save."));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "start.create", complete && message == NULL);
  if (rules != NULL)
    {
      guint min, max;

      player_limits (self, &min, &max);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "start.add-player", self->player_rows->len < max);
    }
}

static void
form_changed (MgStartWindow *self)
{
  validate_form (self);
}

static gboolean
validate_later (gpointer data)
{
  MgStartWindow *self = MG_START_WINDOW (data);

  self->validate_idle = 0;
  if (self->game_row != NULL)   /* not while the window goes */
    validate_form (self);
  return G_SOURCE_REMOVE;
}

/* Leaving a field counts as touching it (mg-errors' own focus controller marks it): say its
 * problem then, once that mark is made, not only on the next key. */
static void
field_left (GtkEventControllerFocus *focus, MgStartWindow *self)
{
  /* Focus also leaves the fields while the window is destroyed: nothing to say then. */
  if (self->validate_idle == 0 && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    self->validate_idle = g_idle_add (validate_later, self);
}

static void
track_field (MgStartWindow *self, GtkWidget *field)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  mg_error_track_touched (field);
  g_signal_connect_object (focus, "leave", G_CALLBACK (field_left), self, G_CONNECT_AFTER);
  gtk_widget_add_controller (field, focus);
}

static void
add_player_row (MgStartWindow *self)
{
  GtkWidget *row = adw_entry_row_new ();
  g_autofree char *title = g_strdup_printf (_("Player %u"), self->player_rows->len + 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
  track_field (self, row);
  g_signal_connect_swapped (row, "changed", G_CALLBACK (form_changed), self);
  gtk_list_box_append (self->players_list, row);
  g_ptr_array_add (self->player_rows, row);
}

/* As many player rows as the game (or its variant) is for: rows over its most are removed
 * from the end, rows up to its least added. */
static void
fit_players (MgStartWindow *self)
{
  guint min, max;

  player_limits (self, &min, &max);
  while (self->player_rows->len > max)
    {
      GtkWidget *row = g_ptr_array_steal_index (self->player_rows, self->player_rows->len - 1);
      gtk_list_box_remove (self->players_list, row);
    }
  while (self->player_rows->len < min)
    add_player_row (self);
  validate_form (self);
}

static void
game_changed (MgStartWindow *self)
{
  const MgRules *rules = selected_rules (self);
  const MgGame *game = rules != NULL ? mg_game_lookup (rules->id) : NULL;
  g_autoptr(GtkStringList) titles = NULL;

  if (game != NULL && game->n_variants > 0)
    {
      titles = gtk_string_list_new (NULL);
      for (guint i = 0; i < game->n_variants; i++)
        gtk_string_list_append (titles, mg_game_variant_title (&game->variants[i]));
    }
  /* The first variant is the shipped ruleset's; a model set again selects it. */
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (titles));
  gtk_widget_set_visible (GTK_WIDGET (self->variant_row), titles != NULL);
  fit_players (self);
}

static void
update_folder_row (MgStartWindow *self)
{
  g_autoptr(GFile) file = g_file_new_for_path (self->folder);
  g_autofree char *display = g_file_get_parse_name (file);
  const char *home = g_get_home_dir ();

  if (g_str_has_prefix (display, home) && home[1] != '\0')
    {
      g_autofree char *tilde = g_strconcat ("~", display + strlen (home), NULL);
      adw_action_row_set_subtitle (self->folder_row, tilde);
    }
  else
    adw_action_row_set_subtitle (self->folder_row, display);
}

void
mg_start_window_set_folder (MgStartWindow *self, const char *folder)
{
  g_return_if_fail (MG_IS_START_WINDOW (self));

  g_free (self->folder);
  self->folder = g_strdup (folder);
  update_folder_row (self);
}

/* Recent campaigns */

static void
recent_row_activated (AdwActionRow *row, MgStartWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (row), "path");

  mg_application_open_path_async (get_app (self), path, GTK_WINDOW (self));
}

static void refresh_recent (MgStartWindow *self);

static void
recent_forget_clicked (GtkButton *button, MgStartWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (button), "path");

  mg_recent_remove (mg_application_get_settings (get_app (self)), path);
  refresh_recent (self);
}

static void
refresh_recent (MgStartWindow *self)
{
  MgApplication *app = get_app (self);
  g_auto(GStrv) paths = NULL;
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);

  paths = mg_recent_list (app != NULL ? mg_application_get_settings (app) : NULL);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *base = g_path_get_basename (paths[i]);
      g_autofree char *dir = g_path_get_dirname (paths[i]);
      g_autofree char *title = NULL;
      gboolean exists = g_file_test (paths[i], G_FILE_TEST_IS_REGULAR);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *forget;

      if (g_str_has_suffix (base, ".db"))
        base[strlen (base) - 3] = '\0';
      title = g_markup_escape_text (base, -1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      g_object_set_data_full (G_OBJECT (row), "path", g_strdup (paths[i]), g_free);

      if (exists)
        {
          g_autofree char *subtitle = g_markup_escape_text (dir, -1);

          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
          g_signal_connect (row, "activated", G_CALLBACK (recent_row_activated), self);
        }
      else
        {
          g_autofree char *subtitle = g_markup_printf_escaped (_("Missing: %s"), paths[i]);

          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          gtk_widget_add_css_class (row, "missing");
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
        }

      forget = gtk_button_new_from_icon_name ("window-close-symbolic");
      gtk_widget_set_valign (forget, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (forget, "flat");
      gtk_widget_add_css_class (forget, "circular");
      gtk_widget_set_tooltip_text (forget, _("Remove From List"));
      g_object_set_data_full (G_OBJECT (forget), "path", g_strdup (paths[i]), g_free);
      g_signal_connect (forget, "clicked", G_CALLBACK (recent_forget_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), forget);

      gtk_list_box_append (self->recent_list, row);
      shown++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_group), shown > 0);
}

/* Actions */

void
mg_start_window_show_new_form (MgStartWindow *self)
{
  g_return_if_fail (MG_IS_START_WINDOW (self));

  adw_leaflet_set_visible_child_name (self->leaflet, "new");
  gtk_window_set_default_widget (GTK_WINDOW (self), self->create_button);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  validate_form (self);
}

static void
show_new_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  mg_start_window_show_new_form (MG_START_WINDOW (widget));
}

static void
back_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgStartWindow *self = MG_START_WINDOW (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "home");
  gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
}

static void
add_player_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgStartWindow *self = MG_START_WINDOW (widget);

  add_player_row (self);
  validate_form (self);
}

static void
create_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgStartWindow *self = MG_START_WINDOW (widget);
  const MgRules *rules = selected_rules (self);
  g_autofree char *campaign_name = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  const MgGameVariant *variant;
  json_object *ruleset = NULL;

  self->create_tried = TRUE;
  validate_form (self);
  if (rules == NULL || !gtk_widget_get_sensitive (self->create_button))
    return;

  campaign_name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  for (guint i = 0; i < self->player_rows->len; i++)
    {
      GtkEditable *row = g_ptr_array_index (self->player_rows, i);
      g_ptr_array_add (players, g_strstrip (g_strdup (gtk_editable_get_text (row))));
    }
  g_ptr_array_add (players, NULL);

  if (g_mkdir_with_parents (self->folder, 0700) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("Cannot use the folder “%s”: %s. Choose another folder."),
                                                  self->folder, g_strerror (errno));
      gtk_label_set_text (self->form_message, message);
      return;
    }
  path = mg_application_unique_path (self->folder, campaign_name);
  /* The name the form announced when the first was taken: the file's, so the two never differ. */
  g_free (campaign_name);
  campaign_name = real_name (path);
  variant = selected_variant (self);
  if (variant != NULL)
    {
      /* The shipped ruleset, playing the chosen variant. */
      ruleset = mg_ruleset_load_default (rules->id, &error);
      if (ruleset != NULL)
        json_object_object_add (ruleset, mg_game_lookup (rules->id)->variant_key,
                                json_object_new_string (variant->value));
    }
  if (variant == NULL || ruleset != NULL)
    campaign = mg_campaign_create (path, rules->id, campaign_name,
                                   (const char * const *) players->pdata,
                                   ruleset, g_random_int (), &error);
  g_clear_pointer (&ruleset, json_object_put);
  if (campaign == NULL)
    {
      g_autofree char *heading = NULL;
      g_autofree char *body = NULL;

      mg_error_describe_open (path, error, &heading, &body);
      mg_error_show (GTK_WINDOW (self), heading, body);
      return;
    }

  mg_application_show_campaign (get_app (self), campaign);
}

static void
open_response (GtkNativeDialog *chooser, int response, MgStartWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        mg_application_open_path_async (get_app (self), path, GTK_WINDOW (self));
    }
  g_clear_object (&self->chooser);
}

void
mg_start_window_choose_file (MgStartWindow *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  g_return_if_fail (MG_IS_START_WINDOW (self));
  if (self->chooser != NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Open Campaign"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Campaigns"));
  gtk_file_filter_add_pattern (filter, "*.db");
  gtk_file_filter_add_mime_type (filter, "application/vnd.sqlite3");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* Where the campaigns are: the folder new campaigns go to. */
  if (self->folder != NULL)
    {
      g_autoptr(GFile) folder = g_file_new_for_path (self->folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (open_response), self);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
open_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  mg_start_window_choose_file (MG_START_WINDOW (widget));
}

static void
folder_response (GtkNativeDialog *chooser, int response, MgStartWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      GSettings *settings = mg_application_get_settings (get_app (self));

      if (path != NULL)
        {
          mg_start_window_set_folder (self, path);
          if (settings != NULL)
            g_settings_set_string (settings, "campaign-folder", path);
        }
    }
  g_clear_object (&self->chooser);
}

static void
choose_folder_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgStartWindow *self = MG_START_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Folder for New Campaigns"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                         _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (folder_response), self);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
sample_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgStartWindow *self = MG_START_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;

  campaign = mg_application_create_sample_for (get_app (self), g_variant_get_string (param, NULL),
                                               NULL, &error);
  if (campaign == NULL)
    {
      mg_error_show (GTK_WINDOW (self), _("Cannot Create the Sample"), error->message);
      return;
    }
  mg_application_show_campaign (get_app (self), campaign);
}

/* One item a shipped sample: "Meeple Melee — Sample Battle". */
static void
fill_samples_menu (MgStartWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  const MgSample *samples;
  guint n = 0;

  samples = mg_application_samples (&n);
  for (guint i = 0; i < n; i++)
    {
      const MgRules *rules = mg_rules_lookup (samples[i].game_id);
      /* TRANSLATORS: a sample campaign in the start page's menu: "Game — Sample" */
      g_autofree char *label = g_strdup_printf (_("%s — %s"), _(rules->name), _(samples[i].name));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "start.sample", "s", samples[i].game_id);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->samples_button, G_MENU_MODEL (menu));
  gtk_widget_set_visible (GTK_WIDGET (self->samples_button), n > 0);
}

/* Private accessors for the tests */

AdwComboRow *
mg_start_window_get_game_row (MgStartWindow *self)
{
  return self->game_row;
}

AdwComboRow *
mg_start_window_get_variant_row (MgStartWindow *self)
{
  return self->variant_row;
}

GtkEditable *
mg_start_window_get_name_row (MgStartWindow *self)
{
  return GTK_EDITABLE (self->name_row);
}

GtkEditable *
mg_start_window_get_player_row (MgStartWindow *self, guint index)
{
  return index < self->player_rows->len ? g_ptr_array_index (self->player_rows, index) : NULL;
}

GtkWidget *
mg_start_window_get_create_button (MgStartWindow *self)
{
  return self->create_button;
}

GtkListBox *
mg_start_window_get_recent_list (MgStartWindow *self)
{
  return self->recent_list;
}

const char *
mg_start_window_get_form_message (MgStartWindow *self)
{
  return gtk_label_get_text (self->form_message);
}

/* GObject */

/* Needs the application (set after constructed()), so called from _new(). */
static void
mg_start_window_setup (MgStartWindow *self)
{
  MgApplication *app = get_app (self);

  self->folder = mg_application_campaign_folder (app);
  update_folder_row (self);
  refresh_recent (self);
  game_changed (self);
}

static void
mg_start_window_dispose (GObject *object)
{
  MgStartWindow *self = MG_START_WINDOW (object);

  g_clear_handle_id (&self->validate_idle, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (mg_start_window_parent_class)->dispose (object);
}

static void
mg_start_window_finalize (GObject *object)
{
  MgStartWindow *self = MG_START_WINDOW (object);

  /* Focus may leave a field while the window's children go, after dispose. */
  g_clear_handle_id (&self->validate_idle, g_source_remove);
  g_ptr_array_unref (self->player_rows);
  g_free (self->folder);
  G_OBJECT_CLASS (mg_start_window_parent_class)->finalize (object);
}

static void
mg_start_window_class_init (MgStartWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_start_window_dispose;
  object_class->finalize = mg_start_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-start-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, variant_row);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, name_row);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, folder_row);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, players_list);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, add_player_button);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, create_button);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, form_message);
  gtk_widget_class_bind_template_child (widget_class, MgStartWindow, samples_button);
  /* Looked up once in init (mg_menu_button_defer_menu), so not kept in the struct. */
  gtk_widget_class_bind_template_child_full (widget_class, "menu_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "primary_menu", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "start.show-new", NULL, show_new_activated);
  gtk_widget_class_install_action (widget_class, "start.back", NULL, back_activated);
  gtk_widget_class_install_action (widget_class, "start.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "start.sample", "s", sample_activated);
  gtk_widget_class_install_action (widget_class, "start.create", NULL, create_activated);
  gtk_widget_class_install_action (widget_class, "start.add-player", NULL, add_player_activated);
  gtk_widget_class_install_action (widget_class, "start.choose-folder", NULL, choose_folder_activated);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, mg_widget_show_shortcuts);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "start.back", NULL);
}

static void
mg_start_window_init (MgStartWindow *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  const MgRules **all;
  guint n = 0;

  gtk_widget_init_template (GTK_WIDGET (self));
  mg_menu_button_defer_menu (GTK_MENU_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_START_WINDOW,
                                                                             "menu_button")),
                             G_MENU_MODEL (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_START_WINDOW,
                                                                          "primary_menu")));
  self->player_rows = g_ptr_array_new ();

  all = mg_rules_all (&n);
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (games, _(all[i]->name));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (game_changed), self);
  g_signal_connect_swapped (self->variant_row, "notify::selected", G_CALLBACK (fit_players), self);
  track_field (self, GTK_WIDGET (self->name_row));
  g_signal_connect_swapped (self->name_row, "changed", G_CALLBACK (form_changed), self);
  fill_samples_menu (self);
}

MgStartWindow *
mg_start_window_new (MgApplication *app)
{
  MgStartWindow *self = g_object_new (MG_TYPE_START_WINDOW, "application", app, NULL);

  mg_start_window_setup (self);
  return self;
}
