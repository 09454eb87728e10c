/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.c — what every UI test needs: the application, the main loop, clicks, screenshots. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

#include "ui-test-util.h"
#include "mg-campaign-window-private.h"

void
ui_test_use_catalogue (void)
{
  /* As main.c does, with the catalogue built in the tree (MG_LOCALEDIR, set by meson). */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR") != NULL ? g_getenv ("MG_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

MgApplication *
ui_test_init (int *argc, char ***argv, const char *prefix, char **tmpdir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strconcat (prefix, "-XXXXXX", NULL);
  MgApplication *app;

  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  gtk_test_init (argc, argv, NULL);
  *tmpdir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  {
    /* Drafts of unapplied edits (mg-draft.c) in the test's folder, not the user's. */
    g_autofree char *state = g_build_filename (*tmpdir, "state", NULL);

    g_setenv ("XDG_STATE_HOME", state, TRUE);
  }

  app = mg_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
  return app;
}

void
ui_test_finish (MgApplication *app, char *tmpdir)
{
  g_application_release (G_APPLICATION (app));
  g_object_unref (app);
  remove_tree (tmpdir);
  g_free (tmpdir);
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
wait_ms (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_assert_nonnull (gtk_widget_get_root (button));   /* in a window, not taken out of one */
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  wait_ms (10);
}

void
press_key (GtkWidget *widget, guint keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  g_assert_true (handled);
  wait_ms (5);
}

/* The pointer moved to the centre of the widget through the X server, so that its window gets
 * the wheel and the keys (no window manager under Xvfb: the keyboard follows the pointer).
 * NULL when the display is not X11. */
static Display *
pointer_to (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkDisplay *display = gtk_widget_get_display (widget);
  graphene_point_t at;
  double dx = 0, dy = 0;
  Display *x;

  if (!GDK_IS_X11_DISPLAY (display))
    return NULL;
  g_assert_nonnull (native);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                                 gtk_widget_get_height (widget) / 2.0), &at));
  gtk_native_get_surface_transform (native, &dx, &dy);
  x = gdk_x11_display_get_xdisplay (display);
  XWarpPointer (x, None, gdk_x11_surface_get_xid (gtk_native_get_surface (native)), 0, 0, 0, 0,
                (int) (at.x + dx), (int) (at.y + dy));
  XSync (x, False);
  wait_ms (50);
  return x;
}

/* A modifier key (an X keysym; none when 0) pressed or released through the X server. */
static void
hold (Display *x, guint modifier, gboolean down)
{
  if (modifier != 0)
    XTestFakeKeyEvent (x, XKeysymToKeycode (x, modifier), down, CurrentTime);
}

gboolean
ui_test_wheel (GtkWidget *widget, int clicks, guint modifier)
{
  Display *x = pointer_to (widget);

  if (x == NULL)
    return FALSE;
  hold (x, modifier, TRUE);
  for (int i = 0; i < ABS (clicks); i++)
    {
      /* Back over the widget's centre: a page it scrolled has moved it under the pointer (onto
       * its own scrollbar, which the wheel would move instead). */
      if (i > 0)
        pointer_to (widget);
      XTestFakeButtonEvent (x, clicks > 0 ? 5 : 4, True, CurrentTime);
      XTestFakeButtonEvent (x, clicks > 0 ? 5 : 4, False, CurrentTime);
      XSync (x, False);
      wait_ms (30);
    }
  hold (x, modifier, FALSE);
  XSync (x, False);
  wait_ms (200);
  return TRUE;
}

gboolean
ui_test_click (GtkWidget *widget)
{
  if (!ui_test_click_at (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0))
    return FALSE;
  wait_ms (100);
  return TRUE;
}

/* One key (a keysym) pressed and released through the X server, a modifier held around it;
 * then ms for GTK to handle it. FALSE when x is NULL (not an X11 display). */
static gboolean
send_key (Display *x, guint keysym, guint modifier, guint ms)
{
  KeyCode key;

  if (x == NULL)
    return FALSE;
  key = XKeysymToKeycode (x, keysym);
  g_assert_cmpuint (key, !=, 0);
  hold (x, modifier, TRUE);
  XTestFakeKeyEvent (x, key, True, CurrentTime);
  XTestFakeKeyEvent (x, key, False, CurrentTime);
  hold (x, modifier, FALSE);
  XSync (x, False);
  wait_ms (ms);
  return TRUE;
}

gboolean
ui_test_keys (GtkWidget *widget, guint keysym, guint modifier)
{
  return send_key (pointer_to (widget), keysym, modifier, 200);
}

/* Button 1 pressed and released where the pointer is, then `ms` to let GTK handle it. */
static void
press_button_1 (Display *x, guint ms)
{
  XTestFakeButtonEvent (x, 1, True, CurrentTime);
  XSync (x, False);
  wait_ms (30);
  XTestFakeButtonEvent (x, 1, False, CurrentTime);
  XSync (x, False);
  wait_ms (ms);
}

/* The pointer to a point of widget (through the X server), or NULL when not X11. */
static Display *
pointer_at (GtkWidget *widget, double x, double y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t at;
  double dx = 0, dy = 0;
  Display *display;

  if (!GDK_IS_X11_DISPLAY (gtk_widget_get_display (widget)))
    return NULL;
  g_assert_nonnull (native);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &at));
  gtk_native_get_surface_transform (native, &dx, &dy);
  display = gdk_x11_display_get_xdisplay (gtk_widget_get_display (widget));
  XWarpPointer (display, None, gdk_x11_surface_get_xid (gtk_native_get_surface (native)), 0, 0, 0, 0,
                (int) (at.x + dx), (int) (at.y + dy));
  XSync (display, False);
  wait_ms (30);
  return display;
}

gboolean
ui_test_key (GtkWidget *widget, guint keysym, guint modifier)
{
  /* The window's top-left corner, on no control, so no hover changes what is shown (no window
   * manager under Xvfb: the keyboard follows the pointer). */
  return send_key (pointer_at (GTK_WIDGET (gtk_widget_get_native (widget)), 1, 1), keysym, modifier, 40);
}

gboolean
ui_test_type (GtkWidget *widget, const char *text)
{
  for (const char *p = text; *p; p++)
    if (!ui_test_key (widget, gdk_unicode_to_keyval ((guint) *p), 0))
      return FALSE;
  return TRUE;
}

void
assert_pick (GtkWidget *widget, double x, double y)
{
  /* the surface the widget is drawn on: its window, or the popover it is in */
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_native (widget)), *picked;
  graphene_point_t at;

  g_assert_true (gtk_widget_compute_point (widget, root, &GRAPHENE_POINT_INIT (x, y), &at));
  picked = gtk_widget_pick (root, at.x, at.y, GTK_PICK_DEFAULT);
  if (picked != widget && (picked == NULL || !gtk_widget_is_ancestor (picked, widget)))
    g_error ("a %s (%s) is picked at %g,%g of the %s (%g,%g of its %s, %d×%d), over it",
             picked ? G_OBJECT_TYPE_NAME (picked) : "nothing", picked ? gtk_widget_get_name (picked) : "", x, y,
             G_OBJECT_TYPE_NAME (widget), at.x, at.y, G_OBJECT_TYPE_NAME (root), gtk_widget_get_width (root),
             gtk_widget_get_height (root));
}

gboolean
ui_test_pointer_to (GtkWidget *widget, double x, double y)
{
  if (pointer_at (widget, x, y) == NULL)
    return FALSE;
  wait_ms (50);
  return TRUE;
}

gboolean
ui_test_click_at (GtkWidget *widget, double x, double y)
{
  Display *display;

  assert_pick (widget, x, y);
  if ((display = pointer_at (widget, x, y)) == NULL)
    return FALSE;
  press_button_1 (display, 100);
  return TRUE;
}

gboolean
ui_test_drag (GtkWidget *widget, double x0, double y0, double x1, double y1)
{
  Display *display;

  assert_pick (widget, x0, y0);
  if ((display = pointer_at (widget, x0, y0)) == NULL)
    return FALSE;
  XTestFakeButtonEvent (display, 1, True, CurrentTime);
  XSync (display, False);
  wait_ms (30);
  /* in steps, as a hand moves, past GTK's drag threshold */
  for (int i = 1; i <= 6; i++)
    pointer_at (widget, x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6);
  XTestFakeButtonEvent (display, 1, False, CurrentTime);
  XSync (display, False);
  wait_ms (100);
  return TRUE;
}

guint
ui_test_tab_to (GtkWidget *target, guint max)
{
  GtkRoot *root = gtk_widget_get_root (target);

  g_assert_nonnull (root);
  for (guint n = 0; n <= max; n++)
    {
      GtkWidget *focus = gtk_root_get_focus (root);

      if (focus != NULL && (focus == target || gtk_widget_is_ancestor (focus, target)))
        return n;
      g_assert_true (ui_test_key (target, GDK_KEY_Tab, 0));
    }
  g_error ("%u Tabs did not reach the %s", max, G_OBJECT_TYPE_NAME (target));
  return max;
}

/* A label under widget (itself included) whose text contains text. */
static gboolean
has_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (has_label (c, text))
      return TRUE;
  return FALSE;
}

GtkWidget *
find_button_labelled (GtkWidget *root, const char *text)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_visible (root))
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (root));

      if ((label != NULL && strstr (label, text) != NULL) || has_label (root, text))
        return root;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button_labelled (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_test_focus (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  return root != NULL ? gtk_root_get_focus (root) : NULL;
}

GtkWidget *
ui_test_find_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ui_test_find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ui_test_labelled (GtkWidget *widget, GType type, const char *text)
{
  GtkWidget *label = ui_test_find_label (widget, text);

  while (label != NULL && !G_TYPE_CHECK_INSTANCE_TYPE (label, type))
    label = gtk_widget_get_parent (label);
  return label;
}

gboolean
ui_test_key_to_page (GtkWidget *window, const char *title)
{
  GtkWidget *switcher = find_descendant (window, ADW_TYPE_VIEW_SWITCHER);
  GtkWidget *button = switcher != NULL ? ui_test_labelled (switcher, GTK_TYPE_TOGGLE_BUTTON, title) : NULL;

  g_assert_nonnull (button);
  ui_test_tab_to (button, 80);
  g_assert_true (ui_test_key (window, GDK_KEY_space, 0));
  wait_ms (100);
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button));
}

void
ui_test_choose_by_keys (GtkWidget *window, guint index)
{
  g_assert_true (ui_test_key (window, GDK_KEY_space, 0));
  wait_ms (300);
  g_assert_true (ui_test_key (ui_test_focus (window), GDK_KEY_Home, 0));
  for (guint i = 0; i < index; i++)
    g_assert_true (ui_test_key (ui_test_focus (window), GDK_KEY_Down, 0));
  g_assert_true (ui_test_key (ui_test_focus (window), GDK_KEY_Return, 0));
  wait_ms (300);
}

gboolean
ui_test_arrow_to (GtkWidget *window, MgAreaMap *map, const char *area)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean other_axis = FALSE;
  double tx, ty;

  g_assert_true (mg_area_map_area_position (map, area, &tx, &ty));
  for (guint i = 0; i < 40; i++)
    {
      const char *at = mg_area_map_get_focus_area (map);
      double x = -1, y = -1;
      gboolean horizontal;

      if (g_strcmp0 (at, area) == 0)
        return TRUE;
      /* Back where it was: the nearest area that way led round; go along the other axis once. */
      other_axis = at != NULL && g_hash_table_contains (seen, at) && !other_axis;
      if (at != NULL)
        {
          g_hash_table_add (seen, g_strdup (at));
          g_assert_true (mg_area_map_area_position (map, at, &x, &y));
        }
      horizontal = (ABS (tx - x) >= ABS (ty - y)) != other_axis;
      if (horizontal && ABS (tx - x) < 1)
        horizontal = FALSE;
      else if (!horizontal && ABS (ty - y) < 1)
        horizontal = TRUE;
      if (horizontal)
        g_assert_true (ui_test_key (window, tx > x ? GDK_KEY_Right : GDK_KEY_Left, 0));
      else
        g_assert_true (ui_test_key (window, ty > y ? GDK_KEY_Down : GDK_KEY_Up, 0));
    }
  return FALSE;
}

void
ui_test_sample_screenshots (MgApplication *app, const char *folder, const char *game_id, const char *page)
{
  static const struct { int width, height; } sizes[] = { { 360, 720 }, { 1400, 900 } };
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, game_id, folder, &error);
  MgCampaignWindow *window;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), page);
  for (guint dark = 0; dark < 2; dark++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autofree char *name = g_strdup_printf ("%s-%s-%d-%s.png", game_id, page, sizes[i].width, dark ? "dark" : "light");
        int minimum = 0;

        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].width, sizes[i].height);
        wait_ms (700);
        gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
        if (minimum > sizes[i].width)
          report_wide_widgets (GTK_WIDGET (window), sizes[i].width);
        g_assert_cmpint (minimum, <=, sizes[i].width);
        save_screenshot (GTK_WIDGET (window), name);
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
}

GtkWidget *
find_styled (GtkWidget *widget, GType type, const char *css_class)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && (css_class == NULL || gtk_widget_has_css_class (widget, css_class)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_styled (child, type, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
find_descendant (GtkWidget *widget, GType type)
{
  return find_styled (widget, type, NULL);
}

/* The widget's render nodes as drawn, once a window just opened has been laid out. */
GskRenderNode *
widget_node (GtkWidget *widget, int *width, int *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GskRenderNode *node = NULL;

  for (guint tries = 0; node == NULL && tries < 100; tries++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      wait_ms (20);
      *width = gtk_widget_get_width (widget);
      *height = gtk_widget_get_height (widget);
      if (gtk_widget_get_mapped (widget) && *width > 0)
        gdk_paintable_snapshot (paintable, snapshot, *width, *height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  return node;
}

GBytes *
ui_test_png_bytes (GtkWidget *widget)
{
  int width = 0, height = 0;
  g_autoptr(GskRenderNode) node = widget_node (widget, &width, &height);
  g_autoptr(GdkTexture) texture = NULL;

  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  return gdk_texture_save_to_png_bytes (texture);
}

void
save_screenshot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("MG_SCREENSHOT_DIR") != NULL ? g_getenv ("MG_SCREENSHOT_DIR")
                                                            : g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", name, NULL);
  g_autoptr(GBytes) png = ui_test_png_bytes (widget);

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL), g_bytes_get_size (png), NULL));
  g_test_message ("screenshot: %s", path);
}

typedef void (*NodeVisit) (GskRenderNode *node, gpointer data);

/* Calls visit on every node under node, itself included, through the nodes that wrap others. */
static void
walk_nodes (GskRenderNode *node, NodeVisit visit, gpointer data)
{
  visit (node, data);
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        walk_nodes (gsk_container_node_get_child (node, i), visit, data);
      break;
    case GSK_TRANSFORM_NODE:
      walk_nodes (gsk_transform_node_get_child (node), visit, data);
      break;
    case GSK_CLIP_NODE:
      walk_nodes (gsk_clip_node_get_child (node), visit, data);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      walk_nodes (gsk_rounded_clip_node_get_child (node), visit, data);
      break;
    case GSK_OPACITY_NODE:
      walk_nodes (gsk_opacity_node_get_child (node), visit, data);
      break;
    case GSK_COLOR_MATRIX_NODE:
      walk_nodes (gsk_color_matrix_node_get_child (node), visit, data);
      break;
    case GSK_SHADOW_NODE:
      walk_nodes (gsk_shadow_node_get_child (node), visit, data);
      break;
    case GSK_DEBUG_NODE:
      walk_nodes (gsk_debug_node_get_child (node), visit, data);
      break;
    default:
      break;
    }
}

typedef struct
{
  guint borders, mixed;
} BorderCount;

/* Counts a border, and one of more than one colour (named). */
static void
check_border (GskRenderNode *node, gpointer data)
{
  BorderCount *count = data;
  const GdkRGBA *colors;
  graphene_rect_t bounds;

  if (gsk_render_node_get_node_type (node) != GSK_BORDER_NODE)
    return;
  colors = gsk_border_node_get_colors (node);
  count->borders++;
  if (gdk_rgba_equal (&colors[0], &colors[1]) && gdk_rgba_equal (&colors[0], &colors[2])
      && gdk_rgba_equal (&colors[0], &colors[3]))
    return;
  count->mixed++;
  gsk_render_node_get_bounds (node, &bounds);
  g_test_message ("a border of mixed colours, %g x %g at (%g, %g)",
                  bounds.size.width, bounds.size.height, bounds.origin.x, bounds.origin.y);
}

guint
assert_borders_one_colour (GtkWidget *widget)
{
  int width = 0, height = 0;
  g_autoptr(GskRenderNode) node = widget_node (widget, &width, &height);
  BorderCount count = { 0, 0 };

  walk_nodes (node, check_border, &count);
  g_assert_cmpuint (count.mixed, ==, 0);
  return count.borders;
}

typedef struct
{
  GskRenderNodeType type;
  const GdkRGBA    *color;
  guint             n;
} NodeCount;

static void
count_node (GskRenderNode *node, gpointer data)
{
  NodeCount *count = data;

  if (gsk_render_node_get_node_type (node) != count->type)
    return;
  if (count->color != NULL
      && (count->type != GSK_COLOR_NODE || !gdk_rgba_equal (gsk_color_node_get_color (node), count->color)))
    return;
  count->n++;
}

guint
ui_test_count_nodes (GtkWidget *widget, GskRenderNodeType type, const GdkRGBA *color)
{
  int width = 0, height = 0;
  g_autoptr(GskRenderNode) node = widget_node (widget, &width, &height);
  NodeCount count = { type, color, 0 };

  walk_nodes (node, count_node, &count);
  return count.n;
}

typedef struct
{
  void   (*at_paint) (gpointer data);
  gpointer data;
  gboolean painted;
} FirstPaint;

static void
first_paint (GdkFrameClock *clock, FirstPaint *first)
{
  if (first->painted)
    return;
  first->painted = TRUE;
  first->at_paint (first->data);
}

void
ui_test_at_first_paint (GtkWidget *window, void (*at_paint) (gpointer data), gpointer data)
{
  FirstPaint first = { at_paint, data, FALSE };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gulong handler;

  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (first_paint), &first);
  for (guint i = 0; i < 500 && !first.painted; i++)
    wait_ms (10);
  g_signal_handler_disconnect (clock, handler);
  g_assert_true (first.painted);
}

guint
ui_test_count_rows (GtkWidget *list)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    n += GTK_IS_LIST_BOX_ROW (row);
  return n;
}

MgCampaignWindow *
find_campaign_window (MgApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MG_IS_CAMPAIGN_WINDOW (l->data))
      return l->data;
  return NULL;
}

void
close_campaign_windows (MgApplication *app)
{
  MgCampaignWindow *window;

  while ((window = find_campaign_window (app)) != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (20);
}

static void collect_texts (GtkWidget *root, GString *out, gboolean shown_only);

void
ui_test_pages_texts (MgCampaignWindow *window, GString *out)
{
  ui_test_pages_texts_full (window, out, FALSE);
}

void
ui_test_pages_texts_full (MgCampaignWindow *window, GString *out, gboolean shown_only)
{
  AdwViewStack *stack = mg_campaign_window_get_view_stack (window);
  g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (stack);
  g_autofree char *was = g_strdup (adw_view_stack_get_visible_child_name (stack));

  for (guint p = 0; p < g_list_model_get_n_items (G_LIST_MODEL (pages)); p++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), p);

      if (adw_view_stack_page_get_name (page) == NULL || !adw_view_stack_page_get_visible (page))
        continue;
      adw_view_stack_set_visible_child_name (stack, adw_view_stack_page_get_name (page));
      wait_ms (150);
      collect_texts (GTK_WIDGET (window), out, shown_only);
    }
  adw_view_stack_set_visible_child_name (stack, was);
}

void
ui_test_players_display_texts (MgCampaignWindow *window, GString *out)
{
  GtkWindow *display;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.players-display", NULL));
  wait_ms (300);
  display = mg_campaign_window_get_players_display (window);
  g_assert_nonnull (display);
  ui_test_collect_texts (GTK_WIDGET (display), out);
  gtk_window_destroy (display);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (200);
}

void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
          remove_tree (child);
        else
          g_unlink (child);
      }
  g_rmdir (path);
}

void
report_wide_widgets (GtkWidget *widget, int limit)
{
  gboolean child_too_wide = FALSE;
  int minimum = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0;

      if (!gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
      if (child_min > limit)
        {
          child_too_wide = TRUE;
          report_wide_widgets (child, limit);
        }
    }
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (!child_too_wide && minimum > limit)
    {
      g_auto(GStrv) classes = gtk_widget_get_css_classes (widget);
      g_autofree char *joined = g_strjoinv (".", classes);
      GtkWidget *parent = gtk_widget_get_parent (widget);

      g_test_message ("too wide: %s.%s in %s needs %d px", G_OBJECT_TYPE_NAME (widget), joined,
                      parent != NULL ? G_OBJECT_TYPE_NAME (parent) : "-", minimum);
    }
}

/* Children drawn outside their parent: a container that gave a child more room than it asked
 * for itself (GTK 4.8's GtkFlowBox with halign start measures one line and lays out one button
 * per line, over what follows). Scrolled content, stacks and revealers legitimately hold children
 * larger than themselves: their own children are not checked, their descendants are. Returns how
 * many were found. */
guint
count_overflowing_children (GtkWidget *widget)
{
  guint found = 0;
  gboolean may_overflow;

  if (GTK_IS_SCROLLBAR (widget))    /* its slider hangs over the trough's ends on purpose */
    return 0;
  may_overflow = GTK_IS_VIEWPORT (widget) || GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_REVEALER (widget)
                          || GTK_IS_STACK (widget) || ADW_IS_VIEW_STACK (widget) || ADW_IS_LEAFLET (widget)
                          || ADW_IS_FLAP (widget) || ADW_IS_SQUEEZER (widget) || ADW_IS_CAROUSEL (widget)
                          || GTK_IS_LIST_VIEW (widget) || GTK_IS_COLUMN_VIEW (widget) || GTK_IS_LIST_BOX (widget)
                          /* the view switcher's badge, drawn over its icon's corner on purpose */
                          || g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "AdwIndicatorBin") == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (child) || GTK_IS_NATIVE (child))
        continue;
      if (!may_overflow && gtk_widget_compute_bounds (child, widget, &bounds)
          && bounds.size.height > 0 && bounds.size.width > 0
          && (bounds.origin.y + bounds.size.height > gtk_widget_get_height (widget) + 1
              || bounds.origin.x + bounds.size.width > gtk_widget_get_width (widget) + 1))
        {
          g_test_message ("overflows: %s (%gx%g at %g,%g) in %s (%dx%d)", G_OBJECT_TYPE_NAME (child),
                          bounds.size.width, bounds.size.height, bounds.origin.x, bounds.origin.y,
                          G_OBJECT_TYPE_NAME (widget), gtk_widget_get_width (widget), gtk_widget_get_height (widget));
          found++;
        }
      found += count_overflowing_children (child);
    }
  return found;
}

/* Every area's name stands apart from the others', by a gap of at least 4 px (at 360 px "Green
 * Vale" ran into "Stonebridge"). */
void
assert_area_names_apart (MgAreaMap *map)
{
  json_object *areas = json_object_object_get (mg_area_map_get_model (map), "areas");
  gsize n = json_object_array_length (areas);

  g_assert_cmpuint (n, >=, 2);
  for (gsize i = 0; i < n; i++)
    for (gsize j = i + 1; j < n; j++)
      {
        const char *a = json_object_get_string (json_object_object_get (json_object_array_get_idx (areas, i), "id"));
        const char *b = json_object_get_string (json_object_object_get (json_object_array_get_idx (areas, j), "id"));
        graphene_rect_t ra, rb;

        g_assert_true (mg_area_map_name_rect (map, a, &ra));
        g_assert_true (mg_area_map_name_rect (map, b, &rb));
        g_assert_cmpfloat (ra.size.width, >, 10);
        graphene_rect_inset (&ra, -2, -2);
        graphene_rect_inset (&rb, -2, -2);
        if (graphene_rect_intersection (&ra, &rb, NULL))
          g_error ("the names of %s (%g,%g %gx%g) and %s (%g,%g %gx%g) are less than 4 px apart", a,
                   ra.origin.x, ra.origin.y, ra.size.width, ra.size.height, b,
                   rb.origin.x, rb.origin.y, rb.size.width, rb.size.height);
      }
}

guint
assert_area_map_readable (MgAreaMap *map)
{
  json_object *model = mg_area_map_get_model (map);
  json_object *areas = json_object_object_get (model, "areas");
  guint n_tokens = json_object_array_length (json_object_object_get (model, "tokens")), shrunk = 0;
  gsize n = json_object_array_length (areas);

  for (guint t = 0; t < n_tokens; t++)
    {
      graphene_rect_t r;
      g_assert_true (mg_area_map_token_rect (map, t, &r));
      g_assert_cmpfloat (r.size.width, >=, 12);
      g_assert_cmpfloat (r.size.height, >=, 12);
    }
  for (gsize i = 0; i < n; i++)
    {
      const char *a = json_object_get_string (json_object_object_get (json_object_array_get_idx (areas, i), "id"));
      graphene_rect_t ra;

      g_assert_true (mg_area_map_name_rect (map, a, &ra));
      if (mg_area_map_name_is_short (map, a))
        {
          g_test_message ("%s: its name is shrunk to initials", a);
          shrunk++;
        }
      for (guint t = 0; t < n_tokens; t++)
        {
          graphene_rect_t r;
          mg_area_map_token_rect (map, t, &r);
          if (graphene_rect_intersection (&ra, &r, NULL))
            g_error ("the name of %s (%g,%g %gx%g) lies over token %u", a, ra.origin.x, ra.origin.y,
                     ra.size.width, ra.size.height, t);
        }
      for (gsize j = i + 1; j < n; j++)
        {
          const char *b = json_object_get_string (json_object_object_get (json_object_array_get_idx (areas, j), "id"));
          graphene_rect_t wa, rb;

          g_assert_true (mg_area_map_name_rect (map, b, &rb));
          graphene_rect_inset_r (&ra, -2, -2, &wa);
          graphene_rect_inset (&rb, -2, -2);
          if (graphene_rect_intersection (&wa, &rb, NULL))
            g_error ("the names of %s and %s are less than 4 px apart", a, b);
        }
    }
  return shrunk;
}

GPtrArray *
ui_test_tab_round (GtkWidget *window, GtkWidget *within, const char *where, guint *traps)
{
  GPtrArray *stops = g_ptr_array_new ();
  GtkWidget *first = NULL, *last = NULL;

  *traps = 0;
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  for (guint steps = 0; steps < 300; steps++)
    {
      GtkWidget *focus;

      gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD);
      wait_ms (10);   /* a frame between key presses, as a keyboard user's */
      focus = gtk_root_get_focus (GTK_ROOT (window));
      if (focus == NULL || focus == first)
        break;
      if (focus == last || GTK_IS_FLOW_BOX_CHILD (focus))
        {
          g_test_message ("%s: Tab %s a %s", where, focus == last ? "stuck on" : "stopped on", G_OBJECT_TYPE_NAME (focus));
          ++*traps;
          if (focus == last)
            break;
        }
      if (within == NULL || gtk_widget_is_ancestor (focus, within))
        g_ptr_array_add (stops, focus);
      first = first != NULL ? first : focus;
      last = focus;
    }
  return stops;
}

/* Issue 32: the pointer reaches every control the user sees. */

char *
ui_test_describe (GtkWidget *widget)
{
  GString *s = g_string_new (G_OBJECT_TYPE_NAME (widget));
  const char *id = gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget));
  const char *text = NULL;

  if (id != NULL)
    g_string_append_printf (s, "#%s", id);
  if (GTK_IS_BUTTON (widget))
    text = gtk_button_get_label (GTK_BUTTON (widget));
  if (text == NULL && GTK_IS_LABEL (widget))
    text = gtk_label_get_label (GTK_LABEL (widget));
  if (text == NULL && ADW_IS_PREFERENCES_ROW (widget))
    text = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  if (text == NULL)
    text = gtk_widget_get_tooltip_text (widget);
  if (text == NULL && GTK_IS_BUTTON (widget))
    text = gtk_button_get_icon_name (GTK_BUTTON (widget));
  if (text != NULL)
    g_string_append_printf (s, " “%.40s”", text);
  return g_string_free (s, FALSE);
}

/* A control a user points at: the stock ones, and the app's own drawn widgets that take clicks. */
static gboolean
is_control (GtkWidget *w)
{
  const char *type = G_OBJECT_TYPE_NAME (w);

  if (GTK_IS_BUTTON (w) || GTK_IS_CHECK_BUTTON (w) || GTK_IS_SWITCH (w) || GTK_IS_TEXT (w)
      || GTK_IS_DROP_DOWN (w) || GTK_IS_SPIN_BUTTON (w) || GTK_IS_SCALE (w) || GTK_IS_TEXT_VIEW (w))
    return TRUE;
  if (GTK_IS_LIST_BOX_ROW (w))
    return gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (w));
  /* A list view's rows; a combo row shows its choice in one too, which the row answers for. */
  if (g_str_equal (type, "GtkListItemWidget") || g_str_equal (type, "GtkColumnViewRowWidget"))
    return gtk_widget_get_ancestor (w, ADW_TYPE_COMBO_ROW) == NULL
           && gtk_widget_get_ancestor (w, GTK_TYPE_DROP_DOWN) == NULL;
  return g_str_has_prefix (type, "Mg") && gtk_widget_get_focusable (w);
}

/* What of w the user sees, in root's coordinates: its bounds clipped by every ancestor that
 * clips (scrolled windows, viewports, stacks) and by the root. */
static gboolean
visible_rect (GtkWidget *w, GtkWidget *root, graphene_rect_t *out)
{
  graphene_rect_t r, a;

  if (!gtk_widget_compute_bounds (w, root, &r))
    return FALSE;
  for (GtkWidget *p = gtk_widget_get_parent (w); p != NULL && p != root; p = gtk_widget_get_parent (p))
    if (gtk_widget_get_overflow (p) == GTK_OVERFLOW_HIDDEN || GTK_IS_VIEWPORT (p) || GTK_IS_SCROLLED_WINDOW (p))
      {
        if (!gtk_widget_compute_bounds (p, root, &a) || !graphene_rect_intersection (&r, &a, &r))
          return FALSE;
      }
  graphene_rect_init (&a, 0, 0, gtk_widget_get_width (root), gtk_widget_get_height (root));
  if (!graphene_rect_intersection (&r, &a, &r))
    return FALSE;
  *out = r;
  return r.size.width >= 2 && r.size.height >= 2;
}

/* Seen by the user: mapped, and neither it nor an ancestor fully transparent. */
static gboolean
seen (GtkWidget *w)
{
  if (!gtk_widget_get_mapped (w))
    return FALSE;
  for (GtkWidget *p = w; p != NULL; p = gtk_widget_get_parent (p))
    if (gtk_widget_get_opacity (p) <= 0.01)
      return FALSE;
  return TRUE;
}

static gboolean
pick_lands (GtkWidget *root, GtkWidget *w, double x, double y, const char *where)
{
  GtkWidget *picked = gtk_widget_pick (root, x, y, GTK_PICK_DEFAULT);
  g_autofree char *mine = NULL, *over = NULL, *over_parent = NULL;

  if (picked == w || (picked != NULL && gtk_widget_is_ancestor (picked, w)))
    return TRUE;
  if (where == NULL)   /* a first look, told nothing */
    return FALSE;
  mine = ui_test_describe (w);
  over = picked != NULL ? ui_test_describe (picked) : g_strdup ("nothing");
  over_parent = picked != NULL && gtk_widget_get_parent (picked) != NULL
                ? ui_test_describe (gtk_widget_get_parent (picked)) : g_strdup ("-");
  g_test_message ("%s: %s at (%.0f, %.0f) is covered by %s (in %s)", where, mine, x, y, over, over_parent);
  return FALSE;
}

static guint
check_control (GtkWidget *root, GtkWidget *w, const char *where)
{
  graphene_rect_t r;
  gboolean canvas;

  if (!visible_rect (w, root, &r))
    return 0;
  canvas = g_str_has_prefix (G_OBJECT_TYPE_NAME (w), "Mg") && r.size.width > 64 && r.size.height > 64;
  if (MG_IS_AREA_MAP (w))
    {
      /* Every area the user sees. */
      json_object *model = mg_area_map_get_model (MG_AREA_MAP (w)), *areas;
      guint bad = 0;

      if (json_object_object_get_ex (model, "areas", &areas))
        for (size_t i = 0; i < json_object_array_length (areas); i++)
          {
            json_object *id;
            double ax, ay;
            graphene_point_t at;

            if (!json_object_object_get_ex (json_object_array_get_idx (areas, i), "id", &id)
                || !mg_area_map_area_position (MG_AREA_MAP (w), json_object_get_string (id), &ax, &ay)
                || !gtk_widget_compute_point (w, root, &GRAPHENE_POINT_INIT (ax, ay), &at)
                || !graphene_rect_contains_point (&r, &at))
              continue;
            bad += !pick_lands (root, w, at.x, at.y, where);
          }
      return bad;
    }
  if (canvas)
    {
      /* A board or a drawing: a grid of points over what is seen of it (a board's squares). */
      guint bad = 0;

      for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
          bad += !pick_lands (root, w, r.origin.x + r.size.width * (i + 0.5) / 5,
                              r.origin.y + r.size.height * (j + 0.5) / 5, where);
      return bad > 0;
    }
  return !pick_lands (root, w, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, where);
}

static void
walk_controls (GtkWidget *root, GtkWidget *w, const char *where, guint *bad, guint *n)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_NATIVE (c) || !seen (c))   /* popovers are their own surfaces */
        continue;
      if (is_control (c) && gtk_widget_is_sensitive (c))
        {
          (*n)++;
          *bad += check_control (root, c, where);
        }
      walk_controls (root, c, where, bad, n);
    }
}

guint
ui_test_assert_pickable (GtkWidget *root, const char *where, guint *n_checked)
{
  guint bad = 0, n = 0;

  walk_controls (root, root, where, &bad, &n);
  if (n_checked != NULL)
    *n_checked += n;
  return bad;
}

gboolean
ui_test_x_click (GtkWidget *widget)
{
  Display *x = pointer_to (widget);

  if (x == NULL)
    return FALSE;
  press_button_1 (x, 250);
  return TRUE;
}

GtkWidget *
ui_test_find_by_tooltip (GtkWidget *root, const char *tooltip)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_NATIVE (c) || !gtk_widget_get_mapped (c))
        continue;
      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_widget_get_tooltip_text (c), tooltip) == 0)
        return c;
      if ((found = ui_test_find_by_tooltip (c, tooltip)) != NULL)
        return found;
    }
  return NULL;
}

static void
collect_texts (GtkWidget *root, GString *out, gboolean shown_only)
{
  const char *texts[4] = { NULL };

  if (shown_only && !gtk_widget_get_mapped (root))
    return;
  /* A window's tooltip holds the last tooltip the pointer met, wherever that was; each widget's
   * own tooltip is read below. */
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (root), "GtkTooltipWindow") == 0)
    return;

  if (GTK_IS_LABEL (root))
    texts[0] = gtk_label_get_text (GTK_LABEL (root));
  else if (GTK_IS_INSCRIPTION (root))
    texts[0] = gtk_inscription_get_text (GTK_INSCRIPTION (root));
  else if (GTK_IS_EDITABLE (root))
    texts[0] = gtk_editable_get_text (GTK_EDITABLE (root));
  else if (GTK_IS_BUTTON (root))
    texts[0] = gtk_button_get_label (GTK_BUTTON (root));
  if (ADW_IS_PREFERENCES_ROW (root))
    texts[1] = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root));
  if (ADW_IS_ACTION_ROW (root))
    texts[2] = adw_action_row_get_subtitle (ADW_ACTION_ROW (root));
  texts[3] = gtk_widget_get_tooltip_text (root);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    if (texts[i] != NULL && texts[i][0] != '\0')
      g_string_append_printf (out, "%s\n", texts[i]);
  if (GTK_IS_TEXT_VIEW (root))
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (root));
      GtkTextIter a, b;
      g_autofree char *text = NULL;

      gtk_text_buffer_get_bounds (buffer, &a, &b);
      text = gtk_text_buffer_get_text (buffer, &a, &b, FALSE);
      g_string_append_printf (out, "%s\n", text);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, out, shown_only);
}

void
ui_test_collect_texts (GtkWidget *root, GString *out)
{
  collect_texts (root, out, FALSE);
}

void
ui_test_collect_shown_texts (GtkWidget *root, GString *out)
{
  collect_texts (root, out, TRUE);
}

char *
ui_test_export_text (MgCampaign *campaign, MgExportFormat format, const char *path)
{
  MgExportScope scope = { 0 };
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (mg_export_write (campaign, format, scope, path, &error));
  g_assert_no_error (error);
  if (format == MG_EXPORT_PDF)
    {
      g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
      const char *argv[] = { pdftotext, path, "-", NULL };

      if (pdftotext == NULL)
        return NULL;
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                   &text, NULL, NULL, &error));
    }
  else
    g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

int
ui_test_undo_toast (MgCampaignWindow *window, int width, const char *name, gboolean *cut)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, 720);
  wait_ms (100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  return ui_test_toast_fits (window, name, cut);
}

int
ui_test_toast_fits (MgCampaignWindow *window, const char *name, gboolean *cut)
{
  g_autofree char *said = g_strdup (mg_campaign_window_get_last_toast (window));
  GtkWidget *label = NULL, *toast;
  graphene_rect_t in_toast, in_window;
  PangoLayout *layout;
  int lines;

  g_assert_nonnull (said);
  for (guint t = 0; t < 100 && (label == NULL || !gtk_widget_get_mapped (label)); t++)
    {
      wait_ms (20);
      label = ui_test_find_label (GTK_WIDGET (window), said);
    }
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (label));
  wait_ms (400);   /* slid in, laid out at its final size */
  save_screenshot (GTK_WIDGET (window), name);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  lines = pango_layout_get_line_count (layout);
  *cut = pango_layout_is_ellipsized (layout);
  g_test_message ("%s: \"%s\", %d line(s)%s", name, said, lines, *cut ? ", cut" : "");
  if (*cut)
    g_assert_cmpint (lines, ==, 6);   /* cut only past six lines */
  toast = label;
  while (!ADW_IS_TOAST_OVERLAY (gtk_widget_get_parent (toast)))
    toast = gtk_widget_get_parent (toast);
  g_assert_true (gtk_widget_compute_bounds (label, toast, &in_toast));
  g_assert_cmpfloat (in_toast.origin.x, >=, 0);
  g_assert_cmpfloat (in_toast.origin.y, >=, 0);
  g_assert_cmpfloat (in_toast.origin.x + in_toast.size.width, <=, gtk_widget_get_width (toast));
  g_assert_cmpfloat (in_toast.origin.y + in_toast.size.height, <=, gtk_widget_get_height (toast));
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &in_window));
  g_assert_cmpfloat (in_window.origin.x, >=, 0);
  g_assert_cmpfloat (in_window.origin.y, >=, 0);
  g_assert_cmpfloat (in_window.origin.x + in_window.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  return lines;
}
