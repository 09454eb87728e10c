/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-summary.c — a state in a few lines for the Journal's replay: each fighter's ST, hits and
 * conditions when a fight is on, then the roster with EP. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-widget-util.h"
#include "mg-tft-summary.h"
#include "mg-tft-util.h"
#include "mg-table-state.h"

struct _MgTftSummary
{
  GtkWidget  parent_instance;

  GtkLabel  *fight_label;
  GtkLabel  *roster_label;
};

G_DEFINE_FINAL_TYPE (MgTftSummary, mg_tft_summary, GTK_TYPE_WIDGET)

void
mg_tft_summary_set_state (MgTftSummary *self, MgCampaign *campaign, const MgState *state)
{
  g_autoptr(json_object) view = state != NULL ? mg_table_state_view_of_state (mg_table_state_for_campaign (campaign), state, MG_SEAT_PUBLIC) : NULL;
  json_object *fight = mg_tft_view_fight (view);
  json_object *figures = mg_ui_json_array (fight, "figures");
  json_object *roster = mg_ui_json_array (view, "roster");
  g_autoptr(GString) fight_text = g_string_new (NULL);
  g_autoptr(GString) roster_text = g_string_new (NULL);

  if (fight != NULL)
    {
      g_autofree char *turn = mg_tft_fight_turn_text (fight);

      /* Translators: "Fight 1 (to the death) · Turn 6" */
      g_string_append_printf (fight_text, _("Fight %d (%s) · %s\n"), mg_ui_json_int (fight, "number", 0),
                              mg_tft_kind_phrase (mg_ui_json_str (fight, "kind")), turn);
      for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
        {
          json_object *f = json_object_array_get_idx (figures, i);
          json_object *conditions = mg_ui_json_array (f, "conditions");

          /* Translators: a fighter in the replay: "Flavius (Romans): ST 10, 2 hits, adjDX 8, Standing";
           * the plural follows the hits. */
          g_string_append_printf (fight_text, g_dngettext (GETTEXT_PACKAGE, "%s (%s): ST %d, %d hit, adjDX %d, %s",
                                                           "%s (%s): ST %d, %d hits, adjDX %d, %s",
                                                           mg_ui_json_int (f, "hits", 0)),
                                  mg_ui_json_str (f, "name"),
                                  mg_ui_json_str (f, "side") ?: "", mg_ui_json_int (f, "st", 0), mg_ui_json_int (f, "hits", 0),
                                  mg_ui_json_int (f, "adj_dx", 0),
                                  g_strcmp0 (mg_ui_json_str (f, "state"), "fighting") == 0
                                    ? mg_tft_posture_name (mg_ui_json_str (f, "posture"))
                                    : mg_tft_life_name (mg_ui_json_str (f, "state")));
          for (size_t c = 0; conditions != NULL && c < json_object_array_length (conditions); c++)
            g_string_append_printf (fight_text, ", %s", mg_tft_condition_name (json_object_get_string (json_object_array_get_idx (conditions, c))));
          g_string_append_c (fight_text, '\n');
        }
      g_string_truncate (fight_text, fight_text->len - 1);
    }

  g_string_append (roster_text, _("Roster"));
  for (size_t i = 0; roster != NULL && i < json_object_array_length (roster); i++)
    {
      json_object *figure = json_object_array_get_idx (roster, i);

      g_string_append_printf (roster_text, _("\n%s: ST %d, DX %d, %d EP%s"), mg_ui_json_str (figure, "name"),
                              mg_ui_json_int (figure, "st", 0), mg_ui_json_int (figure, "dx", 0),
                              mg_ui_json_int (figure, "ep", 0), mg_ui_json_bool (figure, "alive") ? "" : _(", dead"));
    }
  if (roster == NULL || json_object_array_length (roster) == 0)
    g_string_append (roster_text, _(": no figures yet"));

  gtk_label_set_text (self->fight_label, fight_text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->fight_label), fight_text->len > 0);
  gtk_label_set_text (self->roster_label, roster_text->str);
}

char *
mg_tft_summary_get_text (MgTftSummary *self)
{
  return g_strdup_printf ("%s\n%s", gtk_label_get_text (self->fight_label), gtk_label_get_text (self->roster_label));
}

static void
mg_tft_summary_dispose (GObject *object)
{
  mg_widget_dispose_children (GTK_WIDGET (object), MG_TYPE_TFT_SUMMARY);
  G_OBJECT_CLASS (mg_tft_summary_parent_class)->dispose (object);
}

static void
mg_tft_summary_class_init (MgTftSummaryClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_tft_summary_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-summary.ui");
  gtk_widget_class_bind_template_child (widget_class, MgTftSummary, fight_label);
  gtk_widget_class_bind_template_child (widget_class, MgTftSummary, roster_label);
}

static void
mg_tft_summary_init (MgTftSummary *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
mg_tft_summary_new (void)
{
  return g_object_new (MG_TYPE_TFT_SUMMARY, NULL);
}
