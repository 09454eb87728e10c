/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-names.c — names are text a referee typed, not markup (issue 36): seat names are trimmed,
 * names with control characters or over 40 characters are refused with a clear message (seats
 * in every game, TFT's figures), and hostile names that are allowed come out of every export
 * format as text: Markdown rows and headings stay whole, HTML is escaped, JSON and PDF exact. */
#include <string.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "mg-campaign.h"
#include "mg-export.h"
#include "cli-test-util.h"

typedef struct {
  const char *game;
  guint       players;
} Game;

static const Game games[] = {
  { "meeple", 2 }, { "tft", 1 }, { "mecaknights", 2 }, { "lamame", 2 }, { "cricchio", 2 },
};

static const struct {
  const char *name;
  const char *says;
} refused[] = {
  { "B|lue\nx", "control character" },
  { "Tab\there", "control character" },
  { "Evil\u202Eeman", "control character" },
  { "Bell\a", "control character" },
  { "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "at most 40" },   /* 41 */
};

static void
test_seats_refused (void)
{
  g_autofree char *dir = test_make_dir ();

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint r = 0; r < G_N_ELEMENTS (refused); r++)
      {
        const char *argv[] = { "new", "c.db", "--game", games[g].game, "--name", "N",
                               "--player", refused[r].name, "--player", "Other", NULL };
        g_autofree char *path = g_build_filename (dir, "c.db", NULL);
        g_autoptr(CliResult) res = NULL;

        if (games[g].players == 1)
          argv[8] = NULL;
        res = cli_run_argv (dir, NULL, argv);
        g_assert_cmpint (res->status, ==, 1);
        if (strstr (res->err, refused[r].says) == NULL)
          g_error ("%s, “%s”: %s", games[g].game, refused[r].name, res->err);
        /* the message shows the name on one line */
        g_assert_cmpuint (count_lines (res->err), ==, 1);
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      }
  test_remove_dir (dir);
}

/* Spaces typed around a seat's name are not part of it; 40 characters are enough. */
static void
test_seats_trimmed (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  static const char *const players[] = { "  Blue ", "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "meeple", "Trim", players, NULL, 1, &error);
  const char * const *names;

  g_assert_no_error (error);
  names = mg_campaign_get_players (c);
  g_assert_cmpstr (names[0], ==, "Blue");
  g_assert_cmpuint (strlen (names[1]), ==, 40);
  g_clear_object (&c);
  test_remove_dir (dir);
}

static void
test_figures_refused (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(CliResult) made = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "N",
                                       "--player", "Referee", NULL);
  g_autoptr(GString) input = g_string_new (NULL);
  static const char *const names[] = { "Rag\\nnar", "Rag\\tnar", " Ragnar", "Ragnar ",
                                       "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" };
  g_autoptr(CliResult) r = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (made->status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_string_append_printf (input, "{\"type\":\"create_figure\",\"figure\":\"%s\",\"kind\":\"human\","
                            "\"st\":11,\"dx\":13,\"weapons\":[\"dagger\"],\"ready\":\"dagger\"}\n", names[i]);
  g_string_append (input, "{\"type\":\"create_figure\",\"figure\":\"Ragnar\",\"kind\":\"human\","
                          "\"st\":11,\"dx\":13,\"weapons\":[\"dagger\"],\"ready\":\"dagger\"}\n");
  r = cli_run (dir, input->str, "act", "c.db", NULL);
  lines = g_strsplit (r->out, "\n", -1);
  g_assert_cmpuint (count_lines (r->out), ==, G_N_ELEMENTS (names) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_nonnull (strstr (lines[i], "\"ok\":false"));
      g_assert_true (strstr (lines[i], "control character") || strstr (lines[i], "at most 40") ||
                     strstr (lines[i], "begins or ends with a space"));
    }
  g_assert_nonnull (strstr (lines[G_N_ELEMENTS (names)], "\"ok\":true"));
  test_remove_dir (dir);
}

/* A campaign whose journal holds a name the check refuses now (played before it existed, or
 * in an older version with a longer limit) still opens: names are not checked on replay. */
static void
test_older_names_open (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *db = g_build_filename (dir, "c.db", NULL);
  g_autoptr(CliResult) made = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "N",
                                       "--player", "Referee", NULL);
  g_autoptr(CliResult) r = NULL;
  const char *long_name = "Ragnar the Unusually Long-Named of the North";   /* 45 characters */
  g_autofree char *sql = g_strdup_printf (
      "UPDATE journal SET action = replace(action, 'Ragnar', '%s'); DELETE FROM snapshot WHERE seq > 0;", long_name);
  const char *argv[] = { "sqlite3", db, sql, NULL };
  g_autofree char *sqlite3 = g_find_program_in_path ("sqlite3");
  int status = -1;

  g_assert_cmpint (made->status, ==, 0);
  r = cli_run (dir, "{\"type\":\"create_figure\",\"figure\":\"Ragnar\",\"kind\":\"human\","
                    "\"st\":11,\"dx\":13,\"weapons\":[\"dagger\"],\"ready\":\"dagger\"}\n", "act", "c.db", NULL);
  g_assert_nonnull (strstr (r->out, "\"ok\":true"));
  g_clear_pointer (&r, cli_result_free);
  if (sqlite3 == NULL)
    {
      g_test_skip ("sqlite3 is not installed (Debian package sqlite3)");
      test_remove_dir (dir);
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  r = cli_run (dir, NULL, "state", "c.db", NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, long_name));
  test_remove_dir (dir);
}

#define HOSTILE_A "B|lue *x* _y_"
#define HOSTILE_B "#<R&amp;d>~~s~~[l](u)`c`!"

static char *
export_raw (MgCampaign *c, const char *dir, MgExportFormat format, gsize *len)
{
  g_autofree char *out = g_build_filename (dir, "export.out", NULL);
  g_autoptr(GError) error = NULL;
  MgExportScope scope = { 0, 0 };
  char *text = NULL;

  g_unlink (out);
  g_assert_true (mg_export_write (c, format, scope, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (out, &text, len, NULL));
  return text;
}

/* Pipes not escaped by a backslash: the cells of a Markdown table row, plus one. */
static guint
row_pipes (const char *line)
{
  guint n = 0;

  for (const char *p = line; *p; p++)
    if (*p == '\\' && p[1])
      p++;
    else if (*p == '|')
      n++;
  return n;
}

static void
assert_markdown (const char *md)
{
  g_auto(GStrv) lines = g_strsplit (md, "\n", -1);
  guint header = 0;

  /* the title is one line (a line break in a campaign's name is refused: test_campaign_names) */
  g_assert_true (g_str_has_prefix (lines[0], "# Camp\\|aign \\#1 line2"));
  g_assert_nonnull (strstr (md, "B\\|lue \\*x\\* \\_y\\_"));
  g_assert_nonnull (strstr (md, "\\#\\<R\\&amp;d\\>\\~\\~s\\~\\~\\[l\\](u)\\`c\\`\\!"));
  for (guint i = 0; lines[i]; i++)
    {
      if (lines[i][0] != '|')
        {
          header = 0;
          continue;
        }
      if (header == 0)
        header = row_pipes (lines[i]);
      else if (row_pipes (lines[i]) != header)
        g_error ("Markdown row “%s” does not have the %u cells of its header", lines[i], header - 1);
    }
}

static void
test_exports (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "h.db", NULL);
  static const char *const players[] = { HOSTILE_A, HOSTILE_B, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "meeple", "Camp|aign #1 line2", players, NULL, 1, &error);
  g_autoptr(TestJson) roll = json_tokener_parse ("{\"type\":\"roll\",\"player\":\"" HOSTILE_A "\","
                                                 "\"dice\":[1,1,1,1,1,1,2,2]}");
  g_autoptr(MgJournalEntry) e = NULL;
  g_autofree char *md = NULL, *html = NULL, *json = NULL;
  g_autoptr(TestJson) parsed = NULL;
  gsize len;

  g_assert_no_error (error);
  e = mg_campaign_act (c, roll, &error);
  g_assert_no_error (error);

  md = export_raw (c, dir, MG_EXPORT_MARKDOWN, &len);
  assert_markdown (md);

  html = export_raw (c, dir, MG_EXPORT_HTML, &len);
  g_assert_null (strstr (html, "<R&"));
  g_assert_nonnull (strstr (html, "#&lt;R&amp;amp;d&gt;~~s~~[l](u)`c`!"));
  g_assert_nonnull (strstr (html, "B|lue *x* _y_"));

  json = export_raw (c, dir, MG_EXPORT_JSON, &len);
  parsed = json_tokener_parse (json);
  g_assert_nonnull (parsed);
  g_assert_nonnull (strstr (json, "\"" HOSTILE_A "\""));
  g_assert_nonnull (strstr (json, "Camp|aign #1 line2"));

  if (mg_export_has_pdf ())
    {
      g_autofree char *raw = export_raw (c, dir, MG_EXPORT_PDF, &len);
      g_autofree char *text = pdf_extract_text (raw, len);

      g_assert_nonnull (text);
      g_assert_nonnull (strstr (text, "B|lue *x* _y_"));
      g_assert_nonnull (strstr (text, "#<R&amp;d>~~s~~[l](u)`c`!"));
    }
  g_clear_object (&c);
  test_remove_dir (dir);
}

/* Campaign and session names follow the rules of player names (issue 42): a line break, ESC
 * or a bidirectional override is refused with the players' message; `sessions` shows a name
 * written before that (by sqlite3, an older Melee GM) escaped, never raw to the terminal. */
static void
test_campaign_names (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  static const char *bad[] = { "Two\nlines", "Esc\x1b[31mape", "Evil\u202Eeman" };
  sqlite3 *db = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *new_argv[] = { "new", "c.db", "--game", "meeple", "--name", bad[i], "--player", "Red",
                                 "--player", "Blue", NULL };
      g_autoptr(CliResult) r = cli_run_argv (dir, NULL, new_argv);

      g_assert_cmpint (r->status, ==, 1);
      g_assert_nonnull (strstr (r->err, "control character"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  test_game_new (dir, &cli_games[0], "c.db");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *session_argv[] = { "session", "c.db", "--name", bad[i], NULL };
      g_autoptr(CliResult) r = cli_run_argv (dir, NULL, session_argv);

      g_assert_cmpint (r->status, ==, 1);
      g_assert_nonnull (strstr (r->err, "control character"));
    }
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO session (name, started) VALUES "
                                     "('Forged\n2\t2026-01-01 00:00\tNot a session\x1b[2J\u202E', 0)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  {
    const char *argv[] = { "sessions", "c.db", NULL };
    g_autoptr(CliResult) r = cli_run_argv (dir, NULL, argv);

    g_assert_cmpint (r->status, ==, 0);
    g_assert_cmpuint (count_lines (r->out), ==, 2);   /* no forged line */
    g_assert_null (strchr (r->out, '\x1b'));
    g_assert_null (strstr (r->out, "\u202E"));
    g_assert_nonnull (strstr (r->out, "Forged\\u000A2\\u00092026"));
  }
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/names/seats/refused", test_seats_refused);
  g_test_add_func ("/names/seats/trimmed", test_seats_trimmed);
  g_test_add_func ("/names/figures/refused", test_figures_refused);
  g_test_add_func ("/names/exports", test_exports);
  g_test_add_func ("/names/older-names-open", test_older_names_open);
  g_test_add_func ("/names/campaign-and-session", test_campaign_names);
  return g_test_run ();
}
