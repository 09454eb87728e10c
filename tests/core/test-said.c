/* test-said.c — every action of every sample says its sentences as messages (MgSaid): rendered
 * in English they are the summary byte for byte, rendered with the French catalogue they are
 * what the same action says played in French (issue 45 item 4, docs/messages.md). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <libintl.h>
#include <glib/gi18n-lib.h>

#include "mg-catalogue.h"
#include "mg-campaign-private.h"
#include "mg-data.h"
#include "mg-game.h"
#include "mg-ruleset.h"

#define SEED 7

/* The process's own language: French (LANGUAGE=fr, no fr_FR locale needed) or English. */
static void
process_language (const char *lang)
{
  if (lang != NULL)
    g_setenv ("LANGUAGE", lang, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
  textdomain (textdomain (NULL));   /* gettext forgets the translations it looked up */
}

/* Plays `action` (its "dice" member, else the campaign's seeded dice for row `seq`) on `state`
 * in the process's language. */
static json_object *
play (MgState *state, json_object *action, gint64 seq, char **summary, MgSaid **said)
{
  json_object *dice_json = NULL;
  json_object *clean = mg_campaign_strip_dice (action, &dice_json);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgDice) dice = dice_json != NULL ? mg_dice_new_from_json (dice_json, &error)
                                             : mg_dice_new_seeded (mg_campaign_row_seed (SEED, seq));
  json_object *events;

  g_assert_no_error (error);
  events = mg_state_apply_said (state, clean, dice, summary, said, &error);
  g_assert_no_error (error);
  json_object_put (clean);
  return events;
}

static gint
by_path (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* Besides the samples, the scripts tests/<game>/said-*.jsonl (in name order), each played from a
 * new state with the first sample's players (or a first line "#players Red Blue"): the sentences
 * no sample says. */
static GPtrArray *
said_scripts (const MgGame *game)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", game->rules->id, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "said-") && g_str_has_suffix (name, ".jsonl"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (paths, by_path);
  return paths;
}

/* Script s: sample s, then the said-*.jsonl scripts. */
static GBytes *
script_bytes (const MgGame *game, GPtrArray *scripts, guint s)
{
  char *text = NULL;
  gsize len = 0;

  if (s < game->n_samples)
    return mg_data_lookup (game->samples[s].resource, NULL);
  g_assert_true (g_file_get_contents (g_ptr_array_index (scripts, s - game->n_samples), &text, &len, NULL));
  return g_bytes_new_take (text, len + 1);
}

/* TRUE when `msgid` (after a context's \004) has a letter outside its conversions: words, not
 * marks ("%s"). */
static gboolean
has_word (const char *msgid)
{
  const char *eot = strchr (msgid, '\004');

  for (const char *c = eot != NULL ? eot + 1 : msgid; *c != '\0'; c++)
    if (*c == '%')
      while (c[1] != '\0' && !g_ascii_isalpha (*++c) && *c != '%')
        ;
    else if (g_ascii_isalpha (*c))
      return TRUE;
  return FALSE;
}

/* Every message said, each word and phrase in it, has its French in po/fr.po: no English word of
 * a sentence reaches a French reader (said-common.md, (3)). `pieces`: mg_said_to_json's array, or
 * a message's args. */
static void
assert_french (json_object *pieces, const MgCatalogue *fr, const char *where)
{
  for (gsize i = 0; i < json_object_array_length (pieces); i++)
    {
      json_object *p = json_object_array_get_idx (pieces, i), *id = NULL, *more = NULL;
      const char *msgid;

      if (json_object_object_get_ex (p, "said", &more))
        assert_french (more, fr, where);
      if (!json_object_object_get_ex (p, "id", &id))
        continue;
      msgid = json_object_get_string (id);
      if (has_word (msgid) && mg_catalogue_gettext (fr, msgid) == msgid)
        g_error ("%s: \"%s\" has no French in po/fr.po", where, msgid);
      if (json_object_object_get_ex (p, "args", &more))
        assert_french (more, fr, where);
    }
}

static void
test_sample (gconstpointer data)
{
  const MgGame *game = data;
  const MgCatalogue *fr = mg_catalogue_get ("fr");
  g_autoptr(GError) error = NULL;
  json_object *ruleset = mg_ruleset_load_default (game->rules->id, &error);
  guint checked = 0, differ = 0;
  g_autoptr(GPtrArray) scripts = said_scripts (game);

  g_assert_no_error (error);
  g_assert_nonnull (fr);
  for (guint s = 0; s < game->n_samples + scripts->len; s++)
    {
      g_autoptr(GBytes) bytes = script_bytes (game, scripts, s);
      g_auto(GStrv) lines = g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1);
      const char *const *players = game->samples[s < game->n_samples ? s : 0].players;
      /* A script may seat others: a first line "#players Red Blue". */
      g_auto(GStrv) seated = g_str_has_prefix (lines[0], "#players ") ? g_strsplit (lines[0] + 9, " ", -1) : NULL;
      g_autofree char *label = s < game->n_samples ? g_strdup_printf ("sample %u", s)
                               : g_path_get_basename (g_ptr_array_index (scripts, s - game->n_samples));
      g_autoptr(MgState) en = NULL;
      g_autoptr(MgState) fr_state = NULL;
      gint64 seq = 0;

      if (seated != NULL)
        players = (const char *const *) seated, lines[0][0] = '\0';
      en = game->rules->new_state (ruleset, players, &error);
      g_assert_no_error (error);
      fr_state = game->rules->new_state (ruleset, players, &error);
      g_assert_no_error (error);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          json_object *action = json_tokener_parse (g_strstrip (lines[i]));
          g_autofree char *summary = NULL, *summary_fr = NULL, *as_en = NULL, *as_fr = NULL;
          g_autoptr(MgSaid) said = NULL;
          g_autoptr(MgSaid) said_fr = NULL;
          json_object *stored;
          g_autoptr(MgSaid) back = NULL;

          if (lines[i][0] == '\0')
            continue;
          g_assert_nonnull (action);
          seq++;
          process_language (NULL);
          json_object_put (play (en, action, seq, &summary, &said));
          process_language ("fr");
          json_object_put (play (fr_state, action, seq, &summary_fr, &said_fr));
          process_language (NULL);
          json_object_put (action);
          if (said == NULL)
            g_error ("%s, %s, row %" G_GINT64_FORMAT ": no said (the engine still writes its summary as text): %s",
                     game->rules->id, label, seq, summary);
          /* As the journal keeps it: JSON, read back. */
          stored = mg_said_to_json (said);
          back = mg_said_from_json (stored);
          {
            g_autofree char *where = g_strdup_printf ("%s, %s, row %" G_GINT64_FORMAT, game->rules->id, label, seq);
            assert_french (stored, fr, where);
          }
          json_object_put (stored);
          g_assert_nonnull (back);
          as_en = mg_catalogue_render_said (NULL, back);
          as_fr = mg_catalogue_render_said (fr, back);
          if (g_strcmp0 (as_en, summary) != 0 || g_strcmp0 (as_fr, summary_fr) != 0)
            g_error ("%s, %s, row %" G_GINT64_FORMAT ":\n  English summary  %s\n  said in English  %s\n"
                     "  French summary   %s\n  said in French   %s",
                     game->rules->id, label, seq, summary, as_en, summary_fr, as_fr);
          differ += g_strcmp0 (as_en, as_fr) != 0;
          checked++;
        }
    }
  g_test_message ("%s: %u actions said, %u of them in other words in French", game->rules->id, checked, differ);
  g_assert_cmpuint (checked, >, 0);
  /* French is not English: most sentences read differently (names and marks alone may not). */
  g_assert_cmpuint (differ * 2, >, checked);
  json_object_put (ruleset);
}

int
main (int argc, char **argv)
{
  guint n = 0;
  const MgGame **games = mg_games_all (&n);

  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* No textdomain (GETTEXT_PACKAGE): with it, GLib's g_dgettext decides once, at its first call,
   * in English (no translation, a locale neither "C" nor "en_"), never to translate again, and the
   * French process would say English sentences. _() names its domain anyway. */
  g_test_init (&argc, &argv, NULL);
  for (guint g = 0; g < n; g++)
    if (games[g]->n_samples > 0)
      {
        g_autofree char *name = g_strdup_printf ("/said/%s", games[g]->rules->id);
        g_test_add_data_func (name, games[g], test_sample);
      }
  return g_test_run ();
}
