/* mg-game-ui.c — what each game adds to the campaign window: its pages and a state view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-game-ui.h"
#include "mg-json.h"
#include "mg-json-facts.h"
#include "mg-table-state.h"

/* Any other game: the public view laid out as facts and tables (never JSON text). */
static GtkWidget *
generic_state_view_new (void)
{
  return mg_json_facts_new ();
}

static void
generic_state_view_set (GtkWidget *view, MgCampaign *campaign, const MgState *state)
{
  g_autoptr(json_object) json = mg_table_state_view_of_state (mg_table_state_for_campaign (campaign),
                                                              state, MG_SEAT_PUBLIC);

  mg_json_facts_set (view, json);
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
