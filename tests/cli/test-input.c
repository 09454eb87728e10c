/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-input.c — `act` reads each line strictly as one JSON object (issue 36): what lenient
 * parsers take is refused with a short, escaped excerpt, numbers out of range are reported as
 * sent, and a refused line writes nothing. */
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-test-util.h"

typedef struct {
  const char *name;
  const char *line;
  const char *code;
  const char *says;      /* a part of the message */
} Bad;

static const Bad bad[] = {
  { "single-quotes", "{'type':'roll','player':'Red'}", "bad_json", "Not JSON" },
  { "comment", "{\"type\":\"roll\",/* c */\"player\":\"Red\"}", "bad_json", "Not JSON" },
  { "line-comment", "{\"type\":\"roll\",\"player\":\"Red\"} // c", "bad_json", "Not JSON" },
  { "duplicate-key", "{\"type\":\"roll\",\"player\":\"Red\",\"player\":\"Blue\"}", "bad_json", "key given twice" },
  { "duplicate-escaped-key", "{\"type\":\"roll\",\"player\":\"Red\",\"pl\\u0061yer\":\"Blue\"}", "bad_json", "key given twice" },
  { "nul-escape", "{\"type\":\"roll\",\"player\":\"Red\\u0000Blue\"}", "bad_json", "NUL" },
  { "raw-control", "{\"type\":\"roll\",\"player\":\"Red\tBlue\"}", "bad_json", "control character" },
  { "lone-surrogate", "{\"type\":\"roll\",\"player\":\"\\ud800\"}", "bad_json", "surrogate" },
  { "nan", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":NaN}", "bad_json", "Not JSON" },
  { "null", "null", "bad_action", "JSON object" },
  { "array", "[{\"type\":\"roll\"}]", "bad_action", "JSON object" },
  { "two-values", "{\"type\":\"roll\"} {\"type\":\"roll\"}", "bad_json", "Not JSON" },
  { "int-out-of-range", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":18446744073709551616}", "bad_json",
    "18446744073709551616" },
  { "negative-out-of-range", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":-9223372036854775809}", "bad_json",
    "-9223372036854775809" },
  { "float-out-of-range", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":1e400}", "bad_json", "1e400" },
  /* The range is decided from the digits (mg-cli-input.c integer_fits): 2^63 is one past the
   * largest; the largest and the smallest are numbers, refused only as a field the action has not. */
  { "int-just-out-of-range", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":9223372036854775808}", "bad_json",
    "9223372036854775808" },
  { "int-largest", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":9223372036854775807}", "bad_action",
    "unknown field" },
  { "int-smallest", "{\"type\":\"roll\",\"player\":\"Red\",\"n\":-9223372036854775808}", "bad_action",
    "unknown field" },
};

static char *
new_meeple (void)
{
  char *dir = test_make_dir ();
  g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "c.db", "--game", "meeple", "--name", "Input",
                                    "--player", "Red", "--player", "Blue", NULL);

  g_assert_cmpint (r->status, ==, 0);
  return dir;
}

static char *
file_bytes (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autofree char *text = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, len);
}

/* One line given to act: its single answer, parsed. */
static json_object *
answer (const char *dir, const char *line)
{
  g_autofree char *input = g_strconcat (line, "\n", NULL);
  g_autoptr(CliResult) r = cli_run (dir, input, "act", "c.db", NULL);
  json_object *a;

  g_assert_cmpuint (count_lines (r->out), ==, 1);
  a = json_tokener_parse (r->out);
  g_assert_nonnull (a);
  return a;
}

static void
assert_refused (json_object *a, const char *code, const char *says, gsize max_len)
{
  json_object *ok, *error, *c, *m;

  g_assert_true (json_object_object_get_ex (a, "ok", &ok));
  g_assert_false (json_object_get_boolean (ok));
  g_assert_true (json_object_object_get_ex (a, "error", &error));
  g_assert_true (json_object_object_get_ex (error, "code", &c));
  g_assert_true (json_object_object_get_ex (error, "message", &m));
  g_assert_cmpstr (json_object_get_string (c), ==, code);
  if (strstr (json_object_get_string (m), says) == NULL)
    g_error ("“%s” does not say “%s”", json_object_get_string (m), says);
  g_assert_cmpuint (strlen (json_object_get_string (m)), <=, max_len);
  g_assert_null (strstr (json_object_get_string (m), "success"));
}

static void
test_bad (gconstpointer data)
{
  const Bad *b = data;
  g_autofree char *dir = new_meeple ();
  g_autofree char *before = file_bytes (dir);
  g_autofree char *after = NULL;
  g_autoptr(TestJson) a = answer (dir, b->line);

  assert_refused (a, b->code, b->says, 200);
  after = file_bytes (dir);
  g_assert_cmpstr (before, ==, after);
  test_remove_dir (dir);
}

/* Raw bytes that are not UTF-8, and a raw NUL. */
static void
test_bad_bytes (void)
{
  static const char *const lines[] = { "{\"type\":\"roll\",\"player\":\"R\xff\"}", "{\"type\":\"roll\",\"player\":\"R\xc3\"}" };
  g_autofree char *dir = new_meeple ();
  g_autofree char *before = file_bytes (dir);
  g_autofree char *after = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(TestJson) a = answer (dir, lines[i]);
      assert_refused (a, "bad_json", "UTF-8", 200);
    }
  after = file_bytes (dir);
  g_assert_cmpstr (before, ==, after);
  test_remove_dir (dir);
}

/* A 10 MB name and a 2 MB line: refused with a short message, and the next line is read. */
static void
test_sizes (void)
{
  g_autofree char *dir = new_meeple ();
  g_autofree char *huge = g_strnfill (10 * 1024 * 1024, 'x');
  g_autofree char *long_name = g_strnfill (1001, 'y');
  g_autofree char *fit = g_strnfill (999, 'z');
  g_autofree char *input = g_strdup_printf (
      "{\"type\":\"roll\",\"player\":\"%s\"}\n"
      "{\"type\":\"roll\",\"player\":\"%s\"}\n"
      "{\"type\":\"roll\",\"player\":\"%s\"}\n"
      "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,2,2]}\n", huge, long_name, fit);
  g_autoptr(CliResult) r = cli_run (dir, input, "act", "c.db", NULL);
  g_auto(GStrv) lines = g_strsplit (r->out, "\n", -1);
  g_autoptr(TestJson) a0 = json_tokener_parse (lines[0]);
  g_autoptr(TestJson) a1 = json_tokener_parse (lines[1]);
  g_autoptr(TestJson) a2 = json_tokener_parse (lines[2]);
  g_autoptr(TestJson) a3 = json_tokener_parse (lines[3]);
  json_object *ok;

  g_assert_cmpuint (count_lines (r->out), ==, 4);
  assert_refused (a0, "bad_json", "1048576 bytes", 200);
  assert_refused (a1, "bad_json", "1000 characters", 200);
  /* 999 characters pass the reader; the engine's refusal quotes only an excerpt of the name */
  assert_refused (a2, "illegal", "zzz…", 300);
  g_assert_true (json_object_object_get_ex (a3, "ok", &ok));
  g_assert_true (json_object_get_boolean (ok));
  test_remove_dir (dir);
}

/* A stream of a million lines is read through a bounded window (issue 42: `act` read all of
 * its input ahead, ~1.3 KB a line).  The lines are refused (not JSON) so that the test stays
 * fast; each still passes through the reader's queue.  The peak RSS of that process (its VmHWM
 * in /proc, read until it exits: rusage would count this test's own memory, shared until the
 * exec) stays under a bound that a million queued lines (~120 bytes each) would pass. */
extern char **environ;

#define MILLION 1000000
#define RSS_BOUND_KB (32 * 1024)

/* The peak resident size of process pid so far (kB), or -1 once it is gone. */
static long
peak_rss (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *text = NULL;
  const char *at;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (at = strstr (text, "VmHWM:")) == NULL)
    return -1;
  return strtol (at + 6, NULL, 10);
}

static void
test_window (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *input = g_build_filename (dir, "million.jsonl", NULL);
  g_autofree char *camp = g_build_filename (dir, "c.db", NULL);
  GString *lines = g_string_sized_new (3 * MILLION);
  char *argv[] = { (char *) cli_path (), "act", camp, NULL };
  posix_spawn_file_actions_t actions;
  long peak = 0, now;
  pid_t pid;
  int status;

  test_game_new (dir, &cli_games[0], "c.db");
  for (guint i = 0; i < MILLION; i++)
    g_string_append (lines, "x\n");
  g_assert_true (g_file_set_contents (input, lines->str, (gssize) lines->len, NULL));
  g_string_free (lines, TRUE);
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 0, input, O_RDONLY, 0);
  posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
  g_assert_cmpint (posix_spawn (&pid, argv[0], &actions, NULL, argv, environ), ==, 0);
  posix_spawn_file_actions_destroy (&actions);
  while (waitpid (pid, &status, WNOHANG) == 0)
    {
      if ((now = peak_rss (pid)) > peak)
        peak = now;
      g_usleep (20000);
    }
  g_test_message ("act of %d lines: peak RSS %ld KB", MILLION, peak);
  g_assert_cmpint (peak, >, 0);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);   /* every line refused (not JSON): answered */
#ifndef __SANITIZE_ADDRESS__
  g_assert_cmpint (peak, <, RSS_BOUND_KB);
#else
  /* AddressSanitizer's shadow memory and quarantine are most of an instrumented process's RSS:
   * the bound is the plain build's to hold. */
  g_test_message ("(sanitizer build: the RSS bound is checked by the plain build)");
#endif
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = g_strdup_printf ("/input/strict/%s", bad[i].name);
      g_test_add_data_func (path, &bad[i], test_bad);
    }
  g_test_add_func ("/input/strict/bytes", test_bad_bytes);
  g_test_add_func ("/input/sizes", test_sizes);
  g_test_add_func ("/input/window", test_window);
  return g_test_run ();
}
