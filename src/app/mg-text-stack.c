/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-text-stack.c — labels one above the other, measured once per width, and the list row
 * built on them (see the header). */
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
  int shown = 0, min_base = -1, nat_base = -1;

  *minimum = *natural = 0;
  *min_baseline = *nat_baseline = -1;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int min = 0, nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      /* Across: the widest label, whatever the height. Down: the labels' heights at the width. */
      gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                          &min, &nat, &min_base, &nat_base);
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
  /* One label alone: its baseline is the stack's, so a row aligns it as the label itself. */
  if (orientation == GTK_ORIENTATION_VERTICAL && shown == 1)
    {
      *min_baseline = min_base;
      *nat_baseline = nat_base;
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
  GtkWidget *alone = NULL;
  int y = 0, shown = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child) && shown++ == 0)
      alone = child;
  /* One label alone fills the stack, on the baseline it was given (see measure). */
  if (shown == 1)
    {
      gtk_widget_allocate (alone, width, height, baseline, NULL);
      return;
    }
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

/* Info rows */

static GtkWidget *
row_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_width_chars (GTK_LABEL (label), MG_INFO_ROW_MIN_CHARS);
  gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_visible (label, text != NULL && text[0] != '\0');
  return label;
}

static void
add_box (GtkWidget *header, const char *css_class, GtkWidget *child)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (box, css_class);
  gtk_box_append (GTK_BOX (box), child);
  gtk_box_append (GTK_BOX (header), box);
}

GtkWidget *
mg_info_row_new (const char *title, const char *subtitle, GtkWidget *prefix, GtkWidget *suffix)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  /* libadwaita's row > box.header > box.title: 3 px between title and subtitle. */
  GtkWidget *titles = g_object_new (MG_TYPE_TEXT_STACK, "spacing", 3, "valign", GTK_ALIGN_CENTER, "hexpand", TRUE, NULL);
  GtkWidget *title_label = row_label (title, "title");
  GtkWidget *subtitle_label = row_label (subtitle, "subtitle");

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_valign (header, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (header, "header");
  if (prefix != NULL)
    add_box (header, "prefixes", prefix);
  gtk_widget_add_css_class (titles, "title");
  gtk_widget_set_parent (title_label, titles);
  gtk_widget_set_parent (subtitle_label, titles);
  gtk_box_append (GTK_BOX (header), titles);
  if (suffix != NULL)
    add_box (header, "suffixes", suffix);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), header);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, title_label, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, subtitle_label, NULL,
                                  -1);
  g_object_set_data (G_OBJECT (row), "mg-info-title", title_label);
  g_object_set_data (G_OBJECT (row), "mg-info-subtitle", subtitle_label);
  return row;
}

const char *
mg_info_row_get_title (GtkWidget *row)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (row), "mg-info-title");

  return label != NULL ? gtk_label_get_text (label) : NULL;
}

const char *
mg_info_row_get_subtitle (GtkWidget *row)
{
  GtkLabel *label = g_object_get_data (G_OBJECT (row), "mg-info-subtitle");

  return label != NULL ? gtk_label_get_text (label) : NULL;
}

void
mg_info_row_set_texts (GtkWidget *row, const char *title, const char *subtitle)
{
  GtkLabel *title_label = g_object_get_data (G_OBJECT (row), "mg-info-title");
  GtkLabel *subtitle_label = g_object_get_data (G_OBJECT (row), "mg-info-subtitle");

  g_return_if_fail (title_label != NULL && subtitle_label != NULL);
  if (g_strcmp0 (gtk_label_get_text (title_label), title != NULL ? title : "") != 0)
    gtk_label_set_text (title_label, title);
  gtk_widget_set_visible (GTK_WIDGET (title_label), title != NULL && title[0] != '\0');
  if (g_strcmp0 (gtk_label_get_text (subtitle_label), subtitle != NULL ? subtitle : "") != 0)
    gtk_label_set_text (subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (subtitle_label), subtitle != NULL && subtitle[0] != '\0');
}
