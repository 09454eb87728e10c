/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-game.c — The Fantasy Trip: Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-tft.h"

#define DATA "/io/github/meleegm/MeleeGM/games/tft/"

static const MgGameSample samples[] = {
  { N_("Flavius and Wulf"), DATA "sample.jsonl", { "Referee", NULL } },
};

/* docs/rules/tft.md, House rules. */
static const MgHouseRule house_rules[] = {
  { "flier_out_of_reach",
    N_("A figure in the air"),
    N_("Only missile and thrown weapons reach a flying gargoyle until it lands."),
    N_("Any weapon reaches a flying gargoyle, as if it stood on the ground."),
    "Its MA is 8 on the ground, 16 if flying. It lands to attack, but may land ON you for HTH..." },
  { "no_board",
    N_("The arena board"),
    N_("No board: the referee states facing, distances, engagement and the line of fire."),
    N_("A fight may be played on the arena: facing, distances, engagement and the line of fire come from the figures' hexes."),
    "One 8 1/4\" x 14\" arena map, divided into hexagons (\"hexes\") to govern movement, and larger black-bordered \"mega-hexes\" to govern missile weapon fire." },
};

static const char * const table_names[] = { "figure", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", DATA "tables/0002.sql", NULL };

/* mg-tft-words.c: the Rules page's words. */
const MgRulesetWord *mg_tft_ruleset_words (guint *n);

/* The exports' words for the view's tables; a figure's history and card are records, not columns. */
static const MgExportColumn export_columns[] = {
  { "roster", NC_("export column", "Roster") },
  { "figures", NC_("export column", "Figures") },
  { "kind", NC_("export column", "Kind") },
  { "st", NC_("export column", "ST") },
  { "dx", NC_("export column", "DX") },
  { "ep", NC_("export column", "EP") },
  { "alive", NC_("export column", "Alive") },
  { "weapons", NC_("export column", "Weapons") },
  { "armor", NC_("export column", "Armor") },
  { "shield", NC_("export column", "Shield") },
  { "ready", NC_("export column", "Ready weapon") },
  { "shield_ready", NC_("export column", "Shield ready") },
  { "fights", NC_("export column", "Fights") },
  { "kills", NC_("export column", "Kills") },
  { "advances", NC_("export column", "Advances") },
  { "moved", NC_("export column", "Moved") },
  { "can_buy", NC_("export column", "Points it may buy") },
  { "history", NULL },
  { "card", NULL },
};

/* The exports' "Advancement" (docs/rules/tft.md, spend_ep): "When a figure gets 100 EP, he/she
 * may trade them in for one additional point added to EITHER basic ST OR basic DX" — how many
 * points each living figure may buy now, from the public roster and the ruleset's trade cost. */
static json_object *
export_sections (json_object *ruleset, json_object *view)
{
  json_object *experience = NULL, *cost = NULL, *roster = NULL;
  json_object *rows, *body, *section, *sections;
  g_autofree char *text = NULL;
  gint64 trade;

  if (!json_object_object_get_ex (ruleset, "experience", &experience) ||
      !json_object_object_get_ex (experience, "trade_cost", &cost) ||
      (trade = json_object_get_int64 (cost)) <= 0 ||
      !json_object_object_get_ex (view, "roster", &roster) ||
      !json_object_is_type (roster, json_type_array))
    return NULL;
  rows = json_object_new_array ();
  for (size_t i = 0; i < json_object_array_length (roster); i++)
    {
      json_object *figure = json_object_array_get_idx (roster, i);
      json_object *name = json_object_object_get (figure, "name");
      json_object *ep = json_object_object_get (figure, "ep");
      json_object *row;

      if (!json_object_get_boolean (json_object_object_get (figure, "alive")) || name == NULL || ep == NULL)
        continue;
      row = json_object_new_object ();
      json_object_object_add (row, "name", json_object_get (name));
      json_object_object_add (row, "ep", json_object_get (ep));
      json_object_object_add (row, "can_buy", json_object_new_int64 (json_object_get_int64 (ep) / trade));
      json_object_array_add (rows, row);
    }
  if (json_object_array_length (rows) == 0)
    {
      json_object_put (rows);
      return NULL;
    }
  body = json_object_new_object ();
  /* "game" finds the game's column titles (export_columns). */
  json_object_object_add (body, "game", json_object_new_string ("tft"));
  json_object_object_add (body, "figures", rows);
  section = json_object_new_object ();
  json_object_object_add (section, "title", json_object_new_string (_("Advancement")));
  text = g_strdup_printf (ngettext ("A living figure trades %d EP for one point more of basic ST or DX.",
                                    "A living figure trades %d EP for one point more of basic ST or DX.",
                                    (gulong) trade), (int) trade);
  json_object_object_add (section, "text", json_object_new_string (text));
  json_object_object_add (section, "view", body);
  sections = json_object_new_array ();
  json_object_array_add (sections, section);
  return sections;
}

extern const MgChronicle mg_tft_chronicle;

/* A turn as the fight counts it, which the Journal's sentences name ("Turn 8 of fight 1
 * ends"); the campaign's turns before, between and after fights are the roster's. */
static char *
turn_title (json_object *pending)
{
  json_object *fight = NULL, *turn = NULL, *phase = NULL;

  if (!json_object_object_get_ex (pending, "fight", &fight) || !json_object_object_get_ex (pending, "fight_turn", &turn))
    return g_strdup (_("Between fights"));
  if (json_object_object_get_ex (pending, "phase", &phase) && g_strcmp0 (json_object_get_string (phase), "over") == 0)
    /* TRANSLATORS: a heading of the exports: the turn in which a fight is declared over */
    return g_strdup_printf (_("End of fight %d"), json_object_get_int (fight));
  /* TRANSLATORS: a heading of the exports: "Fight 1, turn 8" */
  return g_strdup_printf (_("Fight %d, turn %d"), json_object_get_int (fight), json_object_get_int (turn));
}

const MgGame *
mg_tft_game (void)
{
  static MgGame game = {
    MG_GAME_DATA (DATA),
    .engine_revision = 1,   /* bump as mg-game.h says: the campaigns' snapshots are made again */
    MG_GAME_TABLES,
    .house_rules = house_rules,
    .n_house_rules = G_N_ELEMENTS (house_rules),
    .odds = mg_tft_odds,
    MG_GAME_EXPORT_COLUMNS,
    .chronicle = &mg_tft_chronicle,   /* mg-tft-chronicle.c */
    .export_sections = export_sections,
    .board_svg = mg_tft_board_svg,       /* mg-tft-board-svg.c: the arena on the phones */
    .turn_title = turn_title,
  };
  return mg_game_fill (&game, mg_tft_rules (), mg_tft_ruleset_words);
}
