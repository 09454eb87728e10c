/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-roster-page.c — the roster: every figure of the campaign (alive or dead), its record
 * card, its history, the editor, EP traded for ST or DX, and the duel simulator. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-accessible.h"
#include "mg-widget-util.h"
#include "mg-errors.h"
#include "mg-tft-duel-dialog.h"
#include "mg-tft-editor.h"
#include "mg-tft-roster-page.h"
#include "mg-text-stack.h"
#include "mg-tft-util.h"

struct _MgTftRosterPage
{
  GtkWidget     parent_instance;

  MgCampaign   *campaign;
  char         *selected;
  char         *list_key;       /* what the list shows, to rebuild it only when that changes */
  gboolean      filling;

  AdwLeaflet   *leaflet;
  GtkWidget    *back_button;
  GtkListBox   *figure_list;
  GtkStack     *content_stack;
  MgTftCard    *card;
  GtkWidget    *spend_st_button;
  GtkLabel     *spend_label;
  GtkLabel     *message_label;
  GtkListBox   *history_list;
};

G_DEFINE_FINAL_TYPE (MgTftRosterPage, mg_tft_roster_page, GTK_TYPE_WIDGET)

static void
show_message (MgTftRosterPage *self, const char *message)
{
  mg_tft_say (self->message_label, message);
}

static const char *
kind_name (MgTftRosterPage *self, const char *kind)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);

  if (mg_tft_ruleset_find (ruleset, "races", kind) != NULL)
    return mg_tft_ruleset_name (ruleset, "races", kind);
  return mg_tft_ruleset_name (ruleset, "beasts", kind);
}

static char *
figure_subtitle (MgTftRosterPage *self, json_object *figure)
{
  /* Translators: a figure in the roster list: kind, ST, DX, experience. */
  g_autofree char *line = g_strdup_printf (_("%s · ST %d · DX %d · %d EP"), kind_name (self, mg_ui_json_str (figure, "kind")),
                                           mg_ui_json_int (figure, "st", 0), mg_ui_json_int (figure, "dx", 0),
                                           mg_ui_json_int (figure, "ep", 0));

  if (!mg_ui_json_bool (figure, "alive"))
    /* "Fallen" is a posture in Melee (knocked down); the roster's dead are dead. */
    return g_strdup_printf (_("%s · dead"), line);
  return g_steal_pointer (&line);
}

static char *
names_text (MgTftRosterPage *self, const char *key, json_object *ids)
{
  GString *text = g_string_new (NULL);

  for (size_t i = 0; ids != NULL && i < json_object_array_length (ids); i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "",
                            mg_tft_ruleset_name (mg_campaign_get_ruleset (self->campaign), key,
                                                 json_object_get_string (json_object_array_get_idx (ids, i))));
  return g_string_free (text, FALSE);
}

/* One line of a figure's history, in words. */
static void
history_text (MgTftRosterPage *self, json_object *entry, char **title, char **subtitle)
{
  const char *what = mg_ui_json_str (entry, "what");
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);

  if (g_strcmp0 (what, "created") == 0)
    {
      /* Translators: a figure's history: the figure was created. */
      *title = g_strdup (_("Created"));
      *subtitle = g_strdup_printf (_("Campaign turn %d"), mg_ui_json_int (entry, "turn", 0));
    }
  else if (g_strcmp0 (what, "fight") == 0)
    {
      const char *result = mg_tft_result_name (mg_ui_json_str (entry, "result"));
      int kills = mg_ui_json_int (entry, "kills", 0);
      g_autofree char *kills_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d kill", "%d kills", kills), kills);

      /* Translators: "Fight 1, to the death, for the Romans: won" */
      *title = g_strdup_printf (_("Fight %d, %s, for the %s: %s"), mg_ui_json_int (entry, "fight", 0),
                                mg_tft_kind_phrase (mg_ui_json_str (entry, "kind")), mg_ui_json_str (entry, "side") ?: "?",
                                result != NULL ? result : "");
      int hits = mg_ui_json_int (entry, "hits", 0), turns = mg_ui_json_int (entry, "turns", 0);
      g_autofree char *hits_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit taken", "%d hits taken", hits),
                                                    hits);
      g_autofree char *turns_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d turn", "%d turns", turns), turns);

      /* Translators: a fight in a figure's history: "2 hits taken · +10 EP · 1 kill · 5 turns". */
      *subtitle = g_strdup_printf (_("%s · %+d EP · %s · %s"), hits_text, mg_ui_json_int (entry, "ep", 0), kills_text,
                                   turns_text);
    }
  else if (g_strcmp0 (what, "gear") == 0)
    {
      g_autofree char *weapons = names_text (self, "weapons", mg_ui_json_array (entry, "weapons"));
      const char *armor = mg_ui_json_str (entry, "armor");
      const char *shield = mg_ui_json_str (entry, "shield");

      *title = g_strdup (_("Gear changed"));
      *subtitle = g_strdup_printf ("%s · %s · %s", weapons[0] ? weapons : _("no weapons"),
                                   armor != NULL ? mg_tft_ruleset_name (ruleset, "armor", armor) : _("no armor"),
                                   shield != NULL ? mg_tft_ruleset_name (ruleset, "shields", shield) : _("no shield"));
    }
  else if (g_strcmp0 (what, "increase") == 0)
    {
      const char *attribute = mg_ui_json_str (entry, "attribute");

      *title = g_strdup_printf (_("+1 %s"), g_strcmp0 (attribute, "st") == 0 ? _("ST") : _("DX"));
      *subtitle = g_strdup_printf (_("%d EP traded in"), mg_ui_json_int (entry, "ep", 0));
    }
  else if (g_strcmp0 (what, "edited") == 0)
    {
      /* Translators: a figure's history: its name, owner, race, ST, DX or EP were corrected. */
      *title = g_strdup (_("Record changed"));
      *subtitle = g_strdup_printf (_("Campaign turn %d"), mg_ui_json_int (entry, "turn", 0));
    }
  else
    {
      /* A kind of entry this version does not know: its name, never its JSON. */
      *title = g_strdup (what != NULL ? what : "?");
      *subtitle = g_strdup_printf (_("Campaign turn %d"), mg_ui_json_int (entry, "turn", 0));
    }
}

static void
show_figure (MgTftRosterPage *self, json_object *view)
{
  json_object *figure = mg_tft_view_figure (view, self->selected);
  json_object *fighter = mg_tft_fight_fighter (mg_tft_view_fight (view), self->selected);
  json_object *history = mg_ui_json_array (figure, "history");
  int ep = mg_ui_json_int (figure, "ep", 0);
  int cost = mg_ui_json_int (mg_ui_json_object (mg_campaign_get_ruleset (self->campaign), "experience"), "trade_cost", 100);

  if (figure == NULL)
    {
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      return;
    }
  gtk_stack_set_visible_child_name (self->content_stack, "figure");
  mg_tft_card_set (self->card, figure, fighter, kind_name (self, mg_ui_json_str (figure, "kind")));
  {
    g_autofree char *spend = g_strdup_printf (_("%d EP. Every %d EP may be traded for +1 basic ST or +1 basic DX, between fights."),
                                              ep, cost);
    gtk_label_set_text (self->spend_label, spend);
  }

  mg_widget_remove_children (GTK_WIDGET (self->history_list));
  for (size_t i = history != NULL ? json_object_array_length (history) : 0; i > 0; i--)
    {
      g_autofree char *title = NULL, *subtitle = NULL;

      history_text (self, json_object_array_get_idx (history, i - 1), &title, &subtitle);
      gtk_list_box_append (self->history_list, mg_info_row_new (title, subtitle, NULL, NULL));
    }

  /* Only what the engine would accept now is offered. */
  {
    json_object *edit = mg_tft_action_new ("set_gear");
    json_object *st = mg_tft_action_new ("spend_ep");
    json_object *remove = mg_tft_action_new ("remove_figure");

    json_object_object_add (edit, "figure", json_object_new_string (self->selected));
    json_object_object_add (st, "figure", json_object_new_string (self->selected));
    json_object_object_add (st, "attribute", json_object_new_string ("st"));
    json_object_object_add (remove, "figure", json_object_new_string (self->selected));
    mg_tft_check (self->campaign, GTK_WIDGET (self), "roster.edit", edit, NULL, FALSE);
    mg_tft_check (self->campaign, GTK_WIDGET (self), "roster.spend", st, NULL, FALSE);
    mg_tft_check (self->campaign, GTK_WIDGET (self), "roster.remove", remove, NULL, FALSE);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "roster.duel", mg_ui_json_bool (figure, "alive"));
  }
}

static void
refresh (MgTftRosterPage *self)
{
  g_autoptr(json_object) view = mg_tft_view (self->campaign);
  json_object *roster = mg_ui_json_array (view, "roster");
  g_autoptr(GString) key = g_string_new (NULL);
  size_t n = roster != NULL ? json_object_array_length (roster) : 0;

  for (size_t i = 0; i < n; i++)
    {
      json_object *figure = json_object_array_get_idx (roster, i);
      g_autofree char *subtitle = figure_subtitle (self, figure);

      g_string_append_printf (key, "%s\n%s\n", mg_ui_json_str (figure, "name"), subtitle);
    }

  if (g_strcmp0 (key->str, self->list_key) != 0)
    {
      self->filling = TRUE;
      mg_widget_remove_children (GTK_WIDGET (self->figure_list));
      for (size_t i = 0; i < n; i++)
        {
          json_object *figure = json_object_array_get_idx (roster, i);
          g_autofree char *subtitle = figure_subtitle (self, figure);
          GtkWidget *row = mg_info_row_new (mg_ui_json_str (figure, "name"), subtitle, NULL,
                                            mg_ui_json_bool (figure, "alive") ? NULL
                                            : gtk_image_new_from_icon_name ("action-unavailable-symbolic"));

          /* Activated by a click or Enter: in one column (narrow) that opens the card. */
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          g_object_set_data_full (G_OBJECT (row), "figure", g_strdup (mg_ui_json_str (figure, "name")), g_free);
          gtk_list_box_append (self->figure_list, row);
          if (g_strcmp0 (self->selected, mg_ui_json_str (figure, "name")) == 0)
            gtk_list_box_select_row (self->figure_list, GTK_LIST_BOX_ROW (row));
        }
      g_free (self->list_key);
      self->list_key = g_string_free (g_steal_pointer (&key), FALSE);
      self->filling = FALSE;
    }

  if (mg_tft_view_figure (view, self->selected) == NULL)
    {
      g_clear_pointer (&self->selected, g_free);
      if (n > 0)
        {
          self->selected = g_strdup (mg_ui_json_str (json_object_array_get_idx (roster, 0), "name"));
          self->filling = TRUE;
          gtk_list_box_select_row (self->figure_list, gtk_list_box_get_row_at_index (self->figure_list, 0));
          self->filling = FALSE;
        }
    }
  show_figure (self, view);
}

static void
row_selected (GtkListBox *list, GtkListBoxRow *row, MgTftRosterPage *self)
{
  if (self->filling || row == NULL)
    return;
  g_free (self->selected);
  self->selected = g_strdup (g_object_get_data (G_OBJECT (row), "figure"));
  show_message (self, NULL);
  refresh (self);
}

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, MgTftRosterPage *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

static void
editor_saved (MgTftEditor *editor, const char *name, MgTftRosterPage *self)
{
  mg_tft_roster_page_select (self, name);
}

static void
open_editor (MgTftRosterPage *self, const char *figure)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  MgTftEditor *editor = mg_tft_editor_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->campaign, figure);

  g_signal_connect_object (editor, "saved", G_CALLBACK (editor_saved), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
}

static void
new_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  open_editor (MG_TFT_ROSTER_PAGE (widget), NULL);
}

static void
edit_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftRosterPage *self = MG_TFT_ROSTER_PAGE (widget);

  if (self->selected != NULL)
    open_editor (self, self->selected);
}

static void
act_on_selected (MgTftRosterPage *self, json_object *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  json_object_object_add (action, "figure", json_object_new_string (self->selected));
  entry = mg_widget_act (self->campaign, action, NULL, &error);
  mg_tft_say_error (self->message_label, entry == NULL ? error : NULL);
  if (entry != NULL)
    mg_toast_show (GTK_WIDGET (self), entry->summary);
}

static void
spend_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftRosterPage *self = MG_TFT_ROSTER_PAGE (widget);
  json_object *action = mg_tft_action_new ("spend_ep");

  json_object_object_add (action, "attribute", json_object_new_string (g_variant_get_string (param, NULL)));
  act_on_selected (self, action);
}

static void
remove_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  act_on_selected (MG_TFT_ROSTER_PAGE (widget), mg_tft_action_new ("remove_figure"));
}

static void
duel_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftRosterPage *self = MG_TFT_ROSTER_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  MgTftDuelDialog *dialog;

  if (self->selected == NULL)
    return;
  dialog = mg_tft_duel_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->campaign, self->selected);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
back_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  adw_leaflet_navigate (MG_TFT_ROSTER_PAGE (widget)->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

/* Test handles */

static GtkListBoxRow *
figure_row (MgTftRosterPage *self, const char *figure)
{
  GtkListBoxRow *row;

  mg_widget_redraw_pending (GTK_WIDGET (self));
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->figure_list, i)) != NULL; i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "figure"), figure) == 0)
      return row;
  return NULL;
}

gboolean
mg_tft_roster_page_select (MgTftRosterPage *self, const char *figure)
{
  GtkListBoxRow *row = figure_row (self, figure);

  if (row != NULL)
    gtk_list_box_select_row (self->figure_list, row);
  return row != NULL;
}

const char *
mg_tft_roster_page_get_subtitle (MgTftRosterPage *self, const char *figure)
{
  GtkListBoxRow *row = figure_row (self, figure);

  return row != NULL ? mg_info_row_get_subtitle (GTK_WIDGET (row)) : NULL;
}

const char *
mg_tft_roster_page_get_selected (MgTftRosterPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->selected;
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

guint
mg_tft_roster_page_get_n_figures (MgTftRosterPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return count_rows (self->figure_list);
}

GtkListBoxRow *
mg_tft_roster_page_get_row (MgTftRosterPage *self, const char *figure)
{
  g_return_val_if_fail (MG_IS_TFT_ROSTER_PAGE (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->figure_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && g_strcmp0 (g_object_get_data (G_OBJECT (row), "figure"), figure) == 0)
      return GTK_LIST_BOX_ROW (row);
  return NULL;
}

MgTftCard *
mg_tft_roster_page_get_card (MgTftRosterPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->card;
}

char *
mg_tft_roster_page_get_history_text (MgTftRosterPage *self)
{
  GString *text = g_string_new (NULL);

  mg_widget_redraw_pending (GTK_WIDGET (self));
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->history_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (mg_info_row_get_title (row) != NULL)
      g_string_append_printf (text, "%s: %s\n", mg_info_row_get_title (row), mg_info_row_get_subtitle (row));
  return g_string_free (text, FALSE);
}

guint
mg_tft_roster_page_get_n_history (MgTftRosterPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return count_rows (self->history_list);
}

GtkWidget *
mg_tft_roster_page_get_spend_st_button (MgTftRosterPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->spend_st_button;
}

const char *
mg_tft_roster_page_get_message (MgTftRosterPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return mg_tft_said (self->message_label);
}

/* GObject */

static void
mg_tft_roster_page_dispose (GObject *object)
{
  MgTftRosterPage *self = MG_TFT_ROSTER_PAGE (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_TFT_ROSTER_PAGE);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_tft_roster_page_parent_class)->dispose (object);
}

static void
mg_tft_roster_page_finalize (GObject *object)
{
  MgTftRosterPage *self = MG_TFT_ROSTER_PAGE (object);

  g_free (self->selected);
  g_free (self->list_key);
  G_OBJECT_CLASS (mg_tft_roster_page_parent_class)->finalize (object);
}

static void
mg_tft_roster_page_class_init (MgTftRosterPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_tft_roster_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = mg_tft_roster_page_finalize;
  g_type_ensure (MG_TYPE_TFT_CARD);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-roster-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftRosterPage, name)
  BIND (leaflet);
  BIND (back_button);
  BIND (figure_list);
  BIND (content_stack);
  BIND (card);
  BIND (spend_st_button);
  BIND (spend_label);
  BIND (message_label);
  BIND (history_list);
#undef BIND
  gtk_widget_class_install_action (widget_class, "roster.new", NULL, new_activated);
  gtk_widget_class_install_action (widget_class, "roster.edit", NULL, edit_activated);
  gtk_widget_class_install_action (widget_class, "roster.spend", "s", spend_activated);
  gtk_widget_class_install_action (widget_class, "roster.remove", NULL, remove_activated);
  gtk_widget_class_install_action (widget_class, "roster.duel", NULL, duel_activated);
  gtk_widget_class_install_action (widget_class, "roster.back", NULL, back_activated);
}

/* Ctrl+N makes a figure while the roster is on screen. The application's Ctrl+N (a new campaign)
 * runs in the window's capture phase, before any binding of a page; a shortcut the window
 * manages in the capture phase runs before it, and lets the key through when the page is hidden. */
static gboolean
new_shortcut (GtkWidget *widget, GVariant *args, gpointer data)
{
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  return gtk_widget_activate_action (widget, "roster.new", NULL);
}

static void
mg_tft_roster_page_init (MgTftRosterPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mg_leaflet_show_when_folded (GTK_WIDGET (self->leaflet), self->back_button);
  /* The card's buttons: one Tab stop each, past the disabled. */
  mg_flow_box_slots_follow_children (GTK_FLOW_BOX (gtk_widget_get_ancestor (self->spend_st_button, GTK_TYPE_FLOW_BOX)));
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();
    gtk_event_controller_set_name (keys, "mg-tft-roster-new");
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (keys), GTK_SHORTCUT_SCOPE_MANAGED);
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_n, GDK_CONTROL_MASK),
                                                            gtk_callback_action_new (new_shortcut, NULL, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
  /* The figures are one Tab stop (arrows choose among them): Tab through them selected each in
   * turn and left the last one's card, whose buttons a dead figure has disabled, out of reach. */
  mg_accessible_one_tab_stop (GTK_WIDGET (self->figure_list));
  g_signal_connect (self->figure_list, "row-selected", G_CALLBACK (row_selected), self);
  g_signal_connect (self->figure_list, "row-activated", G_CALLBACK (row_activated), self);
}

MgTftRosterPage *
mg_tft_roster_page_new (MgCampaign *campaign)
{
  MgTftRosterPage *self = g_object_new (MG_TYPE_TFT_ROSTER_PAGE, NULL);

  mg_widget_load_css ("/io/github/meleegm/MeleeGM/tft/tft.css");
  self->campaign = g_object_ref (campaign);
  mg_widget_redraw_when_shown (GTK_WIDGET (self), campaign, (MgRedrawFunc) refresh);
  return self;
}
