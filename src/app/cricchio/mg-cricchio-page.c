/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-page.c — Cricchio's Mêlée board page: the referee records each move by clicking it. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mg-cricchio.h"
#include "mg-game-ui.h"
#include "mg-cricchio-page.h"
#include "mg-json.h"
#include "mg-narrate.h"
#include "mg-secrets-button.h"
#include "mg-table-state.h"
#include "mg-ui-json.h"
#include "mg-widget-util.h"

struct _MgChessPage {
  GtkWidget         parent_instance;
  MgCampaign       *campaign;
  MgTableState     *table;
  MgChessBoardView *board;
  char             *selected;
  char            **targets;
  gboolean          secrets_built;
  char             *secrets_seat;   /* whose secrets were shown at the last refresh, or NULL */

  GtkWidget *box;
  GtkWidget *board_box;
  GtkWidget *variant_label;
  GtkWidget *status_label;
  GtkWidget *melee_box;
  GtkWidget *melee_label;
  GtkWidget *said_button;
  GtkWidget *not_said_button;
  GtkWidget *error_label;
  GtkWidget *last_label;
  GtkWidget *bottom_dropdown;
  GtkWidget *captured_box;
  GtkWidget *secrets_box;
  GtkWidget *help_label;
};

G_DEFINE_FINAL_TYPE (MgChessPage, mg_chess_page, GTK_TYPE_WIDGET)

/* The letters the board draws (mg-cricchio-board-view.c) and its legend spells out. */
static const char * const letters[] = { "president", NC_("cricchio piece letter", "P"), "admiral", NC_("cricchio piece letter", "A"),
                                        "general", NC_("cricchio piece letter", "G"), "air_force", NC_("cricchio piece letter", "F"),
                                        "navy", NC_("cricchio piece letter", "N"), "army", NC_("cricchio piece letter", "R"),
                                        "marine", NC_("cricchio piece letter", "M"), NULL };

static const char *
letter (const char *kind)
{
  for (guint i = 0; letters[i] != NULL; i += 2)
    if (g_strcmp0 (letters[i], kind) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "cricchio piece letter", letters[i + 1]);
  return "?";
}

/* A side's colour from the players' list ("west" → "Blue"); the side itself when no player has it (the AK). */
static const char *
colour_of (json_object *view, const char *side)
{
  json_object *players = mg_ui_json_array (view, "players");

  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      if (g_strcmp0 (mg_ui_json_str (p, "side"), side) == 0)
        return g_dpgettext2 (GETTEXT_PACKAGE, "ruleset value", mg_ui_json_str (p, "colour"));
    }
  return side != NULL ? _("Abandoned Kingdom") : "";
}

/* "Black" when the player is named after the colour, in the viewer's language as the colours
 * beside it are ("Noir a pris : Blanc V", not "Black a pris : Blanc V"), else "Ann (Black)".
 * g_free. */
static char *
player_label (json_object *p)
{
  const char *name = mg_ui_json_str (p, "name"), *colour = mg_ui_json_str (p, "colour");

  if (g_strcmp0 (name, colour) == 0)
    return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "ruleset value", colour));
  return g_strdup_printf (_("%s (%s)"), name, g_dpgettext2 (GETTEXT_PACKAGE, "ruleset value", colour));
}

static void
clear_selection (MgChessPage *self)
{
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->targets, g_strfreev);
  mg_chess_board_view_set_selection (self->board, NULL, NULL);
}

/* The message's room is kept (two lines) whether or not there is one, so the buttons under it
 * (the mines' Show buttons, the board's side) do not jump when a refusal is said. */
static void
show_error (MgChessPage *self, const char *message)
{
  gtk_label_set_text (GTK_LABEL (self->error_label), message ? message : "");
}

static void
reserve_lines (GtkWidget *label, int lines)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (label, "Xg");
  int height = 0;

  pango_layout_get_pixel_size (layout, NULL, &height);
  g_object_unref (layout);
  gtk_widget_set_size_request (label, -1, height * lines);
}

/* The last summary in the journal not undone: the move just recorded, the AK's reply explained. */
static void
update_last (MgChessPage *self)
{
  gint64 count = mg_campaign_journal_count (self->campaign);
  g_autoptr(GPtrArray) rows = mg_campaign_journal_range (self->campaign, MAX (0, count - 16), 16, NULL);
  g_autofree char *text = NULL;

  for (guint i = rows ? rows->len : 0; i > 0 && text == NULL; i--)
    {
      MgJournalEntry *e = g_ptr_array_index (rows, i - 1);
      if (!e->undone)
        text = mg_narrate_entry (self->campaign, e);   /* in the viewer's language */
    }
  if (text)
    {
      g_autofree char *t = g_strdup_printf (_("Last: %s"), text);
      gtk_label_set_text (GTK_LABEL (self->last_label), t);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->last_label), "");
}

static void
fill_captured (MgChessPage *self, json_object *view)
{
  json_object *players = mg_ui_json_array (view, "players"), *captured = mg_ui_json_array (view, "captured");
  json_object *scores = mg_ui_json_array (view, "scores");
  const char *variant = mg_ui_json_str (view, "variant");
  static const char * const sides[] = { "south", "west", "north", "east", NULL };
  gboolean scored = g_strcmp0 (variant, "points") == 0 || g_strcmp0 (variant, "solitaire") == 0;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      const char *side = mg_ui_json_str (p, "side");
      guint si = 0;
      GString *s;
      json_object *list;

      while (sides[si] && g_strcmp0 (sides[si], side) != 0)
        si++;
      if (sides[si] == NULL)
        continue;
      list = json_object_array_get_idx (captured, si);
      s = g_string_new (NULL);
      {
        g_autofree char *who = player_label (p);
        g_string_append_printf (s, _("%s took:"), who);
      }
      if (mg_ui_json_len (list) == 0)
        g_string_append_printf (s, " %s", _("nothing yet"));
      for (gsize k = 0; k < mg_ui_json_len (list); k++)
        {
          json_object *c = json_object_array_get_idx (list, k);
          /* Owner's initial and the piece's letter: "Red R" reads without colour. */
          /* The piece's letter and its colour in words: never colour alone. */
          g_string_append_printf (s, " %s %s%s", colour_of (view, mg_ui_json_str (c, "owner")),
                                  letter (mg_ui_json_str (c, "kind")), k + 1 < mg_ui_json_len (list) ? "," : "");
        }
      if (scored)
        g_string_append_printf (s, ngettext (" — %d point", " — %d points",
                                             ABS (mg_ui_json_int (json_object_array_get_idx (scores, si), NULL, 0))),
                                json_object_get_int (json_object_array_get_idx (scores, si)));
      g_ptr_array_add (lines, g_string_free (s, FALSE));
    }
  /* Issue 43: the players' lines kept, each given its text: an undo changes one line or none. */
  mg_box_set_lines (GTK_BOX (self->captured_box), (const char * const *) lines->pdata, lines->len);
}

static void
build_once (MgChessPage *self, json_object *view)
{
  json_object *players = mg_ui_json_array (view, "players");
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  if (self->secrets_built)
    return;
  self->secrets_built = TRUE;
  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      g_autofree char *t = player_label (p);
      gtk_string_list_append (list, t);
      if (g_strcmp0 (mg_ui_json_str (view, "variant"), "minefield") == 0)
        gtk_box_append (GTK_BOX (self->secrets_box),
                        mg_secrets_button_new (self->table, mg_ui_json_str (p, "name"),
                                               _("Show %s’s mines"), _("Hide %s’s mines")));
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->bottom_dropdown), G_LIST_MODEL (list));
}

static void
refresh (MgChessPage *self)
{
  const MgState *state = mg_table_state_get_state (self->table);
  json_object *pending = mg_table_state_get_pending (self->table);
  json_object *view = mg_table_state_get_seat_view (self->table);
  const char *phase = mg_ui_json_str (pending, "phase");
  guint8 terrain[196];

  if (state == NULL)
    return;
  build_once (self, view);
  /* A seat's secrets hidden (by hand, or as play moved on): the cursor that placed its mines
   * goes home, so nothing on the shared screen stands where a mine was entered (issue 41). */
  if (g_strcmp0 (mg_table_state_get_secrets_seat (self->table), self->secrets_seat) != 0)
    {
      if (self->secrets_seat != NULL)
        mg_chess_board_view_home_cursor (self->board);
      g_free (self->secrets_seat);
      self->secrets_seat = g_strdup (mg_table_state_get_secrets_seat (self->table));
    }
  if (mg_chess_terrain (state, terrain))
    mg_chess_board_view_set_terrain (self->board, terrain);
  mg_chess_board_view_set_view (self->board, view);
  {
    const char *id = mg_ui_json_str (view, "variant");
    const MgGameVariant *variant = mg_game_find_variant (mg_game_lookup ("cricchio"), id);
    g_autofree char *v = g_strdup_printf (_("Variant: %s"), variant != NULL ? mg_game_variant_title (variant)
                                                                           : (id != NULL ? id : ""));

    gtk_label_set_text (GTK_LABEL (self->variant_label), v);
  }
  gtk_label_set_text (GTK_LABEL (self->status_label), mg_ui_json_str (pending, "text"));
  gtk_widget_set_visible (self->melee_box, g_strcmp0 (phase, "melee") == 0);
  if (g_strcmp0 (phase, "melee") == 0)
    {
      g_autofree char *t = g_strdup_printf (_("Mêlée! %s"), mg_ui_json_str (pending, "text"));
      gtk_label_set_text (GTK_LABEL (self->melee_label), t);
    }
  fill_captured (self, view);
  update_last (self);
  clear_selection (self);
}

static void
square_activated (MgChessPage *self, const char *square)
{
  const MgState *state = mg_table_state_get_state (self->table);
  json_object *pending = mg_table_state_get_pending (self->table);
  const char *phase = mg_ui_json_str (pending, "phase");

  if (state == NULL)
    return;
  if (g_strcmp0 (phase, "mines") == 0)
    {
      const char *seat = mg_table_state_get_secrets_seat (self->table);
      json_object *a;
      if (seat == NULL)
        {
          show_error (self, _("Show one player’s mines first (buttons below): mines are placed in secret."));
          return;
        }
      a = json_object_new_object ();
      json_object_object_add (a, "type", json_object_new_string ("place_mine"));
      json_object_object_add (a, "player", json_object_new_string (seat));
      json_object_object_add (a, "square", json_object_new_string (square));
      mg_widget_act_or_say (self->campaign, a, GTK_LABEL (self->error_label), NULL);
      return;
    }
  if (g_strcmp0 (phase, "move") != 0)
    return;
  if (self->selected != NULL && self->targets != NULL &&
      g_strv_contains ((const char * const *) self->targets, square))
    {
      json_object *a = json_object_new_object ();
      json_object_object_add (a, "type", json_object_new_string ("move"));
      json_object_object_add (a, "from", json_object_new_string (self->selected));
      json_object_object_add (a, "to", json_object_new_string (square));
      if (!mg_widget_act_or_say (self->campaign, a, GTK_LABEL (self->error_label), NULL))
        clear_selection (self);
      return;
    }
  {
    char **dests = mg_chess_destinations (state, square);
    if (dests[0] == NULL && self->selected != NULL)
      {
        /* Not a destination: say why, in the engine's words ("The Navy cannot cross the wall at e3."). */
        g_autoptr(GError) error = NULL;
        g_autoptr(json_object) a = json_object_new_object ();
        json_object_object_add (a, "type", json_object_new_string ("move"));
        json_object_object_add (a, "from", json_object_new_string (self->selected));
        json_object_object_add (a, "to", json_object_new_string (square));
        if (!mg_campaign_validate (self->campaign, a, &error))
          show_error (self, error->message);
        g_strfreev (dests);
        return;
      }
    clear_selection (self);
    if (dests[0] == NULL)
      {
        /* A piece that cannot move (another side's, a rogue without command, boxed in): why, in
         * the engine's words, rather than nothing happening; an empty square says nothing. */
        g_autofree char *why = mg_chess_why_no_move (state, square);

        show_error (self, why);
        g_strfreev (dests);
        return;
      }
    self->selected = g_strdup (square);
    self->targets = dests;
    mg_chess_board_view_set_selection (self->board, square, (const char * const *) dests);
    show_error (self, NULL);
  }
}

static void
said_clicked (MgChessPage *self, GtkButton *button)
{
  json_object *a = json_object_new_object ();

  json_object_object_add (a, "type", json_object_new_string ("melee"));
  json_object_object_add (a, "said", json_object_new_boolean (GTK_WIDGET (button) == self->said_button));
  mg_widget_act_or_say (self->campaign, a, GTK_LABEL (self->error_label), NULL);
}

static void
bottom_changed (MgChessPage *self)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->bottom_dropdown));
  const char * const *players = mg_campaign_get_players (self->campaign);
  const MgState *state = mg_table_state_get_state (self->table);

  if (state != NULL && players != NULL && i < g_strv_length ((char **) players))
    mg_chess_board_view_set_bottom (self->board, mg_chess_side (state, players[i]));
}

static void
mg_chess_page_dispose (GObject *object)
{
  MgChessPage *self = MG_CHESS_PAGE (object);

  clear_selection (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), MG_TYPE_CHESS_PAGE);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->secrets_seat, g_free);
  G_OBJECT_CLASS (mg_chess_page_parent_class)->dispose (object);
}

/* Narrow windows (down to 360 px): the side panel goes under the board instead of beside it,
 * so the page's minimum width is the wider of the two, not their sum. */
#define MG_CHESS_PAGE_SIDE_BY_SIDE 720

/* Side by side, the board takes the height; stacked, it is a square and the panel under it
 * takes what is left, at least STACKED_PANEL px so whose turn it is stays in view. */
#define STACKED_PANEL 150

static void
set_orientation (MgChessPage *self, GtkOrientation o)
{
  GtkWidget *side = gtk_widget_get_next_sibling (self->board_box);

  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->box)) == o)
    return;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->box), o);
  gtk_widget_set_vexpand (self->board_box, o == GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), o == GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_size_request (side, o == GTK_ORIENTATION_HORIZONTAL ? 300 : -1,
                               o == GTK_ORIENTATION_HORIZONTAL ? -1 : STACKED_PANEL);
}

/* The layout that gives the board more room (issue 33: at 800×800 side by side left it 350 px,
 * blank above and below): beside the panel, the board has the height and the width the panel
 * leaves; above it, the width and the height the panel's rows leave. */
static GtkOrientation
best_orientation (MgChessPage *self, int width, int height)
{
  int side_min = 0, beside, above;

  if (width < MG_CHESS_PAGE_SIDE_BY_SIDE)
    return GTK_ORIENTATION_VERTICAL;
  gtk_widget_measure (gtk_widget_get_next_sibling (self->board_box), GTK_ORIENTATION_HORIZONTAL, -1,
                      &side_min, NULL, NULL, NULL);
  beside = MIN (height - 24, width - 36 - MAX (side_min, 300));
  above = MIN (width - 24, height - 36 - STACKED_PANEL);
  return beside >= above ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;
}

static void
mg_chess_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgChessPage *self = MG_CHESS_PAGE (widget);
  GtkWidget *side = gtk_widget_get_next_sibling (self->board_box);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int board_min = 0, side_min = 0;

      gtk_widget_measure (self->box, orientation, -1, NULL, natural, NULL, NULL);
      gtk_widget_measure (self->board_box, orientation, -1, &board_min, NULL, NULL, NULL);
      gtk_widget_measure (side, orientation, -1, &side_min, NULL, NULL, NULL);
      *minimum = MAX (board_min, side_min) + gtk_widget_get_margin_start (self->box) + gtk_widget_get_margin_end (self->box);
      *natural = MAX (*natural, *minimum);
    }
  else
    {
      /* Narrow is always stacked; wider, the layout chosen with the height (size_allocate). */
      if (for_size >= 0 && for_size < MG_CHESS_PAGE_SIDE_BY_SIDE)
        set_orientation (self, GTK_ORIENTATION_VERTICAL);
      gtk_widget_measure (self->box, orientation, for_size, minimum, natural, NULL, NULL);
    }
  *min_baseline = *nat_baseline = -1;
}

static void
mg_chess_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgChessPage *self = MG_CHESS_PAGE (widget);

  set_orientation (self, best_orientation (self, width, height));
  gtk_widget_allocate (self->box, width, height, baseline, NULL);
}

static void
mg_chess_page_class_init (MgChessPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_chess_page_dispose;
  widget_class->measure = mg_chess_page_measure;
  widget_class->size_allocate = mg_chess_page_size_allocate;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/cricchio/mg-cricchio-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, box);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, board_box);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, variant_label);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, melee_box);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, melee_label);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, said_button);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, not_said_button);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, last_label);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, bottom_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, captured_box);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, secrets_box);
  gtk_widget_class_bind_template_child (widget_class, MgChessPage, help_label);
}

static void
mg_chess_page_init (MgChessPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->board = mg_chess_board_view_new ();
  gtk_box_append (GTK_BOX (self->board_box), GTK_WIDGET (self->board));
  g_signal_connect_swapped (self->board, "square-activated", G_CALLBACK (square_activated), self);
  g_signal_connect_swapped (self->board, "cancelled", G_CALLBACK (clear_selection), self);
  g_signal_connect_swapped (self->said_button, "clicked", G_CALLBACK (said_clicked), self);
  g_signal_connect_swapped (self->not_said_button, "clicked", G_CALLBACK (said_clicked), self);
  g_signal_connect_swapped (self->bottom_dropdown, "notify::selected", G_CALLBACK (bottom_changed), self);
  reserve_lines (self->error_label, 2);
}

MgChessPage *
mg_chess_page_new (MgCampaign *campaign)
{
  MgChessPage *self = g_object_new (MG_TYPE_CHESS_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  self->table = mg_table_state_for_campaign (campaign);
  g_signal_connect_object (self->table, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
  return self;
}

MgChessBoardView *
mg_chess_page_get_board (MgChessPage *self)
{
  return self->board;
}

const char *
mg_chess_page_get_error (MgChessPage *self)
{
  return gtk_label_get_text (GTK_LABEL (self->error_label));
}

GtkWidget *
mg_chess_page_get_part (MgChessPage *self, const char *name)
{
  if (g_strcmp0 (name, "melee") == 0)
    return self->melee_box;
  if (g_strcmp0 (name, "said") == 0)
    return self->said_button;
  if (g_strcmp0 (name, "not-said") == 0)
    return self->not_said_button;
  if (g_strcmp0 (name, "last") == 0)
    return self->last_label;
  if (g_strcmp0 (name, "status") == 0)
    return self->status_label;
  if (g_strcmp0 (name, "bottom") == 0)
    return self->bottom_dropdown;
  if (g_strcmp0 (name, "captured") == 0)
    return self->captured_box;
  if (g_strcmp0 (name, "secrets") == 0)
    return self->secrets_box;
  if (g_strcmp0 (name, "error") == 0)
    return self->error_label;
  if (g_strcmp0 (name, "variant") == 0)
    return self->variant_label;
  return NULL;
}
