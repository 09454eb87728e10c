/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-odds-bar.c — win / draw / loss as one bar of three colours (drawn, no children). */
#include "config.h"

#include "mg-odds-bar.h"

struct _MgOddsBar
{
  GtkWidget parent_instance;
  double    parts[3];   /* win, draw, loss; sum 1 */
};

G_DEFINE_FINAL_TYPE (MgOddsBar, mg_odds_bar, GTK_TYPE_WIDGET)

static void
mg_odds_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgOddsBar *self = MG_ODDS_BAR (widget);
  /* Adwaita's green, a neutral grey and red; readable in light and dark. */
  static const GdkRGBA colours[3] = {
    { 0.15, 0.64, 0.41, 1.0 },
    { 0.60, 0.60, 0.60, 1.0 },
    { 0.88, 0.11, 0.14, 1.0 },
  };
  float width = gtk_widget_get_width (widget);
  float height = gtk_widget_get_height (widget);
  GskRoundedRect outline;
  float x = 0;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), height / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  for (guint i = 0; i < 3; i++)
    {
      float w = (float) (self->parts[i] * width);

      if (i == 2)
        w = width - x;
      if (w > 0)
        gtk_snapshot_append_color (snapshot, &colours[i], &GRAPHENE_RECT_INIT (x, 0, w, height));
      x += w;
    }
  gtk_snapshot_pop (snapshot);
}

static void
mg_odds_bar_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = 60, *natural = 120;
  else
    *minimum = *natural = 8;
}

static void
mg_odds_bar_class_init (MgOddsBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = mg_odds_bar_snapshot;
  widget_class->measure = mg_odds_bar_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "oddsbar");
}

static void
mg_odds_bar_init (MgOddsBar *self)
{
}

GtkWidget *
mg_odds_bar_new (double win, double draw, double loss)
{
  MgOddsBar *self = g_object_new (MG_TYPE_ODDS_BAR, "valign", GTK_ALIGN_CENTER, NULL);
  double total = win + draw + loss;

  if (total > 0)
    {
      self->parts[0] = win / total;
      self->parts[1] = draw / total;
      self->parts[2] = loss / total;
    }
  return GTK_WIDGET (self);
}
