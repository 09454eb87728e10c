/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-page.c — the journal, turn by turn, with step-by-step replay. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-game-ui.h"
#include "mg-journal-model.h"
#include "mg-journal-page.h"
#include "mg-accessible.h"
#include "mg-journal-row.h"
#include "mg-table-state.h"

struct _MgJournalPage
{
  GtkWidget          parent_instance;

  MgCampaign        *campaign;
  MgJournalModel    *model;
  GtkSingleSelection *selection;
  const MgGameUi    *game_ui;
  GtkWidget         *state_view;

  GtkStack          *stack;
  AdwLeaflet        *leaflet;
  GtkWidget         *list_pane;
  GtkWidget         *replay_pane;
  GtkListView       *list_view;
  guint              end_tick;
  GtkWidget         *back_button;
  GtkLabel          *replay_title;
  GtkLabel          *replay_summary;
  AdwBin            *state_bin;
  GtkLabel          *fingerprint;
  GtkLabel          *turn_header;
};

G_DEFINE_FINAL_TYPE (MgJournalPage, mg_journal_page, GTK_TYPE_WIDGET)

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item)
{
  gtk_list_item_set_child (list_item, mg_journal_row_new ());
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);
  MgJournalItem *item = gtk_list_item_get_item (list_item);

  /* The row tells its long dice in a tooltip of its own, built when asked for: a tooltip set
   * here would cost a round trip to the display for every row bound (issue 15.5). */
  mg_journal_row_set_item (MG_JOURNAL_ROW (row), item);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item)
{
  mg_journal_row_set_item (MG_JOURNAL_ROW (gtk_list_item_get_child (list_item)), NULL);
}

/* The journal's fingerprint, as the exports print it (two indexed reads). */
static void
update_fingerprint (MgJournalPage *self)
{
  g_autofree char *fingerprint = mg_campaign_dup_shared_fingerprint (self->campaign);
  g_autofree char *text = fingerprint ? g_strdup_printf (_("Journal fingerprint %s"), fingerprint) : NULL;

  gtk_label_set_label (self->fingerprint, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->fingerprint), text != NULL);
}

static void
update_replay (MgJournalPage *self)
{
  g_autoptr(MgJournalItem) item = gtk_single_selection_get_selected_item (self->selection) != NULL
    ? g_object_ref (gtk_single_selection_get_selected_item (self->selection)) : NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  MgState *state;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "journal.previous",
                                 n > 0 && (position == GTK_INVALID_LIST_POSITION || position > 0));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "journal.next",
                                 n > 0 && (position == GTK_INVALID_LIST_POSITION || position + 1 < n));
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "journal" : "empty");

  if (item == NULL)
    {
      gtk_label_set_text (self->replay_title, _("Select a step to see the state after it. This is the state now."));
      gtk_label_set_text (self->replay_summary, "");
      self->game_ui->state_view_set (self->state_view, self->campaign, mg_campaign_get_state (self->campaign));
      return;
    }

  title = mg_journal_item_get_undone (item)
          ? g_strdup_printf (_("Step %u of %u, turn %d — undone, so the state is as before it"),
                             position + 1, n, mg_journal_item_get_turn (item))
          : g_strdup_printf (_("Step %u of %u, turn %d"), position + 1, n, mg_journal_item_get_turn (item));
  gtk_label_set_text (self->replay_title, title);
  gtk_label_set_text (self->replay_summary, mg_journal_item_get_summary (item));

  state = mg_campaign_state_at (self->campaign, mg_journal_item_get_seq (item), &error);
  if (state == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Cannot replay this step: %s"), error->message);
      gtk_label_set_text (self->replay_summary, message);
      return;
    }
  self->game_ui->state_view_set (self->state_view, self->campaign, state);
  mg_state_free (state);
  /* Narrow: choosing a step shows its replay; Back returns to the list. */
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child (self->leaflet, self->replay_pane);
}

static void
back_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgJournalPage *self = MG_JOURNAL_PAGE (widget);

  adw_leaflet_set_visible_child (self->leaflet, self->list_pane);
}

/* The Journal opens at its latest row, unless a step is chosen for the replay: each time it is
 * shown, once laid out, the list is anchored to its last row, which then stays at its bottom as
 * rows are measured or the window resized (issue 45: moving the scrollbar to the end before
 * the rows had their heights left the Journal at its top, or a row short of its end). */
static gboolean
at_end (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 1;
}

static gboolean
scroll_to_end_tick (GtkWidget *list, GdkFrameClock *clock, gpointer data)
{
  MgJournalPage *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));

  /* Each frame until the list has been laid out: before, it has no height to scroll in. */
  if (gtk_widget_get_height (list) <= 0)
    return G_SOURCE_CONTINUE;
  self->end_tick = 0;
  if (n > 0 && gtk_single_selection_get_selected (self->selection) == GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (list, "list.scroll-to-item", "u", n - 1);
  return G_SOURCE_REMOVE;
}

static void
scroll_to_end (MgJournalPage *self)
{
  if (self->end_tick == 0)
    self->end_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), scroll_to_end_tick, self, NULL);
}

gboolean
mg_journal_page_shows_end (MgJournalPage *self)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));

  return adjustment != NULL && at_end (adjustment);
}

void
mg_journal_page_select (MgJournalPage *self, guint position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));

  if (n == 0)
    return;
  position = MIN (position, n - 1);
  gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

static void
move_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgJournalPage *self = MG_JOURNAL_PAGE (widget);
  guint position = gtk_single_selection_get_selected (self->selection);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  gboolean next = g_str_equal (name, "journal.next");

  if (n == 0)
    return;
  if (position == GTK_INVALID_LIST_POSITION)
    position = next ? 0 : n - 1;
  else if (next && position + 1 < n)
    position++;
  else if (!next && position > 0)
    position--;
  mg_journal_page_select (self, position);
}

GListModel *
mg_journal_page_get_model (MgJournalPage *self)
{
  return G_LIST_MODEL (self->model);
}

const char *
mg_journal_page_get_replay_title (MgJournalPage *self)
{
  return gtk_label_get_text (self->replay_title);
}

static void
mg_journal_page_dispose (GObject *object)
{
  MgJournalPage *self = MG_JOURNAL_PAGE (object);

  if (self->end_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->end_tick);
  self->end_tick = 0;
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_JOURNAL_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_journal_page_parent_class)->dispose (object);
}

static void
mg_journal_page_class_init (MgJournalPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_journal_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-journal-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, back_button);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, list_pane);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, replay_pane);
  gtk_widget_class_install_action (widget_class, "journal.back", NULL, back_activated);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, replay_title);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, replay_summary);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, state_bin);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, fingerprint);
  gtk_widget_class_bind_template_child (widget_class, MgJournalPage, turn_header);

  gtk_widget_class_install_action (widget_class, "journal.previous", NULL, move_activated);
  gtk_widget_class_install_action (widget_class, "journal.next", NULL, move_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "journal.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "journal.next", NULL);
}

static void
mg_journal_page_init (MgJournalPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MgJournalPage *
mg_journal_page_new (MgCampaign *campaign)
{
  MgJournalPage *self = g_object_new (MG_TYPE_JOURNAL_PAGE, NULL);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->campaign = g_object_ref (campaign);
  self->game_ui = mg_game_ui_lookup (mg_campaign_get_game_id (campaign));
  /* over a turn column as wide as the rows' (mg-journal-row.c) when the game names its turns */
  if (mg_game_lookup (mg_campaign_get_game_id (campaign)) != NULL &&
      mg_game_lookup (mg_campaign_get_game_id (campaign))->turn_title != NULL)
    gtk_label_set_width_chars (self->turn_header, 9);
  self->model = mg_journal_model_new (campaign);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  /* One Tab stop: Tab leaves the list for the replay; the arrows move between its rows. */
  mg_accessible_one_tab_stop (GTK_WIDGET (self->list_view));
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  self->state_view = self->game_ui->state_view_new ();
  adw_bin_set_child (self->state_bin, self->state_view);

  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (update_replay), self);
  /* After the table state has taken the change in, so the state now is drawn from its views. */
  g_signal_connect_object (mg_table_state_for_campaign (campaign), "changed", G_CALLBACK (update_replay),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (mg_table_state_for_campaign (campaign), "changed", G_CALLBACK (update_fingerprint),
                           self, G_CONNECT_SWAPPED);
  update_fingerprint (self);
  mg_leaflet_show_when_folded (GTK_WIDGET (self->leaflet), self->back_button);
  g_signal_connect_object (self->list_view, "map", G_CALLBACK (scroll_to_end), self, G_CONNECT_SWAPPED);

  update_replay (self);
  return self;
}
