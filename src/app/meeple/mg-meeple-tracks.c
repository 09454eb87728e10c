/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-tracks.c — one Meeple Melee player's tracks: casualties, neutral zone, actions. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-meeple-tracks.h"
#include "mg-ui-json.h"

/* A row of n cells, the first `filled` marked: a picture of the track on the board. Each cell is
 * drawn as the CSS box .track-cell (and .casualty, .neutral or .used when marked) of meeple.css
 * would be, not made a widget of its own: 16 widgets fewer to style, lay out and draw for the two
 * sides of the Battle page (4.7M instructions of its first frame). */
#define MG_TYPE_MEEPLE_CELLS (mg_meeple_cells_get_type ())
G_DECLARE_FINAL_TYPE (MgMeepleCells, mg_meeple_cells, MG, MEEPLE_CELLS, GtkWidget)

/* .track-cell's min-width and min-height in meeple.css, and the spacing of the boxes the cells
 * were laid out in. */
#define CELL_SIZE 18
#define CELL_SPACING 4
/* In a narrow window (a 360 px phone, in French) the cells narrow to this rather than hold the
 * page wider than its window. */
#define CELL_SMALLEST 10

struct _MgMeepleCells
{
  GtkWidget   parent_instance;
  int         n;
  int         filled;
  const char *fill_class;   /* static */
};

G_DEFINE_FINAL_TYPE (MgMeepleCells, mg_meeple_cells, GTK_TYPE_WIDGET)

static void
mg_meeple_cells_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgMeepleCells *self = MG_MEEPLE_CELLS (widget);

  /* A track of no cells (no actions this battle) is still a cell tall: its row keeps its height,
   * and the rows under it do not move when the count comes and goes (issue 43). */
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = CELL_SIZE;
  else if (self->n == 0)
    *minimum = *natural = 0;
  else
    {
      *minimum = self->n * CELL_SMALLEST + (self->n - 1) * CELL_SPACING;
      *natural = self->n * CELL_SIZE + (self->n - 1) * CELL_SPACING;
    }
}

static void
mg_meeple_cells_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgMeepleCells *self = MG_MEEPLE_CELLS (widget);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  int y = (gtk_widget_get_height (widget) - CELL_SIZE) / 2;
  int width;
  cairo_t *cr;

  if (self->n == 0)
    return;
  /* As wide as the room allows, up to CELL_SIZE (as tall whatever the width). */
  width = CLAMP ((gtk_widget_get_width (widget) - (self->n - 1) * CELL_SPACING) / self->n, CELL_SMALLEST, CELL_SIZE);

  /* The row is one cairo node, not a node a cell: a change of the track is then one rectangle of
   * the frame's damage, not one a cell. GTK 4.8 gives up diffing a container whose damage passes
   * 30 rectangles and repaints it whole (MAX_RECTS_IN_DIFF, gskrendernodeimpl.c): a Meeple undo
   * that changed 6 cells and their numbers on both sides at once repainted both sides (issue 43). */
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, y, self->n * (width + CELL_SPACING) - CELL_SPACING,
                                                                 CELL_SIZE));
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  for (int i = 0; i < self->n; i++)
    {
      gtk_style_context_save (context);
      gtk_style_context_add_class (context, "track-cell");
      if (i < self->filled)
        gtk_style_context_add_class (context, self->fill_class);
      gtk_render_background (context, cr, i * (width + CELL_SPACING), y, width, CELL_SIZE);
      gtk_style_context_restore (context);
    }
  G_GNUC_END_IGNORE_DEPRECATIONS
  cairo_destroy (cr);
}

static void
mg_meeple_cells_class_init (MgMeepleCellsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = mg_meeple_cells_measure;
  widget_class->snapshot = mg_meeple_cells_snapshot;
}

static void
mg_meeple_cells_init (MgMeepleCells *self)
{
}

static void
set_cells (MgMeepleCells *self, int n, int filled, const char *fill_class)
{
  n = CLAMP (n, 0, 16);
  if (n != self->n)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  else if (filled != self->filled || g_strcmp0 (fill_class, self->fill_class) != 0)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->n = n;
  self->filled = filled;
  self->fill_class = fill_class;
}

struct _MgMeepleTracks
{
  GtkWidget parent_instance;

  GtkWidget     *grid;
  MgMeepleCells *casualty_cells;
  MgMeepleCells *neutral_cells;
  MgMeepleCells *action_cells;
  GtkLabel  *casualty_label;
  GtkLabel  *neutral_label;
  GtkLabel  *actions_label;
  GtkLabel  *roll_label;
  GtkLabel  *reveal_label;

  int        casualties;
  int        neutral;
};

G_DEFINE_FINAL_TYPE (MgMeepleTracks, mg_meeple_tracks, GTK_TYPE_WIDGET)

void
mg_meeple_tracks_update (MgMeepleTracks *self, json_object *player, int defeat)
{
  g_autofree char *casualties = NULL;
  g_autofree char *actions = NULL;
  g_autofree char *to_roll = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *neutral = NULL;
  int allowed, used;

  g_return_if_fail (MG_IS_MEEPLE_TRACKS (self));

  self->casualties = mg_ui_json_int (player, "casualties", 0);
  self->neutral = mg_ui_json_int (player, "neutral", 0);
  allowed = mg_ui_json_int (player, "actions_allowed", 0);
  used = mg_ui_json_int (player, "actions_used", 0);

  set_cells (self->casualty_cells, defeat, self->casualties, "casualty");
  set_cells (self->neutral_cells, MAX (self->neutral, 1), self->neutral, "neutral");
  set_cells (self->action_cells, allowed, used, "used");

  /* Translators: casualties out of the number that loses the match, e.g. "2 / 6" */
  casualties = g_strdup_printf (_("%d / %d"), self->casualties, defeat);
  gtk_label_set_text (self->casualty_label, casualties);
  neutral = g_strdup_printf ("%d", self->neutral);
  gtk_label_set_text (self->neutral_label, neutral);
  /* Translators: actions used of actions allowed this battle, e.g. "1 / 2" */
  actions = g_strdup_printf (_("%d / %d"), used, allowed);
  gtk_label_set_text (self->actions_label, actions);
  to_roll = g_strdup_printf ("%d", mg_ui_json_int (player, "to_roll", 0));
  gtk_label_set_text (self->roll_label, to_roll);
  reveal = g_strdup_printf ("%d", mg_ui_json_int (player, "reveal", 0));
  gtk_label_set_text (self->reveal_label, reveal);

  {
    g_autofree char *casualties = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d casualty of %d", "%d casualties of %d",
                                                                self->casualties),
                                                   self->casualties, defeat);
    g_autofree char *actions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of %d action used", "%d of %d actions used",
                                                             allowed),
                                                used, allowed);
    /* Translators: "2 casualties of 6, 1 in the neutral zone, 1 of 2 actions used". */
    g_autofree char *description = g_strdup_printf (_("%s, %d in the neutral zone, %s"), casualties, self->neutral,
                                                    actions);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  }
}

int
mg_meeple_tracks_get_casualties (MgMeepleTracks *self)
{
  return self->casualties;
}

int
mg_meeple_tracks_get_neutral (MgMeepleTracks *self)
{
  return self->neutral;
}

static void
mg_meeple_tracks_dispose (GObject *object)
{
  mg_widget_dispose_children (GTK_WIDGET (object), MG_TYPE_MEEPLE_TRACKS);
  G_OBJECT_CLASS (mg_meeple_tracks_parent_class)->dispose (object);
}

static void
mg_meeple_tracks_class_init (MgMeepleTracksClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_meeple_tracks_dispose;
  g_type_ensure (MG_TYPE_MEEPLE_CELLS);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/meeple/mg-meeple-tracks.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, grid);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, casualty_cells);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, neutral_cells);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, action_cells);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, casualty_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, neutral_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, actions_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, roll_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, reveal_label);
}

static void
mg_meeple_tracks_init (MgMeepleTracks *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MgMeepleTracks *
mg_meeple_tracks_new (void)
{
  return g_object_new (MG_TYPE_MEEPLE_TRACKS, NULL);
}
