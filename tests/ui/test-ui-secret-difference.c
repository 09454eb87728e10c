/* test-ui-secret-difference.c — issue 41: two runs that differ only in one seat's secret give byte-identical shared surfaces.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For every secret step of the games that have secrets (La Mame's start bid, cards, attack gold
 * and guess; Meeple's roll, reroll, set and pick; Cricchio's mine, placed by pointer and by
 * keyboard on the board; issue 47: the pick of a game with no pages of its own — the duel
 * build-aux/new-game.py's duel template writes, added with its word alone by the scaffold test,
 * which names it in MG_TEST_DUEL: those cases run there only — entered on the generic Play page
 * by pointer and by keyboard), the same campaign is played twice, the runs differing only in that one
 * value.  While the secret is hidden, everything another seat or the table receives must be the
 * same bytes in both: the referee's window and the players' display drawn to PNG, the texts of
 * every page (Journal rows, buttons, tooltips, accessible labels drawn as text), the last toast,
 * the public view, what the table server hands every other seat's phone (mg_table_seat_state),
 * and every export format.  A cursor, selection or dice left on the secret shows as a
 * difference, and the test names the surface and saves both pictures. */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <string.h>

#include "mg-campaign.h"
#include "mg-campaign-window-private.h"
#include "mg-cricchio-page.h"
#include "mg-errors.h"
#include "mg-export.h"
#include "mg-generic-page.h"
#include "mg-journal-model.h"
#include "mg-json.h"
#include "mg-ruleset.h"
#include "mg-table-seat.h"
#include "mg-table-state.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

/* BY_POINTER, BY_KEYS: on Cricchio's board; ON_PAGE_*: the action's row on the generic Play page. */
typedef enum { BY_ACTION, BY_POINTER, BY_KEYS, ON_PAGE_BY_POINTER, ON_PAGE_BY_KEYS } Entry;

typedef struct {
  const char *name;
  const char *game;               /* NULL: the duel MG_TEST_DUEL names, its ruleset {"wins": 2} */
  const char *variant;            /* the ruleset's "variant", or NULL */
  const char *players[4];
  const char *sample_until;       /* the shipped sample played up to its first line holding this */
  const char *before[4];          /* then these actions */
  const char *owner;              /* whose secret; shown on the referee's window while entered */
  Entry       entry;
  const char *secret[2];          /* BY_ACTION: the two runs' actions; else the two squares (BY_KEYS:
                                   * the arrow keys from the board's first square: u d l r) */
  const char *after[4];           /* the same in both runs, after the secret (to a later reveal) */
} Case;

static const Case cases[] = {
  /* The mine that ends Black's Mine Field: the secrets hide by themselves, the board keeps the focus. */
  { "cricchio-mine-pointer", "cricchio", "minefield", { "Black", "Red" }, NULL,
    { "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c8\"}",
      "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"k7\"}" },
    "Black", BY_POINTER, { "k4", "h5" }, { NULL } },
  { "cricchio-mine-keys", "cricchio", "minefield", { "Black", "Red" }, NULL,
    { "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c8\"}",
      "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"k7\"}" },
    "Black", BY_KEYS, { "uuu", "uuur" }, { NULL } },
  /* The whole roll, then the same picks: only the picked meeples are ever told. */
  { "meeple-roll", "meeple", NULL, { "Red", "Blue" }, NULL, { NULL }, "Red", BY_ACTION,
    { "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,2,3,3]}",
      "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,2,1,3]}" },
    { "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}",
      "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":3,\"kick\":3,\"punch\":0}",
      "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6,\"kick\":0,\"punch\":0}" } },
  { "meeple-reroll", "meeple", NULL, { "Red", "Blue" }, NULL,
    { "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,2,3,3]}",
      "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}" }, "Red", BY_ACTION,
    { "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[7],\"dice\":[1]}",
      "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[7],\"dice\":[2]}" }, { NULL } },
  { "meeple-set", "meeple", NULL, { "Red", "Blue" }, NULL,
    { "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,2,3,3]}",
      "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}" }, "Red", BY_ACTION,
    { "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":7,\"face\":\"sweep\"}",
      "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":7,\"face\":\"kick\"}" }, { NULL } },
  { "meeple-pick", "meeple", NULL, { "Red", "Blue" }, NULL,
    { "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,2,3,3]}",
      "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}" }, "Red", BY_ACTION,
    { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":3,\"kick\":3,\"punch\":0}",
      "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":3,\"kick\":2,\"punch\":1}" }, { NULL } },
  { "lamame-start-bid", "lamame", NULL, { "Red", "Blue", "Green" }, "\"start_bid\"", { NULL }, "Red", BY_ACTION,
    { "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2}",
      "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}" }, { NULL } },
  { "lamame-cards", "lamame", NULL, { "Red", "Blue", "Green" }, "\"choose_cards\"", { NULL }, "Red", BY_ACTION,
    { "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}",
      "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\"]}" }, { NULL } },
  { "lamame-attack-gold", "lamame", NULL, { "Red", "Blue", "Green" }, "\"attack_gold\"", { NULL }, "Red", BY_ACTION,
    { "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":2}",
      "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":1}" }, { NULL } },
  /* The defender guesses first this time: its guess is the secret held. */
  { "lamame-guess", "lamame", NULL, { "Red", "Blue", "Green" }, "\"attack_gold\"", { NULL }, "Blue", BY_ACTION,
    { "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1]}",
      "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[2]}" }, { NULL } },
  /* A game with no pages of its own (MG_TEST_DUEL): Ann's pick clicked on the Play page while Bob has yet to
   * pick; then typed in (Tab, Enter) after Bob's, which moves play on to the reveal. */
  { "duel-pick-pointer", NULL, NULL, { "Ann", "Bob" }, NULL, { NULL }, "Ann", ON_PAGE_BY_POINTER,
    { "{\"type\":\"pick\",\"player\":\"Ann\",\"choice\":\"rock\"}",
      "{\"type\":\"pick\",\"player\":\"Ann\",\"choice\":\"paper\"}" }, { NULL } },
  { "duel-pick-keys", NULL, NULL, { "Ann", "Bob" }, NULL,
    { "{\"type\":\"pick\",\"player\":\"Bob\",\"choice\":\"scissors\"}" }, "Ann", ON_PAGE_BY_KEYS,
    { "{\"type\":\"pick\",\"player\":\"Ann\",\"choice\":\"scissors\"}",
      "{\"type\":\"pick\",\"player\":\"Ann\",\"choice\":\"paper\"}" }, { NULL } },
};

/* The duel of the cases whose game is NULL (they are left out without one). */
static const char *
duel_id (void)
{
  return g_getenv ("MG_TEST_DUEL");
}

typedef struct {
  char   *name;
  GBytes *bytes;
  gboolean png;
} Surface;

static void
surface_free (Surface *s)
{
  g_free (s->name);
  g_bytes_unref (s->bytes);
  g_free (s);
}

static void
add_text (GPtrArray *out, const char *name, const char *text)
{
  Surface *s = g_new0 (Surface, 1);

  s->name = g_strdup (name);
  s->bytes = g_bytes_new (text != NULL ? text : "", text != NULL ? strlen (text) : 0);
  g_ptr_array_add (out, s);
}

static void
add_png (GPtrArray *out, const char *name, GtkWidget *widget)
{
  Surface *s = g_new0 (Surface, 1);

  s->name = g_strdup (name);
  s->bytes = ui_test_png_bytes (widget);
  s->png = TRUE;
  g_ptr_array_add (out, s);
}

static void
act_ok (MgCampaign *c, const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) action = json_tokener_parse (json);
  g_autoptr(MgJournalEntry) entry = NULL;

  g_assert_nonnull (action);
  entry = mg_campaign_act (c, action, &error);
  g_assert_no_error (error);
}

/* The shipped sample's lines before the first that holds `until`. */
static void
play_sample_until (MgCampaign *c, const char *game, const char *until)
{
  g_autofree char *name = g_strdup_printf ("%s-sample.jsonl", game);
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", name, NULL);
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &script, NULL, NULL));
  lines = g_strsplit (script, "\n", -1);
  for (guint i = 0; lines[i] != NULL && strstr (lines[i], until) == NULL; i++)
    if (g_strstrip (lines[i])[0] != '\0')
      act_ok (c, lines[i]);
}

/* Every export format's bytes; the PDF's text (its bytes carry the time it was made). */
static void
add_exports (GPtrArray *out, MgCampaign *c, const char *dir)
{
  static const MgExportFormat formats[] = { MG_EXPORT_MARKDOWN, MG_EXPORT_HTML, MG_EXPORT_JSON, MG_EXPORT_PDF };
  static const char *const names[] = { "Markdown export", "HTML export", "JSON export", "PDF export's text" };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *path = g_strdup_printf ("%s/export-%u", dir, f);
      g_autofree char *text = ui_test_export_text (c, formats[f], path);

      if (text != NULL)
        add_text (out, names[f], text);
    }
}

static void
add_phone (GPtrArray *out, MgCampaign *c, const char *seat)
{
  g_autoptr(json_object) steps = mg_table_seat_steps (c, seat);
  g_autoptr(json_object) state = mg_table_seat_state (c, seat, steps);
  g_autofree char *name = g_strdup_printf ("what the table server hands %s", seat);

  add_text (out, name, json_object_to_json_string_ext (state, JSON_C_TO_STRING_PLAIN));
}

/* What the table server hands every seat but the owner, and the public page. */
static void
add_phones (GPtrArray *out, MgCampaign *c, const char *owner)
{
  const char *const *players = mg_campaign_get_players (c);

  for (guint i = 0; players[i] != NULL; i++)
    if (g_strcmp0 (players[i], owner) != 0)
      add_phone (out, c, players[i]);
  add_phone (out, c, MG_SEAT_PUBLIC);
}

/* The Journal's rows as the page binds them: turn, who, sentence, dice, undone. */
static void
add_journal (GPtrArray *out, MgCampaign *c)
{
  g_autoptr(MgJournalModel) model = mg_journal_model_new (c);
  g_autoptr(GString) rows = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      g_autoptr(MgJournalItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_string_append_printf (rows, "%d\t%s\t%s\t%s\t%d\n", mg_journal_item_get_turn (item),
                              mg_journal_item_get_actor (item), mg_journal_item_get_summary (item),
                              mg_journal_item_get_dice (item), mg_journal_item_get_undone (item));
    }
  add_text (out, "the Journal's rows", rows->str);
}

/* Everything shared, the secret hidden: the window and the display drawn, then their texts. */
static GPtrArray *
shared_surfaces (MgCampaignWindow *window, const char *owner, const char *dir)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) surface_free);
  MgCampaign *c = mg_campaign_window_get_campaign (window);
  g_autoptr(json_object) pub = mg_state_view (mg_campaign_get_state (c), MG_SEAT_PUBLIC);
  g_autoptr(GString) texts = g_string_new (NULL);
  GtkWindow *display;

  g_assert_null (mg_table_state_get_secrets_seat (mg_table_state_for_campaign (c)));
  add_png (out, "the referee's window (PNG)", GTK_WIDGET (window));
  add_text (out, "the last toast", mg_toast_last (GTK_WIDGET (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.players-display", NULL));
  wait_ms (200);
  display = mg_campaign_window_get_players_display (window);
  g_assert_nonnull (display);
  add_png (out, "the players' display (PNG)", GTK_WIDGET (display));
  ui_test_collect_shown_texts (GTK_WIDGET (display), texts);
  add_text (out, "the players' display's texts", texts->str);
  gtk_window_destroy (display);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (50);
  g_string_truncate (texts, 0);
  /* Hidden widgets too: nothing worked out from a secret may wait in them (Meeple's odds). */
  ui_test_pages_texts (window, texts);
  add_text (out, "every page's texts (labels, buttons, rows, tooltips), hidden ones included", texts->str);
  add_journal (out, c);
  add_text (out, "the public view", json_object_to_json_string_ext (pub, JSON_C_TO_STRING_PLAIN));
  add_phones (out, c, owner);
  add_exports (out, c, dir);
  return out;
}

/* Real arrow keys to the window: u d l r. */
static void
keys (GtkWidget *widget, const char *arrows)
{
  for (const char *k = arrows; *k != '\0'; k++)
    g_assert_true (ui_test_key (widget, *k == 'u' ? GDK_KEY_Up : *k == 'd' ? GDK_KEY_Down
                                        : *k == 'l' ? GDK_KEY_Left : GDK_KEY_Right, 0));
}

/* The secret entered on the board by a real click, or by Tab to the board, arrows and Enter. */
static void
enter_on_board (MgCampaignWindow *window, const Case *k, guint run)
{
  MgChessPage *page = MG_CHESS_PAGE (find_descendant (GTK_WIDGET (window), MG_TYPE_CHESS_PAGE));
  MgChessBoardView *board = mg_chess_page_get_board (page);
  MgCampaign *c = mg_campaign_window_get_campaign (window);
  gint64 before = mg_campaign_journal_count (c);
  double x, y;

  if (k->entry == BY_POINTER)
    {
      g_assert_true (mg_chess_board_view_square_point (board, k->secret[run], &x, &y));
      g_assert_true (ui_test_click_at (GTK_WIDGET (board), x, y));
    }
  else
    {
      ui_test_tab_to (GTK_WIDGET (board), 80);
      keys (GTK_WIDGET (board), k->secret[run]);
      g_assert_true (ui_test_key (GTK_WIDGET (board), GDK_KEY_Return, 0));
    }
  wait_ms (100);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, before + 1);
}

/* The secret entered on the generic Play page: its row, named as the page names it, clicked
 * through the X server, or reached by Tab and played with Enter. */
static void
enter_on_page (MgCampaignWindow *window, const Case *k, guint run)
{
  MgCampaign *c = mg_campaign_window_get_campaign (window);
  g_autoptr(json_object) action = json_tokener_parse (k->secret[run]);
  g_autofree char *label = mg_generic_page_action_label (mg_campaign_get_state (c), action);
  GtkWidget *row = ui_test_labelled (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW, label);
  gint64 before = mg_campaign_journal_count (c);

  g_assert_nonnull (row);
  if (k->entry == ON_PAGE_BY_POINTER)
    g_assert_true (ui_test_click (row));
  else
    {
      g_assert_cmpuint (ui_test_tab_to (row, 60), <, 60);
      g_assert_true (ui_test_key (row, GDK_KEY_Return, 0));
    }
  wait_ms (100);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, before + 1);
  /* The pointer off the page (the runs clicked different rows): no row lit under it. */
  g_assert_true (ui_test_pointer_to (GTK_WIDGET (window), 1, 1));
  wait_ms (100);
}

static GPtrArray *
play_run (const Case *k, guint run)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_strdup_printf ("%s/%s-%u", tmpdir, k->name, run);
  g_autofree char *path = g_build_filename (dir, "campaign.db", NULL);
  const char *game = k->game != NULL ? k->game : duel_id ();
  g_autofree char *duel = g_strdup_printf ("{\"game\": \"%s\", \"name\": \"Duel\", \"wins\": 2}", game);
  g_autoptr(json_object) ruleset = k->game != NULL ? mg_ruleset_load_default (game, &error) : json_tokener_parse (duel);
  g_autoptr(MgCampaign) c = NULL;
  MgCampaignWindow *window;
  MgTableState *table;
  GPtrArray *shared;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  if (k->variant != NULL)
    json_object_object_add (ruleset, "variant", json_object_new_string (k->variant));
  c = mg_campaign_create (path, game, "Difference", k->players, ruleset, 1, &error);
  g_assert_no_error (error);
  if (k->sample_until != NULL)
    play_sample_until (c, k->game, k->sample_until);
  for (guint i = 0; i < G_N_ELEMENTS (k->before) && k->before[i] != NULL; i++)
    act_ok (c, k->before[i]);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  /* The generic Play page whole once the pick is in: no scrollbar, whose overlay indicator,
   * shown and faded by motion and changes, would be drawn at a moment of its own each run. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, k->entry >= ON_PAGE_BY_POINTER ? 1150 : 900);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (250);
  table = mg_table_state_for_campaign (c);
  /* Entered on the referee's window with the owner's secrets shown, as the secrets button does. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-secrets", "s", k->owner));
  wait_ms (50);
  if (k->entry == BY_ACTION)
    act_ok (c, k->secret[run]);
  else if (k->entry == ON_PAGE_BY_POINTER || k->entry == ON_PAGE_BY_KEYS)
    enter_on_page (window, k, run);
  else
    enter_on_board (window, k, run);
  wait_ms (50);
  for (guint i = 0; i < G_N_ELEMENTS (k->after) && k->after[i] != NULL; i++)
    act_ok (c, k->after[i]);
  /* Hidden by hand when play has not moved on (the Hide button's action). */
  if (mg_table_state_get_secrets_seat (table) != NULL)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-secrets", "s", ""));
  /* GTK's style transitions (a toggle let go: 200 ms) end before anything is drawn. */
  wait_ms (350);
  shared = shared_surfaces (window, k->owner, dir);
  close_campaign_windows (app);
  return shared;
}

static void
test_case (gconstpointer data)
{
  const Case *k = data;
  g_autoptr(GPtrArray) a = NULL;
  g_autoptr(GPtrArray) b = NULL;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("real input needs an X display (Xvfb)");
      return;
    }
  a = play_run (k, 0);
  b = play_run (k, 1);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      Surface *sa = g_ptr_array_index (a, i), *sb = g_ptr_array_index (b, i);

      g_assert_cmpstr (sa->name, ==, sb->name);
      if (g_bytes_equal (sa->bytes, sb->bytes))
        continue;
      for (guint r = 0; r < 2; r++)
        {
          GBytes *bytes = r == 0 ? sa->bytes : sb->bytes;
          g_autofree char *file = g_strdup_printf ("%s/secret-difference-%s-%u.%s",
                                                   g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                                   k->name, r, sa->png ? "png" : "txt");

          g_file_set_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
          g_test_message ("run %u: %s", r, file);
        }
      g_error ("%s: %s differs between two runs that differ only in %s's secret (%s / %s)", k->name,
               sa->name, k->owner, k->secret[0], k->secret[1]);
    }
  g_test_message ("%s: %u shared surfaces byte-identical", k->name, a->len);
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-secret-difference", &tmpdir);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/secret-difference/%s", cases[i].name);

      if (cases[i].game != NULL || duel_id () != NULL)
        g_test_add_data_func (path, &cases[i], test_case);
    }
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}
