/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-row.c — one journal row: turn, summary (led by who acted when it does not name
 * them), dice; undone rows greyed.
 *
 * Rows of a million-row journal must bind and lay out in a frame. The summary is shown whole,
 * wrapped (issue 33.3), so a row's height follows its text and its list's width; everything
 * else is sized by the fonts alone: the turn and dice are GtkInscriptions (sized by their
 * chars, not their text; the whole dice are in the tooltip, built only when asked for) and the
 * row's least width is measured once. The summary is drawn by MgJournalSummary from its own
 * layout (below). A row remembers its height for the width it was measured at, until it is
 * bound to another item. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mg-journal-row.h"

/* The summary, drawn from its own PangoLayout: as wide as the row's box gives it (it expands),
 * as tall as its text wrapped at that width. A GtkLabel did the same at 15 times the cost of a
 * jump in a million rows (its widths lay a wrapped text out again, one character a line). Its
 * CSS name is "label", so the row's label styles (undone rows) apply to it. */
#define MG_TYPE_JOURNAL_SUMMARY (mg_journal_summary_get_type ())
G_DECLARE_FINAL_TYPE (MgJournalSummary, mg_journal_summary, MG, JOURNAL_SUMMARY, GtkWidget)

struct _MgJournalSummary
{
  GtkWidget    parent_instance;
  PangoLayout *layout;
  int          layout_width;   /* what the layout is wrapped at, px; -1: not wrapped */
  PangoFontDescription *font; /* what it was laid out in */
};

G_DEFINE_FINAL_TYPE (MgJournalSummary, mg_journal_summary, GTK_TYPE_WIDGET)

/* The least width of the summary's column, whatever its text. */
#define SUMMARY_MIN_WIDTH 96

static void
summary_wrap_at (MgJournalSummary *self, int width)
{
  if (self->layout_width == width)
    return;
  pango_layout_set_width (self->layout, width * PANGO_SCALE);
  self->layout_width = width;
}

static void
mg_journal_summary_set (MgJournalSummary *self, const char *text, PangoAttrList *attrs)
{
  pango_layout_set_text (self->layout, text, -1);
  pango_layout_set_attributes (self->layout, attrs);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static GtkSizeRequestMode
mg_journal_summary_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_journal_summary_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  MgJournalSummary *self = MG_JOURNAL_SUMMARY (widget);
  int height = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = SUMMARY_MIN_WIDTH;
  else
    {
      summary_wrap_at (self, MAX (for_size, SUMMARY_MIN_WIDTH));
      pango_layout_get_pixel_size (self->layout, NULL, &height);
      *minimum = *natural = height;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
mg_journal_summary_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgJournalSummary *self = MG_JOURNAL_SUMMARY (widget);
  GdkRGBA color;

  summary_wrap_at (self, gtk_widget_get_width (widget));
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS   /* gtk_widget_get_color is GTK 4.10 */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
}

static void
mg_journal_summary_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  MgJournalSummary *self = MG_JOURNAL_SUMMARY (widget);
  const PangoFontDescription *font;

  GTK_WIDGET_CLASS (mg_journal_summary_parent_class)->css_changed (widget, change);
  /* Measured again only when the font changed: a row's hover or selection changes its style
   * too, and a resize queued then (while the list lays out) left widgets unallocated. */
  font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (self->font != NULL && pango_font_description_equal (self->font, font))
    return;
  g_clear_pointer (&self->font, pango_font_description_free);
  self->font = pango_font_description_copy (font);
  pango_layout_context_changed (self->layout);
  self->layout_width = -2;
  gtk_widget_queue_resize (widget);
}

static void
mg_journal_summary_finalize (GObject *object)
{
  g_clear_object (&MG_JOURNAL_SUMMARY (object)->layout);
  g_clear_pointer (&MG_JOURNAL_SUMMARY (object)->font, pango_font_description_free);
  G_OBJECT_CLASS (mg_journal_summary_parent_class)->finalize (object);
}

static void
mg_journal_summary_class_init (MgJournalSummaryClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = mg_journal_summary_finalize;
  widget_class->get_request_mode = mg_journal_summary_get_request_mode;
  widget_class->measure = mg_journal_summary_measure;
  widget_class->snapshot = mg_journal_summary_snapshot;
  widget_class->css_changed = mg_journal_summary_css_changed;
  gtk_widget_class_set_css_name (widget_class, "label");
}

static void
mg_journal_summary_init (MgJournalSummary *self)
{
  self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD_CHAR);
  self->layout_width = -1;
}

struct _MgJournalRow
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkInscription *turn_label;
  MgJournalSummary *summary;
  GtkInscription *dice_label;

  MgJournalItem *item;
  int            measured_width;    /* the width `measured_height` is for; -1: none */
  int            measured_height;
  guint          remeasure;         /* idle: queue a resize */
};

G_DEFINE_FINAL_TYPE (MgJournalRow, mg_journal_row, GTK_TYPE_WIDGET)

/* The least width of every row, measured once; forgotten when the fonts change. */
static int row_width = -1;
/* The width a row was last given: a row made while the list scrolls is measured before it is
 * in the list, and lists are as wide as each other more often than not. */
static int last_width = 640;

static void
forget_sizes (void)
{
  row_width = -1;
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
}

static void set_summary (MgJournalRow *self);

static void
undone_changed (MgJournalRow *self)
{
  update_undone (self);
  set_summary (self);
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
  int min, nat;

  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      /* The row is as wide as its list: its height is for the list's width (a size request
       * that varies with the width made GTK 4.8's list leave widgets of the page unallocated
       * when the window grew). Before the list has a width, a guess; the row measures again
       * when allocated another width than it was measured at (size_allocate). */
      GtkWidget *list = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_VIEW);
      int width = list != NULL && gtk_widget_get_width (list) > 0 ? gtk_widget_get_width (list) : last_width;

      if (self->measured_width != width || row_width < 0)
        {
          gtk_widget_measure (self->box, orientation, width, &min, &nat, NULL, NULL);
          self->measured_width = width;
          self->measured_height = MAX (min, nat);
        }
      *minimum = *natural = self->measured_height;
    }
  else
    {
      /* Every column but the summary has its width in characters, and the summary's least is
       * its width-chars: the row's least width is the same for all. */
      if (row_width < 0)
        {
          gtk_widget_measure (self->box, orientation, -1, &min, &nat, NULL, NULL);
          row_width = min;
        }
      *minimum = *natural = row_width;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static gboolean
measure_again (gpointer data)
{
  MgJournalRow *self = data;

  self->remeasure = 0;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
mg_journal_row_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgJournalRow *self = MG_JOURNAL_ROW (widget);

  gtk_widget_allocate (self->box, width, height, baseline, NULL);
  last_width = width;
  /* Its height was for another width (the list was not laid out yet, or the window was
   * resized): measured again, once this layout is over. */
  if (width != self->measured_width && self->remeasure == 0)
    self->remeasure = g_idle_add (measure_again, self);
}

static void
update_dice (MgJournalRow *self)
{
  gtk_inscription_set_text (self->dice_label, self->item != NULL ? mg_journal_item_get_dice (self->item) : "");
}

/* The row's sentence is what a screen reader says of it (the summary is drawn, not a label): on
 * the list's row, the one that takes the focus (issue 44). */
static void
say_sentence (MgJournalRow *self, const char *sentence)
{
  GtkWidget *holder = gtk_widget_get_parent (GTK_WIDGET (self));
  g_autofree char *spoken = self->item != NULL && mg_journal_item_get_undone (self->item)
    ? g_strdup_printf (_("Undone: %s"), sentence) : NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (holder != NULL ? holder : GTK_WIDGET (self)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken != NULL ? spoken : sentence, -1);
}

/* The summary, led by who acted (in bold) unless it names them: the name is then not said
 * twice, and the summary has the row's whole width. Struck through when undone (the CSS's
 * text-decoration reaches only GtkLabels). */
static void
set_summary (MgJournalRow *self)
{
  MgJournalItem *item = self->item;
  const char *summary = item != NULL ? mg_journal_item_get_summary (item) : "";
  const char *actor = item != NULL ? mg_journal_item_get_actor (item) : NULL;
  g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
  g_autofree char *text = NULL;

  /* The referee's own actions are journaled as "GM"; shown in the referee's language. */
  if (g_strcmp0 (actor, "GM") == 0)
    actor = C_("referee", "GM");
  if (actor != NULL && actor[0] != '\0' && strstr (summary, actor) == NULL)
    {
      PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

      /* TRANSLATORS: a Journal row whose summary does not name who acted: "GM: Turn 3 begins." */
      text = g_strdup_printf (C_("journal row", "%s: %s"), actor, summary);
      bold->start_index = 0;
      bold->end_index = strlen (actor);
      pango_attr_list_insert (attrs, bold);
    }
  if (item != NULL && mg_journal_item_get_undone (item))
    pango_attr_list_insert (attrs, pango_attr_strikethrough_new (TRUE));
  mg_journal_summary_set (self->summary, text != NULL ? text : summary, attrs);
  say_sentence (self, text != NULL ? text : summary);
}

void
mg_journal_row_set_item (MgJournalRow *self, MgJournalItem *item)
{
  g_return_if_fail (MG_IS_JOURNAL_ROW (self));

  if (self->item != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->item, undone_changed, self);
      g_signal_handlers_disconnect_by_func (self->item, update_dice, self);
    }
  g_set_object (&self->item, item);
  self->measured_width = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  if (item == NULL)
    {
      gtk_inscription_set_text (self->turn_label, "");
      set_summary (self);
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
  set_summary (self);
  update_dice (self);
  g_signal_connect_swapped (item, "notify::undone", G_CALLBACK (undone_changed), self);
  g_signal_connect_swapped (item, "notify::dice", G_CALLBACK (update_dice), self);
  update_undone (self);
}

static void
mg_journal_row_dispose (GObject *object)
{
  MgJournalRow *self = MG_JOURNAL_ROW (object);

  mg_journal_row_set_item (self, NULL);
  g_clear_handle_id (&self->remeasure, g_source_remove);
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
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, dice_label);
}

static void
mg_journal_row_init (MgJournalRow *self)
{
  static gboolean watching = FALSE;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->measured_width = -1;
  /* The whole summary, wrapped at any width (issue 33.3), between the turn and the dice. */
  self->summary = g_object_new (MG_TYPE_JOURNAL_SUMMARY, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "journal-summary");
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->summary), GTK_ALIGN_START);
  gtk_box_insert_child_after (GTK_BOX (self->box), GTK_WIDGET (self->summary), GTK_WIDGET (self->turn_label));
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
