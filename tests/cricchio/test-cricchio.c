/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cricchio.c — Cricchio's Mêlée: every piece, Mêlée, the end and the variants, against the rulebook.
 *
 * Board (docs/rules/cricchio.md, shipped ruleset): water f6–i9; walls 3 squares each:
 * South e1 e2 e3 (front e3), West a10 b10 c10 (front c10), North j14 j13 j12 (front j12),
 * East n5 m5 l5 (front l5). Squares a1..n14, South on rank 1 moving up. */
#include <string.h>

#include "cricchio-test-util.h"
#include "mg-cricchio.h"
#include "mg-game.h"

#define ILLEGAL MG_RULES_ERROR_ILLEGAL

static gboolean
has_dest (MgState *st, const char *from, const char *to)
{
  g_autofree char *d = ch_dests (st, from);
  g_auto(GStrv) v = g_strsplit (d, " ", -1);
  return g_strv_contains ((const char * const *) v, to);
}

/* ---------------------------------------------------------------- ruleset */

static void
test_ruleset (void)
{
  const MgRules *rules = mg_rules_lookup ("cricchio");
  g_autoptr(json_object) rs = ch_test_ruleset (NULL);
  g_autoptr(GError) error = NULL;
  json_object *bad = NULL;

  g_assert_nonnull (rules);
  g_assert_cmpuint (rules->min_players, ==, 1);
  g_assert_cmpuint (rules->max_players, ==, 4);
  g_assert_true (rules->check_ruleset (rs, &error));
  g_assert_no_error (error);

  /* A wall is 1 to 4 squares: 5 is refused, and the message names the field. */
  json_object_deep_copy (rs, &bad, NULL);
  json_object_array_put_idx (mg_json_member (mg_json_member (bad, "board"), "wall_lengths"), 1, json_object_new_int (5));
  g_assert_false (rules->check_ruleset (bad, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  g_assert_true (g_str_has_prefix (error->message, "$.board.wall_lengths[1]"));
  g_clear_error (&error);
  g_clear_pointer (&bad, json_object_put);

  json_object_deep_copy (rs, &bad, NULL);
  json_object_object_add (mg_json_member (mg_json_member (bad, "points"), "values"), "navy", json_object_new_string ("five"));
  g_assert_false (rules->check_ruleset (bad, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.points.values.navy"));
  g_clear_error (&error);
  g_clear_pointer (&bad, json_object_put);

  /* House rules: only the game's switches, only true or false; none at all is an older campaign. */
  json_object_deep_copy (rs, &bad, NULL);
  json_object_object_add (mg_json_member (bad, "house_rules"), "flying_navy", json_object_new_boolean (TRUE));
  g_assert_false (rules->check_ruleset (bad, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.house_rules: unknown field \"flying_navy\""));
  g_clear_error (&error);
  g_clear_pointer (&bad, json_object_put);
  json_object_deep_copy (rs, &bad, NULL);
  json_object_object_add (mg_json_member (bad, "house_rules"), "victim_moves_first", json_object_new_int (1));
  g_assert_false (rules->check_ruleset (bad, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.house_rules.victim_moves_first"));
  g_clear_error (&error);
  json_object_object_del (bad, "house_rules");
  g_assert_true (rules->check_ruleset (bad, &error));
  g_assert_no_error (error);
  g_clear_pointer (&bad, json_object_put);
  {
    const MgGame *game = mg_game_lookup ("cricchio");
    json_object *hr = mg_json_member (rs, "house_rules");
    g_assert_cmpuint (game->n_house_rules, ==, json_object_object_length (hr));
    for (guint i = 0; i < game->n_house_rules; i++)
      g_assert_nonnull (mg_json_member (hr, game->house_rules[i].key));
  }

  json_object_deep_copy (rs, &bad, NULL);
  json_object_object_add (bad, "variant", json_object_new_string ("blitz"));
  g_assert_false (rules->check_ruleset (bad, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.variant"));
  g_clear_error (&error);
  g_clear_pointer (&bad, json_object_put);

  json_object_deep_copy (rs, &bad, NULL);
  json_object_array_put_idx (mg_json_member (bad, "start_order"), 4, json_object_new_string ("army"));
  g_assert_false (rules->check_ruleset (bad, &error));
  g_assert_true (g_str_has_prefix (error->message, "$.start_order"));
  g_clear_error (&error);
  g_clear_pointer (&bad, json_object_put);

  /* Variants and numbers of players: Mine Field is for 2, Team for 4, AK for 3. */
  {
    g_autoptr(json_object) mf = ch_test_ruleset ("team");
    const char *three[] = { "A", "B", "C", NULL };
    g_assert_null (rules->new_state (mf, three, &error));
    g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
    g_assert_cmpstr (error->message, ==, "The team variant is for 4 players, not 3.");
    g_clear_error (&error);
  }
  /* The shared players' check: one to four players (one side each), no reserved name, no twice. */
  {
    g_autoptr(json_object) basic = ch_test_ruleset ("basic");
    const char *five[] = { "A", "B", "C", "D", "E", NULL };
    const char *reserved[] = { "Black", "referee", NULL };
    const char *twice[] = { "Black", "Black", NULL };
    g_assert_null (rules->new_state (basic, five, &error));
    g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
    g_assert_nonnull (strstr (error->message, "1 to 4 players, not 5"));
    g_clear_error (&error);
    g_assert_null (rules->new_state (basic, reserved, &error));
    g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
    g_assert_nonnull (strstr (error->message, "reserved"));
    g_clear_error (&error);
    g_assert_null (rules->new_state (basic, twice, &error));
    g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
    g_clear_error (&error);
  }
}

/* ---------------------------------------------------------------- the board */

static void
test_board (void)
{
  MgState *st = ch_test_new ("basic", 4);
  guint8 t[196];
  guint water = 0, wall = 0;
  g_autoptr(json_object) js = mg_state_to_json (st);
  json_object *pieces = mg_json_member (js, "pieces");

  g_assert_true (mg_chess_terrain (st, t));
  for (guint i = 0; i < 196; i++)
    {
      water += t[i] == 1;
      wall += t[i] == 2;
    }
  g_assert_cmpuint (water, ==, 16);   /* "a sixteen square sea in the center" */
  g_assert_cmpuint (wall, ==, 12);    /* "future games favor twelve wall squares" */
  g_assert_cmpuint (t[2 * 14 + 4], ==, 2);   /* e3 */
  g_assert_cmpuint (t[5 * 14 + 5], ==, 1);   /* f6 */
  /* 4 players × 18 pieces = 72 of the game's 96 (the AK variants' fourth set is the rest). */
  g_assert_cmpuint (json_object_array_length (pieces), ==, 72);
  /* Rule 1 from South's left: Army f1 … President j1 … Army n1; West's President on a5,
   * North's on e14, East's on n10 (the same order turned like a pinwheel). */
  {
    const char *want[][3] = { { "f1", "army", "south" }, { "i1", "admiral", "south" }, { "j1", "president", "south" },
                              { "k1", "general", "south" }, { "a5", "president", "west" }, { "a9", "army", "west" },
                              { "e14", "president", "north" }, { "f14", "admiral", "north" },
                              { "n10", "president", "east" }, { "n6", "army", "east" }, { "m6", "marine", "east" } };
    for (guint w = 0; w < G_N_ELEMENTS (want); w++)
      {
        gboolean found = FALSE;
        for (guint i = 0; i < json_object_array_length (pieces); i++)
          {
            json_object *p = json_object_array_get_idx (pieces, i);
            if (strcmp (json_object_get_string (mg_json_member (p, "at")), want[w][0]) == 0)
              {
                g_assert_cmpstr (json_object_get_string (mg_json_member (p, "kind")), ==, want[w][1]);
                g_assert_cmpstr (json_object_get_string (mg_json_member (p, "owner")), ==, want[w][2]);
                found = TRUE;
              }
          }
        g_assert_true (found);
      }
  }
  /* The darkest (Black, South) moves first; clockwise: West, North, East. */
  g_assert_cmpstr (mg_chess_side (st, "Black"), ==, "south");
  g_assert_cmpstr (mg_chess_side (st, "Blue"), ==, "west");
  g_assert_cmpstr (mg_chess_side (st, "White"), ==, "east");
  {
    g_autoptr(json_object) p = mg_state_pending (st);
    g_assert_cmpstr (json_object_get_string (mg_json_member (p, "player")), ==, "Black");
  }
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"j2\",\"to\":\"j3\"}", NULL));
  {
    g_autoptr(json_object) p = mg_state_pending (st);
    g_assert_cmpstr (json_object_get_string (mg_json_member (p, "player")), ==, "Blue");
  }
  mg_state_free (st);
}

/* The start: South's legal moves, counted by hand.
 * Marines: f2 → f3 f4 e3(wall) g3 h4 e2(wall) = 6 (f2→d4 crosses the wall e3); g2 … l2 six each
 * (forward 1 and 2, both diagonals 1 and 2) = 36; m2 → m3 m4 l3 n3 k4 = 5; n2 → n3 n4 m3 l4 = 4.
 * Navies: g1 → f3 h3 (g1→e2 crosses the wall e1; i2 is own) = 2; m1 → l3 n3 = 2.
 * Air Forces: h1 flies over g2 to f3 e4 d5 c6 b7 a8, over i2 to j3 k4 m6 n7 (l5 is wall) = 10;
 * l1 over k2 to j3 i4 h5 e8 d9 b11 a12 (g6 f7 water, c10 wall), over m2 to n3 = 8.
 * Admiral, President, General, Armies are boxed in. 51 + 4 + 18 = 73 (2 players).
 * With 4 players West's b7/a8 and East's m6/n7 stand there; the Air Force flew over a piece and
 * no Black piece stands next to them, so no capture: 73 − 4 = 69. */
static void
test_start_moves (void)
{
  MgState *two = ch_test_new ("basic", 2), *four = ch_test_new ("basic", 4);
  g_autoptr(json_object) a2 = mg_state_legal_actions (two, "Black");
  g_autoptr(json_object) a4 = mg_state_legal_actions (four, "Black");
  g_autoptr(json_object) none = mg_state_legal_actions (four, "Blue");

  g_assert_cmpuint (json_object_array_length (a2), ==, 73);
  g_assert_cmpuint (json_object_array_length (a4), ==, 69);
  g_assert_cmpuint (json_object_array_length (none), ==, 0);
  g_assert_cmpuint (ch_n_dests (two, "h1"), ==, 10);
  g_assert_cmpuint (ch_n_dests (four, "h1"), ==, 6);
  g_assert_cmpuint (ch_n_dests (two, "f2"), ==, 6);
  g_assert_cmpuint (ch_n_dests (two, "j1"), ==, 0);
  /* Every listed action is accepted by validate(). */
  for (guint i = 0; i < json_object_array_length (a4); i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (mg_state_validate (four, json_object_array_get_idx (a4, i), &error));
    }
  mg_state_free (two);
  mg_state_free (four);
}

/* ---------------------------------------------------------------- the pieces */

#define KINGS "south president n2, north president a14"

static void
test_president (void)
{
  /* c4: all 8 neighbours are land: 8. e4: e3 is the wall: 7. e7: f6 f7 f8 are water: 5. */
  MgState *st = ch_test_position ("basic", 2, "south", "south president c4, north president a14");
  g_assert_cmpuint (ch_n_dests (st, "c4"), ==, 8);
  mg_state_free (st);
  st = ch_test_position ("basic", 2, "south", "south president e4, north president a14");
  g_assert_cmpuint (ch_n_dests (st, "e4"), ==, 7);
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e3\"}", ILLEGAL, "wall at e3");
  mg_state_free (st);
  st = ch_test_position ("basic", 2, "south", "south president e7, north president a14");
  g_assert_cmpuint (ch_n_dests (st, "e7"), ==, 5);
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e7\",\"to\":\"f7\"}", ILLEGAL, "water at f7");
  mg_state_free (st);
  /* Rule 11: with Red's Army on d10 the d-file below it is in Mêlée: d6 d7 d8 are out, e6 e8 stay. */
  st = ch_test_position ("basic", 2, "south", "south president e7, north president a14, north army d10");
  {
    g_autofree char *d = ch_dests (st, "e7");
    g_assert_cmpstr (d, ==, "e6 e8");
  }
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e7\",\"to\":\"d7\"}", ILLEGAL, "may not move into Mêlée: d7 is threatened by Red Army on d10");
  mg_state_free (st);
}

static void
test_admiral_general (void)
{
  /* Admiral on e5: up e6–e14 9; down e4 then the wall e3: 1; right f5–k5 then the wall l5: 6;
   * left d5–a5 4; up-right over the water f6 g7 h8 i9 (it lands there) to n14: 9; the other
   * diagonals 4 each. 9+1+6+4+9+4+4+4 = 41. */
  MgState *st = ch_test_position ("basic", 2, "south", "south admiral e5, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "e5"), ==, 41);
  g_assert_true (has_dest (st, "e5", "g7"));
  mg_state_free (st);
  /* General on e5: over the walls (never onto them), never over or onto water: up 9; down e4 and
   * over e3 e2 e1 to the edge: 1; right f5–k5, over l5 m5 n5: 6; left 4; up-right stops at the
   * water f6: 0; other diagonals 4 each. 9+1+6+4+0+12 = 32. */
  st = ch_test_position ("basic", 2, "south", "south general e5, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "e5"), ==, 32);
  g_assert_false (has_dest (st, "e5", "g7"));
  mg_state_free (st);
  /* From d2 across the wall e2: the General goes on to f2 … m2 (n2 is its President): 8, the Admiral stops. */
  st = ch_test_position ("basic", 2, "south", "south general d2, south admiral d3, " KINGS);
  g_assert_true (has_dest (st, "d2", "f2"));
  g_assert_true (has_dest (st, "d2", "m2"));
  g_assert_false (has_dest (st, "d3", "f3"));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"d3\",\"to\":\"f3\"}", ILLEGAL, "The Admiral cannot cross the wall at e3");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"d2\",\"to\":\"e2\"}", ILLEGAL, "Only a Marine may stand on the wall at e2");
  mg_state_free (st);
}

static void
test_air_force (void)
{
  /* e5: up-right crosses the water (no landing) to j10 k11 l12 m13 n14: 5; the other three
   * diagonals 4 each: 12; one step straight e6 e4 d5 f5: 4. 21. */
  MgState *st = ch_test_position ("basic", 2, "south", "south air_force e5, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "e5"), ==, 21);
  mg_state_free (st);
  /* Fly-over: Red Marine f4 (nothing flown over: it may be taken), Red Army h2 behind it (flown
   * over f4: no Black piece next to h2, no capture): down-right f4 g3 i1 = 3. */
  st = ch_test_position ("basic", 2, "south", "south air_force e5, north marine f4, north army h2, " KINGS);
  g_assert_true (has_dest (st, "e5", "f4"));
  g_assert_true (has_dest (st, "e5", "g3"));
  g_assert_false (has_dest (st, "e5", "h2"));
  g_assert_true (has_dest (st, "e5", "i1"));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e5\",\"to\":\"h2\"}", ILLEGAL, "flew over the Marine on f4");
  mg_state_free (st);
  /* The text's example: a Black piece next to the Red piece gives air support. */
  st = ch_test_position ("basic", 2, "south", "south air_force e5, north marine f4, north army h2, south marine i3 moved, " KINGS);
  g_assert_true (has_dest (st, "e5", "h2"));
  /* Its straight step never captures. */
  mg_state_free (st);
  st = ch_test_position ("basic", 2, "south", "south air_force e5, north marine e6, " KINGS);
  g_assert_false (has_dest (st, "e5", "e6"));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e5\",\"to\":\"e6\"}", ILLEGAL, "never captures");
  mg_state_free (st);
}

static void
test_navy (void)
{
  /* e5: the eight knight squares; f3 and d3 are reached over e4, e3 and e3 is the wall: 6.
   * g6 and f7 are water: it lands there. */
  MgState *st = ch_test_position ("basic", 2, "south", "south navy e5, north marine e6, north army e7, " KINGS);
  g_autofree char *d = ch_dests (st, "e5");
  g_assert_cmpstr (d, ==, "c4 c6 d7 f7 g4 g6");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e5\",\"to\":\"f3\"}", ILLEGAL, "The Navy cannot cross the wall at e3");
  /* It passed over e6 and e7 (pieces) without taking them; it takes only on its last square. */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e5\",\"to\":\"d7\"}", NULL));
  {
    g_autoptr(json_object) js = mg_state_to_json (st);
    g_assert_cmpuint (json_object_array_length (mg_json_member (js, "pieces")), ==, 5);
  }
  mg_state_free (st);
}

static void
test_army (void)
{
  /* e5: up 9, down e4 (the wall e3 stops it) 1, right f5–k5 (wall l5) 6, left 4: 20. */
  MgState *st = ch_test_position ("basic", 2, "south", "south army e5, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "e5"), ==, 20);
  mg_state_free (st);
  /* f5: the water f6 stops it upward. */
  st = ch_test_position ("basic", 2, "south", "south army f5, " KINGS);
  g_assert_false (has_dest (st, "f5", "f6"));
  mg_state_free (st);
  /* It captures onto a wall: Red Marine on e3. */
  st = ch_test_position ("basic", 2, "south", "south army e5, north marine e3 moved, " KINGS);
  g_assert_true (has_dest (st, "e5", "e3"));
  mg_state_free (st);
  /* On the wall e2: it captures only wall pieces (Red Marine on e1), moves off along rank 2 to
   * f2 … m2 (8, n2 is its President), and never captures moving off (Red Army d2); e3 is an empty
   * wall square: it cannot go there. 1 + 8 = 9. */
  st = ch_test_position ("basic", 2, "south", "south army e2, north marine e1 moved, north army d2, " KINGS);
  {
    g_autofree char *d = ch_dests (st, "e2");
    g_assert_cmpstr (d, ==, "e1 f2 g2 h2 i2 j2 k2 l2 m2");
  }
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e2\",\"to\":\"d2\"}", ILLEGAL, "Moving off the wall, the Army cannot capture");
  mg_state_free (st);
}

static void
test_marine (void)
{
  /* First move on c4: forward c5 c6, diagonally b5 d5 and a6 e6, sideways b4 d4: 8. */
  MgState *st = ch_test_position ("basic", 2, "south", "south marine c4, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "c4"), ==, 8);
  mg_state_free (st);
  /* Once moved: one square: c5 b5 d5 b4 d4 = 5; never backward. */
  st = ch_test_position ("basic", 2, "south", "south marine c4 moved, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "c4"), ==, 5);
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"c4\",\"to\":\"c6\"}", ILLEGAL, "has already moved");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"c4\",\"to\":\"c3\"}", ILLEGAL, "never moves backward");
  mg_state_free (st);
  /* Captures forward (c5) but not sideways (b4); c6 is behind c5, so no two-square move: 6. */
  st = ch_test_position ("basic", 2, "south", "south marine c4, north army c5, north army b4, " KINGS);
  {
    g_autofree char *d = ch_dests (st, "c4");
    g_assert_cmpstr (d, ==, "a6 b5 c5 d4 d5 e6");
  }
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"c4\",\"to\":\"b4\"}", ILLEGAL, "never sideways");
  mg_state_free (st);
  /* Onto the water and the wall: f3 (moved) → f4 e4 g4 and sideways e3 (wall) g3: 5. */
  st = ch_test_position ("basic", 2, "south", "south marine f3 moved, south marine e8 moved, " KINGS);
  g_assert_cmpuint (ch_n_dests (st, "f3"), ==, 5);
  g_assert_true (has_dest (st, "f3", "e3"));
  g_assert_true (has_dest (st, "e8", "f9"));
  mg_state_free (st);
  /* On the wall: along it only (e2 → e1; e3 holds the other Marine), and off it only at the
   * front end e3, which goes forward e4 d4 f4 and sideways d3 f3 (e2 along the wall is its own): 5. */
  st = ch_test_position ("basic", 2, "south", "south marine e2 moved, south marine e3 moved, " KINGS);
  {
    g_autofree char *d = ch_dests (st, "e2");
    g_assert_cmpstr (d, ==, "e1");
  }
  g_assert_cmpuint (ch_n_dests (st, "e3"), ==, 5);
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e2\",\"to\":\"f2\"}", ILLEGAL, "front end (e3)");
  mg_state_free (st);
  /* Off the wall it never captures a Marine on the wall (d2 → e3), on the wall it captures along
   * the wall (e2 takes e1). */
  st = ch_test_position ("basic", 2, "south", "south marine d2 moved, south marine e2 moved, north marine e3 moved, north marine e1 moved, " KINGS);
  g_assert_false (has_dest (st, "d2", "e3"));
  g_assert_true (has_dest (st, "e2", "e1"));
  g_assert_true (has_dest (st, "e2", "e3"));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"d2\",\"to\":\"e3\"}", ILLEGAL, "off the wall cannot capture a Marine on the wall");
  mg_state_free (st);
}

/* Marine rule 6: reaching Red's home side (rank 14, a–i) it explodes, killing every piece within
 * two squares — a14, b12, e13 of Red and its own d12 — and comes back on f2, the square of
 * Black's second row closest to the wall. f14 is three files away and survives. */
static void
test_explosion (void)
{
  MgState *st = ch_test_position ("basic", 2, "south",
                                  "south marine c13 moved, south army d12, south president n1, "
                                  "north president h14, north army a14, north navy b12, north general e13, north admiral f14");
  g_autoptr(json_object) js = NULL;
  char *summary = NULL;
  json_object *captured;

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"c13\",\"to\":\"c14\"}", &summary));
  g_assert_nonnull (strstr (summary, "explodes on c14, killing 4 pieces, and comes back on f2"));
  g_free (summary);
  js = mg_state_to_json (st);
  g_assert_cmpuint (json_object_array_length (mg_json_member (js, "pieces")), ==, 4); /* f2, n1, h14, f14 */
  captured = json_object_array_get_idx (mg_json_member (js, "captured"), 0);
  g_assert_cmpuint (json_object_array_length (captured), ==, 3);   /* Red's Army, Navy, General */
  g_assert_true (json_object_get_boolean (mg_json_member (json_object_array_get_idx (captured, 0), "killed")));
  mg_state_free (st);
}

/* ---------------------------------------------------------------- Mêlée */

static void
test_melee (void)
{
  /* Black's Army e4 → e10 threatens Red's President on e14: the engine asks. */
  MgState *st = ch_test_position ("basic", 2, "south",
                                  "south army e4, south president n1, south marine k3 moved, "
                                  "north president e14, north marine a13 moved, north marine b13 moved");
  char *summary = NULL;

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e10\"}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "melee");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"a13\",\"to\":\"a12\"}", ILLEGAL, "Mêlée");
  /* Not said: Black may not take that President on its next move. */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":false}", &summary));
  g_assert_nonnull (strstr (summary, "did not say"));
  g_free (summary);
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"a13\",\"to\":\"a12\"}", NULL));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e10\",\"to\":\"e14\"}", ILLEGAL, "did not say “Mêlée”");
  g_assert_false (has_dest (st, "e10", "e14"));
  /* Another move; the threat stands and this time Mêlée is said. */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"k3\",\"to\":\"k4\"}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "melee");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":true}", &summary));
  g_assert_nonnull (strstr (summary, "Mêlée on Red's President"));
  g_free (summary);
  /* Red does not run (d14 was free); Black takes the President: Red is out, Black wins. */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"b13\",\"to\":\"b12\"}", NULL));
  g_assert_true (has_dest (st, "e10", "e14"));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e10\",\"to\":\"e14\"}", &summary));
  g_assert_nonnull (strstr (summary, "Victory! Black is the last player and wins"));
  g_free (summary);
  g_assert_cmpstr (ch_phase (st), ==, "over");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"n1\",\"to\":\"n2\"}", MG_RULES_ERROR_GAME_OVER, NULL);
  mg_state_free (st);
}

/* Rule 12: Red's President on e14 in announced Mêlée (Army e4 → e5 up the e-file); its squares
 * d13 d14 (the d-Army), e13 (the e-Army), f13 f14 (the Admiral up the f-file): no move but into
 * Mêlée, so Black takes it: Victory! */
static void
test_victory (void)
{
  MgState *st = ch_test_position ("basic", 2, "south",
                                  "south army e4, south army d5, south admiral f11, south president n1, "
                                  "north president e14, north marine k13 moved");
  char *summary = NULL;

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e5\"}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "melee");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":true}", &summary));
  g_assert_nonnull (strstr (summary, "Victory! Red's President on e14 has no move but into Mêlée and is taken by Black"));
  g_free (summary);
  g_assert_cmpstr (ch_phase (st), ==, "over");
  mg_state_free (st);

  /* Not announced: no Victory; Red plays on (and moves its President is refused into Mêlée). */
  st = ch_test_position ("basic", 2, "south",
                         "south army e4, south army d5, south admiral f11, south president n1, "
                         "north president e14, north marine k13 moved");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e5\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":false}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "move");
  g_assert_cmpuint (ch_n_dests (st, "e14"), ==, 0);
  mg_state_free (st);
}

/* Rule 12's two readings: Red can block the e-file with its Army (a12 → e12), but every square
 * of its President is in Mêlée. "president_moves" (shipped, the text): Victory. "any_move" (a
 * chess mate): the block lifts the Mêlée, so no Victory. */
static void
test_victory_readings (void)
{
  for (guint any = 0; any < 2; any++)
    {
      MgState *st = ch_test_position ("basic", 2, "south",
                                      "south army e4, south army d5, south admiral f11, south president n1, "
                                      "north president e14, north army a12");
      g_autoptr(json_object) js = mg_state_to_json (st);
      g_autoptr(json_object) rs = ch_test_ruleset (NULL);
      g_autoptr(GError) error = NULL;
      MgState *s2;

      json_object_object_add (rs, "victory", json_object_new_string (any ? "any_move" : "president_moves"));
      s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
      g_assert_no_error (error);
      json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e5\"}", NULL));
      json_object_put (mg_test_play (s2, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
      g_assert_cmpstr (ch_phase (s2), ==, any ? "move" : "over");
      if (any)
        json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"a12\",\"to\":\"e12\"}", NULL));
      mg_state_free (s2);
      mg_state_free (st);
    }
}

/* The house rule victim_moves_first (rule 12 read as "the victim moves first"): the same Mêlée
 * as above, said; Red is not taken as its turn begins but plays: its Army a12–e12 blocks the
 * e-file, and Black's Army may no longer take the President. Without the block, Black takes it
 * with a move: Victory. */
static void
test_victim_moves_first (void)
{
  for (guint block = 0; block < 2; block++)
    {
      MgState *st = ch_test_position ("basic", 2, "south",
                                      "south army e4, south army d5, south admiral f11, south president n1, "
                                      "north president e14, north army a12, north marine k13 moved");
      g_autoptr(json_object) js = mg_state_to_json (st);
      g_autoptr(json_object) rs = ch_test_ruleset (NULL);
      g_autoptr(GError) error = NULL;
      char *summary = NULL;
      MgState *s2;

      json_object_object_add (mg_json_member (rs, "house_rules"), "victim_moves_first", json_object_new_boolean (TRUE));
      s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
      g_assert_no_error (error);
      json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e5\"}", NULL));
      json_object_put (mg_test_play (s2, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
      g_assert_cmpstr (ch_phase (s2), ==, "move");
      /* The President still may not move into Mêlée. */
      g_assert_cmpuint (ch_n_dests (s2, "e14"), ==, 0);
      json_object_put (mg_test_play (s2, NULL, block ? "{\"type\":\"move\",\"from\":\"a12\",\"to\":\"e12\"}"
                                                     : "{\"type\":\"move\",\"from\":\"k13\",\"to\":\"k12\"}", NULL));
      g_assert_cmpint (has_dest (s2, "e5", "e14"), ==, !block);
      if (!block)
        {
          json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"e5\",\"to\":\"e14\"}", &summary));
          g_assert_nonnull (strstr (summary, "takes Red President"));
          g_free (summary);
          g_assert_cmpstr (ch_phase (s2), ==, "over");
        }
      mg_state_free (s2);
      mg_state_free (st);
    }
}

/* Rule 15: Black takes Red's last piece but the President; Black then has 25 moves. */
static void
test_bare_president (void)
{
  MgState *st = ch_test_position ("basic", 2, "south",
                                  "south army k3, south marine c3 moved, south president n1, "
                                  "north president e14, north marine k8 moved");
  char *summary = NULL;
  const char *black[] = { "{\"type\":\"move\",\"from\":\"c3\",\"to\":\"c4\"}", "{\"type\":\"move\",\"from\":\"c4\",\"to\":\"c3\"}" };

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"k3\",\"to\":\"k8\"}", NULL));
  for (guint i = 0; i < 25; i++)
    {
      g_assert_cmpstr (ch_phase (st), ==, "move");
      json_object_put (mg_test_play (st, NULL, i % 2 ? "{\"type\":\"move\",\"from\":\"d14\",\"to\":\"e14\"}"
                                          : "{\"type\":\"move\",\"from\":\"e14\",\"to\":\"d14\"}", NULL));
      /* c3/c4 shuffle: the Marine moves only forward and sideways, so it walks c3 → d3 → c3. */
      json_object_put (mg_test_play (st, NULL, i % 2 ? "{\"type\":\"move\",\"from\":\"d3\",\"to\":\"c3\"}"
                                          : "{\"type\":\"move\",\"from\":\"c3\",\"to\":\"d3\"}", &summary));
      if (i < 24)
        {
          g_assert_cmpstr (ch_phase (st), ==, "move");
          g_free (summary);
        }
    }
  (void) black;
  g_assert_cmpstr (ch_phase (st), ==, "over");
  g_assert_nonnull (strstr (summary, "survived 25 moves: the game is a draw"));
  g_free (summary);
  mg_state_free (st);
}

/* ---------------------------------------------------------------- variants */

static void
test_team (void)
{
  /* Team rule 2: partners (Black south, Red north) never capture each other. */
  MgState *st = ch_test_position ("team", 4, "south",
                                  "south army e4, south president n1, north marine e8 moved, north president e14, "
                                  "west president a5, west marine c4 moved, east president n10, east marine m9 moved");
  char *summary = NULL;

  g_assert_false (has_dest (st, "e4", "e8"));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e8\"}", ILLEGAL, "Team members never capture");
  /* Rule 4: the first President taken wins for the team. Black's Army takes Blue's on a4 … */
  mg_state_free (st);
  st = ch_test_position ("team", 4, "south",
                         "south army e5, south president n1, north president e14, north marine h13 moved, "
                         "west president a5, west marine b9 moved, east president n10, east marine m9 moved");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e5\",\"to\":\"b5\"}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "melee");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"b9\",\"to\":\"c9\"}", NULL));   /* Blue ignores it */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"h13\",\"to\":\"h12\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"m9\",\"to\":\"l9\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"b5\",\"to\":\"a5\"}", &summary));
  g_assert_nonnull (strstr (summary, "Black and Red win"));
  g_free (summary);
  mg_state_free (st);
}

static void
test_points (void)
{
  /* Points: Black at 40 takes Red's Navy (5): 45, the game ends. */
  MgState *st = ch_test_position ("points", 2, "south",
                                  "south army e4, south general m3, south president n1, north navy e9, north general d13, north president e14");
  g_autoptr(json_object) js = mg_state_to_json (st);
  g_autoptr(json_object) rs = ch_test_ruleset ("points");
  g_autoptr(GError) error = NULL;
  MgState *st2;
  char *summary = NULL;

  json_object_array_put_idx (mg_json_member (js, "scores"), 0, json_object_new_int (40));
  st2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_no_error (error);
  json_object_put (mg_test_play (st2, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e9\"}", &summary));
  g_assert_nonnull (strstr (summary, "Black wins with 45 points"));
  g_free (summary);
  mg_state_free (st2);

  /* Rule 6: Mêlée before taking a General: the Army on e4 → d4 threatens the General on d13. */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"d4\"}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "melee");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":false}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e14\",\"to\":\"f14\"}", NULL));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"d4\",\"to\":\"d13\"}", ILLEGAL, "did not say");
  /* Rule 4 and 5: losing the President does not put a player out; losing General and Admiral does. */
  mg_state_free (st);
  st = ch_test_position ("points", 2, "south",
                         "south army e4, south general m3, south president n1, north president e9, north general a13, north marine h13 moved");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e8\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"h13\",\"to\":\"h12\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e8\",\"to\":\"e9\"}", &summary));
  g_free (summary);
  g_assert_cmpstr (ch_phase (st), !=, "over");
  {
    g_autoptr(json_object) j = mg_state_to_json (st);
    g_assert_cmpint (json_object_get_int (json_object_array_get_idx (mg_json_member (j, "scores"), 0)), ==, -10);
  }
  mg_state_free (st);
}

static void
test_rogue (void)
{
  /* Black has taken Blue's Navy; now it takes Blue's President on a5 (Mêlée said). Rule 1: the
   * Navy comes back on a8 (Blue's Navy start square closest to the wall) under Black; rule 3:
   * Blue's Marine on c3 stays where it is, Black's now. */
  MgState *st = ch_test_position ("rogue", 3, "south",
                                  "south army e6, south president n1, south marine k3 moved, "
                                  "west president a6, west marine c3 moved, north president e14, north marine h13 moved");
  g_autoptr(json_object) js = mg_state_to_json (st);
  g_autoptr(json_object) rs = ch_test_ruleset ("rogue");
  g_autoptr(GError) error = NULL;
  json_object *cap = json_object_new_object ();
  MgState *s2;

  json_object_object_add (cap, "kind", json_object_new_string ("navy"));
  json_object_object_add (cap, "owner", json_object_new_string ("west"));
  json_object_array_add (json_object_array_get_idx (mg_json_member (js, "captured"), 0), cap);
  s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_no_error (error);
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"e6\",\"to\":\"b6\"}", NULL));
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"c3\",\"to\":\"d3\"}", NULL));  /* Blue */
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"h13\",\"to\":\"h12\"}", NULL)); /* Red */
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"b6\",\"to\":\"a6\"}", NULL));
  {
    g_autoptr(json_object) j = mg_state_to_json (s2);
    json_object *pieces = mg_json_member (j, "pieces");
    gboolean navy = FALSE, marine = FALSE;
    for (guint i = 0; i < json_object_array_length (pieces); i++)
      {
        json_object *p = json_object_array_get_idx (pieces, i);
        const char *at = json_object_get_string (mg_json_member (p, "at"));
        if (strcmp (at, "a8") == 0)
          navy = strcmp (json_object_get_string (mg_json_member (p, "ctrl")), "south") == 0;
        if (strcmp (at, "d3") == 0)
          marine = strcmp (json_object_get_string (mg_json_member (p, "ctrl")), "south") == 0;
      }
    g_assert_true (navy);
    g_assert_true (marine);
  }
  /* Red moves, then the rogue Navy is Black's to move (it keeps Blue's colour). */
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"h12\",\"to\":\"h11\"}", NULL));
  g_assert_cmpuint (ch_n_dests (s2, "a8"), >, 0);
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"a8\",\"to\":\"c7\"}", NULL));
  mg_state_free (s2);
  mg_state_free (st);
}

/* Rogue rule 5: Black takes Blue's last piece besides the President (the Marine c3); the rogue
 * Blue commands (a Navy of another colour on h10) passes to Black, which has its President and
 * another piece of its own. */
static void
test_rogue_transfer (void)
{
  MgState *st = ch_test_position ("rogue", 3, "south",
                                  "south army c8, south president n1, "
                                  "west president a5, west marine c3 moved, east navy h10 ctrl west, "
                                  "north president e14, north marine h13 moved");
  g_autoptr(json_object) js = NULL;
  json_object *pieces;
  gboolean found = FALSE;

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"c8\",\"to\":\"c3\"}", NULL));
  js = mg_state_to_json (st);
  pieces = mg_json_member (js, "pieces");
  for (guint i = 0; i < json_object_array_length (pieces); i++)
    {
      json_object *p = json_object_array_get_idx (pieces, i);
      if (strcmp (json_object_get_string (mg_json_member (p, "at")), "h10") == 0)
        {
          g_assert_cmpstr (json_object_get_string (mg_json_member (p, "ctrl")), ==, "south");
          found = TRUE;
        }
    }
  g_assert_true (found);
  mg_state_free (st);
}

/* Mine Field rule 7: Black's Air Force lands next to Black's own mine (d4 next to e5): Black loses
 * its next turn, so Red moves twice. */
static void
test_mine_lost_turn (void)
{
  MgState *st = ch_test_position ("minefield", 2, "south",
                                  "south air_force c3, south president n1, north president e14, north marine a13 moved");
  g_autoptr(json_object) js = mg_state_to_json (st);
  g_autoptr(json_object) rs = ch_test_ruleset ("minefield");
  g_autoptr(GError) error = NULL;
  MgState *s2;
  char *summary = NULL;

  json_object_object_add (js, "mines", json_tokener_parse ("[{\"at\":\"e5\",\"owner\":\"south\"}]"));
  s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_no_error (error);
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"c3\",\"to\":\"d4\"}", &summary));
  g_assert_nonnull (strstr (summary, "Black loses a turn"));
  g_free (summary);
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"a13\",\"to\":\"a12\"}", &summary));
  g_assert_nonnull (strstr (summary, "Black loses this turn"));
  g_free (summary);
  json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"a12\",\"to\":\"a11\"}", NULL));
  {
    g_autoptr(json_object) p = mg_state_pending (s2);
    g_assert_cmpstr (json_object_get_string (mg_json_member (p, "player")), ==, "Black");
  }
  mg_state_free (s2);
  mg_state_free (st);
}

static void
test_minefield (void)
{
  MgState *st = ch_test_new ("minefield", 2);
  g_autoptr(json_object) blk = NULL, red = NULL, pub = NULL;
  g_autoptr(json_object) events = NULL;
  char *summary = NULL;

  g_assert_cmpstr (ch_phase (st), ==, "mines");
  /* Rule 2: not in the opponent's domain, not on a wall. */
  mg_test_refuse (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c12\"}", ILLEGAL, "opponent's domain");
  mg_test_refuse (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"e2\"}", ILLEGAL, "wall");
  events = mg_test_play (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c8\"}", &summary);
  g_assert_cmpstr (summary, ==, "Black placed a mine (1 of 3).");   /* no square in the summary */
  g_free (summary);
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (events, 0), "seat")), ==, "Black");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"k7\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"d10\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"h5\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"b6\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"m10\"}", NULL));
  g_assert_cmpstr (ch_phase (st), ==, "move");
  /* Secrets: each seat sees its own three, the public none. */
  blk = mg_state_view (st, "Black");
  red = mg_state_view (st, "Red");
  pub = mg_state_view (st, MG_SEAT_PUBLIC);
  g_assert_cmpuint (json_object_array_length (mg_json_member (blk, "mines")), ==, 3);
  g_assert_cmpuint (json_object_array_length (mg_json_member (red, "mines")), ==, 3);
  g_assert_cmpuint (json_object_array_length (mg_json_member (pub, "mines")), ==, 0);
  g_assert_null (strstr (json_object_to_json_string (red), "c8"));
  g_assert_null (strstr (json_object_to_json_string (pub), "h5"));
  mg_state_free (st);

  /* Rule 3 and 4: Red's Marine lands next to Black's mine on c8: it and everything within two
   * squares (Red's Army b9, Black's Marine d10) are removed; g10 is four files away. */
  st = ch_test_position ("minefield", 2, "north",
                         "south president n1, south marine d10 moved, north president e14, north marine c10 moved, "
                         "north army b9, north army g10");
  {
    g_autoptr(json_object) js = mg_state_to_json (st);
    g_autoptr(json_object) rs = ch_test_ruleset ("minefield");
    g_autoptr(GError) error = NULL;
    json_object *mines = json_object_new_array (), *m = json_object_new_object ();
    MgState *s2;
    json_object_object_add (m, "at", json_object_new_string ("c8"));
    json_object_object_add (m, "owner", json_object_new_string ("south"));
    json_object_array_add (mines, m);
    json_object_object_add (js, "mines", mines);
    s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
    g_assert_no_error (error);
    json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"c10\",\"to\":\"c9\"}", &summary));
    g_assert_nonnull (strstr (summary, "mine on c8 detonates"));
    g_free (summary);
    {
      g_autoptr(json_object) j = mg_state_to_json (s2);
      g_assert_cmpuint (json_object_array_length (mg_json_member (j, "pieces")), ==, 3);   /* n1, e14, g10 */
      g_assert_cmpuint (json_object_array_length (mg_json_member (j, "mines")), ==, 0);
    }
    mg_state_free (s2);

    /* Rules 5 and 6: Black's Marine d9 deactivates the mine; Red's Army lands next to it: nothing;
     * Red's Marine lands next to it: Black's Marine dies and the mine is Red's. */
    json_object_put (js);
    js = mg_state_to_json (st);
    mines = json_object_new_array ();
    m = json_object_new_object ();
    json_object_object_add (m, "at", json_object_new_string ("c8"));
    json_object_object_add (m, "owner", json_object_new_string ("south"));
    json_object_array_add (mines, m);
    json_object_object_add (js, "mines", mines);
    json_object_object_add (js, "pieces", json_tokener_parse (
      "[{\"at\":\"n1\",\"kind\":\"president\",\"owner\":\"south\"},{\"at\":\"d9\",\"kind\":\"marine\",\"owner\":\"south\",\"moved\":true},"
      "{\"at\":\"a2\",\"kind\":\"marine\",\"owner\":\"south\",\"moved\":true},"
      "{\"at\":\"e14\",\"kind\":\"president\",\"owner\":\"north\"},{\"at\":\"b8\",\"kind\":\"marine\",\"owner\":\"north\",\"moved\":true},"
      "{\"at\":\"a9\",\"kind\":\"army\",\"owner\":\"north\"}]"));
    s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
    g_assert_no_error (error);
    json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"a9\",\"to\":\"b9\"}", &summary));
    g_assert_null (strstr (summary, "mine"));
    g_free (summary);
    json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"a2\",\"to\":\"a3\"}", NULL));
    json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"b8\",\"to\":\"b7\"}", &summary));
    g_assert_nonnull (strstr (summary, "deactivated mine on c8 kills its Marine and is now Red's"));
    g_free (summary);
    {
      g_autoptr(json_object) r = mg_state_view (s2, "Red");
      g_assert_cmpuint (json_object_array_length (mg_json_member (r, "mines")), ==, 1);
    }
    mg_state_free (s2);
  }
  mg_state_free (st);
}

static void
test_ak (void)
{
  /* 3 players: the AK holds the East (files k–n, ranks 6–14). */
  MgState *st = ch_test_position ("ak", 3, "south",
                                  "south navy k6, south president j1, west president a5, west marine b2 moved, "
                                  "north president e14, north marine a13 moved, "
                                  "east president n10, east marine m9, east navy n6, east army n14, east general n11");
  char *summary = NULL;

  /* Black's Navy k6 → l8. Only the AK Marine m9 could take it (m9 → l8 is forward-diagonal for
   * the East), and AK rule 4 says an AK Marine kills a Navy only after a first kill in the
   * domain: the AK does not move (rule 7). */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"k6\",\"to\":\"l8\"}", &summary));
  g_assert_null (strstr (summary, "Abandoned Kingdom"));
  g_free (summary);
  mg_state_free (st);

  /* Rule 3: an AK piece is captured only from inside the AK domain: j9 cannot take l9. */
  st = ch_test_position ("ak", 3, "south",
                         "south army j9, south army k3, south president j1, west president a5, west marine b2 moved, "
                         "north president e14, north marine a13 moved, "
                         "east president n10, east marine m12, east army l9, east general n13");
  g_assert_true (has_dest (st, "j9", "k9"));
  g_assert_false (has_dest (st, "j9", "l9"));
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"j9\",\"to\":\"l9\"}", ILLEGAL, "only from inside its domain");
  /* The Army k3 → k9 invades; the AK kills it with its closest piece, the Army l9 (rules 6, 10). */
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"k3\",\"to\":\"k9\"}", &summary));
  g_assert_nonnull (strstr (summary, "the Abandoned Kingdom's Army l9–k9 takes Black Army"));
  g_free (summary);
  mg_state_free (st);

  /* Rule 12: two invaders, Black's Admiral l13 (the most powerful) and Black's Marine m9, which
   * threatens the AK President n10 (m10 l10 n10 are its forward squares). The General l10 can
   * reach both; the Marine dies first. The AK President could take m9 too, but at equal
   * distance the more powerful killer goes (rule 11), and the President is not in the order of
   * power: the General. */
  st = ch_test_position ("ak", 3, "west",
                         "south marine m9 moved, south admiral l13, south president j1, west president a5, west marine b2 moved, "
                         "north president e14, north marine a13 moved, "
                         "east president n10, east general l10");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"b2\",\"to\":\"b3\"}", &summary));
  g_assert_nonnull (strstr (summary, "General l10–m9 takes Black Marine (it threatened the AK President)"));
  g_free (summary);
  mg_state_free (st);
}

/* AK rules 5 and 8: the AK kills up to four invaders. With 3 kills made it takes the invading
 * Army on k9 (the Army l9 next to it); with 4 made it no longer moves. */
static void
test_ak_four_kills (void)
{
  for (guint made = 3; made <= 4; made++)
    {
      MgState *st = ch_test_position ("ak", 3, "south",
                                      "south army k3, south president j1, west president a5, west marine b2 moved, "
                                      "north president e14, north marine a13 moved, "
                                      "east president n10, east army l9");
      g_autoptr(json_object) js = mg_state_to_json (st);
      g_autoptr(json_object) rs = ch_test_ruleset ("ak");
      g_autoptr(GError) error = NULL;
      char *summary = NULL;
      MgState *s2;

      json_object_object_add (js, "ak_kills", json_object_new_int (made));
      json_object_object_add (js, "ak_active", json_object_new_boolean (TRUE));
      s2 = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
      g_assert_no_error (error);
      json_object_put (mg_test_play (s2, NULL, "{\"type\":\"move\",\"from\":\"k3\",\"to\":\"k9\"}", &summary));
      if (made == 3)
        g_assert_nonnull (strstr (summary, "Army l9–k9 takes Black Army"));
      else
        g_assert_null (strstr (summary, "Abandoned Kingdom"));
      g_free (summary);
      mg_state_free (s2);
      mg_state_free (st);
    }
}

static gint
score_of (MgState *st, guint side)
{
  g_autoptr(json_object) js = mg_state_to_json (st);
  return json_object_get_int (json_object_array_get_idx (mg_json_member (js, "scores"), side));
}

static void
test_solitaire (void)
{
  /* One player (Black) against the AK on the North; AK pieces are taken only from inside its
   * domain (d11). Taking the AK Army d12 first is in order (the Army is first in the order):
   * +4. No AK piece can reach d12 afterwards. */
  MgState *st = ch_test_position ("solitaire", 1, "south",
                                  "south army d11, south president n1, "
                                  "north president e14, north army d12, north army a14, north navy i14, north air_force g14");
  g_autoptr(json_object) rs = ch_test_ruleset ("solitaire");
  json_object *in = mg_json_member (mg_json_member (rs, "solitaire"), "in_order");
  char *summary = NULL;

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"d11\",\"to\":\"d12\"}", NULL));
  g_assert_cmpint (score_of (st, 0), ==, 4);
  mg_state_free (st);
  /* The AK General taken while its Navy and Air Force stand: out of order, −8. */
  st = ch_test_position ("solitaire", 1, "south",
                         "south army d11, south general b11, south president n1, "
                         "north president e14, north general d12, north navy i14, north air_force g14");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"d11\",\"to\":\"d12\"}", NULL));
  g_assert_cmpint (score_of (st, 0), ==, -8);
  /* The General b11 threatens the AK President on e14 (b11 c12 d13 e14): Mêlée said, then
   * taking the AK President ends the game. */
  g_assert_cmpstr (ch_phase (st), ==, "melee");
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"b11\",\"to\":\"e14\"}", &summary));
  g_assert_nonnull (strstr (summary, "takes the Abandoned Kingdom's President and wins"));
  g_free (summary);
  mg_state_free (st);
  /* The perfect game: every officer in order, two Marines (0), nothing lost: 57. */
  g_assert_cmpint (json_object_get_int (mg_json_member (in, "president")) + json_object_get_int (mg_json_member (in, "admiral")) +
                   json_object_get_int (mg_json_member (in, "general")) + 2 * json_object_get_int (mg_json_member (in, "air_force")) +
                   2 * json_object_get_int (mg_json_member (in, "navy")) + 2 * json_object_get_int (mg_json_member (in, "army")) +
                   2 * 0, ==, 57);
}

/* How the game ended is kept as said, not as text in the language it was played in: the state's
 * JSON holds its pieces and reads back to the same JSON; a refusal after the end carries it as a
 * phrase a phone renders in its own words; a state saved before (a text) reads back as it was. */
static const char *
toy_translate (gconstpointer data, const char *msgid, const char *plural, gulong n)
{
  if (strcmp (msgid, "The game is over: %s") == 0)
    return "Fini : %s";
  if (strcmp (msgid, "Victory! %s is the last player and wins.") == 0)
    return "Victoire ! %s gagne.";
  return plural != NULL && n != 1 ? plural : msgid;
}

static const char *
toy_word (gconstpointer data, const char *msgid)
{
  return msgid;
}

static void
test_result_said (void)
{
  static const MgMessageLanguage toy = { toy_translate, toy_word, NULL };
  MgState *st = ch_test_position ("basic", 2, "south",
                                  "south army e4, south army d5, south admiral f11, south president n1, "
                                  "north president e14, north marine k13 moved");
  g_autoptr(json_object) rs = ch_test_ruleset (NULL);
  g_autoptr(json_object) js = NULL, again = NULL, old_again = NULL, action = json_tokener_parse ("{\"type\":\"pass\"}");
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) events = NULL;
  g_autofree char *phone = NULL;
  json_object *result;
  MgState *back;

  json_object_put (mg_test_play (st, NULL, "{\"type\":\"move\",\"from\":\"e4\",\"to\":\"e5\"}", NULL));
  json_object_put (mg_test_play (st, NULL, "{\"type\":\"melee\",\"said\":true}", NULL));
  js = mg_state_to_json (st);
  result = mg_json_member (js, "result");
  g_assert_true (json_object_is_type (result, json_type_array));
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (result, 0), "id")), ==,
                   "Victory! %s is the last player and wins.");
  back = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_no_error (error);
  again = mg_state_to_json (back);
  g_assert_cmpstr (json_object_to_json_string (again), ==, json_object_to_json_string (js));

  /* After the end: refused with how it ended, in the phone's words. */
  events = mg_state_apply (back, action, NULL, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER);
  g_assert_cmpstr (error->message, ==, "The game is over: Victory! Black is the last player and wins.");
  phone = mg_message_render (mg_rules_error_get_message (error), &toy);
  g_assert_cmpstr (phone, ==, "Fini : Victoire ! Black gagne.");
  g_clear_error (&error);
  mg_state_free (back);

  /* A state saved before: its result a text, read back and written as it was. */
  json_object_object_add (js, "result", json_object_new_string ("Victory! Black is the last player and wins."));
  back = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_no_error (error);
  old_again = mg_state_to_json (back);
  g_assert_cmpstr (json_object_to_json_string (old_again), ==, json_object_to_json_string (js));
  mg_state_free (back);
  /* Not a said: refused with its path. */
  json_object_object_add (js, "result", json_tokener_parse ("[{\"nothing\":1}]"));
  back = mg_rules_lookup ("cricchio")->from_json (rs, js, &error);
  g_assert_null (back);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "$.result"));
  mg_state_free (st);
}

/* ---------------------------------------------------------------- perft, JSON */

/* Perft from the start (shipped ruleset, basic, every Mêlée said), the game as played: a side whose
 * President falls is out and a two-player game ends there, rule 12 takes a trapped President as
 * its side's turn begins. Depth 1 is the hand count above (73 and 69); deeper counts are pinned
 * so a rule change shows, and the plain baseline generator (bench) must agree.
 * Depth 3, two players: 405,917, not the 406,549 of every ply: in 8 lines Black opens its
 * President's diagonals (i2 or k2 moves off them), Red's Air Force lands on one (g14–b9, c14–m4) and
 * says "Mêlée", and Black's President j1 — every square its own or in Mêlée — is taken as
 * Black's turn begins: Black's moves there are never played (i2–i3 73, i2–i4 75, i2–j3 82,
 * i2–k4 85, k2–k3 73, k2–k4 75, k2–j3 83, k2–i4 86: 632). */
static void
test_perft (void)
{
  MgState *two = ch_test_new ("basic", 2), *four = ch_test_new ("basic", 4);

  g_assert_cmpuint (mg_chess_perft (two, 1, FALSE), ==, 73);
  g_assert_cmpuint (mg_chess_perft (two, 2, FALSE), ==, 5320);
  g_assert_cmpuint (mg_chess_perft (two, 3, FALSE), ==, 405917);
  g_assert_cmpuint (mg_chess_perft_every_ply (two, 3), ==, 406549);
  g_assert_cmpuint (mg_chess_perft (four, 1, FALSE), ==, 69);
  g_assert_cmpuint (mg_chess_perft (four, 2, FALSE), ==, 4766);
  g_assert_cmpuint (mg_chess_perft (four, 3, FALSE), ==, 328716);
  g_assert_cmpuint (mg_chess_perft (two, 3, TRUE), ==, 405917);
  g_assert_cmpuint (mg_chess_perft (four, 3, TRUE), ==, 328716);
  mg_state_free (two);
  mg_state_free (four);
}

/* The state of a new two-player game under the shipped ruleset with the house rules given. */
static MgState *
two_with (const char *key1, gboolean on1, const char *key2, gboolean on2)
{
  g_autoptr(json_object) rs = ch_test_ruleset ("basic");
  g_autoptr(GError) error = NULL;
  const char *names[] = { "Black", "Red", NULL };
  json_object *hr = mg_json_member (rs, "house_rules");
  MgState *st;

  json_object_object_add (hr, key1, json_object_new_boolean (on1));
  if (key2)
    json_object_object_add (hr, key2, json_object_new_boolean (on2));
  st = mg_rules_lookup ("cricchio")->new_state (rs, names, &error);
  g_assert_no_error (error);
  return st;
}

/* Perft(4), two players, as played and every ply (issue 34). Shipped: 30,873,507 (every ply
 * 31,019,735: 12 more than before issue 34, a Red Marine on j12 taking sideways at the front end
 * of its wall). The issue's count, 31,019,075, is the reading where rule 12 waits for the victim's
 * move (victim_moves_first) and the front end takes no sideways capture: 31,019,723 every ply
 * less the 8 lines where Red uncovers its President and Black's Air Force takes it on ply 3
 * (h1–m6, f13 to f12 f11 e12 d11, m6–e14; l1–b11, d13 to d12 d11 e12 f11, b11–e14), whose
 * 75 + 77 + 84 + 87 + 75 + 77 + 85 + 88 = 648 Red moves on ply 4 are never played. */
static void
test_perft_as_played (void)
{
  MgState *shipped = ch_test_new ("basic", 2);
  MgState *issue = two_with ("victim_moves_first", TRUE, "marine_front_end_captures_sideways", FALSE);

  g_assert_cmpuint (mg_chess_perft (shipped, 4, FALSE), ==, 30873507);
  g_assert_cmpuint (mg_chess_perft_every_ply (shipped, 4), ==, 31019735);
  g_assert_cmpuint (mg_chess_perft (issue, 4, FALSE), ==, 31019075);
  g_assert_cmpuint (mg_chess_perft_every_ply (issue, 4), ==, 31019723);
  mg_state_free (shipped);
  mg_state_free (issue);
}

static void
test_roundtrip (void)
{
  MgState *st = ch_test_new ("basic", 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) rs = ch_test_ruleset (NULL);
  const char *moves[] = { "j2 j4", "b5 d5", "e13 e11", "m10 k10", "h1 e4" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_auto(GStrv) ft = g_strsplit (moves[i], " ", 2);
      g_autofree char *a = g_strdup_printf ("{\"type\":\"move\",\"from\":\"%s\",\"to\":\"%s\"}", ft[0], ft[1]);
      json_object_put (mg_test_play (st, NULL, a, NULL));
    }
  {
    g_autoptr(json_object) a = mg_state_to_json (st);
    MgState *back = mg_rules_lookup ("cricchio")->from_json (rs, a, &error);
    g_autoptr(json_object) b = NULL;
    g_assert_no_error (error);
    b = mg_state_to_json (back);
    g_assert_cmpstr (json_object_to_json_string (a), ==, json_object_to_json_string (b));
    mg_state_free (back);
  }
  /* Malformed actions: clear messages, nothing changed. */
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"z9\",\"to\":\"a1\"}", MG_RULES_ERROR_BAD_ACTION, "a square from a1 to n14");
  mg_test_refuse (st, NULL, "{\"type\":\"dance\"}", MG_RULES_ERROR_BAD_ACTION, "Unknown action");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"from\":\"c5\",\"to\":\"c6\"}", ILLEGAL, "There is no piece on c5");
  mg_test_refuse (st, NULL, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"b9\",\"to\":\"c9\"}", ILLEGAL, "It is Blue's turn");
  mg_state_free (st);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cricchio/ruleset", test_ruleset);
  g_test_add_func ("/cricchio/board", test_board);
  g_test_add_func ("/cricchio/start-moves", test_start_moves);
  g_test_add_func ("/cricchio/president", test_president);
  g_test_add_func ("/cricchio/admiral-general", test_admiral_general);
  g_test_add_func ("/cricchio/air-force", test_air_force);
  g_test_add_func ("/cricchio/navy", test_navy);
  g_test_add_func ("/cricchio/army", test_army);
  g_test_add_func ("/cricchio/marine", test_marine);
  g_test_add_func ("/cricchio/explosion", test_explosion);
  g_test_add_func ("/cricchio/melee", test_melee);
  g_test_add_func ("/cricchio/victory", test_victory);
  g_test_add_func ("/cricchio/victory-readings", test_victory_readings);
  g_test_add_func ("/cricchio/victim-moves-first", test_victim_moves_first);
  g_test_add_func ("/cricchio/bare-president", test_bare_president);
  g_test_add_func ("/cricchio/team", test_team);
  g_test_add_func ("/cricchio/points", test_points);
  g_test_add_func ("/cricchio/rogue", test_rogue);
  g_test_add_func ("/cricchio/rogue-transfer", test_rogue_transfer);
  g_test_add_func ("/cricchio/minefield", test_minefield);
  g_test_add_func ("/cricchio/mine-lost-turn", test_mine_lost_turn);
  g_test_add_func ("/cricchio/ak", test_ak);
  g_test_add_func ("/cricchio/ak-four-kills", test_ak_four_kills);
  g_test_add_func ("/cricchio/solitaire", test_solitaire);
  g_test_add_func ("/cricchio/perft", test_perft);
  g_test_add_func ("/cricchio/perft-as-played", test_perft_as_played);
  g_test_add_func ("/cricchio/roundtrip", test_roundtrip);
  g_test_add_func ("/cricchio/result-said", test_result_said);
  return g_test_run ();
}
