/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c — every command of melee-gm-cli, its output and its exit status; refusals that
 * leave the campaign untouched; files that cannot be used. */
#include <errno.h>
#include <pty.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "cli-test-util.h"
#include "mg-game.h"

/* A failure is exactly one line on stderr, "melee-gm-cli: …", nothing on stdout. */
static void
assert_fails (CliResult *r, int status, const char *needle)
{
  g_test_message ("stderr: %s", r->err);
  g_assert_cmpint (r->status, ==, status);
  g_assert_cmpuint (count_lines (r->err), ==, 1);
  g_assert_true (g_str_has_prefix (r->err, "melee-gm-cli: "));
  if (needle != NULL)
    g_assert_nonnull (strstr (r->err, needle));
  g_assert_cmpstr (r->out, ==, "");
}

static void
assert_ok (CliResult *r)
{
  if (r->status != 0)
    g_test_message ("stderr: %s", r->err);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpstr (r->err, ==, "");
}

/* Whether dir/name exists (without leaking the path built). */
static gboolean
exists_in (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static char *
new_campaign (const char *dir, const char *file)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "new", file, "--game", "meeple", "--name", "Test",
                                    "--player", "Red", "--player", "Blue", "--seed", "42", NULL);

  assert_ok (r);
  g_assert_cmpstr (r->out, ==, "");
  return g_build_filename (dir, file, NULL);
}

static json_object *
parse (const char *text)
{
  json_object *obj = json_tokener_parse (text);

  g_assert_nonnull (obj);
  return obj;
}

static const char *
member_string (json_object *obj, const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);

  for (char **p = parts; *p; p++)
    {
      json_object *next = NULL;

      if (json_object_is_type (obj, json_type_array))
        next = json_object_array_get_idx (obj, atoi (*p));
      else
        json_object_object_get_ex (obj, *p, &next);
      obj = next;
    }
  return obj != NULL ? json_object_get_string (obj) : NULL;
}

/* ------------------------------------------------------------------ tests */

static void
test_games (void)
{
  g_autoptr(CliResult) r = cli_run (NULL, NULL, "games", NULL);
  g_autoptr(GString) want = g_string_new (NULL);
  guint n;
  const MgGame **games = mg_games_all (&n);

  /* The registry, in the order of the meson list: a new game needs no line here. */
  for (guint i = 0; i < n; i++)
    g_string_append_printf (want, "%s\n", games[i]->rules->id);
  assert_ok (r);
  g_assert_cmpuint (n, >=, 5);
  g_assert_cmpstr (r->out, ==, want->str);
}

static void
test_help (void)
{
  g_autoptr(CliResult) top = cli_run (NULL, NULL, "--help", NULL);
  g_autoptr(CliResult) act = cli_run (NULL, NULL, "act", "--help", NULL);
  g_autoptr(CliResult) none = cli_run (NULL, NULL, NULL);
  g_autoptr(CliResult) unknown = cli_run (NULL, NULL, "frobnicate", NULL);
  g_autoptr(CliResult) badopt = cli_run (NULL, NULL, "state", "x.db", "--no-such-option", NULL);
  g_autoptr(CliResult) extra = cli_run (NULL, NULL, "state", "x.db", "y.db", NULL);
  g_autoptr(CliResult) missing = cli_run (NULL, NULL, "log", NULL);

  assert_ok (top);
  for (const char **c = (const char *[]) { "games", "new", "act", "state", "undo", "redo", "log",
                                           "check", "export", "session", NULL }; *c; c++)
    {
      g_autofree char *needle = g_strdup_printf ("\n  %s ", *c);
      g_assert_nonnull (strstr (top->out, needle));
    }
  assert_ok (act);
  g_assert_nonnull (strstr (act->out, "act FILE"));
  assert_fails (none, 2, "No command");
  assert_fails (unknown, 2, "frobnicate");
  assert_fails (badopt, 2, "--no-such-option");
  assert_fails (extra, 2, "y.db");
  assert_fails (missing, 2, "FILE");
}

static void
test_new (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autofree char *bad_rules = g_build_filename (dir, "bad.json", NULL);
  g_autoptr(CliResult) exists = cli_run (dir, NULL, "new", "c.db", "--game", "meeple", "--name", "X",
                                         "--player", "A", "--player", "B", NULL);
  g_autoptr(CliResult) no_game = cli_run (dir, NULL, "new", "d.db", "--name", "X", "--player", "A", "--player", "B", NULL);
  g_autoptr(CliResult) no_name = cli_run (dir, NULL, "new", "d.db", "--game", "meeple", "--player", "A", "--player", "B", NULL);
  g_autoptr(CliResult) bad_game = cli_run (dir, NULL, "new", "d.db", "--game", "chess960", "--name", "X",
                                           "--player", "A", "--player", "B", NULL);
  g_autoptr(CliResult) one_player = cli_run (dir, NULL, "new", "d.db", "--game", "meeple", "--name", "X",
                                             "--player", "A", NULL);
  g_autoptr(CliResult) same_names = cli_run (dir, NULL, "new", "d.db", "--game", "meeple", "--name", "X",
                                             "--player", "A", "--player", "A", NULL);
  g_autoptr(CliResult) bad_seed = cli_run (dir, NULL, "new", "d.db", "--game", "meeple", "--name", "X",
                                           "--player", "A", "--player", "B", "--seed", "-3", NULL);
  g_autoptr(CliResult) missing_rules = cli_run (dir, NULL, "new", "d.db", "--game", "meeple", "--name", "X",
                                                "--player", "A", "--player", "B", "--ruleset", "nope.json", NULL);
  g_autoptr(CliResult) state = cli_run (dir, NULL, "state", "c.db", NULL);
  g_autoptr(TestJson) json = NULL;

  assert_fails (exists, 1, "c.db");
  assert_fails (no_game, 2, "--game");
  assert_fails (no_name, 2, "--name");
  assert_fails (bad_game, 2, "chess960");
  assert_fails (one_player, 2, "2 players");
  assert_fails (same_names, 1, NULL);
  assert_fails (bad_seed, 2, "--seed");
  assert_fails (missing_rules, 1, "nope.json");
  g_assert_false (exists_in (dir, "d.db"));

  /* The new campaign: two players, first battle, 8 meeples each to roll. */
  assert_ok (state);
  json = parse (state->out);
  g_assert_cmpstr (member_string (json, "game"), ==, "meeple");
  g_assert_cmpstr (member_string (json, "players.0.name"), ==, "Red");
  g_assert_cmpstr (member_string (json, "players.1.name"), ==, "Blue");
  g_assert_cmpstr (member_string (json, "players.0.to_roll"), ==, "8");
  g_assert_cmpstr (member_string (json, "reveal"), ==, "6");

  /* A house ruleset: a bad one is refused with the JSON path of the bad field. */
  g_assert_true (g_file_set_contents (bad_rules, "{\"meeples\": \"many\"}", -1, NULL));
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "e.db", "--game", "meeple", "--name", "X",
                                      "--player", "A", "--player", "B", "--ruleset", "bad.json", NULL);
    assert_fails (r, 1, "bad.json");
    g_assert_false (exists_in (dir, "e.db"));
  }
  /* The shipped ruleset, given as a file, is accepted. */
  {
    g_autofree char *shipped = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "meeple.json", NULL);
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "f.db", "--game", "meeple", "--name", "X",
                                      "--player", "A", "--player", "B", "--ruleset", shipped, NULL);
    assert_ok (r);
  }
  test_remove_dir (dir);
}

static guint
journal_rows (const char *dir, const char *file)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "log", file, "--json", NULL);

  assert_ok (r);
  return count_lines (r->out);
}

static const char *
result_code (json_object *line)
{
  return member_string (line, "error.code");
}

/* The stream: refusals of every kind in between good actions; each refusal gets its code,
 * the stream goes on, and only the good actions are in the journal. */
/* A script that writes an action and waits for its answer before it writes the next one is
 * answered each time (act computes ahead while it commits: it must not wait for the next line
 * before it answers the last). */
static void
test_act_conversation (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  static const char * const actions[] = {
    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}\n",
    "{\"type\":\"roll\",\"player\":\"Red\"}\n",                       /* illegal: rolled */
    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}\n",
    "not json\n",
    "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":6}\n",
  };
  static const gboolean ok[] = { TRUE, FALSE, TRUE, FALSE, TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                                  &error, cli_path (), "act", path, NULL);
  g_autoptr(GDataInputStream) out = NULL;

  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autofree char *line = NULL;
      g_autoptr(TestJson) answer = NULL;

      g_assert_true (g_output_stream_write_all (g_subprocess_get_stdin_pipe (proc), actions[i],
                                                strlen (actions[i]), NULL, NULL, &error));
      g_assert_no_error (error);
      /* Its answer, with the input still open. */
      line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (line);
      answer = parse (line);
      g_assert_cmpint (json_object_get_boolean (json_object_object_get (answer, "ok")), ==, ok[i]);
    }
  g_assert_true (g_output_stream_close (g_subprocess_get_stdin_pipe (proc), NULL, &error));
  g_assert_true (g_subprocess_wait_check (proc, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (journal_rows (dir, "c.db"), ==, 3);
}

static void
test_act_stream (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  static const char input[] =
    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}\n"
    "\n"
    "{\"type\":\"roll\",\"player\":\"Red\n"                                        /* bad_json */
    "{\"type\":\"teleport\",\"player\":\"Red\"}\n"                                  /* bad_action */
    "[1,2,3]\n"                                                                    /* bad_action */
    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,1,1]}\n"           /* illegal: rolled */
    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1]}\n"                      /* dice: 8 needed */
    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,9]}\n"          /* dice: 1..3 */
    "{\"type\":\"roll\",\"player\":\"Blue\"} trailing\n"                            /* bad_json */
    "{\"type\":\"roll\",\"player\":\"Bl\xff" "ue\"}\n"                             /* bad_json: not UTF-8 */
    "   \t  \n"
    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}\r\n"
    "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":6}\n"
    "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6,\"kick\":0,\"punch\":0}\n";
  static const char * const expected[] = {
    NULL, "bad_json", "bad_action", "bad_action", "illegal", "dice", "dice", "bad_json", "bad_json",
    NULL, NULL, NULL,
  };
  g_autoptr(CliResult) r = cli_run (dir, input, "act", "c.db", NULL);
  g_auto(GStrv) lines = NULL;
  gint64 seq = 0;

  assert_ok (r);
  lines = g_strsplit (r->out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (expected) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(TestJson) line = parse (lines[i]);
      json_object *ok = json_object_object_get (line, "ok");

      g_test_message ("line %u: %s", i, lines[i]);
      if (expected[i] == NULL)
        {
          g_assert_true (json_object_get_boolean (ok));
          /* seq rises by one per accepted action. */
          g_assert_cmpint (json_object_get_int64 (json_object_object_get (line, "seq")), ==, ++seq);
          g_assert_true (json_object_is_type (json_object_object_get (line, "events"), json_type_array));
          g_assert_cmpstr (member_string (line, "summary"), !=, "");
        }
      else
        {
          g_assert_false (json_object_get_boolean (ok));
          g_assert_cmpstr (result_code (line), ==, expected[i]);
          g_assert_cmpstr (member_string (line, "error.message"), !=, "");
        }
    }
  g_assert_cmpstr (lines[G_N_ELEMENTS (expected)], ==, "");

  /* The battle as the rules tell it: Blue's 6 Sweep against none is 3 or more ahead. */
  {
    g_autoptr(TestJson) last = parse (lines[G_N_ELEMENTS (expected) - 1]);

    g_assert_nonnull (strstr (member_string (last, "summary"), "Blue wins on Sweep"));
  }
  /* Only the 4 good actions were written. */
  g_assert_cmpuint (journal_rows (dir, "c.db"), ==, 4);

  /* After the match is over only a rematch is allowed: game_over for anything else. */
  {
    g_autoptr(TestJson) state = NULL;
    g_autoptr(CliResult) s = NULL;
    g_autoptr(GString) stream = g_string_new (NULL);
    g_autoptr(CliResult) done = NULL;
    g_auto(GStrv) out = NULL;
    guint n;

    /* Five more battles that Blue wins on Sweep: Red has 6 casualties. */
    for (guint casualties = 1; casualties < 6; casualties++)
      {
        static const guint reveal[] = { 6, 5, 5, 4, 4, 3 };

        g_string_append (stream, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[");
        for (guint k = 0; k < 8 - casualties; k++)
          g_string_append (stream, k ? ",3" : "3");
        g_string_append (stream, "]}\n{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}\n");
        g_string_append_printf (stream, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":%u}\n",
                                reveal[casualties]);
        g_string_append_printf (stream, "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":%u,\"kick\":0,\"punch\":0}\n",
                                reveal[casualties]);
      }
    g_string_append (stream, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3]}\n");
    g_string_append (stream, "{\"type\":\"rematch\"}\n");
    done = cli_run (dir, stream->str, "act", "c.db", NULL);
    assert_ok (done);
    out = g_strsplit (done->out, "\n", -1);
    n = g_strv_length (out) - 1;
    g_assert_cmpuint (n, ==, 22);
    {
      g_autoptr(TestJson) over = parse (out[19]);
      g_autoptr(TestJson) refused = parse (out[20]);
      g_autoptr(TestJson) rematch = parse (out[21]);

      g_assert_nonnull (strstr (member_string (over, "summary"), "Blue wins the match."));
      g_assert_cmpstr (result_code (refused), ==, "game_over");
      g_assert_true (json_object_get_boolean (json_object_object_get (rematch, "ok")));
    }
    s = cli_run (dir, NULL, "state", "c.db", NULL);
    state = parse (s->out);
    g_assert_cmpstr (member_string (state, "score.Blue"), ==, "1");
    g_assert_cmpstr (member_string (state, "score.Red"), ==, "0");
    g_assert_cmpstr (member_string (state, "match"), ==, "2");
  }
  test_remove_dir (dir);
}

/* A refusal leaves the file byte for byte as it was. */
static void
test_refusal_untouched (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize n_before, n_after;
  g_autoptr(CliResult) first = cli_run (dir, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}\n",
                                        "act", "c.db", NULL);
  g_autoptr(CliResult) check = NULL;
  g_autoptr(CliResult) bad = NULL;

  assert_ok (first);
  /* Fold the WAL into the file so that the bytes compared are all of it. */
  check = cli_run (dir, NULL, "check", "c.db", NULL);
  assert_ok (check);
  g_assert_true (g_file_get_contents (path, &before, &n_before, NULL));
  bad = cli_run (dir,
                 "nonsense\n"
                 "{\"type\":\"roll\",\"player\":\"Red\"}\n"
                 "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":9,\"kick\":0,\"punch\":0}\n"
                 "{\"type\":\"set\",\"player\":\"Nobody\",\"meeple\":0,\"face\":\"kick\"}\n",
                 "act", "c.db", NULL);
  assert_ok (bad);
  g_assert_cmpuint (count_lines (bad->out), ==, 4);
  g_assert_null (strstr (bad->out, "\"ok\":true"));
  g_assert_true (g_file_get_contents (path, &after, &n_after, NULL));
  g_assert_cmpuint (n_before, ==, n_after);
  g_assert_true (memcmp (before, after, n_before) == 0);
  g_assert_cmpuint (journal_rows (dir, "c.db"), ==, 1);
  test_remove_dir (dir);
}

static void
test_state (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autoptr(CliResult) a = cli_run (dir,
                                    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,2]}\n"
                                    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}\n"
                                    "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":1,\"punch\":5}\n",
                                    "act", "c.db", NULL);
  g_autoptr(CliResult) full = cli_run (dir, NULL, "state", "c.db", NULL);
  g_autoptr(CliResult) pub = cli_run (dir, NULL, "state", "c.db", "--seat", "public", NULL);
  g_autoptr(CliResult) blue = cli_run (dir, NULL, "state", "c.db", "--seat", "Blue", NULL);
  g_autoptr(CliResult) compact = cli_run (dir, NULL, "state", "c.db", "--seat", "Red", "--compact", NULL);
  g_autoptr(CliResult) pending = cli_run (dir, NULL, "state", "c.db", "--pending", NULL);
  g_autoptr(CliResult) nobody = cli_run (dir, NULL, "state", "c.db", "--seat", "Green", NULL);
  g_autoptr(TestJson) jf = NULL, jp = NULL, jb = NULL, jc = NULL, jw = NULL;

  assert_ok (a);
  assert_ok (full);
  assert_ok (pub);
  assert_ok (blue);
  assert_ok (compact);
  assert_ok (pending);
  assert_fails (nobody, 2, "Green");

  jf = parse (full->out);
  jp = parse (pub->out);
  jb = parse (blue->out);
  jc = parse (compact->out);
  jw = parse (pending->out);
  /* The referee sees Red's faces and pick; the public sees neither; Blue sees only its own. */
  g_assert_cmpstr (member_string (jf, "players.0.faces.7"), ==, "kick");
  g_assert_cmpstr (member_string (jf, "players.0.pick.punch"), ==, "5");
  g_assert_null (member_string (jp, "players.0.faces"));
  g_assert_null (member_string (jp, "players.0.pick"));
  g_assert_null (member_string (jp, "players.1.faces"));
  g_assert_null (member_string (jb, "players.0.faces"));
  g_assert_null (member_string (jb, "players.0.pick"));
  g_assert_cmpstr (member_string (jb, "players.1.faces.0"), ==, "sweep");
  g_assert_cmpstr (member_string (jc, "players.0.faces.0"), ==, "punch");
  g_assert_cmpuint (count_lines (compact->out), ==, 1);
  g_assert_cmpuint (count_lines (full->out), >, 10);
  /* Blue still has to pick, in the first battle. */
  g_assert_cmpstr (member_string (jw, "turn"), ==, "1");
  g_assert_nonnull (strstr (pending->out, "Blue"));
  test_remove_dir (dir);
}

static void
test_undo_redo_log (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autoptr(CliResult) a = cli_run (dir,
                                    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,2]}\n"
                                    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,2,3,1,2,3,1,2]}\n"
                                    "{\"type\":\"set\",\"player\":\"Blue\",\"meeple\":0,\"face\":\"punch\"}\n",
                                    "act", "c.db", NULL);
  g_autoptr(CliResult) u2 = cli_run (dir, NULL, "undo", "c.db", "--steps", "2", NULL);
  g_autoptr(CliResult) log = cli_run (dir, NULL, "log", "c.db", NULL);
  g_autoptr(CliResult) logj = cli_run (dir, NULL, "log", "c.db", "--json", NULL);
  g_autoptr(CliResult) r1 = cli_run (dir, NULL, "redo", "c.db", NULL);
  g_autoptr(CliResult) r9 = cli_run (dir, NULL, "redo", "c.db", "-n", "9", NULL);
  g_autoptr(CliResult) r0 = cli_run (dir, NULL, "redo", "c.db", NULL);
  g_autoptr(CliResult) zero = cli_run (dir, NULL, "undo", "c.db", "--steps", "0", NULL);
  g_autoptr(CliResult) words = cli_run (dir, NULL, "undo", "c.db", "--steps", "many", NULL);
  g_autoptr(CliResult) all = cli_run (dir, NULL, "undo", "c.db", "--steps", "100", NULL);
  g_autoptr(CliResult) none = cli_run (dir, NULL, "undo", "c.db", NULL);
  g_autoptr(CliResult) log2 = cli_run (dir, NULL, "log", "c.db", NULL);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) jlines = NULL;

  assert_ok (a);
  assert_ok (u2);
  g_assert_cmpstr (u2->out, ==, "Undid 2 actions.\n");

  /* The log keeps undone rows, marked, with their dice. */
  assert_ok (log);
  lines = g_strsplit (log->out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_true (g_str_has_prefix (lines[0], "#1 turn 1 Red: "));
  g_assert_nonnull (strstr (lines[0], "[d3: 3 3 3 3 3 3 3 2]"));
  g_assert_null (strstr (lines[0], "(undone)"));
  g_assert_true (g_str_has_prefix (lines[1], "#2 turn 1 Blue: "));
  g_assert_nonnull (strstr (lines[1], "[d3: 1 2 3 1 2 3 1 2] (undone)"));
  g_assert_true (g_str_has_prefix (lines[2], "#3 turn 1 Blue: "));
  g_assert_true (g_str_has_suffix (lines[2], " (undone)"));

  assert_ok (logj);
  jlines = g_strsplit (logj->out, "\n", -1);
  g_assert_cmpuint (g_strv_length (jlines), ==, 4);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(TestJson) row = parse (jlines[i]);

      g_assert_cmpint (json_object_get_int (json_object_object_get (row, "seq")), ==, (int) i + 1);
      g_assert_cmpint (json_object_get_boolean (json_object_object_get (row, "undone")), ==, i > 0);
      g_assert_cmpstr (member_string (row, "action.type"), ==, i < 2 ? "roll" : "set");
      g_assert_true (json_object_is_type (json_object_object_get (row, "events"), json_type_array));
    }
  {
    g_autoptr(TestJson) row = parse (jlines[1]);

    g_assert_cmpstr (member_string (row, "dice.2.value"), ==, "3");
    g_assert_cmpstr (member_string (row, "dice.2.sides"), ==, "3");
  }

  assert_ok (r1);
  g_assert_cmpstr (r1->out, ==, "Redid 1 action.\n");
  assert_ok (r9);
  g_assert_cmpstr (r9->out, ==, "Redid 1 action.\n");
  assert_fails (r0, 1, "nothing to redo");
  assert_fails (zero, 2, "--steps");
  assert_fails (words, 2, NULL);
  assert_ok (all);
  g_assert_cmpstr (all->out, ==, "Undid 3 actions.\n");
  assert_fails (none, 1, "nothing to undo");
  assert_ok (log2);
  g_assert_cmpuint (count_lines (log2->out), ==, 3);
  g_assert_nonnull (strstr (log2->out, "#1 turn 1 Red: "));
  test_remove_dir (dir);
}

static void
test_check_export_session (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autoptr(CliResult) a = cli_run (dir,
                                    "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}\n"
                                    "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}\n"
                                    "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":6}\n"
                                    "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6,\"kick\":0,\"punch\":0}\n",
                                    "act", "c.db", NULL);
  g_autoptr(CliResult) check = cli_run (dir, NULL, "check", "c.db", NULL);
  g_autoptr(CliResult) s2 = cli_run (dir, NULL, "session", "c.db", "--name", "Evening two", NULL);
  g_autoptr(CliResult) list = cli_run (dir, NULL, "sessions", "c.db", NULL);
  g_autoptr(CliResult) b = cli_run (dir, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,1]}\n",
                                    "act", "c.db", NULL);

  assert_ok (a);
  assert_ok (check);
  g_assert_cmpstr (check->out, ==, "c.db: ok\n");
  assert_ok (s2);
  g_assert_cmpstr (s2->out, ==, "2\n");
  assert_ok (list);
  g_assert_cmpuint (count_lines (list->out), ==, 2);
  g_assert_nonnull (strstr (list->out, "2*\t"));
  g_assert_nonnull (strstr (list->out, "\tEvening two\n"));
  assert_ok (b);

  for (const char **f = (const char *[]) { "md", "html", "json", "pdf", NULL }; *f; f++)
    {
      g_autofree char *out = g_strdup_printf ("all.%s", *f);
      g_autofree char *out_turn = g_strdup_printf ("turn.%s", *f);
      g_autofree char *out_session = g_strdup_printf ("s2.%s", *f);
      g_autofree char *content = NULL;
      g_autoptr(CliResult) all = cli_run (dir, NULL, "export", "c.db", "--format", *f, "-o", out, NULL);
      g_autoptr(CliResult) turn = cli_run (dir, NULL, "export", "c.db", "--format", *f, "--turn", "1", "-o", out_turn, NULL);
      g_autoptr(CliResult) session = cli_run (dir, NULL, "export", "c.db", "--format", *f, "--session", "2",
                                              "--output", out_session, NULL);
      g_autofree char *p = g_build_filename (dir, out, NULL);

      assert_ok (all);
      assert_ok (turn);
      assert_ok (session);
      g_assert_cmpstr (all->out, ==, "");
      g_assert_true (g_file_get_contents (p, &content, NULL, NULL));
      if (g_str_equal (*f, "pdf"))
        g_assert_true (g_str_has_prefix (content, "%PDF-"));
      else
        g_assert_nonnull (strstr (content, "Blue wins on Sweep"));
    }
  {
    g_autofree char *md = NULL;
    g_autofree char *p = g_build_filename (dir, "s2.md", NULL);

    g_assert_true (g_file_get_contents (p, &md, NULL, NULL));
    g_assert_nonnull (strstr (md, "\n### Battle 2\n\n- **Red** — Red rolled 7 meeples."));
    g_assert_null (strstr (md, "### Battle 1"));
  }
  {
    g_autoptr(CliResult) bad_format = cli_run (dir, NULL, "export", "c.db", "--format", "docx", "-o", "x", NULL);
    g_autoptr(CliResult) no_format = cli_run (dir, NULL, "export", "c.db", "-o", "x", NULL);
    g_autoptr(CliResult) no_out = cli_run (dir, NULL, "export", "c.db", "--format", "md", NULL);
    g_autoptr(CliResult) no_turn = cli_run (dir, NULL, "export", "c.db", "--format", "md", "--turn", "77", "-o", "x.md", NULL);
    g_autoptr(CliResult) no_session = cli_run (dir, NULL, "export", "c.db", "--format", "md", "--session", "9", "-o", "x.md", NULL);
    g_autoptr(CliResult) bad_dir = cli_run (dir, NULL, "export", "c.db", "--format", "md", "-o", "nodir/x.md", NULL);

    assert_fails (bad_format, 2, "docx");
    assert_fails (no_format, 2, "--format");
    assert_fails (no_out, 2, "-o");
    assert_fails (no_turn, 1, "77");
    assert_fails (no_session, 1, "9");
    assert_fails (bad_dir, 1, "nodir/x.md");
    g_assert_false (exists_in (dir, "x.md"));
  }
  test_remove_dir (dir);
}

/* ------------------------------------------------------- unusable files */

static void
set_user_version (const char *path, int version)
{
  sqlite3 *db = NULL;
  g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %d", version);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  /* Fold the WAL back so the file alone is what is compared. */
  sqlite3_exec (db, "PRAGMA journal_mode=DELETE", NULL, NULL, NULL);
  sqlite3_close (db);
}

static void
make_foreign_db (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('soup')",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

/* Another program holding the campaign's lock past the busy timeout (the sqlite3 shell with a
 * transaction open, in exclusive locking mode, so that no one may even read): a command waits
 * for it (30 s), then says so in words a referee can act on, not SQLite's "database is locked",
 * and the file is as it was. */
static void
test_held_lock (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "held.db");
  g_autofree char *before = NULL, *after = NULL;
  gsize len_before = 0, len_after = 0;
  sqlite3 *holder = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &holder, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (holder, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; "
                                         "SELECT count(*) FROM journal;", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "state", "held.db", NULL);

    g_assert_cmpint (r->status, ==, 1);
    g_assert_nonnull (strstr (r->err, "Another program keeps the campaign locked"));
    g_assert_null (strstr (r->err, "database is locked"));
    g_assert_cmpuint (count_lines (r->err), ==, 1);
  }
  g_assert_cmpint (sqlite3_exec (holder, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
  g_assert_cmpmem (before, len_before, after, len_after);
  g_assert_cmpint (sqlite3_close (holder), ==, SQLITE_OK);
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "check", "held.db", NULL);

    g_assert_cmpint (r->status, ==, 0);
  }
  test_remove_dir (dir);
}

/* Every command that reads a campaign refuses these files with one line, non-zero, and
 * leaves them byte for byte as they were. */
static void
test_unusable_files (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *newer = new_campaign (dir, "newer.db");
  g_autofree char *empty = g_build_filename (dir, "empty.db", NULL);
  g_autofree char *random = g_build_filename (dir, "random.db", NULL);
  g_autofree char *foreign = g_build_filename (dir, "foreign.db", NULL);
  g_autofree char *truncated = NULL;
  guint8 bytes[4096];
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234);
  static const char * const files[] = { "missing.db", "empty.db", "random.db", "foreign.db", "newer.db", "truncated.db", NULL };
  static const char * const needles[] = { "missing.db", "empty.db", "random.db", "foreign.db",
                                          "newer Melee GM", "truncated.db", NULL };

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  for (gsize i = 0; i < sizeof bytes; i++)
    bytes[i] = (guint8) g_rand_int_range (rand, 0, 256);
  g_assert_true (g_file_set_contents (random, (char *) bytes, sizeof bytes, NULL));
  make_foreign_db (foreign);
  set_user_version (newer, 99);
  {
    /* A campaign cut short: the first 3 pages of a real one. */
    g_autofree char *whole = new_campaign (dir, "whole.db");
    g_autofree char *content = NULL;
    gsize len;

    set_user_version (whole, 1);
    g_assert_true (g_file_get_contents (whole, &content, &len, NULL));
    g_assert_cmpuint (len, >, 3 * 4096);
    truncated = g_build_filename (dir, "truncated.db", NULL);
    g_assert_true (g_file_set_contents (truncated, content, 3 * 4096, NULL));
  }

  for (guint f = 0; files[f]; f++)
    {
      g_autofree char *path = g_build_filename (dir, files[f], NULL);
      g_autofree char *before = NULL;
      gsize len_before = 0;
      const char * const commands[][8] = {
        { "state", files[f], NULL },
        { "act", files[f], NULL },
        { "log", files[f], NULL },
        { "check", files[f], NULL },
        { "undo", files[f], NULL },
        { "redo", files[f], NULL },
        { "session", files[f], NULL },
        { "export", files[f], "--format", "md", "-o", "out.md", NULL },
      };

      g_file_get_contents (path, &before, &len_before, NULL);
      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_autoptr(CliResult) r = cli_run_argv (dir, "{\"type\":\"rematch\"}\n", commands[c]);
          g_autofree char *prefix = g_strdup_printf ("melee-gm-cli: ");

          g_test_message ("%s %s", commands[c][0], files[f]);
          g_assert_cmpint (r->status, ==, 1);
          g_assert_cmpuint (count_lines (r->err), ==, 1);
          g_assert_true (g_str_has_prefix (r->err, prefix));
          g_assert_nonnull (strstr (r->err, needles[f]));
          g_assert_cmpstr (r->out, ==, "");
        }
      /* Untouched, and no journal files were made beside it. */
      if (before != NULL)
        {
          g_autofree char *after = NULL;
          gsize len_after = 0;
          g_autofree char *wal = g_strconcat (path, "-wal", NULL);

          g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
          g_assert_cmpuint (len_before, ==, len_after);
          g_assert_true (memcmp (before, after, len_before) == 0);
          g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
        }
      else
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_assert_false (exists_in (dir, "out.md"));
    }
  test_remove_dir (dir);
}

/* A journal row damaged on disk, before the snapshot the open starts from: `log` and `check` say
 * which row and how to recover; neither prints it as if it were fine. */
static void
test_damaged_row (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autoptr(CliResult) act = cli_run (dir, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[3,3,3,3,3,3,3,3]}\n"
                                           "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}\n",
                                      "act", "c.db", NULL);
  g_autoptr(CliResult) log = NULL;
  g_autoptr(CliResult) check = NULL;
  sqlite3 *db = NULL;

  assert_ok (act);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE journal SET action = '{\"type\":\"ro' WHERE seq = 1",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  log = cli_run (dir, NULL, "log", "c.db", NULL);
  g_test_message ("log: %s", log->err);
  g_assert_cmpint (log->status, ==, 1);
  g_assert_nonnull (strstr (log->err, "ournal row 1"));
  g_assert_nonnull (strstr (log->err, ".recover"));
  g_assert_cmpuint (count_lines (log->err), ==, 1);
  check = cli_run (dir, NULL, "check", "c.db", NULL);
  g_assert_cmpint (check->status, ==, 1);
  g_assert_nonnull (strstr (check->err, "ournal row"));
  test_remove_dir (dir);
}

/* The CLI run in `dir` on a terminal (a pseudo-terminal: stdout and stderr both on it, as a
 * person sees them), in English; what the terminal received, and the exit status. */
static char *
cli_run_tty (const char *dir, const char * const *args, int *status)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = g_get_environ ();
  int master = -1;
  pid_t pid;
  char buf[4096];
  ssize_t n;

  /* Made before the fork: the child only changes folder and runs it. */
  g_ptr_array_add (argv, (char *) cli_path ());
  for (const char * const *a = args; *a; a++)
    g_ptr_array_add (argv, (char *) *a);
  g_ptr_array_add (argv, NULL);
  env = g_environ_setenv (env, "LANGUAGE", "C", TRUE);
  env = g_environ_unsetenv (env, "G_MESSAGES_DEBUG");
  pid = forkpty (&master, NULL, NULL, NULL);
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      if (chdir (dir) == 0)
        execve (cli_path (), (char **) argv->pdata, env);
      _exit (127);
    }
  /* Until the child's side closes (EIO on Linux once it exited). */
  while ((n = read (master, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (out, buf, n);
  close (master);
  g_assert_cmpint (waitpid (pid, status, 0), ==, pid);
  return g_string_free (out, FALSE);
}

/* A long check or open (seconds at 1M rows) says how far it is on a terminal, on one line
 * rewritten in place and erased before the result; piped (what scripts read), not a byte of it. */
static void
test_progress_on_terminal (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = new_campaign (dir, "c.db");
  g_autoptr(CliResult) piped = NULL;
  g_autofree char *tty = NULL;
  g_autofree char *erase = NULL;
  const char *erased;
  sqlite3 *db;
  int status;

  tty = cli_run_tty (dir, (const char *[]) { "check", "c.db", NULL }, &status);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_test_message ("terminal: %s", tty);
  /* Its integrity checks done, a tenth of the check (the replay is the rest). */
  g_assert_nonnull (strstr (tty, "\rc.db: checking, 10% done"));
  /* Erased, in as many spaces as the longest line, then the result alone on its line. */
  erase = g_strdup_printf ("\r%*s\rc.db: ok\r\n", (int) strlen ("c.db: checking, 99% done"), "");
  erased = strstr (tty, erase);
  g_assert_nonnull (erased);
  g_assert_null (strstr (erased + 1, "checking"));
  piped = cli_run (dir, NULL, "check", "c.db", NULL);
  assert_ok (piped);
  g_assert_cmpstr (piped->out, ==, "c.db: ok\n");

  /* An open that renews the snapshots of an earlier revision of the rules replays the journal. */
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE campaign SET engine_revision = 0", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_free (tty);
  tty = cli_run_tty (dir, (const char *[]) { "undo", "c.db", NULL }, &status);
  g_test_message ("terminal: %s", tty);
  g_assert_true (WIFEXITED (status));
  g_assert_nonnull (strstr (tty, "\rc.db: opening, 10% done"));
  g_free (erase);
  erase = g_strdup_printf ("\r%*s\r", (int) strlen ("c.db: opening, 10% done"), "");
  g_assert_nonnull (strstr (tty, erase));
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/games", test_games);
  g_test_add_func ("/cli/help-and-usage", test_help);
  g_test_add_func ("/cli/new", test_new);
  g_test_add_func ("/cli/act/stream", test_act_stream);
  g_test_add_func ("/cli/act/conversation", test_act_conversation);
  g_test_add_func ("/cli/act/refusal-untouched", test_refusal_untouched);
  g_test_add_func ("/cli/state", test_state);
  g_test_add_func ("/cli/undo-redo-log", test_undo_redo_log);
  g_test_add_func ("/cli/check-export-session", test_check_export_session);
  g_test_add_func ("/cli/progress-on-terminal", test_progress_on_terminal);
  g_test_add_func ("/cli/unusable-files", test_unusable_files);
  g_test_add_func ("/cli/held-lock", test_held_lock);
  g_test_add_func ("/cli/damaged-row", test_damaged_row);
  return g_test_run ();
}
