/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-meeple.c — Meeple Melee's Battle page where its first frame leaves work for later: the
 * parts of a side shown only once its faces are shown or its meeples rolled, built then; the
 * "Set To" list of faces, made when it is first opened, used by keyboard for the rulebook's own
 * action (Red "uses their one action to change a Sweep to a Kick", shared/rules/meeple-melee.txt);
 * and the Dice header, laid out as an AdwPreferencesGroup's at any width, in both its forms. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mg-application.h"
#include "ui-test-util.h"
#include "mg-campaign-window-private.h"
#include "mg-json.h"
#include "mg-meeple-page-private.h"
#include "mg-table-state.h"

static MgApplication *app;
static char *tmpdir;

/* The texts of the labels under widget, in order, joined by "|". */
static void
collect_labels (GtkWidget *widget, GString *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child))
        g_string_append_printf (out, "%s%s", out->len > 0 ? "|" : "", gtk_label_get_text (GTK_LABEL (child)));
      collect_labels (child, out);
    }
}

static MgMeeplePage *
open_battle (const char *name, MgCampaign **campaign, int width, int height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strdup_printf ("%s/%s.db", tmpdir, name);
  const char *players[] = { "Red", "Blue", NULL };
  MgCampaignWindow *window;

  *campaign = mg_campaign_create (path, "meeple", name, players, NULL, 3, &error);
  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, *campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  wait_ms (400);
  return MG_MEEPLE_PAGE (mg_campaign_window_get_page (window, "battle"));
}

/* The rulebook's example (p. 2): Red uses its one action to change a Sweep to a Kick. Red's
 * eight meeples are typed as Sweep; the Set To list, never opened before, is opened and chosen
 * from with the keyboard, as a referee without a mouse does. */
static void
test_set_to_by_keyboard (void)
{
  g_autoptr(MgCampaign) c = NULL;
  MgMeeplePage *page = open_battle ("SetTo", &c, 1400, 900);
  MgMeepleSide *red = mg_meeple_page_get_side (page, 0);
  GtkDropDown *dropdown;
  GtkWidget *popover, *list;
  g_autoptr(GString) rows = g_string_new (NULL);
  guint kicks = 0, sweeps = 0;

  click (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
  wait_ms (50);
  for (guint i = 0; i < 8; i++)   /* battle 1: 8 meeples, 1 action */
    click (mg_meeple_side_get_type_button (red, 0));
  click (mg_meeple_side_get_roll_button (red));
  wait_ms (100);
  g_assert_null (mg_meeple_side_get_message (red));
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (red), ==, 8);
  dropdown = mg_meeple_side_get_set_dropdown (red);
  g_assert_nonnull (dropdown);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dropdown)));
  gtk_toggle_button_set_active (mg_meeple_side_get_face_toggle (red, 0), TRUE);
  wait_ms (50);

  /* Enter on the focused drop-down opens its list: one row per face, named. */
  gtk_widget_grab_focus (GTK_WIDGET (dropdown));
  g_signal_emit_by_name (dropdown, "activate");
  wait_ms (300);
  popover = find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  list = find_descendant (popover, GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (list);
  collect_labels (list, rows);
  g_assert_cmpstr (rows->str, ==, "Sweep|Kick|Punch");

  /* Down to the Kick row and Enter choose it and closes the list; the Set To button sets meeple 1. */
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", 1, FALSE, FALSE));   /* Down */
  g_assert_true (gtk_widget_activate_action (list, "list.activate-item", "u", 1));                    /* Enter */
  wait_ms (300);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 1);
  g_assert_true (gtk_widget_is_sensitive (mg_meeple_side_get_set_button (red)));
  gtk_widget_grab_focus (mg_meeple_side_get_set_button (red));
  g_assert_true (gtk_widget_activate (mg_meeple_side_get_set_button (red)));
  wait_ms (400);
  g_assert_null (mg_meeple_side_get_message (red));

  /* One Sweep became a Kick, and Red's one action is used. */
  for (guint i = 0; i < mg_meeple_side_get_n_faces_held (red); i++)
    {
      const char *face = gtk_button_get_label (GTK_BUTTON (mg_meeple_side_get_face_toggle (red, i)));

      kicks += g_strcmp0 (face, "Kick") == 0;
      sweeps += g_strcmp0 (face, "Sweep") == 0;
    }
  g_assert_cmpuint (kicks, ==, 1);
  g_assert_cmpuint (sweeps, ==, 7);
  {
    g_autoptr(json_object) view = mg_state_view (mg_campaign_get_state (c), MG_SEAT_PUBLIC);
    json_object *player = json_object_array_get_idx (json_object_object_get (view, "players"), 0);

    g_assert_cmpint (json_object_get_int (json_object_object_get (player, "actions_used")), ==, 1);
    g_assert_cmpint (json_object_get_int (json_object_object_get (player, "actions_allowed")), ==, 1);
  }
  close_campaign_windows (app);
}

/* The side's parts in the template's order (the order Tab follows), whether built at open or later:
 * name and button, tracks, Meeples, Dice (typing row, what was typed, buttons), Pick, Odds. */
static void
assert_side_order (MgMeepleSide *side)
{
  GtkWidget *dice = mg_meeple_side_get_dice_group (side);
  GtkWidget *box = gtk_widget_get_parent (dice);
  GtkWidget *typed_row = mg_meeple_side_get_typed_row (side);

  g_assert_true (gtk_widget_get_parent (mg_meeple_side_get_faces_group (side)) == box);
  g_assert_true (gtk_widget_get_next_sibling (mg_meeple_side_get_faces_group (side)) == dice);
  g_assert_true (gtk_widget_get_prev_sibling (gtk_widget_get_prev_sibling (mg_meeple_side_get_faces_group (side)))
                 == gtk_widget_get_first_child (box));
  g_assert_true (gtk_widget_get_next_sibling (dice) == mg_meeple_side_get_pick_group (side));
  g_assert_true (gtk_widget_get_next_sibling (mg_meeple_side_get_pick_group (side)) == mg_meeple_side_get_odds_group (side));
  g_assert_null (gtk_widget_get_next_sibling (mg_meeple_side_get_odds_group (side)));
  g_assert_true (gtk_widget_get_first_child (gtk_widget_get_last_child (dice)) == typed_row);
  /* The dice buttons offered now (Roll Typed before a roll; Reroll Here and Set To after, while the
   * faces are shown) are there. */
  {
    GtkWidget *offered[] = { mg_meeple_side_get_roll_button (side), mg_meeple_side_get_reroll_here_button (side),
                             GTK_WIDGET (mg_meeple_side_get_set_dropdown (side)) };

    for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
      if (gtk_widget_get_visible (offered[i]))
        g_assert_true (gtk_widget_is_ancestor (offered[i], gtk_widget_get_last_child (dice)));
  }
}

/* A side's faces, typing row, Set To, Pick and Odds are built when its faces are first shown or
 * its meeples rolled, and are then where the template had them and work by keyboard: Show (Enter
 * on the button), S K P typed, the face buttons named, Roll Typed by Enter, the faces held, Pick
 * and Odds below Dice. A side rolled before the campaign is opened has its Meeples group (faces
 * behind the screen) from the first frame; one that has neither rolled nor shown has none. */
static void
test_play_built_when_needed (void)
{
  g_autoptr(MgCampaign) c = NULL;
  MgMeeplePage *page = open_battle ("Play", &c, 1100, 760);    /* the app's own default size */
  MgMeepleSide *red = mg_meeple_page_get_side (page, 0);
  MgMeepleSide *blue = mg_meeple_page_get_side (page, 1);
  g_autofree char *path = g_strdup (mg_campaign_get_path (c));
  static const guint keys[] = { GDK_KEY_s, GDK_KEY_k, GDK_KEY_p, GDK_KEY_s, GDK_KEY_s, GDK_KEY_k, GDK_KEY_k, GDK_KEY_p };
  g_autoptr(GString) labels = g_string_new (NULL);
  GtkWindow *window;

  /* Nothing of it before a roll or a Show. */
  g_assert_null (mg_meeple_side_get_faces_group (red));
  g_assert_null (mg_meeple_side_get_set_dropdown (blue));
  g_assert_false (mg_meeple_side_type_key (red, GDK_KEY_s));

  gtk_widget_grab_focus (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
  g_assert_true (gtk_widget_activate (GTK_WIDGET (mg_meeple_side_get_show_button (red))));
  wait_ms (300);
  g_assert_true (gtk_toggle_button_get_active (mg_meeple_side_get_show_button (red)));
  g_assert_nonnull (mg_meeple_side_get_faces_group (red));
  assert_side_order (red);
  g_assert_true (gtk_widget_get_mapped (mg_meeple_side_get_typed_row (red)));
  g_assert_false (gtk_widget_get_visible (mg_meeple_side_get_faces_group (red)));   /* not rolled */
  g_assert_null (mg_meeple_side_get_set_dropdown (blue));
  collect_labels (mg_meeple_side_get_typed_row (red), labels);
  g_assert_cmpstr (labels->str, ==, "Sweep|Kick|Punch");
  g_assert_cmpstr (mg_meeple_side_get_dice_description (red), ==, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    press_key (GTK_WIDGET (page), keys[i]);
  g_assert_cmpuint (mg_meeple_side_get_n_typed (red), ==, 8);
  /* The eight faces typed are listed under the buttons and wrap there: the side does not widen
   * until Blue's drops below it while the referee types. */
  wait_ms (200);
  {
    graphene_rect_t a, b;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (red), GTK_WIDGET (page), &a));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (blue), GTK_WIDGET (page), &b));
    g_assert_cmpfloat (b.origin.y, ==, a.origin.y);
    g_assert_cmpfloat (b.origin.x, >=, a.origin.x + a.size.width);
  }
  g_assert_true (gtk_widget_is_sensitive (mg_meeple_side_get_roll_button (red)));
  gtk_widget_grab_focus (mg_meeple_side_get_roll_button (red));
  g_assert_true (gtk_widget_activate (mg_meeple_side_get_roll_button (red)));
  wait_ms (400);
  g_assert_null (mg_meeple_side_get_message (red));
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (red), ==, 8);
  g_assert_true (gtk_widget_get_mapped (mg_meeple_side_get_faces_group (red)));
  g_assert_true (gtk_widget_get_mapped (mg_meeple_side_get_pick_group (red)));
  g_assert_true (gtk_widget_get_mapped (mg_meeple_side_get_odds_group (red)));
  g_assert_cmpuint (mg_meeple_side_get_n_odds (red), >, 0);
  g_assert_nonnull (mg_meeple_side_get_pick_spin (red, 2));
  assert_side_order (red);
  {
    graphene_rect_t a, b;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (red), GTK_WIDGET (page), &a));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (blue), GTK_WIDGET (page), &b));
    /* Nor does the roll: the eight faces held wrap within Red's side. */
    g_assert_cmpfloat (b.origin.y, ==, a.origin.y);
    g_assert_cmpfloat (b.origin.x, >=, a.origin.x + a.size.width);
  }
  save_screenshot (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page))), "meeple-play-built.png");

  /* Hidden again, then the campaign reopened: Red rolled, so its Meeples group is there at once,
   * the faces behind the screen; Blue has nothing to build. */
  click (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
  wait_ms (100);
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (red), ==, 0);
  g_clear_object (&c);
  close_campaign_windows (app);
  wait_ms (100);
  window = mg_application_open_path (app, path, NULL);
  g_assert_nonnull (window);
  gtk_window_set_default_size (window, 1400, 900);
  wait_ms (400);
  page = MG_MEEPLE_PAGE (mg_campaign_window_get_page (MG_CAMPAIGN_WINDOW (window), "battle"));
  red = mg_meeple_page_get_side (page, 0);
  blue = mg_meeple_page_get_side (page, 1);
  g_assert_nonnull (mg_meeple_side_get_faces_group (red));
  g_assert_true (gtk_widget_get_mapped (mg_meeple_side_get_faces_group (red)));
  assert_side_order (red);
  g_string_truncate (labels, 0);
  collect_labels (mg_meeple_side_get_faces_group (red), labels);
  g_assert_nonnull (strstr (labels->str, "8 meeples behind Red’s screen"));
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (red), ==, 0);
  g_assert_null (mg_meeple_side_get_faces_group (blue));
  close_campaign_windows (app);
}

/* The Tab stops inside `within`: no keyboard trap, no stop on a flow box's slot, and each stop a
 * control that is drawn and takes the key (no focus ring round nothing). */
static GPtrArray *
tab_stops (GtkWidget *window, GtkWidget *within)
{
  guint traps;
  GPtrArray *stops = ui_test_tab_round (window, within, "Battle", &traps);

  g_assert_cmpuint (traps, ==, 0);
  for (guint i = 0; i < stops->len; i++)
    {
      GtkWidget *stop = g_ptr_array_index (stops, i);

      g_assert_true (gtk_widget_get_mapped (stop));
      g_assert_true (gtk_widget_is_sensitive (stop));
      g_assert_cmpint (gtk_widget_get_width (stop), >, 0);
    }
  return stops;
}

/* Whether stop is button or inside it (a drop-down's focus is its inner button). */
static gboolean
is_stop (GtkWidget *stop, GtkWidget *button)
{
  return stop == button || gtk_widget_is_ancestor (stop, button);
}

/* Tab goes through a side's dice buttons and face buttons one stop each, and only through those
 * offered: Roll Here alone before anything is typed (Roll Typed waits for the eight faces); Roll
 * Typed then Roll Here once they are typed; after the roll, one stop a meeple held, then Reroll
 * Here, Set To and its face (Reroll Typed waits for the new face; Roll Typed and Roll Here are
 * gone). Before this, every button of a flow box
 * sat in a slot of its own that was a stop too, and a hidden button's slot stayed, empty. */
static void
test_tab_stops (void)
{
  g_autoptr(MgCampaign) c = NULL;
  MgMeeplePage *page = open_battle ("Tab", &c, 1100, 760);
  MgMeepleSide *red = mg_meeple_page_get_side (page, 0);
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
  GtkWidget *dice = find_descendant (mg_meeple_side_get_dice_group (red), GTK_TYPE_FLOW_BOX);
  GtkWidget *roll_here;
  g_autoptr(GPtrArray) stops = NULL;

  g_assert_nonnull (dice);
  stops = tab_stops (window, dice);
  g_assert_cmpuint (stops->len, ==, 1);
  roll_here = g_ptr_array_index (stops, 0);
  g_assert_true (GTK_IS_BUTTON (roll_here));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (roll_here)), ==, "Roll _Here");
  g_clear_pointer (&stops, g_ptr_array_unref);

  /* Shown: Roll Typed is offered, but takes no stop until the eight faces are typed. */
  click (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
  wait_ms (100);
  stops = tab_stops (window, dice);
  g_assert_cmpuint (stops->len, ==, 1);
  g_assert_true (g_ptr_array_index (stops, 0) == roll_here);
  g_clear_pointer (&stops, g_ptr_array_unref);
  for (guint i = 0; i < 8; i++)
    click (mg_meeple_side_get_type_button (red, 0));
  stops = tab_stops (window, dice);
  g_assert_cmpuint (stops->len, ==, 2);
  g_assert_true (g_ptr_array_index (stops, 0) == mg_meeple_side_get_roll_button (red));
  g_assert_true (g_ptr_array_index (stops, 1) == roll_here);
  g_clear_pointer (&stops, g_ptr_array_unref);

  /* Roll Typed by Enter, then gone: the focus stays on the side, on the first meeple held. */
  g_assert_true (gtk_widget_grab_focus (mg_meeple_side_get_roll_button (red)));
  g_assert_true (gtk_widget_activate (mg_meeple_side_get_roll_button (red)));
  wait_ms (400);   /* a button activated from the keyboard clicks after its 250 ms press */
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (red), ==, 8);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (mg_meeple_side_get_face_toggle (red, 0)));
  gtk_toggle_button_set_active (mg_meeple_side_get_face_toggle (red, 0), TRUE);
  wait_ms (50);
  stops = tab_stops (window, mg_meeple_side_get_faces_group (red));
  g_assert_cmpuint (stops->len, ==, 8);
  for (guint i = 0; i < 8; i++)
    g_assert_true (g_ptr_array_index (stops, i) == GTK_WIDGET (mg_meeple_side_get_face_toggle (red, i)));
  g_clear_pointer (&stops, g_ptr_array_unref);
  stops = tab_stops (window, dice);
  g_assert_cmpuint (stops->len, ==, 3);
  g_assert_true (is_stop (g_ptr_array_index (stops, 0), mg_meeple_side_get_reroll_here_button (red)));
  g_assert_true (is_stop (g_ptr_array_index (stops, 1), mg_meeple_side_get_set_button (red)));
  g_assert_true (is_stop (g_ptr_array_index (stops, 2), GTK_WIDGET (mg_meeple_side_get_set_dropdown (red))));
  g_assert_false (gtk_widget_get_mapped (roll_here));
  g_assert_false (gtk_widget_get_mapped (mg_meeple_side_get_roll_button (red)));

  /* Blue's roll moves the game on and hides its faces: the focus goes to Blue's first control,
   * the button that shows them. */
  {
    MgMeepleSide *blue = mg_meeple_page_get_side (page, 1);

    click (GTK_WIDGET (mg_meeple_side_get_show_button (blue)));
    for (guint i = 0; i < 8; i++)
      click (mg_meeple_side_get_type_button (blue, 1));
    g_assert_true (gtk_widget_grab_focus (mg_meeple_side_get_roll_button (blue)));
    g_assert_true (gtk_widget_activate (mg_meeple_side_get_roll_button (blue)));
    wait_ms (400);
    g_assert_null (mg_meeple_side_get_message (blue));
    g_assert_false (gtk_widget_get_mapped (mg_meeple_side_get_roll_button (blue)));
    g_assert_false (gtk_toggle_button_get_active (mg_meeple_side_get_show_button (blue)));
    g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (mg_meeple_side_get_show_button (blue)));
  }
  close_campaign_windows (app);
}

/* Where `widget`'s top-left corner is in `ancestor`. */
static graphene_point_t
offset_in (GtkWidget *widget, GtkWidget *ancestor)
{
  graphene_point_t p = GRAPHENE_POINT_INIT (0, 0), out;

  g_assert_true (gtk_widget_compute_point (widget, ancestor, &p, &out));
  return out;
}

/* The Dice group puts its dice where an AdwPreferencesGroup titled "Dice", with the same
 * description (or none), puts its content at the same width: in a wide and a 360 px window, with
 * a side's faces hidden (a description, wrapped when narrow) and shown (a title alone). */
static void
test_dice_header (void)
{
  static const int widths[] = { 1400, 360 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autoptr(MgCampaign) c = NULL;
      g_autofree char *name = g_strdup_printf ("Dice%d", widths[w]);
      MgMeeplePage *page = open_battle (name, &c, widths[w], 720);
      MgMeepleSide *red = mg_meeple_page_get_side (page, 0);

      for (guint shown = 0; shown < 2; shown++)
        {
          GtkWidget *group = mg_meeple_side_get_dice_group (red);
          GtkWidget *dice = gtk_widget_get_last_child (group);
          int width = gtk_widget_get_width (group);
          GtkWidget *window = gtk_window_new ();
          GtkWidget *ref = adw_preferences_group_new ();
          GtkWidget *ref_child = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          const char *description = mg_meeple_side_get_dice_description (red);
          g_autofree char *shot = g_strdup_printf ("meeple-dice-%s-%d.png", shown ? "shown" : "hidden", widths[w]);

          if (!shown)
            g_assert_cmpstr (description, ==, "Show this player’s faces to type the dice rolled at the table.");
          else
            g_assert_null (description);
          g_assert_true (gtk_widget_get_mapped (dice));
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (ref), "Dice");
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (ref), description);
          gtk_widget_set_size_request (ref_child, -1, 20);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (ref), ref_child);
          gtk_window_set_default_size (GTK_WINDOW (window), width, 400);
          gtk_widget_set_valign (ref, GTK_ALIGN_START);
          gtk_window_set_child (GTK_WINDOW (window), ref);
          gtk_window_present (GTK_WINDOW (window));
          wait_ms (200);
          g_assert_cmpint (gtk_widget_get_width (ref), ==, width);
          g_assert_cmpfloat (offset_in (dice, group).y, ==, offset_in (ref_child, ref).y);
          g_assert_cmpint (gtk_widget_get_width (dice), ==, gtk_widget_get_width (ref_child));
          save_screenshot (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page))), shot);
          gtk_window_destroy (GTK_WINDOW (window));
          if (!shown)
            {
              click (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
              wait_ms (200);
            }
        }
      close_campaign_windows (app);
    }
}

/* The pixel at (x, y) of `widget` as drawn now. */
static guint32
pixel_of (GtkWidget *widget, int x, int y)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guint32 pixel = 0;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (x, y, 1, 1));
  gdk_texture_download (texture, (guchar *) &pixel, 4);
  return pixel;
}

/* The tracks' cells are drawn, not widgets, but look as meeple.css's .track-cell boxes do: a
 * casualty cell, an empty one and a used action, each against a real box of those classes in the
 * same window, in the light and the dark style. */
static void
test_track_cells (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  static const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };
  static const char *fills[] = { "casualty", NULL, "used" };
  g_autoptr(MgCampaign) c = NULL;
  MgMeeplePage *page = open_battle ("Cells", &c, 1400, 900);
  MgMeepleSide *red = mg_meeple_page_get_side (page, 0);
  GtkWidget *tracks = GTK_WIDGET (mg_meeple_side_get_tracks (red));
  GtkWidget *card = find_styled (GTK_WIDGET (page), GTK_TYPE_WIDGET, "battle-banner");
  g_autoptr(json_object) player = json_object_new_object ();

  /* One casualty of six, one action of two used. */
  json_object_object_add (player, "casualties", json_object_new_int (1));
  json_object_object_add (player, "actions_allowed", json_object_new_int (2));
  json_object_object_add (player, "actions_used", json_object_new_int (1));
  mg_meeple_tracks_update (mg_meeple_side_get_tracks (red), player, 6);
  g_assert_nonnull (card);
  for (guint s = 0; s < G_N_ELEMENTS (schemes); s++)
    {
      adw_style_manager_set_color_scheme (style, schemes[s]);
      wait_ms (300);
      for (guint f = 0; f < G_N_ELEMENTS (fills); f++)
        {
          /* Row 0, cells 0 and 1: casualty, empty; row 2, cell 0: used. */
          GtkWidget *grid = gtk_widget_get_first_child (tracks);
          GtkWidget *cells = gtk_grid_get_child_at (GTK_GRID (grid), 1, f == 2 ? 2 : 0);
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
          guint32 drawn, expected;

          gtk_widget_add_css_class (box, "track-cell");
          if (fills[f] != NULL)
            gtk_widget_add_css_class (box, fills[f]);
          gtk_widget_set_halign (box, GTK_ALIGN_START);
          gtk_widget_set_valign (box, GTK_ALIGN_START);
          /* The reference box in the window, styled as the cells' own (each drawn alone). */
          gtk_box_append (GTK_BOX (card), box);
          wait_ms (100);
          g_assert_cmpint (gtk_widget_get_width (box), ==, 18);
          drawn = pixel_of (cells, f == 1 ? 22 + 9 : 9, (gtk_widget_get_height (cells) - 18) / 2 + 9);
          expected = pixel_of (box, 9, 9);
          gtk_box_remove (GTK_BOX (card), box);
          g_assert_cmphex (drawn, ==, expected);
          g_assert_cmphex (drawn, !=, 0);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  close_campaign_windows (app);
}

/* Issue 45: Blue's faces shown, Blue's side grows; Red's does not grow with it. One under the
 * other (narrow), Blue's side begins a row's spacing (36 px) under Red's content, not under a
 * gap as tall as Blue's side; side by side (wide), both begin on one line. */
static void
test_sides_no_gap (void)
{
  static const int widths[] = { 360, 1400 };
  g_autoptr(MgCampaign) c = NULL;
  MgMeeplePage *page = open_battle ("Gap", &c, widths[0], 900);
  MgMeepleSide *red = mg_meeple_page_get_side (page, 0);
  MgMeepleSide *blue = mg_meeple_page_get_side (page, 1);
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page)));

  g_assert_true (gtk_widget_activate (GTK_WIDGET (mg_meeple_side_get_show_button (blue))));
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      graphene_rect_t a, b;
      int natural = 0;

      gtk_window_set_default_size (window, widths[w], 900);
      wait_ms (400);
      g_assert_true (gtk_toggle_button_get_active (mg_meeple_side_get_show_button (blue)));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (red), GTK_WIDGET (page), &a));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (blue), GTK_WIDGET (page), &b));
      gtk_widget_measure (GTK_WIDGET (red), GTK_ORIENTATION_VERTICAL, (int) a.size.width, NULL, &natural, NULL, NULL);
      g_test_message ("%d px: Red's side %.0f px tall (its content %d), Blue's %.0f px below its top", widths[w],
                      a.size.height, natural, b.origin.y - a.origin.y);
      if (b.origin.y > a.origin.y)
        g_assert_cmpfloat (b.origin.y - (a.origin.y + natural), <=, 36 + 12);   /* and the slots' padding */
      else
        g_assert_cmpfloat (b.origin.y, ==, a.origin.y);
    }
  close_campaign_windows (app);
}

/* Red's and Blue's numbers in the public view: how many meeples each rolls, how many are revealed. */
static int
view_int (MgCampaign *c, guint player, const char *key)
{
  json_object *view = mg_table_state_get_view (mg_table_state_for_campaign (c), MG_SEAT_PUBLIC);
  json_object *players = NULL, *value = NULL;

  g_assert_true (json_object_object_get_ex (view, "players", &players));
  if (key[0] == '@')
    return json_object_object_get_ex (view, key + 1, &value) ? json_object_get_int (value) : 0;
  g_assert_true (json_object_object_get_ex (json_object_array_get_idx (players, player), key, &value));
  return json_object_get_int (value);
}

/* One action with every die typed as `face` (Sweep 1, Kick 2: shared/rules/meeple-melee.txt's
 * faces in resolution order, docs/rules/meeple.md). */
static void
act (MgCampaign *c, const char *json, int n_dice, int face)
{
  g_autoptr(GError) error = NULL;
  json_object *action = json_tokener_parse (json);
  g_autoptr(MgJournalEntry) entry = NULL;

  if (n_dice > 0)
    {
      json_object *dice = json_object_new_array ();

      for (int i = 0; i < n_dice; i++)
        json_object_array_add (dice, json_object_new_int (face));
      json_object_object_add (action, "dice", dice);
    }
  entry = mg_campaign_act (c, action, &error);
  json_object_put (action);
  g_assert_no_error (error);
}

/* Blue sweeps Red's kicks, battle after battle, until Red has 6 casualties: Blue wins. */
static void
play_until_blue_wins (MgCampaign *c)
{
  for (guint battle = 0; battle < 12; battle++)
    {
      g_autofree char *red_pick = NULL, *blue_pick = NULL;
      json_object *winner = NULL;

      if (json_object_object_get_ex (mg_table_state_get_view (mg_table_state_for_campaign (c), MG_SEAT_PUBLIC), "winner", &winner)
          && json_object_is_type (winner, json_type_string))
        break;
      act (c, "{\"type\":\"roll\",\"player\":\"Red\"}", view_int (c, 0, "to_roll"), 2);
      red_pick = g_strdup_printf ("{\"type\":\"pick\",\"player\":\"Red\",\"kick\":%d}", view_int (c, 0, "reveal"));
      act (c, red_pick, 0, 0);
      act (c, "{\"type\":\"roll\",\"player\":\"Blue\"}", view_int (c, 1, "to_roll"), 1);
      blue_pick = g_strdup_printf ("{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":%d}", view_int (c, 1, "reveal"));
      act (c, blue_pick, 0, 0);
    }
  g_assert_cmpint (view_int (c, 0, "casualties"), ==, 6);
}

/* Issue 43: what changes is painted again, and what moves is too. A match's end shows the
 * rematch button in the result banner, and its start takes the button away; the "Actions used"
 * track loses its last cell when the match ends (0 / 0). Neither moves anything under them: the
 * banner keeps its height with the button gone, the track row its height with no cell, so the
 * sides and every track row stay where they were, as a referee undoing a rematch sees them. */
static void
test_end_of_match_moves_nothing (void)
{
  g_autoptr(MgCampaign) c = NULL;
  MgMeeplePage *page = open_battle ("Rematch", &c, 1200, 900);
  GtkWidget *banner = find_styled (GTK_WIDGET (page), GTK_TYPE_WIDGET, "battle-banner");
  GtkWidget *rematch = NULL;
  graphene_rect_t before[2], after[2], banner_before, banner_after;

  play_until_blue_wins (c);
  act (c, "{\"type\":\"rematch\"}", 0, 0);
  wait_ms (300);

  g_assert_nonnull (banner);
  rematch = find_descendant (banner, GTK_TYPE_BUTTON);
  g_assert_nonnull (rematch);
  g_assert_false (gtk_widget_get_mapped (rematch));    /* a new match: nothing to rematch */
  g_assert_true (gtk_widget_compute_bounds (banner, GTK_WIDGET (page), &banner_before));
  for (guint i = 0; i < 2; i++)
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (mg_meeple_side_get_tracks (mg_meeple_page_get_side (page, i))),
                                              GTK_WIDGET (page), &before[i]));

  g_assert_true (mg_campaign_undo (c, 1, NULL, NULL));   /* the match is over again */
  wait_ms (300);
  g_assert_true (gtk_widget_get_mapped (rematch));
  g_assert_cmpint (view_int (c, 0, "actions_allowed"), ==, 0);
  g_assert_true (gtk_widget_compute_bounds (banner, GTK_WIDGET (page), &banner_after));
  g_assert_cmpfloat (banner_after.size.height, ==, banner_before.size.height);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (mg_meeple_side_get_tracks (mg_meeple_page_get_side (page, i))),
                                                GTK_WIDGET (page), &after[i]));
      g_test_message ("side %u's tracks: y %.0f, %.0f px tall; after the undo y %.0f, %.0f px tall", i,
                      before[i].origin.y, before[i].size.height, after[i].origin.y, after[i].size.height);
      g_assert_cmpfloat (after[i].origin.y, ==, before[i].origin.y);
      g_assert_cmpfloat (after[i].size.height, ==, before[i].size.height);
    }
  close_campaign_windows (app);
}

/* At a match's end the banner offers a rematch. In a 360 px window the button goes under the
 * text, which keeps a readable width (beside the button it wrapped to some 60 px a line); during
 * the match no empty room is kept under the text. In a wide window the button stays beside it. */
static void
test_rematch_under_text_when_narrow (void)
{
  static const int widths[] = { 360, 1200 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autoptr(MgCampaign) c = NULL;
      g_autofree char *name = g_strdup_printf ("Rematch %d", widths[w]);
      g_autofree char *shot = NULL;
      MgMeeplePage *page = open_battle (name, &c, widths[w], 900);
      GtkWidget *banner = find_styled (GTK_WIDGET (page), GTK_TYPE_WIDGET, "battle-banner");
      GtkWidget *rematch = NULL, *title = NULL;
      graphene_rect_t text, button, during, after;
      gboolean narrow = widths[w] < 600;

      g_assert_nonnull (banner);
      rematch = find_descendant (banner, GTK_TYPE_BUTTON);
      title = find_styled (banner, GTK_TYPE_LABEL, "banner-title");
      g_assert_nonnull (rematch);
      g_assert_nonnull (title);
      wait_ms (200);
      g_assert_true (gtk_widget_compute_bounds (banner, GTK_WIDGET (page), &during));

      play_until_blue_wins (c);
      wait_ms (300);
      g_assert_true (gtk_widget_get_mapped (rematch));
      shot = g_strdup_printf ("meeple-rematch-%d.png", widths[w]);
      save_screenshot (banner, shot);
      g_assert_true (gtk_widget_compute_bounds (title, banner, &text));
      g_assert_true (gtk_widget_compute_bounds (rematch, banner, &button));
      g_assert_true (gtk_widget_compute_bounds (banner, GTK_WIDGET (page), &after));
      g_test_message ("%d px: title %.0f px wide at y %.0f–%.0f; button at x %.0f y %.0f; banner %.0f px tall, %.0f during the match",
                      widths[w], text.size.width, text.origin.y, text.origin.y + text.size.height,
                      button.origin.x, button.origin.y, after.size.height, during.size.height);
      if (narrow)
        {
          g_assert_cmpfloat (button.origin.y, >=, text.origin.y + text.size.height);
          g_assert_cmpfloat (button.origin.x, <=, text.origin.x);
          /* The title has the banner's whole width for its text: at 360 px, some 200 px. */
          g_assert_cmpfloat (text.size.width, >=, 200);
          /* During the match, no room for the button: the banner grew by it at the end. */
          g_assert_cmpfloat (after.size.height, >=, during.size.height + button.size.height);
        }
      else
        {
          g_assert_cmpfloat (button.origin.x, >=, text.origin.x + text.size.width);
          g_assert_cmpfloat (button.origin.y, <, text.origin.y + text.size.height);
        }
      /* Its mnemonic, Alt+M ("Start a Re_match"), through the X server: the rematch is made. */
      {
        gint64 rows = mg_campaign_journal_count (c);

        if (ui_test_key (GTK_WIDGET (page), GDK_KEY_m, GDK_KEY_Alt_L))
          {
            wait_ms (300);
            g_assert_cmpint (mg_campaign_journal_count (c), ==, rows + 1);
            g_assert_false (gtk_widget_get_mapped (rematch));
          }
      }
      close_campaign_windows (app);
    }
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-meeple", &tmpdir);
  g_test_add_func ("/ui/meeple/set-to-by-keyboard", test_set_to_by_keyboard);
  g_test_add_func ("/ui/meeple/dice-header", test_dice_header);
  g_test_add_func ("/ui/meeple/play-built-when-needed", test_play_built_when_needed);
  g_test_add_func ("/ui/meeple/sides-no-gap", test_sides_no_gap);
  g_test_add_func ("/ui/meeple/track-cells", test_track_cells);
  g_test_add_func ("/ui/meeple/tab-stops", test_tab_stops);
  g_test_add_func ("/ui/meeple/end-of-match-moves-nothing", test_end_of_match_moves_nothing);
  g_test_add_func ("/ui/meeple/rematch-under-text-when-narrow", test_rematch_under_text_when_narrow);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}
