/* test-tft-arena.c — TFT Melee on the arena: geometry, engagement, movement, facing, ranges, the line of fire,
 * retreats, HTH and dropped weapons read from the hexes, each against its page of the 1977 text. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "tft-test-util.h"
#include "mg-tft-arena.h"
#include "mg-game.h"

#define refuse tft_test_refuse
#define iget tft_test_iget
#define EVENT(st, text, type, ...) tft_test_last_event (st, text, TFT_DICE (__VA_ARGS__), TFT_NDICE (__VA_ARGS__), type)

/* A ruleset with the board on ("no_board" off), and a corridor arena: row 1 of 8 columns, and E2 below it. */
static MgState *
board_state (gboolean board)
{
  g_autoptr(json_object) rs = tft_test_ruleset ();
  json_object *arenas = json_object_object_get (rs, "arenas");
  json_object_object_add (json_object_object_get (rs, "house_rules"), "no_board", json_object_new_boolean (!board));
  json_object_array_add (arenas, json_tokener_parse (
    "{\"id\":\"corridor\",\"name\":\"Corridor\",\"columns\":8,\"rows\":2,"
    "\"off\":[\"A2\",\"B2\",\"C2\",\"D2\",\"F2\",\"G2\",\"H2\"]}"));
  return tft_test_new_state_with (rs);
}

static void
create (MgState *st, const char *name, gint s, gint dx, const char *gear)
{
  g_autofree char *a = g_strdup_printf ("{\"type\":\"create_figure\",\"figure\":\"%s\",\"kind\":\"human\",\"st\":%d,\"dx\":%d,"
                                        "\"advances\":%d%s}", name, s, dx, MAX (0, s + dx - 24), gear);
  PLAY (st, a);
}

/* Two (or more) figures A, B (C, D) with broadswords, on the arena at the positions given. */
static MgState *
duel (const char *arena, const char *positions, gboolean four)
{
  MgState *st = board_state (TRUE);
  g_autofree char *f = NULL;
  create (st, "A", 12, 12, ",\"weapons\":[\"broadsword\",\"dagger\"]");
  create (st, "B", 12, 12, ",\"weapons\":[\"broadsword\",\"dagger\"]");
  if (four)
    {
      create (st, "C", 12, 12, ",\"weapons\":[\"broadsword\",\"dagger\"]");
      create (st, "D", 12, 12, ",\"weapons\":[\"broadsword\",\"dagger\"]");
    }
  f = g_strdup_printf ("{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"%s\",\"sides\":{\"X\":[\"A\"%s],"
                       "\"Y\":[\"B\"%s]},\"positions\":{%s}}", arena, four ? ",\"C\"" : "", four ? ",\"D\"" : "", positions);
  PLAY (st, f);
  return st;
}

static const char *
fig_s (MgState *st, const char *name, const char *key)
{
  static char buf[64];
  return tft_test_fig_str (st, name, key, buf, sizeof buf);
}

static void
opt (MgState *st, const char *name, const char *rest)
{
  g_autofree char *a = g_strdup_printf ("{\"type\":\"option\",\"figure\":\"%s\",%s}", name, rest);
  PLAY (st, a);
}

/* The text's geometry: names, sides, distances, mega-hexes, "in front" (pp. 5, 9, 14). */
static void
test_geometry (void)
{
  g_autoptr(MgState) st = board_state (TRUE);
  const TftState *t = (const TftState *) st;
  const TftArena *ar = &t->rs.arenas[0];
  gint f7 = tft_hex_parse (ar, "F7");
  char hn[8];

  /* the shipped arena: 16 × 9, mega-hexes of 7 hexes centred on H5 (docs/rules/tft.md, The arena) */
  g_assert_cmpint (ar->cols, ==, 16);
  g_assert_cmpint (ar->rows, ==, 9);
  /* the six sides of F7 (an odd column sits half a hex lower) */
  {
    static const char * const want[] = { "F6", "G7", "G8", "F8", "E8", "E7" };
    for (gint d = 0; d < 6; d++)
      {
        tft_hex_name (ar, tft_hex_step (ar, f7, d), hn);
        g_assert_cmpstr (hn, ==, want[d]);
      }
  }
  g_assert_cmpint (tft_hex_step (ar, tft_hex_parse (ar, "A5"), 5), ==, TFT_NONE);   /* NW of A5: the wall */
  g_assert_cmpint (tft_hex_dist (ar, tft_hex_parse (ar, "A5"), tft_hex_parse (ar, "P5")), ==, 15);
  /* a mega-hex is a hex and its six neighbours: H5 and every neighbour 0 apart, H5 to H2 one */
  for (gint d = 0; d < 6; d++)
    g_assert_cmpint (tft_megahex_dist (ar, tft_hex_parse (ar, "H5"), tft_hex_step (ar, tft_hex_parse (ar, "H5"), d)), ==, 0);
  g_assert_cmpint (tft_megahex_dist (ar, tft_hex_parse (ar, "H5"), tft_hex_parse (ar, "H3")), ==, 1);
  /* every hex lies in exactly one cluster of 7: count the hexes 0 mega-hexes from H5 */
  {
    gint n = 0;
    for (gint h = 0; h < ar->cols * ar->rows; h++)
      n += tft_megahex_dist (ar, tft_hex_parse (ar, "H5"), h) == 0;
    g_assert_cmpint (n, ==, 7);
  }
  /* Astrid faces N (p. 9): F6, G7 and E7 front; G8 and E8 side; F8 rear */
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "F6"), FALSE), ==, SIDE_FRONT);
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "G7"), FALSE), ==, SIDE_FRONT);
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "E7"), FALSE), ==, SIDE_FRONT);
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "G8"), FALSE), ==, SIDE_SIDE);
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "E8"), FALSE), ==, SIDE_SIDE);
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "F8"), FALSE), ==, SIDE_REAR);
  /* a giant snake's sides count as front (p. 19) */
  g_assert_cmpint (tft_side_of (ar, f7, 0, tft_hex_parse (ar, "G8"), TRUE), ==, SIDE_FRONT);
  /* "in front" (p. 9): ahead of the line square to the facing; H7, level with F7, is not */
  g_assert_true (tft_in_front (ar, f7, 0, tft_hex_parse (ar, "F1")));
  g_assert_true (tft_in_front (ar, f7, 0, tft_hex_parse (ar, "K5")));
  g_assert_false (tft_in_front (ar, f7, 0, tft_hex_parse (ar, "H7")));
  g_assert_false (tft_in_front (ar, f7, 0, tft_hex_parse (ar, "F9")));
}

/* "A line passing along the edge of a hex does NOT go through that hex" (p. 14). */
static void
test_line (void)
{
  g_autoptr(MgState) st = board_state (TRUE);
  const TftArena *ar = &((const TftState *) st)->rs.arenas[0];
  gint out[64];
  guint n = tft_hex_line (ar, tft_hex_parse (ar, "A5"), tft_hex_parse (ar, "E5"), 0, out, 64);
  char hn[8];

  /* A5 to E5 runs through C5's middle and along the edges between B4 and B5, D4 and D5 */
  g_assert_cmpuint (n, ==, 2);
  tft_hex_name (ar, out[0], hn);
  g_assert_cmpstr (hn, ==, "C5");
  tft_hex_name (ar, out[1], hn);
  g_assert_cmpstr (hn, ==, "E5");
  /* a thrown weapon flies on 10 hexes past the target, a missile to the wall (p. 14) */
  n = tft_hex_line (ar, tft_hex_parse (ar, "A5"), tft_hex_parse (ar, "C5"), 10, out, 64);
  tft_hex_name (ar, out[n - 1], hn);
  g_assert_cmpstr (hn, ==, "M5");
  n = tft_hex_line (ar, tft_hex_parse (ar, "A5"), tft_hex_parse (ar, "C5"), -1, out, 64);
  tft_hex_name (ar, out[n - 1], hn);
  g_assert_cmpstr (hn, ==, "O5");
}

/* The house rule "no board" both ways, the doors, positions, and the state's exact round trip (p. 8). */
static void
test_start (void)
{
  g_autoptr(MgState) off = board_state (FALSE);
  g_autoptr(MgState) on = board_state (TRUE);
  g_autoptr(MgState) back = NULL;
  g_autoptr(json_object) j = NULL, rs = NULL, j2 = NULL;
  g_autoptr(GError) error = NULL;

  create (off, "A", 12, 12, "");
  create (off, "B", 12, 12, "");
  /* "no board" on (every campaign made before the arena): a fight that names an arena is refused;
   * one that names none is played as before */
  refuse (off, "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
          MG_RULES_ERROR_ILLEGAL, "no board");
  PLAY (off, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  j = mg_state_to_json (off);
  g_assert_null (json_object_object_get (json_object_object_get (j, "fight"), "arena"));
  /* without the board, "to" is refused and "moved" taken as stated */
  refuse (off, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"B5\"}", MG_RULES_ERROR_ILLEGAL, "no board");
  opt (off, "A", "\"option\":\"a\",\"moved\":10");
  g_clear_pointer (&j, json_object_put);

  /* the board: "Figures begin the game in any of the 4 entrance hexes … at opposite ends" (p. 8) */
  create (on, "A", 12, 12, "");
  create (on, "B", 12, 12, "");
  create (on, "C", 12, 12, "");
  /* "no board" off: a fight that names no arena still has none; one that names it is on it */
  {
    g_autoptr(MgState) plain = board_state (TRUE);
    create (plain, "A", 12, 12, "");
    create (plain, "B", 12, 12, "");
    PLAY (plain, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
    opt (plain, "A", "\"option\":\"a\",\"moved\":10");
  }
  PLAY (on, "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"X\":[\"A\",\"C\"],\"Y\":[\"B\"]}}");
  g_assert_cmpstr (fig_s (on, "A", "hex"), ==, "A4");
  g_assert_cmpstr (fig_s (on, "C", "hex"), ==, "A5");
  g_assert_cmpstr (fig_s (on, "B", "hex"), ==, "P4");
  refuse (on, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":3}", MG_RULES_ERROR_ILLEGAL, "\"to\"");
  refuse (on, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"Z99\"}", MG_RULES_ERROR_ILLEGAL, "not a hex");
  opt (on, "A", "\"option\":\"a\",\"to\":\"E4\",\"facing\":\"NE\"");
  j = mg_state_to_json (on);
  rs = json_object_get (((const TftState *) on)->rs.json);
  back = mg_tft_rules ()->from_json (rs, j, &error);
  g_assert_no_error (error);
  j2 = mg_state_to_json (back);
  g_assert_cmpstr (json_object_to_json_string (j), ==, json_object_to_json_string (j2));
  g_assert_cmpstr (fig_s (back, "A", "hex"), ==, "E4");
  g_assert_cmpstr (fig_s (back, "A", "facing"), ==, "NE");
  g_assert_cmpstr (fig_s (back, "A", "turn_hex"), ==, "A4");
}

/* "Bjorn is engaged (he is in Rolf's front hex), but Rolf is not engaged (he is in Bjorn's rear hex)" (p. 9). */
static void
test_engaged (void)
{
  /* Rolf = A in F7 facing NE; Bjorn = B in G7 facing NE: B stands in A's NE hex, A in B's SW (rear) */
  g_autoptr(MgState) st = duel ("arena_1977", "\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"NE\"}", FALSE);
  g_autoptr(json_object) j = mg_state_to_json (st);

  g_assert_cmpint (json_object_array_length (json_object_object_get (
    tft_test_find_named (json_object_object_get (json_object_object_get (j, "fight"), "figures"), "B"), "engaged_with")), ==, 1);
  g_assert_cmpint (json_object_array_length (json_object_object_get (
    tft_test_find_named (json_object_object_get (json_object_object_get (j, "fight"), "figures"), "A"), "engaged_with")), ==, 0);
  refuse (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\",\"to\":\"K7\"}", MG_RULES_ERROR_ILLEGAL, "is engaged");
  /* an engaged figure may shift one hex, staying next to every foe it is engaged with (p. 8) */
  refuse (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"to\":\"H6\"}", MG_RULES_ERROR_ILLEGAL, "next to");
  refuse (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"to\":\"G5\"}", MG_RULES_ERROR_ILLEGAL, "one hex");
  opt (st, "B", "\"option\":\"h\",\"to\":\"G8\",\"facing\":\"S\"");
  /* Rolf was never engaged: he runs (B, moved first, now faces away) */
  opt (st, "A", "\"option\":\"a\",\"to\":\"F3\"");
}

/* "A FIGURE MUST STOP ITS MOVEMENT when it enters any front hex of an enemy" (p. 8), both ways. */
static void
test_stop (void)
{
  g_autoptr(MgState) north = duel ("corridor", "\"A\":{\"hex\":\"A1\",\"facing\":\"SE\"},\"B\":{\"hex\":\"E2\",\"facing\":\"N\"}", FALSE);
  g_autoptr(MgState) south = duel ("corridor", "\"A\":{\"hex\":\"A1\",\"facing\":\"SE\"},\"B\":{\"hex\":\"E2\",\"facing\":\"S\"}", FALSE);
  g_autoptr(json_object) e = NULL, e2 = NULL;

  /* B in E2 facing N has D1, E1 and F1 before it: the corridor */
  refuse (north, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"H1\"}", MG_RULES_ERROR_ILLEGAL, "must stop");
  e = EVENT (north, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"D1\"}", "moved");
  g_assert_cmpint (iget (e, "hexes"), ==, 3);
  g_assert_cmpstr (fig_s (north, "A", "hex"), ==, "D1");
  /* facing away, B leaves the corridor free */
  e2 = EVENT (south, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"H1\"}", "moved");
  g_assert_cmpint (iget (e2, "hexes"), ==, 7);
}

/* Through figures (p. 8): never through a standing one; jumping a prone one costs 3, with a saving
 * roll against adjusted DX, missed: "falls down in that hex". */
static void
test_jump (void)
{
  static const char pos[] = "\"A\":{\"hex\":\"A1\",\"facing\":\"SE\"},\"B\":{\"hex\":\"H1\",\"facing\":\"NW\"},"
                            "\"C\":{\"hex\":\"C1\",\"facing\":\"SE\"},\"D\":{\"hex\":\"E2\",\"facing\":\"S\"}";
  g_autoptr(MgState) st = duel ("corridor", pos, TRUE);
  g_autoptr(MgState) fall = duel ("corridor", pos, TRUE);
  g_autoptr(json_object) e = NULL, f = NULL;

  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"E1\"}", MG_RULES_ERROR_ILLEGAL, "blocked");
  opt (st, "C", "\"option\":\"d\"");              /* C drops prone where it stands */
  opt (fall, "C", "\"option\":\"d\"");
  /* 1 + 3 + 1 + 1 hexes, a saving roll of 9 against 12 */
  e = EVENT (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"E1\"}", "moved", 3, 3, 3);
  g_assert_cmpint (iget (e, "hexes"), ==, 6);
  g_assert_cmpint (iget (e, "saving_roll"), ==, 9);
  g_assert_cmpstr (fig_s (st, "A", "hex"), ==, "E1");
  g_assert_cmpstr (fig_s (st, "A", "posture"), ==, "standing");
  /* a 17 misses: A falls in C1, having spent 4 */
  f = EVENT (fall, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"to\":\"E1\"}", "moved", 6, 6, 5);
  g_assert_cmpint (iget (f, "hexes"), ==, 4);
  g_assert_cmpstr (fig_s (fall, "A", "hex"), ==, "C1");
  g_assert_cmpstr (fig_s (fall, "A", "posture"), ==, "fallen");
  /* only a move over its MA is refused: MA 10 */
  refuse (fall, "{\"type\":\"option\",\"figure\":\"D\",\"option\":\"b\",\"to\":\"A1\"}", MG_RULES_ERROR_ILLEGAL, NULL);
}

/* "ONLY AN ENEMY IN ONE OF YOUR THREE FRONT HEXES MAY BE ATTACKED"; +2 from the side, +4 from the rear (p. 9). */
static void
attack_from (const char *pos, const char *option, gint want_adj, const char *refusal)
{
  g_autoptr(MgState) st = duel ("arena_1977", pos, FALSE);
  g_autoptr(json_object) e = NULL;

  opt (st, "A", option);
  opt (st, "B", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  if (refusal)
    {
      refuse (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", MG_RULES_ERROR_ILLEGAL, refusal);
      refuse (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"facing\":\"front\"}", MG_RULES_ERROR_ILLEGAL, "leave out");
      return;
    }
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", "attack", 6, 6, 4);
  g_assert_cmpint (iget (e, "adj_dx"), ==, want_adj);
}

#define B_ "\"option\":\"b\""   /* A not engaged: a charge attack, standing still */
#define H_ "\"option\":\"h\""   /* A engaged (in B's front hexes) */

static void
test_facing (void)
{
  /* A in F7 facing NE strikes B in G7: from B's rear (B faces NE), side (B faces N), front (B faces SW) */
  attack_from ("\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"NE\"}", B_, 16, NULL);
  attack_from ("\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"N\"}", B_, 14, NULL);
  attack_from ("\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"SW\"}", H_, 12, NULL);
  /* B beside A (A faces S): no attack */
  attack_from ("\"A\":{\"hex\":\"F7\",\"facing\":\"S\"},\"B\":{\"hex\":\"G7\",\"facing\":\"SW\"}", H_, 0, "front hexes");
  attack_from ("\"A\":{\"hex\":\"F7\",\"facing\":\"N\"},\"B\":{\"hex\":\"H7\",\"facing\":\"SW\"}", B_, 0, "not next to");
}

/* Missile range (p. 14): none up to 2 MH, −1 at 3–4, −2 at 5–6; "in front" only; never facing adds. */
static void
shoot (const char *target_hex, gint want_adj, const char *refusal)
{
  g_autoptr(MgState) st = board_state (TRUE);
  g_autofree char *f = g_strdup_printf ("{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"W\"],\"Y\":[\"B\"]},"
                                        "\"positions\":{\"W\":{\"hex\":\"A5\",\"facing\":\"NE\"},"
                                        "\"B\":{\"hex\":\"%s\",\"facing\":\"NE\"}}}", target_hex);
  g_autoptr(json_object) e = NULL;

  create (st, "W", 14, 10, ",\"weapons\":[\"longbow\",\"dagger\"]");
  create (st, "B", 12, 12, "");
  PLAY (st, f);
  opt (st, "W", "\"option\":\"f\"");
  opt (st, "B", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  if (refusal)
    {
      refuse (st, "{\"type\":\"attack\",\"figure\":\"W\",\"target\":\"B\"}", MG_RULES_ERROR_ILLEGAL, refusal);
      return;
    }
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"W\",\"target\":\"B\"}", "attack", 6, 6, 4);
  g_assert_cmpint (iget (e, "adj_dx"), ==, want_adj);
}

static void
test_missile (void)
{
  shoot ("G4", 10, NULL);   /* 2 MH; B's rear is towards W, but missiles get no facing adds */
  shoot ("H5", 9, NULL);    /* 3 MH */
  shoot ("L5", 9, NULL);    /* 4 MH */
  shoot ("M5", 8, NULL);    /* 5 MH */
  shoot ("P5", 8, NULL);    /* 6 MH */
  shoot ("A9", 0, "not in front");
}

/* Thrown weapons: −1 DX a hex (p. 14); a figure in the way rolled to miss; one along an edge is not. */
static void
test_thrown (void)
{
  static const char fmt[] = "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\",\"F\"],\"Y\":[\"B\"]},"
                            "\"positions\":{\"A\":{\"hex\":\"A5\",\"facing\":\"NE\"},\"B\":{\"hex\":\"E5\",\"facing\":\"SW\"},"
                            "\"F\":{\"hex\":\"%s\",\"facing\":\"N\"}}}";
  for (gint way = 0; way < 2; way++)
    {
      g_autoptr(MgState) st = board_state (TRUE);
      g_autofree char *f = g_strdup_printf (fmt, way ? "C5" : "B5");
      g_autoptr(json_object) j = NULL, dropped = NULL;
      create (st, "A", 12, 12, ",\"weapons\":[\"dagger\"]");
      create (st, "B", 12, 12, "");
      create (st, "F", 12, 12, "");
      PLAY (st, f);
      opt (st, "A", "\"option\":\"b\"");
      opt (st, "B", "\"option\":\"none\"");
      opt (st, "F", "\"option\":\"none\"");
      PLAY (st, "{\"type\":\"attacks\"}");
      if (way)   /* F in C5: first a roll to miss F (5 against 12 − 2: it flies past), then 16 against 12 − 4 */
        PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true}", 2, 2, 1, 6, 6, 4);
      else       /* F in B5, the line along its edge: only the roll to hit B at −4 */
        {
          g_autoptr(json_object) e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true}",
                                            "attack", 6, 6, 4);
          g_assert_cmpint (iget (e, "adj_dx"), ==, 8);
        }
      /* the missed dagger flies on 10 hexes past B: it lands in O5 */
      j = mg_state_to_json (st);
      dropped = json_object_get (json_object_object_get (json_object_object_get (j, "fight"), "dropped"));
      g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (dropped, 0), "hex")), ==, "O5");
    }
}

/* "A roll of 17 … the attacker drops that weapon in his own hex" (p. 10), picked up only there (p. 7). */
static void
test_dropped (void)
{
  g_autoptr(MgState) st = duel ("arena_1977", "\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"SW\"}", FALSE);
  g_autoptr(json_object) j = NULL;

  opt (st, "A", "\"option\":\"h\"");
  opt (st, "B", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 6, 6, 5);
  PLAY (st, "{\"type\":\"end_turn\"}");
  j = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (
    json_object_object_get (json_object_object_get (j, "fight"), "dropped"), 0), "hex")), ==, "F7");
  /* A shifts to F6 and cannot pick it up there; in F7 it can (option o) */
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"k\",\"weapon\":\"broadsword\",\"to\":\"F6\"}",
          MG_RULES_ERROR_ILLEGAL, NULL);
  opt (st, "A", "\"option\":\"o\",\"weapon\":\"broadsword\"");
}

/* Forcing retreat (p. 18): the loser one hex into a vacant hex; the victor may follow. HTH (p. 16):
 * onto the enemy's hex, from the rear with no other reason needed. */
static void
test_retreat_hth (void)
{
  g_autoptr(MgState) st = duel ("arena_1977", "\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"SW\"}", FALSE);
  g_autoptr(MgState) h = duel ("arena_1977", "\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"G7\",\"facing\":\"NE\"}", FALSE);

  opt (st, "A", "\"option\":\"h\"");
  opt (st, "B", "\"option\":\"h\"");
  PLAY (st, "{\"type\":\"attacks\"}", 6, 1);
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 3, 3, 3, 1, 1);
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\"}", 6, 6, 4);
  refuse (st, "{\"type\":\"end_turn\",\"retreats\":[{\"figure\":\"B\",\"by\":\"A\"}]}", MG_RULES_ERROR_ILLEGAL, "\"to\"");
  refuse (st, "{\"type\":\"end_turn\",\"retreats\":[{\"figure\":\"B\",\"by\":\"A\",\"to\":\"J7\"}]}", MG_RULES_ERROR_ILLEGAL, "next to");
  refuse (st, "{\"type\":\"end_turn\",\"retreats\":[{\"figure\":\"B\",\"by\":\"A\",\"to\":\"F7\"}]}", MG_RULES_ERROR_ILLEGAL, "not empty");
  PLAY (st, "{\"type\":\"end_turn\",\"retreats\":[{\"figure\":\"B\",\"by\":\"A\",\"to\":\"H7\",\"follow\":true}]}");
  g_assert_cmpstr (fig_s (st, "B", "hex"), ==, "H7");
  g_assert_cmpstr (fig_s (st, "A", "hex"), ==, "G7");

  /* A behind B (B faces away): option b onto B's hex, the board says "from the rear" */
  opt (h, "A", "\"option\":\"b\"");
  opt (h, "B", "\"option\":\"none\"");
  PLAY (h, "{\"type\":\"attacks\"}");
  PLAY (h, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"mode\":\"hth\"}", 1, 6, 6, 4);
  g_assert_cmpstr (fig_s (h, "A", "hex"), ==, "G7");
  g_assert_cmpstr (fig_s (h, "A", "posture"), ==, "hth");
}

/* The combat example's first turns (p. 20) on the arena: "Flavius … runs toward him his full MA – 6 hexes.
 * Wulf moves up 1. … (Flavius was close enough that there was no DX adjustment for range)". */
static void
test_example (void)
{
  g_autoptr(MgState) st = board_state (TRUE);
  g_autoptr(json_object) e = NULL, e3 = NULL;
  char *text;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":12,\"dx\":12,"
            "\"weapons\":[\"shortsword\",\"dagger\"],\"armor\":\"chainmail\",\"shield\":\"large_shield\"}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":14,\"dx\":10,"
            "\"weapons\":[\"longbow\",\"two_handed_sword\",\"dagger\"]}");
  /* "The two enter from opposite sides of the board": the doors A5 and P5 */
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"Romans\":[\"Flavius\"],\"Germans\":[\"Wulf\"]},"
            "\"positions\":{\"Flavius\":{\"hex\":\"A5\",\"facing\":\"SE\"},\"Wulf\":{\"hex\":\"P5\",\"facing\":\"NW\"}}}");
  PLAY (st, "{\"type\":\"initiative\"}", 5, 2);
  text = tft_test_play (st, "{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"a\",\"to\":\"G5\",\"facing\":\"SE\"}", NULL, 0);
  g_assert_nonnull (strstr (text, "Flavius moves 6 hexes to G5"));
  g_free (text);
  opt (st, "Wulf", "\"option\":\"f\",\"to\":\"O5\",\"facing\":\"NW\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* 8 hexes apart, 2 mega-hexes: Wulf's DX 10 unadjusted; he rolls 9, then 5 on the die: 7 hits, 5 stopped */
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"Wulf\",\"target\":\"Flavius\"}", "attack", 3, 3, 3, 5);
  g_assert_cmpint (iget (e, "adj_dx"), ==, 10);
  PLAY (st, "{\"type\":\"end_turn\"}");
  g_assert_cmpint (tft_test_fig_int (st, "Flavius", "hits"), ==, 2);
  /* turn 2: Flavius moves ½ MA and dodges; Wulf backs up 1 and fires on 4 dice: 16 misses */
  opt (st, "Flavius", "\"option\":\"c\",\"to\":\"J5\",\"facing\":\"SE\"");
  opt (st, "Wulf", "\"option\":\"f\",\"to\":\"P5\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"Wulf\",\"target\":\"Flavius\"}", 4, 4, 4, 4);
  PLAY (st, "{\"type\":\"end_turn\"}");
  /* turn 3: "Flavius run[s] the 5 hexes to where Wulf is standing – so Wulf is engaged" */
  text = tft_test_play (st, "{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"a\",\"to\":\"O5\",\"facing\":\"SE\"}", NULL, 0);
  g_assert_nonnull (strstr (text, "moves 5 hexes to O5, facing SE, now engaged with Wulf"));
  g_free (text);
  /* Wulf is engaged: he shifts one hex (staying beside Flavius) and gets off his last shot (option j) */
  refuse (st, "{\"type\":\"option\",\"figure\":\"Wulf\",\"option\":\"f\"}", MG_RULES_ERROR_ILLEGAL, "engaged");
  opt (st, "Wulf", "\"option\":\"j\",\"to\":\"O6\",\"facing\":\"N\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  e3 = EVENT (st, "{\"type\":\"attack\",\"figure\":\"Wulf\",\"target\":\"Flavius\"}", "attack", 2, 3, 3, 2);
  g_assert_cmpint (iget (e3, "adj_dx"), ==, 10);
  PLAY (st, "{\"type\":\"end_turn\"}");
  g_assert_cmpint (tft_test_fig_int (st, "Flavius", "hits"), ==, 2);
}

/* "If a figure with a pole weapon stays in the same hex on the turn an enemy charges him, he gets +2 DX"
 * (p. 11): B charges 3 hexes into A's front; A strikes standing still (+2), or after a shift (no +2). */
static void
test_pole (void)
{
  for (gint shift = 0; shift < 2; shift++)
    {
      g_autoptr(MgState) st = board_state (TRUE);
      g_autoptr(json_object) e = NULL;
      create (st, "A", 11, 13, ",\"weapons\":[\"spear\"]");
      create (st, "B", 12, 12, ",\"weapons\":[\"broadsword\"]");
      PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]},"
                "\"positions\":{\"A\":{\"hex\":\"F7\",\"facing\":\"NE\"},\"B\":{\"hex\":\"J6\",\"facing\":\"SW\"}}}");
      e = EVENT (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"b\",\"to\":\"G7\",\"facing\":\"SW\"}", "moved");
      g_assert_cmpint (iget (e, "hexes"), ==, 3);
      /* A is now in B's front hex: engaged, it shifts and attacks (h) */
      opt (st, "A", shift ? "\"option\":\"h\",\"to\":\"F6\",\"facing\":\"SE\"" : "\"option\":\"h\"");
      PLAY (st, "{\"type\":\"attacks\"}");
      g_clear_pointer (&e, json_object_put);
      e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", "attack", 6, 6, 4);
      g_assert_cmpint (iget (e, "adj_dx"), ==, shift ? 13 : 15);
    }
}

/* A fight of four figures to its end, every action picked from legal_actions() with seeded dice. */
static void
test_four (void)
{
  g_autoptr(MgState) st = duel ("arena_1977", "\"A\":{\"hex\":\"C4\",\"facing\":\"SE\"},\"C\":{\"hex\":\"C6\",\"facing\":\"NE\"},"
                                "\"B\":{\"hex\":\"N4\",\"facing\":\"SW\"},\"D\":{\"hex\":\"N6\",\"facing\":\"NW\"}", TRUE);
  g_autoptr(MgDice) dice = mg_dice_new_seeded (46);
  gboolean over = FALSE;
  guint played = 0;

  for (guint step = 0; step < 2000 && !over; step++)
    {
      g_autoptr(json_object) legal = mg_state_legal_actions (st, MG_SEAT_ALL);
      json_object *pick = NULL;
      /* the first attack, then the first move, then the rest in order: the fight goes forward */
      static const char * const pref[] = { "end_fight", "attack", "attacks", "option", "end_turn", NULL };
      for (guint p = 0; pref[p] && !pick; p++)
        for (guint i = 0; i < json_object_array_length (legal) && !pick; i++)
          {
            json_object *a = json_object_array_get_idx (legal, i);
            if (strcmp (json_object_get_string (json_object_object_get (a, "type")), pref[p]) == 0 &&
                !json_object_object_get (a, "abandon") && (strcmp (pref[p], "option") != 0 ||
                 json_object_object_get (a, "facing")))
              pick = a;
          }
      if (pick == NULL)
        for (guint i = 0; i < json_object_array_length (legal) && !pick; i++)
          if (strcmp (json_object_get_string (json_object_object_get (json_object_array_get_idx (legal, i), "type")), "pass") == 0 ||
              strcmp (json_object_get_string (json_object_object_get (json_object_array_get_idx (legal, i), "type")), "option") == 0)
            pick = json_object_array_get_idx (legal, i);
      g_assert_nonnull (pick);
      over = strcmp (json_object_get_string (json_object_object_get (pick, "type")), "end_fight") == 0;
      {
        g_autoptr(GError) error = NULL;
        json_object *ev = mg_state_apply (st, pick, dice, NULL, &error);
        g_assert_no_error (error);
        json_object_put (ev);
      }
      played++;
    }
  g_assert_true (over);
  g_assert_cmpuint (played, <, 2000);
}

/* What the phone's picture of the arena holds, read back as XML: each hex's centre, each counter. */
typedef struct {
  GHashTable *hexes;     /* "F7" → "x,y" */
  GHashTable *counters;  /* figure → "hex facing x,y[ down]" */
  char       *figure;    /* the counter being read */
  guint       wedges;
} SvgRead;

static void
svg_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values, gpointer data,
           GError **error)
{
  SvgRead *r = data;
  const char *hex = NULL, *x = NULL, *y = NULL, *fig = NULL, *facing = NULL, *down = NULL;
  for (guint i = 0; names[i]; i++)
    {
      const char *n = names[i];
      if (!strcmp (n, "data-hex")) hex = values[i];
      else if (!strcmp (n, "x") || !strcmp (n, "cx")) x = values[i];
      else if (!strcmp (n, "y") || !strcmp (n, "cy")) y = values[i];
      else if (!strcmp (n, "data-figure")) fig = values[i];
      else if (!strcmp (n, "data-facing")) facing = values[i];
      else if (!strcmp (n, "data-down")) down = values[i];
      /* a picture a phone shows as an image: no script, no handler */
      g_assert_false (g_str_has_prefix (n, "on"));
    }
  g_assert_cmpstr (element, !=, "script");
  if (!strcmp (element, "use"))
    g_hash_table_insert (r->hexes, g_strdup (hex), g_strdup_printf ("%s,%s", x, y));
  else if (!strcmp (element, "g") && fig)
    {
      g_free (r->figure);
      r->figure = g_strdup (fig);
      g_hash_table_insert (r->counters, g_strdup (fig), g_strdup_printf ("%s %s%s", hex, facing, down ? " down" : ""));
    }
  else if (!strcmp (element, "circle") && r->figure)
    {
      char *c = g_hash_table_lookup (r->counters, r->figure);
      g_hash_table_insert (r->counters, g_strdup (r->figure), g_strdup_printf ("%s @%s,%s", c, x, y));
    }
  else if (!strcmp (element, "polygon") && r->figure)
    r->wedges++;
}

static void
svg_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  SvgRead *r = data;
  if (!strcmp (element, "g"))
    g_clear_pointer (&r->figure, g_free);
}

static void
svg_read (const char *svg, SvgRead *r)
{
  static const GMarkupParser parser = { svg_start, svg_end, NULL, NULL, NULL };
  g_autoptr(GError) error = NULL;
  GMarkupParseContext *ctx;
  r->hexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  r->counters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  r->figure = NULL;
  r->wedges = 0;
  ctx = g_markup_parse_context_new (&parser, 0, r, NULL);
  g_markup_parse_context_parse (ctx, svg, -1, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (ctx, &error);
  g_assert_no_error (error);
  g_markup_parse_context_free (ctx);
}

/* Where the counter of `figure` is drawn, and whether that is the centre of the hex the state holds. */
static void
assert_drawn_at (SvgRead *r, MgState *st, const char *figure, const char *facing, gboolean down)
{
  const char *c = g_hash_table_lookup (r->counters, figure);
  g_autofree char *expect = NULL;
  char hex[8];
  g_strlcpy (hex, fig_s (st, figure, "hex"), sizeof hex);
  g_assert_nonnull (c);
  expect = g_strdup_printf ("%s %s%s @%s", hex, facing, down ? " down" : "", (char *) g_hash_table_lookup (r->hexes, hex));
  g_assert_cmpstr (c, ==, expect);
}

/* The phones' picture (MgGame.board_svg, issue 46): every hex of the 16 × 9 arena, each counter on the
 * centre of the hex the engine holds with the facing it holds, a fallen one grey and faceless (p. 11:
 * "rear" all round), a name with markup in it read back as typed; moved, the counter moves; no board,
 * no picture. */
static void
test_svg (void)
{
  g_autoptr(MgState) st = board_state (TRUE);
  g_autoptr(MgState) off = board_state (FALSE);
  g_autoptr(json_object) view = NULL, off_view = NULL;
  g_autofree char *svg = NULL, *svg2 = NULL;
  SvgRead r = { 0 };
  const MgGame *game = mg_game_lookup ("tft");

  g_assert_true (game->board_svg == mg_tft_board_svg);
  create (st, "Flavius", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "Wulf <&\\\">", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "C", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "D", 12, 12, ",\"weapons\":[\"broadsword\"]");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\","
            "\"sides\":{\"X\":[\"Flavius\",\"C\"],\"Y\":[\"Wulf <&\\\">\",\"D\"]},\"positions\":{"
            "\"Flavius\":{\"hex\":\"D7\",\"facing\":\"N\"},\"C\":{\"hex\":\"C4\",\"facing\":\"SE\"},"
            "\"Wulf <&\\\">\":{\"hex\":\"G7\",\"facing\":\"NE\"},\"D\":{\"hex\":\"N6\",\"facing\":\"NW\"}}}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"D\",\"option\":\"d\"}");   /* drops prone */
  view = mg_state_view (st, MG_SEAT_PUBLIC);
  svg = mg_tft_board_svg (view);
  g_assert_nonnull (svg);
  svg_read (svg, &r);
  g_assert_cmpuint (g_hash_table_size (r.hexes), ==, 16 * 9);
  g_assert_cmpuint (g_hash_table_size (r.counters), ==, 4);
  assert_drawn_at (&r, st, "Flavius", "N", FALSE);
  assert_drawn_at (&r, st, "Wulf <&\">", "NE", FALSE);
  assert_drawn_at (&r, st, "C", "SE", FALSE);
  assert_drawn_at (&r, st, "D", "NW", TRUE);
  g_assert_cmpuint (r.wedges, ==, 3);              /* the three standing figures show the side they face */
  /* neighbours a column apart, half a hex lower: F7 and G7's centres 15 and 8.7 apart (a hex's radius 10) */
  g_assert_cmpstr (g_hash_table_lookup (r.hexes, "A1"), ==, "10,8.7");
  g_assert_cmpstr (g_hash_table_lookup (r.hexes, "B1"), ==, "25,17.3");
  g_hash_table_destroy (r.hexes), g_hash_table_destroy (r.counters);

  /* Flavius runs to F7 facing NE: the picture follows */
  PLAY (st, "{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"a\",\"to\":\"F7\",\"facing\":\"NE\"}");
  g_clear_pointer (&view, json_object_put);
  view = mg_state_view (st, MG_SEAT_PUBLIC);
  svg2 = mg_tft_board_svg (view);
  svg_read (svg2, &r);
  g_assert_cmpstr (fig_s (st, "Flavius", "hex"), ==, "F7");
  assert_drawn_at (&r, st, "Flavius", "NE", FALSE);
  g_hash_table_destroy (r.hexes), g_hash_table_destroy (r.counters);

  /* the house rule "no board": a fight with no arena draws nothing */
  create (off, "A", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (off, "B", 12, 12, ",\"weapons\":[\"broadsword\"]");
  PLAY (off, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  off_view = mg_state_view (off, MG_SEAT_PUBLIC);
  g_assert_null (mg_tft_board_svg (off_view));
  g_assert_null (mg_tft_board_svg (NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tft/arena/geometry", test_geometry);
  g_test_add_func ("/tft/arena/line", test_line);
  g_test_add_func ("/tft/arena/start", test_start);
  g_test_add_func ("/tft/arena/engaged", test_engaged);
  g_test_add_func ("/tft/arena/stop", test_stop);
  g_test_add_func ("/tft/arena/jump", test_jump);
  g_test_add_func ("/tft/arena/facing", test_facing);
  g_test_add_func ("/tft/arena/missile", test_missile);
  g_test_add_func ("/tft/arena/thrown", test_thrown);
  g_test_add_func ("/tft/arena/dropped", test_dropped);
  g_test_add_func ("/tft/arena/retreat-hth", test_retreat_hth);
  g_test_add_func ("/tft/arena/example", test_example);
  g_test_add_func ("/tft/arena/pole", test_pole);
  g_test_add_func ("/tft/arena/four", test_four);
  g_test_add_func ("/tft/arena/svg", test_svg);
  return g_test_run ();
}
