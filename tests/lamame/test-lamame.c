/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lamame.c — La Mame's Melee engine against the rulebook's numbers (shared/rules/lamame-melee.txt,
 * NOTES.md): costs, income, both initial builds, start bids, winter's two cards, every attack case,
 * catapults, area limits, both endings, and secrets absent from view() and public events. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mg-rules.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-lamame.h"

/* The sample map for 3 players (data/rulesets/lamame.json), for reading the tests:
 *   Redkeep: Oak Hill, Red Ford          Bluekeep: Bluewater, Blue Meadow
 *   Greenkeep: Green Vale, Stonebridge   Oak Hill: Redkeep, Red Ford, North Pass(+1), Mill
 *   Red Ford: Redkeep, Oak Hill, Mill, Westmarsh(+1)   North Pass(+1): Oak Hill, Bluewater, Peak
 *   Bluewater: Bluekeep, North Pass, Blue Meadow, Market
 *   Blue Meadow: Bluekeep, Bluewater, Market, Eastwood(+1)
 *   Peak (mountains, +1): North Pass, Mill, Market, Green Vale, Stonebridge
 *   Mill: Oak Hill, Red Ford, Peak, Westmarsh     Market: Bluewater, Blue Meadow, Peak, Eastwood
 *   Westmarsh(+1): Red Ford, Mill, Green Vale     Eastwood(+1): Blue Meadow, Market, Stonebridge
 *   Green Vale: Greenkeep, Peak, Westmarsh, Stonebridge
 *   Stonebridge: Greenkeep, Peak, Eastwood, Green Vale */

static const char * const three[] = { "Red", "Blue", "Green", NULL };

static json_object *
ruleset (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "lamame.json", NULL);
  json_object *rs = json_object_from_file (path);
  g_assert_nonnull (rs);
  return rs;
}

/* The shipped ruleset with house rule `key` set to `on` (issue 34). */
static json_object *
ruleset_with (const char *key, gboolean on)
{
  json_object *rs = ruleset ();
  json_object *hr = NULL;

  g_assert_true (json_object_object_get_ex (rs, "house_rules", &hr));
  json_object_object_add (hr, key, json_object_new_boolean (on));
  return rs;
}

static json_object *
jparse (const char *text)
{
  json_object *o = json_tokener_parse (text);
  if (o == NULL)
    g_error ("bad JSON in test: %s", text);
  return o;
}

static char *
dump (const MgState *st)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  return g_strdup (json_object_to_json_string_ext (j, JSON_C_TO_STRING_PLAIN));
}

/* Applies an action; fails the test if refused. Returns the summary (g_free). */
static char *
play (MgState *st, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static char *
play (MgState *st, const char *fmt, ...)
{
  va_list ap;
  g_autofree char *text = NULL;
  g_autoptr(json_object) action = NULL, events = NULL;
  g_autoptr(GError) error = NULL;
  char *summary = NULL;

  va_start (ap, fmt);
  text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  action = jparse (text);
  events = mg_state_apply (st, action, NULL, &summary, &error);
  if (events == NULL)
    g_error ("refused %s: %s", text, error->message);
  /* Every state round-trips exactly. */
  {
    g_autoptr(json_object) rs = ruleset ();
    g_autoptr(json_object) j = mg_state_to_json (st);
    g_autoptr(GError) e2 = NULL;
    g_autoptr(MgState) back = st->rules->from_json (rs, j, &e2);
    g_autofree char *a = NULL, *b = NULL;
    g_assert_no_error (e2);
    a = dump (st);
    b = dump (back);
    g_assert_cmpstr (a, ==, b);
  }
  return summary;
}

#define PLAY(st, ...) g_free (play ((st), __VA_ARGS__))

/* The action is refused with `code` and a message containing `needle`; nothing changes. */
static void
refuse (MgState *st, const char *text, gint code, const char *needle)
{
  g_autoptr(json_object) action = jparse (text);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (st), *after = NULL;
  json_object *events;
  char *summary = NULL;

  g_assert_false (mg_state_validate (st, action, NULL));
  events = mg_state_apply (st, action, NULL, &summary, &error);
  g_assert_null (events);
  g_assert_null (summary);
  g_assert_error (error, MG_RULES_ERROR, code);
  if (strstr (error->message, needle) == NULL)
    g_error ("refusal of %s says \"%s\", expected \"%s\"", text, error->message, needle);
  after = dump (st);
  g_assert_cmpstr (before, ==, after);
}

static json_object *
player (MgState *st, const char *name)
{
  static json_object *cache;
  json_object *players;

  g_clear_pointer (&cache, json_object_put);
  cache = mg_state_to_json (st);
  players = mg_json_member (cache, "players");
  for (gsize i = 0; i < json_object_array_length (players); i++)
    if (g_strcmp0 (json_object_get_string (mg_json_member (json_object_array_get_idx (players, i), "name")), name) == 0)
      return json_object_array_get_idx (players, i);
  g_assert_not_reached ();
}

static gint
gold (MgState *st, const char *name)
{
  return json_object_get_int (mg_json_member (player (st, name), "gold"));
}

static gint
supply (MgState *st, const char *name, const char *kind)
{
  return json_object_get_int (mg_json_member (mg_json_member (player (st, name), "supply"), kind));
}

/* The owner of `kind` on `area`, or NULL. g_free. */
static char *
unit_at (MgState *st, const char *area, const char *kind)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  json_object *units = mg_json_member (j, "units");

  for (gsize i = 0; i < json_object_array_length (units); i++)
    {
      json_object *u = json_object_array_get_idx (units, i);
      if (g_strcmp0 (json_object_get_string (mg_json_member (u, "area")), area) == 0 &&
          g_strcmp0 (json_object_get_string (mg_json_member (u, "unit")), kind) == 0)
        return g_strdup (json_object_get_string (mg_json_member (u, "player")));
    }
  return NULL;
}

static void
assert_unit (MgState *st, const char *area, const char *kind, const char *owner)
{
  g_autofree char *who = unit_at (st, area, kind);
  g_assert_cmpstr (who, ==, owner);
}

static const char *
phase (MgState *st)
{
  static char buf[64];
  g_autoptr(json_object) p = mg_state_pending (st);
  g_strlcpy (buf, json_object_get_string (mg_json_member (p, "phase")), sizeof buf);
  return buf;
}

static MgState *
new_game (json_object *rs, const char * const *players)
{
  g_autoptr(GError) error = NULL;
  MgState *st = mg_rules_lookup ("lamame")->new_state (rs, players, &error);
  g_assert_no_error (error);
  return st;
}

/* Replaces members of the state (units, players' gold…) through from_json: a set-up the test
 * describes. `units` is a JSON list of {"player","unit","area"}; `golds` "Red:15,Blue:3" or NULL. */
static MgState *
with_units (MgState *st, const char *units, const char *golds)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(json_object) j = mg_state_to_json (st);
  g_autoptr(json_object) list = jparse (units);
  g_autoptr(GError) error = NULL;
  json_object *players = mg_json_member (j, "players");
  MgState *out;

  for (gsize i = 0; i < json_object_array_length (list); i++)
    {
      json_object *u = json_object_array_get_idx (list, i);
      json_object_object_add (u, "moved", json_object_new_boolean (FALSE));
      json_object_object_add (u, "fresh", json_object_new_boolean (FALSE));
    }
  json_object_object_add (j, "units", json_object_get (list));
  if (golds != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (golds, ",", -1);
      for (guint k = 0; parts[k]; k++)
        {
          g_auto(GStrv) kv = g_strsplit (parts[k], ":", 2);
          for (gsize i = 0; i < json_object_array_length (players); i++)
            {
              json_object *p = json_object_array_get_idx (players, i);
              if (g_strcmp0 (json_object_get_string (mg_json_member (p, "name")), kv[0]) == 0)
                json_object_object_add (p, "gold", json_object_new_int (atoi (kv[1])));
            }
        }
    }
  out = mg_rules_lookup ("lamame")->from_json (rs, j, &error);
  g_assert_no_error (error);
  mg_state_free (st);
  return out;
}

/* The same state under ruleset `rs` (with_units reads the shipped one): a house rule set again. */
static MgState *
rebind (MgState *st, json_object *rs)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  g_autoptr(GError) error = NULL;
  MgState *out = mg_rules_lookup ("lamame")->from_json (rs, j, &error);

  g_assert_no_error (error);
  mg_state_free (st);
  return out;
}

/* A 3-player game on the sample map at Red's turn in spring, Red start player, with the cards
 * given (Red plays first, then Blue, then Green). Nobody built anything. */
static MgState *
at_turn (json_object *rs, const char *red, const char *blue, const char *green)
{
  MgState *st = new_game (rs, three);

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  PLAY (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":%s}", red);
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":%s}", blue);
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":%s}", green);
  return st;
}

/* ---------------------------------------------------------------- ruleset */

static void
test_ruleset_numbers (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(GError) error = NULL;
  json_object *maps;

  g_assert_true (mg_rules_lookup ("lamame")->check_ruleset (rs, &error));
  g_assert_no_error (error);
  /* "takes 15 gold coins"; supply: Knight x2, Soldier x3, Catapult x2, Camp x3. */
  g_assert_cmpint (json_object_get_int (mg_json_member (rs, "starting_gold")), ==, 15);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "supply"), "knight")), ==, 2);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "supply"), "soldier")), ==, 3);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "supply"), "catapult")), ==, 2);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "supply"), "camp")), ==, 3);
  /* NOTES.md defaults: knight 6, catapult 6, soldier 2, camp 2, marked as defaults. */
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "costs"), "knight")), ==, 6);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "costs"), "catapult")), ==, 6);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "costs"), "soldier")), ==, 2);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (rs, "costs"), "camp")), ==, 2);
  g_assert_true (json_object_get_boolean (mg_json_member (rs, "costs_are_defaults")));
  g_assert_cmpint (json_object_get_int (mg_json_member (rs, "tax")), ==, 3);
  g_assert_cmpint (json_object_array_length (mg_json_member (rs, "seasons")), ==, 4);
  g_assert_cmpint (json_object_get_int (json_object_array_get_idx (mg_json_member (rs, "cards_per_season"), 3)), ==, 2);
  /* Sample maps for 2, 3 and 4 players, labelled as samples. */
  maps = mg_json_member (rs, "maps");
  g_assert_cmpint (json_object_array_length (maps), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      json_object *m = json_object_array_get_idx (maps, i);
      g_assert_cmpint (json_object_get_int (mg_json_member (m, "players")), ==, i + 2);
      g_assert_true (json_object_get_boolean (mg_json_member (m, "sample")));
      g_assert_nonnull (strstr (json_object_get_string (mg_json_member (m, "name")), "Sample"));
    }
}

static void
check_bad (const char *edit_path, const char *edit_json, const char *expect_prefix)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) keys = g_strsplit (edit_path, "/", -1);
  json_object *o = rs;
  guint n = g_strv_length (keys);

  for (guint i = 0; i + 1 < n; i++)
    o = g_ascii_isdigit (keys[i][0]) ? json_object_array_get_idx (o, atoi (keys[i])) : mg_json_member (o, keys[i]);
  if (g_ascii_isdigit (keys[n - 1][0]))
    json_object_array_put_idx (o, atoi (keys[n - 1]), jparse (edit_json));
  else
    json_object_object_add (o, keys[n - 1], jparse (edit_json));
  g_assert_false (mg_rules_lookup ("lamame")->check_ruleset (rs, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  if (!g_str_has_prefix (error->message, expect_prefix))
    g_error ("message \"%s\" does not start with \"%s\"", error->message, expect_prefix);
}

/* An older campaign's ruleset without house_rules plays the shipped defaults. */
static void
test_ruleset_without_house_rules (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(GError) error = NULL;

  const MgGame *game = mg_game_lookup ("lamame");
  json_object *hr = mg_json_member (rs, "house_rules");

  /* The descriptor declares exactly the switches the shipped ruleset holds. */
  g_assert_cmpuint (game->n_house_rules, ==, json_object_object_length (hr));
  for (guint i = 0; i < game->n_house_rules; i++)
    {
      g_assert_nonnull (mg_json_member (hr, game->house_rules[i].key));
      g_assert_true (game->house_rules[i].title[0] && game->house_rules[i].when_on[0] &&
                     game->house_rules[i].when_off[0] && game->house_rules[i].passage[0]);
    }
  json_object_object_del (rs, "house_rules");
  g_assert_true (mg_rules_lookup ("lamame")->check_ruleset (rs, &error));
  g_assert_no_error (error);
}

static void
test_ruleset_bad (void)
{
  check_bad ("costs/knight", "\"x\"", "$.costs.knight:");
  check_bad ("supply/camp", "-1", "$.supply.camp:");
  check_bad ("tax", "3.5", "$.tax:");
  check_bad ("cards_per_season", "[1,1,2]", "$.cards_per_season:");
  check_bad ("guesses/castle", "3", "$.guesses.castle:");
  check_bad ("weigth", "1", "$: unknown field");
  check_bad ("abilities/0/effect", "{\"bonus_gold\":1}", "$.abilities[0].effect: unknown field");
  check_bad ("house_rules/camp_in_mountains", "true", "$.house_rules: unknown field \"camp_in_mountains\"");
  check_bad ("house_rules/fired_catapult_gone", "\"yes\"", "$.house_rules.fired_catapult_gone:");
  check_bad ("house_rules", "[]", "$.house_rules:");
  /* Map 1 (3 players): area 0 is Redkeep; adjacency must go both ways. */
  check_bad ("maps/1/areas/0/adjacent", "[\"Oak Hill\",\"Red Ford\",\"Mill\"]",
             "$.maps[1].areas[0].adjacent[2]: \"Redkeep\" lists \"Mill\" as a neighbour but \"Mill\" does not list \"Redkeep\"");
  check_bad ("maps/1/areas/0/adjacent", "[\"Oak Hill\",\"Nowhere\"]", "$.maps[1].areas[0].adjacent[1]: no area is called");
  check_bad ("maps/1/castles", "[\"Redkeep\",\"Bluekeep\",\"Peak\"]", "$.maps[1].castles[2]: a castle cannot be in the mountains");
  check_bad ("maps/1/castles", "[\"Redkeep\",\"Bluekeep\"]", "$.maps[1].castles:");
  check_bad ("maps/1/areas/1/x", "-5", "$.maps[1].areas[1].x:");
}

/* ---------------------------------------------------------------- set-up and initial build */

static void
test_setup (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) st = new_game (rs, three);
  g_autofree char *s = NULL;

  g_assert_cmpstr (phase (st), ==, "setup");
  /* Two to four players (the rulebook), each named, none a reserved name. */
  {
    static const char * const one[] = { "Red", NULL };
    static const char * const five[] = { "A", "B", "C", "D", "E", NULL };
    static const char * const gm[] = { "Red", "referee", NULL };
    static const char * const twice[] = { "Red", "Red", NULL };
    static const char * const * const bad[] = { one, five, gm, twice };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) error = NULL;
        MgState *none = mg_rules_lookup ("lamame")->new_state (rs, bad[i], &error);

        g_assert_null (none);
        g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
        if (i < 2)
          g_assert_nonnull (strstr (error->message, "2 to 4 players"));
      }
  }
  s = play (st, "{\"type\":\"start\",\"start_player\":\"Blue\"}");
  /* 15 gold each, a soldier in each castle (one of the three of the supply). */
  g_assert_cmpint (gold (st, "Red"), ==, 15);
  g_assert_cmpint (gold (st, "Green"), ==, 15);
  assert_unit (st, "Redkeep", "soldier", "Red");
  assert_unit (st, "Bluekeep", "soldier", "Blue");
  assert_unit (st, "Greenkeep", "soldier", "Green");
  g_assert_cmpint (supply (st, "Red", "soldier"), ==, 2);
  g_assert_cmpint (supply (st, "Red", "knight"), ==, 2);
  g_assert_cmpint (supply (st, "Red", "catapult"), ==, 2);
  g_assert_cmpint (supply (st, "Red", "camp"), ==, 3);
  g_assert_cmpstr (phase (st), ==, "initial_build");
  /* Blue starts. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Oak Hill\"}",
          MG_RULES_ERROR_ILLEGAL, "Blue's turn");
}

static void
test_introductory_build (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) st = new_game (rs, three);

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  /* Knight 6: 15 - 6 = 9; catapult 6: 9 - 6 = 3; soldier 2: 3 - 2 = 1. */
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Redkeep\"}");
  g_assert_cmpint (gold (st, "Red"), ==, 9);
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Oak Hill\"}");
  g_assert_cmpint (gold (st, "Red"), ==, 3);
  /* In the castle or next to it only. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"}",
          MG_RULES_ERROR_ILLEGAL, "castle (Redkeep) or next to it");
  /* One unit of each kind per area. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Redkeep\"}",
          MG_RULES_ERROR_ILLEGAL, "only one unit of each kind per area");
  /* Never a camp in a castle. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Redkeep\"}",
          MG_RULES_ERROR_ILLEGAL, "camp cannot be placed inside a castle");
  /* Not enough gold: a knight costs 6, Red has 3. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Red Ford\"}",
          MG_RULES_ERROR_ILLEGAL, "costs 6 gold");
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Red Ford\"}");
  g_assert_cmpint (gold (st, "Red"), ==, 1);
  /* Camp 2: Red has 1. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Red Ford\"}",
          MG_RULES_ERROR_ILLEGAL, "costs 2 gold");
  refuse (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 1\",\"gold\":1}",
          MG_RULES_ERROR_ILLEGAL, "complete rules");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Blue Meadow\"}");
  g_assert_cmpint (gold (st, "Blue"), ==, 13);
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  g_assert_cmpstr (phase (st), ==, "initial_build");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  g_assert_cmpstr (phase (st), ==, "start_bid");
}

static void
test_complete_build_auction (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) st = new_game (rs, three);
  g_autoptr(json_object) j = NULL;
  g_autofree char *s = NULL;

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\",\"initial_build\":\"complete\","
            "\"abilities\":[\"Ability card 3\",\"Ability card 5\",\"Ability card 7\",\"Ability card 9\"]}");
  /* players + 1 = 4 cards dealt. */
  j = mg_state_to_json (st);
  g_assert_cmpint (json_object_array_length (mg_json_member (j, "auction")), ==, 4);
  refuse (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 3\",\"gold\":0}",
          MG_RULES_ERROR_ILLEGAL, "minimum bid is 1 gold");
  refuse (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 1\",\"gold\":1}",
          MG_RULES_ERROR_ILLEGAL, "not among the special abilities dealt");
  PLAY (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 3\",\"gold\":2}");
  g_assert_cmpint (gold (st, "Red"), ==, 13);
  /* "If there is already a bid then you have to bid higher". */
  refuse (st, "{\"type\":\"bid\",\"player\":\"Blue\",\"ability\":\"Ability card 3\",\"gold\":2}",
          MG_RULES_ERROR_ILLEGAL, "bid higher");
  s = play (st, "{\"type\":\"bid\",\"player\":\"Blue\",\"ability\":\"Ability card 3\",\"gold\":3}");
  /* "the player you outbid immediately retrieves their gold": Red back to 15. */
  g_assert_cmpint (gold (st, "Red"), ==, 15);
  g_assert_cmpint (gold (st, "Blue"), ==, 12);
  g_assert_nonnull (strstr (s, "takes back 2 gold"));
  /* One unit a turn in the complete rules: Green builds, then it is Red's turn again. */
  PLAY (st, "{\"type\":\"build\",\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Green Vale\"}");
  g_assert_cmpint (gold (st, "Green"), ==, 13);
  refuse (st, "{\"type\":\"build\",\"player\":\"Green\",\"unit\":\"camp\",\"area\":\"Green Vale\"}",
          MG_RULES_ERROR_ILLEGAL, "Red's turn");
  PLAY (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 3\",\"gold\":4}");
  g_assert_cmpint (gold (st, "Blue"), ==, 15);
  g_assert_cmpint (gold (st, "Red"), ==, 11);
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  /* Red outbids themselves: 4 comes back, 5 goes on the card: 15 - 5 = 10. */
  PLAY (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 3\",\"gold\":5}");
  g_assert_cmpint (gold (st, "Red"), ==, 10);
  /* Only Red is left: Red plays again; passed players may not re-enter. */
  refuse (st, "{\"type\":\"bid\",\"player\":\"Blue\",\"ability\":\"Ability card 5\",\"gold\":1}",
          MG_RULES_ERROR_ILLEGAL, "Red's turn");
  PLAY (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 5\",\"gold\":1}");
  g_free (s);
  s = play (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  g_assert_cmpstr (phase (st), ==, "start_bid");
  /* Red has both cards; the two unbid are discarded. */
  g_assert_cmpint (gold (st, "Red"), ==, 9);
  g_assert_cmpint (json_object_array_length (mg_json_member (player (st, "Red"), "abilities")), ==, 2);
  g_assert_cmpint (json_object_array_length (mg_json_member (player (st, "Blue"), "abilities")), ==, 0);
  g_assert_nonnull (strstr (s, "Ability card 7 had no bid and is discarded"));
}

/* An ability with bonus income (a referee's card) pays at income. */
static void
test_ability_bonus_income (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st;

  json_object_object_add (json_object_array_get_idx (mg_json_member (rs, "abilities"), 0), "effect",
                          jparse ("{\"bonus_income\":2}"));
  st = new_game (rs, three);
  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\",\"initial_build\":\"complete\"}");
  PLAY (st, "{\"type\":\"bid\",\"player\":\"Red\",\"ability\":\"Ability card 1\",\"gold\":1}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}");
  PLAY (st, "{\"type\":\"cards_at_table\"}");
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Red\",\"cards\":[\"tax\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Green\"}");
  /* Red: 15 - 1 + 3 tax + 2 bonus = 19; Blue 15 + 3 = 18, no camp, no (+1). */
  g_assert_cmpint (gold (st, "Red"), ==, 19);
  g_assert_cmpint (gold (st, "Blue"), ==, 18);
  mg_state_free (st);
}

/* ---------------------------------------------------------------- seasons */

/* Ties "in favour of the original start player and clockwise from there": the holder of the
 * start player card (shipped), or the year's first start player (house rule). */
static void
start_bid_ties (gboolean year_first)
{
  g_autoptr(json_object) rs = ruleset_with ("start_tie_first_start_player", year_first);
  g_autoptr(MgState) st = new_game (rs, three);
  const char *summer = year_first ? "Red" : "Green";
  g_autofree char *s = NULL;

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  /* A bid above the gold held is refused, in both entry forms. */
  refuse (st, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":16}", MG_RULES_ERROR_ILLEGAL, "only 15 gold");
  refuse (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":16,\"Green\":0}}", MG_RULES_ERROR_ILLEGAL, "only 15 gold");
  refuse (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":1}}", MG_RULES_ERROR_BAD_ACTION, "Green");
  /* Blue and Green tie on 3: "in favour of the original start player and clockwise from
   * there": Red is the start player, Blue comes before Green. Only Blue pays. */
  s = play (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":3,\"Green\":3}}");
  g_assert_nonnull (strstr (s, "Blue wins, pays 3"));
  g_assert_cmpint (gold (st, "Blue"), ==, 12);
  g_assert_cmpint (gold (st, "Red"), ==, 15);
  g_assert_cmpint (gold (st, "Green"), ==, 15);
  refuse (st, "{\"type\":\"choose_start\",\"player\":\"Green\",\"start\":\"Green\"}", MG_RULES_ERROR_ILLEGAL,
          "Blue won the bid");
  /* The winner chooses who starts: Green. */
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Blue\",\"start\":\"Green\"}");
  PLAY (st, "{\"type\":\"cards_at_table\"}");
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Green\"}");
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Red\",\"cards\":[\"tax\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Blue\"}");
  /* Summer: Green holds the card; a three-way tie of 0 goes to Green (the holder), or to Red
   * (the year's first start player) by the house rule. The winner pays 0. */
  g_free (s);
  s = play (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
  {
    g_autofree char *want = g_strdup_printf ("%s wins, pays 0", summer);
    g_assert_nonnull (strstr (s, want));
  }
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"%s\",\"start\":\"Blue\"}", summer);
  {
    /* Blue now starts: the order is Blue, Green, Red. */
    g_autoptr(json_object) j = mg_state_to_json (st);
    g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (mg_json_member (j, "order"), 0)), ==, "Blue");
    g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (mg_json_member (j, "order"), 1)), ==, "Green");
  }
  {
    /* Fall: Blue holds the card; Red and Green tie on 1. Clockwise from Blue, Green comes
     * first; from Red (the year's first start player), Red itself. */
    const char *fall = year_first ? "Red" : "Green";
    g_autofree char *want = g_strdup_printf ("%s wins, pays 1", fall);
    PLAY (st, "{\"type\":\"cards_at_table\"}");
    PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}");
    PLAY (st, "{\"type\":\"tax\",\"player\":\"Blue\"}");
    PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}");
    PLAY (st, "{\"type\":\"tax\",\"player\":\"Green\"}");
    PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Red\",\"cards\":[\"tax\"]}");
    PLAY (st, "{\"type\":\"tax\",\"player\":\"Red\"}");
    g_free (s);
    s = play (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":0,\"Green\":1}}");
    g_assert_nonnull (strstr (s, want));
  }
}

static void
test_start_bid_ties (void)
{
  start_bid_ties (FALSE);
  start_bid_ties (TRUE);
}

static void
test_winter_two_cards (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) st = new_game (rs, three);

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  for (guint season = 0; season < 3; season++)
    {
      PLAY (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
      PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}");
      /* One card in spring, summer and fall. */
      refuse (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\",\"build\"]}",
              MG_RULES_ERROR_ILLEGAL, "chooses 1 action card");
      PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\"]}");
      PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}");
      PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}");
      PLAY (st, "{\"type\":\"tax\",\"player\":\"Red\"}");
      PLAY (st, "{\"type\":\"tax\",\"player\":\"Blue\"}");
      PLAY (st, "{\"type\":\"tax\",\"player\":\"Green\"}");
    }
  /* Three taxes: 15 + 9 = 24. */
  g_assert_cmpint (gold (st, "Red"), ==, 24);
  PLAY (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}");
  refuse (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\"]}", MG_RULES_ERROR_ILLEGAL,
          "chooses 2 action cards");
  refuse (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\",\"tax\"]}", MG_RULES_ERROR_ILLEGAL,
          "must differ");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\",\"build\"]}");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\",\"move\"]}");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\",\"move\"]}");
  /* Red chooses the order: Build first; Tax waits until Build is finished. */
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Oak Hill\"}");
  refuse (st, "{\"type\":\"tax\",\"player\":\"Red\"}", MG_RULES_ERROR_ILLEGAL, "finish it before the next");
  refuse (st, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"unit\":\"soldier\",\"to\":\"Mill\"}",
          MG_RULES_ERROR_ILLEGAL, "finish it before the next");
  PLAY (st, "{\"type\":\"end_action\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Red\"}");
  /* 24 - 2 + 3 = 25; Blue's turn now. */
  g_assert_cmpint (gold (st, "Red"), ==, 25);
  refuse (st, "{\"type\":\"tax\",\"player\":\"Red\"}", MG_RULES_ERROR_ILLEGAL, "Blue's turn");
}

/* ---------------------------------------------------------------- attacks */

static void
test_attack_guess_wrong_and_right (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"move\"]", "[\"tax\"]");
  g_autofree char *s = NULL;

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                        "{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Westmarsh\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"North Pass\"}]", NULL);
  /* Moving into an enemy area needs an attack. */
  refuse (st, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"soldier\",\"to\":\"Westmarsh\"}",
          MG_RULES_ERROR_ILLEGAL, "attack it first");
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"soldier\",\"to\":\"Westmarsh\"}");
  /* Gold: at least 1, at most what Red holds (15). */
  refuse (st, "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":0}", MG_RULES_ERROR_ILLEGAL, "at least 1 gold");
  refuse (st, "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":16}", MG_RULES_ERROR_ILLEGAL, "only 15 gold");
  /* 1 guess against a soldier outside castles and mountains. */
  refuse (st, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1,2]}", MG_RULES_ERROR_ILLEGAL, "1 guess");
  refuse (st, "{\"type\":\"guess\",\"player\":\"Red\",\"guesses\":[1]}", MG_RULES_ERROR_ILLEGAL, "Blue is the defender");
  /* Wrong guess: the defender is destroyed, the attacker moves in; the gold is spent. */
  s = play (st, "{\"type\":\"reveal_attack\",\"gold\":3,\"guesses\":[2]}");
  g_assert_cmpint (gold (st, "Red"), ==, 12);
  assert_unit (st, "Westmarsh", "soldier", "Red");
  assert_unit (st, "Mill", "soldier", NULL);
  g_assert_cmpint (supply (st, "Blue", "soldier"), ==, 3);
  /* The soldier has gone its one area. */
  refuse (st, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Westmarsh\",\"unit\":\"soldier\",\"to\":\"Green Vale\"}",
          MG_RULES_ERROR_ILLEGAL, "one area a turn");
  /* Right guess: the attacking knight is lost; the gold is spent all the same. */
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"unit\":\"knight\",\"to\":\"North Pass\"}");
  PLAY (st, "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":4}");
  PLAY (st, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[4]}");
  g_assert_cmpint (gold (st, "Red"), ==, 8);
  assert_unit (st, "Oak Hill", "knight", NULL);
  assert_unit (st, "North Pass", "soldier", "Blue");
  g_assert_cmpint (supply (st, "Red", "knight"), ==, 3);
  mg_state_free (st);
}

static void
test_attack_order_and_captures (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  g_autoptr(json_object) p = NULL;

  /* Blue holds Market with a knight, a soldier, a camp and a catapult. */
  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"North Pass\"},"
                        "{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Market\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Market\"},"
                        "{\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Market\"},"
                        "{\"player\":\"Blue\",\"unit\":\"catapult\",\"area\":\"Market\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"}]", NULL);
  /* Knights never into mountains. */
  refuse (st, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"North Pass\",\"unit\":\"knight\",\"to\":\"Peak\"}",
          MG_RULES_ERROR_ILLEGAL, "mountains");
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"North Pass\",\"unit\":\"knight\",\"to\":\"Bluewater\"}");
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":1,\"guesses\":[2]}");
  assert_unit (st, "Bluewater", "knight", "Red");
  /* Soldier first, then knight, then camp. */
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Bluewater\",\"unit\":\"knight\",\"to\":\"Market\"}");
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "attack"), "target")), ==, "soldier");
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":1,\"guesses\":[2]}");
  assert_unit (st, "Market", "soldier", NULL);
  assert_unit (st, "Market", "knight", "Blue");
  g_clear_pointer (&p, json_object_put);
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "attack"), "target")), ==, "knight");
  /* Red cannot act otherwise while the attack is under way. */
  refuse (st, "{\"type\":\"end_action\",\"player\":\"Red\"}", MG_RULES_ERROR_ILLEGAL, "attack is under way");
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":1,\"guesses\":[3]}");
  g_clear_pointer (&p, json_object_put);
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "attack"), "target")), ==, "camp");
  /* The camp is captured and swapped for one of Red's: catapult taken for free, Red moves in. */
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":1,\"guesses\":[2]}");
  assert_unit (st, "Market", "camp", "Red");
  assert_unit (st, "Market", "catapult", "Red");
  assert_unit (st, "Market", "knight", "Red");
  g_assert_cmpint (supply (st, "Red", "camp"), ==, 2);
  g_assert_cmpint (supply (st, "Red", "catapult"), ==, 1);
  g_assert_cmpint (supply (st, "Blue", "camp"), ==, 4);
  /* Four rounds of 1 gold: 15 - 4 = 11. */
  g_assert_cmpint (gold (st, "Red"), ==, 11);
  /* A captured catapult cannot fire that turn. */
  refuse (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Market\",\"to\":\"Blue Meadow\"}",
          MG_RULES_ERROR_ILLEGAL, "cannot fire");
  mg_state_free (st);
}

static void
test_capture_without_supply (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st;
  g_autofree char *s = NULL;

  /* Red has no camp and no catapult left in supply. */
  json_object_object_add (mg_json_member (rs, "supply"), "camp", json_object_new_int (0));
  json_object_object_add (mg_json_member (rs, "supply"), "catapult", json_object_new_int (0));
  st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                        "{\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Westmarsh\"},"
                        "{\"player\":\"Blue\",\"unit\":\"catapult\",\"area\":\"Westmarsh\"}]", NULL);
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"soldier\",\"to\":\"Westmarsh\"}");
  s = play (st, "{\"type\":\"reveal_attack\",\"gold\":2,\"guesses\":[1]}");
  assert_unit (st, "Westmarsh", "camp", NULL);
  assert_unit (st, "Westmarsh", "catapult", NULL);
  assert_unit (st, "Westmarsh", "soldier", "Red");
  g_assert_nonnull (strstr (s, "no camp in supply"));
  mg_state_free (st);
}

static void
test_free_catapult (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");

  /* A lone catapult never defends: taken without gold. */
  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                        "{\"player\":\"Blue\",\"unit\":\"catapult\",\"area\":\"Westmarsh\"}]", NULL);
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"soldier\",\"to\":\"Westmarsh\"}");
  g_assert_cmpint (gold (st, "Red"), ==, 15);
  assert_unit (st, "Westmarsh", "catapult", "Red");
  assert_unit (st, "Westmarsh", "soldier", "Red");
  g_assert_cmpint (supply (st, "Red", "catapult"), ==, 1);
  g_assert_cmpint (supply (st, "Blue", "catapult"), ==, 3);
  mg_state_free (st);
}

static void
test_castle_defenders_then_garrison (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  g_autoptr(json_object) p = NULL;
  g_autofree char *s = NULL;

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Bluewater\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"}]", NULL);
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Bluewater\",\"unit\":\"knight\",\"to\":\"Bluekeep\"}");
  /* The defender gets 2 guesses at a castle. */
  refuse (st, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1]}", MG_RULES_ERROR_ILLEGAL, "2 guesses");
  refuse (st, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1,1]}", MG_RULES_ERROR_ILLEGAL, "must differ");
  PLAY (st, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1,2]}");
  PLAY (st, "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":3}");
  assert_unit (st, "Bluekeep", "soldier", NULL);
  /* Then the permanent garrison, 2 guesses again. */
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "attack"), "target")), ==, "garrison");
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (p, "attack"), "guesses_allowed")), ==, 2);
  s = play (st, "{\"type\":\"reveal_attack\",\"gold\":5,\"guesses\":[4,6]}");
  /* The castle falls: the game ends at once, its taker wins. 15 - 3 - 5 = 7. */
  g_assert_cmpstr (phase (st), ==, "over");
  g_assert_cmpint (gold (st, "Red"), ==, 7);
  g_clear_pointer (&p, json_object_put);
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "result"), "winner")), ==, "Red");
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "result"), "reason")), ==, "castle");
  g_assert_nonnull (strstr (s, "castle Bluekeep falls"));
  refuse (st, "{\"type\":\"end_action\",\"player\":\"Red\"}", MG_RULES_ERROR_GAME_OVER, "over");
  mg_state_free (st);
}

/* "A defending soldier in mountains gets 2 guesses"; a camp there: 2 by the shipped house rule
 * ("2 … if defending a castle or mountain"), 1 with it off. */
static void
mountain_defence (gboolean camp_two)
{
  g_autoptr(json_object) rs = ruleset_with ("camp_mountain_two_guesses", camp_two);
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  g_autoptr(json_object) p = NULL;

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                        "{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"North Pass\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Peak\"},"
                        "{\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Peak\"}]", NULL);
  st = rebind (st, rs);
  /* Knights cannot attack into mountains. */
  refuse (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"North Pass\",\"unit\":\"knight\",\"to\":\"Peak\"}",
          MG_RULES_ERROR_ILLEGAL, "mountains");
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"soldier\",\"to\":\"Peak\"}");
  p = mg_state_to_json (st);
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (p, "attack"), "guesses_allowed")), ==, 2);
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":3,\"guesses\":[1,2]}");
  g_clear_pointer (&p, json_object_put);
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "attack"), "target")), ==, "camp");
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (p, "attack"), "guesses_allowed")), ==, camp_two ? 2 : 1);
  if (camp_two)
    refuse (st, "{\"type\":\"reveal_attack\",\"gold\":2,\"guesses\":[1]}", MG_RULES_ERROR_ILLEGAL, "2 guesses");
  else
    refuse (st, "{\"type\":\"reveal_attack\",\"gold\":2,\"guesses\":[1,3]}", MG_RULES_ERROR_ILLEGAL, "1 guess");
  /* Red withdraws: the soldier stays on Mill, the camp stays Blue's. */
  PLAY (st, "{\"type\":\"withdraw\",\"player\":\"Red\"}");
  assert_unit (st, "Mill", "soldier", "Red");
  assert_unit (st, "Peak", "camp", "Blue");
  mg_state_free (st);
}

static void
test_soldier_in_mountains_two_guesses (void)
{
  mountain_defence (TRUE);
  mountain_defence (FALSE);
}

/* An attacker left with no gold between rounds can only withdraw: pending() waits for
 * "withdraw" and says so, legal_actions offers nothing else, gold and guesses are refused. */
static void
test_attack_broke_only_withdraw (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  g_autoptr(json_object) p = NULL, la = NULL;
  json_object *w;

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"North Pass\"},"
                        "{\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"North Pass\"}]", "Red:3");
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"unit\":\"knight\",\"to\":\"North Pass\"}");
  /* All 3 gold against the soldier; Blue guesses 1: wrong, the soldier falls, the camp is next. */
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":3,\"guesses\":[1]}");
  g_assert_cmpint (gold (st, "Red"), ==, 0);
  p = mg_state_pending (st);
  w = mg_json_member (p, "waiting");
  g_assert_cmpuint (json_object_array_length (w), ==, 1);
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (w, 0), "seat")), ==, "Red");
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (w, 0), "for")), ==, "withdraw");
  g_assert_nonnull (strstr (json_object_get_string (mg_json_member (p, "text")), "can only withdraw"));
  la = mg_state_legal_actions (st, "*");
  g_assert_cmpuint (json_object_array_length (la), ==, 1);
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (la, 0), "type")), ==, "withdraw");
  refuse (st, "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":1}", MG_RULES_ERROR_ILLEGAL, "only choice is to withdraw");
  refuse (st, "{\"type\":\"reveal_attack\",\"gold\":1,\"guesses\":[1]}", MG_RULES_ERROR_ILLEGAL, "only choice is to withdraw");
  refuse (st, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1]}", MG_RULES_ERROR_ILLEGAL, "must withdraw");
  PLAY (st, "{\"type\":\"withdraw\",\"player\":\"Red\"}");
  assert_unit (st, "Oak Hill", "knight", "Red");
  assert_unit (st, "North Pass", "camp", "Blue");
  mg_state_free (st);
}

/* ---------------------------------------------------------------- catapults */

static void
test_catapults (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Oak Hill\"},"
                        "{\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Peak\"},"
                        "{\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Red Ford\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"},"
                        "{\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Bluewater\"},"
                        "{\"player\":\"Blue\",\"unit\":\"catapult\",\"area\":\"Bluewater\"},"
                        "{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Mill\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Green Vale\"}]", NULL);
  /* Range 1: Oak Hill to Bluewater is 2 areas (North Pass between). */
  refuse (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"to\":\"Bluewater\"}",
          MG_RULES_ERROR_ILLEGAL, "reaches 1 area");
  /* Never into mountains. */
  refuse (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"to\":\"Peak\"}",
          MG_RULES_ERROR_ILLEGAL, "into mountains");
  /* From mountains, +1: Peak to Bluewater is 2 (North Pass). Everything there is destroyed,
   * camps and catapults too: nothing is captured. The catapult is used. */
  PLAY (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Peak\",\"to\":\"Bluewater\"}");
  assert_unit (st, "Bluewater", "soldier", NULL);
  assert_unit (st, "Bluewater", "camp", NULL);
  assert_unit (st, "Bluewater", "catapult", NULL);
  assert_unit (st, "Peak", "catapult", NULL);
  g_assert_cmpint (gold (st, "Red"), ==, 15);
  /* Range 1 into the next area. */
  PLAY (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"to\":\"Mill\"}");
  assert_unit (st, "Mill", "knight", NULL);
  /* Peak to Greenkeep is 2 but Peak's catapult is gone; Red Ford cannot reach it (3). */
  refuse (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Red Ford\",\"to\":\"Greenkeep\"}",
          MG_RULES_ERROR_ILLEGAL, "out of range");
  mg_state_free (st);
}

/* "Catapults can only be used once": the fired catapult is out of the game (shipped house
 * rule) or goes back to its owner's supply (off); the units it destroyed go back either way. */
static void
fired_catapult (gboolean gone)
{
  g_autoptr(json_object) rs = ruleset_with ("fired_catapult_gone", gone);
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Oak Hill\"},"
                        "{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Mill\"}]", NULL);
  st = rebind (st, rs);
  g_assert_cmpint (supply (st, "Red", "catapult"), ==, 2);
  g_assert_cmpint (supply (st, "Blue", "knight"), ==, 2);
  PLAY (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"to\":\"Mill\"}");
  assert_unit (st, "Oak Hill", "catapult", NULL);
  assert_unit (st, "Mill", "knight", NULL);
  g_assert_cmpint (supply (st, "Red", "catapult"), ==, gone ? 2 : 3);
  g_assert_cmpint (supply (st, "Blue", "knight"), ==, 3);
  mg_state_free (st);
}

static void
test_fired_catapult (void)
{
  fired_catapult (TRUE);
  fired_catapult (FALSE);
}

static void
test_catapult_at_castle (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  g_autoptr(json_object) p = NULL;

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Green Vale\"},"
                        "{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Stonebridge\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"},"
                        "{\"player\":\"Green\",\"unit\":\"knight\",\"area\":\"Greenkeep\"}]", NULL);
  PLAY (st, "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Green Vale\",\"to\":\"Greenkeep\"}");
  /* Only the units in the castle: the garrison still defends, 2 guesses. */
  assert_unit (st, "Greenkeep", "soldier", NULL);
  assert_unit (st, "Greenkeep", "knight", NULL);
  refuse (st, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Stonebridge\",\"unit\":\"knight\",\"to\":\"Greenkeep\"}",
          MG_RULES_ERROR_ILLEGAL, "attack it first");
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Stonebridge\",\"unit\":\"knight\",\"to\":\"Greenkeep\"}");
  p = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (p, "attack"), "target")), ==, "garrison");
  g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (p, "attack"), "guesses_allowed")), ==, 2);
  mg_state_free (st);
}

/* ---------------------------------------------------------------- build and area limits */

static void
test_build_and_limits (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"build\"]", "[\"move\"]", "[\"tax\"]");

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Redkeep\"},"
                        "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Westmarsh\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Red Ford\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                        "{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Market\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"}]", NULL);
  /* Next to the castle unless an enemy holds it. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Red Ford\"}",
          MG_RULES_ERROR_ILLEGAL, "only one player may have units in an area");
  /* Not far away where Red has nothing. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Mill\"}",
          MG_RULES_ERROR_ILLEGAL, "only in their castle, next to it, or where they have units");
  /* Where Red already has a unit: yes (camp 2 gold). */
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Westmarsh\"}");
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"}");
  g_assert_cmpint (gold (st, "Red"), ==, 7);
  /* 15 - 2 - 6 = 7. One camp per area. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Westmarsh\"}",
          MG_RULES_ERROR_ILLEGAL, "only one unit of each kind per area");
  mg_state_free (st);
}

static void
test_build_supply_and_knight_limits (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"build\"]", "[\"move\"]", "[\"tax\"]");

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Redkeep\"},"
                        "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Peak\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                        "{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Market\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"}]", "Red:40");
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Peak\"}",
          MG_RULES_ERROR_ILLEGAL, "Knights cannot go into the mountains");
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Redkeep\"}");
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"}");
  /* The supply holds 2 knights. */
  refuse (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Red Ford\"}",
          MG_RULES_ERROR_ILLEGAL, "no knight left in their supply");
  g_assert_cmpint (gold (st, "Red"), ==, 28);
  PLAY (st, "{\"type\":\"end_action\",\"player\":\"Red\"}");
  /* Blue: a knight cannot step into an area with Blue's own knight ("1 unit of each kind"). */
  st = with_units (st, "[{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Market\"},"
                        "{\"player\":\"Blue\",\"unit\":\"knight\",\"area\":\"Bluewater\"},"
                        "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Eastwood\"}]", NULL);
  refuse (st, "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"Bluewater\",\"unit\":\"knight\",\"to\":\"Market\"}",
          MG_RULES_ERROR_ILLEGAL, "only one unit of each kind");
  /* A knight keeps moving: Market, Blue Meadow, Bluekeep, Bluewater… */
  PLAY (st, "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"Market\",\"unit\":\"knight\",\"to\":\"Blue Meadow\"}");
  PLAY (st, "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"Blue Meadow\",\"unit\":\"knight\",\"to\":\"Bluekeep\"}");
  PLAY (st, "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"Bluekeep\",\"unit\":\"knight\",\"to\":\"Blue Meadow\"}");
  /* Moving into or through an enemy area needs an attack first. */
  refuse (st, "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"Blue Meadow\",\"unit\":\"knight\",\"to\":\"Eastwood\"}",
          MG_RULES_ERROR_ILLEGAL, "attack it first");
  mg_state_free (st);
}

/* ---------------------------------------------------------------- endings */

static MgState *
to_winter_last (json_object *rs, const char *units, const char *golds)
{
  MgState *st = new_game (rs, three);

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  for (guint season = 0; season < 3; season++)
    {
      PLAY (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
      PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}");
      PLAY (st, "{\"type\":\"cards_at_table\"}");
      for (guint i = 0; i < 3; i++)
        {
          PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"%s\",\"cards\":[\"build\"]}", three[i]);
          PLAY (st, "{\"type\":\"end_action\",\"player\":\"%s\"}", three[i]);
        }
    }
  PLAY (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0,\"Green\":0}}");
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"build\",\"tax\"]}");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"build\",\"tax\"]}");
  st = with_units (st, units, golds);
  return st;
}

/* Winter with Build and Tax each: the first `n` players give both cards up. Returns the last summary. */
static char *
winter_pass (MgState *st, guint n)
{
  char *last = NULL;

  for (guint i = 0; i < n; i++)
    for (guint c = 0; c < 2; c++)
      {
        g_free (last);
        last = play (st, "{\"type\":\"end_action\",\"player\":\"%s\",\"card\":\"%s\"}", three[i], c ? "tax" : "build");
      }
  return last;
}

static void
test_end_most_areas_ties (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st;
  g_autoptr(json_object) j = NULL;
  json_object *rk;
  g_autofree char *s = NULL;

  /* Red 2 areas (castle excluded, mountains included), Blue 2, Green 1; Red and Blue have 5
   * gold: the tie goes to the earlier in the final turn order (Red starts). */
  st = to_winter_last (rs, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Redkeep\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Peak\"},"
                            "{\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Mill\"},"
                            "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"},"
                            "{\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Market\"},"
                            "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Green Vale\"}]",
                       "Red:5,Blue:5,Green:20");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"build\",\"tax\"]}");
  s = winter_pass (st, 3);
  /* Winter income: Red Peak (+1) = +1 → 6; Blue camp +1 → 6. Tie on 2 areas and 6 gold: Red first. */
  g_assert_cmpstr (phase (st), ==, "over");
  j = mg_state_to_json (st);
  rk = mg_json_member (mg_json_member (j, "result"), "ranking");
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (rk, 0), "player")), ==, "Red");
  g_assert_cmpint (json_object_get_int (mg_json_member (json_object_array_get_idx (rk, 0), "areas")), ==, 2);
  g_assert_cmpint (json_object_get_int (mg_json_member (json_object_array_get_idx (rk, 0), "gold")), ==, 6);
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (rk, 1), "player")), ==, "Blue");
  g_assert_cmpint (json_object_get_int (mg_json_member (json_object_array_get_idx (rk, 1), "gold")), ==, 6);
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (rk, 2), "player")), ==, "Green");
  g_assert_nonnull (strstr (s, "Red holds the most areas"));
  mg_state_free (st);

  /* Same areas, Blue richer: Blue wins on gold. */
  st = to_winter_last (rs, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                            "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"},"
                            "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Green Vale\"}]",
                       "Red:5,Blue:6,Green:5");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"build\",\"tax\"]}");
  g_free (winter_pass (st, 3));
  g_clear_pointer (&j, json_object_put);
  j = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (j, "result"), "winner")), ==, "Blue");
  mg_state_free (st);
}

static void
test_cannot_win_any_more (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st;
  g_autoptr(json_object) j = NULL;
  g_autofree char *s = NULL;

  /* Green, last in winter, holds nothing outside its castle and has 0 gold: with tax 3 it could
   * build one soldier (2) at most, and move 1 soldier: 2 areas at best; Red holds 6 and Green
   * could take at most 3 of them (3 gold): Red keeps 3 > 2. Green cannot win: no turn. */
  st = to_winter_last (rs, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Oak Hill\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Red Ford\"},"
                            "{\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Mill\"},"
                            "{\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Westmarsh\"},"
                            "{\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"North Pass\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Peak\"},"
                            "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                            "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"}]",
                       "Red:5,Blue:5,Green:0");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"move\",\"tax\"]}");
  s = winter_pass (st, 2);
  g_assert_nonnull (strstr (s, "Green cannot win any more"));
  g_assert_cmpstr (phase (st), ==, "over");
  /* Green's cards were never revealed. */
  j = mg_state_view (st, MG_SEAT_PUBLIC);
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (
                     mg_json_member (json_object_array_get_idx (mg_json_member (j, "players"), 2), "cards"), 0)), ==, "hidden");
  mg_state_free (st);

  /* With a knight that can ride to Redkeep, Green could still take a castle: it plays. */
  st = to_winter_last (rs, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Oak Hill\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Red Ford\"},"
                            "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                            "{\"player\":\"Green\",\"unit\":\"knight\",\"area\":\"Greenkeep\"}]",
                       "Red:5,Blue:5,Green:0");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"move\",\"tax\"]}");
  g_free (winter_pass (st, 2));
  g_assert_cmpstr (phase (st), ==, "actions");
  mg_state_free (st);
}

/* Issue 34's case, by path and gold: Red holds 4 areas; Green, last in winter, has 0 gold, only
 * its castle soldier, one free area next to its castle (Green Vale; Stonebridge is Red's) and no
 * knight. Its best cards: Tax and Move/Attack, 3 gold, the soldier takes Stonebridge (Green 1,
 * Red 3); Tax and Build, one unit on Green Vale (1); Build and Move, 0 gold, one step (1). Red
 * keeps at least 3 > 1: Green is skipped. (Counting a coin as an area of Red's, 4 - 3 = 1 < 2,
 * Green used to play.) With Red on Stonebridge alone, taking it wins: Green plays. */
static void
test_cannot_win_by_reach (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st;
  g_autofree char *s = NULL;

  st = to_winter_last (rs, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Stonebridge\"},"
                            "{\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Eastwood\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Market\"},"
                            "{\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Peak\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Redkeep\"},"
                            "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                            "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"}]",
                       "Red:5,Blue:5,Green:0");
  PLAY (st, "{\"type\":\"cards_at_table\"}");
  {
    /* The same, but Green holds a special ability: what it allows is the referee's to apply, so
     * Green plays. */
    g_autoptr(json_object) j = mg_state_to_json (st);
    g_autoptr(json_object) abilities = json_object_new_array ();
    g_autoptr(GError) error = NULL;
    g_autoptr(MgState) with = NULL;
    json_object_array_add (abilities, json_object_new_string ("Ability card 1"));
    json_object_object_add (json_object_array_get_idx (mg_json_member (j, "players"), 2), "abilities",
                            json_object_get (abilities));
    with = mg_rules_lookup ("lamame")->from_json (rs, j, &error);
    g_assert_no_error (error);
    g_free (winter_pass (with, 2));
    g_assert_cmpstr (phase (with), ==, "actions");
  }
  s = winter_pass (st, 2);
  g_assert_nonnull (strstr (s, "Green cannot win any more"));
  g_assert_cmpstr (phase (st), ==, "over");
  mg_state_free (st);

  st = to_winter_last (rs, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Stonebridge\"},"
                            "{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Redkeep\"},"
                            "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluekeep\"},"
                            "{\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Greenkeep\"}]",
                       "Red:5,Blue:5,Green:0");
  PLAY (st, "{\"type\":\"cards_at_table\"}");
  g_free (winter_pass (st, 2));
  g_assert_cmpstr (phase (st), ==, "actions");
  /* And it does win: Tax, then the castle soldier takes Stonebridge (Green 1, Red 0, Blue 0). */
  PLAY (st, "{\"type\":\"reveal_cards\",\"player\":\"Green\",\"cards\":[\"tax\",\"move\"]}");
  PLAY (st, "{\"type\":\"tax\",\"player\":\"Green\"}");
  PLAY (st, "{\"type\":\"attack\",\"player\":\"Green\",\"from\":\"Greenkeep\",\"unit\":\"soldier\",\"to\":\"Stonebridge\"}");
  PLAY (st, "{\"type\":\"reveal_attack\",\"gold\":1,\"guesses\":[2]}");
  PLAY (st, "{\"type\":\"end_action\",\"player\":\"Green\"}");
  {
    g_autoptr(json_object) j = mg_state_to_json (st);
    g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (j, "result"), "winner")), ==, "Green");
  }
  mg_state_free (st);
}

/* ---------------------------------------------------------------- secrets */

static void
assert_no_value (json_object *events, const char *key, gint value)
{
  /* A seatless event never carries the secret's value. */
  for (gsize i = 0; i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      json_object *v = mg_json_member (e, key);
      if (mg_json_member (e, "seat") != NULL)
        continue;
      g_assert_true (v == NULL || !json_object_is_type (v, json_type_int) || json_object_get_int (v) != value);
    }
}

static json_object *
apply_text (MgState *st, const char *text, char **summary)
{
  g_autoptr(json_object) a = jparse (text);
  g_autoptr(GError) error = NULL;
  json_object *ev = mg_state_apply (st, a, NULL, summary, &error);
  g_assert_no_error (error);
  return ev;
}

static void
test_secrets_redacted (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) st = new_game (rs, three);
  g_autoptr(json_object) ev = NULL, v = NULL;
  g_autofree char *s = NULL;

  PLAY (st, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Red\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Blue\"}");
  PLAY (st, "{\"type\":\"pass\",\"player\":\"Green\"}");
  ev = apply_text (st, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":7}", &s);
  assert_no_value (ev, "gold", 7);
  g_assert_null (strstr (s, "7"));
  /* Red sees their own bid; Blue and the public see only that Red has bid. */
  v = mg_state_view (st, "Red");
  g_assert_cmpint (json_object_get_int (mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 0), "start_bid")), ==, 7);
  g_clear_pointer (&v, json_object_put);
  v = mg_state_view (st, "Blue");
  g_assert_true (json_object_is_type (mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 0), "start_bid"), json_type_boolean));
  g_clear_pointer (&v, json_object_put);
  v = mg_state_view (st, MG_SEAT_PUBLIC);
  g_assert_true (json_object_is_type (mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 0), "start_bid"), json_type_boolean));
  g_assert_null (strstr (json_object_to_json_string (v), ":7"));
  /* Secrets are not mixed with the table's reveal in one step. */
  refuse (st, "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":1,\"Green\":1}}", MG_RULES_ERROR_ILLEGAL, "in secret");
  PLAY (st, "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":1}");
  g_free (s);
  s = play (st, "{\"type\":\"start_bid\",\"player\":\"Green\",\"gold\":0}");
  /* All in: revealed together. */
  g_assert_nonnull (strstr (s, "Red 7, Blue 1, Green 0"));
  g_assert_cmpint (gold (st, "Red"), ==, 8);
  PLAY (st, "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Blue\"}");
  g_clear_pointer (&ev, json_object_put);
  g_free (s);
  ev = apply_text (st, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"build\"]}", &s);
  g_assert_null (strstr (s, "Build"));
  for (gsize i = 0; i < json_object_array_length (ev); i++)
    if (mg_json_member (json_object_array_get_idx (ev, i), "seat") == NULL)
      g_assert_null (mg_json_member (json_object_array_get_idx (ev, i), "cards"));
  g_clear_pointer (&v, json_object_put);
  v = mg_state_view (st, "Green");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (
                     mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 0), "cards"), 0)), ==, "hidden");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"move\"]}");
  PLAY (st, "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}");
  /* Blue plays first: Blue's card is revealed, Red's is still hidden until Red's turn. */
  g_clear_pointer (&v, json_object_put);
  v = mg_state_view (st, "Green");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (
                     mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 1), "cards"), 0)), ==, "move");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (
                     mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 0), "cards"), 0)), ==, "hidden");
  g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (
                     mg_json_member (json_object_array_get_idx (mg_json_member (v, "players"), 2), "cards"), 0)), ==, "tax");
  /* Attack gold and guesses, on a set-up. */
  {
    MgState *st2 = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
    g_autoptr(json_object) ev2 = NULL, v2 = NULL;
    g_autofree char *s2 = NULL;

    st2 = with_units (st2, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                           "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Westmarsh\"}]", NULL);
    PLAY (st2, "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"soldier\",\"to\":\"Westmarsh\"}");
    ev2 = apply_text (st2, "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":9}", &s2);
    assert_no_value (ev2, "gold", 9);
    g_assert_null (strstr (s2, "9"));
    v2 = mg_state_view (st2, "Blue");
    g_assert_true (json_object_is_type (mg_json_member (mg_json_member (v2, "attack"), "gold"), json_type_boolean));
    g_clear_pointer (&v2, json_object_put);
    v2 = mg_state_view (st2, "Red");
    g_assert_cmpint (json_object_get_int (mg_json_member (mg_json_member (v2, "attack"), "gold")), ==, 9);
    refuse (st2, "{\"type\":\"reveal_attack\",\"gold\":2,\"guesses\":[1]}", MG_RULES_ERROR_ILLEGAL, "in secret");
    g_clear_pointer (&ev2, json_object_put);
    g_free (s2);
    ev2 = apply_text (st2, "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[9]}", &s2);
    /* Revealed together: right guess, Red's soldier lost, 15 - 9 = 6. */
    g_assert_nonnull (strstr (s2, "9 gold"));
    g_assert_cmpint (gold (st2, "Red"), ==, 6);
    mg_state_free (st2);
  }
}

/* ---------------------------------------------------------------- bad input, maps, legal actions */

static void
test_bad_actions (void)
{
  static const char mine[] =
    "{\"type\":\"start\",\"map\":{\"name\":\"Mine\",\"players\":3,\"areas\":["
    "{\"name\":\"A\",\"x\":1,\"y\":1,\"adjacent\":[\"M\"]},{\"name\":\"B\",\"x\":2,\"y\":2,\"adjacent\":[\"M\"]},"
    "{\"name\":\"C\",\"x\":3,\"y\":3,\"adjacent\":[\"M\"]},"
    "{\"name\":\"M\",\"x\":4,\"y\":4,\"adjacent\":[\"A\",\"B\",\"C\"],\"plus_one\":true}],\"castles\":[\"A\",\"B\",\"C\"]}}";
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) st = new_game (rs, three);

  refuse (st, "[1]", MG_RULES_ERROR_BAD_ACTION, "\"type\"");
  refuse (st, "{\"type\":\"fly\"}", MG_RULES_ERROR_BAD_ACTION, "Unknown action");
  refuse (st, "{\"type\":\"start\",\"start_player\":\"Purple\"}", MG_RULES_ERROR_BAD_ACTION, "not a player");
  refuse (st, "{\"type\":\"start\",\"startplayer\":\"Red\"}", MG_RULES_ERROR_BAD_ACTION, "unknown field");
  refuse (st, "{\"type\":\"tax\",\"player\":\"Red\"}", MG_RULES_ERROR_ILLEGAL, "action phase");
  /* A map drawn by the referee: checked like the ruleset's. */
  refuse (st, "{\"type\":\"start\",\"map\":{\"name\":\"Mine\",\"players\":3,\"areas\":[{\"name\":\"A\",\"x\":1,\"y\":1,\"adjacent\":[\"B\"]},"
              "{\"name\":\"B\",\"x\":2,\"y\":2,\"adjacent\":[]}],\"castles\":[\"A\",\"B\",\"A\"]}}",
          MG_RULES_ERROR_BAD_ACTION, "map.areas[1].adjacent");
  /* Validated, the drawn map replaces the shared one on a copy only; applied, it is the game's. */
  {
    g_autoptr(json_object) action = jparse (mine);
    g_autofree char *before = dump (st), *after = NULL;
    g_autoptr(json_object) j = NULL;

    g_assert_true (mg_state_validate (st, action, NULL));
    after = dump (st);
    g_assert_cmpstr (before, ==, after);
    PLAY (st, "%s", mine);
    j = mg_state_to_json (st);
    g_assert_cmpstr (json_object_get_string (mg_json_member (mg_json_member (j, "map"), "name")), ==, "Mine");
  }
  assert_unit (st, "C", "soldier", "Green");
}

static void
test_legal_actions (void)
{
  g_autoptr(json_object) rs = ruleset ();
  MgState *st = at_turn (rs, "[\"move\"]", "[\"tax\"]", "[\"tax\"]");
  g_autoptr(json_object) la = NULL;
  gboolean attack = FALSE;

  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Mill\"},"
                        "{\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Westmarsh\"}]", NULL);
  la = mg_state_legal_actions (st, "Red");
  g_assert_cmpint (json_object_array_length (la), >, 0);
  for (gsize i = 0; i < json_object_array_length (la); i++)
    {
      json_object *a = json_object_array_get_idx (la, i);
      g_autoptr(GError) error = NULL;
      g_assert_true (mg_state_validate (st, a, &error));
      g_assert_cmpstr (json_object_get_string (mg_json_member (a, "player")), ==, "Red");
      if (g_strcmp0 (mg_action_type (a), "attack") == 0 &&
          g_strcmp0 (json_object_get_string (mg_json_member (a, "to")), "Westmarsh") == 0)
        attack = TRUE;
      g_assert_cmpstr (mg_action_type (a), !=, "tax");
    }
  g_assert_true (attack);
  g_clear_pointer (&la, json_object_put);
  la = mg_state_legal_actions (st, "Blue");
  g_assert_cmpint (json_object_array_length (la), ==, 0);
  mg_state_free (st);
}

/* Issue 43: legal_actions skips the builds of a kind that the rules refuse whatever the area;
 * every build the rules accept of every player, unit and area is still offered, and only those. */
static guint
assert_builds_offered (const MgState *st)
{
  static const char * const units[] = { "knight", "soldier", "catapult", "camp" };
  g_autoptr(json_object) la = mg_state_legal_actions (st, "*");
  g_autoptr(json_object) view = mg_state_view (st, MG_SEAT_PUBLIC);
  json_object *areas = mg_json_member (mg_json_member (view, "map"), "areas");
  guint accepted = 0, offered = 0;

  g_assert_cmpuint (json_object_array_length (areas), >, 10);
  for (guint p = 0; three[p] != NULL; p++)
    for (guint u = 0; u < G_N_ELEMENTS (units); u++)
      for (gsize a = 0; a < json_object_array_length (areas); a++)
        {
          const char *area = json_object_get_string (mg_json_member (json_object_array_get_idx (areas, a), "name"));
          g_autofree char *text = g_strdup_printf ("{\"type\":\"build\",\"player\":\"%s\",\"unit\":\"%s\",\"area\":\"%s\"}",
                                                   three[p], units[u], area);
          g_autoptr(json_object) build = jparse (text);
          gboolean in = FALSE;

          for (gsize i = 0; i < json_object_array_length (la); i++)
            in = in || json_object_equal (json_object_array_get_idx (la, i), build);
          g_assert_cmpint (in, ==, mg_state_validate (st, build, NULL));
          accepted += in;
        }
  for (gsize i = 0; i < json_object_array_length (la); i++)
    offered += g_strcmp0 (mg_action_type (json_object_array_get_idx (la, i)), "build") == 0;
  g_assert_cmpuint (offered, ==, accepted);
  return accepted;
}

static void
test_legal_builds (void)
{
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(MgState) initial = new_game (rs, three);
  MgState *st;

  PLAY (initial, "{\"type\":\"start\",\"start_player\":\"Red\"}");
  g_assert_cmpuint (assert_builds_offered (initial), >, 0);   /* the initial build: next to the castle */
  st = at_turn (rs, "[\"build\"]", "[\"move\"]", "[\"tax\"]");
  st = with_units (st, "[{\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Westmarsh\"}]", NULL);
  g_assert_cmpuint (assert_builds_offered (st), >, 0);        /* Red's Build card: castle, next to it, own areas */
  PLAY (st, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"}");
  g_assert_cmpuint (assert_builds_offered (st), >, 0);        /* the Build action under way */
  mg_state_free (st);
  st = at_turn (rs, "[\"move\"]", "[\"build\"]", "[\"tax\"]");
  g_assert_cmpuint (assert_builds_offered (st), ==, 0);       /* Red's Move card: no build at all */
  mg_state_free (st);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lamame/ruleset/numbers", test_ruleset_numbers);
  g_test_add_func ("/lamame/ruleset/bad", test_ruleset_bad);
  g_test_add_func ("/lamame/ruleset/without-house-rules", test_ruleset_without_house_rules);
  g_test_add_func ("/lamame/setup", test_setup);
  g_test_add_func ("/lamame/legal-builds", test_legal_builds);
  g_test_add_func ("/lamame/initial-build/introductory", test_introductory_build);
  g_test_add_func ("/lamame/initial-build/complete-auction", test_complete_build_auction);
  g_test_add_func ("/lamame/ability-bonus-income", test_ability_bonus_income);
  g_test_add_func ("/lamame/season/start-bid-ties", test_start_bid_ties);
  g_test_add_func ("/lamame/season/winter-two-cards", test_winter_two_cards);
  g_test_add_func ("/lamame/attack/guess-wrong-and-right", test_attack_guess_wrong_and_right);
  g_test_add_func ("/lamame/attack/order-and-captures", test_attack_order_and_captures);
  g_test_add_func ("/lamame/attack/capture-without-supply", test_capture_without_supply);
  g_test_add_func ("/lamame/attack/free-catapult", test_free_catapult);
  g_test_add_func ("/lamame/attack/castle-then-garrison", test_castle_defenders_then_garrison);
  g_test_add_func ("/lamame/attack/soldier-in-mountains", test_soldier_in_mountains_two_guesses);
  g_test_add_func ("/lamame/attack/broke-only-withdraw", test_attack_broke_only_withdraw);
  g_test_add_func ("/lamame/catapult/range-and-mountains", test_catapults);
  g_test_add_func ("/lamame/catapult/fired-gone-or-back", test_fired_catapult);
  g_test_add_func ("/lamame/catapult/castle", test_catapult_at_castle);
  g_test_add_func ("/lamame/build/where-and-limits", test_build_and_limits);
  g_test_add_func ("/lamame/build/supply-and-knights", test_build_supply_and_knight_limits);
  g_test_add_func ("/lamame/end/most-areas-and-ties", test_end_most_areas_ties);
  g_test_add_func ("/lamame/end/cannot-win", test_cannot_win_any_more);
  g_test_add_func ("/lamame/end/cannot-win-by-reach", test_cannot_win_by_reach);
  g_test_add_func ("/lamame/secrets/redacted", test_secrets_redacted);
  g_test_add_func ("/lamame/bad-actions-and-maps", test_bad_actions);
  g_test_add_func ("/lamame/legal-actions", test_legal_actions);
  return g_test_run ();
}
