/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export-headers.c — issue 33.4: each game's PDF, from its sample played to the end and
 * taken back to half-way, read back with pdftotext (poppler-utils): every word of every table
 * heading stands whole (never "Casualt-ies", "Na-me"), the headings are the Journal's words
 * (never the engine's "Faces", "Picked", "Pick"), and a table's heading row comes back on each
 * page the table continues on. Issue 45, read with pdftotext -bbox: no word falls off its page,
 * and every table's heading row is drawn whole on one line (never split by columns across
 * parts or pages). */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"
#include "mg-export-private.h"

typedef struct {
  const char *game;
  const char *players[5];
  const char *words[4];   /* heading words this game's standing must show */
} Game;

static const Game games[] = {
  { "meeple", { "Red", "Blue" }, { "Casualties", "Neutral", "roll", "reveal" } },
  { "tft", { "Referee" }, { "ST", "DX", "EP", "Weapons" } },
  { "mecaknights", { "Red", "Blue", "Green" }, { "Gold", "Capital", "Leader", "Armies" } },
  { "lamame", { "Red", "Blue", "Green" }, { "Gold", "Areas", "Unit", "Area" } },
  { "cricchio", { "Black", "Blue", "Red", "White" }, { "Where", "Kind", "Owner", "Name" } },
};

static gboolean
have_pdftotext (void)
{
  g_autofree char *tool = g_find_program_in_path ("pdftotext");

  return tool != NULL;
}

static char *
pdf_to_text (const char *pdf)
{
  g_autofree char *tool = g_find_program_in_path ("pdftotext");
  const char *argv[] = { tool, "-layout", pdf, "-", NULL };
  char *out = NULL;
  int status = 1;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  return out;
}

/* A word as pdftotext -bbox places it, in points from the top left of its page. */
typedef struct {
  guint  page;
  double x0, y0, x1, y1;
  double page_w, page_h;
  char  *text;
} Word;

static void
word_clear (gpointer data)
{
  g_free (((Word *) data)->text);
}

static GArray *
pdf_words (const char *pdf)
{
  g_autofree char *tool = g_find_program_in_path ("pdftotext");
  const char *argv[] = { tool, "-bbox", pdf, "-", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GRegex) re = g_regex_new ("<page width=\"([0-9.]+)\" height=\"([0-9.]+)\">|"
                                      "<word xMin=\"([0-9.-]+)\" yMin=\"([0-9.-]+)\" xMax=\"([0-9.-]+)\" "
                                      "yMax=\"([0-9.-]+)\">([^<]*)</word>", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GArray *words = g_array_new (FALSE, TRUE, sizeof (Word));
  double page_w = 0, page_h = 0;
  guint page = 0;
  int status = 1;

  g_array_set_clear_func (words, word_clear);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  for (g_regex_match (re, out, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *width = g_match_info_fetch (match, 1);

      if (width[0] != '\0')
        {
          g_autofree char *height = g_match_info_fetch (match, 2);

          page++;
          page_w = g_ascii_strtod (width, NULL);
          page_h = g_ascii_strtod (height, NULL);
        }
      else
        {
          Word w = { page, 0, 0, 0, 0, page_w, page_h, g_match_info_fetch (match, 7) };
          double *v[] = { &w.x0, &w.y0, &w.x1, &w.y1 };

          for (guint i = 0; i < 4; i++)
            {
              g_autofree char *n = g_match_info_fetch (match, 3 + i);

              *v[i] = g_ascii_strtod (n, NULL);
            }
          g_array_append_val (words, w);
        }
    }
  return words;
}

/* Every word inside its page. */
static void
assert_words_on_page (GArray *words, const char *where)
{
  for (guint i = 0; i < words->len; i++)
    {
      Word *w = &g_array_index (words, Word, i);

      if (w->x0 < 0 || w->y0 < 0 || w->x1 > w->page_w || w->y1 > w->page_h)
        g_error ("%s: “%s” on page %u falls off the page (%.0f, %.0f to %.0f, %.0f on %.0f×%.0f)", where,
                 w->text, w->page, w->x0, w->y0, w->x1, w->y1, w->page_w, w->page_h);
    }
}

/* The first word of each of the table's headings, side by side on one line of one page: the
 * table is drawn whole, its columns not split into parts. */
static gboolean
heading_row_whole (GArray *words, MgExportTable *table)
{
  for (guint i = 0; i < words->len; i++)
    {
      Word *first = &g_array_index (words, Word, i);
      gboolean whole = TRUE;

      for (guint c = 0; c < table->labels->len && whole; c++)
        {
          g_auto(GStrv) parts = g_strsplit (g_ptr_array_index (table->labels, c), " ", 2);

          whole = FALSE;
          for (guint j = 0; j < words->len && !whole; j++)
            {
              Word *w = &g_array_index (words, Word, j);

              whole = w->page == first->page && fabs (w->y0 - first->y0) < 1.5 && g_str_equal (w->text, parts[0]);
            }
        }
      if (whole)
        return TRUE;
    }
  return FALSE;
}

/* The text's words, as pdftotext sets them apart (spaces, lines, pages). */
static GHashTable *
words_of (const char *text)
{
  GHashTable *words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) tokens = g_strsplit_set (text, " \n\f\t", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    if (tokens[i][0] != '\0')
      g_hash_table_add (words, g_strdup (tokens[i]));
  return words;
}

/* Every heading word whole; none of its pieces standing alone, as a word cut across two lines
 * leaves them ("Casualt-" and "ies"). */
static void
assert_heading_words (GHashTable *words, const char *label, const char *where)
{
  g_auto(GStrv) parts = g_strsplit (label, " ", -1);

  for (guint p = 0; parts[p] != NULL; p++)
    {
      const char *word = parts[p];
      glong n = g_utf8_strlen (word, -1);

      if (!g_hash_table_contains (words, word))
        g_error ("%s: the heading word “%s” (of “%s”) is not found whole", where, word, label);
      for (glong k = 2; k + 2 <= n; k++)
        {
          g_autofree char *head = g_utf8_substring (word, 0, k);
          g_autofree char *hyphen = g_strconcat (head, "-", NULL);
          g_autofree char *tail = g_utf8_substring (word, k, n);

          if (g_hash_table_contains (words, hyphen) && g_hash_table_contains (words, tail))
            g_error ("%s: the heading word “%s” is broken: “%s” “%s”", where, word, hyphen, tail);
        }
    }
}

/* The standing's tables as the export makes them, from the public view. */
static MgExportStanding *
standing_of (const char *dir, const char *file)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "state", file, "--seat", "public", NULL);
  g_autoptr(TestJson) view = NULL;

  g_assert_cmpint (r->status, ==, 0);
  view = json_tokener_parse (r->out);
  g_assert_nonnull (view);
  return mg_export_standing_new (view, NULL, FALSE);
}

static void
check_export (const Game *g, const char *dir, const char *when)
{
  g_autofree char *pdf = g_strdup_printf ("%s-%s.pdf", g->game, when);
  g_autofree char *path = g_build_filename (dir, pdf, NULL);
  g_autoptr(CliResult) r = cli_run (dir, NULL, "export", "c.db", "--format", "pdf", "-o", pdf, NULL);
  g_autoptr(MgExportStanding) standing = standing_of (dir, "c.db");
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) words = NULL;
  g_autofree char *where = g_strdup_printf ("%s (%s)", g->game, when);
  guint headings = 0;

  g_assert_cmpint (r->status, ==, 0);
  text = pdf_to_text (path);
  words = words_of (text);
  for (guint t = 0; t < standing->tables->len; t++)
    {
      MgExportTable *table = g_ptr_array_index (standing->tables, t);

      for (guint c = 0; c < table->labels->len; c++, headings++)
        assert_heading_words (words, g_ptr_array_index (table->labels, c), where);
    }
  g_test_message ("%s: %u table headings, every word whole", where, headings);
  g_assert_cmpuint (headings, >, 0);
  {
    g_autoptr(GArray) boxes = pdf_words (path);

    g_assert_cmpuint (boxes->len, >, 50);
    assert_words_on_page (boxes, where);
    for (guint t = 0; t < standing->tables->len; t++)
      if (!heading_row_whole (boxes, g_ptr_array_index (standing->tables, t)))
        g_error ("%s: the table “%s” is not drawn whole: its headings are not on one line", where,
                 (char *) g_ptr_array_index (standing->table_names, t));
    g_test_message ("%s: %u words inside their pages, %u tables whole", where, boxes->len, standing->tables->len);
  }
  for (guint i = 0; i < G_N_ELEMENTS (g->words) && g->words[i] != NULL; i++)
    if (!g_hash_table_contains (words, g->words[i]))
      g_error ("%s: the heading word “%s” is missing", where, g->words[i]);
  /* Issue 45: the ruleset's records are named, never shown by id ("small_shield"): no word of
   * the PDF is the id of a record of the game's ruleset that has an underscore. */
  {
    g_autofree char *file = g_strdup_printf ("%s.json", g->game);
    g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", file, NULL);
    g_autoptr(TestJson) ruleset = json_object_from_file (path);
    g_autoptr(GHashTable) names = mg_export_ruleset_names (ruleset);
    GHashTableIter iter;
    const char *id;

    g_assert_nonnull (ruleset);
    g_hash_table_iter_init (&iter, names);
    while (g_hash_table_iter_next (&iter, (gpointer *) &id, NULL))
      if (strchr (id, '_') != NULL && g_hash_table_contains (words, id))
        g_error ("%s: the ruleset's id “%s” is shown, not its name", where, id);
  }
  /* The engine's keys are not headings. */
  g_assert_false (g_hash_table_contains (words, "Faces"));
  g_assert_false (g_hash_table_contains (words, "Picked"));
  g_assert_false (g_hash_table_contains (words, "Pick"));
}

static void
test_headers (gconstpointer data)
{
  const Game *g = data;
  g_autofree char *dir = test_make_dir ();
  g_autofree char *sample = NULL;
  g_autoptr(CliResult) undone = NULL;
  g_autofree char *steps = NULL;
  guint lines;

  if (!have_pdftotext ())
    {
      g_test_skip ("pdftotext (Debian package poppler-utils) is not installed");
      return;
    }
  cli_play_sample (dir, g->game, g->players, "Headers", &sample);
  lines = count_lines (sample);
  check_export (g, dir, "end");

  steps = g_strdup_printf ("%u", lines / 2);
  undone = cli_run (dir, NULL, "undo", "c.db", "--steps", steps, NULL);
  g_assert_cmpint (undone->status, ==, 0);
  check_export (g, dir, "mid");
  test_remove_dir (dir);
}

/* A table longer than a page repeats its heading row on the next: Cricchio's pieces. */
static void
test_header_repeated (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *sample_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples",
                                                        "cricchio-sample.jsonl", NULL);
  g_autofree char *sample = NULL, *text = NULL, *path = g_build_filename (dir, "c.pdf", NULL);
  g_autoptr(CliResult) created = NULL, played = NULL, exported = NULL;
  g_auto(GStrv) pages = NULL;
  guint with_heading = 0, continued = 0;

  if (!have_pdftotext ())
    {
      g_test_skip ("pdftotext (Debian package poppler-utils) is not installed");
      return;
    }
  g_assert_true (g_file_get_contents (sample_path, &sample, NULL, NULL));
  created = cli_run (dir, NULL, "new", "c.db", "--game", "cricchio", "--name", "Headers", "--player", "Black",
                     "--player", "Blue", "--player", "Red", "--player", "White", NULL);
  g_assert_cmpint (created->status, ==, 0);
  played = cli_run (dir, sample, "act", "c.db", NULL);
  g_assert_cmpint (played->status, ==, 0);
  exported = cli_run (dir, NULL, "export", "c.db", "--format", "pdf", "-o", "c.pdf", NULL);
  g_assert_cmpint (exported->status, ==, 0);
  text = pdf_to_text (path);
  pages = g_strsplit (strstr (text, "Pieces") != NULL ? strstr (text, "Pieces") : text, "\f", -1);
  /* Every page the pieces' table runs over starts its rows under the heading row. */
  for (guint p = 0; pages[p] != NULL; p++)
    {
      g_autoptr(GRegex) heading = g_regex_new ("^\\s*Where\\s+Kind\\s+Owner", G_REGEX_MULTILINE, 0, NULL);
      g_autoptr(GRegex) square = g_regex_new ("^\\s*[a-n]1?[0-9]\\s+\\S", G_REGEX_MULTILINE, 0, NULL);

      if (!g_regex_match (square, pages[p], 0, NULL))
        continue;
      continued++;
      if (g_regex_match (heading, pages[p], 0, NULL))
        with_heading++;
    }
  g_test_message ("the pieces' table runs over %u pages, %u headed", continued, with_heading);
  g_assert_cmpuint (continued, >=, 2);
  g_assert_cmpuint (with_heading, ==, continued);
  test_remove_dir (dir);
}

/* Issue 45: TFT's exports head a fight's turns as the fight counts them: the row that ends turn
 * N of fight F stands under "Fight F, turn N" (the campaign's turns ran one ahead: "Turn 8 of
 * fight 1 ends" under "Turn 9"). */
static void
test_tft_turns (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *sample = NULL, *md = NULL, *path = g_build_filename (dir, "c.md", NULL);
  g_autoptr(CliResult) r = NULL;
  g_autoptr(GRegex) ends = g_regex_new ("Turn (\\d+) of fight (\\d+) ends", 0, 0, NULL);
  g_auto(GStrv) lines = NULL;
  const char *heading = "";
  guint checked = 0;

  cli_play_sample (dir, games[1].game, games[1].players, "Turns", &sample);
  r = cli_run (dir, NULL, "export", "c.db", "--format", "md", "-o", "c.md", NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_true (g_file_get_contents (path, &md, NULL, NULL));
  lines = g_strsplit (md, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GMatchInfo) match = NULL;

      if (g_str_has_prefix (lines[i], "### "))
        heading = lines[i] + 4;
      else if (g_regex_match (ends, lines[i], 0, &match))
        {
          g_autofree char *turn = g_match_info_fetch (match, 1), *fight = g_match_info_fetch (match, 2);
          g_autofree char *want = g_strdup_printf ("Fight %s, turn %s", fight, turn);

          g_assert_cmpstr (heading, ==, want);
          checked++;
        }
    }
  g_test_message ("%u turns of a fight, each under its own heading", checked);
  /* the book's nine turns (p. 20: TURN 1 … TURN 9) */
  g_assert_cmpuint (checked, ==, 9);
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/export/headers/%s", games[i].game);

      g_test_add_data_func (path, &games[i], test_headers);
    }
  g_test_add_func ("/export/headers/repeated", test_header_repeated);
  g_test_add_func ("/export/headers/tft-turns", test_tft_turns);
  return g_test_run ();
}
