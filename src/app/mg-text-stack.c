/* mg-text-stack.c — labels one above the other, measured once per width (see the header). */
#include "config.h"

#include "mg-text-stack.h"
#include "mg-widget-util.h"

struct _MgTextStack
{
  GtkWidget parent_instance;
  int       spacing;
};

enum { TEXT_STACK_PROP_SPACING = 1 };

G_DEFINE_FINAL_TYPE (MgTextStack, mg_text_stack, GTK_TYPE_WIDGET)

static void
mg_text_stack_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgTextStack *self = MG_TEXT_STACK (widget);
  int shown = 0;

  *minimum = *natural = 0;
  *min_baseline = *nat_baseline = -1;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int min = 0, nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      /* Across: the widest label, whatever the height. Down: the labels' heights at the width. */
      gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                          &min, &nat, NULL, NULL);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
      else
        {
          *minimum += min;
          *natural += nat;
        }
      shown++;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL && shown > 1)
    {
      *minimum += (shown - 1) * self->spacing;
      *natural += (shown - 1) * self->spacing;
    }
}

static GtkSizeRequestMode
mg_text_stack_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_text_stack_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgTextStack *self = MG_TEXT_STACK (widget);
  int y = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int min = 0, nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
      gtk_widget_allocate (child, width, nat, -1, gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, y)));
      y += nat + self->spacing;
    }
}

static void
mg_text_stack_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  MgTextStack *self = MG_TEXT_STACK (object);

  if (prop_id != TEXT_STACK_PROP_SPACING)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  self->spacing = g_value_get_int (value);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
mg_text_stack_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  if (prop_id != TEXT_STACK_PROP_SPACING)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_set_int (value, MG_TEXT_STACK (object)->spacing);
}

static void
mg_text_stack_dispose (GObject *object)
{
  mg_widget_remove_children (GTK_WIDGET (object));
  G_OBJECT_CLASS (mg_text_stack_parent_class)->dispose (object);
}

static void
mg_text_stack_class_init (MgTextStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_text_stack_dispose;
  object_class->set_property = mg_text_stack_set_property;
  object_class->get_property = mg_text_stack_get_property;
  g_object_class_install_property (object_class, TEXT_STACK_PROP_SPACING,
                                   g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0,
                                                     G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  widget_class->measure = mg_text_stack_measure;
  widget_class->get_request_mode = mg_text_stack_get_request_mode;
  widget_class->size_allocate = mg_text_stack_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "box");
}

static void
mg_text_stack_init (MgTextStack *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self), "vertical");
}
