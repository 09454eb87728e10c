/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-fr.c — the app in French (LANGUAGE=fr, the .mo built in the tree): the start page, a
 * campaign of each game opened from its sample with every page shown, the export dialog and an
 * export, each kept as a screenshot (test-ui-fr-*.png) to be looked at. No text shown may be an
 * English message that has a French translation: that is what an untranslated .ui file or a
 * string missed by gettext looks like on screen.  And each game's sample played in English (by
 * this program run again with LANGUAGE=en) opened in French shows none of its English sentences:
 * Journal rows, replay, undo and redo toasts, players' display, exports (issue 33). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-errors.h"
#include "mg-export-dialog.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-rules.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;
static const char *self_path;
/* The name of the campaign played in English: the referee's words, not a message. */
static const char *data_name;

/* An English message shown as is although the catalogue translates it. */
static void
check_text (const char *where, const char *text, GPtrArray *english)
{
  const char *french;

  if (text == NULL || *text == '\0' || g_strcmp0 (text, data_name) == 0)
    return;
  french = g_dgettext (GETTEXT_PACKAGE, text);
  if (french != text && g_strcmp0 (french, text) != 0)
    g_ptr_array_add (english, g_strdup_printf ("%s: “%s” (French: “%s”)", where, text, french));
}

/* Every label, tooltip and window title under `widget`, the widgets libadwaita builds inside
 * its rows and status pages included. */
static void
collect_english (GtkWidget *widget, GPtrArray *english)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    check_text (G_OBJECT_TYPE_NAME (widget), gtk_label_get_label (GTK_LABEL (widget)), english);
  if (GTK_IS_WINDOW (widget))
    check_text ("window title", gtk_window_get_title (GTK_WINDOW (widget)), english);
  check_text ("tooltip", gtk_widget_get_tooltip_text (widget), english);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_english (child, english);
}

static void
assert_french (GtkWidget *widget, const char *what)
{
  g_autoptr(GPtrArray) english = g_ptr_array_new_with_free_func (g_free);

  collect_english (widget, english);
  for (guint i = 0; i < english->len; i++)
    g_test_message ("%s: English left: %s", what, (char *) english->pdata[i]);
  g_assert_cmpuint (english->len, ==, 0);
}

/* The catalogue is the one built in the tree, and it is French. */
static void
test_catalogue (void)
{
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Recent Campaigns"), ==, "Campagnes récentes");
  /* French plural forms: 0 and 1 take the singular. */
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%s — %d match won", "%s — %d matches won", 0), ==,
                   "%s — %d match gagné");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%s — %d match won", "%s — %d matches won", 2), ==,
                   "%s — %d matchs gagnés");
}

/* Issue 45.4, in French: mg_error_plain chooses its words by the error's code and fields, never by
 * reading its text, so the plain sentence is French whatever the text says (here: English, as a
 * message parsed back by its English prefixes used to need); a refusal already in words is the
 * engine's own French. */
static void
test_plain_words (void)
{
  const MgJsonErr ruleset = mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  g_autoptr(GError) ea = NULL, eb = NULL, ec = NULL;
  g_autoptr(json_object) empty_text = json_object_new_string ("");
  g_autoptr(json_object) no_items = json_object_new_array ();
  g_autoptr(json_object) minus_three = json_object_new_int (-3);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  gint64 n;

  mg_json_set_error (&ea, ruleset, "$.map.lands[12].name", _("a non-empty text"), empty_text);
  g_assert_false (mg_json_array (no_items, "path", mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION), 1, 20, NULL, &eb));
  g_assert_false (mg_json_int (minus_three, "$.meeples", ruleset, 1, 20, &n, &ec));
  for (GError **e = (GError *[]) { ea, eb, ec, NULL }; *e != NULL; e++)
    {
      g_free ((*e)->message);
      (*e)->message = g_strdup ("\"path\" must be a list of 1 to 20, got 0 items");
    }
  a = mg_error_plain (ea);
  b = mg_error_plain (eb);
  c = mg_error_plain (ec);
  g_assert_cmpstr (a, ==, "Name est vide : remplissez-le. (dans map › lands 13)");
  g_assert_cmpstr (b, ==, "Path est vide : remplissez-le.");
  g_assert_cmpstr (c, ==, "Meeples doit être un entier de 1 à 20, pas -3.");
}

static void
test_start_page (void)
{
  GtkWidget *start = GTK_WIDGET (mg_application_get_start_window (app));

  gtk_window_set_default_size (GTK_WINDOW (start), 1000, 700);
  gtk_window_present (GTK_WINDOW (start));
  wait_ms (200);
  save_screenshot (start, "test-ui-fr-start.png");
  assert_french (start, "start page");
}

/* A campaign of each game, from its first sample, every page shown and kept. */
static void
test_each_game (void)
{
  guint n_games = 0;
  const MgGame **games = mg_games_all (&n_games);

  g_assert_cmpuint (n_games, >=, 3);
  for (guint g = 0; g < n_games; g++)
    {
      const char *id = games[g]->rules->id;
      g_autoptr(GError) error = NULL;
      g_autoptr(MgCampaign) campaign = NULL;
      MgCampaignWindow *window;
      AdwViewStack *stack;
      g_autoptr(GtkSelectionModel) pages = NULL;

      if (games[g]->n_samples == 0)
        {
          g_test_message ("%s has no sample: no campaign to open", id);
          continue;
        }
      campaign = mg_application_create_sample_for (app, id, tmpdir, &error);
      g_assert_no_error (error);
      window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
      wait_ms (200);

      stack = mg_campaign_window_get_view_stack (window);
      pages = adw_view_stack_get_pages (stack);
      for (guint p = 0; p < g_list_model_get_n_items (G_LIST_MODEL (pages)); p++)
        {
          g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), p);
          const char *name = adw_view_stack_page_get_name (page);
          g_autofree char *file = g_strdup_printf ("test-ui-fr-%s-%s.png", id, name != NULL ? name : "page");
          g_autofree char *what = g_strdup_printf ("%s, page %s", id, name);

          if (!adw_view_stack_page_get_visible (page))
            continue;
          adw_view_stack_set_visible_child (stack, adw_view_stack_page_get_child (page));
          wait_ms (150);
          save_screenshot (GTK_WIDGET (window), file);
          /* The Rules page too: its labels are the game's words (test-ui-rules.c opens every row). */
          assert_french (GTK_WIDGET (window), what);
        }
      close_campaign_windows (app);
    }
}

/* An undo's toast at 360 px in French, longer than English: wrapped in the toast (cut only past
 * six lines: La Mame's year's end, MecaKnights' turn change), inside the window (test-ui.c,
 * toast-fits-narrow). */
static void
test_undo_toast_narrow (void)
{
  guint n = 0;
  const MgSample *samples = mg_application_samples (&n);
  guint n_wrapped = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, samples[i].game_id, tmpdir, &error);
      g_autofree char *name = g_strdup_printf ("test-ui-fr-toast-%s.png", samples[i].game_id);
      MgCampaignWindow *window;
      gboolean cut = FALSE;

      g_assert_no_error (error);
      window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
      if (ui_test_undo_toast (window, 360, name, &cut) > 1 && !cut)
        n_wrapped++;
      close_campaign_windows (app);
    }
  g_assert_cmpuint (n_wrapped, >=, 3);
}

/* The export dialog, and an export: headings in the referee's language. */
static void
test_export (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample (app, tmpdir, &error);
  g_autofree char *out = g_build_filename (tmpdir, "export.md", NULL);
  g_autofree char *text = NULL;
  MgCampaignWindow *window;
  MgExportDialog *dialog;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (200);

  dialog = mg_export_dialog_new (GTK_WINDOW (window), campaign);
  gtk_window_present (GTK_WINDOW (dialog));
  wait_ms (200);
  save_screenshot (GTK_WIDGET (dialog), "test-ui-fr-export-dialog.png");
  assert_french (GTK_WIDGET (dialog), "export dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));

  mg_campaign_window_export_to (window, "md", 0, 0, out);
  for (guint i = 0; i < 500 && mg_campaign_window_is_exporting (window); i++)
    wait_ms (10);
  g_assert_false (mg_campaign_window_is_exporting (window));
  g_assert_true (g_str_has_prefix (mg_campaign_window_get_last_toast (window), "Exporté vers "));
  g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Toute la campagne"));
  g_assert_nonnull (strstr (text, "Séance 1"));
  /* A Meeple Melee turn is a battle, in the export as on the Battle page. */
  g_assert_nonnull (strstr (text, "Bataille 1"));
  /* The rulebook's sample battle 1: Red rolls 6 Sweep and 2 Kick behind a screen (never shown,
   * issue 41) and reveals the 6 it picked: French plurals for the faces. */
  g_assert_nonnull (strstr (text, "Red a révélé 4 balayages, 2 coups de pied"));
  g_assert_null (strstr (text, "6 balayages · 2 coups de pied"));
  g_assert_null (strstr (text, "Battle"));
  g_assert_null (strstr (text, "Turn 1"));
  g_assert_null (strstr (text, "Sweep"));
  close_campaign_windows (app);
}

/* The child's work: the game's sample made as the Samples menu makes it, in this process's
 * language (English: the parent sets LANGUAGE=en), into folder; its path printed. */
static int
play_sample (const char *game_id, const char *folder)
{
  g_autoptr(MgApplication) maker = mg_application_new ();
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (maker, game_id, folder, NULL);

  if (campaign == NULL)
    return 1;
  g_print ("%s", mg_campaign_get_path (campaign));
  return 0;
}

/* The sentences the English play stored that French tells otherwise (the same sample played in
 * French gives the French ones, row by row). */
static GPtrArray *
english_sentences (MgCampaign *english, MgCampaign *french)
{
  g_autoptr(GPtrArray) en = mg_campaign_journal_range (english, 0, G_MAXINT, NULL);
  g_autoptr(GPtrArray) fr = mg_campaign_journal_range (french, 0, G_MAXINT, NULL);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (en);
  g_assert_cmpuint (en->len, ==, fr->len);
  for (guint i = 0; i < en->len; i++)
    {
      MgJournalEntry *e = en->pdata[i], *f = fr->pdata[i];

      if (e->summary[0] != '\0' && strcmp (e->summary, f->summary) != 0)
        g_ptr_array_add (out, g_strdup (e->summary));
    }
  return out;
}

static MgCampaign *
open_in_english (const char *id)
{
  g_autofree char *folder = g_strdup_printf ("%s/%s-english", tmpdir, id);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LANGUAGE", "en", TRUE);
  const char *argv[] = { self_path, "--play-sample", id, folder, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int status = -1;
  MgCampaign *campaign;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &path, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  campaign = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  return campaign;
}

static void
append_file (GString *shown, const char *path)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_string_append (shown, text);
}

/* Every text of the window that tells the journal: each page, the Journal's rows and the
 * replay of its last steps, Undo's and Redo's toasts, the players' display, the md and html
 * exports. */
static void
collect_told (MgCampaignWindow *window, const char *id, GString *shown)
{
  AdwViewStack *stack = mg_campaign_window_get_view_stack (window);
  GtkWidget *journal;
  static const char * const formats[] = { "md", "html" };

  ui_test_pages_texts (window, shown);
  adw_view_stack_set_visible_child_name (stack, "journal");
  journal = mg_campaign_window_get_page (window, "journal");
  wait_ms (200);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (gtk_widget_activate_action (journal, "journal.previous", NULL));
      wait_ms (100);
      ui_test_collect_texts (journal, shown);
    }
  save_screenshot (GTK_WIDGET (window), g_strdup_printf ("test-ui-fr-%s-english-journal.png", id));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (100);
  g_assert_true (g_str_has_prefix (mg_campaign_window_get_last_toast (window), "Annulé"));
  g_string_append_printf (shown, "%s\n", mg_campaign_window_get_last_toast (window));
  ui_test_collect_texts (journal, shown);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  wait_ms (100);
  g_assert_true (g_str_has_prefix (mg_campaign_window_get_last_toast (window), "Rétabli : "));
  g_string_append_printf (shown, "%s\n", mg_campaign_window_get_last_toast (window));

  ui_test_players_display_texts (window, shown);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *out = g_strdup_printf ("%s/%s-english.%s", tmpdir, id, formats[f]);

      mg_campaign_window_export_to (window, formats[f], 0, 0, out);
      for (guint i = 0; i < 500 && mg_campaign_window_is_exporting (window); i++)
        wait_ms (10);
      g_assert_false (mg_campaign_window_is_exporting (window));
      append_file (shown, out);
    }
}

/* Each game's sample played in English, opened in French: none of its English sentences shows. */
static void
test_english_samples (void)
{
  guint n_games = 0;
  const MgGame **games = mg_games_all (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      const char *id = games[g]->rules->id;
      g_autoptr(GError) error = NULL;
      g_autoptr(MgCampaign) english = NULL;
      g_autoptr(MgCampaign) french = NULL;
      g_autoptr(GPtrArray) sentences = NULL;
      g_autoptr(GString) shown = g_string_new (NULL);
      MgCampaignWindow *window;
      guint left = 0;

      if (games[g]->n_samples == 0)
        continue;
      english = open_in_english (id);
      french = mg_application_create_sample_for (app, id, tmpdir, &error);
      g_assert_no_error (error);
      sentences = english_sentences (english, french);
      g_assert_cmpuint (sentences->len, >, 0);

      data_name = mg_campaign_get_name (english);
      window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, english));
      gtk_window_set_default_size (GTK_WINDOW (window), 1400, 1000);
      gtk_window_present (GTK_WINDOW (window));
      wait_ms (300);
      collect_told (window, id, shown);
      assert_french (GTK_WIDGET (window), id);
      for (guint i = 0; i < sentences->len; i++)
        {
          const char *at = strstr (shown->str, sentences->pdata[i]);

          if (at == NULL)
            continue;
          g_test_message ("%s: English sentence shown: “%s”", id, (char *) sentences->pdata[i]);
          left++;
        }
      g_assert_cmpuint (left, ==, 0);
      close_campaign_windows (app);
      data_name = NULL;
    }
}

int
main (int argc, char **argv)
{
  int status;

  /* The child that plays a sample in English (test_english_samples). */
  if (argc == 4 && strcmp (argv[1], "--play-sample") == 0)
    return play_sample (argv[2], argv[3]);
  self_path = argv[0];
  ui_test_use_catalogue ();

  app = ui_test_init (&argc, &argv, "mg-ui-fr", &tmpdir);
  g_test_add_func ("/ui-fr/catalogue", test_catalogue);
  g_test_add_func ("/ui-fr/plain-words", test_plain_words);
  g_test_add_func ("/ui-fr/start-page", test_start_page);
  g_test_add_func ("/ui-fr/each-game", test_each_game);
  g_test_add_func ("/ui-fr/export", test_export);
  g_test_add_func ("/ui-fr/undo-toast-narrow", test_undo_toast_narrow);
  g_test_add_func ("/ui-fr/english-samples", test_english_samples);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}
