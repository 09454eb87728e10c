/* mg-meeple-column.c — holds wrapping text beside other widgets in a horizontal box.
 *
 * A horizontal GtkBox allocates its children by asking each for its width at the box's height.
 * A wrapping GtkLabel (GTK 4.8) answers that by searching for the narrowest width that keeps the
 * text within that height: about a dozen Pango layouts per label, on every allocation. The column
 * answers with its width for any height instead (its longest word, its whole text on one line),
 * which is also what the box measured it with when it worked out its own height; the column is
 * the one child of its box that grows, so it gets the same width either way. */
#include "config.h"

#include "mg-meeple-column.h"

struct _MgMeepleColumn
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (MgMeepleColumn, mg_meeple_column, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
mg_meeple_column_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_meeple_column_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, min_baseline, nat_baseline);
}

static void
mg_meeple_column_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
mg_meeple_column_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (mg_meeple_column_parent_class)->dispose (object);
}

static void
mg_meeple_column_class_init (MgMeepleColumnClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_meeple_column_dispose;
  widget_class->get_request_mode = mg_meeple_column_get_request_mode;
  widget_class->measure = mg_meeple_column_measure;
  widget_class->size_allocate = mg_meeple_column_size_allocate;
}

static void
mg_meeple_column_init (MgMeepleColumn *self)
{
}
