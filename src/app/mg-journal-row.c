/* mg-journal-row.c — one journal row: turn, actor, summary, dice; undone rows greyed. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-journal-row.h"

struct _MgJournalRow
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkLabel      *turn_label;
  GtkLabel      *actor_label;
  GtkLabel      *summary_label;
  GtkLabel      *dice_label;

  MgJournalItem *item;
};

G_DEFINE_FINAL_TYPE (MgJournalRow, mg_journal_row, GTK_TYPE_WIDGET)

static void
update_undone (MgJournalRow *self)
{
  gboolean undone = self->item != NULL && mg_journal_item_get_undone (self->item);
  g_autofree char *tooltip = NULL;

  if (undone)
    gtk_widget_add_css_class (self->box, "undone");
  else
    gtk_widget_remove_css_class (self->box, "undone");

  if (self->item != NULL)
    tooltip = undone ? g_strdup_printf (_("Undone: %s"), mg_journal_item_get_summary (self->item))
                     : g_strdup (mg_journal_item_get_summary (self->item));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
}

static void
update_dice (MgJournalRow *self)
{
  gtk_label_set_text (self->dice_label, self->item != NULL ? mg_journal_item_get_dice (self->item) : "");
}

void
mg_journal_row_set_item (MgJournalRow *self, MgJournalItem *item)
{
  g_return_if_fail (MG_IS_JOURNAL_ROW (self));

  if (self->item != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->item, update_undone, self);
      g_signal_handlers_disconnect_by_func (self->item, update_dice, self);
    }
  g_set_object (&self->item, item);
  if (item == NULL)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_label_set_text (self->actor_label, "");
      gtk_label_set_text (self->summary_label, "");
      gtk_label_set_text (self->dice_label, "");
      update_undone (self);
      return;
    }

  if (mg_journal_item_get_turn_start (item))
    {
      g_autofree char *turn = g_strdup_printf ("%d", mg_journal_item_get_turn (item));

      gtk_label_set_text (self->turn_label, turn);
      gtk_widget_add_css_class (self->box, "turn-start");
    }
  else
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_widget_remove_css_class (self->box, "turn-start");
    }
  /* The referee's own actions are journaled as "GM"; shown in the referee's language. */
  gtk_label_set_text (self->actor_label, g_strcmp0 (mg_journal_item_get_actor (item), "GM") == 0
                                         ? C_("referee", "GM") : mg_journal_item_get_actor (item));
  gtk_label_set_text (self->summary_label, mg_journal_item_get_summary (item));
  update_dice (self);
  g_signal_connect_swapped (item, "notify::undone", G_CALLBACK (update_undone), self);
  g_signal_connect_swapped (item, "notify::dice", G_CALLBACK (update_dice), self);
  update_undone (self);
}

static void
mg_journal_row_dispose (GObject *object)
{
  MgJournalRow *self = MG_JOURNAL_ROW (object);

  mg_journal_row_set_item (self, NULL);
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_JOURNAL_ROW);
  G_OBJECT_CLASS (mg_journal_row_parent_class)->dispose (object);
}

static void
mg_journal_row_class_init (MgJournalRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_journal_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-journal-row.ui");
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, box);
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, actor_label);
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, dice_label);
}

static void
mg_journal_row_init (MgJournalRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
mg_journal_row_new (void)
{
  return g_object_new (MG_TYPE_JOURNAL_ROW, NULL);
}
