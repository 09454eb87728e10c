/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export.c — the turn summaries: Markdown, HTML, JSON and PDF; a turn, a session, the
 * whole campaign; the rulebook's sample battle told as the rulebook tells it; nothing secret. */
#define _GNU_SOURCE
#include <string.h>
#include <glib/gstdio.h>

#include "mg-campaign.h"
#include "mg-export-async.h"
#include "mg-game.h"
#include "cli-test-util.h"

static const char * const players[] = { "Red", "Blue", NULL };

static MgCampaign *
new_campaign (const char *dir, const char *file, const char *name)
{
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;
  MgCampaign *c = mg_campaign_create (path, "meeple", name, players, NULL, 7, &error);

  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static MgJournalEntry *
act (MgCampaign *c, const char *text)
{
  g_autoptr(TestJson) action = json_tokener_parse (text);
  g_autoptr(GError) error = NULL;
  MgJournalEntry *e;

  g_assert_nonnull (action);
  e = mg_campaign_act (c, action, &error);
  g_assert_no_error (error);
  g_assert_nonnull (e);
  return e;
}

static void
act_all (MgCampaign *c, const char * const *lines)
{
  for (const char * const *l = lines; *l; l++)
    mg_journal_entry_free (act (c, *l));
}

/* The battles before the rulebook's sample: Blue wins the first, Red the next two, so the
 * casualty track shows Red 1, Blue 2 ("6 for blue and 7 for red"). */
static const char * const before_sample[] = {
  "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}",
  "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}",
  "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":6}",
  "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6,\"kick\":0,\"punch\":0}",
  "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,1]}",
  "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[3,3,3,3,3,3,3,3]}",
  "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":5,\"kick\":0,\"punch\":0}",
  "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":0,\"kick\":0,\"punch\":5}",
  "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,1]}",
  "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[3,3,3,3,3,3,3]}",
  "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":5,\"kick\":0,\"punch\":0}",
  "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":0,\"kick\":0,\"punch\":5}",
  NULL
};

/* The sample battle: Red rolls 7, Blue 6.  Red changes a Sweep to a Kick and picks 2 Sweep,
 * 3 Kick.  Blue rerolls all but its one Punch, changes a Sweep into another Punch, and picks
 * 3 Punch, 2 Kick. */
static const char * const sample_battle[] = {
  "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,3,3]}",
  "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[3,1,1,2,1,1]}",
  "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":0,\"face\":\"kick\"}",
  "{\"type\":\"reroll\",\"player\":\"Blue\",\"meeples\":[1,2,3,4,5],\"dice\":[2,2,3,1,1]}",
  "{\"type\":\"set\",\"player\":\"Blue\",\"meeple\":4,\"face\":\"punch\"}",
  "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":2,\"kick\":3,\"punch\":0}",
  NULL
};
static const char sample_resolve[] =
  "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":0,\"kick\":2,\"punch\":3}";

typedef struct {
  char       *dir;
  MgCampaign *campaign;
  gint        sample_turn;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(MgJournalEntry) resolved = NULL;

  f->dir = test_make_dir ();
  f->campaign = new_campaign (f->dir, "sample.db", "The Sample Battle");
  act_all (f->campaign, before_sample);
  act_all (f->campaign, sample_battle);
  resolved = act (f->campaign, sample_resolve);
  f->sample_turn = resolved->turn;
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->campaign);
  test_remove_dir (f->dir);
  g_free (f->dir);
}

static char *
export_to_string (MgCampaign *c, const char *dir, MgExportFormat format, gint turn, gint64 session,
                  gsize *len)
{
  g_autofree char *out = g_build_filename (dir, "export.out", NULL);
  g_autoptr(GError) error = NULL;
  MgExportScope scope = { turn, session };
  char *text = NULL;

  g_unlink (out);
  g_assert_true (mg_export_write (c, format, scope, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (out, &text, len, &error));
  g_assert_no_error (error);
  return text;
}

/* The text a reader sees, whatever the format. */
static char *
export_text (MgCampaign *c, const char *dir, MgExportFormat format, gint turn, gint64 session)
{
  gsize len = 0;
  g_autofree char *raw = export_to_string (c, dir, format, turn, session, &len);

  if (format == MG_EXPORT_PDF)
    {
      char *text = pdf_extract_text (raw, len);

      g_assert_nonnull (text);
      return text;
    }
  if (format == MG_EXPORT_HTML)
    {
      /* Tags out, the entities that escaping puts in back. */
      g_autoptr(GRegex) tags = g_regex_new ("<[^>]*>", 0, 0, NULL);
      g_autofree char *plain = g_regex_replace_literal (tags, raw, -1, 0, "", 0, NULL);
      g_autoptr(GString) s = g_string_new (plain);

      g_string_replace (s, "&#39;", "'", 0);
      g_string_replace (s, "&quot;", "\"", 0);
      g_string_replace (s, "&lt;", "<", 0);
      g_string_replace (s, "&gt;", ">", 0);
      g_string_replace (s, "&amp;", "&", 0);
      return g_string_free (g_steal_pointer (&s), FALSE);
    }
  return g_steal_pointer (&raw);
}

/* Whitespace left out on both sides: a PDF breaks a sentence into lines wherever it must. */
static char *
squash (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    if (!g_ascii_isspace (*p))
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

static const char *
has (const char *text, const char *needle)
{
  g_autofree char *t = squash (text);
  g_autofree char *n = squash (needle);
  const char *at = strstr (t, n);

  /* Only whether it is there matters: a pointer into `text` that is not NULL. */
  return at != NULL ? text : NULL;
}

/* The PDF's text as pdftotext (poppler-utils) reads it, when installed, else as the test's
 * own extractor does; pages end in a form feed with pdftotext. */
static char *
pdf_text_of (const char *raw, gsize len, const char *dir)
{
  g_autofree char *tool = g_find_program_in_path ("pdftotext");
  g_autofree char *in = g_build_filename (dir, "text-of.pdf", NULL);
  char *out = NULL;
  int status = 1;

  if (tool != NULL && g_file_set_contents (in, raw, len, NULL))
    {
      const char *argv[] = { tool, "-layout", in, "-", NULL };

      if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                         &out, NULL, &status, NULL) || status != 0)
        g_clear_pointer (&out, g_free);
    }
  return out != NULL ? out : pdf_extract_text (raw, len);
}

/* How many times `heading` stands as a turn's heading: a Markdown "###" line, an HTML <h3>, a
 * JSON "heading", a line of its own in the PDF. */
static guint
count_headings (MgExportFormat format, const char *raw, gsize len, const char *dir, const char *heading)
{
  g_autofree char *needle = NULL;
  g_autofree char *pdf = NULL;
  guint n = 0;

  switch (format)
    {
    case MG_EXPORT_MARKDOWN:
      needle = g_strdup_printf ("\n### %s\n", heading);
      break;
    case MG_EXPORT_HTML:
      needle = g_strdup_printf ("<h3>%s</h3>", heading);
      break;
    case MG_EXPORT_JSON:
      needle = g_strdup_printf ("\"heading\":\"%s\"", heading);
      break;
    default:
      {
        g_auto(GStrv) lines = NULL;
        guint title = 0;

        pdf = pdf_text_of (raw, len, dir);
        g_assert_nonnull (pdf);
        lines = g_strsplit_set (pdf, "\n\f", -1);
        /* Past the title block: the campaign, the game and players, the scope. */
        for (guint i = 0; lines[i] != NULL; i++)
          if (*g_strstrip (lines[i]) && ++title > 3)
            n += g_str_equal (lines[i], heading);
        return n;
      }
    }
  for (const char *p = raw; (p = strstr (p, needle)) != NULL; p++)
    n++;
  return n;
}

static const MgExportFormat all_formats[] = {
  MG_EXPORT_MARKDOWN, MG_EXPORT_HTML, MG_EXPORT_JSON, MG_EXPORT_PDF,
};

/* The rulebook's sample battle as the rulebook tells it: Red revealed 2 Sweep and 3 Kick, Blue
 * 3 Punch and 2 Kick; Blue wins on Punch; Red places another meeple on the casualty track
 * (Red had 1, so now 2). */
static void
test_sample_battle_sentence (Fixture *f, gconstpointer data)
{
  /* The fourth battle of the campaign: turns count battles from 1, and a Meeple Melee export
   * calls a turn a battle, as the Battle page does. */
  g_assert_cmpint (f->sample_turn, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (all_formats); i++)
    {
      gsize len = 0;
      g_autofree char *raw = export_to_string (f->campaign, f->dir, all_formats[i], f->sample_turn, 0, &len);
      g_autofree char *text = export_text (f->campaign, f->dir, all_formats[i], f->sample_turn, 0);
      g_autofree char *told = squash (text);
      const char *at = strstr (told, "Battle4");

      g_test_message ("format %u", i);
      /* One heading for the turn, then one line per action, in order. */
      g_assert_cmpuint (count_headings (all_formats[i], raw, len, f->dir, "Battle 4"), ==, 1);
      g_assert_cmpuint (count_headings (all_formats[i], raw, len, f->dir, "Battle 3"), ==, 0);
      g_assert_nonnull (at);
      g_assert_nonnull (has (at, "Red rolled 7 meeples."));
      g_assert_nonnull (has (at, "Red revealed 2 Sweep, 3 Kick; Blue 3 Punch, 2 Kick."));
      g_assert_nonnull (has (at, "Blue wins on Punch"));
      g_assert_nonnull (has (at, "Red loses a meeple (2 casualties)."));
      g_assert_true (strstr (told, "Redrolled7meeples.") < strstr (told, "Redrevealed2Sweep"));
      /* Red's 7 meeples showed 3 Sweep, 2 Kick, 2 Punch behind the screen; only the 5 picked
       * were revealed, so the roll is not told even with the battle over (issue 41). */
      g_assert_null (has (text, "3 Sweep · 2 Kick · 2 Punch"));
      /* Only that turn: the earlier battles' actions are not in it. */
      g_assert_null (has (text, "Red rolled 8 meeples."));
    }
}

/* One line per action: the Markdown of the sample turn has exactly its 7 actions, each line
 * naming who acted. */
static void
test_one_line_per_action (Fixture *f, gconstpointer data)
{
  gsize len = 0;
  g_autofree char *md = export_to_string (f->campaign, f->dir, MG_EXPORT_MARKDOWN, f->sample_turn, 0, &len);
  g_auto(GStrv) lines = g_strsplit (md, "\n", -1);
  guint actions = 0, red = 0, blue = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "- **"))
      {
        actions++;
        red += g_str_has_prefix (lines[i], "- **Red** — ");
        blue += g_str_has_prefix (lines[i], "- **Blue** — ");
      }
  /* The sample battle: 2 rolls, Red's set, Blue's reroll and set, 2 picks. */
  g_assert_cmpuint (actions, ==, 7);
  g_assert_cmpuint (red, ==, 3);
  g_assert_cmpuint (blue, ==, 4);
}

/* The JSON export carries the public events: the battle as the rulebook resolves it. */
static void
test_json_structure (Fixture *f, gconstpointer data)
{
  g_autofree char *text = export_text (f->campaign, f->dir, MG_EXPORT_JSON, 0, 0);
  g_autoptr(TestJson) doc = json_tokener_parse (text);
  json_object *sessions, *turns, *turn4 = NULL, *standing, *red = NULL, *blue = NULL;
  gboolean found_battle = FALSE;

  g_assert_nonnull (doc);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (doc, "campaign")), ==, "The Sample Battle");
  g_assert_cmpstr (json_object_get_string (json_object_object_get (doc, "game")), ==, "meeple");
  sessions = json_object_object_get (doc, "sessions");
  g_assert_cmpint (json_object_array_length (sessions), ==, 1);
  turns = json_object_object_get (json_object_array_get_idx (sessions, 0), "turns");
  /* Four battles, one turn each. */
  g_assert_cmpint (json_object_array_length (turns), ==, 4);
  for (size_t i = 0; i < 4; i++)
    {
      json_object *t = json_object_array_get_idx (turns, i);

      g_assert_cmpint (json_object_get_int (json_object_object_get (t, "turn")), ==, (int) i + 1);
      if (i == 3)
        turn4 = t;
    }
  /* 7 actions in the sample battle: 2 rolls, 3 actions, 2 picks. */
  g_assert_cmpint (json_object_array_length (json_object_object_get (turn4, "actions")), ==, 7);
  for (size_t i = 0; i < 7; i++)
    {
      json_object *events = json_object_object_get (json_object_array_get_idx (
                              json_object_object_get (turn4, "actions"), i), "events");

      for (size_t k = 0; k < json_object_array_length (events); k++)
        {
          json_object *e = json_object_array_get_idx (events, k);

          g_assert_false (json_object_object_get_ex (e, "seat", NULL));
          if (g_str_equal (json_object_get_string (json_object_object_get (e, "type")), "battle"))
            {
              json_object *cas = json_object_object_get (e, "casualties");

              found_battle = TRUE;
              g_assert_cmpstr (json_object_get_string (json_object_object_get (e, "winner")), ==, "Blue");
              g_assert_cmpstr (json_object_get_string (json_object_object_get (e, "on")), ==, "punch");
              g_assert_cmpint (json_object_get_int (json_object_object_get (cas, "Red")), ==, 2);
              g_assert_cmpint (json_object_get_int (json_object_object_get (cas, "Blue")), ==, 2);
            }
        }
    }
  g_assert_true (found_battle);

  /* The standing after: Red 2 casualties, Blue 2; next battle both may take 2 actions and
   * still pick 5 meeples ("In the next battle, both players may now use up to 2 actions but
   * still pick 5 meeples"). */
  standing = json_object_object_get (doc, "standing");
  for (size_t i = 0; i < 2; i++)
    {
      json_object *p = json_object_array_get_idx (json_object_object_get (standing, "players"), i);
      const char *name = json_object_get_string (json_object_object_get (p, "name"));

      if (g_str_equal (name, "Red"))
        red = p;
      else
        blue = p;
    }
  g_assert_cmpint (json_object_get_int (json_object_object_get (red, "casualties")), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_object_get (blue, "casualties")), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_object_get (red, "actions_allowed")), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_object_get (blue, "actions_allowed")), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_object_get (standing, "reveal")), ==, 5);
}

/* The standing is told in the engine's sentences in every format a person reads, with the
 * rulebook's numbers after the sample battle: both at 2 casualties, both may use 2 actions
 * and still pick 5 meeples. */
static gboolean
contains_ignoring_space (const char *text, const char *needle)
{
  /* A PDF line may break wherever a space was, and the extractor keeps no space there. */
  g_autoptr(GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);
  g_autofree char *t = g_regex_replace_literal (space, text, -1, 0, "", 0, NULL);
  g_autofree char *n = g_regex_replace_literal (space, needle, -1, 0, "", 0, NULL);

  return strstr (t, n) != NULL;
}

static void
test_standing_text (Fixture *f, gconstpointer data)
{
  static const MgExportFormat formats[] = { MG_EXPORT_MARKDOWN, MG_EXPORT_HTML, MG_EXPORT_JSON, MG_EXPORT_PDF };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *text = export_text (f->campaign, f->dir, formats[i], 0, 0);

      g_test_message ("format %u", i);
      g_assert_true (contains_ignoring_space (text, "Red: 2 casualties"));
      g_assert_true (contains_ignoring_space (text, "Blue: 2 casualties"));
      g_assert_true (contains_ignoring_space (text, "Red rolls 6 and may take 2 actions, Blue rolls 6 and may take 2"));
      g_assert_true (contains_ignoring_space (text, "each reveals 5"));
      /* The state's own field names are not what a player reads. */
      if (formats[i] != MG_EXPORT_JSON)
        g_assert_false (contains_ignoring_space (text, "actions_allowed"));
    }
}

/* Every format for every scope: a title, the turns in the scope, the standing. */
static void
test_scopes (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  gint64 second;

  /* A second session with one more battle's rolls. */
  second = mg_campaign_new_session (f->campaign, "Second evening", &error);
  g_assert_no_error (error);
  g_assert_cmpint (second, >, 1);
  mg_journal_entry_free (act (f->campaign, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1]}"));

  for (guint i = 0; i < G_N_ELEMENTS (all_formats); i++)
    {
      g_autofree char *all = export_text (f->campaign, f->dir, all_formats[i], 0, 0);
      g_autofree char *first = export_text (f->campaign, f->dir, all_formats[i], 0, 1);
      g_autofree char *two = export_text (f->campaign, f->dir, all_formats[i], 0, second);

      g_test_message ("format %u", i);
      for (const char **t = (const char *[]) { all, first, two, NULL }; *t; t++)
        {
          g_assert_nonnull (has (*t, "The Sample Battle"));
          g_assert_nonnull (has (*t, "Meeple Melee"));
          g_assert_nonnull (has (*t, "Red"));
          g_assert_nonnull (has (*t, "Blue"));
        }
      /* The whole campaign has both sessions; each session only its own turns. */
      g_assert_nonnull (has (all, "Second evening"));
      g_assert_nonnull (has (two, "Red rolled 6 meeples."));
      g_assert_null (has (first, "Red rolled 6 meeples."));
      {
        gsize la, lf, l2;
        g_autofree char *raw_all = export_to_string (f->campaign, f->dir, all_formats[i], 0, 0, &la);
        g_autofree char *raw_first = export_to_string (f->campaign, f->dir, all_formats[i], 0, 1, &lf);
        g_autofree char *raw_two = export_to_string (f->campaign, f->dir, all_formats[i], 0, second, &l2);

        g_assert_cmpuint (count_headings (all_formats[i], raw_all, la, f->dir, "Battle 1"), ==, 1);
        g_assert_cmpuint (count_headings (all_formats[i], raw_all, la, f->dir, "Battle 5"), ==, 1);
        g_assert_cmpuint (count_headings (all_formats[i], raw_first, lf, f->dir, "Battle 4"), ==, 1);
        g_assert_cmpuint (count_headings (all_formats[i], raw_first, lf, f->dir, "Battle 5"), ==, 0);
        g_assert_cmpuint (count_headings (all_formats[i], raw_two, l2, f->dir, "Battle 5"), ==, 1);
        g_assert_cmpuint (count_headings (all_formats[i], raw_two, l2, f->dir, "Battle 4"), ==, 0);
      }
    }

  /* Turn 4 was played in session 1; the current session is 2: the turn is found there. */
  {
    g_autofree char *turn4 = export_text (f->campaign, f->dir, MG_EXPORT_MARKDOWN, 4, 0);
    g_autoptr(GError) error = NULL;
    g_autofree char *out = g_build_filename (f->dir, "none.md", NULL);

    g_assert_nonnull (has (turn4, "### Battle 4"));
    g_assert_nonnull (has (turn4, "- **Red** — Red rolled 7 meeples."));
    /* …but not when the session is named and the turn is not in it. */
    g_assert_false (mg_export_write (f->campaign, MG_EXPORT_MARKDOWN, (MgExportScope) { 4, second }, out, &error));
    g_assert_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE);
  }
}

/* Page objects ("/Type /Page", not "/Type /Pages"); memmem: a PDF holds NUL bytes. */
static guint
count_pages (const char *pdf, gsize len)
{
  guint pages = 0;

  for (const char *p = pdf; (p = memmem (p, pdf + len - p, "/Type /Page", 11)) != NULL; p++)
    pages += p[11] != 's';
  return pages;
}

static void
test_pdf_pages (Fixture *f, gconstpointer data)
{
  gsize len = 0;
  g_autofree char *pdf = export_to_string (f->campaign, f->dir, MG_EXPORT_PDF, 0, 0, &len);
  g_autofree char *tail = NULL;
  guint pages = 0;

  g_assert_cmpuint (len, >, 1000);
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  tail = g_strndup (pdf + len - MIN (len, 32), MIN (len, 32));
  g_assert_nonnull (strstr (tail, "%%EOF"));
  pages = count_pages (pdf, len);
  g_assert_cmpuint (pages, >=, 1);
  /* The title is in the document's metadata too. */
  g_assert_nonnull (memmem (pdf, len, "(The Sample Battle)", 19));

  /* Its first page as a picture, kept beside the UI tests' screenshots (poppler-utils). */
  {
    g_autofree char *tool = g_find_program_in_path ("pdftoppm");
    const char *dir = g_getenv ("MG_SCREENSHOT_DIR") != NULL ? g_getenv ("MG_SCREENSHOT_DIR")
                                                              : g_getenv ("G_TEST_BUILDDIR");
    g_autofree char *in = g_build_filename (f->dir, "page.pdf", NULL);
    g_autofree char *stem = g_build_filename (dir != NULL ? dir : ".", "test-export-page-1", NULL);
    g_autofree char *png = g_strconcat (stem, ".png", NULL);
    g_autofree char *head = NULL;
    int status = 1;

    if (tool == NULL)
      {
        g_test_message ("pdftoppm (poppler-utils) not installed: no picture of the page");
        return;
      }
    g_assert_true (g_file_set_contents (in, pdf, len, NULL));
    g_unlink (png);
    {
      const char *argv[] = { tool, "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", in, stem, NULL };

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                   NULL, NULL, &status, NULL));
    }
    g_assert_cmpint (status, ==, 0);
    g_assert_true (g_file_get_contents (png, &head, &len, NULL));
    g_assert_true (len > 8 && memcmp (head, "\x89PNG", 4) == 0);
    g_test_message ("page: %s", png);
  }
}

/* A long campaign pages through the journal (1000 rows a page) and spills onto many PDF pages:
 * every battle appears exactly once, in order. */
static void
test_long_campaign (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(MgCampaign) c = new_campaign (dir, "long.db", "Long");
  g_autoptr(GPtrArray) lines = meeple_stream (mg_campaign_get_state (c), mg_campaign_get_ruleset (c), 2600);
  g_autofree char *json = NULL;
  g_autofree char *md = NULL;
  g_autoptr(TestJson) doc = NULL;
  json_object *turns;
  gint last_turn;
  gsize len;
  g_autofree char *pdf = NULL;
  guint pages = 0;

  for (guint i = 0; i < lines->len; i++)
    mg_journal_entry_free (act (c, g_ptr_array_index (lines, i)));
  last_turn = mg_state_turn (mg_campaign_get_state (c));

  json = export_to_string (c, dir, MG_EXPORT_JSON, 0, 0, &len);
  doc = json_tokener_parse (json);
  g_assert_nonnull (doc);
  turns = json_object_object_get (json_object_array_get_idx (json_object_object_get (doc, "sessions"), 0), "turns");
  g_assert_cmpint ((gint) json_object_array_length (turns), >=, last_turn - 1);
  for (size_t i = 0; i < json_object_array_length (turns); i++)
    g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_array_get_idx (turns, i), "turn")),
                     ==, (int) i + 1);

  md = export_to_string (c, dir, MG_EXPORT_MARKDOWN, 0, 0, &len);
  for (gint t = 1; t < last_turn; t++)
    {
      g_autofree char *needle = g_strdup_printf ("\n### Battle %d\n", t);
      const char *at = strstr (md, needle);

      g_assert_nonnull (at);
      g_assert_null (strstr (at + 1, needle));
    }

  pdf = export_to_string (c, dir, MG_EXPORT_PDF, 0, 0, &len);
  pages = count_pages (pdf, len);
  g_assert_cmpuint (pages, >, 10);
  /* Every page numbered; from the second on, headed by the campaign and the scope. */
  {
    g_autofree char *text = pdf_text_of (pdf, len, dir);
    g_autofree char *last = g_strdup_printf ("Page %u", pages);
    g_autofree char *folded = squash (text);
    guint headers = 0;

    g_assert_nonnull (has (text, "Page 1"));
    g_assert_nonnull (has (text, "Page 2"));
    g_assert_nonnull (has (text, last));
    for (const char *p = folded; (p = strstr (p, "Long—Thewholecampaign")) != NULL; p++)
      headers++;
    g_assert_cmpuint (headers, ==, pages - 1);
  }

  g_clear_object (&c);
  test_remove_dir (dir);
}

/* Nothing secret: Red's rolled faces (all Punch) and Red's hidden pick appear in no format,
 * until both picks are revealed. */
static void
test_no_secrets (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(MgCampaign) c = new_campaign (dir, "secret.db", "Secrets");
  static const char * const steps[] = {
    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}",
    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}",
    "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":6}",
    NULL
  };

  for (const char * const *s = steps; *s; s++)
    {
      mg_journal_entry_free (act (c, *s));
      for (guint i = 0; i < G_N_ELEMENTS (all_formats); i++)
        for (guint scope = 0; scope < 3; scope++)
          {
            g_autofree char *text = export_text (c, dir, all_formats[i], scope == 1 ? 1 : 0, scope == 2 ? 1 : 0);
            g_autofree char *folded = g_utf8_casefold (text, -1);

            g_test_message ("after %s, format %u, scope %u", *s, i, scope);
            /* The export is there (the campaign's name) but no Punch: not a face, not a pick. */
            g_assert_nonnull (has (text, "Secrets"));
            g_assert_nonnull (has (text, "Red rolled 8 meeples."));
            g_assert_null (strstr (folded, "punch"));
          }
    }

  /* Once Blue picks, both are revealed: now the export tells it (the check above can fail). */
  mg_journal_entry_free (act (c, "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6,\"kick\":0,\"punch\":0}"));
  for (guint i = 0; i < G_N_ELEMENTS (all_formats); i++)
    {
      g_autofree char *text = export_text (c, dir, all_formats[i], 1, 0);

      g_assert_nonnull (has (text, "Red revealed 6 Punch"));
    }
  g_clear_object (&c);
  test_remove_dir (dir);
}

/* A game's own section (MgGame.export_sections): TFT's "Advancement" counts the points each
 * living figure may buy, at the rulebook's 100 EP a point ("When a figure gets 100 EP, he/she may
 * trade them in for one additional point"), in every format, after the standing. */
static void
test_game_sections (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "tft.db", NULL);
  g_autofree char *sample = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "tft-sample.jsonl", NULL);
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;
  static const char * const referee[] = { "Referee", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "tft", "Arena", referee, NULL, 7, &error);
  const MgGame *tft = mg_game_lookup ("tft");
  g_autoptr(TestJson) view = json_tokener_parse (
    "{\"roster\":[{\"name\":\"Ann\",\"ep\":250,\"alive\":true},"
    "{\"name\":\"Bo\",\"ep\":99,\"alive\":true},{\"name\":\"Cy\",\"ep\":400,\"alive\":false}]}");
  g_autoptr(TestJson) sections = NULL;
  json_object *rows;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (sample, &script, NULL, NULL));
  lines = g_strsplit (script, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) != '\0')
      mg_journal_entry_free (act (c, lines[i]));
  for (guint i = 0; i < G_N_ELEMENTS (all_formats); i++)
    {
      g_autofree char *text = export_text (c, dir, all_formats[i], 0, 0);
      g_test_message ("format %u", i);
      g_assert_nonnull (has (text, "Flavius"));
      g_assert_nonnull (has (text, "Advancement"));
      g_assert_nonnull (has (text, "trades 100 EP"));
    }

  /* 250 EP buys 2 points, 99 none; the slain buy nothing and are not listed. */
  sections = tft->export_sections (mg_campaign_get_ruleset (c), view);
  g_assert_cmpuint (json_object_array_length (sections), ==, 1);
  rows = json_object_object_get (json_object_object_get (json_object_array_get_idx (sections, 0), "view"), "figures");
  g_assert_cmpuint (json_object_array_length (rows), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_array_get_idx (rows, 0), "can_buy")), ==, 2);
  g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_array_get_idx (rows, 1), "can_buy")), ==, 0);
  g_clear_object (&c);
  test_remove_dir (dir);
}

/* Undone rows are left out of the exports. */
static void
test_undone_left_out (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(MgCampaign) c = new_campaign (dir, "undo.db", "Undone");
  g_autoptr(GError) error = NULL;
  guint done = 0;

  mg_journal_entry_free (act (c, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,1,1]}"));
  mg_journal_entry_free (act (c, "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,2]}"));
  g_assert_true (mg_campaign_undo (c, 1, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (all_formats); i++)
    {
      g_autofree char *text = export_text (c, dir, all_formats[i], 0, 0);

      g_assert_nonnull (has (text, "Red rolled 8 meeples."));
      g_assert_null (has (text, "Blue rolled"));
    }
  g_clear_object (&c);
  test_remove_dir (dir);
}

static void
test_errors (Fixture *f, gconstpointer data)
{
  g_autofree char *out = g_build_filename (f->dir, "nothing.md", NULL);
  g_autofree char *bad_dir = g_build_filename (f->dir, "no-such-dir", "x.md", NULL);
  g_autoptr(GError) error = NULL;
  MgExportFormat format;

  g_assert_true (mg_export_format_from_string ("md", &format));
  g_assert_cmpint (format, ==, MG_EXPORT_MARKDOWN);
  g_assert_true (mg_export_format_from_string ("pdf", &format));
  g_assert_cmpint (format, ==, MG_EXPORT_PDF);
  g_assert_false (mg_export_format_from_string ("docx", &format));

  g_assert_false (mg_export_write (f->campaign, MG_EXPORT_MARKDOWN, (MgExportScope) { 99, 0 }, out, &error));
  g_assert_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE);
  g_clear_error (&error);
  g_assert_false (mg_export_write (f->campaign, MG_EXPORT_MARKDOWN, (MgExportScope) { 0, 42 }, out, &error));
  g_assert_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_EMPTY_SCOPE);
  g_clear_error (&error);
  /* Nothing was left behind: no file, no temporary. */
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  {
    g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".nothing.md"));
  }
  g_assert_false (mg_export_write (f->campaign, MG_EXPORT_HTML, (MgExportScope) { 0, 0 }, bad_dir, &error));
  g_assert_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE);
}

/* Escaping: a name with markup stays text in HTML and Markdown. */
static void
test_escaping (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "esc.db", NULL);
  static const char * const names[] = { "<b>Red</b>", "Blue & *Co*", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "meeple", "<script>alert(1)</script>", names, NULL, 1, &error);
  gsize len;
  g_autofree char *html = NULL;
  g_autofree char *md = NULL;

  g_assert_no_error (error);
  html = export_to_string (c, dir, MG_EXPORT_HTML, 0, 0, &len);
  g_assert_null (strstr (html, "<script>"));
  g_assert_null (strstr (html, "<b>Red"));
  g_assert_nonnull (strstr (html, "&lt;script&gt;"));
  g_assert_nonnull (strstr (html, "Blue &amp; *Co*"));
  /* Self-contained: the style is inline, nothing is fetched. */
  g_assert_nonnull (strstr (html, "<style>"));
  g_assert_null (strstr (html, "<link"));
  g_assert_null (strstr (html, "src="));
  md = export_to_string (c, dir, MG_EXPORT_MARKDOWN, 0, 0, &len);
  g_assert_nonnull (strstr (md, "Blue & \\*Co\\*"));
  g_assert_nonnull (strstr (md, "\\<b\\>Red\\</b\\>"));
  g_clear_object (&c);
  test_remove_dir (dir);
}

/* Async: runs in a thread on its own connection; progress arrives on this thread's context,
 * rises to 1, and the file equals the one written synchronously. */
typedef struct {
  GMainLoop *loop;
  GThread   *main_thread;
  double     last;
  guint      reports;
  gboolean   ok;
  GError    *error;
} AsyncData;

static void
on_progress (double fraction, gpointer user_data)
{
  AsyncData *d = user_data;

  g_assert_true (g_thread_self () == d->main_thread);
  g_assert_cmpfloat (fraction, >=, d->last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  d->last = fraction;
  d->reports++;
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncData *d = user_data;

  d->ok = mg_export_write_finish (MG_CAMPAIGN (source), result, &d->error);
  g_main_loop_quit (d->loop);
}

static void
test_async (Fixture *f, gconstpointer data)
{
  g_autofree char *out = g_build_filename (f->dir, "async.html", NULL);
  g_autofree char *sync_text = NULL;
  g_autofree char *async_text = NULL;
  AsyncData d = { 0 };
  gsize len;

  d.loop = g_main_loop_new (NULL, FALSE);
  d.main_thread = g_thread_self ();
  mg_export_write_async (f->campaign, MG_EXPORT_HTML, (MgExportScope) { 0, 0 }, out,
                         on_progress, &d, NULL, on_done, &d);
  g_main_loop_run (d.loop);
  g_assert_no_error (d.error);
  g_assert_true (d.ok);
  g_assert_cmpuint (d.reports, >=, 1);
  g_assert_cmpfloat (d.last, ==, 1.0);
  sync_text = export_to_string (f->campaign, f->dir, MG_EXPORT_HTML, 0, 0, &len);
  g_assert_true (g_file_get_contents (out, &async_text, NULL, NULL));
  g_assert_cmpstr (async_text, ==, sync_text);

  /* Cancelled before it starts: an error, and no file. */
  {
    g_autoptr(GCancellable) cancel = g_cancellable_new ();
    g_autofree char *out2 = g_build_filename (f->dir, "cancelled.html", NULL);

    g_cancellable_cancel (cancel);
    d.ok = TRUE;
    mg_export_write_async (f->campaign, MG_EXPORT_HTML, (MgExportScope) { 0, 0 }, out2,
                           NULL, NULL, cancel, on_done, &d);
    g_main_loop_run (d.loop);
    g_assert_false (d.ok);
    g_assert_error (d.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&d.error);
    g_assert_false (g_file_test (out2, G_FILE_TEST_EXISTS));
  }
  g_main_loop_unref (d.loop);
}

/* The CLI loads no cairo, pango or GIO at start (every command a script runs would pay for ~25
 * libraries); a PDF export through it is made by melee-gm-cli-pdf, the same command with the
 * PDF renderer, and is the same PDF the library makes. */
static void
test_cli_pdf (Fixture *f, gconstpointer data)
{
  g_autofree char *db = g_build_filename (f->dir, "sample.db", NULL);
  g_autofree char *out = g_build_filename (f->dir, "cli.pdf", NULL);
  g_autofree char *libs = NULL;
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;
  g_autofree char *turn = g_strdup_printf ("%d", f->sample_turn);
  g_autoptr(CliResult) r = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cli_path (), "games", NULL };
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LD_TRACE_LOADED_OBJECTS", "1", TRUE);
  gsize len;
  int status;

  /* What the dynamic loader maps for the CLI (as ldd shows it). */
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &libs, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (libs, "libsqlite3"));
  g_assert_null (strstr (libs, "libcairo"));
  g_assert_null (strstr (libs, "libpango"));
  /* Nor GIO, with libmount, libselinux and libblkid: ~0.7 ms of every start (the games' data is
   * a plain table, src/rules/mg-data.h). */
  g_assert_null (strstr (libs, "libgio"));

  r = cli_run (f->dir, NULL, "export", db, "--format", "pdf", "--turn", turn, "-o", out, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_true (g_file_get_contents (out, &raw, &len, NULL));
  g_assert_true (g_str_has_prefix (raw, "%PDF-"));
  text = pdf_text_of (raw, len, f->dir);
  g_assert_nonnull (strstr (text, "The Sample Battle"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/export/sample-battle", Fixture, NULL, fixture_set_up, test_sample_battle_sentence, fixture_tear_down);
  g_test_add ("/export/one-line-per-action", Fixture, NULL, fixture_set_up, test_one_line_per_action, fixture_tear_down);
  g_test_add ("/export/json", Fixture, NULL, fixture_set_up, test_json_structure, fixture_tear_down);
  g_test_add ("/export/standing-text", Fixture, NULL, fixture_set_up, test_standing_text, fixture_tear_down);
  g_test_add ("/export/scopes", Fixture, NULL, fixture_set_up, test_scopes, fixture_tear_down);
  g_test_add ("/export/pdf", Fixture, NULL, fixture_set_up, test_pdf_pages, fixture_tear_down);
  g_test_add ("/export/cli-pdf", Fixture, NULL, fixture_set_up, test_cli_pdf, fixture_tear_down);
  g_test_add ("/export/errors", Fixture, NULL, fixture_set_up, test_errors, fixture_tear_down);
  g_test_add ("/export/async", Fixture, NULL, fixture_set_up, test_async, fixture_tear_down);
  g_test_add_func ("/export/no-secrets", test_no_secrets);
  g_test_add_func ("/export/undone", test_undone_left_out);
  g_test_add_func ("/export/game-sections", test_game_sections);
  g_test_add_func ("/export/escaping", test_escaping);
  g_test_add_func ("/export/long", test_long_campaign);
  return g_test_run ();
}
