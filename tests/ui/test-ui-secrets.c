/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-secrets.c — issue 32: no secret in force on any screen, toast, Journal row, replay,
 * players' display or export. For each game with secrets: enter, reveal, undo the reveal (Ctrl+Z
 * through the X server), redo (a real click on Redo); after each step every text of every page of
 * the campaign window, of the players' display, and of every export format is read, and the
 * values in force that are secret must not be in any of them. */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>

#include "mg-campaign.h"
#include "mg-campaign-window-private.h"
#include "mg-errors.h"
#include "mg-export.h"
#include "mg-journal-model.h"
#include "mg-json.h"
#include "mg-players-display.h"
#include "mg-ruleset.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

static MgJournalEntry *
act_ok (MgCampaign *c, const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) action = json_tokener_parse (json);
  MgJournalEntry *entry;

  g_assert_nonnull (action);
  entry = mg_campaign_act (c, action, &error);
  g_assert_no_error (error);
  return entry;
}

/* The text of each export format of the whole campaign (PDF through pdftotext, when it is there). */
static void
collect_exports (MgCampaign *c, GString *out)
{
  static const MgExportFormat formats[] = { MG_EXPORT_MARKDOWN, MG_EXPORT_HTML, MG_EXPORT_JSON, MG_EXPORT_PDF };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *path = g_strdup_printf ("%s/secrets-export-%u", tmpdir, f);
      g_autofree char *text = ui_test_export_text (c, formats[f], path);

      if (text != NULL)
        g_string_append (out, text);
    }
}

/* Every text the table can see now: each page of the window (built by being shown), the players'
 * display, the toast, and the exports. */
static GString *
everything_shown (MgCampaignWindow *window)
{
  GString *out = g_string_new (NULL);

  ui_test_pages_texts (window, out);
  ui_test_players_display_texts (window, out);
  if (mg_toast_last (GTK_WIDGET (window)) != NULL)
    g_string_append_printf (out, "%s\n", mg_toast_last (GTK_WIDGET (window)));
  collect_exports (mg_campaign_window_get_campaign (window), out);
  return out;
}

static void
assert_none_shown (MgCampaignWindow *window, const char *step, const char * const *secrets)
{
  g_autoptr(GString) shown = everything_shown (window);

  for (guint i = 0; secrets[i] != NULL; i++)
    {
      const char *at = strstr (shown->str, secrets[i]);

      if (at != NULL)
        g_error ("%s: the secret “%s” is shown: …%.80s…", step, secrets[i],
                 at - shown->str > 40 ? at - 40 : shown->str);
    }
}

static void
assert_shown (MgCampaignWindow *window, const char *step, const char *text)
{
  g_autoptr(GString) shown = everything_shown (window);

  if (strstr (shown->str, text) == NULL)
    g_error ("%s: “%s” is not shown", step, text);
}

static MgCampaignWindow *
open_window (MgCampaign *c)
{
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (400);
  return window;
}

/* Undo with Ctrl+Z, redo with a click on Redo, both through the X server. */
static void
undo_by_key (MgCampaignWindow *window)
{
  g_assert_true (mg_campaign_can_undo (mg_campaign_window_get_campaign (window)));
  /* An entry with the focus takes Ctrl+Z for its own text, as it should. */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  g_assert_true (ui_test_keys (GTK_WIDGET (window), GDK_KEY_z, GDK_KEY_Control_L));
  g_assert_true (mg_campaign_can_redo (mg_campaign_window_get_campaign (window)));
}

static void
redo_by_click (MgCampaignWindow *window)
{
  GtkWidget *redo = ui_test_find_by_tooltip (GTK_WIDGET (window), _("Redo (Shift+Ctrl+Z)"));

  g_assert_nonnull (redo);
  g_assert_true (ui_test_x_click (redo));
  g_assert_false (mg_campaign_can_redo (mg_campaign_window_get_campaign (window)));
}

/* The whole check for one game: `secrets` are the texts that tell the values in force that stay
 * secret once the reveal (the last action played) is undone; `revealed` is the reveal's summary. */
static void
enter_reveal_undo_redo (MgCampaignWindow *window, const char *revealed, const char * const *secrets)
{
  g_autofree char *redone = g_strdup_printf (_("Redone: %s"), revealed);

  /* Revealed: the table may see it. */
  assert_shown (window, "after the reveal", revealed);
  undo_by_key (window);
  assert_none_shown (window, "after undoing the reveal", secrets);
  redo_by_click (window);
  assert_shown (window, "after redoing the reveal", redone);
}

/* TRUE (and the test skipped) when there is no X display for real input. */
static gboolean
skip_without_x (void)
{
  if (GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return FALSE;
  g_test_skip ("real input needs an X display (Xvfb)");
  return TRUE;
}

/* Meeple: Red's pick is secret until Blue's pick reveals both. */
static void
test_meeple (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "meeple-secrets.db", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "meeple", "Secrets", players, NULL, 1, &error);
  g_autoptr(MgJournalEntry) reveal = NULL;
  MgCampaignWindow *window;

  if (skip_without_x ())
    return;
  g_assert_no_error (error);
  /* 1 = Sweep, 2 = Kick, 3 = Punch: Red rolls 3 Sweep, 3 Kick, 2 Punch; Blue 8 Sweep. */
  mg_journal_entry_free (act_ok (c, "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,2,2,2,3,3]}"));
  mg_journal_entry_free (act_ok (c, "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}"));
  window = open_window (c);
  {
    const char *entered[] = { "3 Sweep · 3 Kick · 2 Punch", NULL };

    mg_journal_entry_free (act_ok (c, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":3,\"kick\":3,\"punch\":0}"));
    wait_ms (200);
    assert_none_shown (window, "Red's pick entered", entered);
  }
  reveal = act_ok (c, "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6,\"kick\":0,\"punch\":0}");
  wait_ms (200);
  {
    /* Red's pick, in the words the reveal uses, and the reveal's whole summary. */
    const char *secrets[] = { reveal->summary, "3 Sweep, 3 Kick", "3 Sweep · 3 Kick · 2 Punch", NULL };

    enter_reveal_undo_redo (window, reveal->summary, secrets);
  }
  close_campaign_windows (app);
}

/* La Mame: Red's attack gold is secret until Blue's guess reveals it (the shipped sample's first
 * attack: Red spends 2 gold against Bluewater, Blue guesses 1). */
static void
test_lamame (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "lamame-secrets.db", NULL);
  g_autofree char *sample = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "lamame-sample.jsonl", NULL);
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;
  const char *players[] = { "Red", "Blue", "Green", NULL };
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "lamame", "Secrets", players, NULL, 1, &error);
  g_autoptr(MgJournalEntry) reveal = NULL;
  MgCampaignWindow *window;
  guint i;

  if (skip_without_x ())
    return;
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (sample, &script, NULL, NULL));
  lines = g_strsplit (script, "\n", -1);
  /* Up to Red's attack gold, the first line that names it. */
  for (i = 0; lines[i] != NULL && strstr (lines[i], "\"attack_gold\"") == NULL; i++)
    mg_journal_entry_free (act_ok (c, lines[i]));
  g_assert_nonnull (lines[i]);
  g_assert_nonnull (strstr (lines[i], "\"gold\":2"));
  mg_journal_entry_free (act_ok (c, lines[i]));
  window = open_window (c);
  {
    const char *entered[] = { "spends 2 gold", "2 gold against", NULL };

    assert_none_shown (window, "Red's attack gold entered", entered);
  }
  g_assert_nonnull (strstr (lines[i + 1], "\"guess\""));
  reveal = act_ok (c, lines[i + 1]);
  wait_ms (200);
  {
    const char *secrets[] = { reveal->summary, "spends 2 gold", "2 gold against", NULL };

    g_assert_nonnull (strstr (reveal->summary, "2 gold"));
    enter_reveal_undo_redo (window, reveal->summary, secrets);
  }
  close_campaign_windows (app);
}

/* A Mine Field campaign with its six mines placed (Black's and Red's in turn), in tmpdir/file. */
static const char *mine_squares[] = { "c8", "h5", "k7", "b6", "d10", "m10" };

static MgCampaign *
minefield (const char *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Black", "Red", NULL };
  g_autoptr(json_object) ruleset = mg_ruleset_load_default ("cricchio", &error);
  MgCampaign *c;

  g_assert_no_error (error);
  json_object_object_add (ruleset, "variant", json_object_new_string ("minefield"));
  c = mg_campaign_create (path, "cricchio", "Mines", players, ruleset, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (mine_squares); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"type\":\"place_mine\",\"player\":\"%s\",\"square\":\"%s\"}",
                                               i % 2 == 0 ? "Black" : "Red", mine_squares[i]);

      mg_journal_entry_free (act_ok (c, json));
    }
  return c;
}

/* Cricchio's Mine Field: the six mines' squares are never shown, as they are entered, when one
 * is undone (Ctrl+Z) and when it is redone. */
static void
test_cricchio_mines (void)
{
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(GPtrArray) secrets = g_ptr_array_new_with_free_func (g_free);
  MgCampaignWindow *window;

  if (skip_without_x ())
    return;
  c = minefield ("mines-secrets.db");
  for (guint i = 0; i < G_N_ELEMENTS (mine_squares); i++)
    {
      g_ptr_array_add (secrets, g_strdup_printf ("\"%s\"", mine_squares[i]));
      g_ptr_array_add (secrets, g_strdup_printf (" %s", mine_squares[i]));
      g_ptr_array_add (secrets, g_strdup_printf ("%s ", mine_squares[i]));
    }
  g_ptr_array_add (secrets, NULL);
  window = open_window (c);
  assert_none_shown (window, "mines entered", (const char * const *) secrets->pdata);
  undo_by_key (window);
  assert_none_shown (window, "the last mine undone", (const char * const *) secrets->pdata);
  redo_by_click (window);
  assert_none_shown (window, "the last mine redone", (const char * const *) secrets->pdata);
  close_campaign_windows (app);
}

/* The row for seq in a fresh Journal model (as the page binds it). */
static MgJournalItem *
journal_item (MgCampaign *c, gint64 seq)
{
  g_autoptr(MgJournalModel) model = mg_journal_model_new (c);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      MgJournalItem *item = g_list_model_get_item (G_LIST_MODEL (model), i);

      if (mg_journal_item_get_seq (item) == seq)
        return item;
      g_object_unref (item);
    }
  g_assert_not_reached ();
}

/* Issue 41: in the Mine Field every mine stays hidden all game, yet an undone public move is
 * named in full (toast and Journal row); an undone mine is not. */
static void
test_cricchio_undo_names_public (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(MgJournalEntry) move = NULL;
  g_autoptr(MgJournalItem) row = NULL;
  g_autoptr(MgJournalItem) mine = NULL;
  g_autofree char *toast = NULL;
  MgCampaignWindow *window;
  guint done = 0;

  if (skip_without_x ())
    return;
  c = minefield ("mines-undo.db");
  move = act_ok (c, "{\"type\":\"move\",\"from\":\"f2\",\"to\":\"f3\"}");
  window = open_window (c);
  undo_by_key (window);
  g_assert_true (mg_state_hides_something (mg_campaign_get_state (c)));
  toast = g_strdup_printf (_("Undone: %s"), move->summary);
  g_assert_cmpstr (mg_toast_last (GTK_WIDGET (window)), ==, toast);
  row = journal_item (c, move->seq);
  g_assert_true (mg_journal_item_get_undone (row));
  g_assert_cmpstr (mg_journal_item_get_summary (row), ==, move->summary);
  /* The last mine undone too: its row names only whose action it was. */
  g_assert_true (mg_campaign_undo (c, 1, &done, &error));
  g_assert_no_error (error);
  mine = journal_item (c, move->seq - 1);
  g_assert_true (mg_journal_item_get_undone (mine));
  g_assert_nonnull (strstr (mg_journal_item_get_summary (mine), "its details stay hidden"));
  close_campaign_windows (app);
}

/* A public move that set off a mine told where the mine was: undone, the mine is hidden again,
 * so the row names only whose move it was (mg_state_reveals). */
static void
test_cricchio_undo_hides_reveal (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = minefield ("mines-reveal.db");
  g_autoptr(MgJournalEntry) boom = NULL;
  g_autoptr(MgJournalItem) row = NULL;
  guint done = 0;

  mg_journal_entry_free (act_ok (c, "{\"type\":\"move\",\"from\":\"h2\",\"to\":\"h3\"}"));
  mg_journal_entry_free (act_ok (c, "{\"type\":\"move\",\"from\":\"a13\",\"to\":\"a12\"}"));
  /* h4 is next to Red's mine on h5. */
  boom = act_ok (c, "{\"type\":\"move\",\"from\":\"h3\",\"to\":\"h4\"}");
  g_assert_nonnull (strstr (boom->summary, "h5"));
  g_assert_true (mg_campaign_undo (c, 1, &done, &error));
  g_assert_no_error (error);
  g_assert_true (mg_state_hides_something (mg_campaign_get_state (c)));
  row = journal_item (c, boom->seq);
  g_assert_null (strstr (mg_journal_item_get_summary (row), "h5"));
  g_assert_nonnull (strstr (mg_journal_item_get_summary (row), "its details stay hidden"));
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-secrets", &tmpdir);
  g_test_add_func ("/secrets/meeple", test_meeple);
  g_test_add_func ("/secrets/lamame", test_lamame);
  g_test_add_func ("/secrets/cricchio-mines", test_cricchio_mines);
  g_test_add_func ("/secrets/cricchio-undo-names-public", test_cricchio_undo_names_public);
  g_test_add_func ("/secrets/cricchio-undo-hides-reveal", test_cricchio_undo_hides_reveal);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}
