/* mg-wrap-box.c — children laid out in lines of equal columns, as many a line as the width allows. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "mg-wrap-box.h"

struct _MgWrapBox
{
  GtkWidget parent_instance;
  guint     max_per_line;   /* at most this many children a line (1 or more) */
  int       spacing;        /* between columns and between lines, in pixels */
};

enum { PROP_0, PROP_MAX_PER_LINE, PROP_SPACING, N_PROPS };
static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE (MgWrapBox, mg_wrap_box, GTK_TYPE_WIDGET)

/* The children laid out (visible ones), and the widest minimum and natural width among them. */
static guint
children_widths (MgWrapBox *self, int *min_width, int *nat_width)
{
  guint n = 0;

  *min_width = *nat_width = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self)); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int min, nat;

      if (!gtk_widget_should_layout (c))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      *min_width = MAX (*min_width, min);
      *nat_width = MAX (*nat_width, nat);
      n++;
    }
  return n;
}

/* How many children a line of `width` holds: as many as fit at their widest minimum. */
static guint
per_line (MgWrapBox *self, guint n, int min_width, int width)
{
  guint k = MIN (MAX (self->max_per_line, 1), MAX (n, 1));

  while (k > 1 && (int) k * min_width + ((int) k - 1) * self->spacing > width)
    k--;
  return k;
}

/* Each line's height for columns of `column` pixels; the total returned, lines' heights in
 * `heights` (NULL: not wanted). */
static int
lines_height (MgWrapBox *self, guint k, int column, int *heights)
{
  int total = 0, line = 0;
  guint i = 0, row = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self)); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int min, nat;

      if (!gtk_widget_should_layout (c))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, column, &min, &nat, NULL, NULL);
      line = MAX (line, nat);
      if (++i % k == 0)
        {
          if (heights != NULL)
            heights[row] = line;
          total += line + (row > 0 ? self->spacing : 0);
          row++;
          line = 0;
        }
    }
  if (i % k != 0)
    {
      if (heights != NULL)
        heights[row] = line;
      total += line + (row > 0 ? self->spacing : 0);
    }
  return total;
}

static int
column_width (MgWrapBox *self, guint k, int width)
{
  return MAX (0, (width - ((int) k - 1) * self->spacing) / (int) k);
}

static void
mg_wrap_box_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  MgWrapBox *self = MG_WRAP_BOX (widget);
  int min_width, nat_width;
  guint n = children_widths (self, &min_width, &nat_width);
  guint k;

  *minimum = *natural = 0;
  if (n == 0)
    return;
  k = MIN (MAX (self->max_per_line, 1), n);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min_width;
      *natural = (int) k * nat_width + ((int) k - 1) * self->spacing;
      return;
    }
  if (for_size >= 0)
    k = per_line (self, n, min_width, for_size);
  *minimum = *natural = lines_height (self, k, for_size >= 0 ? column_width (self, k, for_size) : nat_width, NULL);
}

static GtkSizeRequestMode
mg_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_wrap_box_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgWrapBox *self = MG_WRAP_BOX (widget);
  int min_width, nat_width, column, y = 0;
  guint n = children_widths (self, &min_width, &nat_width), k, i = 0;
  g_autofree int *heights = NULL;

  if (n == 0)
    return;
  k = per_line (self, n, min_width, width);
  column = column_width (self, k, width);
  heights = g_new0 (int, n / k + 1);
  lines_height (self, k, column, heights);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      guint row = i / k, col = i % k;

      if (!gtk_widget_should_layout (c))
        continue;
      if (col == 0 && row > 0)
        y += heights[row - 1] + self->spacing;
      gtk_widget_size_allocate (c, &(GtkAllocation) { (int) col * (column + self->spacing), y, column, heights[row] }, -1);
      i++;
    }
}

static void
mg_wrap_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (mg_wrap_box_parent_class)->dispose (object);
}

static void
mg_wrap_box_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  MgWrapBox *self = MG_WRAP_BOX (object);

  switch (id)
    {
    case PROP_MAX_PER_LINE: g_value_set_uint (value, self->max_per_line); break;
    case PROP_SPACING:      g_value_set_int (value, self->spacing); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
mg_wrap_box_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  MgWrapBox *self = MG_WRAP_BOX (object);

  switch (id)
    {
    case PROP_MAX_PER_LINE: self->max_per_line = g_value_get_uint (value); break;
    case PROP_SPACING:      self->spacing = g_value_get_int (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec); return;
    }
  g_object_notify_by_pspec (object, pspec);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
mg_wrap_box_class_init (MgWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_wrap_box_dispose;
  object_class->get_property = mg_wrap_box_get_property;
  object_class->set_property = mg_wrap_box_set_property;
  widget_class->measure = mg_wrap_box_measure;
  widget_class->get_request_mode = mg_wrap_box_get_request_mode;
  widget_class->size_allocate = mg_wrap_box_size_allocate;
  props[PROP_MAX_PER_LINE] = g_param_spec_uint ("max-per-line", NULL, NULL, 1, G_MAXUINT, 1,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_SPACING] = g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0,
                                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
mg_wrap_box_init (MgWrapBox *self)
{
  self->max_per_line = 1;
}

GtkWidget *
mg_wrap_box_new (void)
{
  return g_object_new (MG_TYPE_WRAP_BOX, NULL);
}

void
mg_wrap_box_append (MgWrapBox *self, GtkWidget *child)
{
  g_return_if_fail (MG_IS_WRAP_BOX (self));
  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}
