/* mg-mk-text-bin.c — one wrapping label in a horizontal GtkBox, at GTK 4.8's cost of a label
 * alone. Such a box asks its children's width for a height (for each height it measures, and
 * again when allocated), and a wrapping label answers by laying its text out at widths found by
 * a search, eight or nine layouts each time: the Table page's reason, cost and phase labels cost
 * ~24M instructions of its first frame so. Here the width is the label's own, for no height
 * (what the box then gives it, as it fills the rest of the row), and the height and baseline the
 * label's at the width given, so the box sizes and places everything exactly as with the label
 * straight in it (its baseline included: MgTextStack has none, which makes a one-line row 1 px
 * lower). */
#include "config.h"

#include "mg-mk-text-bin.h"
#include "mg-widget-util.h"

struct _MgMkTextBin
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (MgMkTextBin, mg_mk_text_bin, GTK_TYPE_WIDGET)

static void
mg_mk_text_bin_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  *min_baseline = *nat_baseline = -1;
  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, min_baseline, nat_baseline);
}

static GtkSizeRequestMode
mg_mk_text_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_mk_text_bin_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
mg_mk_text_bin_dispose (GObject *object)
{
  mg_widget_remove_children (GTK_WIDGET (object));
  G_OBJECT_CLASS (mg_mk_text_bin_parent_class)->dispose (object);
}

static void
mg_mk_text_bin_class_init (MgMkTextBinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_text_bin_dispose;
  widget_class->measure = mg_mk_text_bin_measure;
  widget_class->get_request_mode = mg_mk_text_bin_get_request_mode;
  widget_class->size_allocate = mg_mk_text_bin_size_allocate;
  /* Screen readers see the label, not a container around it. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void
mg_mk_text_bin_init (MgMkTextBin *self)
{
}
