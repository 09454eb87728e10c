/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-tft.c — TFT Melee through the widgets: Flavius and Wulf built in the editor as the
 * rulebook gives them, the book's combat example (p. 20) fought turn by turn with the book's dice
 * typed from the table, the hits tally and conditions the book states after each turn, the
 * experience award, and both figures found with their EP after the campaign is reopened.
 * Numbers asserted are the rulebook's (shared/rules/tft-melee.txt). */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "mg-application.h"
#include "ui-test-util.h"
#include "mg-json.h"
#include "mg-journal-page.h"
#include "mg-campaign-window-private.h"
#include "mg-tft-attack-dialog.h"
#include "mg-tft-util.h"
#include "mg-tft-duel-dialog.h"
#include "mg-tft-editor.h"
#include "mg-tft-fight-page.h"
#include "mg-tft-roster-page.h"
#include "mg-tft-summary.h"

static MgApplication *app;
static char *tmpdir;

static gpointer
find_toplevel (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static char *
card_text (MgTftRosterPage *roster, const char *figure)
{
  g_assert_true (mg_tft_roster_page_select (roster, figure));
  wait_ms (10);
  g_assert_cmpstr (mg_tft_roster_page_get_selected (roster), ==, figure);
  return mg_tft_card_get_text (mg_tft_roster_page_get_card (roster));
}

/* Issue 11 item 4: `window` resized to 360 x `height` px is no wider than that. */
static void
resize_to_360 (GtkWindow *window, int height)
{
  int minimum = 0;

  gtk_window_set_default_size (window, 360, height);
  wait_ms (400);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum > 360)
    report_wide_widgets (GTK_WIDGET (window), 360 - 24);
  g_assert_cmpint (minimum, <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
}

/* …and a picture of it narrow is kept; then it gets back `width` x `height`. */
static void
assert_fits_360 (GtkWindow *window, const char *shot, int width, int height)
{
  resize_to_360 (window, 720);
  save_screenshot (GTK_WIDGET (window), shot);
  gtk_window_set_default_size (window, width, height);
  wait_ms (300);
}

static void
assert_contains (const char *text, const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” not found in:\n%s", part, text != NULL ? text : "(null)");
}

/* ---- the figures ---- */

static MgTftEditor *
open_editor (MgTftRosterPage *roster)
{
  MgTftEditor *editor;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster), "roster.new", NULL));
  wait_ms (50);
  editor = find_toplevel (MG_TYPE_TFT_EDITOR);
  g_assert_nonnull (editor);
  return editor;
}

static void
build_flavius (MgTftRosterPage *roster, MgTftCard **card)
{
  MgTftEditor *editor = open_editor (roster);
  g_autofree char *text = NULL;

  /* 11.3: a fresh form says nothing; a name typed and emptied asks for one, in words. */
  g_assert_null (mg_tft_editor_get_message (editor));
  gtk_editable_set_text (mg_tft_editor_get_name (editor), "F");
  gtk_editable_set_text (mg_tft_editor_get_name (editor), "");
  g_assert_cmpstr (mg_tft_editor_get_message (editor), ==, "Give the figure a name.");
  gtk_editable_set_text (mg_tft_editor_get_name (editor), "Flavius");
  g_assert_true (mg_tft_editor_set_kind (editor, "human"));
  mg_tft_editor_set_weapon (editor, "shortsword", TRUE);
  mg_tft_editor_set_weapon (editor, "dagger", TRUE);
  g_assert_true (mg_tft_editor_set_ready (editor, "shortsword"));
  g_assert_true (mg_tft_editor_set_armor (editor, "chainmail"));
  g_assert_true (mg_tft_editor_set_shield (editor, "large_shield"));

  /* A human's ST and DX total 24: 13 + 12 is refused before anything is applied. */
  mg_tft_editor_set_attributes (editor, 13, 12);
  wait_ms (10);
  g_assert_nonnull (mg_tft_editor_get_message (editor));
  /* …said as a sentence, never a JSON path or a quoted field name. */
  g_assert_null (strstr (mg_tft_editor_get_message (editor), "$."));
  g_assert_null (strstr (mg_tft_editor_get_message (editor), "\""));
  g_assert_false (gtk_widget_is_sensitive (mg_tft_editor_get_save_button (editor)));
  /* ...and no human starts below 8: 16 + 8 is fine, 17 + 7 is not. */
  mg_tft_editor_set_attributes (editor, 17, 7);
  wait_ms (10);
  g_assert_nonnull (mg_tft_editor_get_message (editor));
  /* Two weapons plus a dagger, a shield counting as a weapon: a third weapon is refused. */
  mg_tft_editor_set_attributes (editor, 12, 12);
  mg_tft_editor_set_weapon (editor, "club", TRUE);
  wait_ms (10);
  g_assert_nonnull (mg_tft_editor_get_message (editor));
  mg_tft_editor_set_weapon (editor, "club", FALSE);
  wait_ms (10);
  g_assert_null (mg_tft_editor_get_message (editor));
  gtk_window_set_default_size (GTK_WINDOW (editor), 560, 900);
  wait_ms (300);
  save_screenshot (GTK_WIDGET (editor), "tft-editor.png");
  assert_fits_360 (GTK_WINDOW (editor), "tft-editor-360.png", 560, 900);
  click (mg_tft_editor_get_save_button (editor));
  wait_ms (20);
  g_assert_null (find_toplevel (MG_TYPE_TFT_EDITOR));

  /* The book's card: DX 12, adjusted to 8 with chainmail (−3) and the large shield (−1); MA 6
   * in chainmail; the shortsword 2−1; armor and shield stop 5. */
  text = card_text (roster, "Flavius");
  assert_contains (text, "ST = 12");
  /* the card's "DX = 12 (9)(8)" and "5 W/SHIELD", in words, explained in tooltips (p. 3) */
  assert_contains (text, "DX = 12 (9 without shield)(8 with shield)");
  {
    g_autofree char *tips = mg_tft_card_get_tooltips (mg_tft_roster_page_get_card (roster));
    assert_contains (tips, "Basic DX 12. Adjusted DX 9 without the shield, 8 when the shield is ready.");
    assert_contains (tips, "With the shield ready, armor and shield stop 5 hits of every attack.");
  }
  assert_contains (text, "MA = 6");
  assert_contains (text, "SHORTSWORD 2-1");
  assert_contains (text, "DAGGER 1-1");
  assert_contains (text, "STOPS 3 HITS");
  assert_contains (text, "LARGE SHIELD / STOPS 5 HITS WITH SHIELD");
  *card = mg_tft_roster_page_get_card (roster);
}

static void
build_wulf (MgTftRosterPage *roster)
{
  MgTftEditor *editor = open_editor (roster);
  g_autofree char *text = NULL;

  gtk_editable_set_text (mg_tft_editor_get_name (editor), "Wulf");
  g_assert_true (mg_tft_editor_set_kind (editor, "human"));
  mg_tft_editor_set_weapon (editor, "longbow", TRUE);
  mg_tft_editor_set_weapon (editor, "two_handed_sword", TRUE);
  mg_tft_editor_set_weapon (editor, "dagger", TRUE);
  g_assert_true (mg_tft_editor_set_ready (editor, "longbow"));
  /* The 2-handed sword needs ST 14 (basic ST): 13 + 11 is refused. */
  mg_tft_editor_set_attributes (editor, 13, 11);
  wait_ms (10);
  g_assert_nonnull (mg_tft_editor_get_message (editor));
  g_assert_false (gtk_widget_is_sensitive (mg_tft_editor_get_save_button (editor)));
  mg_tft_editor_set_attributes (editor, 14, 10);
  wait_ms (10);
  g_assert_null (mg_tft_editor_get_message (editor));
  click (mg_tft_editor_get_save_button (editor));
  wait_ms (20);

  /* No armor: basic and adjusted DX the same, MA 10; the longbow 1+2, the sword 3−1. */
  text = card_text (roster, "Wulf");
  assert_contains (text, "ST = 14");
  assert_contains (text, "DX = 10\n");
  assert_contains (text, "MA = 10");
  assert_contains (text, "LONGBOW 1+2");
  assert_contains (text, "2-HANDED SWORD 3-1");
  assert_contains (text, "NO ARMOR");
}

/* Ragnar the Impetuous, the rulebook's sample card (p. 5): ST 11, DX 13 (11)(10), MA 8, spear
 * 1+1, dagger 1−1, leather stops 2, with the large shield 4; 50 EP. */
static void
build_ragnar (MgTftRosterPage *roster)
{
  MgTftEditor *editor = open_editor (roster);
  g_autofree char *text = NULL;

  gtk_editable_set_text (mg_tft_editor_get_name (editor), "Ragnar");
  mg_tft_editor_set_attributes (editor, 11, 13);
  mg_tft_editor_set_weapon (editor, "spear", TRUE);
  mg_tft_editor_set_weapon (editor, "dagger", TRUE);
  g_assert_true (mg_tft_editor_set_ready (editor, "spear"));
  g_assert_true (mg_tft_editor_set_armor (editor, "leather"));
  g_assert_true (mg_tft_editor_set_shield (editor, "large_shield"));
  mg_tft_editor_set_ep (editor, 50);
  wait_ms (10);
  if (mg_tft_editor_get_message (editor) != NULL)
    g_error ("Ragnar: %s", mg_tft_editor_get_message (editor));
  click (mg_tft_editor_get_save_button (editor));
  wait_ms (20);

  text = card_text (roster, "Ragnar");
  assert_contains (text, "RAGNAR");
  assert_contains (text, "ST = 11");
  assert_contains (text, "DX = 13 (11 without shield)(10 with shield)");
  assert_contains (text, "MA = 8");
  assert_contains (text, "SPEAR 1+1");
  assert_contains (text, "DAGGER 1-1");
  assert_contains (text, "LEATHER ARMOR / STOPS 2 HITS");
  assert_contains (text, "LARGE SHIELD / STOPS 4 HITS WITH SHIELD");
  assert_contains (text, "EXPERIENCE POINTS = 50");
}

/* A veteran brought in with 100 EP trades them for +1 basic ST, recorded on the figure; a
 * figure that never fought can be removed. */
static void
spend_and_remove (MgTftRosterPage *roster)
{
  MgTftEditor *editor = open_editor (roster);
  g_autofree char *text = NULL;
  guint figures = mg_tft_roster_page_get_n_figures (roster);

  gtk_editable_set_text (mg_tft_editor_get_name (editor), "Honorius");
  mg_tft_editor_set_attributes (editor, 12, 12);
  mg_tft_editor_set_weapon (editor, "broadsword", TRUE);
  g_assert_true (mg_tft_editor_set_ready (editor, "broadsword"));
  mg_tft_editor_set_ep (editor, 100);
  wait_ms (10);
  click (mg_tft_editor_get_save_button (editor));
  wait_ms (20);
  g_assert_cmpuint (mg_tft_roster_page_get_n_figures (roster), ==, figures + 1);

  g_assert_true (mg_tft_roster_page_select (roster, "Honorius"));
  wait_ms (10);
  click (mg_tft_roster_page_get_spend_st_button (roster));
  g_assert_null (mg_tft_roster_page_get_message (roster));
  text = card_text (roster, "Honorius");
  assert_contains (text, "ST = 13");
  assert_contains (text, "EXPERIENCE POINTS = 0");
  /* Created, then +1 ST. */
  g_assert_cmpuint (mg_tft_roster_page_get_n_history (roster), ==, 2);
  g_assert_false (gtk_widget_is_sensitive (mg_tft_roster_page_get_spend_st_button (roster)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster), "roster.remove", NULL));
  wait_ms (10);
  g_assert_null (mg_tft_roster_page_get_message (roster));
  g_assert_cmpuint (mg_tft_roster_page_get_n_figures (roster), ==, figures);
}

/* ---- the fight ---- */

static MgTftFightPage *page;

static void
declare (const char *figure, const char *option, int moved, const char *engaged, const char *weapon)
{
  MgTftFighterRow *row = mg_tft_fight_page_get_fighter (page, figure);
  const char *with[] = { engaged, NULL };

  g_assert_nonnull (row);
  g_assert_true (mg_tft_fighter_row_choose (row, option, moved, engaged != NULL ? with : NULL, weapon));
  wait_ms (10);
  if (mg_tft_fighter_row_get_message (row) != NULL)
    g_error ("%s (%s): %s", figure, option, mg_tft_fighter_row_get_message (row));
  click (mg_tft_fighter_row_get_declare_button (row));
  g_assert_null (mg_tft_fight_page_get_message (page));
}

static void
step (const char *which, const char *dice)
{
  mg_tft_fight_page_set_dice (page, dice != NULL ? dice : "");
  wait_ms (10);
  click (mg_tft_fight_page_get_button (page, which));
  if (mg_tft_fight_page_get_message (page) != NULL)
    g_error ("%s: %s", which, mg_tft_fight_page_get_message (page));
}

/* `widget` is drawn inside `window`'s first `height` pixels (no scrolling needed to see it). */
static void
assert_in_window (GtkWidget *window, GtkWidget *widget, int height)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  if (bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > height)
    g_error ("%s at y %.0f-%.0f, outside a window %d px tall", G_OBJECT_TYPE_NAME (widget), bounds.origin.y,
             bounds.origin.y + bounds.size.height, height);
}

/* Issue 45: no text of the dialog is cut short ("Ready weapon (Broadsw…"): every label shown
 * in it is drawn whole (wrapped where it must be), the window's title aside. */
static guint
count_cut_labels (GtkWidget *widget)
{
  guint cut = 0;

  if (!gtk_widget_get_mapped (widget) || ADW_IS_WINDOW_TITLE (widget))
    return 0;
  if (GTK_IS_LABEL (widget) && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    {
      g_test_message ("cut short: “%s”", gtk_label_get_text (GTK_LABEL (widget)));
      cut++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    cut += count_cut_labels (c);
  return cut;
}

/* Opens the attack dialog for the next attacker, checks the odds shown, types the dice. */
static void
attack (const char *attacker, const char *target, int adj_dx, int megahexes, const char *dice, const char *shot)
{
  MgTftAttackDialog *dialog;

  step ("attack", NULL);
  wait_ms (30);
  dialog = mg_tft_fight_page_get_attack_dialog (page);
  g_assert_nonnull (dialog);
  g_assert_true (mg_tft_attack_dialog_set_target (dialog, target));
  if (megahexes >= 0)
    mg_tft_attack_dialog_set_megahexes (dialog, megahexes);
  wait_ms (10);
  g_assert_null (mg_tft_attack_dialog_get_message (dialog));
  g_assert_cmpint (mg_tft_attack_dialog_get_adj_dx (dialog), ==, adj_dx);
  g_assert_cmpfloat (mg_tft_attack_dialog_get_hit_chance (dialog), >, 0);
  /* Not all the dice yet: applying is not offered. */
  mg_tft_attack_dialog_set_dice (dialog, "1");
  wait_ms (10);
  g_assert_false (gtk_widget_is_sensitive (mg_tft_attack_dialog_get_apply_button (dialog)));
  mg_tft_attack_dialog_set_dice (dialog, dice);
  wait_ms (10);
  if (mg_tft_attack_dialog_get_message (dialog) != NULL)
    g_error ("%s attacks: %s", attacker, mg_tft_attack_dialog_get_message (dialog));
  /* A 760 px tall screen: the dice entry is in sight without scrolling, and the odds chart has
   * no empty (0.0 %) rows. */
  gtk_window_set_default_size (GTK_WINDOW (dialog), 620, 760 - 60);
  wait_ms (300);
  assert_in_window (GTK_WIDGET (dialog), mg_tft_attack_dialog_get_dice_row (dialog), 760 - 60);
  {
    g_autofree char *rows = mg_tft_attack_dialog_get_odds_rows (dialog);
    g_assert_null (strstr (rows, "|0.0%"));
  }
  /* …and 360 px wide (issue 11 item 4): nothing wider than that, the dice entry still in sight. */
  {
    resize_to_360 (GTK_WINDOW (dialog), 760 - 60);
    assert_in_window (GTK_WIDGET (dialog), mg_tft_attack_dialog_get_dice_row (dialog), 760 - 60);
    g_assert_cmpuint (count_cut_labels (GTK_WIDGET (dialog)), ==, 0);
    if (shot != NULL)
      {
        g_autofree char *narrow = g_strdup_printf ("narrow-%s", shot);
        save_screenshot (GTK_WIDGET (dialog), narrow);
      }
    gtk_window_set_default_size (GTK_WINDOW (dialog), 620, 760 - 60);
    wait_ms (300);
  }
  if (shot != NULL)
    save_screenshot (GTK_WIDGET (dialog), shot);
  click (mg_tft_attack_dialog_get_apply_button (dialog));
  g_assert_nonnull (mg_tft_attack_dialog_get_outcome (dialog));
  /* the outcome where the user looks (beside the dice, in sight), and every die listed */
  wait_ms (100);
  assert_in_window (GTK_WIDGET (dialog), mg_tft_attack_dialog_get_outcome_label (dialog), 760 - 60);
  {
    g_auto(GStrv) typed = g_strsplit_set (dice, " ,", -1);
    g_autofree char *want = NULL;
    g_autoptr(GString) list = g_string_new (NULL);
    for (guint i = 0; typed[i]; i++)
      if (*typed[i])
        g_string_append_printf (list, "%s%s", list->len ? ", " : "", typed[i]);
    want = g_strdup_printf ("Dice typed: %s.", list->str);
    g_assert_cmpstr (mg_tft_attack_dialog_get_rolled (dialog), ==, want);
  }
  if (shot != NULL)
    {
      g_autofree char *after = g_strdup_printf ("outcome-%s", shot);

      wait_ms (300);
      save_screenshot (GTK_WIDGET (dialog), after);
    }
  assert_contains (mg_tft_attack_dialog_get_outcome (dialog), attacker);
  g_test_message ("%s", mg_tft_attack_dialog_get_outcome (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_ms (10);
}

static void
assert_hits (const char *figure, int hits)
{
  MgTftFighterRow *row = mg_tft_fight_page_get_fighter (page, figure);

  g_assert_nonnull (row);
  g_assert_cmpint (mg_tft_fighter_row_get_hits (row), ==, hits);
}

static gboolean
has_condition (const char *figure, const char *condition)
{
  return strstr (mg_tft_fighter_row_get_conditions (mg_tft_fight_page_get_fighter (page, figure)), condition) != NULL;
}

/* The combat example, turn by turn, with the book's dice (p. 20). Hits are the tallies after
 * the turn; conditions are those the book states at the start of the turn. */
typedef struct { const char *figure, *option; int moved; const char *engaged, *weapon; } Decl;
typedef struct { const char *attacker, *target; int adj_dx, megahexes; const char *dice; } Strike;
typedef struct {
  const char *initiative;          /* table dice, Romans then Germans; NULL: not rolled */
  const char *first;               /* the side the winner sends first; NULL: the winner */
  Decl        options[2];
  const char *order_dice;          /* ties in the attack order */
  Strike      strikes[2];
  const char *retreat;             /* "by" forces the other back */
  const char *conditions[3];       /* "Figure condition" true when the turn starts */
  int         flavius_hits, wulf_hits;
} Turn;

static const Turn turns[] = {
  /* 1. Flavius wins the initiative and runs 6 hexes; Wulf moves 1 and fires: 9 on 3 dice against
   *    DX 10 hits; the longbow's 1+2 with a 5 is 7, armor and shield stop 5: 2 hits. */
  { "5 2", NULL, { { "Flavius", "a", 6 }, { "Wulf", "f", 1 } }, NULL,
    { { "Wulf", "Flavius", 10, 1, "3 3 3 5" } }, NULL, { NULL }, 2, 0 },
  /* 2. Wulf wins and tells Flavius to go first; Flavius dodges 3 hexes: Wulf rolls 16 on FOUR dice and misses. */
  { "2 5", "Romans", { { "Flavius", "c", 3 }, { "Wulf", "f", 1 } }, NULL,
    { { "Wulf", "Flavius", 10, 1, "4 4 4 4" } }, NULL, { NULL }, 2, 0 },
  /* 3. Flavius runs 5 (more than half his MA: no attack); Wulf, engaged, shifts and gets one
   *    last shot: 8 hits, a 2 for 4 hits, all stopped. */
  { "1 6", "Romans", { { "Flavius", "a", 5 }, { "Wulf", "j", 1, "Flavius" } }, NULL,
    { { "Wulf", "Flavius", 10, -1, "2 3 3 2" } }, NULL, { NULL }, 2, 0 },
  /* 4. Wulf drops the bow and readies his 2-handed sword; Flavius needs 8 and rolls 16. */
  { "2 4", "Romans", { { "Flavius", "h", 0, "Wulf" }, { "Wulf", "k", 1, "Flavius", "two_handed_sword" } }, NULL,
    { { "Flavius", "Wulf", 8, -1, "6 5 5" } }, NULL, { NULL }, 2, 0 },
  /* 5. No initiative. Wulf (10) hacks first: 13 misses. Flavius rolls 8, then 7 on two dice,
   *    2−1: 6 hits on the unarmored Wulf. */
  { NULL, NULL, { { "Wulf", "h", 0, "Flavius" }, { "Flavius", "h", 0, "Wulf" } }, NULL,
    { { "Wulf", "Flavius", 10, -1, "6 4 3" }, { "Flavius", "Wulf", 8, -1, "2 3 3 3 4" } }, NULL, { NULL }, 2, 6 },
  /* 6. Wulf −2 DX for the 6 hits: 8, the same as Flavius; the tie goes to Wulf, who rolls a 4:
   *    (6 − 1) × 2 = 10, 5 through armor and shield. (The book does not say Flavius hit.) */
  { NULL, NULL, { { "Wulf", "h", 0, "Flavius" }, { "Flavius", "h", 0, "Wulf" } }, "2 5",
    { { "Wulf", "Flavius", 8, -1, "1 1 2 1 2 3" }, { "Flavius", "Wulf", 8, -1, "6 5 3" } }, NULL,
    { "Wulf wounded" }, 7, 6 },
  /* 7. Flavius −2 DX (6) defends: Wulf must roll 10 or less on FOUR dice; 14. */
  { NULL, NULL, { { "Wulf", "h", 0, "Flavius" }, { "Flavius", "i", 0, "Wulf" } }, NULL,
    { { "Wulf", "Flavius", 10, -1, "6 6 1 1" } }, NULL, { "Flavius wounded" }, 7, 6 },
  /* 8. Wulf's 13 misses; Flavius's 6 hits for 7 − 1 = 6: 12 hits on Wulf, forced back a hex. */
  { NULL, NULL, { { "Wulf", "h", 0, "Flavius" }, { "Flavius", "h", 0, "Wulf" } }, NULL,
    { { "Wulf", "Flavius", 10, -1, "6 4 3" }, { "Flavius", "Wulf", 8, -1, "1 2 3 3 4" } }, "Flavius",
    { NULL }, 7, 12 },
  /* 9. Wulf's adjDX is 5 (−2 for last turn, −3 for ST 2): Flavius strikes first, rolls 7 and
   *    hits; "his sword will do at least 1 damage": with the least, 1 and 1, Wulf has 13 hits,
   *    ST 1, and falls unconscious. */
  { NULL, NULL, { { "Wulf", "h", 0, "Flavius" }, { "Flavius", "h", 0, "Wulf" } }, NULL,
    { { "Flavius", "Wulf", 8, -1, "1 2 4 1 1" } }, NULL, { "Wulf wounded", "Wulf weak" }, 7, 13 },
};

/* Option e's shield and picking up (p. 5), with Wulf's longbow on the ground since turn 4 (option k drops it):
 * offered only where they apply, checked by the engine before anything is applied. */
/* The Journal's replay text for the campaign's current state, as the TFT summary draws it. */
static char *
summary_text (MgCampaignWindow *window)
{
  GtkWidget *summary = g_object_ref_sink (mg_tft_summary_new ());
  char *text;

  mg_tft_summary_set_state (MG_TFT_SUMMARY (summary), mg_campaign_window_get_campaign (window),
                            mg_campaign_get_state (mg_campaign_window_get_campaign (window)));
  text = mg_tft_summary_get_text (MG_TFT_SUMMARY (summary));
  g_object_unref (summary);
  return text;
}

static void
option_e_controls (void)
{
  MgTftFighterRow *flavius = mg_tft_fight_page_get_fighter (page, "Flavius");
  MgTftFighterRow *wulf = mg_tft_fight_page_get_fighter (page, "Wulf");

  g_assert_true (mg_tft_fighter_row_choose (flavius, "e", 0, NULL, NULL));
  g_assert_true (mg_tft_fighter_row_choose_shield (flavius, "sling", FALSE));
  wait_ms (10);
  g_assert_null (mg_tft_fighter_row_get_message (flavius));
  g_assert_true (gtk_widget_is_sensitive (mg_tft_fighter_row_get_declare_button (flavius)));
  g_assert_true (mg_tft_fighter_row_choose (flavius, "a", 0, NULL, NULL));
  g_assert_false (mg_tft_fighter_row_choose_shield (flavius, "ready", FALSE));   /* only with e */

  g_assert_true (mg_tft_fighter_row_choose (wulf, "e", 0, NULL, NULL));
  g_assert_false (mg_tft_fighter_row_choose_shield (wulf, "ready", FALSE));      /* Wulf has no shield */
  g_assert_true (mg_tft_fighter_row_choose_shield (wulf, NULL, TRUE));
  wait_ms (10);
  assert_contains (mg_tft_fighter_row_get_message (wulf), "Name the weapon Wulf picks up");
  g_assert_false (gtk_widget_is_sensitive (mg_tft_fighter_row_get_declare_button (wulf)));
  g_assert_true (mg_tft_fighter_row_choose (wulf, "e", 0, NULL, "longbow"));
  g_assert_true (mg_tft_fighter_row_choose_shield (wulf, NULL, FALSE));
  wait_ms (10);
  assert_contains (mg_tft_fighter_row_get_message (wulf), "none lies on the ground");
  g_assert_true (mg_tft_fighter_row_choose_shield (wulf, NULL, TRUE));
  wait_ms (10);
  g_assert_null (mg_tft_fighter_row_get_message (wulf));
  g_assert_true (gtk_widget_is_sensitive (mg_tft_fighter_row_get_declare_button (wulf)));
}

static void
play_turn (const Turn *turn, guint number, MgCampaignWindow *window)
{
  g_test_message ("TURN %u", number);
  for (guint i = 0; i < G_N_ELEMENTS (turn->conditions) && turn->conditions[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (turn->conditions[i], " ", 2);

      g_assert_true (has_condition (words[0], words[1]));
    }
  if (turn->initiative != NULL)
    {
      g_assert_true (mg_tft_fight_page_set_first (page, turn->first));
      step ("initiative", turn->initiative);
      if (turn->first != NULL)
        {
          /* Recorded as the table said: the winner sent the Romans first. */
          g_autoptr(json_object) view = mg_state_view (mg_campaign_get_state (mg_campaign_window_get_campaign (window)), "public");
          json_object *fight = json_object_object_get (view, "fight");
          json_object *initiative = json_object_object_get (fight, "initiative");

          g_assert_cmpstr (json_object_get_string (json_object_object_get (initiative, "winner")), ==, "Germans");
          g_assert_cmpstr (json_object_get_string (json_object_object_get (initiative, "first")), ==, turn->first);
        }
    }
  /* The fight's own turn on the page (the journal's turn column is one ahead: the roster). */
  {
    g_autofree char *want = g_strdup_printf ("· Turn %u", number);

    g_assert_true (g_str_has_suffix (mg_tft_fight_page_get_title (page), want));
  }
  if (number == 5)
    {
      wait_ms (300);
      save_screenshot (GTK_WIDGET (window), "tft-options.png");
    }
  if (number == 5)
    option_e_controls ();
  for (guint i = 0; i < G_N_ELEMENTS (turn->options); i++)
    declare (turn->options[i].figure, turn->options[i].option, turn->options[i].moved,
             turn->options[i].engaged, turn->options[i].weapon);
  step ("order", turn->order_dice);
  for (guint i = 0; i < G_N_ELEMENTS (turn->strikes) && turn->strikes[i].attacker != NULL; i++)
    attack (turn->strikes[i].attacker, turn->strikes[i].target, turn->strikes[i].adj_dx,
            turn->strikes[i].megahexes, turn->strikes[i].dice, number == 1 ? "tft-attack.png" : NULL);
  if (number == 5)
    {
      /* Undo takes Flavius's hit back off the tally; redo puts it on again. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      wait_ms (20);
      assert_hits ("Wulf", 0);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
      wait_ms (20);
      assert_hits ("Wulf", 6);
    }
  if (number == 6)
    {
      wait_ms (300);
      save_screenshot (GTK_WIDGET (window), "tft-fight.png");
      assert_fits_360 (GTK_WINDOW (window), "tft-fight-360.png", 1280, 900);
    }
  if (number == G_N_ELEMENTS (turns))
    {
      assert_hits ("Wulf", turn->wulf_hits);
      return;   /* the fight is over: no end of turn to force */
    }
  if (turn->retreat != NULL)
    g_assert_true (mg_tft_fight_page_set_retreat (page, turn->retreat, g_str_equal (turn->retreat, "Flavius") ? "Wulf" : "Flavius"));
  step ("end-turn", NULL);
  assert_hits ("Flavius", turn->flavius_hits);
  assert_hits ("Wulf", turn->wulf_hits);
}

/* Ctrl+N on the Roster makes a figure (issue 11, keyboard): the page's shortcut runs in the
 * window's capture phase, managed by the window, so it comes before the application's Ctrl+N
 * (a new campaign); hidden, the page lets the key through. */
static void
check_ctrl_n (MgTftRosterPage *roster)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (roster));
  GtkShortcutController *keys = NULL;
  g_autoptr(GtkShortcut) shortcut = NULL;
  GtkWidget *editor;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (g_strcmp0 (gtk_event_controller_get_name (c), "mg-tft-roster-new") == 0)
        keys = GTK_SHORTCUT_CONTROLLER (c);
    }
  g_assert_nonnull (keys);
  g_assert_cmpint (gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (keys)), ==, GTK_PHASE_CAPTURE);
  g_assert_cmpint (gtk_shortcut_controller_get_scope (keys), ==, GTK_SHORTCUT_SCOPE_MANAGED);
  shortcut = g_list_model_get_item (G_LIST_MODEL (keys), 0);
  {
    g_autofree char *label = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
    g_assert_cmpstr (label, ==, "<Control>n");
  }
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (roster), NULL));
  wait_ms (50);
  editor = GTK_WIDGET (find_toplevel (MG_TYPE_TFT_EDITOR));
  g_assert_nonnull (editor);
  gtk_window_destroy (GTK_WINDOW (editor));
  wait_ms (20);
}

/* A TFT campaign of one player, Ann, with `actions` played into it, shown in its window. */
static MgCampaignWindow *
show_played (const char *file, const char *name, const char *const *actions, guint n_actions)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Ann", NULL };
  MgCampaign *campaign = mg_campaign_create (path, "tft", name, players, NULL, 7, &error);
  MgCampaignWindow *window;

  g_assert_no_error (error);
  for (guint i = 0; i < n_actions; i++)
    {
      g_autoptr(json_object) action = json_tokener_parse (actions[i]);
      g_autoptr(MgJournalEntry) entry = mg_campaign_act (campaign, action, &error);

      g_assert_no_error (error);
    }
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  g_object_unref (campaign);
  return window;
}

/* The combat example's fight set up on the page: the form's defaults (the players as sides, a
 * figure Bob owns on his side), the refusals of a side left empty, then the start, in a new
 * session named after the fight. */
static void
combat_start (MgCampaignWindow *window)
{
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  /* A fresh form: the sides are the campaign's players, a figure Bob owns starts on his side, and
   * nothing is said before the referee touches the form (issue 11: no JSON path, ever). */
  g_assert_cmpstr (mg_tft_fight_page_get_side_name (page, 0), ==, "Ann");
  g_assert_cmpstr (mg_tft_fight_page_get_side_name (page, 1), ==, "Bob");
  g_assert_cmpint (mg_tft_fight_page_get_side (page, "Ragnar"), ==, 1);
  g_assert_cmpint (mg_tft_fight_page_get_side (page, "Flavius"), ==, -1);
  g_assert_false (gtk_widget_is_sensitive (mg_tft_fight_page_get_button (page, "start")));
  g_assert_null (mg_tft_fight_page_get_setup_message (page));
  g_assert_true (mg_tft_fight_page_set_side (page, "Ragnar", -1));
  wait_ms (10);
  g_assert_cmpstr (mg_tft_fight_page_get_setup_message (page), ==, "Put at least one fighter on Ann.");
  mg_tft_fight_page_setup (page, "The Glade", "death", "Romans", "Germans");
  /* One side only: refused, in plain words. */
  g_assert_true (mg_tft_fight_page_set_side (page, "Flavius", 0));
  wait_ms (10);
  g_assert_false (gtk_widget_is_sensitive (mg_tft_fight_page_get_button (page, "start")));
  g_assert_cmpstr (mg_tft_fight_page_get_setup_message (page), ==, "Put at least one fighter on Germans.");
  g_assert_true (mg_tft_fight_page_set_side (page, "Wulf", 1));
  wait_ms (10);
  step ("start", NULL);
  {
    g_autoptr(GPtrArray) sessions = mg_campaign_list_sessions (mg_campaign_window_get_campaign (window), NULL);
    MgSession *last = g_ptr_array_index (sessions, sessions->len - 1);

    g_assert_cmpstr (last->name, ==, "The Glade");
    g_assert_cmpint (last->id, ==, mg_campaign_get_session (mg_campaign_window_get_campaign (window)));
  }
}

static void
test_combat_example (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "Glade.db", NULL);
  const char *players[] = { "Ann", "Bob", NULL };
  MgCampaign *campaign = mg_campaign_create (path, "tft", "The Glade", players, NULL, 7, &error);
  MgCampaignWindow *window;
  MgTftRosterPage *roster;
  MgTftCard *card = NULL;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  g_object_unref (campaign);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (100);

  roster = MG_TFT_ROSTER_PAGE (mg_campaign_window_get_page (window, "roster"));
  g_assert_nonnull (roster);
  g_assert_cmpuint (mg_tft_roster_page_get_n_figures (roster), ==, 0);
  build_ragnar (roster);
  build_flavius (roster, &card);
  build_wulf (roster);
  spend_and_remove (roster);
  check_ctrl_n (roster);
  g_assert_cmpuint (mg_tft_roster_page_get_n_figures (roster), ==, 3);
  mg_tft_roster_page_select (roster, "Flavius");
  wait_ms (300);
  save_screenshot (GTK_WIDGET (window), "tft-roster.png");
  /* Nothing drawn over what follows it (the buttons once covered the EP line and History). */
  g_assert_cmpuint (count_overflowing_children (GTK_WIDGET (window)), ==, 0);

  /* The fight: a new session named after it. Ragnar is Bob's. */
  {
    g_autoptr(json_object) own = json_tokener_parse ("{\"type\":\"edit_figure\",\"figure\":\"Ragnar\",\"owner\":\"Bob\"}");
    g_autoptr(MgJournalEntry) done = mg_campaign_act (mg_campaign_window_get_campaign (window), own, &error);
    g_autofree char *history = NULL;

    g_assert_no_error (error);
    /* The change is in Ragnar's history in words, never as JSON. */
    g_assert_true (mg_tft_roster_page_select (roster, "Ragnar"));
    history = mg_tft_roster_page_get_history_text (roster);
    assert_contains (history, "Record changed: Campaign turn");
    g_assert_null (strchr (history, '{'));
  }
  combat_start (window);
  assert_hits ("Flavius", 0);
  assert_hits ("Wulf", 0);

  for (guint t = 0; t < G_N_ELEMENTS (turns); t++)
    play_turn (&turns[t], t + 1, window);
  g_assert_true (has_condition ("Wulf", "unconscious"));
  if (gtk_widget_get_visible (mg_tft_fight_page_get_button (page, "end-turn")))
    step ("end-turn", NULL);
  /* Nine turns fought (TURN 9 is the book's last); the page and the replay never say 10. */
  g_assert_true (g_str_has_suffix (mg_tft_fight_page_get_title (page), "· Turn 9 over"));
  {
    g_autofree char *text = summary_text (window);

    assert_contains (text, "Fight 1 (to the death) · Turn 9 over");
  }

  /* The end: to the death, equal totals (24 against 24): 50 EP to Flavius. */
  g_assert_true (mg_tft_fight_page_end (page, NULL));
  wait_ms (20);
  g_assert_nonnull (mg_tft_fight_page_get_award (page));
  assert_contains (mg_tft_fight_page_get_award (page), "Flavius");
  assert_contains (mg_tft_fight_page_get_award (page), "+50 EP");
  wait_ms (300);
  save_screenshot (GTK_WIDGET (window), "tft-award.png");

  /* The Journal's replay: a step in the middle of the fight, drawn by the TFT summary. */
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "journal");
  mg_journal_page_select (MG_JOURNAL_PAGE (mg_campaign_window_get_page (window, "journal")), 40);
  wait_ms (300);
  save_screenshot (GTK_WIDGET (window), "tft-journal.png");

  /* The summary shows the roster as it stands. */
  {
    g_autofree char *text = summary_text (window);

    assert_contains (text, "Flavius: ST 12, DX 12, 50 EP");
  }
  {
    /* The fight's record: nine turns (the book's TURN 1 … TURN 9). */
    g_autoptr(json_object) view = mg_state_view (mg_campaign_get_state (mg_campaign_window_get_campaign (window)), "public");
    json_object *wulf = NULL, *roster_json = json_object_object_get (view, "roster"), *history;

    for (size_t i = 0; i < json_object_array_length (roster_json); i++)
      if (g_strcmp0 (json_object_get_string (json_object_object_get (json_object_array_get_idx (roster_json, i), "name")), "Wulf") == 0)
        wulf = json_object_array_get_idx (roster_json, i);
    history = json_object_object_get (wulf, "history");
    g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_array_get_idx (history, json_object_array_length (history) - 1),
                                                                  "turns")), ==, 9);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
  page = NULL;
}

/* A figure killed in a fight is "dead" on the roster and in the replay; "fallen" is Melee's word
 * for knocked down. A's broadsword rolls 3 (triple damage): (6 + 6) × 3 = 36 hits on B's ST 12. */
static void
test_dead (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"b\"}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\"}",
    "{\"type\":\"attacks\"}",
    "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"dice\":[1,1,1,6,6]}",
    "{\"type\":\"end_turn\"}",
    "{\"type\":\"end_fight\"}",
  };
  MgCampaignWindow *window;
  MgTftRosterPage *roster;
  g_autofree char *text = NULL;

  window = show_played ("Pit.db", "The Pit", actions, G_N_ELEMENTS (actions));
  wait_ms (100);
  roster = MG_TFT_ROSTER_PAGE (mg_campaign_window_get_page (window, "roster"));
  assert_contains (mg_tft_roster_page_get_subtitle (roster, "B"), "· dead");
  g_assert_null (strstr (mg_tft_roster_page_get_subtitle (roster, "B"), "fallen"));
  g_assert_null (strstr (mg_tft_roster_page_get_subtitle (roster, "A"), "dead"));
  text = summary_text (window);
  assert_contains (text, "B: ST 12, DX 12, 0 EP, dead");
  assert_contains (text, "A: ST 12, DX 12, 50 EP\n");
  g_assert_null (strstr (text, "fallen"));
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
}

/* Opened mid-fight, the Fight page shows the fight and has not built the New Fight form (issue 15:
 * the first frame builds only what it shows). Once the fight ends the form is built and works: the
 * award, the sides defaulting to the players ("Red" and "Blue" for a one-player campaign), each
 * figure's side, and a new fight started from it. */
static void
test_setup_built_when_shown (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
  };
  MgCampaignWindow *window = show_played ("Lazy.db", "The Lazy Form", actions, G_N_ELEMENTS (actions));

  wait_ms (100);
  page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  g_assert_nonnull (mg_tft_fight_page_get_fighter (page, "A"));
  g_assert_false (mg_tft_fight_page_has_setup (page));
  g_assert_null (mg_tft_fight_page_get_award (page));

  {
    /* Abandoned (the Abandon button's action): recorded, no experience. */
    g_autoptr(GError) error = NULL;
    g_autoptr(json_object) abandon = json_tokener_parse ("{\"type\":\"end_fight\",\"abandon\":true}");
    g_autoptr(MgJournalEntry) done = mg_campaign_act (mg_campaign_window_get_campaign (window), abandon, &error);

    g_assert_no_error (error);
  }
  wait_ms (50);
  g_assert_true (mg_tft_fight_page_has_setup (page));
  g_assert_nonnull (mg_tft_fight_page_get_award (page));
  assert_contains (mg_tft_fight_page_get_award (page), "A (X): abandoned, +0 EP");
  g_assert_cmpstr (mg_tft_fight_page_get_side_name (page, 0), ==, "Red");
  g_assert_cmpstr (mg_tft_fight_page_get_side_name (page, 1), ==, "Blue");
  g_assert_null (mg_tft_fight_page_get_setup_message (page));
  g_assert_false (gtk_widget_is_sensitive (mg_tft_fight_page_get_button (page, "start")));
  g_assert_true (mg_tft_fight_page_set_side (page, "A", 0));
  wait_ms (10);
  g_assert_cmpstr (mg_tft_fight_page_get_setup_message (page), ==, "Put at least one fighter on Blue.");
  g_assert_true (mg_tft_fight_page_set_side (page, "B", 1));
  wait_ms (10);
  g_assert_true (gtk_widget_is_sensitive (mg_tft_fight_page_get_button (page, "start")));
  step ("start", NULL);
  g_assert_nonnull (mg_tft_fight_page_get_fighter (page, "B"));
  assert_contains (mg_tft_fight_page_get_title (page), "Turn 1");
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
  page = NULL;
}

static void collect_labels (GtkWidget *widget, GString *out);

/* The rows of "This Fight So Far", as shown, newest first. */
static char *
log_text (void)
{
  GString *out = g_string_new (NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (mg_tft_fight_page_get_log (page)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row))
      g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))));
  return g_string_free (out, FALSE);
}

/* What the log must say: this fight's summaries, newest first back to its start, as the journal
 * holds them (not the roster's steps before it). */
static char *
journal_text (MgCampaign *campaign)
{
  g_autoptr(GPtrArray) rows = mg_campaign_journal_range (campaign, 0, mg_campaign_journal_count (campaign), NULL);
  GString *out = g_string_new (NULL);

  for (guint i = rows->len; i > 0; i--)
    {
      MgJournalEntry *entry = g_ptr_array_index (rows, i - 1);

      if (!entry->undone && entry->summary != NULL && entry->summary[0] != '\0')
        g_string_append_printf (out, "%s\n", entry->summary);
      if (!entry->undone)
        {
          json_object *action = json_tokener_parse (entry->action);
          gboolean start = g_strcmp0 (json_object_get_string (json_object_object_get (action, "type")), "start_fight") == 0;

          json_object_put (action);
          if (start)
            break;
        }
    }
  return g_string_free (out, FALSE);
}

/* Pass 0 of test_below_fold_built_when_shown: scrolled down to, the log shows the fight's steps,
 * newest first: its start and A's option, not the two figures made before it. */
static void
fold_scrolled_to (MgCampaign *campaign, GtkWidget *log, const char *expected)
{
  GtkWidget *scroller;
  GtkAdjustment *adjustment;
  g_autofree char *shown = NULL, *now = NULL;

  scroller = gtk_widget_get_ancestor (log, GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  wait_ms (200);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  wait_ms (200);
  shown = log_text ();
  g_assert_cmpstr (shown, ==, expected);
  g_assert_true (gtk_widget_get_mapped (gtk_widget_get_first_child (log)));
  g_assert_true (mg_tft_fight_page_has_cards (page));
  /* A's card says what A declared, B's that B has not chosen yet. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (mg_tft_fight_page_get_fighter (page, "B"))));
  {
    g_autoptr(GString) a = g_string_new (NULL), b = g_string_new (NULL);

    collect_labels (GTK_WIDGET (mg_tft_fight_page_get_fighter (page, "A")), a);
    collect_labels (GTK_WIDGET (mg_tft_fight_page_get_fighter (page, "B")), b);
    assert_contains (a->str, "Option (a) Move, moved 0");
    assert_contains (b->str, "No option chosen yet");
    assert_contains (b->str, "ST 12");
  }
  /* B's option, taken now, is added at the top. */
  declare ("B", "a", 0, NULL, NULL);
  wait_ms (50);
  g_free (shown);
  shown = log_text ();
  now = journal_text (campaign);
  g_assert_cmpstr (shown, ==, now);
  assert_contains (strtok (shown, "\n"), "B");
}

/* Pass 1 of test_below_fold_built_when_shown: Tab from the top of the window reaches the first
 * card's first control, A's option; past the last fighter's Declare button, the newest row. */
static void
fold_tabbed_to (MgCampaignWindow *window, GtkWidget *log, char *expected)
{
  GtkWidget *card = NULL;
  GtkWidget *focus;
  g_autofree char *shown = NULL;

  /* Tab from the top of the window: the first card's first control, A's option. */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  for (guint i = 0; i < 60 && card == NULL; i++)
    {
      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
      card = gtk_widget_get_ancestor (gtk_root_get_focus (GTK_ROOT (window)), MG_TYPE_TFT_FIGHTER_ROW);
    }
  g_assert_nonnull (card);
  g_assert_true (card == GTK_WIDGET (mg_tft_fight_page_get_fighter (page, "A")));
  g_assert_nonnull (gtk_widget_get_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_TYPE_DROP_DOWN));
  /* Past the last fighter's Declare button: the newest row. */
  g_assert_true (gtk_widget_grab_focus (mg_tft_fighter_row_get_declare_button (mg_tft_fight_page_get_fighter (page, "B"))));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  wait_ms (100);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, log));
  g_assert_true (GTK_IS_LIST_BOX_ROW (focus));
  g_assert_true (focus == gtk_widget_get_first_child (log));
  shown = log_text ();
  g_assert_cmpstr (shown, ==, expected);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (focus)))), ==,
                   strtok (expected, "\n"));
}

/* In a small window the fighters' cards and "This Fight So Far" are below the fold: they are not
 * built for the first frame (issue 15). They are there when the referee scrolls down to them (the
 * log's rows newest first, each later step added at the top), and when the keyboard gets to them:
 * Tab from the top of the window reaches the first fighter's option, then, past the last fighter's
 * Declare, the log's newest row; Shift+Tab from the top wraps round to its oldest. A window made
 * taller builds them in the layout that shows them. */
static void
test_below_fold_built_when_shown (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":0,\"engaged_with\":[]}",
  };
  GSettings *settings = mg_application_get_settings (app);
  MgCampaignWindow *window;
  MgCampaign *campaign;
  GtkWidget *log, *focus;
  g_autofree char *expected = NULL;

  for (guint pass = 0; pass < 4; pass++)
    {
      g_autofree char *file = g_strdup_printf ("Log%u.db", pass);
      g_autofree char *shown = NULL;

      g_assert_nonnull (settings);
      g_settings_set_int (settings, "window-width", 365);
      g_settings_set_int (settings, "window-height", 496);
      window = show_played (file, "The Log", actions, G_N_ELEMENTS (actions));
      g_settings_reset (settings, "window-width");
      g_settings_reset (settings, "window-height");
      wait_ms (200);
      campaign = mg_campaign_window_get_campaign (window);
      page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
      log = mg_tft_fight_page_get_log (page);
      g_clear_pointer (&expected, g_free);
      expected = journal_text (campaign);
      /* the fight's start and A's option at least */
      g_assert_cmpuint (strlen (expected), >, 0);
      g_assert_nonnull (strchr (strchr (expected, '\n') + 1, '\n'));
      /* Below the fold, not built. */
      g_assert_null (gtk_widget_get_first_child (log));
      g_assert_false (mg_tft_fight_page_has_cards (page));

      if (pass == 0)
        fold_scrolled_to (campaign, log, expected);
      else if (pass == 1)
        fold_tabbed_to (window, log, expected);
      else if (pass == 3)
        {
          /* A window made taller shows them: built in that layout. */
          gtk_window_set_default_size (GTK_WINDOW (window), 1100, 1000);
          wait_ms (400);
          g_assert_true (mg_tft_fight_page_has_cards (page));
          shown = log_text ();
          g_assert_cmpstr (shown, ==, expected);
          g_assert_true (gtk_widget_get_mapped (gtk_widget_get_first_child (log)));
        }
      else
        {
          /* Shift+Tab from the window's first control wraps round to the page's last: the log's oldest row. */
          gtk_window_set_focus (GTK_WINDOW (window), NULL);
          for (guint i = 0; i < 40; i++)
            {
              g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_BACKWARD)
                             || gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_BACKWARD));
              focus = gtk_root_get_focus (GTK_ROOT (window));
              if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (page)))
                break;
            }
          wait_ms (100);
          g_assert_nonnull (focus);
          g_assert_true (gtk_widget_is_ancestor (focus, log));
          g_assert_true (focus == gtk_widget_get_last_child (log));
          shown = log_text ();
          g_assert_cmpstr (shown, ==, expected);
        }
      gtk_window_destroy (GTK_WINDOW (window));
      wait_ms (50);
      page = NULL;
    }
}

/* The gear line's weapon, pick-up, shield and main-gauche controls are built the first time an
 * option needs them (a fight opened at option a has none). Built late, the weapon to ready must
 * still be what the referee reaches with Tab from the engaged button, before Declare, and its list,
 * opened from the keyboard, must offer the figure's weapons (p. 5: option e readies a weapon). */
static void
collect_labels (GtkWidget *widget, GString *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

static void
test_gear_built_when_needed (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\",\"dagger\"],\"ready\":\"broadsword\"}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
  };
  static const char * const offered[] = { "Weapon to ready", "Broadsword", "Dagger" };
  MgCampaignWindow *window = show_played ("Gear.db", "The Gear", actions, G_N_ELEMENTS (actions));
  MgTftFighterRow *a;
  GtkWidget *weapon, *popover, *list, *focus;
  GListModel *model;

  wait_ms (100);
  page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  a = mg_tft_fight_page_get_fighter (page, "A");
  g_assert_nonnull (a);
  g_assert_null (mg_tft_fighter_row_get_weapon_dropdown (a));

  g_assert_true (mg_tft_fighter_row_choose (a, "e", 0, NULL, NULL));
  wait_ms (50);
  weapon = mg_tft_fighter_row_get_weapon_dropdown (a);
  g_assert_nonnull (weapon);
  g_assert_true (gtk_widget_get_mapped (weapon));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (weapon), ==, "The weapon to ready");
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (weapon));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, G_N_ELEMENTS (offered));
  for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), i), ==, offered[i]);

  /* Tab: engaged button, the weapon to ready, Declare (A has no shield, nothing lies on the ground). */
  g_assert_true (gtk_widget_grab_focus (mg_tft_fighter_row_get_engaged_button (a)));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == weapon || gtk_widget_is_ancestor (focus, weapon));

  /* Opened from the keyboard (Enter on the focused drop-down), its list offers the same weapons. */
  g_assert_true (gtk_widget_activate (focus));
  wait_ms (400);   /* a button activated from the keyboard clicks after its 250 ms press */
  popover = find_descendant (weapon, GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  list = find_descendant (popover, GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)))), ==,
                    G_N_ELEMENTS (offered));
  /* Its rows, built as it opened, name them. */
  {
    g_autoptr(GString) shown = g_string_new (NULL);

    collect_labels (list, shown);
    for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
      assert_contains (shown->str, offered[i]);
  }
  gtk_popover_popdown (GTK_POPOVER (popover));
  wait_ms (50);

  g_assert_true (gtk_widget_grab_focus (mg_tft_fighter_row_get_engaged_button (a)));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == mg_tft_fighter_row_get_declare_button (a)
                 || gtk_widget_is_ancestor (focus, mg_tft_fighter_row_get_declare_button (a)));

  /* Chosen there, the dagger is what the declaration readies: the engine takes it. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (weapon), 2);
  wait_ms (10);
  g_assert_null (mg_tft_fighter_row_get_message (a));
  g_assert_true (gtk_widget_is_sensitive (mg_tft_fighter_row_get_declare_button (a)));
  /* Back to option a: the weapon is no longer offered. */
  g_assert_true (mg_tft_fighter_row_choose (a, "a", 0, NULL, NULL));
  wait_ms (10);
  g_assert_false (gtk_widget_get_visible (weapon));
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
  page = NULL;
}

/* Issue 11 item 8 through the pages. "Halflings get an extra +3 DX adjustment with missile or
 * thrown weapons, and do an extra +1 damage" (p. 19): a halfling (DX 14) throwing its dagger 2
 * hexes is shown adjDX 14 + 3 - 2 = 15, and a 5 on the die does 5 (1-1, +1), leaving B (ST 12)
 * 7. Then B rolls 18: "the attacker's weapon is broken" (p. 10); after the fight the roster's
 * card no longer lists B's broadsword, and the fight's summary says it stays broken. */
/* The Fight page at its default size, with a declared option: the outcome card's accent and the
 * log's rows are borders of one colour (assert_borders_one_colour). */
static void
test_borders_one_colour (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":0,\"engaged_with\":[]}",
  };
  MgCampaignWindow *window = show_played ("Borders.db", "Borders", actions, G_N_ELEMENTS (actions));

  wait_ms (300);
  g_assert_cmpuint (assert_borders_one_colour (GTK_WIDGET (window)), >=, 3);
  close_campaign_windows (app);
}

typedef struct
{
  GtkWidget *log;
  guint      rows;        /* the log's rows made when the first frame was painted */
  gboolean   end_below;   /* and the last of them reached below the view */
} LogAtPaint;

static void
log_at_paint (gpointer data)
{
  LogAtPaint *at = data;

  at->rows = ui_test_count_rows (at->log);
  at->end_below = !mg_widget_end_in_scrolled_view (at->log);
}

/* At the default size the log's heading is at the bottom of the first frame: that frame has the
 * rows it shows, not the rest of the session's ten steps (a line each), which come after it,
 * unasked. */
static void
test_log_grows_into_view (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
    /* Options may be declared again while the turn is in its options phase. */
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":0,\"engaged_with\":[]}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\",\"moved\":1,\"engaged_with\":[]}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":2,\"engaged_with\":[]}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\",\"moved\":3,\"engaged_with\":[]}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":4,\"engaged_with\":[]}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\",\"moved\":5,\"engaged_with\":[]}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":6,\"engaged_with\":[]}",
  };
  MgCampaignWindow *window = show_played ("LogGrows.db", "Log", actions, G_N_ELEMENTS (actions));
  LogAtPaint at = { mg_tft_fight_page_get_log (MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"))), 0, FALSE };

  ui_test_at_first_paint (GTK_WIDGET (window), log_at_paint, &at);
  g_assert_cmpuint (at.rows, >, 0);
  g_assert_cmpuint (at.rows, <, G_N_ELEMENTS (actions));
  g_assert_true (at.end_below);
  wait_ms (200);
  /* The fight's steps, from its start: not the two figures made before it. */
  g_assert_cmpuint (ui_test_count_rows (at.log), ==, G_N_ELEMENTS (actions) - 2);
  close_campaign_windows (app);
}

/* Runs the main loop until the widget is mapped (or not), 5 s at most (a navigation view's
 * page change is an animation: a loaded machine draws it later); then says whether it is. */
static gboolean
mapped_after (GtkWidget *widget, gboolean mapped)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  while (gtk_widget_get_mapped (widget) != mapped && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
  return gtk_widget_get_mapped (widget);
}

/* At 360 px the roster is one column: choosing a figure (click or Enter) opens its card, and
 * Back returns to the list. */
static void
test_narrow_roster (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
  };
  MgCampaignWindow *window = show_played ("Narrow.db", "The Narrow Roster", actions, G_N_ELEMENTS (actions));
  MgTftRosterPage *roster = MG_TFT_ROSTER_PAGE (mg_campaign_window_get_page (window, "roster"));
  GtkWidget *card = GTK_WIDGET (mg_tft_roster_page_get_card (roster));
  GtkListBoxRow *row;

  resize_to_360 (GTK_WINDOW (window), 720);
  gtk_widget_activate_action (GTK_WIDGET (roster), "roster.back", NULL);
  g_assert_false (mapped_after (card, FALSE));        /* the list is shown */
  row = mg_tft_roster_page_get_row (roster, "B");
  g_assert_nonnull (row);
  g_assert_true (gtk_list_box_row_get_activatable (row));
  gtk_widget_activate (GTK_WIDGET (row));           /* what a click or Enter does */
  g_assert_true (mapped_after (card, TRUE));          /* the card is shown */
  g_assert_cmpstr (mg_tft_roster_page_get_selected (roster), ==, "B");
  save_screenshot (GTK_WIDGET (window), "tft-roster-narrow-card.png");
  gtk_widget_activate_action (GTK_WIDGET (roster), "roster.back", NULL);
  g_assert_false (mapped_after (card, FALSE));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_halfling_and_broken (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"H\",\"kind\":\"halfling\",\"st\":6,\"dx\":14,\"weapons\":[\"dagger\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\",\"dagger\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"H\"],\"Y\":[\"B\"]}}",
    "{\"type\":\"option\",\"figure\":\"H\",\"option\":\"b\"}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\"}",
    "{\"type\":\"attacks\"}",
  };
  g_autoptr(GError) error = NULL;
  MgCampaignWindow *window;
  MgCampaign *campaign;
  MgTftAttackDialog *dialog;
  MgTftRosterPage *roster;
  g_autofree char *card = NULL;

  window = show_played ("Shire.db", "The Shire", actions, G_N_ELEMENTS (actions));
  campaign = mg_campaign_window_get_campaign (window);   /* the window's */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  wait_ms (100);
  step ("attack", NULL);
  wait_ms (30);
  dialog = mg_tft_fight_page_get_attack_dialog (page);
  g_assert_nonnull (dialog);
  g_assert_true (mg_tft_attack_dialog_set_target (dialog, "B"));
  g_assert_true (mg_tft_attack_dialog_set_throw (dialog, 2));
  wait_ms (10);
  g_assert_cmpint (mg_tft_attack_dialog_get_adj_dx (dialog), ==, 15);
  mg_tft_attack_dialog_set_dice (dialog, "3 3 3 5");
  wait_ms (10);
  g_assert_null (mg_tft_attack_dialog_get_message (dialog));
  click (mg_tft_attack_dialog_get_apply_button (dialog));
  g_assert_nonnull (mg_tft_attack_dialog_get_outcome (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_ms (20);
  {
    g_autoptr(json_object) view = mg_tft_view (campaign);
    json_object *b = mg_tft_fight_fighter (mg_tft_view_fight (view), "B");

    /* 5 hits on B, ST 12: 7 left. */
    g_assert_cmpint (mg_ui_json_int (b, "hits", 0), ==, 5);
  }
  /* B's turn to attack H with the broadsword: 6 6 6 is 18, a miss that breaks it. */
  {
    static const char * const rest[] = {
      "{\"type\":\"end_turn\"}",
      "{\"type\":\"option\",\"figure\":\"H\",\"option\":\"a\"}",
      "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"b\"}",
      "{\"type\":\"attacks\"}",
      "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"H\",\"dice\":[6,6,6]}",
      "{\"type\":\"end_turn\"}",
      "{\"type\":\"end_fight\",\"abandon\":true}",
    };
    for (guint i = 0; i < G_N_ELEMENTS (rest); i++)
      {
        g_autoptr(json_object) action = json_tokener_parse (rest[i]);
        g_autoptr(MgJournalEntry) entry = mg_campaign_act (campaign, action, &error);

        g_assert_no_error (error);
      }
  }
  wait_ms (50);
  {
    g_autoptr(MgJournalEntry) last = mg_campaign_journal_get (campaign, mg_campaign_journal_count (campaign), &error);

    g_assert_no_error (error);
    assert_contains (last->summary, "B's Broadsword stays broken");
  }
  roster = MG_TFT_ROSTER_PAGE (mg_campaign_window_get_page (window, "roster"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "roster");
  wait_ms (100);
  card = card_text (roster, "B");
  /* The card lists what the figure carries, in capitals as the rulebook's card does. */
  g_assert_null (strstr (card, "BROADSWORD"));
  assert_contains (card, "DAGGER 1-1");
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
}

/* Gear changes freely between fights, checked as it is chosen: a third weapon besides the
 * dagger is refused; the broadsword instead of the longbow is taken and recorded. */
static void
reopen_gear (MgTftRosterPage *roster)
{
  MgTftEditor *editor;
  guint before;

  mg_tft_roster_page_select (roster, "Wulf");
  wait_ms (10);
  before = mg_tft_roster_page_get_n_history (roster);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster), "roster.edit", NULL));
  wait_ms (50);
  editor = find_toplevel (MG_TYPE_TFT_EDITOR);
  g_assert_nonnull (editor);
  mg_tft_editor_set_weapon (editor, "broadsword", TRUE);
  wait_ms (10);
  g_assert_nonnull (mg_tft_editor_get_message (editor));
  g_assert_false (gtk_widget_is_sensitive (mg_tft_editor_get_save_button (editor)));
  mg_tft_editor_set_weapon (editor, "longbow", FALSE);
  g_assert_true (mg_tft_editor_set_ready (editor, "broadsword"));
  wait_ms (10);
  g_assert_null (mg_tft_editor_get_message (editor));
  click (mg_tft_editor_get_save_button (editor));
  wait_ms (20);
  g_assert_cmpuint (mg_tft_roster_page_get_n_history (roster), ==, before + 1);
  {
    g_autofree char *text = card_text (roster, "Wulf");

    assert_contains (text, "BROADSWORD 2\n");
    g_assert_null (strstr (text, "LONGBOW"));
  }
}

/* A practice fight: initiative rolled here (no dice typed), then abandoned: no EP. */
static void
reopen_practice (MgCampaignWindow *window, MgTftRosterPage *roster)
{
  MgTftFightPage *fight;
  AdwMessageDialog *confirm;

  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  fight = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  mg_tft_fight_page_setup (fight, "Practice", "practice", "Romans", "Germans");
  g_assert_true (mg_tft_fight_page_set_side (fight, "Flavius", 0));
  g_assert_true (mg_tft_fight_page_set_side (fight, "Wulf", 1));
  wait_ms (10);
  click (mg_tft_fight_page_get_button (fight, "start"));
  g_assert_null (mg_tft_fight_page_get_message (fight));
  assert_contains (mg_tft_fight_page_get_title (fight), "Practice");
  mg_tft_fight_page_set_dice (fight, "");
  click (mg_tft_fight_page_get_button (fight, "initiative"));
  g_assert_null (mg_tft_fight_page_get_message (fight));
  /* Letters are not dice: said, nothing applied. */
  mg_tft_fight_page_set_dice (fight, "x");
  wait_ms (10);
  assert_contains (mg_tft_fight_page_get_message (fight), "“x”");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  wait_ms (300);
  save_screenshot (GTK_WIDGET (window), "tft-practice-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  mg_tft_fight_page_set_dice (fight, "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fight), "fight.abandon", NULL));
  wait_ms (50);
  confirm = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (confirm);
  adw_message_dialog_response (confirm, "abandon");
  wait_ms (50);
  g_assert_null (mg_tft_fight_page_get_message (fight));
  {
    g_autofree char *text = card_text (roster, "Flavius");

    assert_contains (text, "EXPERIENCE POINTS = 50");
  }
}

/* The duel simulator runs in the background and can be asked again. */
static void
reopen_duel (MgTftRosterPage *roster)
{
  MgTftDuelDialog *duel;
  guint fights = 0, wins = 0, losses = 0, draws = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (roster), "roster.duel", NULL));
  wait_ms (50);
  duel = find_toplevel (MG_TYPE_TFT_DUEL_DIALOG);
  g_assert_nonnull (duel);
  g_assert_true (mg_tft_duel_dialog_set_opponent (duel, "Wulf"));
  mg_tft_duel_dialog_set_fights (duel, 3000);
  mg_tft_duel_dialog_run (duel);
  g_assert_true (mg_tft_duel_dialog_is_running (duel));
  for (guint i = 0; i < 1000 && mg_tft_duel_dialog_is_running (duel); i++)
    wait_ms (10);
  g_assert_false (mg_tft_duel_dialog_is_running (duel));
  g_assert_true (mg_tft_duel_dialog_get_result (duel, &fights, &wins, &losses, &draws));
  g_assert_cmpuint (fights, ==, 3000);
  g_assert_cmpuint (wins + losses + draws, ==, 3000);
  g_assert_cmpuint (wins, >, 0);
  g_assert_cmpuint (losses, >, 0);
  wait_ms (200);
  save_screenshot (GTK_WIDGET (duel), "tft-duel.png");
  assert_fits_360 (GTK_WINDOW (duel), "tft-duel-360.png", 600, 700);
  gtk_window_destroy (GTK_WINDOW (duel));
}

/* Reopened: the roster persists with the EP, the history, and what EP can buy. */
static void
test_reopen (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "Glade.db", NULL);
  MgCampaignWindow *window;
  MgTftRosterPage *roster;
  g_autofree char *flavius = NULL, *wulf = NULL;

  g_assert_null (find_campaign_window (app));
  g_assert_nonnull (mg_application_open_path (app, path, NULL));
  window = find_campaign_window (app);
  g_assert_nonnull (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (100);

  roster = MG_TFT_ROSTER_PAGE (mg_campaign_window_get_page (window, "roster"));
  g_assert_cmpuint (mg_tft_roster_page_get_n_figures (roster), ==, 3);
  flavius = card_text (roster, "Flavius");
  assert_contains (flavius, "EXPERIENCE POINTS = 50");
  /* Created, then the fight. */
  g_assert_cmpuint (mg_tft_roster_page_get_n_history (roster), >=, 2);
  /* 50 EP do not buy a point: 100 are needed, so +1 ST is not offered and changes nothing. */
  g_assert_false (gtk_widget_is_sensitive (mg_tft_roster_page_get_spend_st_button (roster)));
  gtk_widget_activate_action (GTK_WIDGET (roster), "roster.spend", "s", "st");
  wait_ms (10);
  {
    g_autofree char *after = mg_tft_card_get_text (mg_tft_roster_page_get_card (roster));

    assert_contains (after, "ST = 12");
    assert_contains (after, "EXPERIENCE POINTS = 50");
  }
  wulf = card_text (roster, "Wulf");
  assert_contains (wulf, "EXPERIENCE POINTS = 0");
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "roster");
  mg_tft_roster_page_select (roster, "Flavius");
  wait_ms (300);
  save_screenshot (GTK_WIDGET (window), "tft-roster-reopened.png");

  reopen_gear (roster);
  reopen_practice (window, roster);
  reopen_duel (roster);
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (50);
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-tft", &tmpdir);

  g_test_add_func ("/ui/tft/combat-example", test_combat_example);
  g_test_add_func ("/ui/tft/reopen", test_reopen);
  g_test_add_func ("/ui/tft/dead", test_dead);
  g_test_add_func ("/ui/tft/setup-built-when-shown", test_setup_built_when_shown);
  g_test_add_func ("/ui/tft/gear-built-when-needed", test_gear_built_when_needed);
  g_test_add_func ("/ui/tft/below-fold-built-when-shown", test_below_fold_built_when_shown);
  g_test_add_func ("/ui/tft/halfling-and-broken", test_halfling_and_broken);
  g_test_add_func ("/ui/tft/narrow-roster", test_narrow_roster);
  g_test_add_func ("/ui/tft/borders-one-colour", test_borders_one_colour);
  g_test_add_func ("/ui/tft/log-grows-into-view", test_log_grows_into_view);
  status = g_test_run ();

  ui_test_finish (app, tmpdir);
  return status;
}
