/* mg-players-display.c — the players' display: the public view on a second screen, in large
 * type: what the table must decide, the last result in words and dice, the standing (the
 * engine's describe()), and the game's own state widget. Only view(MG_SEAT_PUBLIC) and the
 * public summaries ever reach it, so no secret can. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-game-ui.h"
#include "mg-journal-model.h"
#include "mg-narrate.h"
#include "mg-players-display.h"
#include "mg-ui-json.h"

struct _MgPlayersDisplay
{
  AdwWindow     parent_instance;

  MgTableState *table;
  const MgGameUi *game_ui;

  GtkLabel     *title_label;
  GtkLabel     *pending_label;
  GtkLabel     *last_label;
  GtkLabel     *dice_label;
  GtkLabel     *describe_label;
  GtkWidget    *state_widget;
};

G_DEFINE_FINAL_TYPE (MgPlayersDisplay, mg_players_display, ADW_TYPE_WINDOW)

/* The last action still in force: its public summary, and its dice unless they belong to one
 * seat and its turn is still being played (they are then that player's secret). */
static void
update_last (MgPlayersDisplay *self, MgCampaign *campaign)
{
  gint64 count = mg_campaign_journal_count (campaign);
  gint64 offset = MAX (0, count - 16);
  g_autoptr(GPtrArray) rows = count > 0 ? mg_campaign_journal_range (campaign, offset, count - offset, NULL) : NULL;
  MgJournalEntry *last = NULL;

  for (guint i = rows != NULL ? rows->len : 0; i > 0 && last == NULL; i--)
    {
      MgJournalEntry *entry = g_ptr_array_index (rows, i - 1);

      if (!entry->undone)
        last = entry;
    }
  g_autofree char *said = last != NULL ? mg_narrate_entry (campaign, last) : NULL;  /* in the viewer's language */

  gtk_label_set_text (self->last_label, said != NULL ? said : _("Nothing has been played yet."));
  if (last != NULL && last->dice != NULL
      && !(mg_journal_entry_has_secret (last) && last->turn == mg_state_turn (mg_table_state_get_state (self->table))))
    {
      g_autofree char *dice = mg_journal_format_dice (last->dice, mg_campaign_get_ruleset (campaign));
      g_autofree char *text = dice != NULL && dice[0] != '\0' ? g_strdup_printf (_("Dice: %s"), dice) : NULL;

      gtk_label_set_text (self->dice_label, text != NULL ? text : "");
      gtk_widget_set_visible (GTK_WIDGET (self->dice_label), text != NULL);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->dice_label), FALSE);
}

static void
refresh (MgPlayersDisplay *self)
{
  MgCampaign *campaign = mg_table_state_get_campaign (self->table);
  const MgState *state = mg_table_state_get_state (self->table);
  g_autofree char *describe = NULL;
  const char *text;

  if (campaign == NULL || state == NULL)
    return;
  text = mg_ui_json_str (mg_table_state_get_pending (self->table), "text");
  gtk_label_set_text (self->pending_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->pending_label), text != NULL && text[0] != '\0');
  update_last (self, campaign);
  describe = mg_state_describe (state, MG_SEAT_PUBLIC);
  gtk_label_set_text (self->describe_label, describe != NULL ? describe : "");
  gtk_widget_set_visible (GTK_WIDGET (self->describe_label), describe != NULL && describe[0] != '\0');
  /* The game's state widgets draw the public view (the generic one from the table state). */
  self->game_ui->state_view_set (self->state_widget, campaign, state);
}

char *
mg_players_display_get_text (MgPlayersDisplay *self)
{
  GtkLabel *labels[] = { self->title_label, self->pending_label, self->last_label,
                         self->dice_label, self->describe_label };
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (gtk_widget_get_visible (GTK_WIDGET (labels[i])))
      g_string_append_printf (text, "%s\n", gtk_label_get_text (labels[i]));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GtkWidget *
mg_players_display_get_state_widget (MgPlayersDisplay *self)
{
  return self->state_widget;
}

static GtkLabel *
add_label (GtkBox *box, const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

static gboolean
toggle_fullscreen (GtkWidget *widget, GVariant *args, gpointer data)
{
  if (gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    gtk_window_unfullscreen (GTK_WINDOW (widget));
  else
    gtk_window_fullscreen (GTK_WINDOW (widget));
  return TRUE;
}

static gboolean
leave_fullscreen (GtkWidget *widget, GVariant *args, gpointer data)
{
  if (!gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    return FALSE;
  gtk_window_unfullscreen (GTK_WINDOW (widget));
  return TRUE;
}

static void
mg_players_display_dispose (GObject *object)
{
  MgPlayersDisplay *self = MG_PLAYERS_DISPLAY (object);

  g_clear_object (&self->table);
  G_OBJECT_CLASS (mg_players_display_parent_class)->dispose (object);
}

static void
mg_players_display_class_init (MgPlayersDisplayClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_players_display_dispose;
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F11, 0, toggle_fullscreen, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, leave_fullscreen, NULL);
}

static void
mg_players_display_init (MgPlayersDisplay *self)
{
}

MgPlayersDisplay *
mg_players_display_new (MgTableState *table)
{
  MgPlayersDisplay *self = g_object_new (MG_TYPE_PLAYERS_DISPLAY, NULL);
  MgCampaign *campaign = mg_table_state_get_campaign (table);
  const MgRules *rules = mg_campaign_get_rules (campaign);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  GtkWidget *game = gtk_label_new (rules != NULL ? _(rules->name) : "");
  g_autofree char *title = g_strdup_printf (_("%s — Players’ Display"), mg_campaign_get_name (campaign));

  self->table = g_object_ref (table);
  self->game_ui = mg_game_ui_lookup (mg_campaign_get_game_id (campaign));
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 800);
  gtk_widget_add_css_class (GTK_WIDGET (self), "players-display");

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1600);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), 1200);
  gtk_widget_set_margin_top (box, 36);
  gtk_widget_set_margin_bottom (box, 36);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_label_set_xalign (GTK_LABEL (game), 0);
  gtk_widget_add_css_class (game, "display-game");
  gtk_box_append (GTK_BOX (box), game);
  self->title_label = add_label (GTK_BOX (box), "display-title");
  gtk_label_set_text (self->title_label, mg_campaign_get_name (campaign));
  self->pending_label = add_label (GTK_BOX (box), "display-pending");
  self->last_label = add_label (GTK_BOX (box), "display-last");
  self->dice_label = add_label (GTK_BOX (box), "display-dice");
  self->describe_label = add_label (GTK_BOX (box), "display-describe");
  self->state_widget = self->game_ui->state_view_new ();
  gtk_widget_add_css_class (self->state_widget, "display-state");
  gtk_box_append (GTK_BOX (box), self->state_widget);
  /* Read from across the table, never typed into: nothing in it takes the focus (a selectable
   * label would be shown selected). */
  gtk_widget_set_can_focus (box, FALSE);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  adw_window_set_content (ADW_WINDOW (self), scrolled);

  g_signal_connect_object (table, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
  return self;
}
