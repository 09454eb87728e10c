/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-fr.c — melee-gm-cli in French (LANGUAGE=fr, the .mo built in the tree): its own
 * refusals, the engines' refusals and summaries, and the journal that keeps what was said. */
#include <string.h>
#include <glib/gstdio.h>

#include <gio/gio.h>
#include <sqlite3.h>

#include "mg-data.h"
#include "mg-game.h"

/* The language the next runs use: NULL keeps this test's LANGUAGE=fr. */
static const char *run_language;

/* The CLI with this test's environment (LANGUAGE=fr; cli-test-util forces English). */
typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_free (Run *r)
{
  g_free (r->out);
  g_free (r->err);
  g_free (r);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static Run *
cli_run (const char *cwd, const char *input, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  Run *r = g_new0 (Run, 1);
  va_list ap;

  g_ptr_array_add (args, (gpointer) MG_CLI_PATH);
  va_start (ap, input);
  for (const char *a = va_arg (ap, const char *); a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_cwd (launcher, cwd);
  if (run_language != NULL)
    g_subprocess_launcher_setenv (launcher, "LANGUAGE", run_language, TRUE);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) args->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, input, NULL, &r->out, &r->err, &error);
  g_assert_no_error (error);
  r->status = g_subprocess_get_exit_status (proc);
  return r;
}

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("mg-cli-fr-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

static void
test_cli_refusal (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(Run) r = cli_run (dir, NULL, "new", "solo.db", "--game", "meeple", "--name", "Solo",
                                    "--player", "Red", NULL);

  g_test_message ("stderr: %s", r->err);
  g_assert_cmpint (r->status, ==, 2);
  g_assert_cmpstr (r->err, ==, "melee-gm-cli: Meeple Melee se joue à 2 joueurs (--player NOM pour "
                               "chacun), 1 donné (essayez « melee-gm-cli new --help »)\n");
  remove_dir (dir);
}

static void
test_engine_refusal_and_summary (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(Run) made = cli_run (dir, NULL, "new", "f.db", "--game", "meeple", "--name", "Vendredi",
                                       "--player", "Rouge", "--player", "Bleu", "--seed", "7", NULL);
  g_autoptr(Run) r = NULL;
  g_autoptr(Run) log = NULL;

  g_assert_cmpint (made->status, ==, 0);
  r = cli_run (dir,
               "{\"type\":\"pick\",\"player\":\"Rouge\",\"sweep\":5,\"kick\":0,\"punch\":0}\n"
               "{\"type\":\"roll\",\"player\":\"Rouge\",\"dice\":[1,1,2,2,3,3,1,1]}\n",
               "act", "f.db", NULL);
  g_test_message ("stdout: %s", r->out);
  g_assert_cmpint (r->status, ==, 0);
  /* The rulebook: a player rolls before choosing which meeples to reveal. */
  g_assert_nonnull (strstr (r->out, "\"message\":\"Rouge doit lancer ses meeples avant de choisir.\""));
  g_assert_nonnull (strstr (r->out, "\"summary\":\"Rouge a lancé 8 meeples."));

  /* The journal keeps the sentence in the language it was said in. */
  log = cli_run (dir, NULL, "log", "f.db", NULL);
  g_test_message ("log: %s", log->out);
  g_assert_cmpint (log->status, ==, 0);
  g_assert_nonnull (strstr (log->out, "Rouge a lancé 8 meeples."));
  remove_dir (dir);
}

/* Every row of the game's entity tables (comma-separated names), in order, as text. */
static char *
dump_tables (const char *path, const char *tables)
{
  g_auto(GStrv) names = g_strsplit (tables, ",", -1);
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  for (guint t = 0; names[t] != NULL && names[t][0] != '\0'; t++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM %s ORDER BY rowid", names[t]);
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
      g_string_append_printf (out, "%s:\n", names[t]);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        {
          for (int c = 0; c < sqlite3_column_count (stmt); c++)
            g_string_append_printf (out, "%s%s", c ? "|" : "",
                                    sqlite3_column_type (stmt, c) == SQLITE_NULL ? "NULL"
                                    : (const char *) sqlite3_column_text (stmt, c));
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (stmt);
    }
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

/* The French turn summary of c.db in `dir` names each table of the standing in French, not by
 * the engine's key ("**Leaders**" for "leaders"): every table the public view holds is headed
 * by a word the game declares (MgGame.export_columns), translated. A word French spells as
 * English does is let through. */
static void
assert_tables_named_in_french (const char *dir)
{
  static const char * const same_in_french[] = { "Relations", NULL };
  g_autoptr(Run) state = cli_run (dir, NULL, "state", "c.db", "--seat", "public", NULL);
  g_autoptr(Run) exported = cli_run (dir, NULL, "export", "c.db", "--format", "md", "-o", "c.md", NULL);
  g_autofree char *md_path = g_build_filename (dir, "c.md", NULL);
  g_autofree char *md = NULL;
  json_object *view;
  guint tables = 0;

  g_assert_cmpint (state->status, ==, 0);
  g_assert_cmpint (exported->status, ==, 0);
  g_assert_true (g_file_get_contents (md_path, &md, NULL, NULL));
  view = json_tokener_parse (state->out);
  g_assert_nonnull (view);
  json_object_object_foreach (view, key, member)
    {
      g_autofree char *english = NULL, *heading = NULL;

      if (!json_object_is_type (member, json_type_array) || json_object_array_length (member) == 0 ||
          !json_object_is_type (json_object_array_get_idx (member, 0), json_type_object))
        continue;
      tables++;
      english = g_strdelimit (g_strdup (key), "_", ' ');
      english[0] = g_ascii_toupper (english[0]);
      if (g_strv_contains (same_in_french, english))
        continue;
      heading = g_strdup_printf ("\n**%s**\n", english);
      if (strstr (md, heading) != NULL)
        g_error ("the French summary heads the table \"%s\" in English: %s. Fix: name it in the game's "
                 "descriptor (export_columns: { \"%s\", NC_(\"export column\", \"%s\") }) and translate "
                 "it in po/fr.po (docs/adding-a-game.md, \"Words\")", key, english, key, english);
    }
  /* Every game's standing has a table (its players, its figures): the check looked at one. */
  g_assert_cmpuint (tables, >, 0);
  json_object_put (view);
}

/* A campaign played in one language checks in another: the saved state holds ids and the
 * ruleset's own names, never words of the language of the moment (only the journal's
 * sentences are in the language they were said in). Each registered game's first sample,
 * played through `act`, then `check`ed in English and in French. Its entity tables (the
 * descriptor's table_names), which the referee queries with sqlite3, hold the same rows
 * whichever language wrote them. */
static void
test_state_is_language_free (void)
{
  guint n_games;
  const MgGame **games = mg_games_all (&n_games);
  g_autofree char *first_tables = NULL;   /* the game's tables as its French run wrote them */
  /* The scaffold test (tests/scaffold) asks this of its new games alone (ids, comma-separated). */
  g_auto(GStrv) only = g_getenv ("MG_TEST_GAME") != NULL ? g_strsplit (g_getenv ("MG_TEST_GAME"), ",", -1) : NULL;

  for (guint g = 0; g < n_games; g++)
    for (guint played_in = 0; played_in < 2 && games[g]->n_samples > 0
         && (only == NULL || g_strv_contains ((const char * const *) only, games[g]->rules->id)); played_in++)
      {
        const char *play = played_in == 0 ? "fr" : "C", *read = played_in == 0 ? "C" : "fr";
        const char *id = games[g]->rules->id;
        const MgGameSample *s = games[g]->samples;
        g_autofree char *dir = make_dir ();
        g_autofree char *table_list = games[g]->table_names != NULL
          ? g_strjoinv (",", (char **) games[g]->table_names) : g_strdup ("");
        g_autoptr(GBytes) bytes = NULL;
        g_autofree char *sample = NULL;
        g_autoptr(Run) made = NULL, played = NULL, checked = NULL;

        g_test_message ("%s: played with LANGUAGE=%s, checked with LANGUAGE=%s", id, play, read);
        bytes = mg_data_lookup (s[0].resource, NULL);
        g_assert_nonnull (bytes);
        sample = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
        run_language = play;
        {
          const char *a[17] = { "new", "c.db", "--game", id, "--name", "C", "--seed", "5" };
          guint n = 8;

          for (guint p = 0; s[0].players[p] != NULL; p++)
            {
              a[n++] = "--player";
              a[n++] = s[0].players[p];
            }
          made = cli_run (dir, NULL, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
                          a[12], a[13], a[14], a[15], NULL);
        }
        g_assert_cmpint (made->status, ==, 0);
        played = cli_run (dir, sample, "act", "c.db", NULL);
        g_assert_cmpint (played->status, ==, 0);
        if (strstr (played->out, "\"ok\":false") != NULL)
          g_test_message ("refused: %s", strstr (played->out, "\"ok\":false"));
        g_assert_null (strstr (played->out, "\"ok\":false"));
        {
          g_autofree char *db_path = g_build_filename (dir, "c.db", NULL);
          g_autofree char *tables = dump_tables (db_path, table_list);

          if (played_in == 0)
            {
              g_free (first_tables);
              first_tables = g_steal_pointer (&tables);
            }
          else
            g_assert_cmpstr (tables, ==, first_tables);
        }
        if (played_in == 0)
          assert_tables_named_in_french (dir);
        run_language = read;
        checked = cli_run (dir, NULL, "check", "c.db", NULL);
        g_test_message ("check: %s%s", checked->out, checked->err);
        g_assert_cmpint (checked->status, ==, 0);
        run_language = NULL;
        remove_dir (dir);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-fr/refusal", test_cli_refusal);
  g_test_add_func ("/cli-fr/engine", test_engine_refusal_and_summary);
  g_test_add_func ("/cli-fr/state-is-language-free", test_state_is_language_free);
  return g_test_run ();
}
