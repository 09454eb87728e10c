/* mg-chronicle-page.c — the Chronicle page: one chart per series the game declares, kept up to date row by row. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "mg-chronicle-fill.h"
#include "mg-chronicle-page.h"
#include "mg-errors.h"
#include "mg-game-ui.h"
#include "mg-campaign-window-private.h"
#include "mg-journal-page.h"
#include "mg-players-display.h"
#include "mg-narrate.h"
#include "mg-table.h"
#include "mg-widget-util.h"

struct _MgChroniclePage
{
  GtkWidget          parent_instance;

  MgCampaign        *campaign;
  MgChronicleWindow *window;
  MgNarrator        *narrator;
  GPtrArray         *charts;   /* of MgChart*, one per declared chart */
  GPtrArray         *sections; /* of GtkWidget*: each chart with its heading and its told point */
  GCancellable      *filling;  /* the fill of rows journalled without points, while it runs */
  double             fill_fraction;

  GtkStack          *stack;
  GtkProgressBar    *fill_bar;
  GtkBox            *charts_box;
  GtkLabel          *range_label;
  GtkToggleButton   *display_button;
};

G_DEFINE_FINAL_TYPE (MgChroniclePage, mg_chronicle_page, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_FILLING, PROP_FILL_FRACTION, N_PROPS };
static GParamSpec *props[N_PROPS];

/* A row told in the viewer's words, from its public events (mg-narrate.h). */
static char *
tell_row (gint64 seq, gpointer data)
{
  MgChroniclePage *self = data;
  g_autoptr(MgJournalEntry) entry = mg_campaign_journal_get (self->campaign, seq, NULL);

  if (entry == NULL)
    return NULL;
  return mg_narrator_tell (self->narrator, entry);
}

/* Clicking a point (or Enter on it) opens its row in the Journal. */
static void
point_activated (MgChart *chart, gint64 seq, MgChroniclePage *self)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_VIEW_STACK);
  GtkWidget *journal;

  if (stack == NULL || (journal = mg_game_ui_ensure_page (ADW_VIEW_STACK (stack), "journal")) == NULL)
    return;
  adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), "journal");
  /* The Journal lists every row, undone ones too, in seq order from 1. */
  mg_journal_page_select (MG_JOURNAL_PAGE (journal), (guint) (seq - 1));
}

static void
update_range (MgChroniclePage *self)
{
  g_autofree char *text = NULL;

  gtk_stack_set_visible_child_name (self->stack, self->window->last_seq > 0 ? "charts" : "empty");
  if (self->window->last_seq == 0)
    return;
  /* TRANSLATORS: above the Chronicle's charts: the journal rows they cover */
  text = g_strdup_printf (_("Journal rows %lld to %lld, as everyone at the table saw them. Point at a mark, or "
                            "move along it with the arrow keys, to see what happened; click it or press Enter "
                            "to open the row in the Journal."),
                          (long long) self->window->first_seq, (long long) self->window->last_seq);
  gtk_label_set_label (self->range_label, text);
  /* A chart with nothing in it yet (Cricchio's mines outside Mine Field) takes no room. */
  for (guint i = 0; i < self->sections->len && i < self->window->charts->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (self->sections, i),
                            ((MgChronicleData *) g_ptr_array_index (self->window->charts, i))->series->len > 0);
}

static void
add_chart (MgChroniclePage *self, guint index)
{
  const MgChronicleChart *declared = &self->window->chronicle->charts[index];
  GtkWidget *heading = gtk_label_new (_(declared->title));
  GtkWidget *told = gtk_label_new (NULL);
  MgChart *chart = mg_chart_new ();
  GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_margin_top (heading, 12);
  gtk_label_set_xalign (GTK_LABEL (told), 0);
  gtk_label_set_wrap (GTK_LABEL (told), TRUE);
  gtk_widget_add_css_class (told, "caption");
  mg_chart_set_teller (chart, tell_row, self);
  mg_chart_set_window (chart, self->window, index);
  g_object_bind_property (chart, "point-text", told, "label", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (chart, "point-activated", G_CALLBACK (point_activated), self, 0);
  gtk_box_append (GTK_BOX (section), heading);
  gtk_box_append (GTK_BOX (section), GTK_WIDGET (chart));
  gtk_box_append (GTK_BOX (section), told);
  gtk_box_append (self->charts_box, section);
  g_ptr_array_add (self->charts, chart);
  g_ptr_array_add (self->sections, section);
}

/* The window brought up to date after `change`, and its charts redrawn (only the new rows' points
 * read). FALSE when nothing changed. */
static gboolean
charts_follow (MgChronicleWindow *window, GPtrArray *charts, MgChronicleChange change)
{
  g_autoptr(GError) error = NULL;
  gboolean changed = FALSE;

  if (window == NULL)
    return FALSE;
  if (!mg_chronicle_window_update (window, change, &changed, &error))
    {
      g_warning ("Chronicle: %s", error->message);
      return FALSE;
    }
  for (guint i = 0; changed && i < charts->len; i++)
    mg_chart_window_changed (g_ptr_array_index (charts, i));
  return changed;
}

void
mg_chronicle_page_rows_changed (MgChroniclePage *self, MgChronicleChange change)
{
  if (!charts_follow (self->window, self->charts, change))
    return;
  mg_narrator_forget (self->narrator);
  update_range (self);
}

/* What the table's change details say of the journal: FALSE when it did not change (the shown
 * seat did: the charts are public). */
static gboolean
change_of (const MgTableChange *change, MgChronicleChange *out)
{
  switch (change->rows)
    {
    case MG_TABLE_ROWS_NONE:      return FALSE;
    case MG_TABLE_ROWS_APPENDED:  *out = MG_CHRONICLE_APPENDED; return TRUE;
    case MG_TABLE_ROWS_UNDONE:    *out = MG_CHRONICLE_UNDONE; return TRUE;
    case MG_TABLE_ROWS_REDONE:    *out = MG_CHRONICLE_REDONE; return TRUE;
    case MG_TABLE_ROWS_OTHER:
    default:                      *out = MG_CHRONICLE_RELOADED; return TRUE;
    }
}

/* The table's change details say which rows moved: only those are read (the window's tail). */
static void
table_changed (MgChroniclePage *self, MgTableChange *change)
{
  MgChronicleChange what;

  if (change_of (change, &what))
    mg_chronicle_page_rows_changed (self, what);
}

/* ---- the charts on the players' display ---------------------------------------------------- */

typedef struct {
  MgChronicleWindow *window;
  GPtrArray         *charts;
} Shown;

static void
shown_free (gpointer data)
{
  Shown *shown = data;

  g_ptr_array_unref (shown->charts);
  mg_chronicle_window_free (shown->window);
  g_free (shown);
}

static void
shown_table_changed (GtkWidget *box, MgTableChange *change)
{
  Shown *shown = g_object_get_data (G_OBJECT (box), "mg-chronicle-shown");
  MgChronicleChange what;

  if (shown != NULL && change_of (change, &what))
    charts_follow (shown->window, shown->charts, what);
}

GtkWidget *
mg_chronicle_display_new (MgCampaign *campaign)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  g_autoptr(GError) error = NULL;
  Shown *shown = g_new0 (Shown, 1);

  gtk_widget_add_css_class (box, "display-chronicle");
  shown->charts = g_ptr_array_new ();
  /* No fill here: the referee's Chronicle page fills a campaign begun before it. */
  shown->window = mg_chronicle_window_read (campaign, 0, MG_CHRONICLE_ROWS, FALSE, &error);
  g_object_set_data_full (G_OBJECT (box), "mg-chronicle-shown", shown, shown_free);
  if (shown->window == NULL)
    return box;
  for (guint i = 0; i < shown->window->chronicle->n_charts; i++)
    {
      GtkWidget *heading = gtk_label_new (_(shown->window->chronicle->charts[i].title));
      MgChart *chart = mg_chart_new ();

      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_add_css_class (heading, "title-2");
      /* Read from across the room: no pointer, no focus, no point named on it. */
      gtk_widget_set_focusable (GTK_WIDGET (chart), FALSE);
      gtk_widget_set_can_target (GTK_WIDGET (chart), FALSE);
      mg_chart_set_window (chart, shown->window, i);
      gtk_box_append (GTK_BOX (box), heading);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (chart));
      g_ptr_array_add (shown->charts, chart);
    }
  g_signal_connect_object (mg_table_for_campaign (campaign), "changed", G_CALLBACK (shown_table_changed), box,
                           G_CONNECT_SWAPPED);
  return box;
}

/* The charts on the players' display (opened if need be), or its picture again. */
static void
display_toggled (MgChroniclePage *self, GtkToggleButton *button)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  gboolean show = gtk_toggle_button_get_active (button);
  GtkWindow *display;

  if (!MG_IS_CAMPAIGN_WINDOW (root))
    return;
  display = mg_campaign_window_get_players_display (MG_CAMPAIGN_WINDOW (root));
  if (display == NULL && show)
    {
      gtk_widget_activate_action (GTK_WIDGET (root), "win.players-display", NULL);
      display = mg_campaign_window_get_players_display (MG_CAMPAIGN_WINDOW (root));
    }
  if (display != NULL)
    mg_players_display_show_chronicle (MG_PLAYERS_DISPLAY (display), show);
}

static void
mg_chronicle_page_dispose (GObject *object)
{
  MgChroniclePage *self = MG_CHRONICLE_PAGE (object);

  if (self->filling != NULL)
    g_cancellable_cancel (self->filling);
  g_clear_object (&self->filling);
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_CHRONICLE_PAGE);
  g_clear_pointer (&self->charts, g_ptr_array_unref);
  g_clear_pointer (&self->sections, g_ptr_array_unref);
  g_clear_pointer (&self->window, mg_chronicle_window_free);
  g_clear_pointer (&self->narrator, mg_narrator_free);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_chronicle_page_parent_class)->dispose (object);
}

static void
mg_chronicle_page_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  MgChroniclePage *self = MG_CHRONICLE_PAGE (object);

  switch (id)
    {
    case PROP_FILLING:       g_value_set_boolean (value, self->filling != NULL); break;
    case PROP_FILL_FRACTION: g_value_set_double (value, self->fill_fraction); break;
    default:                 G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
mg_chronicle_page_class_init (MgChroniclePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mg_chronicle_page_dispose;
  object_class->get_property = mg_chronicle_page_get_property;
  /* Rows journalled before the Chronicle are being read (the "filling" page shows how far). */
  props[PROP_FILLING] = g_param_spec_boolean ("filling", NULL, NULL, FALSE,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_FILL_FRACTION] = g_param_spec_double ("fill-fraction", NULL, NULL, 0, 1, 0,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-chronicle-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgChroniclePage, stack);
  gtk_widget_class_bind_template_child (widget_class, MgChroniclePage, charts_box);
  gtk_widget_class_bind_template_child (widget_class, MgChroniclePage, range_label);
  gtk_widget_class_bind_template_child (widget_class, MgChroniclePage, fill_bar);
  gtk_widget_class_bind_template_child (widget_class, MgChroniclePage, display_button);
  gtk_widget_class_bind_template_callback (widget_class, display_toggled);
}

static void
mg_chronicle_page_init (MgChroniclePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->charts = g_ptr_array_new ();
  self->sections = g_ptr_array_new ();
}

/* The charts of the window read now, following the table from here on. */
static void
show_charts (MgChroniclePage *self)
{
  g_autoptr(GError) error = NULL;

  self->window = mg_chronicle_window_read (self->campaign, 0, MG_CHRONICLE_ROWS, FALSE, &error);
  if (self->window == NULL)
    {
      if (error != NULL)
        adw_status_page_set_description (ADW_STATUS_PAGE (gtk_stack_get_child_by_name (self->stack, "empty")),
                                         error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  for (guint i = 0; i < self->window->chronicle->n_charts; i++)
    add_chart (self, i);
  update_range (self);
  g_signal_connect_object (mg_table_for_campaign (self->campaign), "changed", G_CALLBACK (table_changed), self,
                           G_CONNECT_SWAPPED);
}

static void
fill_progress (double fraction, gpointer data)
{
  MgChroniclePage *self = data;
  /* TRANSLATORS: how much of the journal the Chronicle has read, in percent */
  g_autofree char *text = g_strdup_printf (_("%d%%"), (int) (fraction * 100));

  if (fraction == self->fill_fraction)
    return;
  self->fill_fraction = fraction;
  gtk_progress_bar_set_fraction (self->fill_bar, fraction);
  gtk_progress_bar_set_text (self->fill_bar, text);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FILL_FRACTION]);
}

static void
fill_done (GObject *source, GAsyncResult *result, gpointer data)
{
  MgChroniclePage *self;
  g_autoptr(GError) error = NULL;

  /* Cancelled: the page is gone (dispose cancels), and `data` with it. */
  if (!mg_chronicle_fill_finish (MG_CAMPAIGN (source), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = data;
  g_clear_object (&self->filling);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FILLING]);
  if (error != NULL)
    {
      /* The rows journalled before the Chronicle are left out; the rest is shown. */
      g_warning ("Chronicle: %s", error->message);
    }
  show_charts (self);
}

MgChroniclePage *
mg_chronicle_page_new (MgCampaign *campaign)
{
  MgChroniclePage *self = g_object_new (MG_TYPE_CHRONICLE_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  self->narrator = mg_narrator_new (campaign);
  if (mg_chronicle_of (campaign) == NULL)
    return self;
  /* A campaign begun before the Chronicle: its old rows are read in a thread first, the page
   * showing how far, the window answering meanwhile. */
  if (mg_chronicle_fill_pending (campaign, NULL) > 0)
    {
      self->filling = g_cancellable_new ();
      gtk_stack_set_visible_child_name (self->stack, "filling");
      mg_chronicle_fill_async (campaign, self->filling, fill_progress, self, fill_done, self);
      return self;
    }
  show_charts (self);
  return self;
}

gboolean
mg_chronicle_page_get_filling (MgChroniclePage *self)
{
  return self->filling != NULL;
}

guint
mg_chronicle_page_get_n_charts (MgChroniclePage *self)
{
  return self->charts->len;
}

MgChart *
mg_chronicle_page_get_chart (MgChroniclePage *self, guint index)
{
  return index < self->charts->len ? g_ptr_array_index (self->charts, index) : NULL;
}

MgChronicleWindow *
mg_chronicle_page_get_window (MgChroniclePage *self)
{
  return self->window;
}
