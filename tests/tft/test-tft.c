/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tft.c — the TFT Melee engine against the 1977 rulebook's numbers. */
#include "config.h"

#include <string.h>

#include "tft-test-util.h"

#define ruleset tft_test_ruleset
#define new_state tft_test_new_state
#define refuse tft_test_refuse
#define find_named tft_test_find_named
#define fig_int tft_test_fig_int
#define roster_int tft_test_roster_int
#define iget tft_test_iget
#define duel_state tft_test_duel_state

/* ---- ruleset values against the text (p. 13, 11, 19) ---- */

static json_object *
entry (json_object *rs, const char *list, const char *id)
{
  json_object *a = json_object_object_get (rs, list);
  for (guint i = 0; i < json_object_array_length (a); i++)
    {
      json_object *o = json_object_array_get_idx (a, i);
      if (strcmp (json_object_get_string (json_object_object_get (o, "id")), id) == 0)
        return o;
    }
  g_error ("no %s in %s", id, list);
  return NULL;
}

static void
test_weapon_table (void)
{
  g_autoptr(json_object) rs = ruleset ();
  /* id, dice, adds, ST, thrown, two-handed: the WEAPON TABLE, p. 13 */
  static const struct { const char *id; gint dice, adds, st; gboolean thrown, two; const char *cls; } t[] = {
    { "dagger", 1, -1, 0, TRUE, FALSE, "melee" }, { "main_gauche", 1, -1, 0, FALSE, FALSE, "melee" },
    { "rapier", 1, 0, 9, FALSE, FALSE, "melee" }, { "club", 1, 0, 9, TRUE, FALSE, "melee" },
    { "hammer", 1, 1, 10, TRUE, FALSE, "melee" }, { "cutlass", 2, -2, 10, FALSE, FALSE, "melee" },
    { "shortsword", 2, -1, 11, FALSE, FALSE, "melee" }, { "mace", 2, -1, 11, TRUE, FALSE, "melee" },
    { "small_ax", 1, 2, 11, TRUE, FALSE, "melee" }, { "broadsword", 2, 0, 12, FALSE, FALSE, "melee" },
    { "morningstar", 2, 1, 13, FALSE, FALSE, "melee" }, { "two_handed_sword", 3, -1, 14, FALSE, TRUE, "melee" },
    { "battleaxe", 3, 0, 15, FALSE, TRUE, "melee" }, { "javelin", 1, -1, 9, TRUE, FALSE, "pole" },
    { "spear", 1, 1, 11, TRUE, TRUE, "pole" }, { "halberd", 2, -1, 13, FALSE, TRUE, "pole" },
    { "pike_axe", 2, 2, 15, FALSE, TRUE, "pole" }, { "rock", 1, -4, 0, TRUE, FALSE, "thrown" },
    { "sling", 1, -2, 0, FALSE, FALSE, "missile" }, { "small_bow", 1, -1, 9, FALSE, TRUE, "missile" },
    { "horse_bow", 1, 0, 10, FALSE, TRUE, "missile" }, { "longbow", 1, 2, 11, FALSE, TRUE, "missile" },
    { "light_crossbow", 2, 0, 12, FALSE, TRUE, "missile" }, { "heavy_crossbow", 3, 0, 15, FALSE, TRUE, "missile" },
  };
  json_object *w;

  g_assert_cmpuint (json_object_array_length (json_object_object_get (rs, "weapons")), ==, G_N_ELEMENTS (t));
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      w = entry (rs, "weapons", t[i].id);
      g_assert_cmpint (iget (w, "dice"), ==, t[i].dice);
      g_assert_cmpint (iget (w, "adds"), ==, t[i].adds);
      g_assert_cmpint (iget (w, "st"), ==, t[i].st);
      g_assert_cmpint (json_object_get_boolean (json_object_object_get (w, "thrown")), ==, t[i].thrown);
      g_assert_cmpint (json_object_get_boolean (json_object_object_get (w, "two_handed")), ==, t[i].two);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "class")), ==, t[i].cls);
    }
  /* 2 shots/turn at adjDX 15+, 16+, 18+; crossbows every other / every 3rd turn, faster at 14+ / 16+ */
  g_assert_cmpint (iget (entry (rs, "weapons", "small_bow"), "two_shots_at"), ==, 15);
  g_assert_cmpint (iget (entry (rs, "weapons", "horse_bow"), "two_shots_at"), ==, 16);
  g_assert_cmpint (iget (entry (rs, "weapons", "longbow"), "two_shots_at"), ==, 18);
  w = json_object_object_get (entry (rs, "weapons", "light_crossbow"), "crossbow");
  g_assert_cmpint (iget (w, "reload"), ==, 1);
  g_assert_cmpint (iget (w, "fast_at"), ==, 14);
  g_assert_cmpint (iget (w, "fast_reload"), ==, 0);
  w = json_object_object_get (entry (rs, "weapons", "heavy_crossbow"), "crossbow");
  g_assert_cmpint (iget (w, "reload"), ==, 2);
  g_assert_cmpint (iget (w, "fast_at"), ==, 16);
  g_assert_cmpint (iget (w, "fast_reload"), ==, 1);
  /* Dagger 1+2 in HTH; main-gauche 1-1 in HTH */
  w = json_object_object_get (entry (rs, "weapons", "dagger"), "hth");
  g_assert_cmpint (iget (w, "dice"), ==, 1);
  g_assert_cmpint (iget (w, "adds"), ==, 2);
  w = json_object_object_get (entry (rs, "weapons", "main_gauche"), "hth");
  g_assert_cmpint (iget (w, "adds"), ==, -1);
}

static void
test_armor_races_beasts (void)
{
  g_autoptr(json_object) rs = ruleset ();
  static const struct { const char *id; gint stops, dx, ma; } armor[] = {
    { "plate", 5, -6, 6 }, { "chainmail", 3, -3, 6 }, { "leather", 2, -2, 8 } };
  static const struct { const char *id; gint total, min_st, min_dx, ma; } races[] = {
    { "human", 24, 8, 8, 10 }, { "orc", 24, 8, 8, 10 }, { "hobgoblin", 20, 6, 6, 10 }, { "goblin", 18, 4, 4, 10 },
    { "elf", 24, 6, 10, 12 }, { "dwarf", 24, 10, 6, 10 }, { "halfling", 20, 4, 12, 10 } };
  static const struct { const char *id; gint st, dx, ma, armor; } beasts[] = {
    { "bear", 30, 11, 8, 2 }, { "wolf", 10, 14, 12, 1 }, { "giant_snake", 12, 12, 6, 0 }, { "giant", 24, 9, 10, 0 },
    { "gargoyle", 20, 11, 8, 3 } };
  json_object *o;

  for (guint i = 0; i < G_N_ELEMENTS (armor); i++)
    {
      o = entry (rs, "armor", armor[i].id);
      g_assert_cmpint (iget (o, "stops"), ==, armor[i].stops);
      g_assert_cmpint (iget (o, "dx"), ==, armor[i].dx);
      g_assert_cmpint (iget (o, "ma"), ==, armor[i].ma);
    }
  g_assert_cmpint (iget (rs, "unarmored_ma"), ==, 10);
  o = entry (rs, "shields", "large_shield");
  g_assert_cmpint (iget (o, "stops"), ==, 2);
  g_assert_cmpint (iget (o, "dx"), ==, -1);
  o = entry (rs, "shields", "small_shield");
  g_assert_cmpint (iget (o, "stops"), ==, 1);
  g_assert_cmpint (iget (o, "dx"), ==, 0);
  o = json_object_object_get (rs, "main_gauche");
  g_assert_cmpint (iget (o, "stops"), ==, 1);
  g_assert_cmpint (iget (o, "dx_shield"), ==, -2);
  g_assert_cmpint (iget (o, "dx_weapon"), ==, -4);
  for (guint i = 0; i < G_N_ELEMENTS (races); i++)
    {
      o = entry (rs, "races", races[i].id);
      g_assert_cmpint (iget (o, "total"), ==, races[i].total);
      g_assert_cmpint (iget (o, "min_st"), ==, races[i].min_st);
      g_assert_cmpint (iget (o, "min_dx"), ==, races[i].min_dx);
      g_assert_cmpint (iget (o, "ma"), ==, races[i].ma);
    }
  g_assert_cmpint (iget (json_object_object_get (entry (rs, "races", "elf"), "ma_in_armor"), "leather"), ==, 10);
  g_assert_cmpint (iget (entry (rs, "races", "dwarf"), "bonus_damage"), ==, 1);
  g_assert_cmpint (iget (entry (rs, "races", "halfling"), "missile_dx"), ==, 3);
  g_assert_cmpint (iget (entry (rs, "races", "halfling"), "missile_damage"), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (beasts); i++)
    {
      o = entry (rs, "beasts", beasts[i].id);
      g_assert_cmpint (iget (o, "st"), ==, beasts[i].st);
      g_assert_cmpint (iget (o, "dx"), ==, beasts[i].dx);
      g_assert_cmpint (iget (o, "ma"), ==, beasts[i].ma);
      g_assert_cmpint (iget (o, "armor"), ==, beasts[i].armor);
    }
  g_assert_cmpint (iget (json_object_object_get (entry (rs, "beasts", "bear"), "attack"), "adds"), ==, 2);
  g_assert_cmpint (iget (json_object_object_get (entry (rs, "beasts", "bear"), "hth"), "dice"), ==, 3);
  g_assert_cmpint (iget (entry (rs, "beasts", "giant_snake"), "hard_to_hit"), ==, -3);
  g_assert_cmpint (iget (entry (rs, "beasts", "gargoyle"), "ma_flying"), ==, 16);
  g_assert_cmpint (iget (json_object_object_get (entry (rs, "beasts", "giant"), "injury"), "wound_hits"), ==, 9);
  g_assert_cmpint (iget (json_object_object_get (entry (rs, "beasts", "giant"), "injury"), "fall_hits"), ==, 16);
  g_assert_cmpint (iget (json_object_object_get (entry (rs, "beasts", "giant"), "hth"), "adds"), ==, -1);
}

static void
test_bad_ruleset (void)
{
  static const struct { const char *path, *patch; } cases[] = {
    { "$.weapons[6].st", "weapons.6.st=\"x\"" },
    { "$.armor[0]: unknown field", "armor.0.weigth=1" },
    { "$.injury.wound_hits", "injury.wound_hits=-1" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(json_object) rs = ruleset ();
      g_autoptr(GError) error = NULL;
      if (i == 0)
        json_object_object_add (json_object_array_get_idx (json_object_object_get (rs, "weapons"), 6), "st",
                                json_object_new_string ("x"));
      else if (i == 1)
        json_object_object_add (json_object_array_get_idx (json_object_object_get (rs, "armor"), 0), "weigth",
                                json_object_new_int (1));
      else
        json_object_object_add (json_object_object_get (rs, "injury"), "wound_hits", json_object_new_int (-1));
      g_assert_false (mg_tft_rules ()->check_ruleset (rs, &error));
      g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
      g_assert_true (g_str_has_prefix (error->message, cases[i].path));
    }
}

/* ---- figures and the record card (p. 5: Ragnar) ---- */

static void
test_ragnar_card (void)
{
  g_autoptr(MgState) st = new_state ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) card = NULL, j = NULL;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Ragnar\",\"kind\":\"human\",\"st\":11,\"dx\":13,"
            "\"weapons\":[\"spear\",\"dagger\"],\"armor\":\"leather\",\"shield\":\"large_shield\",\"ep\":50}");
  card = mg_tft_record_card (st, "Ragnar", &error);
  g_assert_no_error (error);
  /* DX = 13 (11)(10), MA = 8, leather stops 2, 4 with the shield, EP 50 */
  g_assert_cmpint (iget (card, "dx"), ==, 13);
  g_assert_cmpint (iget (card, "adj_dx"), ==, 11);
  g_assert_cmpint (iget (card, "adj_dx_shield"), ==, 10);
  g_assert_cmpint (iget (card, "ma"), ==, 8);
  g_assert_cmpint (iget (card, "stops"), ==, 2);
  g_assert_cmpint (iget (card, "stops_shield"), ==, 4);
  g_assert_cmpint (iget (card, "ep"), ==, 50);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
    json_object_array_get_idx (json_object_object_get (card, "weapons"), 0), "damage")), ==, "1+1");
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
    json_object_array_get_idx (json_object_object_get (card, "weapons"), 1), "damage")), ==, "1-1");
  /* the spear is two-handed: the shield is slung */
  j = mg_state_to_json (st);
  g_assert_false (json_object_get_boolean (json_object_object_get (
    find_named (json_object_object_get (j, "roster"), "Ragnar"), "shield_ready")));
}

static void
test_figure_rules (void)
{
  g_autoptr(MgState) st = new_state ();

  /* totals and minimums (p. 5, 19) */
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":13,\"dx\":12}",
          MG_RULES_ERROR_ILLEGAL, "total 24");
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":7,\"dx\":17}",
          MG_RULES_ERROR_ILLEGAL, "below 8");
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"elf\",\"st\":15,\"dx\":9}",
          MG_RULES_ERROR_ILLEGAL, "below 10");
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"halfling\",\"st\":8,\"dx\":14}",
          MG_RULES_ERROR_ILLEGAL, "total 20");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"G\",\"kind\":\"goblin\",\"st\":4,\"dx\":14}");
  /* ST on basic ST (p. 5): a broadsword needs 12 */
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"broadsword\"]}",
          MG_RULES_ERROR_ILLEGAL, "ST 12");
  /* two weapons plus one dagger, a shield counting as a weapon */
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":13,\"dx\":11,"
              "\"weapons\":[\"broadsword\",\"mace\"],\"shield\":\"small_shield\"}", MG_RULES_ERROR_ILLEGAL, "shield counts");
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":13,\"dx\":11,"
              "\"weapons\":[\"dagger\",\"main_gauche\"]}", MG_RULES_ERROR_ILLEGAL, "one dagger");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"W\",\"kind\":\"human\",\"st\":14,\"dx\":10,"
            "\"weapons\":[\"longbow\",\"two_handed_sword\",\"dagger\"]}");
  /* MA: elf 12, 10 in leather; dwarves in chainmail 6 */
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"E\",\"kind\":\"elf\",\"st\":10,\"dx\":14,\"armor\":\"leather\"}");
  {
    g_autoptr(json_object) c = mg_tft_record_card (st, "E", NULL);
    g_assert_cmpint (iget (c, "ma"), ==, 10);
  }
  /* beasts: suggested values; a wolf carries nothing */
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Fang\",\"kind\":\"wolf\"}");
  g_assert_cmpint (roster_int (st, "Fang", "st"), ==, 10);
  g_assert_cmpint (roster_int (st, "Fang", "dx"), ==, 14);
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"Fang2\",\"kind\":\"wolf\",\"weapons\":[\"dagger\"]}",
          MG_RULES_ERROR_ILLEGAL, "uses no weapons");
  refuse (st, "{\"type\":\"create_figure\",\"figure\":\"Og\",\"kind\":\"giant\",\"st\":20}", MG_RULES_ERROR_ILLEGAL, "24");
  /* 100 EP for +1 */
  refuse (st, "{\"type\":\"spend_ep\",\"figure\":\"W\",\"attribute\":\"st\"}", MG_RULES_ERROR_ILLEGAL, "100");
}

/* ---- the combat example, p. 20, through the engine ---- */

/* The object of `list` whose member `key` is `name`. */
static json_object *
find_named_member (json_object *list, const char *key, const char *name)
{
  for (guint i = 0; list && i < json_object_array_length (list); i++)
    if (g_strcmp0 (json_object_get_string (json_object_object_get (json_object_array_get_idx (list, i), key)), name) == 0)
      return json_object_array_get_idx (list, i);
  g_error ("no %s \"%s\"", key, name);
  return NULL;
}

/* Where the sample's figures stand after the row `seq` (1-based) of the arena's combat example,
 * and what the sentence says: "TURN 1 … he runs toward him his full MA – 6 hexes. Wulf moves up 1"
 * (p. 20); turn 3, Flavius runs 5 "to where Wulf is standing – so Wulf is engaged", Wulf "shifts
 * one hex so his back won't be to the wall"; turn 8, "Flavius retreats him one hex and follows". */
static const struct { guint seq; const char *figure, *hex, *said; } example_on_the_arena[] = {
  { 6, "Flavius", "G5", "Flavius moves 6 hexes to G5" },
  { 7, "Wulf", "O5", "Wulf moves 1 hex to O5" },
  { 13, "Wulf", "P5", "Wulf moves 1 hex to P5" },
  { 18, "Flavius", "O5", "Flavius moves 5 hexes to O5, facing SE, now engaged with Wulf." },
  { 19, "Wulf", "O6", "Wulf moves 1 hex to O6, facing N, now engaged with Flavius." },
  { 25, "Wulf", "N5", "Wulf moves 1 hex to N5" },
  { 51, "Wulf", "M6", "Flavius forces Wulf back to M6 and follows into N5." },
  { 51, "Flavius", "N5", NULL },
};

/* The rulebook's combat example (p. 20), from a file: the shipped sample, on the arena (the
 * positions read from the hexes), or the same fight stated by the referee ("no board"). Either
 * way the book's numbers: nine turns, Flavius takes 2 + 5 hits, kills Wulf, earns 50 EP. */
static void
combat_example (const char *path, gboolean arena)
{
  g_autoptr(MgState) st = new_state ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gchar **lines;
  guint ended = 0, fights_ended = 0, placed = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] && *lines[i] && fights_ended == 0; i++)
    {
      g_autoptr(json_object) a = json_tokener_parse (lines[i]);
      json_object *dice = NULL;
      g_autoptr(MgDice) d = NULL;
      json_object *events;
      g_autofree char *said = NULL, *sentence = NULL;
      if (json_object_object_get_ex (a, "dice", &dice))
        d = mg_dice_new_from_json (dice, NULL);
      else
        d = mg_dice_new_seeded (1);
      json_object_object_del (a, "dice");
      if (strstr (lines[i], "\"start_fight\""))   /* the fight names its arena, or states the board */
        g_assert_true (arena == (json_object_object_get (a, "arena") != NULL));
      events = mg_state_apply (st, a, d, &sentence, &error);
      g_assert_no_error (error);
      for (guint k = 0; arena && k < G_N_ELEMENTS (example_on_the_arena); k++)
        if (example_on_the_arena[k].seq == i + 1)
          {
            char hex[8];
            g_assert_cmpstr (tft_test_fig_str (st, example_on_the_arena[k].figure, "hex", hex, sizeof hex), ==,
                             example_on_the_arena[k].hex);
            if (example_on_the_arena[k].said && !strstr (sentence, example_on_the_arena[k].said))
              g_error ("row %u says \"%s\", not \"%s\"", i + 1, sentence, example_on_the_arena[k].said);
            placed++;
          }
      if (strstr (lines[i], "\"end_fight\"") && ++fights_ended)
        {
          /* The journal keeps each fight's record (the state only the latest entries): Flavius
           * took 2 + 5 hits, won, killed Wulf in nine turns and earned 50 EP (p. 20). */
          json_object *ended_ev = json_object_array_get_idx (events, json_object_array_length (events) - 1);
          json_object *figures = json_object_object_get (ended_ev, "figures");
          json_object *fl = find_named_member (figures, "figure", "Flavius");
          json_object *wu = find_named_member (figures, "figure", "Wulf");
          g_assert_cmpstr (json_object_get_string (json_object_object_get (ended_ev, "type")), ==, "fight_ended");
          g_assert_cmpint (iget (fl, "hits"), ==, 7);
          g_assert_cmpint (iget (fl, "ep"), ==, 50);
          g_assert_cmpint (iget (fl, "kills"), ==, 1);
          g_assert_cmpint (iget (fl, "turns"), ==, 9);
          g_assert_cmpstr (json_object_get_string (json_object_object_get (fl, "result")), ==, "won");
          g_assert_cmpstr (json_object_get_string (json_object_object_get (wu, "result")), ==, "killed");
          g_assert_cmpint (iget (wu, "ep"), ==, 0);
        }
      json_object_put (events);
      g_assert_cmpuint (mg_dice_remaining (d), ==, 0);
      /* describe names the fight's turn just over, not the campaign's (the roster is turn 1) */
      if (strstr (lines[i], "\"end_turn\"") && ++ended)
        {
          g_autofree char *want = g_strdup_printf (ended < 9 ? "Fight 1: turn %u is over; turn %u next."
                                                             : "Fight 1: turn %u is over; one side is out.", ended, ended + 1);
          said = mg_state_describe (st, "GM");
          if (!g_str_has_prefix (said, want))
            g_error ("describe says \"%s\", not \"%s\"", said, want);
        }
    }
  g_strfreev (lines);
  g_assert_cmpuint (ended, ==, 9);   /* TURN 1 … TURN 9 */
  g_assert_cmpuint (placed, ==, arena ? G_N_ELEMENTS (example_on_the_arena) : 0);
  /* Flavius took 2 + 5 hits; Wulf died; Flavius earns 50 EP (equal ST+DX totals) */
  g_assert_cmpint (roster_int (st, "Flavius", "ep"), ==, 50);
  g_assert_cmpint (roster_int (st, "Flavius", "kills"), ==, 1);
  g_assert_cmpint (roster_int (st, "Flavius", "fights"), ==, 1);
  g_assert_cmpint (roster_int (st, "Wulf", "alive"), ==, 0);
  {
    g_autoptr(json_object) j = mg_state_to_json (st);
    json_object *h = json_object_object_get (find_named (json_object_object_get (j, "roster"), "Flavius"), "history");
    json_object *last = json_object_array_get_idx (h, json_object_array_length (h) - 1);
    g_assert_cmpint (iget (last, "hits"), ==, 7);
    /* the book's fight lasts nine turns: "TURN 9 … Wulf is a goner" */
    g_assert_cmpint (iget (last, "turns"), ==, 9);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (last, "result")), ==, "won");
  }
}

static void
test_combat_example (void)
{
  combat_example (MG_TFT_SAMPLE, TRUE);
  combat_example (MG_TFT_NO_BOARD, FALSE);
}

/* After the sample, a second fight (tests/tft/sample-second-fight.jsonl), left in progress on the
 * arena: Ragnar charges Flavius with his spear. "A figure which charge-attacks (option b) with a pole weapon does
 * double damage if it hits" (p. 11): 1+1 rolled 3 is 4, doubled 8; chainmail and the large
 * shield stop 5 (p. 6), Flavius takes 3 (ST 12 healed after the first fight, 9 left). */
static void
test_sample_second_fight (void)
{
  g_autoptr(MgState) st = new_state ();
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(json_object) j = NULL;
  g_autoptr(GError) error = NULL;
  json_object *fight, *charge = NULL;
  char hex[8];

  g_autofree char *second = NULL, *both = NULL;

  g_assert_true (g_file_get_contents (MG_TFT_SAMPLE, &text, NULL, NULL));
  g_assert_true (g_file_get_contents (MG_TFT_SECOND_FIGHT, &second, NULL, NULL));
  both = g_strconcat (text, second, NULL);
  lines = g_strsplit (both, "\n", -1);
  for (guint i = 0; lines[i] && *lines[i]; i++)
    {
      g_autoptr(json_object) a = json_tokener_parse (lines[i]);
      json_object *dice = json_object_object_get (a, "dice");
      g_autoptr(MgDice) d = dice ? mg_dice_new_from_json (dice, NULL) : mg_dice_new_seeded (1);
      json_object *events;

      json_object_object_del (a, "dice");
      events = mg_state_apply (st, a, d, NULL, &error);
      g_assert_no_error (error);
      for (guint e = 0; e < json_object_array_length (events); e++)
        {
          json_object *ev = json_object_array_get_idx (events, e);
          if (g_strcmp0 (json_object_get_string (json_object_object_get (ev, "type")), "attack") == 0 &&
              g_strcmp0 (json_object_get_string (json_object_object_get (ev, "figure")), "Ragnar") == 0)
            charge = json_object_get (ev);
        }
      json_object_put (events);
    }
  g_assert_nonnull (charge);
  /* Ragnar's adjusted DX: 13, leather −2, the spear two-handed (his shield slung) */
  g_assert_cmpint (iget (charge, "adj_dx"), ==, 11);
  g_assert_cmpint (iget (json_object_object_get (charge, "damage"), "total"), ==, 8);
  g_assert_cmpint (iget (json_object_object_get (charge, "damage"), "stopped"), ==, 5);
  g_assert_cmpint (fig_int (st, "Flavius", "st"), ==, 9);
  json_object_put (charge);
  /* the fight is still on, on the arena: Ragnar in J5 facing Flavius in K5, each engaged */
  j = mg_state_to_json (st);
  fight = json_object_object_get (j, "fight");
  g_assert_nonnull (fight);
  g_assert_cmpint (iget (fight, "number"), ==, 2);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_object_get (fight, "arena"), "id")), ==, "arena_1977");
  g_assert_cmpstr (tft_test_fig_str (st, "Ragnar", "hex", hex, sizeof hex), ==, "J5");
  g_assert_cmpstr (tft_test_fig_str (st, "Flavius", "hex", hex, sizeof hex), ==, "K5");
}

/* ---- automatic results, p. 10 and 18 ---- */

static json_object *
last_attack (MgState *st, const char *action, const guint *dice, guint n)
{
  return tft_test_last_event (st, action, dice, n, "attack");
}

static void
test_automatic_results (void)
{
  /* A at DX 12 with a broadsword against B unarmored: 3 triple, 4 double, 5 hits, 16 misses,
   * 17 drops, 18 breaks; a figure with adjDX 3 still hits on 5, with 18 misses on 16. */
  static const struct { guint d[3]; const char *result; gint mult; gint dmg; } t[] = {
    { { 1, 1, 1 }, "hit", 3, 6 * 3 }, { { 1, 1, 2 }, "hit", 2, 12 }, { { 1, 2, 2 }, "hit", 1, 6 },
    { { 6, 5, 5 }, "miss", 1, 0 }, { { 6, 6, 5 }, "drop", 1, 0 }, { { 6, 6, 6 }, "break", 1, 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      g_autoptr(MgState) st = duel_state ("death", ",\"st\":12,\"weapons\":[\"broadsword\"]", "");
      guint dice[5] = { t[i].d[0], t[i].d[1], t[i].d[2], 3, 3 };
      g_autoptr(json_object) e = NULL;
      PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
      PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"none\",\"engaged_with\":[\"A\"]}");
      PLAY (st, "{\"type\":\"attacks\"}");
      e = last_attack (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", dice,
                       strcmp (t[i].result, "hit") == 0 ? 5 : 3);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (e, "result")), ==, t[i].result);
      if (t[i].dmg)
        g_assert_cmpint (iget (json_object_object_get (e, "damage"), "hits"), ==, t[i].dmg);
      if (strcmp (t[i].result, "drop") == 0 || strcmp (t[i].result, "break") == 0)
        {
          g_autoptr(json_object) j = mg_state_to_json (st);
          json_object *a = find_named (json_object_object_get (json_object_object_get (j, "fight"), "figures"), "A");
          g_assert_null (json_object_object_get (a, "ready"));
          g_assert_cmpuint (json_object_array_length (json_object_object_get (json_object_object_get (j, "fight"), "dropped")),
                            ==, strcmp (t[i].result, "drop") == 0 ? 1 : 0);
        }
    }
}

static void
test_four_dice (void)
{
  /* Against a defending target: 4 dice, no automatic hit (4 on 4 dice is only a hit when ≤ adjDX),
   * 20 or more misses even at adjDX 22. */
  g_autoptr(MgState) st = duel_state ("death", ",\"weapons\":[\"broadsword\"]", ",\"weapons\":[\"broadsword\"]");
  g_autoptr(json_object) e = NULL;
  static const guint miss20[] = { 5, 5, 5, 5 };

  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"i\",\"engaged_with\":[\"A\"]}");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* from the rear: 12 + 4 = 16; 20 still misses */
  e = last_attack (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"facing\":\"rear\"}", miss20, 4);
  g_assert_cmpint (iget (e, "dice"), ==, 4);
  g_assert_cmpint (iget (e, "adj_dx"), ==, 16);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (e, "result")), ==, "miss");
}

/* ---- DX adjustments, p. 10 ---- */

static gint
attack_dx (const char *a_gear, const char *b_gear, const char *a_opt, const char *b_opt, const char *attack)
{
  g_autoptr(MgState) st = duel_state ("death", a_gear, b_gear);
  g_autofree char *oa = g_strdup_printf ("{\"type\":\"option\",\"figure\":\"A\",%s}", a_opt);
  g_autofree char *ob = g_strdup_printf ("{\"type\":\"option\",\"figure\":\"B\",%s}", b_opt);
  g_autofree char *at = g_strdup_printf ("{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"%s}", attack);
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) odds = NULL;

  PLAY (st, oa);
  PLAY (st, ob);
  PLAY (st, "{\"type\":\"attacks\"}", 6, 1);   /* two dice if A and B tie, A first */
  odds = tft_test_odds (st, at, &error);
  g_assert_no_error (error);
  return iget (odds, "adj_dx");
}

static void
test_adjustments (void)
{
  const char *eng = "\"option\":\"h\",\"engaged_with\":[\"B\"]";
  const char *idle = "\"option\":\"none\",\"engaged_with\":[\"A\"]";
  const char *sword = ",\"weapons\":[\"broadsword\"]";

  g_assert_cmpint (attack_dx (sword, "", eng, idle, ""), ==, 12);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\"],\"armor\":\"leather\"", "", eng, idle, ""), ==, 10);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\"],\"armor\":\"chainmail\"", "", eng, idle, ""), ==, 9);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\"],\"armor\":\"plate\"", "", eng, idle, ""), ==, 6);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\"],\"shield\":\"large_shield\"", "", eng, idle, ""), ==, 11);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\"],\"shield\":\"small_shield\"", "", eng, idle, ""), ==, 12);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\",\"main_gauche\"]", "", eng, idle, ""), ==, 10);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"broadsword\",\"main_gauche\"]", "",
                              "\"option\":\"h\",\"main_gauche\":true,\"engaged_with\":[\"B\"]", idle, ""), ==, 8);
  g_assert_cmpint (attack_dx (sword, "", eng, idle, ",\"facing\":\"side\""), ==, 14);
  g_assert_cmpint (attack_dx (sword, "", eng, idle, ",\"facing\":\"rear\""), ==, 16);
  /* a prone target faces rear all round */
  g_assert_cmpint (attack_dx (sword, "", "\"option\":\"b\",\"moved\":2", "\"option\":\"d\"", ""), ==, 16);
  /* thrown: -1 a hex */
  g_assert_cmpint (attack_dx (",\"weapons\":[\"small_ax\"]", "", "\"option\":\"b\"", "\"option\":\"a\"",
                              ",\"throw\":true,\"hexes\":3"), ==, 9);
  /* missile: 0 to 2 MH, -1 at 3-4, -2 at 5-6; no facing adds */
  g_assert_cmpint (attack_dx (",\"weapons\":[\"longbow\"]", "", "\"option\":\"f\"", "\"option\":\"a\"", ",\"megahexes\":2,\"facing\":\"rear\""), ==, 12);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"longbow\"]", "", "\"option\":\"f\"", "\"option\":\"a\"", ",\"megahexes\":4"), ==, 11);
  g_assert_cmpint (attack_dx (",\"weapons\":[\"longbow\"]", "", "\"option\":\"f\"", "\"option\":\"a\"", ",\"megahexes\":5"), ==, 10);
  /* sheltering -4 */
  g_assert_cmpint (attack_dx (",\"weapons\":[\"longbow\"]", "", "\"option\":\"f\"", "\"option\":\"a\"", ",\"sheltering\":true"), ==, 8);
  /* prone crossbowman +1: test-tft-attacks.c, /tft/missile/prone (it takes a turn lying down first) */
  /* pole weapon standing still against a charge: +2 */
  g_assert_cmpint (attack_dx (",\"weapons\":[\"javelin\"]", sword, eng, "\"option\":\"b\",\"moved\":3", ""), ==, 14);
}

static void
test_halfling_and_snake (void)
{
  g_autoptr(MgState) st = new_state ();
  g_autoptr(json_object) odds = NULL;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"H\",\"kind\":\"halfling\",\"st\":6,\"dx\":14,\"weapons\":[\"sling\"]}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"S\",\"kind\":\"giant_snake\"}");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"H\"],\"Y\":[\"S\"]}}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"H\",\"option\":\"f\"}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"S\",\"option\":\"a\"}");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* 14 + 3 (halfling, missile) - 3 (giant snake) = 14; sling 1-2 +1 (halfling) */
  odds = tft_test_odds (st, "{\"type\":\"attack\",\"figure\":\"H\",\"target\":\"S\"}", NULL);
  g_assert_cmpint (iget (odds, "adj_dx"), ==, 14);
  /* P(3 dice ≤ 14, 16-18 missing) = 1 - P(15..18) = 1 - (10+6+3+1)/216 */
  g_assert_cmpint (iget (json_object_object_get (odds, "hit"), "num"), ==, 216 - 20);
}

/* ---- injuries, p. 18 ---- */

static void
test_injuries (void)
{
  /* A (adjDX 13) strikes before B (12). 8 hits in a turn: B falls at once and loses this turn's
   * attack; next turn it may only stand up, at DX -2 for the 5+ hits. ST 1: unconscious. */
  g_autoptr(MgState) st = duel_state ("death", ",\"st\":15,\"dx\":13,\"advances\":4,\"weapons\":[\"battleaxe\"]",
                                      ",\"weapons\":[\"broadsword\"]");
  g_autoptr(json_object) j = NULL;

  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"engaged_with\":[\"A\"]}");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 2, 3, 3, 3, 3, 2);
  g_assert_cmpint (fig_int (st, "B", "hits"), ==, 8);
  refuse (st, "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\"}", MG_RULES_ERROR_ILLEGAL, "loses the attack");
  PLAY (st, "{\"type\":\"end_turn\"}");
  g_assert_cmpint (fig_int (st, "B", "adj_dx"), ==, 10);
  refuse (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\"}", MG_RULES_ERROR_ILLEGAL, "stand up");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"n\"}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\"}");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 2, 3, 3, 1, 1, 1);
  j = mg_state_to_json (st);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
    find_named (json_object_object_get (json_object_object_get (j, "fight"), "figures"), "B"), "state")), ==, "unconscious");
  refuse (st, "{\"type\":\"end_fight\",\"slain\":[\"A\"]}", MG_RULES_ERROR_ILLEGAL, "not lying unconscious");
  PLAY (st, "{\"type\":\"end_fight\",\"slain\":[\"B\"]}");
  g_assert_cmpint (roster_int (st, "A", "ep"), ==, 50);
  g_assert_cmpint (roster_int (st, "B", "alive"), ==, 0);
}

static void
test_experience (void)
{
  /* arena: 30 to winners, 20 to defeated survivors, -10 for fleeing unhurt, +10 for a side 3+ weaker */
  g_autoptr(MgState) st = new_state ();
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Strong\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"advances\":0}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Weak\",\"kind\":\"goblin\",\"st\":9,\"dx\":9,\"weapons\":[\"dagger\"]}");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"arena\",\"sides\":{\"X\":[\"Strong\"],\"Y\":[\"Weak\"]}}");
  PLAY (st, "{\"type\":\"flee\",\"figure\":\"Weak\"}");
  PLAY (st, "{\"type\":\"end_fight\"}");
  g_assert_cmpint (roster_int (st, "Strong", "ep"), ==, 30);
  /* fled unhurt: -10, +10 for averaging 6 weaker: 0 */
  g_assert_cmpint (roster_int (st, "Weak", "ep"), ==, 0);

  {
    g_autoptr(MgState) s2 = new_state ();
    PLAY (s2, "{\"type\":\"create_figure\",\"figure\":\"P\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
    PLAY (s2, "{\"type\":\"create_figure\",\"figure\":\"Q\",\"kind\":\"human\",\"st\":16,\"dx\":12,\"advances\":4}");
    PLAY (s2, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"P\"],\"Y\":[\"Q\"]}}");
    PLAY (s2, "{\"type\":\"flee\",\"figure\":\"Q\"}");
    PLAY (s2, "{\"type\":\"end_fight\"}");
    /* the enemy averaged 4 (> 3) superior: 70 */
    g_assert_cmpint (roster_int (s2, "P", "ep"), ==, 70);
  }
  {
    g_autoptr(MgState) s3 = new_state ();
    PLAY (s3, "{\"type\":\"create_figure\",\"figure\":\"P\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
    PLAY (s3, "{\"type\":\"create_figure\",\"figure\":\"Q\",\"kind\":\"human\",\"st\":15,\"dx\":12,\"advances\":3}");
    PLAY (s3, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"P\"],\"Y\":[\"Q\"]}}");
    PLAY (s3, "{\"type\":\"flee\",\"figure\":\"Q\"}");
    PLAY (s3, "{\"type\":\"end_fight\"}");
    /* exactly 3 superior is not "more than 3": 50 */
    g_assert_cmpint (roster_int (s3, "P", "ep"), ==, 50);
    /* spending 100 EP is refused at 50 */
    refuse (s3, "{\"type\":\"spend_ep\",\"figure\":\"P\",\"attribute\":\"dx\"}", MG_RULES_ERROR_ILLEGAL, "100");
  }
  {
    g_autoptr(MgState) s4 = new_state ();
    PLAY (s4, "{\"type\":\"create_figure\",\"figure\":\"P\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"ep\":120}");
    PLAY (s4, "{\"type\":\"create_figure\",\"figure\":\"Q\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
    PLAY (s4, "{\"type\":\"spend_ep\",\"figure\":\"P\",\"attribute\":\"dx\"}");
    g_assert_cmpint (roster_int (s4, "P", "dx"), ==, 13);
    g_assert_cmpint (roster_int (s4, "P", "ep"), ==, 20);
    /* practice: 10 to those on their feet */
    PLAY (s4, "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"P\"],\"Y\":[\"Q\"]}}");
    refuse (s4, "{\"type\":\"set_gear\",\"figure\":\"P\",\"armor\":\"plate\"}", MG_RULES_ERROR_ILLEGAL, "armor cannot change");
    PLAY (s4, "{\"type\":\"flee\",\"figure\":\"Q\"}");
    PLAY (s4, "{\"type\":\"end_fight\"}");
    g_assert_cmpint (roster_int (s4, "P", "ep"), ==, 30);
    g_assert_cmpint (roster_int (s4, "Q", "ep"), ==, 0);
  }
}

/* The state does not grow with the fights (issue 15): EP, fights and kills are the experience
 * rules' numbers (p. 20: "Those still on their feet when one side is eliminated get 10 EP each"
 * in practice), while a figure's history keeps only its latest entries — the journal keeps
 * every fight. */
static void
test_history_bounded (void)
{
  g_autoptr(MgState) st = new_state ();
  gsize size_at_30 = 0;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"P\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Q\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
  for (guint fight = 1; fight <= 60; fight++)
    {
      PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"P\"],\"Y\":[\"Q\"]}}");
      PLAY (st, "{\"type\":\"flee\",\"figure\":\"Q\"}");
      PLAY (st, "{\"type\":\"end_fight\"}");
      if (fight == 30)
        {
          g_autoptr(json_object) j = mg_state_to_json (st);
          size_at_30 = strlen (json_object_to_json_string_ext (j, JSON_C_TO_STRING_PLAIN));
        }
    }
  g_assert_cmpint (roster_int (st, "P", "ep"), ==, 60 * 10);
  g_assert_cmpint (roster_int (st, "P", "fights"), ==, 60);
  g_assert_cmpint (roster_int (st, "Q", "fights"), ==, 60);
  {
    g_autoptr(json_object) j = mg_state_to_json (st);
    json_object *h = json_object_object_get (find_named (json_object_object_get (j, "roster"), "P"), "history");
    gsize size_at_60 = strlen (json_object_to_json_string_ext (j, JSON_C_TO_STRING_PLAIN));

    /* the last ten entries: fights 51 to 60 */
    g_assert_cmpuint (json_object_array_length (h), ==, 10);
    g_assert_cmpint (iget (json_object_array_get_idx (h, 0), "fight"), ==, 51);
    g_assert_cmpint (iget (json_object_array_get_idx (h, 9), "fight"), ==, 60);
    g_assert_cmpint (iget (json_object_array_get_idx (h, 9), "ep"), ==, 10);
    /* 30 more fights add a few digits, not 60 history entries (some 130 bytes each) */
    g_assert_cmpuint (size_at_60, <, size_at_30 + 200);
  }
  /* spending EP is recorded like any entry, and the oldest one goes */
  PLAY (st, "{\"type\":\"spend_ep\",\"figure\":\"P\",\"attribute\":\"st\"}");
  {
    g_autoptr(json_object) j = mg_state_to_json (st);
    json_object *h = json_object_object_get (find_named (json_object_object_get (j, "roster"), "P"), "history");
    g_assert_cmpuint (json_object_array_length (h), ==, 10);
    g_assert_cmpint (iget (json_object_array_get_idx (h, 0), "fight"), ==, 52);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (h, 9), "what")), ==, "increase");
    g_assert_cmpint (roster_int (st, "P", "ep"), ==, 500);   /* 100 EP for +1 ST (p. 20) */
  }
}

/* A campaign saved before the history was bounded: every entry in the state. It still loads; the
 * last ten entries are kept, the counts and EP unchanged; a bad entry is refused at its path. */
static void
test_old_history (void)
{
  g_autoptr(MgState) st = new_state ();
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(json_object) old = NULL, again = NULL, back_json = NULL;
  g_autoptr(MgState) back = NULL;
  g_autoptr(GError) error = NULL;
  json_object *fig, *h;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":12,\"dx\":12,"
            "\"weapons\":[\"shortsword\",\"dagger\"],\"armor\":\"chainmail\",\"shield\":\"large_shield\"}");
  old = mg_state_to_json (st);
  fig = json_object_array_get_idx (json_object_object_get (old, "roster"), 0);
  /* the old format: "created", then 24 death fights won (50 EP each), in one unbounded list */
  h = json_object_new_array ();
  json_object_array_add (h, json_tokener_parse ("{\"what\":\"created\",\"turn\":1,\"weapons\":[\"shortsword\",\"dagger\"],"
                                                "\"armor\":\"chainmail\",\"shield\":\"large_shield\",\"ready\":\"shortsword\","
                                                "\"shield_ready\":true}"));
  for (guint i = 1; i <= 24; i++)
    {
      g_autofree char *e = g_strdup_printf ("{\"what\":\"fight\",\"turn\":%u,\"fight\":%u,\"kind\":\"death\","
                                            "\"side\":\"Romans\",\"result\":\"won\",\"hits\":7,\"ep\":50,"
                                            "\"kills\":1,\"turns\":9}", 10 * i + 1, i);
      json_object_array_add (h, json_tokener_parse (e));
    }
  json_object_object_add (fig, "history", h);
  json_object_object_add (fig, "ep", json_object_new_int (24 * 50));
  json_object_object_add (fig, "fights", json_object_new_int (24));
  json_object_object_add (fig, "kills", json_object_new_int (24));
  json_object_object_add (old, "fights", json_object_new_int (24));

  back = mg_tft_rules ()->from_json (rs, old, &error);
  g_assert_no_error (error);
  g_assert_cmpint (roster_int (back, "Flavius", "ep"), ==, 1200);
  g_assert_cmpint (roster_int (back, "Flavius", "fights"), ==, 24);
  g_assert_cmpint (roster_int (back, "Flavius", "kills"), ==, 24);
  back_json = mg_state_to_json (back);
  h = json_object_object_get (json_object_array_get_idx (json_object_object_get (back_json, "roster"), 0), "history");
  g_assert_cmpuint (json_object_array_length (h), ==, 10);
  g_assert_cmpint (iget (json_object_array_get_idx (h, 0), "fight"), ==, 15);
  g_assert_cmpint (iget (json_object_array_get_idx (h, 9), "fight"), ==, 24);
  g_assert_cmpint (iget (json_object_array_get_idx (h, 9), "hits"), ==, 7);
  /* from then on the state round-trips exactly */
  {
    g_autoptr(MgState) b2 = mg_tft_rules ()->from_json (rs, back_json, &error);
    g_assert_no_error (error);
    again = mg_state_to_json (b2);
    g_assert_cmpstr (json_object_to_json_string (again), ==, json_object_to_json_string (back_json));
  }
  /* and it plays on: 50 EP more for the next death fight won (p. 20) */
  PLAY (back, "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":14,\"dx\":10}");
  PLAY (back, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"Romans\":[\"Flavius\"],\"Germans\":[\"Wulf\"]}}");
  PLAY (back, "{\"type\":\"flee\",\"figure\":\"Wulf\"}");
  PLAY (back, "{\"type\":\"end_fight\"}");
  g_assert_cmpint (roster_int (back, "Flavius", "ep"), ==, 1250);
  g_assert_cmpint (roster_int (back, "Flavius", "fights"), ==, 25);

  /* a history entry that is not an object is refused, at its JSON path */
  json_object_array_put_idx (json_object_object_get (fig, "history"), 20, json_object_new_string ("won"));
  g_clear_pointer (&back, mg_state_free);
  back = mg_tft_rules ()->from_json (rs, old, &error);
  g_assert_null (back);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE);
  g_assert_nonnull (strstr (error->message, "$.roster[0].history[20]"));
}

/* validate () plays the action on a copy that shares the roster's figures with the state: the
 * actions that change a figure (EP traded, gear, a name, the end of a fight) must leave the
 * state itself untouched, and apply () must then change it. */
static void
test_validate_leaves_state (void)
{
  static const char * const actions[] = {
    "{\"type\":\"spend_ep\",\"figure\":\"A\",\"attribute\":\"dx\"}",
    "{\"type\":\"set_gear\",\"figure\":\"A\",\"weapons\":[\"broadsword\"],\"armor\":\"plate\"}",
    "{\"type\":\"edit_figure\",\"figure\":\"A\",\"name\":\"Aurelius\",\"owner\":\"Bob\"}",
  };
  g_autoptr(MgState) st = new_state ();
  g_autoptr(GError) error = NULL;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"ep\":150}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(json_object) a = json_tokener_parse (actions[i]);
      g_autoptr(json_object) before = mg_state_to_json (st), after = NULL;
      g_assert_true (mg_state_validate (st, a, &error));
      g_assert_no_error (error);
      after = mg_state_to_json (st);
      g_assert_cmpstr (json_object_to_json_string (before), ==, json_object_to_json_string (after));
    }
  PLAY (st, actions[0]);
  g_assert_cmpint (roster_int (st, "A", "dx"), ==, 13);   /* 100 EP for +1 DX (p. 20) */
  g_assert_cmpint (roster_int (st, "A", "ep"), ==, 50);
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  PLAY (st, "{\"type\":\"flee\",\"figure\":\"B\"}");
  {
    g_autoptr(json_object) a = json_tokener_parse ("{\"type\":\"end_fight\"}");
    g_autoptr(json_object) before = mg_state_to_json (st), after = NULL;
    g_assert_true (mg_state_validate (st, a, &error));
    after = mg_state_to_json (st);
    g_assert_cmpstr (json_object_to_json_string (before), ==, json_object_to_json_string (after));
  }
  PLAY (st, "{\"type\":\"end_fight\"}");
  g_assert_cmpint (roster_int (st, "A", "ep"), ==, 60);   /* practice: 10 EP on one's feet (p. 20) */
  g_assert_cmpint (roster_int (st, "A", "fights"), ==, 1);
}

/* A saved fight with a bad field is refused with the field's JSON path (the paths are formatted
 * only when a state is refused). */
static void
test_bad_state_path (void)
{
  g_autoptr(MgState) st = duel_state ("death", "", "");
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(json_object) j = mg_state_to_json (st);
  g_autoptr(GError) error = NULL;
  MgState *back;
  json_object *fighter = json_object_array_get_idx (json_object_object_get (json_object_object_get (j, "fight"), "figures"), 1);

  json_object_object_add (fighter, "hits", json_object_new_string ("x"));
  back = mg_tft_rules ()->from_json (rs, j, &error);
  g_assert_null (back);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE);
  g_assert_true (g_str_has_prefix (error->message, "$.fight.figures[1].hits"));
}

/* The players' check (mg_rules_check_players): 1 to 8 players (the descriptor's count), no
 * reserved seat name, no name twice. */
#undef new_state
static void
test_players (void)
{
  g_autoptr(json_object) rs = tft_test_ruleset ();
  const char *none[] = { NULL };
  const char *nine[] = { "A", "B", "C", "D", "E", "F", "G", "H", "I", NULL };
  const char *eight[] = { "A", "B", "C", "D", "E", "F", "G", "H", NULL };
  const char *reserved[] = { "Ann", "GM", NULL };
  const char *twice[] = { "Ann", "Ann", NULL };
  const char * const *refused[] = { none, nine, reserved, twice };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_null (mg_tft_rules ()->new_state (rs, refused[i], &error));
      g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
    }
  {
    g_autoptr(GError) error = NULL;
    MgState *st = mg_tft_rules ()->new_state (rs, eight, &error);
    g_assert_no_error (error);
    mg_state_free (st);
  }
}
#define new_state tft_test_new_state

static void
test_bad_input (void)
{
  g_autoptr(MgState) st = duel_state ("death", ",\"weapons\":[\"broadsword\"]", ",\"weapons\":[\"broadsword\"]");

  refuse (st, "[1,2]", MG_RULES_ERROR_BAD_ACTION, "JSON object");
  refuse (st, "{\"type\":\"dance\"}", MG_RULES_ERROR_BAD_ACTION, "Unknown action");
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"z\"}", MG_RULES_ERROR_BAD_ACTION, "option");
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moveed\":3}", MG_RULES_ERROR_BAD_ACTION, "unknown field");
  refuse (st, "{\"type\":\"option\",\"figure\":\"Nobody\",\"option\":\"a\"}", MG_RULES_ERROR_ILLEGAL, "not in this fight");
  /* no attack after moving more than half the MA (10) */
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"b\",\"moved\":6}", MG_RULES_ERROR_ILLEGAL,
          "more than half its MA (10)");
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\"}", MG_RULES_ERROR_ILLEGAL, "a to g");
  refuse (st, "{\"type\":\"attacks\"}", MG_RULES_ERROR_ILLEGAL, "still to choose");
  refuse (st, "{\"type\":\"end_fight\"}", MG_RULES_ERROR_ILLEGAL, "able to fight");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"moved\":6}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"b\",\"moved\":3}");
  PLAY (st, "{\"type\":\"attacks\"}");
  refuse (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", MG_RULES_ERROR_ILLEGAL, NULL);
  refuse (st, "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"B\"}", MG_RULES_ERROR_ILLEGAL, "itself");
  /* refused start_fight: the side names copied before the check must be freed (ASan build) */
  {
    g_autoptr(MgState) idle = new_state ();
    PLAY (idle, "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12}");
    refuse (idle, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"Nobody\"],\"Y\":[\"B\"]}}",
            MG_RULES_ERROR_ILLEGAL, "no figure called \"Nobody\"");
    refuse (idle, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"B\"],\"Y\":[]}}",
            MG_RULES_ERROR_BAD_ACTION, NULL);
  }
}

/* Initiative is rolled once a turn (p. 5, "each turn"); again only after end_turn. */
static void
test_initiative_once (void)
{
  g_autoptr(MgState) st = duel_state ("death", "", "");
  g_autofree char *said = NULL;
  /* Y rolls 5 against X's 2: a side is one name, said in the singular (issue 45: "Ann win"). */
  g_autofree char *told = tft_test_play (st, "{\"type\":\"initiative\"}", TFT_DICE (2, 5), TFT_NDICE (2, 5));

  g_assert_cmpstr (told, ==, "Y wins the initiative and moves first.");
  refuse (st, "{\"type\":\"initiative\"}", MG_RULES_ERROR_ILLEGAL, "Initiative was already rolled this turn (Y won)");
  refuse (st, "{\"type\":\"initiative\",\"winner\":\"X\"}", MG_RULES_ERROR_ILLEGAL, "already rolled");
  said = mg_state_describe (st, "GM");
  g_assert_true (g_str_has_prefix (said, "Fight 1: turn 1 under way."));
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\"}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\"}");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"end_turn\"}");
  PLAY (st, "{\"type\":\"initiative\"}", 6, 1);
}

/* "Ties are resolved each turn by a die roll" (p. 6, (4)): the dice keep being rolled while they
 * tie, however long that takes. Twelve tied rounds, then A rolls 6 and B 1: A attacks first, and
 * the tie-break survives a save and reload (it used to be the rolls' digits, which overflowed
 * after ten rounds and fell out of the saved state). */
static void
test_long_tie (void)
{
  g_autoptr(MgState) st = duel_state ("death", "", "");
  g_autoptr(MgState) back = NULL;
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(json_object) j = NULL, ties = NULL;
  g_autoptr(GError) error = NULL;
  guint dice[26];
  g_autofree char *summary = NULL;

  for (guint i = 0; i < 24; i++)
    dice[i] = 1;
  dice[24] = 6;
  dice[25] = 1;
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"engaged_with\":[\"A\"]}");
  summary = tft_test_play (st, "{\"type\":\"attacks\"}", dice, G_N_ELEMENTS (dice));
  g_assert_nonnull (strstr (summary, "Attack order: A (12), B (12)."));
  j = mg_state_to_json (st);
  ties = json_object_get (json_object_object_get (json_object_object_get (j, "fight"), "ties"));
  g_assert_cmpint (iget (ties, "A"), >, iget (ties, "B"));
  g_assert_cmpint (iget (ties, "B"), >, 0);
  back = mg_tft_rules ()->from_json (rs, j, &error);
  g_assert_no_error (error);
  {
    g_autoptr(json_object) again = mg_state_to_json (back);
    g_assert_cmpstr (json_object_to_json_string (j), ==, json_object_to_json_string (again));
  }
  /* the referee's view validates with dice that all show 1: it must neither overflow nor refuse */
  {
    g_autoptr(MgState) fresh = duel_state ("death", "", "");
    g_autoptr(json_object) go = json_tokener_parse ("{\"type\":\"attacks\"}");
    PLAY (fresh, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
    PLAY (fresh, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"engaged_with\":[\"A\"]}");
    g_assert_true (mg_state_validate (fresh, go, &error));
    g_assert_no_error (error);
  }
}

/* The options legal_actions() lists for one figure, as "a,b,…" in the order listed. */
static char *
listed_options (MgState *st, const char *seat, const char *figure)
{
  g_autoptr(json_object) legal = mg_state_legal_actions (st, seat);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < json_object_array_length (legal); i++)
    {
      json_object *a = json_object_array_get_idx (legal, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (a, "type")), "option") == 0 &&
          g_strcmp0 (json_object_get_string (json_object_object_get (a, "figure")), figure) == 0 &&
          json_object_object_get (a, "engaged_with") == NULL &&
          !strstr (out->str, json_object_get_string (json_object_object_get (a, "option"))))
        g_string_append_printf (out, "%s%s", out->len ? "," : "", json_object_get_string (json_object_object_get (a, "option")));
      g_assert_true (mg_state_validate (st, a, NULL) || json_object_get_boolean (json_object_object_get (a, "template")));
    }
  return g_string_free (out, FALSE);
}

/* legal_actions(): an unengaged, standing figure has options a to f (p. 5; f only with a missile
 * weapon ready), an engaged one h to o but not n;
 * one that took 8 hits "may do nothing NEXT turn except stand up (or stay down)" (p. 19): g, n or
 * none. A player's seat lists only its own figures' options. */
static void
test_legal_actions (void)
{
  g_autoptr(MgState) st = new_state ();
  g_autofree char *free_a = NULL, *engaged = NULL, *fallen = NULL, *bobs = NULL;
  g_autoptr(json_object) roster = NULL;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"A\",\"owner\":\"Ann\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"B\",\"owner\":\"Bob\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}");
  roster = mg_state_legal_actions (st, "GM");
  g_assert_nonnull (strstr (json_object_to_json_string (roster), "\"start_fight\""));
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  free_a = listed_options (st, MG_SEAT_ALL, "A");
  g_assert_cmpstr (free_a, ==, "a,b,c,d,e,none");
  bobs = listed_options (st, "Bob", "A");
  g_assert_cmpstr (bobs, ==, "");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
  engaged = listed_options (st, "Bob", "B");
  g_assert_cmpstr (engaged, ==, "a,b,c,d,e,none");  /* B is engaged once it says so (h with engaged_with) */
  {
    g_autoptr(json_object) legal = mg_state_legal_actions (st, "Bob");
    g_assert_nonnull (strstr (json_object_to_json_string_ext (legal, JSON_C_TO_STRING_PLAIN),
                              "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"engaged_with\":[\"A\"]}"));
  }
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"none\",\"engaged_with\":[\"A\"]}");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* A rolls 3: triple damage, 3 x (4+1) = 15 … too much; a 4, double: 2 x (4+1) = 10 hits, B falls */
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 1, 1, 2, 4, 1);
  PLAY (st, "{\"type\":\"end_turn\"}");
  fallen = listed_options (st, "Bob", "B");
  g_assert_cmpstr (fallen, ==, "g,n,none");
}

/* The fight's record counts the turns fought: none when abandoned before anyone acted, the
 * turn under way when it ends mid-turn, not the turn to come after end_turn. */
static void
test_turns_fought (void)
{
  static const struct { guint end_turns; gboolean act; gint turns; } t[] = {
    { 0, FALSE, 0 }, { 0, TRUE, 1 }, { 2, FALSE, 2 }, { 2, TRUE, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      g_autoptr(MgState) st = duel_state ("death", "", "");
      g_autoptr(json_object) j = NULL;
      json_object *h;

      for (guint k = 0; k < t[i].end_turns; k++)
        {
          PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\"}");
          PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\"}");
          PLAY (st, "{\"type\":\"attacks\"}");
          PLAY (st, "{\"type\":\"end_turn\"}");
        }
      if (t[i].act)
        PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\"}");
      PLAY (st, "{\"type\":\"end_fight\",\"abandon\":true}");
      j = mg_state_to_json (st);
      h = json_object_object_get (find_named (json_object_object_get (j, "roster"), "A"), "history");
      g_assert_cmpint (iget (json_object_array_get_idx (h, json_object_array_length (h) - 1), "turns"), ==, t[i].turns);
    }
}

/* Once one side is out the fight waits for end_fight (p. 19, experience): further end_turns are
 * refused (they used to count turns nobody fought), and an option is refused for that reason. */
static void
test_over_refuses_turns (void)
{
  g_autoptr(MgState) st = duel_state ("death", ",\"weapons\":[\"broadsword\"]", ",\"weapons\":[\"broadsword\"]");
  g_autoptr(json_object) j = NULL, pending = NULL;
  json_object *h;

  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\"]}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"engaged_with\":[\"A\"]}");
  PLAY (st, "{\"type\":\"attacks\"}", 6, 1);
  /* a 3 on three dice is triple damage (p. 10): 3 x (6+6) = 36 hits on ST 12 */
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 1, 1, 1, 6, 6);
  PLAY (st, "{\"type\":\"end_turn\"}");
  pending = mg_state_pending (st);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (pending, "phase")), ==, "over");
  refuse (st, "{\"type\":\"end_turn\"}", MG_RULES_ERROR_ILLEGAL, "end the fight");
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\"}", MG_RULES_ERROR_ILLEGAL, "end the fight");
  refuse (st, "{\"type\":\"attacks\"}", MG_RULES_ERROR_ILLEGAL, "end the fight");
  refuse (st, "{\"type\":\"initiative\"}", MG_RULES_ERROR_ILLEGAL, "end the fight");
  PLAY (st, "{\"type\":\"end_fight\"}");
  j = mg_state_to_json (st);
  h = json_object_object_get (find_named (json_object_object_get (j, "roster"), "A"), "history");
  g_assert_cmpint (iget (json_object_array_get_idx (h, json_object_array_length (h) - 1), "turns"), ==, 1);
}

/* Option e: "re-sling … its ready weapon and/or shield, and ready a new weapon and/or shield,
 * OR pick up and ready a dropped weapon" (p. 5); a two-handed weapon slings the shield (p. 13). */
static void
test_option_e_shield_pick_up (void)
{
  g_autoptr(MgState) st = duel_state ("death", ",\"weapons\":[\"spear\",\"dagger\"],\"shield\":\"small_shield\"",
                                      ",\"weapons\":[\"broadsword\",\"dagger\"]");
  static const struct { const char *action, *says; } refused[] = {
    { "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"a\",\"shield\":\"ready\"}", "option e does" },
    { "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"e\",\"shield\":\"ready\"}", "two-handed" },
    { "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"e\",\"shield\":\"sling\"}", "B has no shield" },
    { "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"e\",\"pick_up\":true}", "Name the weapon" },
    { "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\",\"pick_up\":true,\"weapon\":\"dagger\"}", "options e and o do" },
  };
  char buf[64];

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    refuse (st, refused[i].action, MG_RULES_ERROR_ILLEGAL, refused[i].says);
  /* A readies its dagger and the shield; B, engaged, drops its broadsword for its dagger (k) */
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"e\",\"weapon\":\"dagger\",\"shield\":\"ready\"}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"k\",\"weapon\":\"dagger\",\"engaged_with\":[\"A\"]}");
  g_assert_cmpstr (tft_test_fig_str (st, "A", "ready", buf, sizeof buf), ==, "dagger");
  g_assert_cmpstr (tft_test_fig_str (st, "A", "shield_ready", buf, sizeof buf), ==, "true");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"end_turn\"}");
  /* the shield goes on the back again, and B, stepping away, picks its broadsword up */
  PLAY (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"e\",\"shield\":\"sling\"}");
  g_assert_cmpstr (tft_test_fig_str (st, "A", "shield_ready", buf, sizeof buf), ==, "false");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"e\",\"moved\":2,\"weapon\":\"broadsword\",\"pick_up\":true,"
            "\"engaged_with\":[]}");
  g_assert_cmpstr (tft_test_fig_str (st, "B", "ready", buf, sizeof buf), ==, "broadsword");
  g_assert_cmpstr (tft_test_fig_str (st, "B", "carried", buf, sizeof buf), ==, "[\"dagger\",\"broadsword\"]");
}

/* ---- odds and the duel simulator ---- */

/* The duel simulator plays the model without the engine's JSON; given the same dice it must give
 * exactly the fights the engine gives when the model is played action by action: the same wins,
 * draws and dice, here on melee-sim-js's stock pair (089: ST 14 DX 10 two-handed sword, 093: ST 15
 * DX 9 battleaxe, no armor), on Flavius (chainmail, large shield) v Wulf, and on a dwarf with a
 * small shield and an ax against an elf with a cutlass and a dagger (drops, breaks, pick-ups,
 * shields to the rear). Then the odds a referee asks for, 10,000 fights, come back within 100 ms. */
static void
test_duel_sim_pinned (void)
{
  static const struct { const char *a, *b; } pairs[] = {
    { "{\"kind\":\"human\",\"st\":14,\"dx\":10,\"weapons\":[\"two_handed_sword\"]}",
      "{\"kind\":\"human\",\"st\":15,\"dx\":9,\"weapons\":[\"battleaxe\"]}" },
    { "{\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"shortsword\",\"dagger\"],\"armor\":\"chainmail\",\"shield\":\"large_shield\"}",
      "{\"kind\":\"human\",\"st\":14,\"dx\":10,\"weapons\":[\"two_handed_sword\",\"dagger\"]}" },
    { "{\"kind\":\"dwarf\",\"st\":14,\"dx\":10,\"weapons\":[\"small_ax\"],\"armor\":\"leather\",\"shield\":\"small_shield\"}",
      "{\"kind\":\"elf\",\"st\":10,\"dx\":14,\"weapons\":[\"cutlass\",\"dagger\"]}" },
  };
  g_autoptr(json_object) rs = ruleset ();

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr(json_object) a = json_tokener_parse (pairs[i].a), b = json_tokener_parse (pairs[i].b);
      g_autoptr(MgDice) d1 = mg_dice_new_seeded (1977 + i), d2 = mg_dice_new_seeded (1977 + i);
      g_autoptr(GError) error = NULL;
      MgTftDuelResult sim, full;

      g_assert_true (mg_tft_duel_with_dice (rs, a, b, 3000, d1, FALSE, &sim, &error));
      g_assert_no_error (error);
      g_assert_true (mg_tft_duel_with_dice (rs, a, b, 3000, d2, TRUE, &full, &error));
      g_assert_no_error (error);
      if (sim.wins_a != full.wins_a || sim.wins_b != full.wins_b || sim.draws != full.draws || sim.dice != full.dice)
        g_error ("pair %u: simulator %u/%u/%u (%" G_GUINT64_FORMAT " dice), engine %u/%u/%u (%" G_GUINT64_FORMAT " dice)", i,
                 sim.wins_a, sim.wins_b, sim.draws, sim.dice, full.wins_a, full.wins_b, full.draws, full.dice);
      g_assert_cmpuint (sim.fights, ==, 3000);
      g_test_message ("pair %u: %u/%u/%u, %" G_GUINT64_FORMAT " dice", i, sim.wins_a, sim.wins_b, sim.draws, sim.dice);
    }
  {
    g_autoptr(json_object) a = json_tokener_parse (pairs[0].a), b = json_tokener_parse (pairs[0].b);
    MgTftDuelResult r;
    gint64 best = G_MAXINT64;
    /* the best of three, so a machine busy for a moment does not decide; a sanitizer's build is
     * several times slower by design and only checks the result */
    for (guint k = 0; k < 3; k++)
      {
        gint64 t0 = g_get_monotonic_time ();
        g_assert_true (mg_tft_duel (rs, a, b, 10000, 7, NULL, NULL, NULL, &r, NULL));
        best = MIN (best, g_get_monotonic_time () - t0);
      }
    g_test_message ("10,000 fights in %.1f ms", best / 1000.0);
#if !defined (__SANITIZE_ADDRESS__)
    g_assert_cmpint (best, <, 100000);
#endif
    g_assert_cmpuint (r.fights, ==, 10000);
    /* the two-handed sword's DX 10 strikes first and more often: it wins most fights */
    g_assert_cmpuint (r.wins_a, >, r.wins_b);
  }
}

static void
test_odds_and_duel (void)
{
  g_autoptr(MgState) st = new_state ();
  g_autoptr(json_object) odds = NULL;
  g_autoptr(json_object) rs = ruleset ();
  g_autoptr(GError) error = NULL;
  MgTftDuelResult r1, r2;
  gint cancel = 1;
  json_object *zero;

  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":12,\"dx\":12,"
            "\"weapons\":[\"shortsword\",\"dagger\"],\"armor\":\"chainmail\",\"shield\":\"large_shield\"}");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":14,\"dx\":10,"
            "\"weapons\":[\"longbow\",\"two_handed_sword\",\"dagger\"]}");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"R\":[\"Flavius\"],\"G\":[\"Wulf\"]}}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"a\",\"moved\":6}");
  PLAY (st, "{\"type\":\"option\",\"figure\":\"Wulf\",\"option\":\"f\",\"moved\":1}");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* Turn 1's arrow: adjDX 10 on 3 dice hits 108 times in 216; the longbow's 1+2 against 5 stopped
   * leaves nothing on a die of 1-3, and a double (2 x 3..8) always gets through. */
  odds = tft_test_odds (st, "{\"type\":\"attack\",\"figure\":\"Wulf\",\"target\":\"Flavius\"}", &error);
  g_assert_no_error (error);
  g_assert_cmpint (iget (json_object_object_get (odds, "hit"), "num"), ==, 108);
  g_assert_cmpint (iget (json_object_object_get (odds, "hit"), "den"), ==, 216);
  g_assert_cmpint (iget (json_object_object_get (odds, "double"), "num"), ==, 3);
  zero = json_object_array_get_idx (json_object_object_get (odds, "hits"), 0);
  g_assert_cmpint (iget (zero, "hits"), ==, 0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double (json_object_object_get (zero, "p")), 160.0 / 216, 1e-9);

  /* The dice a dialog still needs: 3 to hit, then 1 for damage after a hit. */
  {
    g_autoptr(json_object) a = json_tokener_parse ("{\"type\":\"attack\",\"figure\":\"Wulf\",\"target\":\"Flavius\"}");
    g_autoptr(json_object) n0 = mg_tft_dice_needed (st, a, NULL, 0, NULL);
    g_autoptr(json_object) n3 = mg_tft_dice_needed (st, a, (guint[]) { 3, 3, 3 }, 3, NULL);
    g_autoptr(json_object) n4 = mg_tft_dice_needed (st, a, (guint[]) { 3, 3, 3, 5 }, 4, NULL);
    g_assert_cmpint (iget (n0, "count"), ==, 3);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (n3, "for")), ==, "damage");
    g_assert_cmpint (iget (n3, "count"), ==, 1);
    g_assert_true (json_object_get_boolean (json_object_object_get (n4, "complete")));
  }

  /* The simulator: the same seed gives the same fights; a raised cancel flag stops it at once. */
  g_assert_true (mg_tft_duel_names (st, "Flavius", "Wulf", 50, 7, NULL, NULL, NULL, &r1, &error));
  g_assert_true (mg_tft_duel_names (st, "Flavius", "Wulf", 50, 7, NULL, NULL, NULL, &r2, &error));
  g_assert_cmpuint (r1.fights, ==, 50);
  g_assert_cmpuint (r1.wins_a + r1.wins_b + r1.draws, ==, 50);
  g_assert_cmpuint (r1.wins_a, ==, r2.wins_a);
  g_assert_cmpuint (r1.wins_b, ==, r2.wins_b);
  g_assert_true (mg_tft_duel_names (st, "Flavius", "Wulf", 50, 7, NULL, NULL, &cancel, &r2, &error));
  g_assert_cmpuint (r2.fights, ==, 0);
  g_assert_false (mg_tft_duel_names (st, "Flavius", "Nobody", 5, 7, NULL, NULL, NULL, &r2, &error));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tft/ruleset/weapons", test_weapon_table);
  g_test_add_func ("/tft/ruleset/armor-races-beasts", test_armor_races_beasts);
  g_test_add_func ("/tft/ruleset/bad", test_bad_ruleset);
  g_test_add_func ("/tft/figure/ragnar", test_ragnar_card);
  g_test_add_func ("/tft/figure/rules", test_figure_rules);
  g_test_add_func ("/tft/fight/combat-example", test_combat_example);
  g_test_add_func ("/tft/fight/sample-second-fight", test_sample_second_fight);
  g_test_add_func ("/tft/attack/automatic", test_automatic_results);
  g_test_add_func ("/tft/attack/four-dice", test_four_dice);
  g_test_add_func ("/tft/attack/adjustments", test_adjustments);
  g_test_add_func ("/tft/attack/halfling-snake", test_halfling_and_snake);
  g_test_add_func ("/tft/fight/injuries", test_injuries);
  g_test_add_func ("/tft/experience", test_experience);
  g_test_add_func ("/tft/history-bounded", test_history_bounded);
  g_test_add_func ("/tft/old-history", test_old_history);
  g_test_add_func ("/tft/bad-state-path", test_bad_state_path);
  g_test_add_func ("/tft/validate-leaves-state", test_validate_leaves_state);
  g_test_add_func ("/tft/bad-input", test_bad_input);
  g_test_add_func ("/tft/players", test_players);
  g_test_add_func ("/tft/fight/initiative-once", test_initiative_once);
  g_test_add_func ("/tft/fight/turns-fought", test_turns_fought);
  g_test_add_func ("/tft/fight/long-tie", test_long_tie);
  g_test_add_func ("/tft/legal-actions", test_legal_actions);
  g_test_add_func ("/tft/fight/over-refuses-turns", test_over_refuses_turns);
  g_test_add_func ("/tft/fight/option-e-shield-pick-up", test_option_e_shield_pick_up);
  g_test_add_func ("/tft/odds-and-duel", test_odds_and_duel);
  g_test_add_func ("/tft/duel/simulator-pinned", test_duel_sim_pinned);
  return g_test_run ();
}
