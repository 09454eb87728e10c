/* mg-accessible.c — what GTK 4.8 leaves unsaid to a screen reader, said for every window (issue 44). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mg-accessible.h"

#define NAMED "mg-accessible-named"
#define SEEN "mg-accessible-seen"

static void name_inner_button (GtkWidget *outer);

void
mg_accessible_set_label (GtkWidget *widget, const char *label)
{
  g_object_set_data (G_OBJECT (widget), NAMED, GINT_TO_POINTER (1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (GTK_IS_DROP_DOWN (widget) || GTK_IS_MENU_BUTTON (widget))
    name_inner_button (widget);
}

static GtkWidget *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = first_label (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The title of the preferences row the widget stands in, or NULL. */
static const char *
row_title (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW);
  const char *title = row != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : NULL;

  return title != NULL && title[0] != '\0' ? title : NULL;
}

/* Named `text`, less its mnemonic's underscores when it has one ("_Print…" read "Print…"; "__" is
 * one underscore), and by nothing else: GTK 4.8 reads a name and then the label it is labelled by
 * ("_Print… Print…"). */
static void
set_plain_name (GtkWidget *widget, const char *text, gboolean mnemonic)
{
  g_autoptr(GString) plain = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (!mnemonic || *p != '_' || p[1] == '_')
      g_string_append_c (plain, *p);
    else if (p[1] == '\0')
      break;
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, plain->str, -1);
}

/* Named by the title of the preferences row it stands in (or is). */
static void
set_row_name (GtkWidget *widget)
{
  GtkWidget *row = ADW_IS_PREFERENCES_ROW (widget) ? widget : gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW);

  set_plain_name (widget, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                  adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row)));
}

/* A button with a mnemonic ("_Print…"): its plain label, now and whenever it changes. */
static void
button_label_changed (GtkWidget *button)
{
  const char *label = gtk_button_get_label (GTK_BUTTON (button));

  if (label != NULL && gtk_button_get_use_underline (GTK_BUTTON (button)) && strchr (label, '_') != NULL)
    set_plain_name (button, label, TRUE);
}

/* The label just before the widget in its box or grid ("Speed [ 3 ]"), or NULL. */
static GtkWidget *
label_before (GtkWidget *widget)
{
  GtkWidget *prev = gtk_widget_get_prev_sibling (widget);

  return prev != NULL && GTK_IS_LABEL (prev) && gtk_widget_get_visible (prev) ? prev : NULL;
}

static void
tooltip_changed (GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

static void
tooltip_described (GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* Named by its tooltip, now and whenever the tooltip changes ("Undo Attack"). */
static gboolean
name_by_tooltip (GtkWidget *widget)
{
  if (gtk_widget_get_tooltip_text (widget) == NULL)
    return FALSE;
  tooltip_changed (widget);
  g_signal_connect (widget, "notify::tooltip-text", G_CALLBACK (tooltip_changed), NULL);
  return TRUE;
}

/* What names a control that says nothing itself: its tooltip, its row's title, the label before it. */
static void
name_control (GtkWidget *widget)
{
  GtkWidget *label;

  if (name_by_tooltip (widget))
    return;
  if (row_title (widget) != NULL)
    set_row_name (widget);
  else if ((label = label_before (widget)) != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/* A drop-down's or menu button's inner button: named by the outer one, then what it shows. */
static void
name_inner_button (GtkWidget *outer)
{
  GtkWidget *inner = gtk_widget_get_first_child (outer);

  if (inner == NULL || !GTK_IS_BUTTON (inner))
    return;
  if (g_object_get_data (G_OBJECT (outer), NAMED) == NULL && !name_by_tooltip (outer)
      && row_title (outer) != NULL)
    set_row_name (outer);
  /* The outer one only: a relation to the label it shows would outlive that label when the list
   * rebuilds it (GTK 4.8 keeps no reference). */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_RELATION_LABELLED_BY, outer, NULL, -1);
}


static gboolean
has_focusable_control (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if ((gtk_widget_get_focusable (c) && (GTK_IS_BUTTON (c) || GTK_IS_EDITABLE (c) || GTK_IS_SWITCH (c)))
        || has_focusable_control (c))
      return TRUE;
  return FALSE;
}

/* A flow box's or list's child that took the focus itself, around a control: the focus goes on
 * into the control, or past it when it is insensitive, or on back when Shift+Tab came from it. One
 * Tab stop per control, none for what cannot act (GtkFlowBox can only take its children out of the
 * Tab order altogether, which stops Tab at an insensitive button). */
static gboolean
pass_focus_now (gpointer data)
{
  g_autoptr(GtkWidget) child = data;
  GtkWidget *inner = gtk_widget_get_first_child (child);
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (child));
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (child));
  GdkDevice *keyboard = seat != NULL ? gdk_seat_get_keyboard (seat) : NULL;
  gboolean back = keyboard != NULL && (gdk_device_get_modifier_state (keyboard) & GDK_SHIFT_MASK) != 0;

  if (!gtk_widget_has_focus (child) || root == NULL || !has_focusable_control (child))
    return G_SOURCE_REMOVE;
  if (!back && inner != NULL && gtk_widget_is_sensitive (inner) && gtk_widget_child_focus (inner, GTK_DIR_TAB_FORWARD))
    return G_SOURCE_REMOVE;
  gtk_widget_child_focus (root, back ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD);
  return G_SOURCE_REMOVE;
}

/* After the focus change is done: moving it from inside its own signal is undone by GTK. */
static void
child_focused (GtkWidget *child)
{
  if (gtk_widget_has_focus (child))
    g_idle_add_full (G_PRIORITY_HIGH_IDLE, pass_focus_now, g_object_ref (child), NULL);
}

static void
pass_focus_on (GtkWidget *child)
{
  GtkWidget *inner = gtk_widget_get_first_child (child);

  g_signal_connect (child, "notify::has-focus", G_CALLBACK (child_focused), NULL);
  /* Said as its control for the moment it has the focus (and a row by its title, below). */
  if (GTK_IS_FLOW_BOX_CHILD (child) && inner != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY, inner, NULL, -1);
}

static void
row_title_changed (GtkWidget *row)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

  if (title != NULL && title[0] != '\0')
    set_row_name (row);
}

/* A row of a list (libadwaita 1.2 leaves its rows unnamed): its title, or its first label. */
static void
name_row (GtkWidget *row)
{
  GtkWidget *label;

  if (ADW_IS_PREFERENCES_ROW (row))
    {
      row_title_changed (row);
      g_signal_connect (row, "notify::title", G_CALLBACK (row_title_changed), NULL);
    }
  else if ((label = first_label (row)) != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

static void
name_widget (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), SEEN) != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), SEEN, GINT_TO_POINTER (1));
  /* An entry row's text (libadwaita 1.2), which takes the focus, is of no role: AT-SPI leaves it
   * out and a reader hears nothing as the focus comes. A text box named by its row's title, set
   * while GTK still lets the role change (before a reader has read it). */
  if (GTK_IS_TEXT (widget) && gtk_widget_get_ancestor (widget, ADW_TYPE_ENTRY_ROW) != NULL
      && gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_NONE)
    {
      g_object_set (widget, "accessible-role", GTK_ACCESSIBLE_ROLE_TEXT_BOX, NULL);
      name_control (widget);
      return;
    }
  if (g_object_get_data (G_OBJECT (widget), NAMED) != NULL && !GTK_IS_DROP_DOWN (widget) && !GTK_IS_MENU_BUTTON (widget))
    return;
  if (GTK_IS_DROP_DOWN (widget) || GTK_IS_MENU_BUTTON (widget))
    name_inner_button (widget);
  else if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    {
      button_label_changed (widget);
      g_signal_connect_after (widget, "notify::label", G_CALLBACK (button_label_changed), NULL);
    }
  else if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL
           && !(GTK_IS_DROP_DOWN (gtk_widget_get_parent (widget)) || GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget))))
    {
      GtkWidget *label = first_label (widget);

      /* A button that shows words is named by them, its tooltip said after as its description
       * (it was read first: "Only while the other players look away; … Show Red’s faces"). */
      if (label != NULL)
        {
          gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
          gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
          tooltip_described (widget);
          g_signal_connect (widget, "notify::tooltip-text", G_CALLBACK (tooltip_described), NULL);
        }
      else
        name_by_tooltip (widget);
    }
  else if (GTK_IS_SPIN_BUTTON (widget) || GTK_IS_SWITCH (widget)
           || (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) == NULL)
           || GTK_IS_ENTRY (widget) || GTK_IS_PASSWORD_ENTRY (widget))
    name_control (widget);
  else if (GTK_IS_FLOW_BOX_CHILD (widget)
           || (GTK_IS_LIST_BOX_ROW (widget) && !gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (widget))))
    pass_focus_on (widget);
  if (GTK_IS_LIST_BOX_ROW (widget))
    name_row (widget);
}

static void
name_tree (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c))
      {
        name_widget (c);
        name_tree (c);
      }
}

static gboolean
widget_mapped (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  GObject *object = g_value_get_object (&values[0]);

  if (GTK_IS_WIDGET (object))
    name_widget (GTK_WIDGET (object));
  /* A window: every control it holds now, shown or not yet (a reader may list them all). */
  if (GTK_IS_WINDOW (object))
    name_tree (GTK_WIDGET (object));
  return TRUE;
}

void
mg_accessible_install (void)
{
  static gboolean installed;

  if (installed)
    return;
  installed = TRUE;
  g_type_class_unref (g_type_class_ref (GTK_TYPE_WIDGET));
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, widget_mapped, NULL, NULL);
}

static gboolean
tab_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, GtkWidget *list)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (list));
  GtkDirectionType dir;
  gboolean moved;

  if (keyval != GDK_KEY_Tab && keyval != GDK_KEY_ISO_Left_Tab && keyval != GDK_KEY_KP_Tab)
    return FALSE;
  if ((state & ~GDK_SHIFT_MASK & gtk_accelerator_get_default_mod_mask ()) != 0 || root == NULL)
    return FALSE;
  dir = (state & GDK_SHIFT_MASK) || keyval == GDK_KEY_ISO_Left_Tab ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
  /* The list says no to the focus for a moment: the window's focus chain passes it by. */
  gtk_widget_set_can_focus (list, FALSE);
  moved = gtk_widget_child_focus (root, dir);
  if (!moved)
    {
      gtk_root_set_focus (GTK_ROOT (root), NULL);
      gtk_widget_child_focus (root, dir);
    }
  gtk_widget_set_can_focus (list, TRUE);
  return TRUE;
}

void
mg_accessible_one_tab_stop (GtkWidget *list)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (tab_pressed), list);
  gtk_widget_add_controller (list, keys);
}

void
mg_accessible_keep_focus (GtkWidget *page, GtkWidget *next)
{
  GtkRoot *root = gtk_widget_get_root (page);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (root == NULL || next == NULL || !gtk_widget_get_mapped (page) || !gtk_widget_get_mapped (next))
    return;
  if (focus != NULL && gtk_widget_get_mapped (focus) && gtk_widget_is_sensitive (focus)
      && gtk_widget_is_ancestor (focus, page))
    return;
  if (gtk_widget_get_focusable (next) && gtk_widget_is_sensitive (next))
    gtk_widget_grab_focus (next);
  else
    gtk_widget_child_focus (next, GTK_DIR_TAB_FORWARD);
}

/* GTK 4.8 tells the accessibility bus of an object only once a reader has asked for it, or its
 * focus (or focusability) changed: an alert shown in a part of the window nobody read would be
 * silent. A change of its focusability, undone at once, makes it known. */
static void
realize_for_readers (GtkWidget *widget)
{
  gboolean focusable = gtk_widget_get_focusable (widget);

  gtk_widget_set_focusable (widget, !focusable);
  gtk_widget_set_focusable (widget, focusable);
}

void
mg_accessible_announce (GtkWidget *alert, const char *text)
{
  char *said = g_object_get_data (G_OBJECT (alert), "mg-accessible-said");

  if (text == NULL || text[0] == '\0')
    {
      /* Gone with the next step: the same words, from a later step, are said again. */
      g_object_set_data (G_OBJECT (alert), "mg-accessible-said", NULL);
      return;
    }
  if (g_strcmp0 (said, text) == 0)
    return;
  g_object_set_data_full (G_OBJECT (alert), "mg-accessible-said", g_strdup (text), g_free);
  realize_for_readers (alert);
  gtk_accessible_update_property (GTK_ACCESSIBLE (alert), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (alert), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (alert), GTK_ACCESSIBLE_STATE_HIDDEN, FALSE, -1);
}
