/* mg-game-ui.c — what each game adds to the campaign window: its pages and a state view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-game-ui.h"
#include "mg-table-state.h"

/* Any other game: the public view as indented JSON. */
static GtkWidget *
generic_state_view_new (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "monospace");
  return label;
}

static void
generic_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  json_object *json = mg_table_state_view_of_state (mg_table_state_for_campaign (campaign), state, MG_SEAT_PUBLIC);

  gtk_label_set_text (GTK_LABEL (view),
                      json != NULL ? json_object_to_json_string_ext (json, JSON_C_TO_STRING_PRETTY) : "");
  json_object_put (json);
}

static const MgGameUi generic_ui = {
  NULL, NULL, generic_state_view_new, generic_state_view_set,
};

/* Generated from the `games` list in meson.build (mg-game-uis.c). */
const MgGameUi *mg_game_uis_builtin (guint i);

const MgGameUi *
mg_game_ui_lookup (const char *game_id)
{
  const MgGameUi *ui;

  for (guint i = 0; (ui = mg_game_uis_builtin (i)) != NULL; i++)
    if (g_strcmp0 (ui->game_id, game_id) == 0)
      return ui;
  return &generic_ui;
}
