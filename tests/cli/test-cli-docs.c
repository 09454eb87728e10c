/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-docs.c — runs the examples of docs/cli.md, so the documentation cannot rot.
 *
 * Every ```console block of docs/cli.md is a terminal session: a line "$ COMMAND" is run with
 * /bin/sh in one temporary directory shared by the whole document (blocks build on each
 * other), with melee-gm-cli first on PATH; the lines after it, up to the next "$ " line, are
 * the output expected (stdout and stderr together), line for line.  In an expected line "..."
 * stands for any text; a line that is only "..." stands for any number of lines.  A command
 * ending in "\" goes on on the next line; a here-document (<<EOF … EOF) is part of its command.
 * ```sh blocks and the rest are prose: not run. */
#include <string.h>

#include "cli-test-util.h"

typedef struct {
  char      *command;
  GPtrArray *expected;  /* of char* */
  guint      line;      /* in docs/cli.md, for messages */
} Example;

typedef struct {
  GPtrArray *examples;  /* of Example* */
  guint      line;
} Block;

static GPtrArray *blocks;  /* of Block* */
static char *work_dir;
static char *path_env;

static void
example_free (gpointer data)
{
  Example *e = data;

  g_free (e->command);
  g_ptr_array_unref (e->expected);
  g_free (e);
}

/* The delimiter of a here-document in a command line, or NULL. */
static char *
heredoc_word (const char *line)
{
  g_autoptr(GRegex) re = g_regex_new ("<<-?\\s*['\"]?([A-Za-z_]+)['\"]?", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  if (!g_regex_match (re, line, 0, &m))
    return NULL;
  return g_match_info_fetch (m, 1);
}

static GPtrArray *
parse_doc (const char *text)
{
  GPtrArray *result = g_ptr_array_new ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  Block *block = NULL;
  Example *example = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];

      if (block == NULL)
        {
          if (g_str_equal (l, "```console"))
            {
              block = g_new0 (Block, 1);
              block->examples = g_ptr_array_new_with_free_func (example_free);
              block->line = i + 1;
              g_ptr_array_add (result, block);
            }
          continue;
        }
      if (g_str_has_prefix (l, "```"))
        {
          block = NULL;
          example = NULL;
          continue;
        }
      if (g_str_has_prefix (l, "$ "))
        {
          GString *cmd = g_string_new (l + 2);
          g_autofree char *word = NULL;

          while (g_str_has_suffix (cmd->str, "\\") && lines[i + 1] != NULL)
            {
              g_string_truncate (cmd, cmd->len - 1);
              g_string_append (cmd, lines[++i]);
            }
          word = heredoc_word (cmd->str);
          if (word != NULL)
            while (lines[i + 1] != NULL)
              {
                g_autofree char *stripped = NULL;

                g_string_append_printf (cmd, "\n%s", lines[++i]);
                stripped = g_strstrip (g_strdup (lines[i]));
                if (g_str_equal (stripped, word))
                  break;
              }
          example = g_new0 (Example, 1);
          example->command = g_string_free (cmd, FALSE);
          example->expected = g_ptr_array_new_with_free_func (g_free);
          example->line = i + 1;
          g_ptr_array_add (block->examples, example);
          continue;
        }
      if (example != NULL)
        g_ptr_array_add (example->expected, g_strdup (l));
    }
  /* Blank lines at the end of an example's output are layout, not output. */
  for (guint b = 0; b < result->len; b++)
    {
      Block *bl = g_ptr_array_index (result, b);

      for (guint e = 0; e < bl->examples->len; e++)
        {
          Example *ex = g_ptr_array_index (bl->examples, e);

          while (ex->expected->len > 0
                 && *(char *) g_ptr_array_index (ex->expected, ex->expected->len - 1) == '\0')
            g_ptr_array_remove_index (ex->expected, ex->expected->len - 1);
        }
    }
  return result;
}

/* One line against a pattern in which "..." stands for any text. */
static gboolean
line_matches (const char *pattern, const char *line)
{
  g_auto(GStrv) parts = NULL;
  const char *at = line;
  guint n;

  if (strstr (pattern, "...") == NULL)
    return g_str_equal (pattern, line);
  parts = g_strsplit (pattern, "...", -1);
  n = g_strv_length (parts);
  if (!g_str_has_prefix (line, parts[0]))
    return FALSE;
  at += strlen (parts[0]);
  for (guint i = 1; i + 1 < n; i++)
    {
      const char *found = strstr (at, parts[i]);

      if (found == NULL)
        return FALSE;
      at = found + strlen (parts[i]);
    }
  return n == 1 || (strlen (at) >= strlen (parts[n - 1]) && g_str_has_suffix (at, parts[n - 1]));
}

/* Expected lines (with "..." lines) against actual lines, backtracking over "..." lines. */
static gboolean
lines_match (char **expected, guint n_expected, char **actual, guint n_actual)
{
  if (n_expected == 0)
    return n_actual == 0;
  if (g_str_equal (expected[0], "..."))
    {
      for (guint skip = 0; skip <= n_actual; skip++)
        if (lines_match (expected + 1, n_expected - 1, actual + skip, n_actual - skip))
          return TRUE;
      return FALSE;
    }
  return n_actual > 0 && line_matches (expected[0], actual[0])
         && lines_match (expected + 1, n_expected - 1, actual + 1, n_actual - 1);
}

static char *
run_shell (const char *command, int *status)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_subprocess_launcher_set_cwd (launcher, work_dir);
  g_subprocess_launcher_setenv (launcher, "PATH", path_env, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  proc = g_subprocess_launcher_spawn (launcher, &error, "/bin/sh", "-c", command, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  *status = g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1;
  return out != NULL ? out : g_strdup ("");
}

static void
test_block (gconstpointer data)
{
  const Block *block = data;

  for (guint e = 0; e < block->examples->len; e++)
    {
      Example *ex = g_ptr_array_index (block->examples, e);
      int status;
      g_autofree char *out = run_shell (ex->command, &status);
      g_auto(GStrv) actual = NULL;
      guint n_actual;

      /* Output lines; the final newline ends the last line. */
      if (g_str_has_suffix (out, "\n"))
        out[strlen (out) - 1] = '\0';
      actual = *out ? g_strsplit (out, "\n", -1) : g_new0 (char *, 1);
      n_actual = g_strv_length (actual);
      if (!lines_match ((char **) ex->expected->pdata, ex->expected->len, actual, n_actual))
        {
          g_autoptr(GString) want = g_string_new (NULL);

          for (guint i = 0; i < ex->expected->len; i++)
            g_string_append_printf (want, "%s\n", (char *) g_ptr_array_index (ex->expected, i));
          g_error ("docs/cli.md line %u: $ %s\n--- expected:\n%s--- got (exit %d):\n%s\n",
                   ex->line, ex->command, want->str, status, out);
        }
    }
}

/* The document shows every command. */
static void
test_every_command_shown (void)
{
  static const char * const commands[] = {
    "games", "new", "act", "state", "undo", "redo", "log", "check", "export", "session", "sessions", NULL
  };

  for (const char * const *c = commands; *c; c++)
    {
      g_autofree char *needle = g_strdup_printf ("melee-gm-cli %s", *c);
      gboolean found = FALSE;

      for (guint b = 0; b < blocks->len && !found; b++)
        {
          Block *bl = g_ptr_array_index (blocks, b);

          for (guint e = 0; e < bl->examples->len && !found; e++)
            {
              Example *ex = g_ptr_array_index (bl->examples, e);
              const char *at = strstr (ex->command, needle);

              found = at != NULL && (at[strlen (needle)] == ' ' || at[strlen (needle)] == '\0');
            }
        }
      if (!found)
        g_error ("docs/cli.md has no example of 'melee-gm-cli %s'", *c);
    }
}

int
main (int argc, char **argv)
{
  const char *root = g_getenv ("MG_SOURCE_ROOT");
  g_autofree char *doc_path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cli_dir = g_path_get_dirname (cli_path ());
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (root);
  doc_path = g_build_filename (root, "docs", "cli.md", NULL);
  g_file_get_contents (doc_path, &text, NULL, &error);
  g_assert_no_error (error);

  work_dir = test_make_dir ();
  path_env = g_strdup_printf ("%s:%s", cli_dir, g_getenv ("PATH") ? g_getenv ("PATH") : "/usr/bin:/bin");
  blocks = parse_doc (text);
  g_assert_cmpuint (blocks->len, >=, 5);

  g_test_add_func ("/cli-docs/every-command-shown", test_every_command_shown);
  for (guint b = 0; b < blocks->len; b++)
    {
      Block *bl = g_ptr_array_index (blocks, b);
      g_autofree char *name = g_strdup_printf ("/cli-docs/block-at-line-%u", bl->line);

      g_test_add_data_func (name, bl, test_block);
    }
  status = g_test_run ();
  test_remove_dir (work_dir);
  return status;
}
