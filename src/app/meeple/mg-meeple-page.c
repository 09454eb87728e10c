/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-page.c — the Meeple Melee table: both players side by side, the battle result. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-meeple-board.h"
#include "mg-text-stack.h"
#include "mg-ui-json.h"
#include "mg-meeple-page-private.h"
#include "mg-meeple-tracks.h"
#include "mg-table-state.h"

struct _MgMeeplePage
{
  GtkWidget     parent_instance;

  MgCampaign   *campaign;
  MgTableState *table;

  GtkWidget    *header_box;
  GtkLabel     *title_label;
  GtkLabel     *pending_label;
  GtkWidget    *score_stack;
  GtkLabel     *score_label;
  GtkRevealer  *banner_revealer;
  GtkWidget    *banner;
  GtkWidget    *banner_main;
  GtkImage     *banner_icon;
  GtkLabel     *banner_title;
  GtkLabel     *banner_body;
  GtkStack     *rematch_stack;
  GtkWidget    *rematch_button;
  MgMeepleSide *side_a;
  MgMeepleSide *side_b;
  gboolean      has_result;
  gboolean      over;           /* the match is won: the rematch button is shown */
};

G_DEFINE_FINAL_TYPE (MgMeeplePage, mg_meeple_page, GTK_TYPE_WIDGET)

static gboolean
banner_stacked (MgMeeplePage *self)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->banner_main)) == GTK_ORIENTATION_VERTICAL;
}

/* Beside the text, the rematch button's room is kept while it is not shown, so the banner keeps
 * its height when a match ends (see the .ui). Under the text, an empty room would be a gap all
 * match long: the button is there only when the match is won. */
static void
update_rematch_room (MgMeeplePage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->rematch_stack), self->over || !banner_stacked (self));
}

static void
refresh (MgMeeplePage *self)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  /* The page is on the shared screen: the public view; a side shows its own player's secrets. */
  json_object *view = mg_table_state_get_view (self->table, MG_SEAT_PUBLIC);
  json_object *pending = mg_table_state_get_pending (self->table);
  json_object *last = NULL, *score = NULL, *text = NULL, *winner = NULL;
  const char * const *players = mg_campaign_get_players (self->campaign);
  g_autofree char *title = NULL;
  g_autofree char *score_text = NULL;
  gboolean over;

  json_object_object_get_ex (view, "last", &last);
  json_object_object_get_ex (view, "score", &score);
  json_object_object_get_ex (view, "winner", &winner);
  json_object_object_get_ex (pending, "text", &text);
  over = winner != NULL && json_object_is_type (winner, json_type_string);

  title = over ? g_strdup_printf (_("Match %d — %s wins"), mg_ui_json_int (view, "match", 1), json_object_get_string (winner))
               : g_strdup_printf (_("Match %d · Battle %d"), mg_ui_json_int (view, "match", 1), mg_ui_json_int (view, "battle", 1));
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->pending_label, text != NULL ? json_object_get_string (text) : "");
  if (players != NULL && players[0] != NULL && players[1] != NULL)
    {
      /* Translators: the match score, e.g. "Red 1 – 0 Blue" */
      score_text = g_strdup_printf (_("%s %d – %d %s"), players[0], mg_ui_json_int (score, players[0], 0),
                                    mg_ui_json_int (score, players[1], 0), players[1]);
      gtk_label_set_text (self->score_label, score_text);
    }

  if (last != NULL && json_object_is_type (last, json_type_object))
    {
      g_autofree char *banner_title = NULL;
      g_autofree char *banner_body = NULL;
      json_object *result = NULL;
      gboolean draw;

      mg_meeple_describe_battle (ruleset, last, &banner_title, &banner_body);
      json_object_object_get_ex (last, "result", &result);
      draw = g_strcmp0 (result != NULL ? json_object_get_string (result) : NULL, "draw") == 0;
      gtk_label_set_text (self->banner_title, banner_title);
      gtk_label_set_text (self->banner_body, banner_body);
      gtk_image_set_from_icon_name (self->banner_icon, over ? "starred-symbolic"
                                                       : draw ? "view-dual-symbolic" : "emblem-ok-symbolic");
      if (draw)
        gtk_widget_add_css_class (self->banner, "draw");
      else
        gtk_widget_remove_css_class (self->banner, "draw");
      gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
    }
  else
    {
      /* Room kept for the first result, so the sides do not move down when it comes. */
      gtk_label_set_text (self->banner_title, _("No battle fought yet"));
      gtk_label_set_text (self->banner_body, _("The result of each battle is told here, in words."));
      gtk_image_set_from_icon_name (self->banner_icon, "mg-melee-symbolic");
      gtk_widget_add_css_class (self->banner, "draw");
    }
  self->has_result = last != NULL && json_object_is_type (last, json_type_object);

  self->over = over;
  gtk_stack_set_visible_child_name (self->rematch_stack, over ? "rematch" : "none");
  update_rematch_room (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "battle.rematch", over);

  mg_meeple_side_refresh (self->side_a);
  mg_meeple_side_refresh (self->side_b);
}

/* S, K, P type a face for the side whose faces are shown (the only one that can type). */
static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             MgMeeplePage *self)
{
  MgMeepleSide *sides[] = { self->side_a, self->side_b };
  const char * const *players = mg_campaign_get_players (self->campaign);

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0 || players == NULL)
    return FALSE;
  for (guint i = 0; i < 2 && players[i] != NULL; i++)
    if (mg_table_state_secrets_shown (self->table, players[i]))
      return mg_meeple_side_type_key (sides[i], keyval);
  return FALSE;
}

static void
rematch_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeeplePage *self = MG_MEEPLE_PAGE (widget);
  json_object *action = json_object_new_object ();

  json_object_object_add (action, "type", json_object_new_string ("rematch"));
  mg_widget_act_or_say (self->campaign, action, NULL, widget);
}

MgMeepleSide *
mg_meeple_page_get_side (MgMeeplePage *self, guint index)
{
  return index == 0 ? self->side_a : self->side_b;
}

const char *
mg_meeple_page_get_banner_title (MgMeeplePage *self)
{
  return self->has_result ? gtk_label_get_text (self->banner_title) : NULL;
}

const char *
mg_meeple_page_get_banner_body (MgMeeplePage *self)
{
  return self->has_result ? gtk_label_get_text (self->banner_body) : NULL;
}

static void
mg_meeple_page_dispose (GObject *object)
{
  MgMeeplePage *self = MG_MEEPLE_PAGE (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MEEPLE_PAGE);
  g_clear_object (&self->campaign);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (mg_meeple_page_parent_class)->dispose (object);
}

/* .meeple-page { margin: 24px 18px } in meeple.css: the header's width is the page's less these. */
#define MG_MEEPLE_PAGE_SIDE_MARGINS 36
/* .battle-banner { padding: 18px; border-left-width: 6px } in meeple.css: the banner's width less
 * its content's. */
#define MG_MEEPLE_BANNER_EDGES (18 * 2 + 6)
/* The narrowest the banner's text is let be beside the rematch button: about 30 characters. */
#define MG_MEEPLE_BANNER_TEXT_MIN 240

/* The score beside the title only when both fit on their line: in a narrow window it goes under
 * the title instead of wrapping beside it ("Red 0 –" over "0 Blue"). Likewise the rematch
 * button goes under the banner's text when beside it the text would be too narrow. */
static void
update_layout (MgMeeplePage *self, int width)
{
  int title = 0, score = 0, button = 0, spacing = gtk_box_get_spacing (GTK_BOX (self->header_box));
  gboolean stacked;
  GtkOrientation o;

  gtk_widget_measure (GTK_WIDGET (self->title_label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &title, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->score_label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &score, NULL, NULL);
  stacked = title + spacing + score > width - MG_MEEPLE_PAGE_SIDE_MARGINS;
  o = stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->header_box)) != o)
    {
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->header_box), o);
      gtk_widget_set_halign (self->score_stack, stacked ? GTK_ALIGN_START : GTK_ALIGN_FILL);
      gtk_label_set_xalign (self->score_label, stacked ? 0 : 0.5);
      gtk_label_set_justify (self->score_label, stacked ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_RIGHT);
    }

  /* The rematch button under the banner's text when beside it the text would have less than
   * MG_MEEPLE_BANNER_TEXT_MIN (at 360 px it wrapped to some 60 px a line). */
  gtk_widget_measure (self->rematch_button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &button, NULL, NULL);
  stacked = width - MG_MEEPLE_PAGE_SIDE_MARGINS - MG_MEEPLE_BANNER_EDGES
            - gtk_image_get_pixel_size (self->banner_icon) - gtk_box_get_spacing (GTK_BOX (self->banner))
            - gtk_box_get_spacing (GTK_BOX (self->banner_main)) - button < MG_MEEPLE_BANNER_TEXT_MIN;
  o = stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->banner_main)) != o)
    {
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->banner_main), o);
      gtk_widget_set_halign (GTK_WIDGET (self->rematch_stack), stacked ? GTK_ALIGN_START : GTK_ALIGN_FILL);
      update_rematch_room (self);
    }
}

static void
mg_meeple_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0)
    update_layout (MG_MEEPLE_PAGE (widget), for_size);
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size,
                      minimum, natural, min_baseline, nat_baseline);
}

static void
mg_meeple_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  update_layout (MG_MEEPLE_PAGE (widget), width);
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

gboolean
mg_meeple_page_get_score_stacked (MgMeeplePage *self)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (self->header_box)) == GTK_ORIENTATION_VERTICAL;
}

static void
mg_meeple_page_class_init (MgMeeplePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_meeple_page_dispose;
  g_type_ensure (MG_TYPE_TEXT_STACK);
  g_type_ensure (MG_TYPE_MEEPLE_SIDE);
  widget_class->measure = mg_meeple_page_measure;
  widget_class->size_allocate = mg_meeple_page_size_allocate;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/meeple/mg-meeple-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, header_box);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, title_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, pending_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, score_stack);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, score_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, banner);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, banner_main);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, banner_icon);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, banner_title);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, banner_body);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, rematch_stack);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, rematch_button);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, side_a);
  gtk_widget_class_bind_template_child (widget_class, MgMeeplePage, side_b);
  gtk_widget_class_install_action (widget_class, "battle.rematch", NULL, rematch_activated);
}

static void
mg_meeple_page_init (MgMeeplePage *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The flow box's cells only lay the sides out: no tab stop of their own. */
  gtk_widget_set_focusable (gtk_widget_get_parent (GTK_WIDGET (self->side_a)), FALSE);
  gtk_widget_set_focusable (gtk_widget_get_parent (GTK_WIDGET (self->side_b)), FALSE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

MgMeeplePage *
mg_meeple_page_new (MgCampaign *campaign)
{
  MgMeeplePage *self = g_object_new (MG_TYPE_MEEPLE_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  self->table = g_object_ref (mg_table_state_for_campaign (campaign));
  mg_meeple_side_setup (self->side_a, campaign, 0);
  mg_meeple_side_setup (self->side_b, campaign, 1);
  g_signal_connect_object (self->table, "changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  refresh (self);
  return self;
}
