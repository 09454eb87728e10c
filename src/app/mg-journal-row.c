/* mg-journal-row.c — one journal row: turn, actor, summary, dice; undone rows greyed.
 *
 * Rows of a million-row journal must bind and lay out in a frame: every column is one
 * GtkInscription (made for list cells: sized by its chars, not by its text; the whole summary
 * and dice are in the tooltip, built only when asked for), so a row's size depends on nothing
 * but the fonts; it is measured once per kind of row (turn start or not) and remembered, as
 * GTK's own large lists do with fixed-height rows. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-journal-row.h"

struct _MgJournalRow
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkInscription *turn_label;
  GtkInscription *actor_label;
  GtkInscription *summary_label;
  GtkInscription *dice_label;

  MgJournalItem *item;
};

G_DEFINE_FINAL_TYPE (MgJournalRow, mg_journal_row, GTK_TYPE_WIDGET)

/* Sizes measured once: [0] a row inside a turn, [1] a turn's first row (its own padding and
 * rule); forgotten when the fonts change. */
static int row_height[2] = { -1, -1 };
static int row_width = -1;

static void
forget_sizes (void)
{
  row_height[0] = row_height[1] = row_width = -1;
}

static void
update_undone (MgJournalRow *self)
{
  gboolean undone = self->item != NULL && mg_journal_item_get_undone (self->item);

  /* No tooltip set here: setting one asks the display where the pointer is, a round trip per
   * row bound. */
  if (undone)
    gtk_widget_add_css_class (self->box, "undone");
  else
    gtk_widget_remove_css_class (self->box, "undone");
  /* Undoing may hide what the summary tells (mg_journal_item_get_summary). */
  if (self->item != NULL)
    gtk_inscription_set_text (self->summary_label, mg_journal_item_get_summary (self->item));
}

/* The whole summary (and the dice, which may be cut short in their column), built on demand. */
static gboolean
query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  MgJournalRow *self = MG_JOURNAL_ROW (widget);
  const char *dice;
  g_autofree char *text = NULL;

  if (self->item == NULL)
    return FALSE;
  text = mg_journal_item_get_undone (self->item)
         ? g_strdup_printf (_("Undone: %s"), mg_journal_item_get_summary (self->item))
         : g_strdup (mg_journal_item_get_summary (self->item));
  dice = mg_journal_item_get_dice (self->item);
  if (dice != NULL && *dice)
    {
      /* TRANSLATORS: the second line of a journal row's tooltip: "Dice: 4 Sweep · 3 Kick" */
      g_autofree char *with_dice = g_strdup_printf (_("%s\nDice: %s"), text, dice);

      g_free (text);
      text = g_steal_pointer (&with_dice);
    }
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* A long list of dice is cut off in its column: over the column, the whole list alone. */
static gboolean
query_dice_tooltip (GtkWidget *label, int x, int y, gboolean keyboard, GtkTooltip *tooltip, MgJournalRow *self)
{
  const char *dice = self->item != NULL ? mg_journal_item_get_dice (self->item) : NULL;

  if (dice == NULL || g_utf8_strlen (dice, -1) <= 8)
    return FALSE;   /* the row's own tooltip, asked next */
  gtk_tooltip_set_text (tooltip, dice);
  return TRUE;
}

static GtkSizeRequestMode
mg_journal_row_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
mg_journal_row_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  MgJournalRow *self = MG_JOURNAL_ROW (widget);
  int start = gtk_widget_has_css_class (self->box, "turn-start") ? 1 : 0;
  int min, nat;

  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      if (row_height[start] < 0)
        {
          gtk_widget_measure (self->box, orientation, -1, &min, &nat, NULL, NULL);
          row_height[start] = MAX (min, nat);
        }
      *minimum = *natural = row_height[start];
    }
  else
    {
      /* Every column has its width in characters: the row's least width is the same for all. */
      if (row_width < 0)
        {
          gtk_widget_measure (self->box, orientation, -1, &min, &nat, NULL, NULL);
          row_width = min;
        }
      *minimum = *natural = row_width;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
mg_journal_row_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_allocate (MG_JOURNAL_ROW (widget)->box, width, height, baseline, NULL);
}

static void
update_dice (MgJournalRow *self)
{
  gtk_inscription_set_text (self->dice_label, self->item != NULL ? mg_journal_item_get_dice (self->item) : "");
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
      gtk_inscription_set_text (self->turn_label, "");
      gtk_inscription_set_text (self->actor_label, "");
      gtk_inscription_set_text (self->summary_label, "");
      gtk_inscription_set_text (self->dice_label, "");
      update_undone (self);
      return;
    }

  if (mg_journal_item_get_turn_start (item))
    {
      g_autofree char *turn = g_strdup_printf ("%d", mg_journal_item_get_turn (item));

      gtk_inscription_set_text (self->turn_label, turn);
      if (!gtk_widget_has_css_class (self->box, "turn-start"))
        {
          gtk_widget_add_css_class (self->box, "turn-start");
          gtk_widget_queue_resize (GTK_WIDGET (self));
        }
    }
  else
    {
      gtk_inscription_set_text (self->turn_label, "");
      if (gtk_widget_has_css_class (self->box, "turn-start"))
        {
          gtk_widget_remove_css_class (self->box, "turn-start");
          gtk_widget_queue_resize (GTK_WIDGET (self));
        }
    }
  /* The referee's own actions are journaled as "GM"; shown in the referee's language. */
  gtk_inscription_set_text (self->actor_label, g_strcmp0 (mg_journal_item_get_actor (item), "GM") == 0
                                         ? C_("referee", "GM") : mg_journal_item_get_actor (item));
  gtk_inscription_set_text (self->summary_label, mg_journal_item_get_summary (item));
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
  widget_class->get_request_mode = mg_journal_row_get_request_mode;
  widget_class->measure = mg_journal_row_measure;
  widget_class->size_allocate = mg_journal_row_size_allocate;
  widget_class->query_tooltip = query_tooltip;
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
  static gboolean watching = FALSE;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->dice_label), TRUE);
  g_signal_connect (self->dice_label, "query-tooltip", G_CALLBACK (query_dice_tooltip), self);
  if (!watching)
    {
      GtkSettings *settings = gtk_settings_get_default ();

      watching = TRUE;
      if (settings != NULL)
        {
          g_signal_connect (settings, "notify::gtk-font-name", G_CALLBACK (forget_sizes), NULL);
          g_signal_connect (settings, "notify::gtk-xft-dpi", G_CALLBACK (forget_sizes), NULL);
        }
    }
}

GtkWidget *
mg_journal_row_new (void)
{
  return g_object_new (MG_TYPE_JOURNAL_ROW, NULL);
}
