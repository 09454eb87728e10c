/* test-ui-journal.c — issue 45: the Journal as a person meets it, measured on what is drawn: it
 * opens at its latest row and keeps it in view when the window is resized; its sentences have
 * the width of the list (not a strip beside a dice column); dice are shown whole under their
 * sentence, and a game without dice shows no dice at all; after an undo and a redo by the
 * header bar's buttons no drawn text lies over another. Three games' samples, at 800 and 1400 px.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <dlfcn.h>
#include <glib/gi18n.h>
#include <string.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-journal-page.h"
#include "mg-journal-row.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

/* ---- text as drawn: each text node's box in the window, clipped to what is visible ---- */

typedef struct
{
  GArray *boxes;    /* graphene_rect_t, in the widget drawn */
} Drawn;

static void
collect_text (GskRenderNode *node, GskTransform *transform, const graphene_rect_t *clip, Drawn *drawn)
{
  graphene_rect_t box, clipped;
  GskRenderNode *child = NULL;

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_text (gsk_container_node_get_child (node, i), transform, clip, drawn);
      return;
    case GSK_TRANSFORM_NODE:
      {
        g_autoptr(GskTransform) inner = gsk_transform_transform (gsk_transform_ref (transform),
                                                                 gsk_transform_node_get_transform (node));

        collect_text (gsk_transform_node_get_child (node), inner, clip, drawn);
        return;
      }
    case GSK_CLIP_NODE:
    case GSK_ROUNDED_CLIP_NODE:
      {
        const graphene_rect_t *r = gsk_render_node_get_node_type (node) == GSK_CLIP_NODE
          ? gsk_clip_node_get_clip (node) : &gsk_rounded_clip_node_get_clip (node)->bounds;
        graphene_rect_t inner;

        gsk_transform_transform_bounds (transform, r, &inner);
        if (!graphene_rect_intersection (&inner, clip, &inner))
          return;
        collect_text (gsk_render_node_get_node_type (node) == GSK_CLIP_NODE ? gsk_clip_node_get_child (node)
                      : gsk_rounded_clip_node_get_child (node), transform, &inner, drawn);
        return;
      }
    case GSK_TEXT_NODE:
      gsk_render_node_get_bounds (node, &box);
      gsk_transform_transform_bounds (transform, &box, &box);
      if (graphene_rect_intersection (&box, clip, &clipped) && clipped.size.height > 2)
        g_array_append_val (drawn->boxes, clipped);
      return;
    case GSK_OPACITY_NODE: child = gsk_opacity_node_get_child (node); break;
    case GSK_COLOR_MATRIX_NODE: child = gsk_color_matrix_node_get_child (node); break;
    case GSK_SHADOW_NODE: child = gsk_shadow_node_get_child (node); break;
    case GSK_DEBUG_NODE: child = gsk_debug_node_get_child (node); break;
    default:
      return;
    }
  collect_text (child, transform, clip, drawn);
}

/* The boxes of the texts drawn in `widget`, in its own coordinates. */
static GArray *
drawn_text (GtkWidget *widget)
{
  int width, height;
  g_autoptr(GskRenderNode) node = widget_node (widget, &width, &height);
  graphene_rect_t all = GRAPHENE_RECT_INIT (0, 0, width, height);
  Drawn drawn = { g_array_new (FALSE, FALSE, sizeof (graphene_rect_t)) };

  collect_text (node, NULL, &all, &drawn);
  return drawn.boxes;
}

/* Two drawn texts overlap by more than a pixel each way (a glyph run's box is its line's
 * height: lines of one paragraph touch, never overlap). */
static guint
count_overlaps (GArray *boxes, gboolean tell)
{
  guint overlaps = 0;

  for (guint i = 0; i < boxes->len; i++)
    for (guint j = i + 1; j < boxes->len; j++)
      {
        graphene_rect_t a = g_array_index (boxes, graphene_rect_t, i), b = g_array_index (boxes, graphene_rect_t, j), o;

        if (graphene_rect_intersection (&a, &b, &o) && o.size.width > 1.5 && o.size.height > 1.5)
          {
            if (tell)
              g_test_message ("texts drawn over each other at (%.0f, %.0f) %.0f×%.0f and (%.0f, %.0f) %.0f×%.0f",
                              a.origin.x, a.origin.y, a.size.width, a.size.height,
                              b.origin.x, b.origin.y, b.size.width, b.size.height);
            overlaps++;
          }
      }
  return overlaps;
}

/* ---- the rows on screen ---- */

static void
collect_rows (GtkWidget *widget, GPtrArray *rows)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (MG_IS_JOURNAL_ROW (widget) && mg_journal_row_get_item (MG_JOURNAL_ROW (widget)) != NULL)
    g_ptr_array_add (rows, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_rows (c, rows);
}

/* Whether the row showing the Journal's last step is drawn whole inside the list's view. */
static gboolean
last_row_shown (MgJournalPage *page, const char *where)
{
  GtkWidget *list = find_descendant (GTK_WIDGET (page), GTK_TYPE_LIST_VIEW);
  GtkWidget *view = gtk_widget_get_parent (list);
  GListModel *model = mg_journal_page_get_model (page);
  g_autoptr(MgJournalItem) last = g_list_model_get_item (model, g_list_model_get_n_items (model) - 1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  graphene_rect_t shown, row;

  if (!gtk_widget_compute_bounds (view, GTK_WIDGET (page), &shown) || shown.size.height < 100)
    return FALSE;
  collect_rows (list, rows);
  for (guint i = 0; i < rows->len; i++)
    if (mg_journal_item_get_seq (mg_journal_row_get_item (rows->pdata[i])) == mg_journal_item_get_seq (last)
        && gtk_widget_compute_bounds (rows->pdata[i], GTK_WIDGET (page), &row))
      {
        if (where != NULL)
          g_test_message ("%s: the last row at y %.0f to %.0f, the list shows %.0f to %.0f", where, row.origin.y,
                          row.origin.y + row.size.height, shown.origin.y, shown.origin.y + shown.size.height);
        return row.size.height > 0 && row.origin.y >= shown.origin.y - 1
               && row.origin.y + row.size.height <= shown.origin.y + shown.size.height + 1;
      }
  return FALSE;
}

/* The last row is shown once the page has been laid out and drawn: the machine may be slow, so
 * up to 10 s (not a timing: a Journal that does not scroll there never gets there). */
static void
assert_last_row_shown (MgJournalPage *page, const char *where)
{
  for (guint tries = 0; tries < 100 && !last_row_shown (page, NULL); tries++)
    wait_ms (100);
  if (!last_row_shown (page, where))
    g_test_message ("%s: the last row is not drawn whole", where);
  g_assert_true (last_row_shown (page, NULL));
}

/* The widest line of the rows' sentences as drawn, px; *wrapped: whether any sentence is drawn
 * on more lines than one (its dice on one more). */
static double
widest_sentence (MgJournalPage *page, gboolean *wrapped)
{
  GtkWidget *list = find_descendant (GTK_WIDGET (page), GTK_TYPE_LIST_VIEW);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GArray) boxes = drawn_text (list);
  double widest = 0;

  *wrapped = FALSE;
  collect_rows (list, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *summary = find_styled (rows->pdata[i], GTK_TYPE_WIDGET, "journal-summary");
      const char *dice = mg_journal_item_get_dice (mg_journal_row_get_item (rows->pdata[i]));
      g_autoptr(GHashTable) lines = g_hash_table_new (NULL, NULL);
      double left = G_MAXDOUBLE, right = 0;
      graphene_rect_t column;

      g_assert_true (gtk_widget_compute_bounds (summary, list, &column));
      /* The texts drawn in this sentence's box; a line may be drawn in runs (the actor in bold,
       * then the sentence). */
      for (guint b = 0; b < boxes->len; b++)
        {
          graphene_rect_t *r = &g_array_index (boxes, graphene_rect_t, b);
          graphene_point_t centre;

          graphene_rect_get_center (r, &centre);
          if (!graphene_rect_contains_point (&column, &centre))
            continue;
          left = MIN (left, r->origin.x);
          right = MAX (right, r->origin.x + r->size.width);
          g_hash_table_add (lines, GINT_TO_POINTER ((int) (r->origin.y / 4)));
          /* Nothing is cut at the column's edge: the text wraps inside it. */
          g_assert_cmpfloat (r->origin.x + r->size.width, <=, column.origin.x + column.size.width + 1);
        }
      if (right > 0)
        widest = MAX (widest, right - left);
      *wrapped |= g_hash_table_size (lines) > 1u + (dice != NULL && dice[0] != '\0');
    }
  return widest;
}

/* The sentences are as wide as the list lets them: where one wraps, the widest line is at
 * least 0.4 of the window's width. */
static void
assert_sentences_wide (MgJournalPage *page, const char *game, int width)
{
  gboolean wrapped;
  double widest = widest_sentence (page, &wrapped);

  g_test_message ("%s at %d px: the widest line of a sentence is %.0f px%s", game, width, widest,
                  wrapped ? "" : "; none wraps");
  if (wrapped)
    g_assert_cmpfloat (widest, >=, 0.4 * width);
}

/* The texts laid out and drawn by the app's own widgets while the test listens: caught on their
 * way from the app's code (linked into this program) to GTK. */
static GPtrArray *laid_out;

void
gtk_snapshot_append_layout (GtkSnapshot *snapshot, PangoLayout *layout, const GdkRGBA *color)
{
  static void (*real) (GtkSnapshot *, PangoLayout *, const GdkRGBA *);

  if (real == NULL)
    real = (void (*) (GtkSnapshot *, PangoLayout *, const GdkRGBA *)) dlsym (RTLD_NEXT, "gtk_snapshot_append_layout");
  if (laid_out != NULL && !pango_layout_is_ellipsized (layout))
    g_ptr_array_add (laid_out, g_strdup (pango_layout_get_text (layout)));
  real (snapshot, layout, color);
}

static gboolean
was_drawn (const char *text)
{
  for (guint i = 0; i < laid_out->len; i++)
    if (g_str_equal (laid_out->pdata[i], text))
      return TRUE;
  return FALSE;
}

/* The dice of each row in view are drawn whole under its sentence, "Dice: …"; a row without
 * dice draws none. Returns how many rows in view show dice. */
static guint
rows_with_dice (MgJournalPage *page)
{
  GtkWidget *list = find_descendant (GTK_WIDGET (page), GTK_TYPE_LIST_VIEW);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint with_dice = 0;

  collect_rows (list, rows);
  /* Drawn again while the test listens (a widget not queued keeps its last drawing). */
  laid_out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < rows->len; i++)
    gtk_widget_queue_draw (find_styled (rows->pdata[i], GTK_TYPE_WIDGET, "journal-summary"));
  wait_ms (300);
  g_assert_cmpuint (rows->len, >, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      MgJournalItem *item = mg_journal_row_get_item (rows->pdata[i]);
      const char *dice = mg_journal_item_get_dice (item);
      g_autofree char *line = dice != NULL && dice[0] != '\0' ? g_strdup_printf (_("Dice: %s"), dice) : NULL;

      if (line == NULL)
        continue;
      if (!was_drawn (line))
        g_test_message ("row \"%s\": its dice \"%s\" are not drawn whole", mg_journal_item_get_summary (item), line);
      g_assert_true (was_drawn (line));
      with_dice++;
    }
  for (guint i = 0; i < laid_out->len && with_dice == 0; i++)
    g_assert_null (strstr (laid_out->pdata[i], _("Dice: ")));
  g_clear_pointer (&laid_out, g_ptr_array_unref);
  return with_dice;
}

static void
click_tooltip (GtkWidget *window, const char *tooltip)
{
  GtkWidget *button = ui_test_find_by_tooltip (window, tooltip);

  g_assert_nonnull (button);
  if (!ui_test_x_click (button))
    click (button);
  wait_ms (200);
}

/* Issue 45: TFT's Journal names the turn each row belongs to as the fight counts it (the campaign's
 * turns ran one ahead: "Turn 8 of fight 1 ends" under 9). Every row that ends a fight's turn N stands
 * in the turn headed "Fight F, turn N" — the book's nine turns (p. 20) — and the last row, the
 * fight's end, shows "End of fight 1". */
static void
assert_fight_turns (MgJournalPage *page)
{
  GListModel *model = mg_journal_page_get_model (page);
  g_autoptr(GRegex) ends = g_regex_new ("Turn (\\d+) of fight (\\d+) ends", 0, 0, NULL);
  GtkWidget *list = find_descendant (GTK_WIDGET (page), GTK_TYPE_LIST_VIEW);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *title = NULL;
  guint checked = 0, shown = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MgJournalItem) item = g_list_model_get_item (model, i);
      g_autoptr(GMatchInfo) match = NULL;

      if (mg_journal_item_get_turn_start (item))
        {
          g_assert_nonnull (mg_journal_item_get_turn_title (item));
          g_free (title);
          title = g_strdup (mg_journal_item_get_turn_title (item));
        }
      if (i == 0)
        g_assert_cmpstr (title, ==, "Between fights");
      if (g_regex_match (ends, mg_journal_item_get_summary (item), 0, &match))
        {
          g_autofree char *turn = g_match_info_fetch (match, 1), *fight = g_match_info_fetch (match, 2);
          g_autofree char *want = g_strdup_printf ("Fight %s, turn %s", fight, turn);

          g_assert_cmpstr (title, ==, want);
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 9);
  collect_rows (list, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *turn = find_descendant (rows->pdata[i], GTK_TYPE_INSCRIPTION);

      shown += turn != NULL && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (turn)), "End of fight 1") == 0;
    }
  g_assert_cmpuint (shown, ==, 1);
}

static void
test_journal (gconstpointer data)
{
  const char *game = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, game, tmpdir, &error);
  MgCampaignWindow *window;
  MgJournalPage *page;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 900);
  wait_ms (300);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "journal");
  page = MG_JOURNAL_PAGE (mg_campaign_window_get_page (window, "journal"));
  wait_ms (500);
  assert_last_row_shown (page, "opened at 800 px");
  assert_sentences_wide (page, game, 800);
  if (g_str_equal (game, "tft"))
    assert_fight_turns (page);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  wait_ms (400);
  assert_last_row_shown (page, "resized to 1400 px");
  assert_sentences_wide (page, game, 1400);
  /* Dice where the game rolls them, and no word of dice where it does not: its sample's last
   * rows roll dice (TFT's blows, Meeple's rolls), or the game has none. */
  {
    guint dice = rows_with_dice (page);
    gboolean rolls = g_str_equal (game, "tft") || g_str_equal (game, "meeple");
    g_autoptr(GString) texts = g_string_new (NULL);

    g_test_message ("%s: %u rows in view show their dice", game, dice);
    g_assert_true (rolls ? dice > 0 : dice == 0);
    ui_test_collect_shown_texts (GTK_WIDGET (page), texts);
    g_assert_null (rolls ? NULL : strstr (texts->str, _("Dice")));
  }

  /* Undo and redo the last step by the header bar's buttons: the row's sentence changes and
   * changes back, and nothing is drawn over anything. */
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 900);
  wait_ms (300);
  click_tooltip (GTK_WIDGET (window), _("Undo (Ctrl+Z)"));
  click_tooltip (GTK_WIDGET (window), _("Redo (Shift+Ctrl+Z)"));
  {
    g_autofree char *name = g_strdup_printf ("journal-%s-redone.png", game);
    guint overlaps = G_MAXUINT;

    /* The page (the toast telling the redo lies over it, on purpose, for a while); once laid
     * out again, on a machine that may be slow: up to 5 s. */
    for (guint tries = 0; tries < 10 && overlaps > 0; tries++)
      {
        g_autoptr(GArray) boxes = drawn_text (GTK_WIDGET (page));

        g_assert_cmpuint (boxes->len, >, 10);
        overlaps = count_overlaps (boxes, tries == 9);
        if (overlaps > 0)
          wait_ms (500);
      }
    save_screenshot (GTK_WIDGET (window), name);
    g_assert_cmpuint (overlaps, ==, 0);
  }
  close_campaign_windows (app);
}

int
main (int argc, char **argv)
{
  guint n = 0;
  const MgSample *samples;
  int status;

  app = ui_test_init (&argc, &argv, "mg-ui-journal", &tmpdir);
  samples = mg_application_samples (&n);
  /* Three games: dice told and rolled behind a screen (Meeple), long sentences with dice (TFT),
   * no dice and rows withheld when undone (La Mame). */
  for (guint i = 0; i < n; i++)
    if (strstr ("meeple tft lamame", samples[i].game_id) != NULL)
      {
        g_autofree char *path = g_strdup_printf ("/ui/journal/%s", samples[i].game_id);

        g_test_add_data_func (path, samples[i].game_id, test_journal);
      }
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

