/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-widget-util.c — small helpers shared by the app's widgets and the games' pages. */
#include "config.h"

#include "mg-campaign-window.h"
#include "mg-widget-util.h"

#include <string.h>
#include <adwaita.h>

#include "mg-errors.h"
#include "mg-table-state.h"

static void
high_contrast_changed (AdwStyleManager *manager, GParamSpec *pspec, GtkStyleProvider *provider)
{
  GdkDisplay *display = adw_style_manager_get_display (manager);

  if (adw_style_manager_get_high_contrast (manager))
    gtk_style_context_add_provider_for_display (display, provider, GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  else
    gtk_style_context_remove_provider_for_display (display, provider);
}

/* A game's X-hc.css, if it has one, while high contrast is on. libadwaita's style-hc.css cannot
 * do it: a game's stylesheet is added after it, at the same priority, and wins. */
static void
load_css_hc (GdkDisplay *display, const char *resource)
{
  g_autofree char *base = g_str_has_suffix (resource, ".css") ? g_strndup (resource, strlen (resource) - 4) : NULL;
  g_autofree char *hc = base != NULL ? g_strconcat (base, "-hc.css", NULL) : NULL;
  AdwStyleManager *manager = adw_style_manager_get_for_display (display);
  GtkCssProvider *provider;

  if (hc == NULL || !g_resources_get_info (hc, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL))
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, hc);
  /* The provider lives as long as the display's style manager (the app's). */
  g_signal_connect_data (manager, "notify::high-contrast", G_CALLBACK (high_contrast_changed),
                         provider, (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  high_contrast_changed (manager, NULL, GTK_STYLE_PROVIDER (provider));
}

void
mg_widget_load_css (const char *resource)
{
  static GHashTable *loaded;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GtkCssProvider) provider = NULL;

  if (display == NULL)
    return;
  if (loaded == NULL)
    loaded = g_hash_table_new (g_str_hash, g_str_equal);
  if (g_hash_table_contains (loaded, resource))
    return;
  g_hash_table_add (loaded, g_strdup (resource));
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, resource);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  load_css_hc (display, resource);
}

void
mg_widget_remove_children (GtkWidget *container)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_LIST_BOX (container))
        gtk_list_box_remove (GTK_LIST_BOX (container), child);
      else if (GTK_IS_FLOW_BOX (container))
        gtk_flow_box_remove (GTK_FLOW_BOX (container), child);
      else if (GTK_IS_BOX (container))
        gtk_box_remove (GTK_BOX (container), child);
      else
        gtk_widget_unparent (child);
    }
}

void
mg_box_set_lines (GtkBox *box, const char * const *lines, guint n_lines)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box));

  for (guint i = 0; i < n_lines; i++)
    {
      if (child == NULL)
        {
          GtkWidget *label = gtk_label_new (lines[i]);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_box_append (box, label);
          continue;
        }
      gtk_label_set_label (GTK_LABEL (child), lines[i]);
      child = gtk_widget_get_next_sibling (child);
    }
  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      gtk_box_remove (box, child);
      child = next;
    }
}

void
mg_widget_set_tooltip (GtkWidget *widget, const char *text)
{
  const char *now = gtk_widget_get_tooltip_text (widget);

  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (now, text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

static void
create_deferred_menu (GtkMenuButton *button, gpointer data)
{
  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, data);
}

void
mg_menu_button_defer_menu (GtkMenuButton *button, GMenuModel *model)
{
  gtk_menu_button_set_create_popup_func (button, create_deferred_menu,
                                         g_object_ref (model), g_object_unref);
}

GtkWidget *
mg_widget_find_popover (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = GTK_IS_POPOVER (child) ? child : mg_widget_find_popover (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
drop_down_popup_shown (GtkWidget *popover, GtkDropDown *dropdown)
{
  g_signal_handlers_disconnect_by_func (popover, drop_down_popup_shown, dropdown);
  /* NULL: the list takes the drop-down's own factory, as it always did */
  gtk_drop_down_set_list_factory (dropdown, NULL);
}

void
mg_drop_down_defer_list (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) empty = gtk_signal_list_item_factory_new ();
  GtkWidget *popover = mg_widget_find_popover (GTK_WIDGET (dropdown));

  if (popover == NULL)
    return;
  gtk_drop_down_set_list_factory (dropdown, empty);
  g_signal_connect (popover, "show", G_CALLBACK (drop_down_popup_shown), dropdown);
}

/* The shortcuts window's builder, with the open game's own group (ui/<id>/shortcuts.ui, in its
 * resources: the <child> of the section that its <interface> holds) where the window's file says: a game's keys are named in
 * its own folder, and a window shows the keys of the game it holds. */
static GtkBuilder *
shortcuts_builder (const char *game)
{
  static const char marker[] = "<!-- the open game's own group (ui/<id>/shortcuts.ui) goes here -->";
  g_autoptr(GBytes) window = g_resources_lookup_data ("/io/github/meleegm/MeleeGM/ui/mg-shortcuts-window.ui", 0, NULL);
  g_autofree char *path = game != NULL ? g_strdup_printf ("/io/github/meleegm/MeleeGM/%s/shortcuts.ui", game) : NULL;
  g_autoptr(GBytes) own = path != NULL ? g_resources_lookup_data (path, 0, NULL) : NULL;
  g_autofree char *text = g_strndup (g_bytes_get_data (window, NULL), g_bytes_get_size (window));
  GtkBuilder *builder = gtk_builder_new ();
  g_autoptr(GError) error = NULL;
  char *at = strstr (text, marker);

  if (own != NULL && at != NULL)
    {
      g_autofree char *group = g_strndup (g_bytes_get_data (own, NULL), g_bytes_get_size (own));
      char *child = strstr (group, "<child>"), *end = g_strrstr (group, "</child>");
      g_autofree char *joined = NULL;

      if (child == NULL || end == NULL)
        g_error ("%s holds no <child>", path);
      end[strlen ("</child>")] = '\0';
      *at = '\0';
      joined = g_strconcat (text, child, at + strlen (marker), NULL);
      g_free (text);
      text = g_steal_pointer (&joined);
    }
  if (!gtk_builder_add_from_string (builder, text, -1, &error))
    g_error ("the shortcuts window of %s: %s", game != NULL ? game : "the start window", error->message);
  return builder;
}

void
mg_widget_show_shortcuts (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkShortcutsWindow *shortcuts;

  if (!GTK_IS_APPLICATION_WINDOW (root))
    return;
  shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (root));
  if (shortcuts == NULL)
    {
      const char *game = MG_IS_CAMPAIGN_WINDOW (root)
                         ? mg_campaign_get_game_id (mg_campaign_window_get_campaign (MG_CAMPAIGN_WINDOW (root))) : NULL;
      g_autoptr(GtkBuilder) builder = shortcuts_builder (game);

      shortcuts = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
      /* As the window's help overlay it shows the application's accelerators, is transient
       * for the window and hides on close, to be shown again. */
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (root), shortcuts);
    }
  gtk_window_present (GTK_WINDOW (shortcuts));
}

/* Redraw when shown */

typedef struct
{
  MgRedrawFunc redraw;
  gboolean        dirty;
} Redraw;

static void
redraw_changed (GtkWidget *page)
{
  Redraw *r = g_object_get_data (G_OBJECT (page), "mg-redraw");

  if (gtk_widget_get_mapped (page))
    {
      r->dirty = FALSE;
      r->redraw (page);
    }
  else
    r->dirty = TRUE;
}

void
mg_widget_redraw_when_shown (GtkWidget *page, MgCampaign *campaign, MgRedrawFunc redraw)
{
  Redraw *r = g_new0 (Redraw, 1);

  r->redraw = redraw;
  r->dirty = TRUE;
  g_object_set_data_full (G_OBJECT (page), "mg-redraw", r, g_free);
  g_signal_connect_object (mg_table_state_for_campaign (campaign), "changed", G_CALLBACK (redraw_changed), page, G_CONNECT_SWAPPED);
  g_signal_connect (page, "map", G_CALLBACK (mg_widget_redraw_pending), NULL);
}

void
mg_widget_redraw_pending (GtkWidget *page)
{
  Redraw *r = g_object_get_data (G_OBJECT (page), "mg-redraw");

  if (r != NULL && r->dirty)
    {
      r->dirty = FALSE;
      r->redraw (page);
    }
}

/* Whether the point y px down a part of a scrolled page is above the bottom edge of the view. */
static gboolean
scrolled_view_reaches (GtkWidget *part, float y)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (part, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content = scroller != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  GtkAdjustment *adjustment;
  graphene_point_t point;

  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  if (content == NULL || !gtk_widget_get_mapped (part)
      || !gtk_widget_compute_point (part, content, &GRAPHENE_POINT_INIT (0, y), &point))
    return FALSE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  return point.y < gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment);
}

gboolean
mg_widget_in_scrolled_view (GtkWidget *part)
{
  return scrolled_view_reaches (part, 0);
}

gboolean
mg_widget_end_in_scrolled_view (GtkWidget *part)
{
  return scrolled_view_reaches (part, gtk_widget_get_height (part));
}

typedef struct
{
  GtkListBox *list;
  GPtrArray  *items;
  MgRowMaker  make;
  guint       made;
  guint       idle;   /* makes the rest (mg_list_box_grow_rows) */
  guint       remade; /* rows the last mg_list_box_update_rows made */
} LazyRows;

static void
lazy_rows_free (LazyRows *lazy)
{
  g_clear_handle_id (&lazy->idle, g_source_remove);
  g_ptr_array_unref (lazy->items);
  g_free (lazy);
}

void
mg_list_box_set_rows (GtkListBox *list, GPtrArray *items, MgRowMaker make, gboolean wait)
{
  LazyRows *lazy = g_new0 (LazyRows, 1);

  lazy->list = list;
  lazy->items = g_ptr_array_ref (items);
  lazy->make = make;
  mg_widget_remove_children (GTK_WIDGET (list));
  g_object_set_data_full (G_OBJECT (list), "mg-lazy-rows", lazy, (GDestroyNotify) lazy_rows_free);
  if (!wait)
    mg_list_box_make_rows (list, G_MAXUINT);
}

/* Rows gained (d > 0) or lost (d < 0) at the list's top, the others the same (a log told newest
 * first): the smallest such d up to 4, else 0. */
static gint
top_shift (GPtrArray *old, GPtrArray *items, MgRowEqual equal)
{
  gboolean in_place = TRUE;

  for (guint i = 0; in_place && i < MIN (old->len, items->len); i++)
    in_place = equal (g_ptr_array_index (old, i), g_ptr_array_index (items, i));
  if (in_place)
    return 0;   /* rows changed or added at the end, or none */
  for (gint k = 1; k <= 8; k++)
    {
      gint d = k % 2 ? (k + 1) / 2 : -k / 2;
      gint lo = MAX (0, -d), hi = MIN ((gint) old->len, (gint) items->len - d);
      gboolean same = hi > lo;

      for (gint i = lo; same && i < hi; i++)
        same = equal (g_ptr_array_index (old, i), g_ptr_array_index (items, i + d));
      if (same)
        return d;
    }
  return 0;
}

/* Makes again the rows whose item differs from the one before at its place (`before`), unless
 * `update` changes them in place. */
static guint
remake_unequal (GtkListBox *list, GPtrArray *before, GPtrArray *items, MgRowMaker make, MgRowEqual equal,
                MgRowUpdate update)
{
  guint remade = 0;

  for (guint i = 0; i < MIN (before->len, items->len); i++)
    if (!equal (g_ptr_array_index (before, i), g_ptr_array_index (items, i))
        && (update == NULL || !update (GTK_WIDGET (gtk_list_box_get_row_at_index (list, i)),
                                       g_ptr_array_index (before, i), g_ptr_array_index (items, i))))
      {
        gtk_list_box_remove (list, GTK_WIDGET (gtk_list_box_get_row_at_index (list, i)));
        gtk_list_box_insert (list, make (g_ptr_array_index (items, i)), i);
        remade++;
      }
  return remade;
}

void
mg_list_box_update_rows (GtkListBox *list, GPtrArray *items, MgRowMaker make, MgRowEqual equal, gboolean wait)
{
  mg_list_box_update_rows_in_place (list, items, make, equal, NULL, wait);
}

void
mg_list_box_update_rows_in_place (GtkListBox *list, GPtrArray *items, MgRowMaker make, MgRowEqual equal,
                                  MgRowUpdate update, gboolean wait)
{
  LazyRows *lazy = g_object_get_data (G_OBJECT (list), "mg-lazy-rows");
  g_autoptr(GPtrArray) before = NULL;
  gint shift;

  if (lazy == NULL || equal == NULL || lazy->made < lazy->items->len || lazy->make != make)
    {
      mg_list_box_set_rows (list, items, make, wait);
      lazy = g_object_get_data (G_OBJECT (list), "mg-lazy-rows");
      lazy->remade = lazy->made;
      return;
    }
  /* The items each row now shows (borrowed: the old array lives until the end of this call). */
  before = g_ptr_array_new ();
  lazy->remade = 0;
  shift = top_shift (lazy->items, items, equal);
  for (gint i = 0; i < shift; i++)
    {
      gtk_list_box_insert (list, make (g_ptr_array_index (items, i)), i);
      g_ptr_array_add (before, g_ptr_array_index (items, i));
      lazy->remade++;
    }
  for (gint i = 0; i < -shift; i++)
    gtk_list_box_remove (list, GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0)));
  for (guint i = MAX (0, -shift); i < lazy->items->len; i++)
    g_ptr_array_add (before, g_ptr_array_index (lazy->items, i));
  lazy->remade += remake_unequal (list, before, items, make, equal, update);
  for (guint i = before->len; i > items->len; i--)
    gtk_list_box_remove (list, GTK_WIDGET (gtk_list_box_get_row_at_index (list, i - 1)));
  for (guint i = before->len; i < items->len; i++)
    {
      gtk_list_box_append (list, make (g_ptr_array_index (items, i)));
      lazy->remade++;
    }
  g_ptr_array_unref (lazy->items);
  lazy->items = g_ptr_array_ref (items);
  lazy->made = items->len;
}

guint
mg_list_box_get_n_remade (GtkListBox *list)
{
  LazyRows *lazy = g_object_get_data (G_OBJECT (list), "mg-lazy-rows");

  return lazy != NULL ? lazy->remade : 0;
}

void
mg_list_box_make_rows (GtkListBox *list, guint n)
{
  LazyRows *lazy = g_object_get_data (G_OBJECT (list), "mg-lazy-rows");

  if (lazy == NULL)
    return;
  for (; lazy->made < MIN (n, lazy->items->len); lazy->made++)
    gtk_list_box_append (list, lazy->make (g_ptr_array_index (lazy->items, lazy->made)));
  if (lazy->made == lazy->items->len)
    g_clear_handle_id (&lazy->idle, g_source_remove);
}

static gboolean
make_rest_of_rows (gpointer data)
{
  LazyRows *lazy = data;

  lazy->idle = 0;
  mg_list_box_make_rows (lazy->list, G_MAXUINT);
  return G_SOURCE_REMOVE;
}

void
mg_list_box_grow_rows (GtkListBox *list, GtkWidget *page, int width, int height, int baseline)
{
  LazyRows *lazy = g_object_get_data (G_OBJECT (list), "mg-lazy-rows");

  if (lazy == NULL)
    return;
  while (lazy->made < lazy->items->len && mg_widget_end_in_scrolled_view (GTK_WIDGET (list)))
    {
      mg_list_box_make_rows (list, lazy->made + 2);
      gtk_widget_allocate (page, width, height, baseline, NULL);
    }
  if (lazy->made < lazy->items->len && lazy->idle == 0)
    lazy->idle = g_idle_add_full (G_PRIORITY_LOW, make_rest_of_rows, lazy, NULL);
}

/* Before the scrolled window's scroll controllers see a wheel event, their axes are set for this
 * event: without Shift, sideways only, so a vertical step finds nothing to do there and goes on
 * to the page. (GTK 4.8's scrolled window has two: one in the capture phase, which keeps a
 * touchpad's scroll in the window it began in, and the one that scrolls, in the bubble phase.) */
static gboolean
sideways_event (GtkEventControllerLegacy *legacy, GdkEvent *event, GPtrArray *scrolls)
{
  gboolean shift = (gdk_event_get_modifier_state (event) & GDK_SHIFT_MASK) != 0;

  if (gdk_event_get_event_type (event) != GDK_SCROLL)
    return GDK_EVENT_PROPAGATE;
  for (guint i = 0; i < scrolls->len; i++)
    {
      GtkEventControllerScroll *scroll = g_ptr_array_index (scrolls, i);
      GtkEventControllerScrollFlags flags = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (scroll), "mg-flags"));

      gtk_event_controller_scroll_set_flags (scroll, shift ? flags : flags & ~GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    }
  return GDK_EVENT_PROPAGATE;
}

GtkWidget *
mg_flow_box_slot_follows_child (GtkWidget *slot)
{
  GtkWidget *child = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (slot));

  gtk_widget_set_focusable (slot, FALSE);
  if (child != NULL)
    {
      g_object_bind_property (child, "sensitive", slot, "sensitive", G_BINDING_SYNC_CREATE);
      g_object_bind_property (child, "visible", slot, "visible", G_BINDING_SYNC_CREATE);
    }
  return slot;
}

void
mg_flow_box_slots_follow_children (GtkFlowBox *box)
{
  for (GtkWidget *slot = gtk_widget_get_first_child (GTK_WIDGET (box)); slot != NULL; slot = gtk_widget_get_next_sibling (slot))
    if (GTK_IS_FLOW_BOX_CHILD (slot))
      mg_flow_box_slot_follows_child (slot);
}

void
mg_scrolled_window_pass_vertical (GtkScrolledWindow *sideways)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (sideways));
  GPtrArray *scrolls = g_ptr_array_new ();
  GtkEventController *legacy;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        {
          g_object_set_data (controller, "mg-flags",
                             GUINT_TO_POINTER (gtk_event_controller_scroll_get_flags (GTK_EVENT_CONTROLLER_SCROLL (controller))));
          g_ptr_array_add (scrolls, controller);   /* the widget holds it */
        }
    }
  legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect_data (legacy, "event", G_CALLBACK (sideways_event), scrolls, (GClosureNotify) (void (*) (void)) g_ptr_array_unref, 0);
  gtk_widget_add_controller (GTK_WIDGET (sideways), legacy);
}

/* ------------------------------------------------------------------ acting */

MgJournalEntry *
mg_widget_act (MgCampaign *campaign, json_object *action, GArray *typed, GError **error)
{
  MgJournalEntry *entry;

  if (json_object_object_get_ex (action, "template", NULL))
    {
      /* A copy: the legal action may be held by the page that offered it. */
      json_object *copy = NULL;

      json_object_deep_copy (action, &copy, NULL);
      json_object_put (action);
      action = copy;
      json_object_object_del (action, "template");
    }
  if (typed != NULL)
    {
      json_object *dice = json_object_new_array ();

      for (guint i = 0; i < typed->len; i++)
        json_object_array_add (dice, json_object_new_int (g_array_index (typed, guint, i)));
      json_object_object_add (action, "dice", dice);
    }
  entry = mg_campaign_act (campaign, action, error);
  json_object_put (action);
  return entry;
}

gboolean
mg_widget_act_or_say (MgCampaign *campaign, json_object *action, GtkLabel *message, GtkWidget *widget)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = mg_widget_act (campaign, action, NULL, &error);
  g_autofree char *plain = entry == NULL ? mg_error_plain (error) : NULL;

  if (message != NULL)
    gtk_label_set_text (message, plain != NULL ? plain : "");
  else if (plain != NULL)
    mg_toast_show (widget, plain);
  return entry != NULL;
}

/* The idle holds the widget till it has run; its leaflet is its ancestor, if it still has one. */
static gboolean
follow_folded (gpointer data)
{
  GtkWidget *widget = data;
  GtkWidget *leaflet = gtk_widget_get_ancestor (widget, ADW_TYPE_LEAFLET);

  g_object_set_data (G_OBJECT (widget), "mg-folded-idle", NULL);
  if (leaflet != NULL)
    gtk_widget_set_visible (widget, adw_leaflet_get_folded (ADW_LEAFLET (leaflet)));
  return G_SOURCE_REMOVE;
}

static void
folded_changed (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "mg-folded-idle") != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "mg-folded-idle", GINT_TO_POINTER (1));
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, follow_folded, g_object_ref (widget), g_object_unref);
}

void
mg_leaflet_show_when_folded (GtkWidget *leaflet, GtkWidget *widget)
{
  g_return_if_fail (ADW_IS_LEAFLET (leaflet) && gtk_widget_is_ancestor (widget, leaflet));
  gtk_widget_set_visible (widget, adw_leaflet_get_folded (ADW_LEAFLET (leaflet)));
  g_signal_connect_object (leaflet, "notify::folded", G_CALLBACK (folded_changed), widget, G_CONNECT_SWAPPED);
}
