/* test-export-fr.c — issue 45: `melee-gm-cli export` in French holds no English sentence. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each game's sample is played in English (its rows stored in English), then exported in
 * French (LANGUAGE=fr, the catalogue built in the tree). The export is checked against the
 * English catalogue: no stretch of three words or more of a message that French translates
 * otherwise (the text between its % directives) may be found in it. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "cli-test-util.h"

/* A po file's string: the quoted pieces of a msgid or msgstr, joined and unescaped. */
static void
po_append (GString *to, const char *line)
{
  const char *start = strchr (line, '"'), *end = strrchr (line, '"');
  g_autofree char *piece = NULL, *text = NULL;

  if (start == NULL || end <= start)
    return;
  piece = g_strndup (start + 1, end - start - 1);
  text = g_strcompress (piece);
  g_string_append (to, text);
}

/* The English messages that French translates otherwise (msgid → msgstr, first form). */
static GHashTable *
catalogue (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "po", "fr.po", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *messages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GString) id = g_string_new (NULL), str = g_string_new (NULL);
  GString *into = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];

      if (g_str_has_prefix (l, "msgid \""))
        {
          if (id->len > 0 && str->len > 0 && !g_str_equal (id->str, str->str))
            g_hash_table_replace (messages, g_strdup (id->str), g_strdup (str->str));
          g_string_truncate (id, 0);
          g_string_truncate (str, 0);
          into = id;
        }
      else if (g_str_has_prefix (l, "msgstr \"") || g_str_has_prefix (l, "msgstr[0] \""))
        into = str;
      else if (g_str_has_prefix (l, "msgid_plural") || g_str_has_prefix (l, "msgstr[") || g_str_has_prefix (l, "msgctxt"))
        into = NULL;
      else if (l[0] != '"')
        continue;
      if (into != NULL)
        po_append (into, l);
    }
  if (id->len > 0 && str->len > 0 && !g_str_equal (id->str, str->str))
    g_hash_table_replace (messages, g_strdup (id->str), g_strdup (str->str));
  return messages;
}

/* The stretches of a message between its directives ("%s", "%2$d", "%%") of three words or more. */
static GPtrArray *
stretches (const char *message)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) parts = g_regex_split_simple ("%[0-9$.]*[a-zA-Z%]+", message, 0, 0);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *s = g_strstrip (g_strdup (parts[i]));
      g_auto(GStrv) words = g_strsplit (s, " ", -1);

      if (g_strv_length (words) >= 3 && strlen (s) >= 16)
        g_ptr_array_add (out, g_steal_pointer (&s));
    }
  return out;
}

static void
test_export_fr (gconstpointer data)
{
  const TestGame *g = data;
  g_autofree char *dir = test_make_dir ();
  g_autofree char *localedir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  g_autofree char *sample = NULL, *exported = NULL, *md = NULL;
  g_autoptr(GHashTable) messages = catalogue ();
  g_autoptr(CliResult) export = NULL;
  GHashTableIter iter;
  const char *english;
  guint english_found = 0, french_found = 0;

  cli_set_language (NULL, NULL);
  cli_play_sample (dir, g->game, g->players, "Sample", &sample);

  cli_set_language ("fr", localedir);
  export = cli_run (dir, NULL, "export", "c.db", "--format", "md", "-o", "c.md", NULL);
  cli_set_language (NULL, NULL);
  g_assert_cmpint (export->status, ==, 0);
  md = g_build_filename (dir, "c.md", NULL);
  g_assert_true (g_file_get_contents (md, &exported, NULL, NULL));

  g_hash_table_iter_init (&iter, messages);
  while (g_hash_table_iter_next (&iter, (gpointer *) &english, NULL))
    {
      g_autoptr(GPtrArray) pieces = stretches (english);
      g_autoptr(GPtrArray) french = stretches (g_hash_table_lookup (messages, english));

      for (guint i = 0; i < pieces->len; i++)
        if (strstr (exported, pieces->pdata[i]) != NULL)
          {
            g_test_message ("%s: English “%s” (of “%s”)", g->game, (char *) pieces->pdata[i], english);
            english_found++;
          }
      for (guint i = 0; i < french->len; i++)
        if (strstr (exported, french->pdata[i]) != NULL)
          french_found++;
    }
  g_test_message ("%s: %u stretches of French, %u of English", g->game, french_found, english_found);
  /* In French indeed (the catalogue was found), and in French only. */
  g_assert_cmpuint (french_found, >, 0);
  g_assert_cmpuint (english_found, ==, 0);
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < TEST_N_GAMES; i++)
    {
      g_autofree char *path = g_strdup_printf ("/export/fr/%s", cli_games[i].game);

      g_test_add_data_func (path, &cli_games[i], test_export_fr);
    }
  return g_test_run ();
}
