/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-card.c — a figure's record card, as the rulebook's card shows it (Ragnar's, p. 5):
 * ST, DX with adjusted DX without and with the shield, MA, weapons and damage, armor and
 * shield with hits stopped, EP; in a fight the hits beside ST as tally marks. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-widget-util.h"
#include "mg-tft-card.h"
#include "mg-text-stack.h"
#include "mg-tft-util.h"

struct _MgTftCard
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkLabel  *name_label;
  GtkLabel  *kind_label;
  GtkLabel  *st_label;
  GtkLabel  *tally_label;
  GtkLabel  *dx_label;
  GtkLabel  *ma_label;
  GtkBox    *weapons_box;
  GtkLabel  *armor_label;
  GtkLabel  *ep_label;
  GtkLabel  *status_label;
};

G_DEFINE_FINAL_TYPE (MgTftCard, mg_tft_card, GTK_TYPE_WIDGET)

char *
mg_tft_card_get_tooltips (MgTftCard *self)
{
  const char *dx = gtk_widget_get_tooltip_text (GTK_WIDGET (self->dx_label));
  const char *gear = gtk_widget_get_tooltip_text (GTK_WIDGET (self->armor_label));
  return g_strdup_printf ("%s\n%s", dx ? dx : "", gear ? gear : "");
}

char *
mg_tft_tally (int hits)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < hits; i++)
    {
      if (i > 0 && i % 5 == 0)
        g_string_append_c (text, ' ');
      g_string_append_c (text, '|');
    }
  return g_string_free (text, FALSE);
}

static char *
upper (const char *text)
{
  return g_utf8_strup (text != NULL ? text : "", -1);
}

/* A ruleset name from the card (as the ruleset spells it), in the referee's language. */
static const char *
translated (const char *name)
{
  return name != NULL ? _(name) : NULL;
}

/* The card's "DX = 13 (11)(10)" is basic DX, then adjusted DX without and with the shield
 * (p. 3): the line says so in words, and the tooltip in full. */
static void
set_dx_line (MgTftCard *self, json_object *card, int basic_dx, int adj)
{
  json_object *adj_shield = NULL;
  g_autofree char *dx = NULL, *dx_tip = NULL;

  json_object_object_get_ex (card, "adj_dx_shield", &adj_shield);
  if (adj_shield != NULL && json_object_is_type (adj_shield, json_type_int) && json_object_get_int (adj_shield) != adj)
    {
      dx = g_strdup_printf (_("DX = %d (%d without shield)(%d with shield)"), basic_dx, adj, json_object_get_int (adj_shield));
      dx_tip = g_strdup_printf (_("Basic DX %d. Adjusted DX %d without the shield, %d when the shield is ready."),
                                basic_dx, adj, json_object_get_int (adj_shield));
    }
  else if (adj != basic_dx)
    {
      dx = g_strdup_printf (_("DX = %d (%d adjusted)"), basic_dx, adj);
      dx_tip = g_strdup_printf (_("Basic DX %d. Adjusted DX %d, for the armor and gear it carries."), basic_dx, adj);
    }
  else
    dx = g_strdup_printf (_("DX = %d"), basic_dx);
  gtk_label_set_text (self->dx_label, dx);
  mg_widget_set_tooltip (GTK_WIDGET (self->dx_label), dx_tip);
}

/* One line a weapon: its name, damage, and damage in hand-to-hand when it differs. */
static void
set_weapons (MgTftCard *self, json_object *weapons)
{
  mg_widget_remove_children (GTK_WIDGET (self->weapons_box));
  for (size_t i = 0; weapons != NULL && i < json_object_array_length (weapons); i++)
    {
      json_object *weapon = json_object_array_get_idx (weapons, i);
      g_autofree char *wname = upper (translated (mg_ui_json_str (weapon, "name")));
      const char *hth = mg_ui_json_str (weapon, "hth");
      g_autofree char *line = hth != NULL
        ? g_strdup_printf (_("%s %s (%s in HTH)"), wname, mg_ui_json_str (weapon, "damage"), hth)
        : g_strdup_printf ("%s %s", wname, mg_ui_json_str (weapon, "damage"));
      GtkWidget *label = gtk_label_new (line);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      /* A long weapon line wraps rather than widening the page past 360 px. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_width_chars (GTK_LABEL (label), MG_INFO_ROW_MIN_CHARS);
      gtk_widget_add_css_class (label, "card-line");
      gtk_box_append (self->weapons_box, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->weapons_box), weapons != NULL && json_object_array_length (weapons) > 0);
}

/* The armor and shield line: the hits stopped, with the shield as the card writes it. */
static void
set_armor_line (MgTftCard *self, json_object *card)
{
  json_object *armor = mg_ui_json_object (card, "armor");
  json_object *shield = mg_ui_json_object (card, "shield");
  g_autofree char *gear_tip = NULL;
  g_autoptr(GString) gear = g_string_new (NULL);

  if (armor != NULL)
    {
      g_autofree char *aname = upper (translated (mg_ui_json_str (armor, "name")));

      g_string_append_printf (gear, _("%s / STOPS %d HITS"), aname, mg_ui_json_int (armor, "stops", 0));
    }
  else
    g_string_append (gear, _("NO ARMOR"));
  if (shield != NULL)
    {
      g_autofree char *sname = upper (translated (mg_ui_json_str (shield, "name")));

      int with = mg_ui_json_int (card, "stops_shield", mg_ui_json_int (shield, "stops", 0));

      g_string_append (gear, "; ");
      /* the card's "4 W/SHIELD": hits stopped by armor and shield together when it is used */
      g_string_append_printf (gear, g_dngettext (GETTEXT_PACKAGE, "%s / STOPS %d HIT WITH SHIELD", "%s / STOPS %d HITS WITH SHIELD", with),
                              sname, with);
      gear_tip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "With the shield ready, armor and shield stop %d hit of every attack.",
                                               "With the shield ready, armor and shield stop %d hits of every attack.", with), with);
    }
  gtk_label_set_text (self->armor_label, gear->str);
  mg_widget_set_tooltip (GTK_WIDGET (self->armor_label), gear_tip);
}

void
mg_tft_card_set (MgTftCard *self, json_object *figure, json_object *fighter, const char *kind_name)
{
  json_object *card = mg_ui_json_object (figure, "card");
  g_autofree char *name = upper (mg_ui_json_str (figure, "name"));
  g_autofree char *st = NULL, *ma = NULL, *ep = NULL, *kind = NULL;
  int basic_dx = mg_ui_json_int (card, "dx", mg_ui_json_int (figure, "dx", 0));
  int adj = mg_ui_json_int (card, "adj_dx", basic_dx);
  int hits = mg_ui_json_int (fighter, "hits", 0);
  gboolean alive = figure == NULL || !json_object_object_get_ex (figure, "alive", NULL)
                   || mg_ui_json_bool (figure, "alive");

  g_return_if_fail (MG_IS_TFT_CARD (self));

  gtk_label_set_text (self->name_label, name);
  {
    const char *owner = mg_ui_json_str (figure, "owner");
    const char *kind_id = kind_name != NULL ? kind_name : mg_ui_json_str (figure, "kind");

    kind = owner != NULL ? g_strdup_printf (_("%s · %s’s figure"), kind_id != NULL ? kind_id : "", owner)
                         : g_strdup (kind_id != NULL ? kind_id : "");
    gtk_label_set_text (self->kind_label, kind);
  }

  /* Translators: the record card's lines, as the rulebook writes them ("ST = 11"). */
  st = g_strdup_printf (_("ST = %d"), mg_ui_json_int (card, "st", mg_ui_json_int (figure, "st", 0)));
  gtk_label_set_text (self->st_label, st);
  {
    g_autofree char *tally = mg_tft_tally (hits);

    gtk_label_set_text (self->tally_label, tally);
    gtk_widget_set_visible (GTK_WIDGET (self->tally_label), hits > 0);
  }

  set_dx_line (self, card, basic_dx, adj);

  ma = g_strdup_printf (_("MA = %d"), mg_ui_json_int (card, "ma", 0));
  gtk_label_set_text (self->ma_label, ma);

  set_weapons (self, mg_ui_json_array (card, "weapons"));

  set_armor_line (self, card);

  ep = g_strdup_printf (_("EXPERIENCE POINTS = %d"), mg_ui_json_int (card, "ep", mg_ui_json_int (figure, "ep", 0)));
  gtk_label_set_text (self->ep_label, ep);

  if (!alive)
    {
      gtk_label_set_text (self->status_label, _("Fell in combat."));
      gtk_widget_add_css_class (self->box, "dead");
    }
  else if (fighter != NULL)
    {
      /* Translators: the last %s is the figure's state ("Fighting", "Unconscious"). */
      g_autofree char *status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "In this fight: %d hit, ST %d left. %s.",
                                                              "In this fight: %d hits, ST %d left. %s.", hits), hits,
                                                 mg_ui_json_int (fighter, "st", 0),
                                                 mg_tft_life_name (mg_ui_json_str (fighter, "state")));
      gtk_label_set_text (self->status_label, status);
      gtk_widget_remove_css_class (self->box, "dead");
    }
  else
    gtk_widget_remove_css_class (self->box, "dead");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), !alive || fighter != NULL);
}

char *
mg_tft_card_get_text (MgTftCard *self)
{
  GString *text = g_string_new (NULL);
  GtkLabel *lines[] = { self->name_label, self->st_label, self->dx_label, self->ma_label };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    g_string_append_printf (text, "%s\n", gtk_label_get_text (lines[i]));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->weapons_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (child)));
  g_string_append_printf (text, "%s\n%s\n", gtk_label_get_text (self->armor_label), gtk_label_get_text (self->ep_label));
  return g_string_free (text, FALSE);
}

static void
mg_tft_card_dispose (GObject *object)
{
  mg_widget_dispose_children (GTK_WIDGET (object), MG_TYPE_TFT_CARD);
  G_OBJECT_CLASS (mg_tft_card_parent_class)->dispose (object);
}

static void
mg_tft_card_class_init (MgTftCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_tft_card_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-card.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftCard, name)
  BIND (box);
  BIND (name_label);
  BIND (kind_label);
  BIND (st_label);
  BIND (tally_label);
  BIND (dx_label);
  BIND (ma_label);
  BIND (weapons_box);
  BIND (armor_label);
  BIND (ep_label);
  BIND (status_label);
#undef BIND
}

static void
mg_tft_card_init (MgTftCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
mg_tft_card_new (void)
{
  return g_object_new (MG_TYPE_TFT_CARD, NULL);
}
