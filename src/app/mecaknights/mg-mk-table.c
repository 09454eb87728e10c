/* mg-mk-table.c — the Game Master's tracking table: one row per leader, GP and resources,
 * with the lands and armies each holds; a GtkColumnView over a list of leader rows. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-mk-table.h"
#include "mg-mk-util.h"

/* The figures of one leader's row, in column order after the name. */
enum { COL_GP, COL_WOOD, COL_STONE, COL_FOOD, COL_IRON, COL_LANDS, COL_ARMIES, N_COLS };
static const char *const col_keys[N_COLS] = { "gp", "wood", "stone", "food", "iron", "lands", "armies" };

#define MG_TYPE_MK_LEADER_ROW (mg_mk_leader_row_get_type ())
G_DECLARE_FINAL_TYPE (MgMkLeaderRow, mg_mk_leader_row, MG, MK_LEADER_ROW, GObject)

struct _MgMkLeaderRow
{
  GObject  parent_instance;
  char    *name;
  char    *colour;
  gboolean current;
  int      figures[N_COLS];
};

G_DEFINE_FINAL_TYPE (MgMkLeaderRow, mg_mk_leader_row, G_TYPE_OBJECT)

static void
mg_mk_leader_row_finalize (GObject *object)
{
  MgMkLeaderRow *self = MG_MK_LEADER_ROW (object);

  g_free (self->name);
  g_free (self->colour);
  G_OBJECT_CLASS (mg_mk_leader_row_parent_class)->finalize (object);
}

static void
mg_mk_leader_row_class_init (MgMkLeaderRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mg_mk_leader_row_finalize;
}

static void
mg_mk_leader_row_init (MgMkLeaderRow *self)
{
}

struct _MgMkTable
{
  GtkWidget        parent_instance;

  GListStore      *rows;
  gboolean         compact;
  GtkLabel        *caption_label;
  GtkScrolledWindow *scroller;
  GtkColumnView   *column_view;
  GtkColumnViewColumn *leader_column;
  GtkColumnViewColumn *columns[N_COLS];
};

G_DEFINE_FINAL_TYPE (MgMkTable, mg_mk_table, GTK_TYPE_WIDGET)

/* Factories: the leader cell is a swatch and a name; the others a right-aligned number. */

static void
leader_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
leader_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  MgMkLeaderRow *row = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *label = gtk_widget_get_last_child (box);
  GtkWidget *first = gtk_widget_get_first_child (box);

  if (first != label)
    gtk_box_remove (GTK_BOX (box), first);
  gtk_box_prepend (GTK_BOX (box), mg_mk_ui_swatch_new (row->colour));
  gtk_label_set_text (GTK_LABEL (label), row->name);
  if (row->current)
    gtk_widget_add_css_class (label, "mk-current");
  else
    gtk_widget_remove_css_class (label, "mk-current");
}

static void
figure_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
figure_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  MgMkLeaderRow *row = gtk_list_item_get_item (item);
  char text[16];

  g_snprintf (text, sizeof text, "%d", row->figures[GPOINTER_TO_INT (data)]);
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static void
set_factory (GtkColumnViewColumn *column, GCallback setup, GCallback bind, gpointer data)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", setup, data);
  g_signal_connect (factory, "bind", bind, data);
  gtk_column_view_column_set_factory (column, factory);
  g_object_unref (factory);
}

void
mg_mk_table_set_view (MgMkTable *self, json_object *view)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  json_object *leaders = mg_mk_ui_view_leaders (view);
  const char *current = mg_mk_ui_view_current_leader (view);

  g_return_if_fail (MG_IS_MK_TABLE (self));
  for (gsize i = 0; i < mg_ui_json_len (leaders); i++)
    {
      json_object *leader = json_object_array_get_idx (leaders, i);
      MgMkLeaderRow *row = g_object_new (MG_TYPE_MK_LEADER_ROW, NULL);

      row->name = g_strdup (mg_ui_json_str (leader, "name"));
      row->colour = g_strdup (mg_ui_json_str (leader, "colour"));
      row->current = current != NULL && g_strcmp0 (current, row->name) == 0;
      for (guint c = 0; c < COL_LANDS; c++)
        row->figures[c] = mg_mk_ui_leader_amount (leader, col_keys[c]);
      row->figures[COL_LANDS] = mg_mk_ui_view_count_lands (view, row->name);
      row->figures[COL_ARMIES] = mg_mk_ui_view_count_armies (view, row->name);
      g_ptr_array_add (rows, row);
    }
  if (self->compact)
    {
      g_autofree char *caption = NULL;

      if (json_object_get_boolean (mg_ui_json_get (view, "started")))
        /* Translators: the replay's caption: "Turn 3 · Winter — Blue, Build and train" */
        caption = g_strdup_printf (C_("mecaknights", "Turn %d · %s — %s, %s"), mg_ui_json_int (view, "turn", 1),
                                   mg_mk_ui_season_name (mg_ui_json_str (view, "season")),
                                   current != NULL ? current : "", mg_mk_ui_phase_name (mg_ui_json_str (view, "phase")));
      else
        caption = g_strdup (mg_mk_ui_phase_name ("setup"));
      gtk_label_set_text (self->caption_label, caption);
    }
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
}

int
mg_mk_table_get (MgMkTable *self, const char *leader, const char *column)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MgMkLeaderRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      if (g_strcmp0 (row->name, leader) != 0)
        continue;
      for (guint c = 0; c < N_COLS; c++)
        if (g_strcmp0 (col_keys[c], column) == 0)
          return row->figures[c];
    }
  return -1;
}

guint
mg_mk_table_get_n_leaders (MgMkTable *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

static void
mg_mk_table_dispose (GObject *object)
{
  MgMkTable *self = MG_MK_TABLE (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MK_TABLE);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (mg_mk_table_parent_class)->dispose (object);
}

static void
mg_mk_table_class_init (MgMkTableClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_table_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/mecaknights/mg-mk-table.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, caption_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, scroller);
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, column_view);
  gtk_widget_class_bind_template_child (widget_class, MgMkTable, leader_column);
  gtk_widget_class_bind_template_child_full (widget_class, "gp_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_GP]));
  gtk_widget_class_bind_template_child_full (widget_class, "wood_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_WOOD]));
  gtk_widget_class_bind_template_child_full (widget_class, "stone_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_STONE]));
  gtk_widget_class_bind_template_child_full (widget_class, "food_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_FOOD]));
  gtk_widget_class_bind_template_child_full (widget_class, "iron_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_IRON]));
  gtk_widget_class_bind_template_child_full (widget_class, "lands_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_LANDS]));
  gtk_widget_class_bind_template_child_full (widget_class, "armies_column", FALSE, G_STRUCT_OFFSET (MgMkTable, columns[COL_ARMIES]));
}

static void
mg_mk_table_init (MgMkTable *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  mg_scrolled_window_pass_vertical (self->scroller);
  self->rows = g_list_store_new (MG_TYPE_MK_LEADER_ROW);
  /* Read-only figures: nothing to select. */
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  set_factory (self->leader_column, G_CALLBACK (leader_setup), G_CALLBACK (leader_bind), NULL);
  for (guint c = 0; c < N_COLS; c++)
    set_factory (self->columns[c], G_CALLBACK (figure_setup), G_CALLBACK (figure_bind), GINT_TO_POINTER (c));
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
  gtk_column_view_column_set_visible (self->columns[COL_LANDS], !compact);
  gtk_column_view_column_set_visible (self->columns[COL_ARMIES], !compact);
}
