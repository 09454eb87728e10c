/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-row.c — one journal row: turn, then the summary (led by who acted when it does not
 * name them) with its dice on a line below; undone rows greyed.
 *
 * Rows of a million-row journal must bind and lay out in a frame. The summary and its dice are
 * shown whole, wrapped (issue 33.3), in the row's whole width but the turn's (issue 45: a dice
 * column cut long dice short, stood empty in games without dice and left the summary a narrow
 * strip), so a row's height follows its text and its list's width; everything else is sized by
 * the fonts alone: the turn is a GtkInscription (sized by its chars, not its text) and the
 * row's least width is measured once. The summary is drawn by MgJournalSummary from its own
 * layouts (below). A row remembers its height for the width it was measured at, until it is
 * bound to another item or its text changes. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mg-journal-row.h"

/* The summary, drawn from its own PangoLayout, and under it the row's dice (dimmed, in figures
 * that line up), from a second one: as wide as the row's box gives it (it expands), as tall as
 * its texts wrapped at that width. A GtkLabel did the same at 15 times the cost of a
 * jump in a million rows (its widths lay a wrapped text out again, one character a line). Its
 * CSS name is "label", so the row's label styles (undone rows) apply to it. */
#define MG_TYPE_JOURNAL_SUMMARY (mg_journal_summary_get_type ())
G_DECLARE_FINAL_TYPE (MgJournalSummary, mg_journal_summary, MG, JOURNAL_SUMMARY, GtkWidget)

struct _MgJournalSummary
{
  GtkWidget    parent_instance;
  PangoLayout *layout;
  PangoLayout *dice;           /* the dice line; its text empty: the row has no dice */
  int          layout_width;   /* what the layouts are wrapped at, px; -1: not wrapped */
  PangoFontDescription *font; /* what it was laid out in */
};

G_DEFINE_FINAL_TYPE (MgJournalSummary, mg_journal_summary, GTK_TYPE_WIDGET)

/* The least width of the summary's column, whatever its text. */
#define SUMMARY_MIN_WIDTH 96
/* The width it asks for, in characters of its font: the list is given that much before the
 * replay beside it grows (issue 45: at 800 px it was a strip of 95 to 145 px). */
#define SUMMARY_NAT_CHARS 48
/* Between the summary and its dice, px. */
#define DICE_GAP 3

static void
summary_wrap_at (MgJournalSummary *self, int width)
{
  if (self->layout_width == width)
    return;
  pango_layout_set_width (self->layout, width * PANGO_SCALE);
  pango_layout_set_width (self->dice, width * PANGO_SCALE);
  self->layout_width = width;
}

static gboolean
summary_has_dice (MgJournalSummary *self)
{
  return pango_layout_get_text (self->dice)[0] != '\0';
}

/* dice: the dice line ("Dice: d6: 3 5"), or NULL for none. */
static void
mg_journal_summary_set (MgJournalSummary *self, const char *text, PangoAttrList *attrs, const char *dice)
{
  pango_layout_set_text (self->layout, text, -1);
  pango_layout_set_attributes (self->layout, attrs);
  pango_layout_set_text (self->dice, dice != NULL ? dice : "", -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Its height wrapped at `width`, px. */
static int
summary_height (MgJournalSummary *self, int width)
{
  int height = 0, dice_height = 0;

  summary_wrap_at (self, MAX (width, SUMMARY_MIN_WIDTH));
  pango_layout_get_pixel_size (self->layout, NULL, &height);
  if (summary_has_dice (self))
    {
      pango_layout_get_pixel_size (self->dice, NULL, &dice_height);
      height += DICE_GAP + dice_height;
    }
  return height;
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

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (widget), NULL, NULL);

      *minimum = SUMMARY_MIN_WIDTH;
      *natural = MAX (SUMMARY_MIN_WIDTH,
                      SUMMARY_NAT_CHARS * pango_font_metrics_get_approximate_char_width (metrics) / PANGO_SCALE);
      pango_font_metrics_unref (metrics);
    }
  else
    *minimum = *natural = summary_height (self, for_size);
  *minimum_baseline = *natural_baseline = -1;
}

static void
mg_journal_summary_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgJournalSummary *self = MG_JOURNAL_SUMMARY (widget);
  GdkRGBA color;

  int height = 0;

  summary_wrap_at (self, gtk_widget_get_width (widget));
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS   /* gtk_widget_get_color is GTK 4.10 */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_snapshot_append_layout (snapshot, self->layout, &color);
  if (!summary_has_dice (self))
    return;
  pango_layout_get_pixel_size (self->layout, NULL, &height);
  color.alpha *= 0.7;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, height + DICE_GAP));
  gtk_snapshot_append_layout (snapshot, self->dice, &color);
  gtk_snapshot_restore (snapshot);
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
  pango_layout_context_changed (self->dice);
  self->layout_width = -2;
  gtk_widget_queue_resize (widget);
}

static void
mg_journal_summary_finalize (GObject *object)
{
  g_clear_object (&MG_JOURNAL_SUMMARY (object)->layout);
  g_clear_object (&MG_JOURNAL_SUMMARY (object)->dice);
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
  g_autoptr(PangoAttrList) figures = pango_attr_list_new ();

  self->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_wrap (self->layout, PANGO_WRAP_WORD_CHAR);
  /* Figures of one width, so the dice of rows below each other line up. */
  pango_attr_list_insert (figures, pango_attr_font_features_new ("tnum=1"));
  self->dice = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  pango_layout_set_wrap (self->dice, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_attributes (self->dice, figures);
  self->layout_width = -1;
}

struct _MgJournalRow
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkInscription *turn_label;
  MgJournalSummary *summary;

  MgJournalItem *item;
  gboolean       titled;            /* its turn column is for the game's names of turns */
  int            measured_width;    /* the width `measured_height` is for; -1: none */
  int            measured_height;
  guint          remeasure;         /* idle: queue a resize */
};

G_DEFINE_FINAL_TYPE (MgJournalRow, mg_journal_row, GTK_TYPE_WIDGET)

/* The least and natural widths of every row, measured once (one pair for a turn column of numbers,
 * one for the games that name their turns, as TFT's "Fight 1, turn 8"); forgotten when the fonts
 * change. */
static int row_width[2] = { -1, -1 }, row_natural[2] = { -1, -1 };
/* The width a row was last given: a row made while the list scrolls is measured before it is
 * in the list, and lists are as wide as each other more often than not. */
static int last_width = 640;

static void
forget_sizes (void)
{
  row_width[0] = row_width[1] = -1;
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

/* Undone or redone, its text changes (struck through, or withheld while a secret is in force):
 * its height is measured again (issue 45: a redone row drew over the next one). */
static void
undone_changed (MgJournalRow *self)
{
  update_undone (self);
  set_summary (self);
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

      if (self->measured_width != width || row_width[self->titled] < 0)
        {
          gtk_widget_measure (self->box, orientation, width, &min, &nat, NULL, NULL);
          self->measured_width = width;
          self->measured_height = MAX (min, nat);
        }
      *minimum = *natural = self->measured_height;
    }
  else
    {
      /* The turn has its width in characters, and the summary's widths are in pixels and
       * characters of its font: the row's widths are the same for all. */
      if (row_width[self->titled] < 0)
        {
          gtk_widget_measure (self->box, orientation, -1, &min, &nat, NULL, NULL);
          row_width[self->titled] = min;
          row_natural[self->titled] = MAX (min, nat);
        }
      *minimum = row_width[self->titled];
      *natural = row_natural[self->titled];
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
   * resized): measured again once this layout is over, before the next frame (at the default
   * idle priority, frames drawn one after another, as while the Journal scrolls to its end,
   * kept it waiting, its text drawn over the next row's: issue 45). */
  if (width != self->measured_width && self->remeasure == 0)
    self->remeasure = g_idle_add_full (G_PRIORITY_HIGH_IDLE, measure_again, self, NULL);
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
  g_autofree char *text = NULL, *dice_line = NULL, *spoken = NULL;
  const char *dice;

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
  dice = item != NULL ? mg_journal_item_get_dice (item) : NULL;
  if (dice != NULL && dice[0] != '\0')
    {
      /* TRANSLATORS: the line under a Journal row's sentence: "Dice: 4 Sweep · 3 Kick" */
      dice_line = g_strdup_printf (_("Dice: %s"), dice);
      spoken = g_strdup_printf ("%s %s", text != NULL ? text : summary, dice_line);
    }
  mg_journal_summary_set (self->summary, text != NULL ? text : summary, attrs, dice_line);
  say_sentence (self, spoken != NULL ? spoken : text != NULL ? text : summary);
  /* Its height follows its text. */
  self->measured_width = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* A game that names its turns ("Fight 1, turn 8"; in French "Combat 1, tour 8") gets a turn column
 * of 9 characters, its name on up to two lines (issue 45: TFT's Journal numbered the campaign's
 * turns, one ahead of the fight's). */
static void
set_titled (MgJournalRow *self, gboolean titled)
{
  if (self->titled == titled)
    return;
  self->titled = titled;
  gtk_inscription_set_min_chars (self->turn_label, titled ? 9 : 5);
  gtk_inscription_set_nat_chars (self->turn_label, titled ? 9 : 5);
  self->measured_width = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
mg_journal_row_set_item (MgJournalRow *self, MgJournalItem *item)
{
  g_return_if_fail (MG_IS_JOURNAL_ROW (self));

  if (self->item != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->item, undone_changed, self);
      g_signal_handlers_disconnect_by_func (self->item, set_summary, self);
    }
  g_set_object (&self->item, item);
  if (item == NULL)
    {
      gtk_inscription_set_text (self->turn_label, "");
      set_summary (self);
      update_undone (self);
      return;
    }

  set_titled (self, mg_journal_item_get_titled (item));
  if (mg_journal_item_get_turn_start (item))
    {
      const char *title = mg_journal_item_get_turn_title (item);
      g_autofree char *turn = title != NULL ? g_strdup (title) : g_strdup_printf ("%d", mg_journal_item_get_turn (item));

      gtk_inscription_set_text (self->turn_label, turn);
      gtk_inscription_set_nat_lines (self->turn_label, title != NULL ? 2 : 1);
      if (!gtk_widget_has_css_class (self->box, "turn-start"))
        {
          gtk_widget_add_css_class (self->box, "turn-start");
          gtk_widget_queue_resize (GTK_WIDGET (self));
        }
    }
  else
    {
      gtk_inscription_set_text (self->turn_label, "");
      gtk_inscription_set_nat_lines (self->turn_label, 1);
      if (gtk_widget_has_css_class (self->box, "turn-start"))
        {
          gtk_widget_remove_css_class (self->box, "turn-start");
          gtk_widget_queue_resize (GTK_WIDGET (self));
        }
    }
  set_summary (self);
  g_signal_connect_swapped (item, "notify::undone", G_CALLBACK (undone_changed), self);
  g_signal_connect_swapped (item, "notify::dice", G_CALLBACK (set_summary), self);
  update_undone (self);
}

MgJournalItem *
mg_journal_row_get_item (MgJournalRow *self)
{
  g_return_val_if_fail (MG_IS_JOURNAL_ROW (self), NULL);
  return self->item;
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
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-journal-row.ui");
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, box);
  gtk_widget_class_bind_template_child (widget_class, MgJournalRow, turn_label);
}

static void
mg_journal_row_init (MgJournalRow *self)
{
  static gboolean watching = FALSE;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->measured_width = -1;
  /* The whole summary and its dice, wrapped at any width (issue 33.3), after the turn. */
  self->summary = g_object_new (MG_TYPE_JOURNAL_SUMMARY, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "journal-summary");
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->summary), GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->summary));
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
