/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-table.c — the Game Master's tracking table: one row per leader, GP and resources,
 * with the lands and armies each holds.
 *
 * A GtkGrid of labels, built once and updated in place: the table has a few read-only rows, all
 * in view. It was a GtkColumnView, whose header buttons, list items and cells cost 7.4 M
 * instructions more of MecaKnights' first frame, and whose rows were all rebound after every
 * action (docs/performance.md). It looks the same (mecaknights.css). The grid says what it is to
 * assistive technologies: a table, column headers, a row header per leader, and cells named with
 * their leader and column ("Red, GP: 10").
 *
 * Narrower than its eight columns (a phone's 360 px), the grid turns: a column per leader, a row
 * per figure, so it fits without scrolling sideways (issue 33). */
#include "config.h"

#include "mg-widget-util.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "mg-mecaknights-table.h"
#include "mg-mecaknights-util.h"

/* The figures of one leader's row, in column order after the name. */
enum { COL_GP, COL_WOOD, COL_STONE, COL_FOOD, COL_IRON, COL_LANDS, COL_ARMIES, N_COLS };
static const char *const col_keys[N_COLS] = { "gp", "wood", "stone", "food", "iron", "lands", "armies" };
static const char *const col_titles[N_COLS] = {
  NC_("mecaknights", "GP"), NC_("mecaknights", "Wood"), NC_("mecaknights", "Stone"), NC_("mecaknights", "Food"),
  NC_("mecaknights", "Iron"), NC_("mecaknights", "Lands"), NC_("mecaknights", "Armies"),
};

/* One leader's row of the grid (grid row index + 1: the header is row 0). */
typedef struct
{
  char      *colour;
  GtkWidget *leader_box;    /* the swatch, then the name */
  GtkWidget *swatch;
  GtkLabel  *name;
  GtkLabel  *figures[N_COLS];
} Row;

struct _MgMkTable
{
  GtkWidget          parent_instance;

  gboolean           compact;
  GtkLabel          *caption_label;
  GtkScrolledWindow *scroller;
  GtkGrid           *grid;
  GtkWidget         *heads[1 + N_COLS];
  GPtrArray         *rows;   /* Row, one per leader */
  gboolean           transposed;
  gboolean           turn;         /* to be turned, after the allocation that found it */
  guint              turn_idle;
  int                wide_width;   /* the grid's natural width a row per leader */
};

G_DEFINE_FINAL_TYPE (MgMkTable, mg_mk_table, GTK_TYPE_WIDGET)

static void
row_free (Row *row)
{
  g_free (row->colour);
  g_free (row);
}

static const char *
col_title (guint c)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "mecaknights", col_titles[c]);
}

/* A cell of the grid: column 0 is the leader's, the others a figure after a separator. */
static GtkWidget *
cell_new (GtkAccessibleRole role, guint column, float xalign)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "accessible-role", role, "xalign", xalign, NULL);

  if (column > 0)
    gtk_widget_add_css_class (label, "mk-sep");
  return label;
}

/* Puts child at (column, row) of the grid as laid out now: turned, the column is the row. */
static void
place (MgMkTable *self, GtkWidget *child, int column, int row)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->grid));
  GtkGridLayoutChild *at = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, child));

  gtk_grid_layout_child_set_column (at, self->transposed ? row : column);
  gtk_grid_layout_child_set_row (at, self->transposed ? column : row);
}

static void
place_all (MgMkTable *self)
{
  for (guint c = 0; c <= N_COLS; c++)
    {
      place (self, self->heads[c], c, 0);
      gtk_label_set_xalign (GTK_LABEL (self->heads[c]), c == 0 || self->transposed ? 0 : 1);
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      place (self, row->leader_box, 0, i + 1);
      for (guint c = 0; c < N_COLS; c++)
        place (self, GTK_WIDGET (row->figures[c]), c + 1, i + 1);
    }
  if (self->transposed)
    gtk_widget_add_css_class (GTK_WIDGET (self->grid), "mk-transposed");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->grid), "mk-transposed");
}

static void
add_heads (MgMkTable *self)
{
  for (guint c = 0; c <= N_COLS; c++)
    {
      GtkWidget *head = cell_new (GTK_ACCESSIBLE_ROLE_COLUMN_HEADER, c, c == 0 ? 0 : 1);

      gtk_label_set_text (GTK_LABEL (head), c == 0 ? C_("mecaknights", "Leader") : col_title (c - 1));
      gtk_widget_add_css_class (head, "mk-head");
      gtk_grid_attach (self->grid, head, c, 0, 1, 1);
      self->heads[c] = head;
    }
}

static void
add_row (MgMkTable *self)
{
  Row *row = g_new0 (Row, 1);
  int y = self->rows->len + 1;

  row->leader_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_hexpand (row->leader_box, TRUE);
  gtk_widget_add_css_class (row->leader_box, "mk-cell");
  row->name = GTK_LABEL (cell_new (GTK_ACCESSIBLE_ROLE_ROW_HEADER, 0, 0));
  gtk_box_append (GTK_BOX (row->leader_box), GTK_WIDGET (row->name));
  gtk_grid_attach (self->grid, row->leader_box, 0, y, 1, 1);
  for (guint c = 0; c < N_COLS; c++)
    {
      GtkWidget *cell = cell_new (GTK_ACCESSIBLE_ROLE_CELL, c + 1, 1);

      gtk_widget_add_css_class (cell, "mk-cell");
      gtk_widget_add_css_class (cell, "numeric");
      gtk_widget_set_visible (cell, !self->compact || c < COL_LANDS);
      gtk_grid_attach (self->grid, cell, c + 1, y, 1, 1);
      row->figures[c] = GTK_LABEL (cell);
    }
  g_ptr_array_add (self->rows, row);
  if (self->transposed)
    place_all (self);
}

static void
fill_row (Row *row, json_object *view, json_object *leader, const char *current)
{
  const char *name = mg_ui_json_str (leader, "name");
  const char *colour = mg_ui_json_str (leader, "colour");

  if (row->swatch == NULL || g_strcmp0 (row->colour, colour) != 0)
    {
      if (row->swatch != NULL)
        gtk_box_remove (GTK_BOX (row->leader_box), row->swatch);
      row->swatch = mg_mk_ui_swatch_new (colour);
      gtk_box_prepend (GTK_BOX (row->leader_box), row->swatch);
      g_free (row->colour);
      row->colour = g_strdup (colour);
    }
  gtk_label_set_text (row->name, name != NULL ? name : "");
  if (current != NULL && g_strcmp0 (current, name) == 0)
    gtk_widget_add_css_class (GTK_WIDGET (row->name), "mk-current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (row->name), "mk-current");
  for (guint c = 0; c < N_COLS; c++)
    {
      int figure = c == COL_LANDS ? mg_mk_ui_view_count_lands (view, name)
                 : c == COL_ARMIES ? mg_mk_ui_view_count_armies (view, name)
                 : mg_mk_ui_leader_amount (leader, col_keys[c]);
      char text[16];
      g_autofree char *said = NULL;

      g_snprintf (text, sizeof text, "%d", figure);
      gtk_label_set_text (row->figures[c], text);
      /* Translators: what a screen reader says of a cell of the tracking table: the leader, the
       * column and the figure ("Red, GP: 10"). */
      said = g_strdup_printf (C_("mecaknights", "%s, %s: %d"), name != NULL ? name : "", col_title (c), figure);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->figures[c]), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
    }
}

void
mg_mk_table_set_view (MgMkTable *self, json_object *view)
{
  json_object *leaders = view != NULL ? mg_mk_ui_view_leaders (view) : NULL;
  const char *current = view != NULL ? mg_mk_ui_view_current_leader (view) : NULL;
  guint n = mg_ui_json_len (leaders);

  g_return_if_fail (MG_IS_MK_TABLE (self));
  /* Usually as many leaders as before: the rows are kept and only their text changes. */
  while (self->rows->len > n)
    {
      Row *row = g_ptr_array_index (self->rows, self->rows->len - 1);

      gtk_grid_remove (self->grid, row->leader_box);
      for (guint c = 0; c < N_COLS; c++)
        gtk_grid_remove (self->grid, GTK_WIDGET (row->figures[c]));
      g_ptr_array_remove_index (self->rows, self->rows->len - 1);
    }
  while (self->rows->len < n)
    add_row (self);
  for (guint i = 0; i < n; i++)
    fill_row (g_ptr_array_index (self->rows, i), view, json_object_array_get_idx (leaders, i), current);
  if (self->compact)
    {
      g_autofree char *caption = NULL;

      if (view != NULL && json_object_get_boolean (mg_ui_json_get (view, "started")))
        /* Translators: the replay's caption: "Turn 3 · Winter — Blue, Build and train" */
        caption = g_strdup_printf (C_("mecaknights", "Turn %d · %s — %s, %s"), mg_ui_json_int (view, "turn", 1),
                                   mg_mk_ui_season_name (mg_ui_json_str (view, "season")),
                                   current != NULL ? current : "", mg_mk_ui_phase_name (mg_ui_json_str (view, "phase")));
      else
        caption = g_strdup (mg_mk_ui_phase_name ("setup"));
      gtk_label_set_text (self->caption_label, caption);
    }
}

/* Read from the labels shown, so the tests see what the referee sees. */
int
mg_mk_table_get (MgMkTable *self, const char *leader, const char *column)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (g_strcmp0 (gtk_label_get_text (row->name), leader) != 0)
        continue;
      for (guint c = 0; c < N_COLS; c++)
        if (g_strcmp0 (col_keys[c], column) == 0)
          return gtk_widget_get_visible (GTK_WIDGET (row->figures[c]))
                 ? (int) strtol (gtk_label_get_text (row->figures[c]), NULL, 10) : -1;
    }
  return -1;
}

guint
mg_mk_table_get_n_leaders (MgMkTable *self)
{
  return self->rows->len;
}

static void
mg_mk_table_dispose (GObject *object)
{
  MgMkTable *self = MG_MK_TABLE (object);

  g_clear_handle_id (&self->turn_idle, g_source_remove);
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MK_TABLE);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (mg_mk_table_parent_class)->dispose (object);
}

static void
mg_mk_table_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size, minimum, natural, min_baseline, nat_baseline);
}

/* Turns the grid after the allocation that found the leaders' rows too wide for it (or wide
 * enough again), not during it: children moved while allocating were drawn unallocated. */
static gboolean
apply_turn (gpointer data)
{
  MgMkTable *self = data;

  self->turn_idle = 0;
  if (self->turn != self->transposed)
    {
      self->transposed = self->turn;
      place_all (self);
    }
  return G_SOURCE_REMOVE;
}

static void
mg_mk_table_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgMkTable *self = MG_MK_TABLE (widget);

  if (!self->transposed)
    gtk_widget_measure (GTK_WIDGET (self->grid), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &self->wide_width, NULL, NULL);
  self->turn = self->rows->len > 0 && width < self->wide_width;
  if (self->turn != self->transposed && self->turn_idle == 0)
    self->turn_idle = g_idle_add (apply_turn, self);
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
mg_mk_table_class_init (MgMkTableClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_table_dispose;
  widget_class->measure = mg_mk_table_measure;
  widget_class->size_allocate = mg_mk_table_size_allocate;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/mecaknights/mg-mecaknights-table.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, caption_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, scroller);
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, grid);
}

static void
mg_mk_table_init (MgMkTable *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mg_scrolled_window_pass_vertical (self->scroller);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  add_heads (self);
}

MgMkTable *
mg_mk_table_new (void)
{
  return g_object_new (MG_TYPE_MK_TABLE, NULL);
}

void
mg_mk_table_set_compact (MgMkTable *self, gboolean compact)
{
  self->compact = compact;
  gtk_widget_set_visible (GTK_WIDGET (self->caption_label), compact);
  for (guint c = COL_LANDS; c < N_COLS; c++)
    {
      gtk_widget_set_visible (self->heads[c + 1], !compact);
      for (guint i = 0; i < self->rows->len; i++)
        gtk_widget_set_visible (GTK_WIDGET (((Row *) g_ptr_array_index (self->rows, i))->figures[c]), !compact);
    }
}
