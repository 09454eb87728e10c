/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-rules.c — the Rules page in plain words (issue 33) and its House rules (issue 34).
 *
 * Run twice by meson: `ui-rules` in English and `ui-rules-fr` in French (LANGUAGE=fr, the .mo
 * built in the tree). Both open every game's Rules page from its sample, with every row opened,
 * and fail on a raw index for a label (a bare number) or a flattened object (“X : 100 · Y : 100”).
 * At 360 px (issue 45) they fail on a window or page drawn wider than 360 px (naming what holds
 * it), a drop-down showing less than its choice's first word (one showed only "…"), a row title
 * narrower than its longest word ("Genr-e"), or the page's hint cut.
 * In French, a label fails when it is English, told two ways, both robust to names and numbers:
 *  - it is a message of the catalogue that has a French translation (an untranslated string or a
 *    name that skipped gettext: exact, no false alarm);
 *  - it holds one of a few English words that no French sentence uses (“the”, “of”, “with”…),
 *    which catches English that is not in the catalogue at all (a ruleset's note, a value typed
 *    in a JSON file). Names typed by the referee (entries) are data and are not labels.
 * Issue 45: no text of the page (labels, entries' values) shows a key or an id of the ruleset,
 * in either language, and each house rule's rulebook passage is shown, not only on hover.
 * Then a fake game with two house rules: a real click on a switch (gtk_widget_pick at its
 * centre, then the X server's button) changes the campaign's ruleset; the toast's Undo, clicked
 * the same way, puts it back. Screenshots of the House rules (TFT) in each language. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-fake-engine.h"
#include "mg-game.h"
#include "mg-journal-model.h"
#include "mg-journal-page.h"
#include "mg-rules-form.h"
#include "mg-rules-house.h"
#include "mg-rules-page.h"
#include "ui-test-util.h"
#include "mg-draft.h"
#include "mg-errors.h"

static MgApplication *app;
static char *tmpdir;
static gboolean french;

/* English words that no French text uses (“a”, “on”, “as”, “or”, “plus” are French too: not here). */
static const char * const english_words[] = {
  "the", "and", "of", "with", "by", "per", "is", "are", "for", "from", "when", "this", "that",
  "its", "it", "to", "each", "only", "if", "be", "may", "can", "not", "at", "in", "their",
  "turn", "turns", "player", "players", "default", "gold", "castle", "castles", "areas", "spring",
  "summer", "fall", "winter", "red", "blue", "green", "yellow", "black", "white", "introductory",
  "rules", "cost", "costs", "weapons", "moves", "number", NULL
};

static gboolean
has_english_word (const char *text)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_auto(GStrv) words = g_regex_split_simple ("[^[:alpha:]’']+", lower, 0, 0);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_strv_contains (english_words, words[i]))
      return TRUE;
  return FALSE;
}

static void
check_label (const char *where, const char *text, GPtrArray *faults)
{
  const char *translated;

  if (text == NULL || *text == '\0')
    return;
  if (g_regex_match_simple ("^[0-9]+$", text, 0, 0))
    g_ptr_array_add (faults, g_strdup_printf ("%s: a bare number for a label: “%s”", where, text));
  if (strstr (text, "·") != NULL && strchr (text, ':') != NULL)
    g_ptr_array_add (faults, g_strdup_printf ("%s: a flattened object: “%s”", where, text));
  if (!french)
    return;
  translated = g_dgettext (GETTEXT_PACKAGE, text);
  if (translated != text && g_strcmp0 (translated, text) != 0)
    g_ptr_array_add (faults, g_strdup_printf ("%s: English “%s” (French: “%s”)", where, text, translated));
  else if (has_english_word (text))
    g_ptr_array_add (faults, g_strdup_printf ("%s: English words in “%s”", where, text));
}

/* Issue 45: the ruleset's keys, and its string values that are ids (one word, no space): what
 * no text of the page may show, in any language. */
static void
ruleset_ids (json_object *value, GHashTable *ids)
{
  if (json_object_is_type (value, json_type_object))
    {
      json_object_object_foreach (value, key, member)
        {
          g_hash_table_add (ids, g_strdup (key));
          /* A name is the referee's word, not an id. */
          if (!g_strv_contains ((const char * const[]) { "name", "text", "rule", "label", "title", NULL }, key))
            ruleset_ids (member, ids);
        }
    }
  else if (json_object_is_type (value, json_type_array))
    {
      for (gsize i = 0; i < json_object_array_length (value); i++)
        ruleset_ids (json_object_array_get_idx (value, i), ids);
    }
  else if (json_object_is_type (value, json_type_string) && strchr (json_object_get_string (value), ' ') == NULL
           && json_object_get_string_len (value) > 1
           /* A hex's or a square's name ("H5", "A4") is the board's word, read as it is. */
           && !g_regex_match_simple ("^[A-Z][0-9]{1,2}$", json_object_get_string (value), 0, 0))
    g_hash_table_add (ids, g_strdup (json_object_get_string (value)));
}

/* A text shows an id: it is the id, or it quotes the id ("forward", “match”, `lead`, « x »),
 * or holds an id that has an underscore ("president_moves"). */
static gboolean
shows_id (const char *text, const char *id)
{
  const char *quotes[] = { "\"%s\"", "“%s”", "`%s`", "« %s »", NULL };

  for (guint q = 0; quotes[q] != NULL; q++)
    {
      g_autofree char *quoted = g_strdup_printf (quotes[q], id);

      if (strstr (text, quoted) != NULL)
        return TRUE;
    }
  return g_str_equal (text, id) || (strchr (id, '_') != NULL && strstr (text, id) != NULL);
}

static void
check_ids (const char *where, const char *text, GHashTable *ids, GPtrArray *faults)
{
  GHashTableIter iter;
  const char *id;

  if (text == NULL || text[0] == '\0')
    return;
  /* A house rule's passage quotes the rulebook: its words ("hexes") are the book's. */
  {
    g_autofree char *passage = g_strdup_printf (_("The rulebook: “%s”"), "");
    g_autofree char *opening = g_strndup (passage, strlen (passage) - strlen ("”"));

    if (g_str_has_prefix (text, opening))
      return;
  }
  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, (gpointer *) &id, NULL))
    if (shows_id (text, id))
      g_ptr_array_add (faults, g_strdup_printf ("%s: the ruleset's id “%s” in “%s”", where, id, text));
}

/* Every row opened, so that every label of the form is shown. */
static void
expand_all (GtkWidget *widget)
{
  if (ADW_IS_EXPANDER_ROW (widget))
    adw_expander_row_set_expanded (ADW_EXPANDER_ROW (widget), TRUE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    expand_all (child);
}

static void
collect (GtkWidget *widget, const char *where, GHashTable *ids, GPtrArray *faults)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
    return;
  if (GTK_IS_TEXT_VIEW (widget))   /* the JSON behind its button */
    return;
  /* A house rule's passage quotes the rulebook in its own language, by design. */
  if (GTK_IS_LABEL (widget) && !gtk_widget_has_css_class (widget, "rulebook-quote"))
    check_label (where, gtk_label_get_text (GTK_LABEL (widget)), faults);
  if (GTK_IS_LABEL (widget) && ids != NULL)
    check_ids (where, gtk_label_get_text (GTK_LABEL (widget)), ids, faults);
  if (GTK_IS_EDITABLE (widget) && ids != NULL && mg_rules_form_slot_key (widget) != NULL
      && !g_strv_contains ((const char * const[]) { "name", "text", "rule", NULL }, mg_rules_form_slot_key (widget)))
    check_ids (where, gtk_editable_get_text (GTK_EDITABLE (widget)), ids, faults);
  /* A value shown in an entry is English too when it is a word of the rules (a season, a colour)
   * rather than a name or a text the referee writes (members "name", "text", "rule"). */
  if (GTK_IS_ENTRY (widget) && mg_rules_form_slot_key (widget) != NULL &&
      !g_strv_contains ((const char * const[]) { "name", "text", "rule", NULL }, mg_rules_form_slot_key (widget)))
    check_label (where, gtk_editable_get_text (GTK_EDITABLE (widget)), faults);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect (child, where, ids, faults);
}

/* What holds a window wider than asked: the deepest widgets that need more than `limit` px. */
static void
wide_widgets (GtkWidget *widget, int limit, GString *found)
{
  gboolean deeper = FALSE;
  int minimum = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c))
      {
        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
        if (minimum > limit)
          {
            wide_widgets (c, limit, found);
            deeper = TRUE;
          }
      }
  if (!deeper)
    {
      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      g_string_append_printf (found, " %s (%d px%s%s)", G_OBJECT_TYPE_NAME (widget), minimum,
                              GTK_IS_LABEL (widget) ? ": " : "", GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : "");
      /* Its children side by side, each narrower. */
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_get_visible (c))
          {
            gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
            g_string_append_printf (found, " [%s %d px%s%s]", G_OBJECT_TYPE_NAME (c), minimum,
                                    gtk_widget_get_name (c)[0] != '\0' ? " " : "", gtk_widget_get_name (c));
          }
    }
}

/* Whether a label shows at least its first word (and "…") in its width. */
static gboolean
shows_a_word (GtkLabel *label)
{
  const char *text = gtk_label_get_text (label);
  g_autofree char *word = g_strndup (text, strcspn (text, " "));
  g_autofree char *shown = g_strdup_printf ("%s…", word);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (label), shown);
  int width = 0;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return gtk_widget_get_width (GTK_WIDGET (label)) >= width;
}

/* Whether a wrapped label is at least as wide as its longest word (else GTK breaks the word:
 * at 360 px in French a row's "Genre" showed as "Genr-e"). */
static gboolean
words_whole (GtkLabel *label)
{
  g_auto(GStrv) words = g_strsplit_set (gtk_label_get_text (label), " \n", -1);
  int widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (label), words[i]);
      int width = 0;

      pango_layout_get_pixel_size (layout, &width, NULL);
      widest = MAX (widest, width);
    }
  return gtk_widget_get_width (GTK_WIDGET (label)) >= widest;
}

/* Texts cut on the page as shown: a drop-down's shown choice reduced to less than its first
 * word (at 360 px in French one showed only "…"); the page's hint ellipsized. */
static void
cut_texts (GtkWidget *widget, const char *where, gboolean in_drop_down, GPtrArray *faults)
{
  if (!gtk_widget_get_mapped (widget) || GTK_IS_POPOVER (widget))
    return;
  if (GTK_IS_LABEL (widget) && ((in_drop_down && !shows_a_word (GTK_LABEL (widget)))
                                || (gtk_widget_has_css_class (widget, "rules-message")
                                    && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))))
    g_ptr_array_add (faults, g_strdup_printf ("%s: \"%s\" is cut on the page at %d px%s", where,
                                              gtk_label_get_text (GTK_LABEL (widget)),
                                              gtk_widget_get_width (gtk_widget_get_ancestor (widget, GTK_TYPE_WINDOW)),
                                              in_drop_down ? " (a drop-down's choice, not even its first word shown)" : ""));
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title") && !words_whole (GTK_LABEL (widget)))
    g_ptr_array_add (faults, g_strdup_printf ("%s: \"%s\" has a word broken (%d px wide)", where,
                                              gtk_label_get_text (GTK_LABEL (widget)), gtk_widget_get_width (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    cut_texts (c, where, in_drop_down || GTK_IS_DROP_DOWN (widget), faults);
}

/* The House rules group of the page, or NULL. */
static GtkWidget *
house_group (GtkWidget *page)
{
  for (GtkWidget *w = find_descendant (page, ADW_TYPE_PREFERENCES_GROUP); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (ADW_IS_PREFERENCES_GROUP (w) && g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (w)), _("House rules")) == 0)
      return w;
  return NULL;
}

static GtkWidget *
show_rules (MgCampaign *campaign, int width)
{
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));

  gtk_window_set_default_size (GTK_WINDOW (window), width, 900);
  wait_ms (200);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "rules");
  wait_ms (300);
  return mg_campaign_window_get_page (window, "rules");
}

/* Every game's Rules page, every row open: no raw index, no flattened object, in French no English. */
static void
test_each_game (void)
{
  guint n_games = 0, faults_in_all = 0;
  const MgGame **games = mg_games_all (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      const char *id = games[g]->rules->id;
      g_autoptr(GError) error = NULL;
      g_autoptr(MgCampaign) campaign = NULL;
      g_autoptr(GPtrArray) faults = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autofree char *shot = g_strdup_printf ("test-ui-rules-%s-%s.png", id, french ? "fr" : "en");
      GtkWidget *page;

      if (games[g]->n_samples == 0)
        continue;
      campaign = mg_application_create_sample_for (app, id, tmpdir, &error);
      g_assert_no_error (error);
      page = show_rules (campaign, 1000);
      expand_all (page);
      wait_ms (300);
      ruleset_ids (mg_campaign_get_ruleset (campaign), ids);
      collect (page, id, ids, faults);
      save_screenshot (gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW), shot);
      /* Issue 45: on a 360 px phone, in either language, the page is no wider than the screen. */
      {
        GtkWidget *window = gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW);
        g_autofree char *narrow = g_strdup_printf ("test-ui-rules-%s-%s-360.png", id, french ? "fr" : "en");
        int minimum = 0;

        gtk_window_set_default_size (GTK_WINDOW (window), 360, 900);
        wait_ms (400);
        gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
        /* The window may be held wider by another page of the game (its stack's widest). */
        g_test_message ("%s: the Rules page needs %d px (the window is %d px)", id, minimum, gtk_widget_get_width (window));
        if (minimum > 360)
          g_ptr_array_add (faults, g_strdup_printf ("%s: the Rules page is %d px wide at 360", id, minimum));
        cut_texts (page, id, FALSE, faults);
        /* Nor drawn wider than its window (held wider by another of the window's widgets). */
        if (gtk_widget_get_width (window) > 360 || gtk_widget_get_width (page) > gtk_widget_get_width (window))
          {
            g_autoptr(GString) wide = g_string_new (NULL);

            wide_widgets (window, 340, wide);
            g_ptr_array_add (faults, g_strdup_printf ("%s: at 360 px the window is %d px wide and its Rules page %d px; "
                                                      "held by:%s", id, gtk_widget_get_width (window),
                                                      gtk_widget_get_width (page), wide->str));
          }
        save_screenshot (window, narrow);
      }
      for (guint i = 0; i < faults->len; i++)
        g_test_message ("%s", (char *) faults->pdata[i]);
      faults_in_all += faults->len;
      close_campaign_windows (app);
    }
  g_assert_cmpuint (faults_in_all, ==, 0);
}

/* The house rules' switches, and the rulebook passages shown (mapped, not a tooltip). */
static void
count_house_rows (GtkWidget *widget, guint *switches, guint *quotes)
{
  if (GTK_IS_SWITCH (widget) && g_object_get_data (G_OBJECT (widget), "mg-house-rule") != NULL)
    (*switches)++;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "rulebook-quote") && gtk_widget_get_mapped (widget)
      && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    (*quotes)++;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    count_house_rows (c, switches, quotes);
}

/* The House rules of TFT, as a referee sees them: kept as a screenshot in each language. */
static void
test_house_screenshot (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, "tft", tmpdir, &error);
  g_autofree char *shot = g_strdup_printf ("test-ui-rules-house-tft-%s.png", french ? "fr" : "en");
  GtkWidget *page, *group;

  g_assert_no_error (error);
  page = show_rules (campaign, 800);
  group = house_group (page);
  g_assert_nonnull (group);
  g_assert_nonnull (mg_rules_house_find_switch (group, "flier_out_of_reach"));
  /* Each rule's rulebook passage is shown under it, without hovering (issue 45). */
  {
    guint switches = 0, quotes = 0;

    count_house_rows (group, &switches, &quotes);
    g_test_message ("TFT: %u house rules, %u passages shown", switches, quotes);
    g_assert_cmpuint (switches, >, 0);
    g_assert_cmpuint (quotes, ==, switches);
  }
  save_screenshot (group, shot);
  close_campaign_windows (app);
}

static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* La Mame's maps are rows that open the Map Editor; a value changed from the rulebook's says the
 * default beside it once applied (TFT's unarmored MA, 10 in the text). */
static void
test_maps_and_defaults (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) lamame = mg_application_create_sample_for (app, "lamame", tmpdir, &error);
  g_autoptr(MgCampaign) tft = NULL;
  GtkWidget *page, *button, *window;
  GtkSpinButton *spin;
  g_autofree char *was = g_strdup_printf (_("Default: %s"), "10");

  g_assert_no_error (error);
  page = show_rules (lamame, 1000);
  window = gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW);
  button = find_button (page, _("Open the _Map Editor"));
  g_assert_nonnull (button);
  g_assert_null (ui_test_find_label (page, "Redkeep"));   /* a map's areas are the editor's, not rows here */
  gtk_widget_activate (button);
  wait_ms (300);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (mg_campaign_window_get_view_stack (MG_CAMPAIGN_WINDOW (window))), ==,
                   "map-editor");
  close_campaign_windows (app);

  tft = mg_application_create_sample_for (app, "tft", tmpdir, &error);
  g_assert_no_error (error);
  page = show_rules (tft, 1000);
  g_assert_null (ui_test_find_label (page, was));
  spin = mg_rules_page_find_spin (MG_RULES_PAGE (page), "unarmored_ma");
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (spin, 12);
  gtk_widget_activate_action (page, "rules.apply", NULL);
  wait_ms (200);
  g_assert_null (mg_rules_page_get_error (MG_RULES_PAGE (page)));
  g_assert_nonnull (ui_test_find_label (page, was));
  close_campaign_windows (app);
}

/* When the edits cannot be kept (the state folder unwritable: here its drafts folder is a file,
 * as a full disk refuses it), the referee is told so in a toast, with why; a keep that works
 * again ends it, and the next failure is told again. */
static void
test_draft_unkept (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) tft = mg_application_create_sample_for (app, "tft", tmpdir, &error);
  g_autofree char *draft = NULL;
  g_autofree char *folder = NULL;
  GtkSpinButton *spin;
  GtkWidget *page, *window;
  const char *told;

  g_assert_no_error (error);
  draft = mg_draft_path (tft, "rules");
  folder = g_path_get_dirname (draft);
  g_autofree char *unkept = g_strdup_printf (_("Edits not applied are not kept on disk: %s"), "");

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  {
    g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_assert_cmpint (g_unlink (path), ==, 0);
      }
  }
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_true (g_file_set_contents (folder, "", 0, NULL));
  page = show_rules (tft, 1000);
  window = gtk_widget_get_ancestor (page, MG_TYPE_CAMPAIGN_WINDOW);
  spin = mg_rules_page_find_spin (MG_RULES_PAGE (page), "unarmored_ma");
  gtk_spin_button_set_value (spin, 12);
  /* Kept 300 ms after the edit, at low priority: waited for up to 5 s, under load. */
  for (guint t = 0; t < 250 && !g_str_has_prefix (mg_campaign_window_get_last_toast (MG_CAMPAIGN_WINDOW (window)) ?: "", unkept); t++)
    wait_ms (20);
  told = mg_campaign_window_get_last_toast (MG_CAMPAIGN_WINDOW (window));
  g_assert_nonnull (told);
  g_test_message ("told: %s", told);
  g_assert_true (g_str_has_prefix (told, unkept));
  /* Why, in words, naming the folder a person can look into, not the hashed file in it. */
  {
    g_autofree char *shown = g_filename_display_name (folder);
    g_autofree char *why = g_strdup_printf (_("the folder %s cannot be written"), shown);
    g_autofree char *base = g_path_get_basename (draft);

    g_assert_cmpstr (told + strlen (unkept), ==, why);
    g_assert_null (strstr (told, base));
  }
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));

  /* The folder back: the next edit is kept. */
  g_assert_cmpint (g_unlink (folder), ==, 0);
  gtk_spin_button_set_value (spin, 13);
  for (guint t = 0; t < 250 && !g_file_test (draft, G_FILE_TEST_EXISTS); t++)
    wait_ms (20);
  g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));
  mg_toast_show (window, "between");
  /* Unwritable again: told again. */
  g_assert_cmpint (g_unlink (draft), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_true (g_file_set_contents (folder, "", 0, NULL));
  gtk_spin_button_set_value (spin, 14);
  for (guint t = 0; t < 250 && !g_str_has_prefix (mg_campaign_window_get_last_toast (MG_CAMPAIGN_WINDOW (window)), unkept); t++)
    wait_ms (20);
  g_assert_true (g_str_has_prefix (mg_campaign_window_get_last_toast (MG_CAMPAIGN_WINDOW (window)), unkept));
  g_assert_cmpint (g_unlink (folder), ==, 0);
  gtk_widget_activate_action (page, "rules.revert", NULL);
  close_campaign_windows (app);
}

/* Rules edited and not applied come back after the window closes (kept on disk as they are made),
 * in the form or as the JSON text being typed, even when it does not read as JSON yet; Revert
 * lets them go. */
static void
test_draft (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) tft = mg_application_create_sample_for (app, "tft", tmpdir, &error);
  g_autofree char *draft = NULL;
  g_autofree char *text = NULL;
  GtkWidget *page, *window;

  g_assert_no_error (error);
  draft = mg_draft_path (tft, "rules");
  page = show_rules (tft, 1000);
  gtk_spin_button_set_value (mg_rules_page_find_spin (MG_RULES_PAGE (page), "unarmored_ma"), 12);
  close_campaign_windows (app);
  g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));

  /* At 360 px, where a toast is one line: said whole (in French too), not cut. */
  page = show_rules (tft, 360);
  window = gtk_widget_get_ancestor (page, MG_TYPE_CAMPAIGN_WINDOW);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (mg_rules_page_find_spin (MG_RULES_PAGE (page), "unarmored_ma")), ==, 12);
  g_assert_cmpstr (mg_campaign_window_get_last_toast (MG_CAMPAIGN_WINDOW (window)), ==,
                   _("Rules edits restored"));
  {
    GtkWidget *said = NULL;

    /* The toast goes in at the frame after the page's own (mg_toast_add): waited for, under load. */
    for (guint i = 0; i < 100 && (said == NULL || !gtk_widget_get_mapped (said)); i++)
      {
        wait_ms (50);
        said = ui_test_find_label (window, _("Rules edits restored"));
      }
    g_assert_nonnull (said);
    g_assert_true (gtk_widget_get_mapped (said));
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (said))));
  }
  /* Typed as JSON, not finished: kept as typed. */
  mg_rules_page_set_text (MG_RULES_PAGE (page), "{ \"unarmored_ma\": 1");
  close_campaign_windows (app);
  page = show_rules (tft, 1000);
  text = mg_rules_page_get_text (MG_RULES_PAGE (page));
  g_assert_cmpstr (text, ==, "{ \"unarmored_ma\": 1");
  g_assert_true (gtk_widget_activate_action (page, "rules.revert", NULL));
  wait_ms (50);
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
  close_campaign_windows (app);
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
  page = show_rules (tft, 1000);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (mg_rules_page_find_spin (MG_RULES_PAGE (page), "unarmored_ma")), ==, 10);
  close_campaign_windows (app);
}

/* ---- a fake game with two house rules ---- */

static const MgHouseRule fake_house[] = {
  { "double_dice", "Dice rolled twice", "Every roll is made twice.", "Every roll is made once.", "Roll twice." },
  { "lucky_seven", "A lucky seven", "A seven wins.", "A seven is a number like any.", "Seven is lucky." },
};

/* The first shown button under root with this label (when given) and action (when given): the
 * toast's "_Undo", the header bar's Redo. */
static GtkWidget *
shown_button (GtkWidget *root, const char *label, const char *action)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_mapped (root) &&
      (label == NULL || g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0) &&
      (action == NULL || g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = shown_button (child, label, action);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Journal row `seq` of the campaign: undone or not, and its sentence (when given). */
static void
assert_row (MgCampaign *campaign, gint64 seq, gboolean undone, const char *summary)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) row = mg_campaign_journal_get (campaign, seq, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (row->actor, ==, "GM");
  g_assert_cmpint (row->undone, ==, undone);
  if (summary != NULL)
    g_assert_cmpstr (row->summary, ==, summary);
}

static void
test_house_click_undo (void)
{
  static MgGame fake;
  const char *players[] = { "Ann", "Bob", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "fake-house.db", NULL);
  json_object *ruleset = json_tokener_parse ("{\"sides\":6,\"per_turn\":2,"
                                                       "\"house_rules\":{\"double_dice\":false,\"lucky_seven\":true}}");
  GtkWidget *page, *group, *window, *undo;
  GtkSwitch *sw;

  fake = *mg_fake_game (1);
  fake.house_rules = fake_house;
  fake.n_house_rules = G_N_ELEMENTS (fake_house);
  mg_game_register (&fake);
  campaign = mg_campaign_create (path, "fake", "House", players, ruleset, 1, &error);
  json_object_put (ruleset);
  g_assert_no_error (error);
  page = show_rules (campaign, 800);
  window = gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW);
  group = house_group (page);
  g_assert_nonnull (group);
  sw = mg_rules_house_find_switch (group, "double_dice");
  g_assert_nonnull (sw);
  g_assert_false (gtk_switch_get_active (sw));
  g_assert_true (gtk_switch_get_active (mg_rules_house_find_switch (group, "lucky_seven")));

  if (!ui_test_click (GTK_WIDGET (sw)))
    {
      g_test_skip ("not an X11 display: no click through the server");
      close_campaign_windows (app);
      return;
    }
  g_assert_true (gtk_switch_get_active (sw));
  g_assert_true (mg_house_rule (mg_campaign_get_ruleset (campaign), "double_dice", FALSE));
  g_assert_true (mg_house_rule (mg_campaign_get_ruleset (campaign), "lucky_seven", FALSE));
  /* The file holds it: a new reader of the campaign sees the switch on. */
  {
    g_autoptr(MgCampaign) again = mg_campaign_open (path, &error);
    g_assert_no_error (error);
    g_assert_true (mg_house_rule (mg_campaign_get_ruleset (again), "double_dice", FALSE));
  }

  wait_ms (700);   /* the toast slides in: click it where it rests */
  undo = shown_button (window, _("_Undo"), NULL);
  g_assert_nonnull (undo);
  g_assert_true (ui_test_click (undo));
  wait_ms (200);
  g_assert_false (mg_house_rule (mg_campaign_get_ruleset (campaign), "double_dice", TRUE));
  g_assert_false (gtk_switch_get_active (sw));
  /* The toast's Undo is the window's: the switch's journal row is marked undone. */
  assert_row (campaign, 1, TRUE, "House rule: Dice rolled twice — Every roll is made twice.");

  /* Again, then Ctrl+Z through the X server, no entry holding the focus: the old reading is
   * back, on the switch too, and the row says it was undone. */
  g_assert_true (ui_test_click (GTK_WIDGET (sw)));
  g_assert_true (gtk_switch_get_active (sw));
  assert_row (campaign, 2, FALSE, "House rule: Dice rolled twice — Every roll is made twice.");
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  g_assert_true (ui_test_keys (window, GDK_KEY_z, GDK_KEY_Control_L));
  wait_ms (200);
  g_assert_false (mg_house_rule (mg_campaign_get_ruleset (campaign), "double_dice", TRUE));
  g_assert_false (gtk_switch_get_active (sw));
  assert_row (campaign, 2, TRUE, NULL);
  /* The Journal page shows both rows, with the descriptor's sentence, the last one undone. */
  {
    MgJournalPage *journal = MG_JOURNAL_PAGE (mg_campaign_window_get_page (MG_CAMPAIGN_WINDOW (window), "journal"));
    GListModel *model = mg_journal_page_get_model (journal);
    g_autoptr(MgJournalItem) item = NULL;

    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
    item = g_list_model_get_item (model, 1);
    g_assert_cmpstr (mg_journal_item_get_summary (item), ==, "House rule: Dice rolled twice — Every roll is made twice.");
    g_assert_true (mg_journal_item_get_undone (item));
  }
  /* The header bar's Redo, clicked, makes it again. */
  g_assert_true (ui_test_click (shown_button (window, NULL, "win.redo")));
  wait_ms (200);
  g_assert_true (mg_house_rule (mg_campaign_get_ruleset (campaign), "double_dice", FALSE));
  g_assert_true (gtk_switch_get_active (sw));
  assert_row (campaign, 2, FALSE, NULL);
  close_campaign_windows (app);
}

int
main (int argc, char **argv)
{
  int status;

  ui_test_use_catalogue ();
  french = g_str_has_prefix (g_getenv ("LANGUAGE") != NULL ? g_getenv ("LANGUAGE") : "", "fr");

  app = ui_test_init (&argc, &argv, "mg-ui-rules", &tmpdir);
  g_test_add_func ("/ui-rules/each-game", test_each_game);
  g_test_add_func ("/ui-rules/house/screenshot", test_house_screenshot);
  g_test_add_func ("/ui-rules/maps-and-defaults", test_maps_and_defaults);
  g_test_add_func ("/ui-rules/draft", test_draft);
  g_test_add_func ("/ui-rules/draft-unkept", test_draft_unkept);
  if (!french)
    g_test_add_func ("/ui-rules/house/click-undo", test_house_click_undo);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}
