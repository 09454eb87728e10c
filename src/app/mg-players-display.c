/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-players-display.c — the players' display: the public view on a second screen, made to be
 * read from three metres (issue 33.1): a heading with what the table must decide, the game's
 * picture filling the screen (its map or board and standings, MgGameUi.display_new; else the
 * engine's describe() and the replay widget), and what just happened in one large line. Only
 * view(MG_SEAT_PUBLIC) and the public summaries ever reach it, so no secret can. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mg-area-map.h"
#include "mg-chronicle-page.h"
#include "mg-game-ui.h"
#include "mg-journal-model.h"
#include "mg-narrate.h"
#include "mg-players-display.h"
#include "mg-ui-json.h"
#include "mg-widget-util.h"

struct _MgPlayersDisplay
{
  AdwWindow     parent_instance;

  MgTableState *table;
  const MgGameUi *game_ui;

  GtkLabel     *title_label;
  GtkLabel     *pending_label;
  GtkLabel     *last_label;
  GtkLabel     *dice_label;
  GtkLabel     *describe_label;
  GtkWidget    *state_widget;
  GtkWidget    *picture;
  GtkWidget    *picture_holder;   /* the picture, or its scrolled window: what fills the screen */
  GtkWidget    *chronicle;        /* the Chronicle's public charts in its place, once asked for */
  GtkWidget    *overlay;          /* beside a square board: holds the heading and the last line */
  GtkWidget    *head, *foot;
  GtkBox       *slot;
};

G_DEFINE_FINAL_TYPE (MgPlayersDisplay, mg_players_display, ADW_TYPE_WINDOW)

/* The last action still in force: its public summary, and its dice unless they belong to one
 * seat and its turn is still being played (they are then that player's secret). */
static void
update_last (MgPlayersDisplay *self, MgCampaign *campaign)
{
  gint64 end = mg_campaign_journal_count (campaign);
  g_autoptr(GPtrArray) rows = NULL;
  MgJournalEntry *last = NULL;

  /* Back from the end a window at a time: after an undo the last rows are all undone. */
  while (last == NULL && end > 0)
    {
      gint64 offset = MAX (0, end - 64);

      g_clear_pointer (&rows, g_ptr_array_unref);
      rows = mg_campaign_journal_range (campaign, offset, end - offset, NULL);
      for (guint i = rows != NULL ? rows->len : 0; i > 0 && last == NULL; i--)
        {
          MgJournalEntry *entry = g_ptr_array_index (rows, i - 1);

          if (!entry->undone)
            last = entry;
        }
      end = rows != NULL ? offset : 0;
    }
  g_autofree char *said = last != NULL ? mg_narrate_entry (campaign, last) : NULL;  /* in the viewer's language */

  gtk_label_set_text (self->last_label, said != NULL ? said : _("Nothing has been played yet."));
  if (last != NULL && last->dice != NULL
      && !(mg_journal_entry_has_secret (last) && last->turn == mg_state_turn (mg_table_state_get_state (self->table))))
    {
      g_autofree char *dice = mg_journal_format_dice (last->dice, mg_campaign_get_ruleset (campaign));
      g_autofree char *text = dice != NULL && dice[0] != '\0' ? g_strdup_printf (_("Dice: %s"), dice) : NULL;

      gtk_label_set_text (self->dice_label, text != NULL ? text : "");
      gtk_widget_set_visible (GTK_WIDGET (self->dice_label), text != NULL);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->dice_label), FALSE);
}

static void
refresh (MgPlayersDisplay *self)
{
  MgCampaign *campaign = mg_table_state_get_campaign (self->table);
  const MgState *state = mg_table_state_get_state (self->table);
  g_autofree char *describe = NULL;
  const char *text;

  if (campaign == NULL || state == NULL)
    return;
  text = mg_ui_json_str (mg_table_state_get_pending (self->table), "text");
  gtk_label_set_text (self->pending_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->pending_label), text != NULL && text[0] != '\0');
  update_last (self, campaign);
  /* A game's own picture follows the table itself (mg_players_display_follow). */
  if (self->game_ui->display_new != NULL)
    return;
  describe = mg_state_describe (state, MG_SEAT_PUBLIC);
  gtk_label_set_text (self->describe_label, describe != NULL ? describe : "");
  gtk_widget_set_visible (GTK_WIDGET (self->describe_label), describe != NULL && describe[0] != '\0');
  /* The game's state widgets draw the public view (the generic one from the table state). */
  self->game_ui->state_view_set (self->state_widget, campaign, state);
}

char *
mg_players_display_get_text (MgPlayersDisplay *self)
{
  GtkLabel *labels[] = { self->title_label, self->pending_label, self->last_label,
                         self->dice_label, self->describe_label };
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (labels[i] != NULL && gtk_widget_get_visible (GTK_WIDGET (labels[i])))
      g_string_append_printf (text, "%s\n", gtk_label_get_text (labels[i]));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GtkWidget *
mg_players_display_get_state_widget (MgPlayersDisplay *self)
{
  return self->state_widget;
}

GtkWidget *
mg_players_display_get_picture (MgPlayersDisplay *self)
{
  return self->picture;
}

GtkBox *
mg_players_display_get_slot (MgPlayersDisplay *self)
{
  return self->slot;
}

static GtkLabel *
add_label (GtkBox *box, const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

static gboolean
toggle_fullscreen (GtkWidget *widget, GVariant *args, gpointer data)
{
  if (gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    gtk_window_unfullscreen (GTK_WINDOW (widget));
  else
    gtk_window_fullscreen (GTK_WINDOW (widget));
  return TRUE;
}

static gboolean
leave_fullscreen (GtkWidget *widget, GVariant *args, gpointer data)
{
  if (!gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    return FALSE;
  gtk_window_unfullscreen (GTK_WINDOW (widget));
  return TRUE;
}

/* Beside a square board, the heading and the last line are laid over its picture, left of the
 * board; above and under the Chronicle when it is shown, and above and under the board in a
 * small window (no room beside it). */
static void
place_lines (MgPlayersDisplay *self)
{
  gboolean beside = gtk_widget_get_visible (self->picture_holder)
                    && !gtk_widget_has_css_class (GTK_WIDGET (self), "narrow");
  GtkWidget *inner;

  if (self->overlay == NULL || beside == (gtk_widget_get_parent (self->head) == self->overlay))
    return;
  inner = gtk_widget_get_parent (self->picture_holder);
  g_object_ref (self->head);
  g_object_ref (self->foot);
  gtk_widget_unparent (self->head);
  gtk_widget_unparent (self->foot);
  if (beside)
    {
      gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), self->head);
      gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), self->foot);
    }
  else
    {
      gtk_box_prepend (GTK_BOX (inner), self->head);
      gtk_box_append (GTK_BOX (inner), self->foot);
    }
  g_object_unref (self->head);
  g_object_unref (self->foot);
}

/* A small window (not the screen across the table): smaller type (style.css, .narrow). */
static void
size_changed (MgPlayersDisplay *self)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && width < 1000 && !gtk_window_is_fullscreen (GTK_WINDOW (self)))
    gtk_widget_add_css_class (GTK_WIDGET (self), "narrow");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "narrow");
  place_lines (self);
}

static void
mg_players_display_dispose (GObject *object)
{
  MgPlayersDisplay *self = MG_PLAYERS_DISPLAY (object);

  g_clear_object (&self->table);
  G_OBJECT_CLASS (mg_players_display_parent_class)->dispose (object);
}

static void
mg_players_display_class_init (MgPlayersDisplayClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_players_display_dispose;
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F11, 0, toggle_fullscreen, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, leave_fullscreen, NULL);
}

static void
mg_players_display_init (MgPlayersDisplay *self)
{
}

static GtkWidget *fit_new (GtkWidget *child);

/* Any other game: the engine's standing in words above its replay widget, scrolled. */
static GtkWidget *
generic_picture_new (MgPlayersDisplay *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->describe_label = add_label (GTK_BOX (box), "display-describe");
  self->state_widget = self->game_ui->state_view_new ();
  gtk_widget_add_css_class (self->state_widget, "display-state");
  gtk_box_append (GTK_BOX (box), self->state_widget);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  return scrolled;
}

static gboolean drawn_bounds_in (MgPlayersDisplay *self, GtkWidget *target, graphene_rect_t *rect);

/* A square board (its drawn bounds declared) on a wide screen: the heading and the last line
 * stand in the room left of it, top and bottom, so that the board takes the whole height
 * (issue 45: under the heading and above the last line, it covered 0.33 of the screen). */
#define BOARD_GAP 24
#define BESIDE_SMALLEST 200

static gboolean
beside_board (GtkOverlay *overlay, GtkWidget *widget, GdkRectangle *allocation, MgPlayersDisplay *self)
{
  graphene_rect_t board;
  int width, height = 0;

  if (!gtk_widget_get_visible (self->picture_holder) || !drawn_bounds_in (self, GTK_WIDGET (overlay), &board))
    return FALSE;
  /* Clear of the coordinates left of the squares (a square's width). */
  width = (int) (board.origin.x - board.size.width / 14 - BOARD_GAP);
  if (width < BESIDE_SMALLEST)
    return FALSE;
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  height = MIN (height, gtk_widget_get_height (GTK_WIDGET (overlay)) / 2);
  *allocation = (GdkRectangle) { 0, gtk_widget_get_valign (widget) == GTK_ALIGN_END
                                    ? gtk_widget_get_height (GTK_WIDGET (overlay)) - height : 0, width, height };
  return TRUE;
}

static void
board_layout (MgPlayersDisplay *self, GtkBox *box, GtkWidget *head, GtkWidget *foot)
{
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (head), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (head), 12);
  gtk_label_set_wrap (self->title_label, TRUE);
  gtk_label_set_lines (self->title_label, 2);
  gtk_label_set_xalign (self->pending_label, 0);
  gtk_label_set_lines (self->pending_label, 3);
  gtk_label_set_lines (self->last_label, 4);
  gtk_widget_set_valign (head, GTK_ALIGN_START);
  gtk_widget_set_valign (foot, GTK_ALIGN_END);
  gtk_widget_remove_css_class (foot, "display-foot");   /* no rule across the board */
  gtk_box_append (GTK_BOX (inner), self->picture_holder);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), inner);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), head);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), foot);
  gtk_widget_set_vexpand (overlay, TRUE);
  g_signal_connect (overlay, "get-child-position", G_CALLBACK (beside_board), self);
  self->overlay = overlay;
  self->head = head;
  self->foot = foot;
  gtk_box_append (box, overlay);
}

MgPlayersDisplay *
mg_players_display_new (MgTableState *table)
{
  MgPlayersDisplay *self = g_object_new (MG_TYPE_PLAYERS_DISPLAY, NULL);
  MgCampaign *campaign = mg_table_state_get_campaign (table);
  const MgRules *rules = mg_campaign_get_rules (campaign);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 36);
  GtkWidget *foot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 36);
  GtkWidget *last = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *title = g_strdup_printf (_("%s — Players’ Display"), mg_campaign_get_name (campaign));
  /* TRANSLATORS: the players' display's heading: the campaign's name, then its game's. */
  g_autofree char *heading = g_strdup_printf (C_("players display", "%s · %s"), mg_campaign_get_name (campaign),
                                              rules != NULL ? _(rules->name) : "");

  self->table = g_object_ref (table);
  self->game_ui = mg_game_ui_lookup (mg_campaign_get_game_id (campaign));
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 800);
  gtk_widget_add_css_class (GTK_WIDGET (self), "players-display");
  gtk_widget_add_css_class (box, "display-frame");

  /* Heading: the campaign and game, and what the table must decide, on one line. */
  self->title_label = add_label (GTK_BOX (head), "display-title");
  gtk_label_set_text (self->title_label, heading);
  gtk_label_set_wrap (self->title_label, FALSE);
  gtk_label_set_ellipsize (self->title_label, PANGO_ELLIPSIZE_END);
  self->pending_label = add_label (GTK_BOX (head), "display-pending");
  gtk_label_set_xalign (self->pending_label, 1);
  gtk_label_set_lines (self->pending_label, 2);
  gtk_label_set_ellipsize (self->pending_label, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->pending_label), TRUE);

  /* The picture fills what the heading and the last line leave. */
  if (self->game_ui->display_new != NULL)
    {
      self->picture = self->game_ui->display_new (table);
      self->state_widget = g_object_get_data (G_OBJECT (self->picture), "mg-display-main");
      if (self->state_widget == NULL)
        self->state_widget = self->picture;
    }
  else
    self->picture = generic_picture_new (self);
  gtk_widget_add_css_class (self->picture, "display-picture");
  gtk_widget_set_hexpand (self->picture, TRUE);
  gtk_widget_set_vexpand (self->picture, TRUE);
  if (self->game_ui->display_new != NULL)
    {
      /* Made for a large screen: on a small window it scrolls rather than overflows. */
      GtkWidget *scrolled = gtk_scrolled_window_new ();

      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->picture);
      gtk_widget_set_vexpand (scrolled, TRUE);
      self->picture_holder = scrolled;
    }
  else
    self->picture_holder = self->picture;

  /* What just happened, in one large line (two at most), its dice under it; the corner beside
   * it is kept for a small widget (the slot). */
  self->last_label = add_label (GTK_BOX (last), "display-last");
  gtk_label_set_lines (self->last_label, 2);
  gtk_label_set_ellipsize (self->last_label, PANGO_ELLIPSIZE_END);
  self->dice_label = add_label (GTK_BOX (last), "display-dice");
  gtk_widget_set_hexpand (last, TRUE);
  gtk_widget_set_valign (last, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (foot), last);
  self->slot = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  gtk_widget_set_valign (GTK_WIDGET (self->slot), GTK_ALIGN_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->slot), "display-slot");
  gtk_box_append (GTK_BOX (foot), GTK_WIDGET (self->slot));
  gtk_widget_add_css_class (foot, "display-foot");
  if (g_object_get_data (G_OBJECT (self->picture), "mg-display-drawn-bounds") != NULL)
    board_layout (self, GTK_BOX (box), head, foot);
  else
    {
      gtk_box_append (GTK_BOX (box), head);
      gtk_box_append (GTK_BOX (box), self->picture_holder);
      gtk_box_append (GTK_BOX (box), foot);
    }

  /* No seat's code or link here: the display faces the whole table, and a seat's link is its
   * credential.  Phones join from the Players' Phones dialog on the referee's window (issue 41). */
  /* Read from across the table, never typed into: nothing in it takes the focus (a selectable
   * label would be shown selected). */
  gtk_widget_set_can_focus (box, FALSE);
  adw_window_set_content (ADW_WINDOW (self), fit_new (box));

  g_signal_connect_object (table, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (size_changed), NULL);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (size_changed), NULL);
  refresh (self);
  return self;
}

void
mg_players_display_show_chronicle (MgPlayersDisplay *self, gboolean show)
{
  g_return_if_fail (MG_IS_PLAYERS_DISPLAY (self));
  if (show && self->chronicle == NULL)
    {
      GtkWidget *charts = mg_chronicle_display_new (mg_table_state_get_campaign (self->table));

      self->chronicle = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->chronicle), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      /* Drawn for the referee's page: magnified to be read from across the room. */
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->chronicle), mg_players_display_zoom_new (charts, 1.5));
      gtk_widget_set_vexpand (self->chronicle, TRUE);
      gtk_widget_set_can_focus (self->chronicle, FALSE);
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (self->picture_holder)), self->chronicle,
                                  self->picture_holder);
    }
  gtk_widget_set_visible (self->picture_holder, !show);
  place_lines (self);
  if (self->chronicle != NULL)
    gtk_widget_set_visible (self->chronicle, show);
}

GtkWidget *
mg_players_display_get_chronicle (MgPlayersDisplay *self)
{
  return self->chronicle != NULL && gtk_widget_get_visible (self->chronicle) ? self->chronicle : NULL;
}

/* Helpers for a game's picture */

static void
unparent_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}

/* A bin drawing its child `scale` times larger: the child is laid out in its room divided by
 * the scale, then magnified, so a map drawn for a page (its names and tokens sized for a
 * reader at arm's length) reads from across the room. */
#define MG_TYPE_DISPLAY_ZOOM (mg_display_zoom_get_type ())
G_DECLARE_FINAL_TYPE (MgDisplayZoom, mg_display_zoom, MG, DISPLAY_ZOOM, GtkWidget)

struct _MgDisplayZoom
{
  GtkWidget parent_instance;
  double    scale;
  gboolean  fit;     /* the scale follows the room: a 1920×1080 screen's layout, scaled to it */
};

/* The players' display is laid out for a 1920×1080 screen and drawn scaled to the screen it is
 * on (issue 45: its sizes are measured there); a window under 1000 px wide (a phone, a small
 * window) keeps its own smaller type (style.css, .narrow) at scale 1. */
#define FIT_WIDTH 1920.0
#define FIT_HEIGHT 1080.0
#define FIT_NARROW 1000
#define FIT_SMALLEST 0.5

static double
zoom_scale (MgDisplayZoom *self, int width, int height)
{
  if (!self->fit)
    return self->scale;
  if (width < FIT_NARROW || height <= 0)
    return 1;
  return MAX (FIT_SMALLEST, MIN (width / FIT_WIDTH, height / FIT_HEIGHT));
}

G_DEFINE_FINAL_TYPE (MgDisplayZoom, mg_display_zoom, GTK_TYPE_WIDGET)

static void
mg_display_zoom_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  MgDisplayZoom *self = MG_DISPLAY_ZOOM (widget);
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child != NULL && self->fit)
    {
      /* Any room: the scale follows it (at the smallest scale, the least room asked for). */
      gtk_widget_measure (child, orientation, -1, minimum, natural, NULL, NULL);
      *minimum = MIN (*minimum, (int) ceil (*minimum * FIT_SMALLEST));
    }
  else if (child != NULL)
    {
      gtk_widget_measure (child, orientation, for_size < 0 ? -1 : (int) (for_size / self->scale),
                          minimum, natural, NULL, NULL);
      *minimum = (int) ceil (*minimum * self->scale);
      *natural = (int) ceil (*natural * self->scale);
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
mg_display_zoom_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgDisplayZoom *self = MG_DISPLAY_ZOOM (widget);
  GtkWidget *child = gtk_widget_get_first_child (widget);

  double scale = zoom_scale (self, width, height);
  int w = (int) (width / scale), h = (int) (height / scale), min_w = 0, min_h = 0;

  if (child == NULL)
    return;
  /* Never under what the child needs (a narrow window at scale 1): clipped rather. */
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  w = MAX (w, min_w);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, w, &min_h, NULL, NULL, NULL);
  gtk_widget_allocate (child, w, MAX (h, min_h), -1, gsk_transform_scale (NULL, (float) scale, (float) scale));
}

static void
mg_display_zoom_dispose (GObject *object)
{
  unparent_children (GTK_WIDGET (object));
  G_OBJECT_CLASS (mg_display_zoom_parent_class)->dispose (object);
}

static void
mg_display_zoom_class_init (MgDisplayZoomClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_display_zoom_dispose;
  widget_class->measure = mg_display_zoom_measure;
  widget_class->size_allocate = mg_display_zoom_size_allocate;
}

static void
mg_display_zoom_init (MgDisplayZoom *self)
{
  self->scale = 1;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

/* `child` laid out for a 1920×1080 screen and drawn scaled to its room (zoom_scale). */
static GtkWidget *
fit_new (GtkWidget *child)
{
  GtkWidget *zoom = mg_players_display_zoom_new (child, 1);

  MG_DISPLAY_ZOOM (zoom)->fit = TRUE;
  return zoom;
}

GtkWidget *
mg_players_display_zoom_new (GtkWidget *child, double scale)
{
  MgDisplayZoom *self = g_object_new (MG_TYPE_DISPLAY_ZOOM, NULL);

  self->scale = MAX (scale, 0.1);
  gtk_widget_set_parent (child, GTK_WIDGET (self));
  return GTK_WIDGET (self);
}

static void
follow_changed (GtkWidget *picture, MgTableChange *change, MgTableState *table)
{
  MgDisplayUpdate update = (MgDisplayUpdate) g_object_get_data (G_OBJECT (picture), "mg-display-update");

  if (update != NULL && mg_table_state_get_state (table) != NULL)
    update (picture, table);
}

void
mg_players_display_follow (GtkWidget *picture, MgTableState *table, MgDisplayUpdate update)
{
  g_object_set_data (G_OBJECT (picture), "mg-display-update", (gpointer) update);
  /* Swapped: the picture first, then "changed"'s change details (mg-table.h), the table last. */
  g_signal_connect_object (table, "changed", G_CALLBACK (follow_changed), picture, G_CONNECT_SWAPPED);
  follow_changed (picture, NULL, table);
}

/* Two parts side by side when the room allows both, the second at its natural width (or
 * halves, when homogeneous); else one above the other: a display on a small window (a phone,
 * a narrow projector) still shows everything, without sideways scrolling. */
#define MG_TYPE_DISPLAY_SPLIT (mg_display_split_get_type ())
G_DECLARE_FINAL_TYPE (MgDisplaySplit, mg_display_split, MG, DISPLAY_SPLIT, GtkWidget)

#define SPLIT_SPACING 36

struct _MgDisplaySplit
{
  GtkWidget           parent_instance;
  gboolean            homogeneous;
  MgDisplayFreeCorner free_corner;   /* the second laid over the first where this finds room */
};

#define CORNER_MARGIN 16

G_DEFINE_FINAL_TYPE (MgDisplaySplit, mg_display_split, GTK_TYPE_WIDGET)

/* The width both parts need side by side. */
static int
split_side_by_side (MgDisplaySplit *self, GtkWidget *a, GtkWidget *b)
{
  int a_min, b_min, b_nat;

  gtk_widget_measure (a, GTK_ORIENTATION_HORIZONTAL, -1, &a_min, NULL, NULL, NULL);
  gtk_widget_measure (b, GTK_ORIENTATION_HORIZONTAL, -1, &b_min, &b_nat, NULL, NULL);
  return self->homogeneous ? 2 * MAX (a_min, b_nat) + SPLIT_SPACING : a_min + b_nat + SPLIT_SPACING;
}

static void
mg_display_split_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  MgDisplaySplit *self = MG_DISPLAY_SPLIT (widget);
  GtkWidget *a = gtk_widget_get_first_child (widget), *b = gtk_widget_get_last_child (widget);
  int a_min, a_nat, b_min, b_nat;

  gtk_widget_measure (a, orientation, -1, &a_min, &a_nat, NULL, NULL);
  gtk_widget_measure (b, orientation, -1, &b_min, &b_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the wider part (stacked); naturally both side by side. */
      *minimum = MAX (a_min, b_min);
      *natural = split_side_by_side (self, a, b);
    }
  else
    {
      gboolean beside = for_size < 0 || for_size >= split_side_by_side (self, a, b);

      *minimum = beside ? MAX (a_min, b_min) : a_min + b_min + SPLIT_SPACING;
      *natural = beside ? MAX (a_nat, b_nat) : a_nat + b_nat + SPLIT_SPACING;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static GtkSizeRequestMode
mg_display_split_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The second part over a corner of the first where it covers nothing the first draws: the map
 * or board keeps the whole room (issue 45). FALSE when no corner has room. */
static gboolean
split_over_corner (MgDisplaySplit *self, GtkWidget *a, GtkWidget *b, int width, int height)
{
  graphene_rect_t corner;
  int w, h;

  if (self->free_corner == NULL)
    return FALSE;
  gtk_widget_measure (b, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  if (w + 2 * CORNER_MARGIN > width || h + 2 * CORNER_MARGIN > height)
    return FALSE;
  gtk_widget_allocate (a, width, height, -1, NULL);
  if (!self->free_corner (a, w + 2 * CORNER_MARGIN, h + 2 * CORNER_MARGIN, &corner))
    return FALSE;
  gtk_widget_allocate (b, w, h, -1, gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (corner.origin.x + CORNER_MARGIN,
                                                                                        corner.origin.y + CORNER_MARGIN)));
  return TRUE;
}

static void
mg_display_split_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgDisplaySplit *self = MG_DISPLAY_SPLIT (widget);
  GtkWidget *a = gtk_widget_get_first_child (widget), *b = gtk_widget_get_last_child (widget);
  int b_nat, b_height;

  if (split_over_corner (self, a, b, width, height))
    return;
  if (width >= split_side_by_side (self, a, b))
    {
      gtk_widget_measure (b, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &b_nat, NULL, NULL);
      if (self->homogeneous)
        b_nat = (width - SPLIT_SPACING) / 2;
      gtk_widget_allocate (a, width - b_nat - SPLIT_SPACING, height, -1, NULL);
      gtk_widget_allocate (b, b_nat, height, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (width - b_nat, 0)));
      return;
    }
  {
    int a_min, b_min;

    gtk_widget_measure (a, GTK_ORIENTATION_VERTICAL, width, &a_min, NULL, NULL, NULL);
    gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, width, &b_min, &b_height, NULL, NULL);
    b_height = MAX (b_min, MIN (b_height, height - a_min - SPLIT_SPACING));
  }
  gtk_widget_allocate (a, width, height - b_height - SPLIT_SPACING, -1, NULL);
  gtk_widget_allocate (b, width, b_height, -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, height - b_height)));
}

static void
mg_display_split_dispose (GObject *object)
{
  unparent_children (GTK_WIDGET (object));
  G_OBJECT_CLASS (mg_display_split_parent_class)->dispose (object);
}

static void
mg_display_split_class_init (MgDisplaySplitClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_display_split_dispose;
  widget_class->get_request_mode = mg_display_split_get_request_mode;
  widget_class->measure = mg_display_split_measure;
  widget_class->size_allocate = mg_display_split_size_allocate;
}

static void
mg_display_split_init (MgDisplaySplit *self)
{
}

GtkWidget *
mg_players_display_split_new (GtkWidget *first, GtkWidget *second, gboolean homogeneous)
{
  MgDisplaySplit *self = g_object_new (MG_TYPE_DISPLAY_SPLIT, NULL);

  self->homogeneous = homogeneous;
  gtk_widget_set_parent (first, GTK_WIDGET (self));
  gtk_widget_set_parent (second, GTK_WIDGET (self));
  return GTK_WIDGET (self);
}

void
mg_players_display_picture_set_free_corner (GtkWidget *picture, MgDisplayFreeCorner free_corner)
{
  g_return_if_fail (MG_IS_DISPLAY_SPLIT (picture));
  MG_DISPLAY_SPLIT (picture)->free_corner = free_corner;
  gtk_widget_queue_resize (picture);
}

void
mg_players_display_picture_set_drawn_bounds (GtkWidget *picture, MgDisplayDrawnBounds drawn_bounds)
{
  g_object_set_data (G_OBJECT (picture), "mg-display-drawn-bounds", (gpointer) drawn_bounds);
}

/* The drawn bounds in `target`'s coordinates. */
static gboolean
drawn_bounds_in (MgPlayersDisplay *self, GtkWidget *target, graphene_rect_t *rect)
{
  MgDisplayDrawnBounds drawn_bounds = g_object_get_data (G_OBJECT (self->picture), "mg-display-drawn-bounds");
  graphene_rect_t own;
  graphene_point_t corners[2];

  if (drawn_bounds == NULL || !drawn_bounds (self->state_widget, &own))
    return gtk_widget_compute_bounds (self->state_widget, target, rect);
  if (!gtk_widget_compute_point (self->state_widget, target, &own.origin, &corners[0])
      || !gtk_widget_compute_point (self->state_widget, target,
                                    &GRAPHENE_POINT_INIT (own.origin.x + own.size.width,
                                                          own.origin.y + own.size.height), &corners[1]))
    return FALSE;
  graphene_rect_init (rect, corners[0].x, corners[0].y, corners[1].x - corners[0].x, corners[1].y - corners[0].y);
  return TRUE;
}

gboolean
mg_players_display_get_drawn_bounds (MgPlayersDisplay *self, graphene_rect_t *rect)
{
  return drawn_bounds_in (self, GTK_WIDGET (self), rect);
}

static gboolean
map_free_corner (GtkWidget *map, double width, double height, graphene_rect_t *rect)
{
  return mg_area_map_free_corner (MG_AREA_MAP (map), width, height, rect) >= 0;
}

GtkWidget *
mg_players_display_picture_new (GtkWidget *main, GtkBox **side)
{
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  GtkWidget *picture;

  gtk_widget_set_hexpand (main, TRUE);
  gtk_widget_set_vexpand (main, TRUE);
  gtk_widget_set_can_target (main, FALSE);
  gtk_widget_set_focusable (main, FALSE);
  gtk_widget_set_valign (column, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (column, "display-side");
  picture = mg_players_display_split_new (main, column, FALSE);
  g_object_set_data (G_OBJECT (picture), "mg-display-main", main);
  *side = GTK_BOX (column);
  return picture;
}

GtkWidget *
mg_players_display_map_picture_new (MgTableState *table, const char *css, MgDisplayUpdate update)
{
  GtkBox *side = NULL;
  GtkWidget *map = GTK_WIDGET (mg_area_map_new ());
  GtkWidget *picture;

  /* Read from across the table: the map takes neither the pointer nor the focus here. */
  gtk_widget_set_focusable (map, FALSE);
  gtk_widget_set_can_target (map, FALSE);
  mg_widget_load_css (css);
  /* Drawn for the far end of the table: stretched to its room, names and tokens with it. */
  mg_area_map_set_far (MG_AREA_MAP (map), TRUE);
  picture = mg_players_display_picture_new (map, &side);
  /* The standings over a corner the map leaves empty: the map keeps the screen. */
  mg_players_display_picture_set_free_corner (picture, map_free_corner);
  gtk_widget_add_css_class (GTK_WIDGET (side), "display-corner");
  gtk_box_set_spacing (side, 12);
  g_object_set_data (G_OBJECT (picture), "mg-display-side", side);
  g_object_set_data (G_OBJECT (picture), "mg-display-map", map);
  mg_players_display_follow (picture, table, update);
  return picture;
}

GtkWidget *
mg_players_display_key_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "display-key");
  return label;
}

/* A player's colour as drawn on the display: the palette's mid tones for the usual names; a
 * colour too close to the background is moved towards the text's. */
static gboolean
display_colour (const char *colour, GdkRGBA *rgba)
{
  static const struct { const char *name, *hex; } palette[] = {
    { "red", "#c01c28" }, { "blue", "#1c71d8" }, { "green", "#26a269" }, { "yellow", "#e5a50a" },
    { "purple", "#813d9c" }, { "orange", "#e66100" }, { "brown", "#865e3c" }, { "black", "#3d3846" },
    { "white", "#deddda" }, { "grey", "#77767b" }, { "gray", "#77767b" },
  };
  g_autofree char *lower = colour != NULL ? g_ascii_strdown (colour, -1) : NULL;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double luminance;

  if (lower == NULL)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (palette); i++)
    if (g_str_equal (lower, palette[i].name))
      colour = palette[i].hex;
  if (!gdk_rgba_parse (rgba, colour))
    return FALSE;
  luminance = 0.2126 * rgba->red + 0.7152 * rgba->green + 0.0722 * rgba->blue;
  if (dark && luminance < 0.45)
    *rgba = (GdkRGBA) { 0.45 + rgba->red * 0.55, 0.45 + rgba->green * 0.55, 0.45 + rgba->blue * 0.55, 1 };
  else if (!dark && luminance > 0.7)
    *rgba = (GdkRGBA) { rgba->red * 0.55, rgba->green * 0.55, rgba->blue * 0.55, 1 };
  return TRUE;
}

static PangoAttrList *
colour_attributes (const char *colour)
{
  PangoAttrList *attrs = pango_attr_list_new ();
  GdkRGBA rgba;

  if (display_colour (colour, &rgba))
    pango_attr_list_insert (attrs, pango_attr_foreground_new ((guint16) (rgba.red * 65535), (guint16) (rgba.green * 65535),
                                                              (guint16) (rgba.blue * 65535)));
  return attrs;
}

GtkWidget *
mg_players_display_name_new (const char *name, const char *colour)
{
  GtkWidget *label = mg_players_display_key_new (name);
  PangoAttrList *attrs = colour_attributes (colour);

  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "display-name");
  return label;
}

static GtkWidget *
caption_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "display-caption");
  return label;
}

GtkWidget *
mg_players_display_table_new (const char * const *captions)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 36);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_widget_add_css_class (grid, "display-table");
  for (guint i = 0; captions[i] != NULL; i++)
    {
      GtkWidget *caption = caption_new (captions[i]);

      /* Figures line up on the right, under their caption (words on the left: table_add). */
      if (i > 0)
        gtk_label_set_xalign (GTK_LABEL (caption), 1);
      gtk_grid_attach (GTK_GRID (grid), caption, (int) i, 0, 1, 1);
    }
  g_object_set_data (G_OBJECT (grid), "mg-rows", GINT_TO_POINTER (1));
  return grid;
}

void
mg_players_display_table_add (GtkWidget *table, const char *name, const char *colour, const char * const *values)
{
  int row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (table), "mg-rows"));

  gtk_grid_attach (GTK_GRID (table), mg_players_display_name_new (name, colour), 0, row, 1, 1);
  for (guint i = 0; values[i] != NULL; i++)
    {
      GtkWidget *figure = mg_players_display_key_new (values[i]);
      GtkWidget *caption = gtk_grid_get_child_at (GTK_GRID (table), (int) i + 1, 0);
      /* Numbers line up on the right, words on the left, their caption with them. */
      float xalign = g_ascii_isdigit (values[i][0]) ? 1 : 0;

      gtk_label_set_xalign (GTK_LABEL (figure), xalign);
      if (caption != NULL && (row == 1 || xalign == 0))
        gtk_label_set_xalign (GTK_LABEL (caption), xalign);
      gtk_widget_add_css_class (figure, "numeric");
      gtk_grid_attach (GTK_GRID (table), figure, (int) i + 1, row, 1, 1);
    }
  g_object_set_data (G_OBJECT (table), "mg-rows", GINT_TO_POINTER (row + 1));
}

/* The boxes of a track, as large as the room given allows (square, at most 96 px). */
typedef struct
{
  guint   n, filled;
  GdkRGBA fill;
} Track;

static void
draw_track (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  Track *track = data;
  GdkRGBA fg;
  double gap = 12, side;

  if (track->n == 0)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS   /* gtk_widget_get_color is GTK 4.10 */
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  side = MIN (96, MIN (height, (width - gap * (track->n - 1)) / track->n));
  for (guint i = 0; i < track->n; i++)
    {
      double x = i * (side + gap) + 2, y = (height - side) / 2 + 2, s = side - 4;

      cairo_rectangle (cr, x, y, s, s);
      if (i < track->filled)
        {
          gdk_cairo_set_source_rgba (cr, &track->fill);
          cairo_fill_preserve (cr);
        }
      cairo_set_line_width (cr, 4);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.5);
      cairo_stroke (cr);
    }
}

GtkWidget *
mg_players_display_track_new (const char *caption, guint n, guint filled, const char *colour)
{
  GtkWidget *box = gtk_grid_new ();
  GtkWidget *area = gtk_drawing_area_new ();
  g_autofree char *count = g_strdup_printf (C_("track", "%u / %u"), filled, n);
  GtkWidget *figure = mg_players_display_key_new (count);
  Track *track = g_new0 (Track, 1);

  track->n = n;
  track->filled = MIN (filled, n);
  if (!display_colour (colour, &track->fill))
    gdk_rgba_parse (&track->fill, "#77767b");
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_track, track, g_free);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 64);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), (int) n * 40);
  gtk_widget_set_hexpand (area, TRUE);
  gtk_widget_set_vexpand (area, TRUE);
  gtk_grid_set_column_spacing (GTK_GRID (box), 24);
  gtk_grid_attach (GTK_GRID (box), caption_new (caption), 0, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (box), area, 0, 1, 1, 1);
  gtk_label_set_xalign (GTK_LABEL (figure), 1);
  gtk_widget_add_css_class (figure, "numeric");
  gtk_grid_attach (GTK_GRID (box), figure, 1, 1, 1, 1);
  return box;
}

void
mg_players_display_clear (GtkBox *box)
{
  mg_widget_remove_children (GTK_WIDGET (box));
}
