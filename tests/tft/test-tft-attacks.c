/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tft-attacks.c — TFT Melee attack rules against the 1977 text: hand-to-hand, shield rush, the
 * line of fire, missiles (crossbow cadence, second arrows), the main-gauche, damage and injuries. */
#include "config.h"

#include "tft-test-util.h"

#define new_state tft_test_new_state
#define refuse tft_test_refuse
#define fig_int tft_test_fig_int
#define iget tft_test_iget

static char buf[256];
#define fig_str(st, n, k) tft_test_fig_str (st, n, k, buf, sizeof buf)
#define EVENT(st, text, type, ...) tft_test_last_event (st, text, TFT_DICE (__VA_ARGS__), TFT_NDICE (__VA_ARGS__), type)

static void
create (MgState *st, const char *name, const char *kind, gint s, gint dx, const char *gear)
{
  g_autofree char *a = g_strdup_printf ("{\"type\":\"create_figure\",\"figure\":\"%s\",\"kind\":\"%s\",\"st\":%d,\"dx\":%d,"
                                        "\"advances\":%d%s}", name, kind, s, dx, MAX (0, s + dx - 24), gear);
  PLAY (st, a);
}

static void
option (MgState *st, const char *name, const char *rest)
{
  g_autofree char *a = g_strdup_printf ("{\"type\":\"option\",\"figure\":\"%s\",%s}", name, rest);
  PLAY (st, a);
}

static gint
dmg_hits (json_object *e)
{
  return iget (json_object_object_get (e, "damage"), "hits");
}

static const char *
sget (json_object *o, const char *key)
{
  return json_object_get_string (json_object_object_get (o, key));
}

/* A puts B on the ground in HTH: A (option m, engaged with B) enters; B's defence roll is 1; A then
 * misses (16). Everyone else does nothing. */
static void
grapple (MgState *st, const char *a, const char *b, const char *const *others)
{
  g_autofree char *m = g_strdup_printf ("\"option\":\"m\",\"engaged_with\":[\"%s\"]", b);
  g_autofree char *at = g_strdup_printf ("{\"type\":\"attack\",\"figure\":\"%s\",\"target\":\"%s\",\"hth_because\":\"agreed\"}", a, b);
  option (st, a, m);
  option (st, b, "\"option\":\"none\"");
  for (guint i = 0; others && others[i]; i++)
    option (st, others[i], "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, at, 1, 6, 6, 4);
  PLAY (st, "{\"type\":\"end_turn\"}");
}

/* ---- hand-to-hand, p. 16-18 ---- */

static MgState *
hth_duel (const char *a_gear)
{
  return tft_test_duel_state ("death", a_gear, ",\"weapons\":[\"broadsword\",\"dagger\"],\"shield\":\"small_shield\"");
}

static json_object *
enter (MgState *st, const char *extra, const guint *dice, guint n)
{
  g_autofree char *at = g_strdup_printf ("{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"hth_because\":\"agreed\"%s}", extra);
  option (st, "A", "\"option\":\"m\",\"engaged_with\":[\"B\"]");
  option (st, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
  PLAY (st, "{\"type\":\"attacks\"}");
  return tft_test_events (st, at, dice, n);
}

static json_object *
event_of (json_object *events, const char *type)
{
  json_object *found = NULL;
  for (guint i = 0; i < json_object_array_length (events); i++)
    if (strcmp (sget (json_object_array_get_idx (events, i), "type"), type) == 0)
      found = json_object_array_get_idx (events, i);
  g_assert_nonnull (found);
  return found;
}

static void
test_hth_entry (void)
{
  const char *gear = ",\"weapons\":[\"broadsword\",\"dagger\"],\"shield\":\"small_shield\"";

  /* "On a roll of 1 or 2, the defender drops his ready weapon and/or shield ... and fights bare-handed.
   * Both figures fall to the ground in the defender's hex." The attacker without a ready dagger
   * "drops his ready weapon and shield ... and attacks bare-handed"; "+4" in HTH; bare hands against
   * an enemy of the same strength get 1 - 3: a 5 does 2. */
  {
    g_autoptr(MgState) st = hth_duel (gear);
    g_autoptr(json_object) ev = enter (st, "", TFT_DICE (1, 3, 3, 3, 5), 5);
    json_object *at = event_of (ev, "attack");
    g_assert_cmpstr (sget (event_of (ev, "hth"), "result"), ==, "grapple");
    g_assert_cmpint (iget (at, "adj_dx"), ==, 16);
    g_assert_cmpint (dmg_hits (at), ==, 2);
    g_assert_cmpint (fig_int (st, "B", "hits"), ==, 2);
    g_assert_cmpstr (fig_str (st, "A", "posture"), ==, "hth");
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "hth");
    g_assert_cmpstr (fig_str (st, "A", "ready"), ==, "null");
    g_assert_cmpstr (fig_str (st, "B", "ready"), ==, "null");
    g_assert_cmpstr (fig_str (st, "A", "shield"), ==, "null");
    g_assert_cmpstr (fig_str (st, "B", "shield"), ==, "null");
    g_assert_cmpstr (fig_str (st, "A", "hth_with"), ==, "[\"B\"]");
  }
  /* "On a roll of 3 or 4, the defender drops his ready weapon and/or shield, but has time to ready
   * his dagger if he has one." */
  {
    g_autoptr(MgState) st = hth_duel (gear);
    json_object_put (enter (st, "", TFT_DICE (4, 6, 6, 4), 4));
    g_assert_cmpstr (fig_str (st, "B", "ready"), ==, "dagger");
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "hth");
  }
  /* "On a roll of 5, the defender does not drop his weapon, and the attacker immediately backs up
   * ... HTH combat does not take place." */
  {
    g_autoptr(MgState) st = hth_duel (gear);
    json_object_put (enter (st, "", TFT_DICE (5), 1));
    g_assert_cmpstr (fig_str (st, "B", "ready"), ==, "broadsword");
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "standing");
    g_assert_cmpstr (fig_str (st, "A", "posture"), ==, "standing");
    g_assert_cmpstr (fig_str (st, "A", "hth_with"), ==, "[]");
    g_assert_cmpint (fig_int (st, "A", "attacks_made"), ==, 1);
  }
  /* "On a roll of 6, the defender ... AUTOMATICALLY gets a hit on the attacker": B's broadsword, 2 dice. */
  {
    g_autoptr(MgState) st = hth_duel (gear);
    g_autoptr(json_object) ev = enter (st, "", TFT_DICE (6, 2, 3), 3);
    g_assert_cmpstr (sget (event_of (ev, "hth"), "result"), ==, "counter");
    g_assert_cmpint (fig_int (st, "A", "hits"), ==, 5);
    g_assert_cmpint (fig_int (st, "B", "hits"), ==, 0);
    g_assert_cmpstr (fig_str (st, "A", "posture"), ==, "standing");
  }
  /* "(If the attacker jumped the defender from behind, ignore a 6 and roll again.)" */
  {
    g_autoptr(MgState) st = hth_duel (gear);
    g_autoptr(json_object) ev = enter (st, ",\"from_behind\":true", TFT_DICE (6, 2, 6, 6, 4), 5);
    g_assert_cmpint (iget (event_of (ev, "hth"), "roll"), ==, 2);
    g_assert_cmpint (fig_int (st, "A", "hits"), ==, 0);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "hth");
  }
  /* "If the attacker had his dagger ready already, he may use it in HTH combat": 1 + 2, a 1 does 3. */
  {
    g_autoptr(MgState) st = hth_duel (",\"weapons\":[\"dagger\"],\"ready\":\"dagger\"");
    g_autoptr(json_object) ev = enter (st, "", TFT_DICE (2, 3, 3, 3, 1), 5);
    g_assert_cmpint (dmg_hits (event_of (ev, "attack")), ==, 3);
    g_assert_cmpstr (fig_str (st, "A", "ready"), ==, "dagger");
  }
}

static void
test_hth_when (void)
{
  /* "A figure may move ONTO an enemy figure's hex ... if (a) the enemy has his back to the wall, or is
   * lying down, prone, or kneeling, or (b) the enemy has a lower MA, or (c) the attacker comes in from
   * the rear, or (d) the enemy agrees" */
  g_autoptr(MgState) st = hth_duel ("");
  g_autoptr(MgState) st2 = tft_test_duel_state ("death", "", ",\"armor\":\"chainmail\"");

  option (st, "A", "\"option\":\"m\",\"engaged_with\":[\"B\"]");
  option (st, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
  PLAY (st, "{\"type\":\"attacks\"}");
  refuse (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", MG_RULES_ERROR_ILLEGAL, "back to the wall");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"hth_because\":\"wall\"}", 5);
  /* chainmail: MA 6 < 10 */
  option (st2, "A", "\"option\":\"m\",\"engaged_with\":[\"B\"]");
  option (st2, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
  PLAY (st2, "{\"type\":\"attacks\"}");
  PLAY (st2, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 5);
}

static void
test_hth_combat (void)
{
  /* A (ST 12) and B (ST 13, dagger carried) on the ground. In HTH only p, q, r. "A figure engaged in
   * HTH combat may try to draw and ready its dagger ... On a roll of 1, 2, or 3, the dagger was drawn."
   * Bare hands: "against a stronger enemy get 1 - 4 ... against a weaker enemy get 1 - 2". */
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(json_object) e = NULL;

  create (st, "A", "human", 12, 12, "");
  create (st, "B", "human", 13, 11, ",\"weapons\":[\"dagger\",\"broadsword\"],\"ready\":\"broadsword\"");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  grapple (st, "A", "B", NULL);   /* B dropped the broadsword (roll 1) */
  g_assert_cmpstr (fig_str (st, "B", "ready"), ==, "null");
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\"}", MG_RULES_ERROR_ILLEGAL, "p, q or r");
  refuse (st, "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"g\"}", MG_RULES_ERROR_ILLEGAL, "p, q or r");
  option (st, "A", "\"option\":\"p\"");
  option (st, "B", "\"option\":\"q\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* A (12) first: 1 - 4 against the stronger B: a 6 does 2 */
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", "attack", 3, 3, 3, 6);
  g_assert_cmpint (iget (e, "adj_dx"), ==, 16);
  g_assert_cmpint (dmg_hits (e), ==, 2);
  g_clear_pointer (&e, json_object_put);
  e = EVENT (st, "{\"type\":\"draw_dagger\",\"figure\":\"B\"}", "draw_dagger", 4);
  g_assert_false (json_object_get_boolean (json_object_object_get (e, "success")));
  g_clear_pointer (&e, json_object_put);
  g_assert_cmpstr (fig_str (st, "B", "ready"), ==, "null");
  PLAY (st, "{\"type\":\"end_turn\"}");
  option (st, "A", "\"option\":\"p\"");
  option (st, "B", "\"option\":\"q\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 6, 6, 4);
  e = EVENT (st, "{\"type\":\"draw_dagger\",\"figure\":\"B\"}", "draw_dagger", 3);
  g_assert_true (json_object_get_boolean (json_object_object_get (e, "success")));
  g_clear_pointer (&e, json_object_put);
  g_assert_cmpstr (fig_str (st, "B", "ready"), ==, "dagger");
  PLAY (st, "{\"type\":\"end_turn\"}");
  /* B now strikes with the dagger: 1 + 2 */
  option (st, "A", "\"option\":\"none\"");
  option (st, "B", "\"option\":\"p\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\"}", "attack", 3, 3, 3, 4);
  g_assert_cmpint (dmg_hits (e), ==, 6);
  g_clear_pointer (&e, json_object_put);
  PLAY (st, "{\"type\":\"end_turn\"}");
  refuse (st, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"q\"}", MG_RULES_ERROR_ILLEGAL, "no dagger to draw");
}

static void
test_hth_bare_hands (void)
{
  /* B (ST 13) bare-handed against the weaker A (ST 12): 1 - 2, a 6 does 4. */
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(json_object) e = NULL;

  create (st, "A", "human", 12, 12, "");
  create (st, "B", "human", 13, 11, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  grapple (st, "B", "A", NULL);
  option (st, "A", "\"option\":\"none\"");
  option (st, "B", "\"option\":\"p\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\"}", "attack", 3, 3, 3, 6);
  g_assert_cmpint (dmg_hits (e), ==, 4);
}

static void
test_hth_brawl (void)
{
  /* "any other figure can move onto that hex and join the brawl ... without rolling"; "If two or more
   * figures are fighting one enemy, the lone fighter's strength is compared to the total enemy
   * strengths"; "When there are two or more figures on the same side in a HTH brawl, all figures on a
   * side get 1 - 3." B (ST 13) against A (12) + C (11) = 23: 1 - 4. */
  g_autoptr(MgState) st = tft_test_new_state ();
  const char *const c_only[] = { "C", NULL };
  g_autoptr(json_object) e = NULL;

  create (st, "A", "human", 12, 12, "");
  create (st, "C", "human", 11, 13, "");
  create (st, "B", "human", 13, 11, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\",\"C\"],\"Y\":[\"B\"]}}");
  grapple (st, "A", "B", c_only);
  option (st, "A", "\"option\":\"p\"");
  option (st, "B", "\"option\":\"p\"");
  option (st, "C", "\"option\":\"m\",\"engaged_with\":[\"B\"]");
  PLAY (st, "{\"type\":\"attacks\"}");
  /* C (13) joins with no defence roll: to hit at 13 + 4, then 1 - 3 */
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"C\",\"target\":\"B\"}", "attack", 3, 3, 3, 6);
  g_assert_cmpint (iget (e, "adj_dx"), ==, 17);
  g_assert_cmpint (dmg_hits (e), ==, 3);
  g_clear_pointer (&e, json_object_put);
  g_assert_cmpstr (fig_str (st, "C", "posture"), ==, "hth");
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", "attack", 3, 3, 3, 6);
  g_assert_cmpint (dmg_hits (e), ==, 3);
  g_clear_pointer (&e, json_object_put);
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\"}", "attack", 3, 3, 3, 6);
  g_assert_cmpint (dmg_hits (e), ==, 2);
  g_clear_pointer (&e, json_object_put);
  PLAY (st, "{\"type\":\"end_turn\"}");
  /* "If its DX is superior to the enemy's, it needs a 1, 2, or 3; if ... there are more than one
   * enemies, it needs a 1": B, against two, fails on a 2. */
  option (st, "A", "\"option\":\"none\"");
  option (st, "C", "\"option\":\"none\"");
  option (st, "B", "\"option\":\"r\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  e = EVENT (st, "{\"type\":\"disengage\",\"figure\":\"B\"}", "disengage", 2);
  g_assert_false (json_object_get_boolean (json_object_object_get (e, "success")));
  g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "hth");
}

static void
test_hth_disengage (void)
{
  /* A (adjDX 13) against B (11), one foe: 1-3 frees A; "A figure which disengages from HTH combat
   * immediately stands up". B (DX lower) needs a 1. */
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(json_object) e = NULL;

  create (st, "A", "human", 11, 13, "");
  create (st, "B", "human", 13, 11, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  grapple (st, "A", "B", NULL);
  option (st, "A", "\"option\":\"r\"");
  option (st, "B", "\"option\":\"r\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  refuse (st, "{\"type\":\"disengage\",\"figure\":\"B\"}", MG_RULES_ERROR_ILLEGAL, "A acts next");
  e = EVENT (st, "{\"type\":\"disengage\",\"figure\":\"A\"}", "disengage", 4);
  g_assert_false (json_object_get_boolean (json_object_object_get (e, "success")));
  g_clear_pointer (&e, json_object_put);
  e = EVENT (st, "{\"type\":\"disengage\",\"figure\":\"B\"}", "disengage", 2);
  g_assert_false (json_object_get_boolean (json_object_object_get (e, "success")));
  g_clear_pointer (&e, json_object_put);
  PLAY (st, "{\"type\":\"end_turn\"}");
  option (st, "A", "\"option\":\"r\"");
  option (st, "B", "\"option\":\"p\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  e = EVENT (st, "{\"type\":\"disengage\",\"figure\":\"A\"}", "disengage", 3);
  g_assert_true (json_object_get_boolean (json_object_object_get (e, "success")));
  g_assert_cmpstr (fig_str (st, "A", "posture"), ==, "standing");
  g_assert_cmpstr (fig_str (st, "A", "hth_with"), ==, "[]");
  g_assert_cmpstr (fig_str (st, "B", "hth_with"), ==, "[]");
}

/* ---- the shield rush, p. 12 ---- */

/* A (ST as, DX ad, rapier + small shield) rushes B (ST bs, DX bd); returns the attack event. */
static json_object *
rush (gint as, gint ad, gint bs, gint bd, const guint *dice, guint n, MgState **out)
{
  MgState *st = tft_test_new_state ();
  json_object *e;

  create (st, "A", as <= 5 ? "goblin" : "human", as, ad, as >= 9 ? ",\"weapons\":[\"rapier\"],\"shield\":\"small_shield\""
                                                               : ",\"shield\":\"small_shield\"");
  create (st, "B", "human", bs, bd, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  option (st, "A", "\"option\":\"h\",\"engaged_with\":[\"B\"]");
  option (st, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
  PLAY (st, "{\"type\":\"attacks\"}");
  e = tft_test_last_event (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"mode\":\"shield_rush\"}", dice, n, "attack");
  *out = st;
  return e;
}

static void
test_shield_rush (void)
{
  /* "If the figure who hit him is AS STRONG or STRONGER, this is a regular 3-die roll": 13 against
   * adjDX 12 falls, 12 stays afoot. "The shield-rush NEVER puts hits on a foe" (even on a triple). */
  {
    MgState *st;
    g_autoptr(json_object) e = rush (12, 12, 12, 12, TFT_DICE (1, 1, 1, 4, 4, 5), 6, &st);
    g_assert_cmpint (iget (e, "save"), ==, 13);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "fallen");
    g_assert_cmpint (fig_int (st, "B", "hits"), ==, 0);
    mg_state_free (st);
  }
  {
    MgState *st;
    g_autoptr(json_object) e = rush (12, 12, 12, 12, TFT_DICE (3, 3, 3, 4, 4, 4), 6, &st);
    g_assert_cmpint (iget (e, "save"), ==, 12);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "standing");
    mg_state_free (st);
  }
  /* "On 3 dice, a 16, 17, or 18 is an automatic fall": B at adjDX 16 falls on 16, stands on 15. */
  {
    MgState *st;
    g_autoptr(json_object) e = rush (12, 12, 8, 16, TFT_DICE (3, 3, 3, 6, 6, 4), 6, &st);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "fallen");
    mg_state_free (st);
  }
  {
    MgState *st;
    g_autoptr(json_object) e = rush (12, 12, 8, 16, TFT_DICE (3, 3, 3, 6, 6, 3), 6, &st);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "standing");
    mg_state_free (st);
  }
  /* "if the figure who hit him is WEAKER, only TWO dice are rolled"; "A roll of 12, though, is an
   * automatic fall": B at adjDX 12 falls on 6+6, stays on 5+6. */
  {
    MgState *st;
    g_autoptr(json_object) e = rush (9, 15, 12, 12, TFT_DICE (3, 3, 3, 6, 6), 5, &st);
    g_assert_cmpint (iget (e, "save"), ==, 12);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "fallen");
    mg_state_free (st);
  }
  {
    MgState *st;
    g_autoptr(json_object) e = rush (9, 15, 12, 12, TFT_DICE (3, 3, 3, 5, 6), 5, &st);
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "standing");
    mg_state_free (st);
  }
  /* "a rush against a figure more than twice your ST will have no effect": a goblin of ST 5 against
   * ST 12 hits and nothing more is rolled. */
  {
    MgState *st;
    g_autoptr(json_object) e = rush (5, 13, 12, 12, TFT_DICE (3, 3, 3), 3, &st);
    g_assert_null (json_object_object_get (e, "save"));
    g_assert_cmpstr (fig_str (st, "B", "posture"), ==, "standing");
    mg_state_free (st);
  }
  /* "you must have a shield (either large or small) ready" */
  {
    g_autoptr(MgState) st = tft_test_duel_state ("death", ",\"weapons\":[\"broadsword\"]", "");
    option (st, "A", "\"option\":\"h\",\"engaged_with\":[\"B\"]");
    option (st, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
    PLAY (st, "{\"type\":\"attacks\"}");
    refuse (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"mode\":\"shield_rush\"}", MG_RULES_ERROR_ILLEGAL,
            "ready shield");
  }
}

/* ---- the line of fire, p. 14-15 and "Hitting your friends", p. 15 ---- */

static MgState *
range_state (const char *a_kind, gint as, gint ad, const char *a_gear, const char *a_opt)
{
  MgState *st = tft_test_new_state ();
  create (st, "A", a_kind, as, ad, a_gear);
  create (st, "F", "human", 12, 12, "");
  create (st, "G", "human", 12, 12, "");
  create (st, "B", "human", 12, 12, "");
  create (st, "E", "human", 12, 12, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\",\"F\",\"G\"],\"Y\":[\"B\",\"E\"]}}");
  option (st, "A", a_opt);
  for (guint i = 0; i < 4; i++)
    option (st, (const char *[]) { "F", "G", "B", "E" }[i], "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  return st;
}

static json_object *
nth_event (json_object *events, const char *type, guint nth)
{
  for (guint i = 0; i < json_object_array_length (events); i++)
    if (strcmp (sget (json_object_array_get_idx (events, i), "type"), type) == 0 && nth-- == 0)
      return json_object_array_get_idx (events, i);
  g_error ("no %s event", type);
  return NULL;
}

static void
test_thrown_line (void)
{
  const char *ax = ",\"weapons\":[\"small_ax\"]", *charge = "\"option\":\"b\"";
  const char *throw_b = "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true,\"hexes\":3,"
                        "\"in_the_way\":[{\"figure\":\"F\",\"hexes\":2}]}";

  /* "To throw at D, he must roll to miss B (DX -2) before rolling to hit D (DX -3)": A (DX 13) rolls 11
   * against 11 and misses his friend, then hits B at 10; the small ax (1+2) does 6 and lands there. */
  {
    g_autoptr(MgState) st = range_state ("human", 11, 13, ax, charge);
    g_autoptr(json_object) ev = tft_test_events (st, throw_b, TFT_DICE (5, 5, 1, 3, 3, 3, 4), 7);
    json_object *lf = nth_event (ev, "line_of_fire", 0);
    g_assert_cmpstr (sget (lf, "rolling"), ==, "to_miss");
    g_assert_cmpint (iget (lf, "adj_dx"), ==, 11);
    g_assert_cmpstr (sget (lf, "result"), ==, "miss");
    g_assert_cmpint (iget (nth_event (ev, "attack", 0), "adj_dx"), ==, 10);
    g_assert_cmpint (fig_int (st, "B", "hits"), ==, 6);
    g_assert_cmpint (fig_int (st, "F", "hits"), ==, 0);
    g_assert_cmpstr (fig_str (st, "A", "carried"), ==, "[]");
  }
  /* "if he rolls his adjDX or below, he MISSES ... otherwise, it hits": 12 hits the friend, and the
   * target is not rolled for. */
  {
    g_autoptr(MgState) st = range_state ("human", 11, 13, ax, charge);
    PLAY (st, throw_b, 6, 5, 1, 4);
    g_assert_cmpint (fig_int (st, "F", "hits"), ==, 6);
    g_assert_cmpint (fig_int (st, "B", "hits"), ==, 0);
  }
  /* "If he misses F, he must roll for G (DX -4)": after a miss the weapon flies on; a friend beyond is
   * rolled to miss (8 against 8 misses), an enemy beyond to hit (7 against 7 hits). */
  {
    g_autoptr(MgState) st = range_state ("human", 11, 13, ax, charge);
    g_autoptr(json_object) ev = tft_test_events (st,
      "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true,\"hexes\":3,"
      "\"beyond\":[{\"figure\":\"G\",\"hexes\":5},{\"figure\":\"E\",\"hexes\":6}]}", TFT_DICE (5, 5, 5, 2, 3, 3, 1, 3, 3, 1), 10);
    g_assert_cmpint (iget (nth_event (ev, "line_of_fire", 0), "adj_dx"), ==, 8);
    g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 0), "result"), ==, "miss");
    g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 1), "rolling"), ==, "to_hit");
    g_assert_cmpint (iget (nth_event (ev, "line_of_fire", 1), "adj_dx"), ==, 7);
    g_assert_cmpint (fig_int (st, "E", "hits"), ==, 3);
  }
  /* "You may not 'roll to miss' an enemy": an enemy in the way is rolled to hit (9 against 12). */
  {
    g_autoptr(MgState) st = range_state ("human", 11, 13, ax, charge);
    PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true,\"hexes\":3,"
              "\"in_the_way\":[{\"figure\":\"E\",\"hexes\":1}]}", 3, 3, 3, 2);
    g_assert_cmpint (fig_int (st, "E", "hits"), ==, 4);
    g_assert_cmpint (fig_int (st, "B", "hits"), ==, 0);
  }
}

static void
test_roll_to_miss (void)
{
  /* "When you are 'rolling to miss,' a 14 becomes an automatic hit, a 15 is a double-damage hit, and a
   * 16 is a triple-damage hit. 17 means the weapon drops in that hex; 18 means it breaks." A (DX 16)
   * throws a dagger (1-1) past F one hex away: adjDX 15, so 14 and 15 would otherwise miss. */
  static const struct { guint d[3]; const char *result; guint die; gint hits; } t[] = {
    { { 5, 5, 4 }, "hit", 6, 5 }, { { 5, 5, 5 }, "hit", 6, 10 }, { { 6, 5, 5 }, "hit", 3, 6 },
    { { 6, 6, 5 }, "drop", 0, 0 }, { { 6, 6, 6 }, "break", 0, 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      g_autoptr(MgState) st = range_state ("human", 8, 16, ",\"weapons\":[\"dagger\"]", "\"option\":\"b\"");
      guint dice[4] = { t[i].d[0], t[i].d[1], t[i].d[2], t[i].die };
      g_autoptr(json_object) ev = tft_test_events (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true,"
                                                   "\"hexes\":2,\"in_the_way\":[{\"figure\":\"F\",\"hexes\":1}]}",
                                                   dice, t[i].die ? 4 : 3);
      json_object *lf = nth_event (ev, "line_of_fire", 0);
      g_autoptr(json_object) j = mg_state_to_json (st);
      json_object *dropped = json_object_object_get (json_object_object_get (j, "fight"), "dropped");
      g_assert_cmpint (iget (lf, "adj_dx"), ==, 15);
      g_assert_cmpstr (sget (lf, "result"), ==, t[i].result);
      g_assert_cmpint (fig_int (st, "F", "hits"), ==, t[i].hits);
      g_assert_cmpint (fig_int (st, "B", "hits"), ==, 0);
      /* "When a thrown weapon hits, it falls to the ground in that hex"; broken, it is gone */
      g_assert_cmpuint (json_object_array_length (dropped), ==, strcmp (t[i].result, "break") ? 1 : 0);
      g_assert_cmpstr (fig_str (st, "A", "carried"), ==, "[]");
    }
}

static void
test_missile_line (void)
{
  const char *bow = ",\"weapons\":[\"longbow\"]", *fire = "\"option\":\"f\"";

  /* "A roll of 17 or 18 on any target but the first breaks the ARROW but does not affect the bow":
   * a 17 rolling to miss the friend in the way, an 18 on a friend beyond. */
  {
    g_autoptr(MgState) st = range_state ("human", 12, 12, bow, fire);
    PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"megahexes\":4,"
              "\"in_the_way\":[{\"figure\":\"F\",\"megahexes\":1}]}", 6, 6, 5);
    g_assert_cmpstr (fig_str (st, "A", "ready"), ==, "longbow");
    g_assert_cmpstr (fig_str (st, "A", "carried"), ==, "[\"longbow\"]");
  }
  {
    g_autoptr(MgState) st = range_state ("human", 12, 12, bow, fire);
    g_autoptr(json_object) ev = tft_test_events (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"megahexes\":4,"
                                                 "\"in_the_way\":[{\"figure\":\"F\",\"megahexes\":1}],"
                                                 "\"beyond\":[{\"figure\":\"G\",\"megahexes\":5}]}",
                                                 TFT_DICE (3, 3, 3, 6, 5, 5, 6, 6, 6), 9);
    /* range: 0 at 1 MH, -1 at 4, -2 at 5 ("making new DX adjustments as necessary") */
    g_assert_cmpint (iget (nth_event (ev, "line_of_fire", 0), "adj_dx"), ==, 12);
    g_assert_cmpint (iget (nth_event (ev, "attack", 0), "adj_dx"), ==, 11);
    g_assert_cmpint (iget (nth_event (ev, "line_of_fire", 1), "adj_dx"), ==, 10);
    g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 1), "result"), ==, "break");
    g_assert_cmpstr (fig_str (st, "A", "ready"), ==, "longbow");
  }
  /* on the first target an 18 breaks the bow itself */
  {
    g_autoptr(MgState) st = range_state ("human", 12, 12, bow, fire);
    PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"megahexes\":1}", 6, 6, 6);
    g_assert_cmpstr (fig_str (st, "A", "ready"), ==, "null");
  }
}

static void
test_pile (void)
{
  /* p. 17: "Two goblins have engaged Ragnar in HTH combat ... Bjorn comes up with his sword and hacks
   * at one of the goblins. His DX for that attack will be +4 ... If Bjorn misses the goblin, he rolls
   * again - same DX adjustments - to see if he hit the other goblin. If he misses again, he rolls ...
   * to see if he hit Ragnar." "Figures in HTH combat never hit their friends in the same HTH combat." */
  g_autoptr(MgState) st = tft_test_new_state ();
  const char *const others[] = { "Bjorn", "G2", NULL };
  g_autoptr(json_object) ev = NULL;

  create (st, "Ragnar", "human", 11, 13, ",\"weapons\":[\"dagger\"]");
  create (st, "Bjorn", "human", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "G1", "goblin", 6, 12, "");
  create (st, "G2", "goblin", 7, 11, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"V\":[\"Ragnar\",\"Bjorn\"],\"O\":[\"G1\",\"G2\"]}}");
  grapple (st, "G1", "Ragnar", others);
  option (st, "G2", "\"option\":\"m\",\"engaged_with\":[\"Ragnar\"]");
  option (st, "G1", "\"option\":\"none\"");
  option (st, "Ragnar", "\"option\":\"none\"");
  option (st, "Bjorn", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"G2\",\"target\":\"Ragnar\"}", 6, 6, 4);   /* joins: no defence roll */
  g_assert_cmpstr (fig_str (st, "G2", "posture"), ==, "hth");
  PLAY (st, "{\"type\":\"end_turn\"}");
  option (st, "G1", "\"option\":\"none\"");
  option (st, "G2", "\"option\":\"none\"");
  option (st, "Ragnar", "\"option\":\"p\"");
  option (st, "Bjorn", "\"option\":\"h\",\"engaged_with\":[\"G1\"]");
  PLAY (st, "{\"type\":\"attacks\"}");
  refuse (st, "{\"type\":\"attack\",\"figure\":\"Ragnar\",\"target\":\"G1\",\"pile\":[\"G2\"]}", MG_RULES_ERROR_ILLEGAL,
          "never hit their friends");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"Ragnar\",\"target\":\"G1\"}", 6, 6, 4);
  /* Bjorn names Ragnar first; the goblin is rolled for first all the same */
  ev = tft_test_events (st, "{\"type\":\"attack\",\"figure\":\"Bjorn\",\"target\":\"G1\",\"pile\":[\"Ragnar\",\"G2\"]}",
                        TFT_DICE (6, 6, 4, 6, 5, 5, 6, 6, 1), 9);
  g_assert_cmpint (iget (nth_event (ev, "attack", 0), "adj_dx"), ==, 16);
  g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 0), "at"), ==, "G2");
  g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 0), "rolling"), ==, "to_hit");
  g_assert_cmpint (iget (nth_event (ev, "line_of_fire", 0), "adj_dx"), ==, 16);
  g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 1), "at"), ==, "Ragnar");
  g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 1), "rolling"), ==, "to_miss");
  g_assert_cmpint (iget (nth_event (ev, "line_of_fire", 1), "adj_dx"), ==, 16);
  g_assert_cmpstr (sget (nth_event (ev, "line_of_fire", 1), "result"), ==, "miss");
}

/* ---- missile weapons: crossbow cadence, prone fire, second arrows, p. 13-15 and 7 ---- */

static MgState *
archer (gint as, gint ad, const char *weapon)
{
  MgState *st = tft_test_new_state ();
  g_autofree char *gear = g_strdup_printf (",\"weapons\":[\"%s\"]", weapon);
  create (st, "W", "human", as, ad, gear);
  create (st, "B", "human", 12, 12, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"W\"],\"Y\":[\"B\"]}}");
  return st;
}

/* One turn: W takes `opt`, B runs; a fired shot misses on 16. */
static void
turn (MgState *st, const char *opt)
{
  option (st, "W", opt);
  option (st, "B", "\"option\":\"a\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  if (strstr (opt, "\"f\""))
    PLAY (st, "{\"type\":\"attack\",\"figure\":\"W\",\"target\":\"B\",\"megahexes\":1}", 6, 6, 4);
  PLAY (st, "{\"type\":\"end_turn\"}");
}

static void
test_crossbow_cadence (void)
{
  /* "Light crossbow: Fires every other turn, or every turn if adjDX = 14+"; "Heavy crossbow: Fires
   * every 3rd turn, or every other turn if adjDX = 16+"; "Reloading a crossbow comes under the 'ready
   * a weapon' option". */
  static const struct { gint st, dx; const char *w; gint reloads; } t[] = {
    { 12, 12, "light_crossbow", 1 }, { 12, 14, "light_crossbow", 0 },
    { 15, 9, "heavy_crossbow", 2 }, { 15, 16, "heavy_crossbow", 1 },
  };
  const char *fire = "\"option\":\"f\"", *reload = "\"option\":\"e\"";
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      g_autoptr(MgState) st = archer (t[i].st, t[i].dx, t[i].w);
      turn (st, fire);
      g_assert_cmpint (fig_int (st, "W", "reload"), ==, t[i].reloads);
      for (gint k = 0; k < t[i].reloads; k++)
        {
          refuse (st, "{\"type\":\"option\",\"figure\":\"W\",\"option\":\"f\"}", MG_RULES_ERROR_ILLEGAL, "reloading");
          turn (st, reload);
        }
      turn (st, fire);   /* fires again: every turn, every other turn or every third */
      g_assert_cmpint (fig_int (st, "W", "reload"), ==, t[i].reloads);
    }
}

static gint
order_dx (MgState *st, guint i, const char **who, gint *attack)
{
  g_autoptr(json_object) j = mg_state_to_json (st);
  json_object *o = json_object_array_get_idx (json_object_object_get (json_object_object_get (j, "fight"), "order"), i);
  static char name[32];
  if (o == NULL)
    return -1;
  g_strlcpy (name, sget (o, "figure"), sizeof name);
  *who = name;
  *attack = iget (o, "attack");
  return iget (o, "adj_dx");
}

static void
test_prone_fire (void)
{
  /* "Crossbows may be fired from a prone position. Any bow may be fired from a kneeling position."
   * "A crossbowman lying prone gets a +1 DX adjustment." */
  const char *who;
  gint attack;
  {
    g_autoptr(MgState) st = archer (12, 12, "light_crossbow");
    g_autoptr(json_object) odds = NULL;
    turn (st, "\"option\":\"d\"");
    option (st, "W", "\"option\":\"f\"");
    option (st, "B", "\"option\":\"a\"");
    PLAY (st, "{\"type\":\"attacks\"}");
    g_assert_cmpint (order_dx (st, 0, &who, &attack), ==, 13);
    odds = tft_test_odds (st, "{\"type\":\"attack\",\"figure\":\"W\",\"target\":\"B\",\"megahexes\":1}", NULL);
    g_assert_cmpint (iget (odds, "adj_dx"), ==, 13);
  }
  {
    g_autoptr(MgState) st = archer (12, 12, "longbow");
    turn (st, "\"option\":\"d\",\"posture\":\"kneeling\"");
    option (st, "W", "\"option\":\"f\"");
    option (st, "B", "\"option\":\"a\"");
    PLAY (st, "{\"type\":\"attacks\"}");
    g_assert_cmpint (order_dx (st, 0, &who, &attack), ==, 12);
  }
  {
    g_autoptr(MgState) st = archer (12, 12, "longbow");
    turn (st, "\"option\":\"d\"");
    refuse (st, "{\"type\":\"option\",\"figure\":\"W\",\"option\":\"f\"}", MG_RULES_ERROR_ILLEGAL, "must take a turn to stand up");
  }
}

static void
test_second_arrow (void)
{
  /* "Small bow: 2 shots/turn if adjDX = 15+"; "When figures are firing two arrows per turn, they fire
   * their second arrows (again in order of adjDX) AFTER all figures have made their first attack." C's
   * two main-gauche attacks (DX 12 - 4) are made together, before A's second arrow. */
  static const struct { const char *who; gint attack, dx; } want[] = {
    { "A", 1, 15 }, { "B", 1, 12 }, { "C", 1, 8 }, { "C", 2, 8 }, { "A", 2, 15 } };
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(MgState) st2 = archer (10, 14, "small_bow");
  const char *who;
  gint attack;

  create (st, "A", "human", 9, 15, ",\"weapons\":[\"small_bow\"]");
  create (st, "B", "human", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "C", "human", 12, 12, ",\"weapons\":[\"shortsword\",\"main_gauche\"]");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\",\"C\"]}}");
  option (st, "A", "\"option\":\"f\"");
  option (st, "B", "\"option\":\"b\",\"moved\":2");
  option (st, "C", "\"option\":\"b\",\"moved\":2,\"main_gauche\":true");
  PLAY (st, "{\"type\":\"attacks\"}");
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      g_assert_cmpint (order_dx (st, i, &who, &attack), ==, want[i].dx);
      g_assert_cmpstr (who, ==, want[i].who);
      g_assert_cmpint (attack, ==, want[i].attack);
    }
  g_assert_cmpint (order_dx (st, G_N_ELEMENTS (want), &who, &attack), ==, -1);
  /* at adjDX 14 one arrow */
  option (st2, "W", "\"option\":\"f\"");
  option (st2, "B", "\"option\":\"a\"");
  PLAY (st2, "{\"type\":\"attacks\"}");
  g_assert_cmpint (order_dx (st2, 1, &who, &attack), ==, -1);
}

/* ---- the main-gauche, p. 8 ---- */

static void
test_main_gauche (void)
{
  /* "it also lets him make TWO attacks that turn (against the same enemy); one with the main-gauche
   * and one with the other weapon. BOTH attacks are at DX -4." Shortsword 2-1, main-gauche 1-1. */
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(json_object) e = NULL;

  create (st, "A", "human", 12, 12, ",\"weapons\":[\"shortsword\",\"main_gauche\"]");
  create (st, "B", "human", 12, 12, "");
  create (st, "C", "human", 12, 12, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\",\"C\"]}}");
  option (st, "A", "\"option\":\"h\",\"main_gauche\":true,\"engaged_with\":[\"B\",\"C\"]");
  option (st, "B", "\"option\":\"none\"");
  option (st, "C", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", "attack", 3, 3, 2, 2, 2);
  g_assert_cmpstr (sget (e, "weapon"), ==, "shortsword");
  g_assert_cmpint (iget (e, "adj_dx"), ==, 8);
  g_assert_cmpint (dmg_hits (e), ==, 3);
  g_clear_pointer (&e, json_object_put);
  refuse (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"C\"}", MG_RULES_ERROR_ILLEGAL, "same enemy");
  e = EVENT (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", "attack", 2, 3, 3, 4);
  g_assert_cmpstr (sget (e, "weapon"), ==, "main_gauche");
  g_assert_cmpint (iget (e, "adj_dx"), ==, 8);
  g_assert_cmpint (dmg_hits (e), ==, 3);
  g_assert_cmpint (fig_int (st, "B", "hits"), ==, 6);
}

static void
test_main_gauche_parry (void)
{
  /* "it stops one hit from any non-missile attack" "from your front hexes": 6 less 1 from the front,
   * all 6 from the side. */
  static const struct { const char *facing; gint hits; } t[] = { { "front", 5 }, { "side", 6 } };
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      g_autoptr(MgState) st = tft_test_duel_state ("death", ",\"weapons\":[\"shortsword\",\"main_gauche\"]",
                                                   ",\"weapons\":[\"broadsword\"]");
      g_autofree char *at = g_strdup_printf ("{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\",\"facing\":\"%s\"}", t[i].facing);
      option (st, "A", "\"option\":\"none\"");
      option (st, "B", "\"option\":\"h\",\"engaged_with\":[\"A\"]");
      PLAY (st, "{\"type\":\"attacks\"}");
      PLAY (st, at, 3, 3, 3, 3, 3);
      g_assert_cmpint (fig_int (st, "A", "hits"), ==, t[i].hits);
    }
}

/* ---- damage, p. 10-13 and 19, and injuries, p. 18-19 ---- */

/* A (gear, option) attacks B (gear, option) with `attack` members and the dice; returns the event. */
static json_object *
strike (const char *kind, const char *a_gear, const char *b_gear, const char *a_opt, const char *b_opt,
        const char *attack, const guint *dice, guint n)
{
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autofree char *at = g_strdup_printf ("{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"%s}", attack);
  g_autofree char *f = g_strdup_printf ("{\"type\":\"start_fight\",\"kind\":\"%s\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}", kind);
  PLAY (st, a_gear);
  PLAY (st, b_gear);
  PLAY (st, f);
  option (st, "A", a_opt);
  option (st, "B", b_opt);
  PLAY (st, "{\"type\":\"attacks\"}", 6, 1);
  return tft_test_last_event (st, at, dice, n, "attack");
}

#define FIG(name, kind, s, dx, gear) "{\"type\":\"create_figure\",\"figure\":\"" name "\",\"kind\":\"" kind "\",\"st\":" #s \
                                     ",\"dx\":" #dx gear "}"

/* "Halflings get an extra +3 DX adjustment with missile or thrown weapons, and do an extra +1
 * damage when they hit with them" (p. 19): the bonus follows how the weapon is used. A dagger
 * thrown 2 hexes: 14 + 3 - 2 = 15 and 1-1+1, a 5 does 5; the same dagger in hand: 14 and a 5
 * does 4. A rock, made to be thrown, gets it too. */
static void
test_halfling_thrown (void)
{
  const char *b_plain = FIG ("B", "human", 12, 12, "");
  const char *hal = FIG ("A", "halfling", 6, 14, ",\"weapons\":[\"dagger\"]");
  const char *eng = "\"option\":\"h\",\"engaged_with\":[\"B\"]", *idle = "\"option\":\"none\",\"engaged_with\":[\"A\"]";
  static const guint d5[] = { 3, 3, 3, 5 };
  struct { json_object *e; gint adj, total; } t[3];

  t[0] = (typeof (t[0])) { strike ("death", hal, b_plain, "\"option\":\"b\"", "\"option\":\"a\"",
                                   ",\"throw\":true,\"hexes\":2", d5, 4), 15, 5 };
  t[1] = (typeof (t[0])) { strike ("death", hal, b_plain, eng, idle, "", d5, 4), 14, 4 };
  t[2] = (typeof (t[0])) { strike ("death", FIG ("A", "halfling", 6, 14, ",\"weapons\":[\"rock\"]"), b_plain,
                                   "\"option\":\"b\"", "\"option\":\"a\"", ",\"throw\":true,\"hexes\":2", d5, 4), 15, 2 };
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      json_object *d = json_object_object_get (t[i].e, "damage");
      if (iget (t[i].e, "adj_dx") != t[i].adj || iget (d, "total") != t[i].total)
        g_error ("case %u: adjDX %d, %d damage; want %d, %d", i, iget (t[i].e, "adj_dx"), iget (d, "total"), t[i].adj, t[i].total);
      json_object_put (t[i].e);
    }
}

/* "A roll of 18 always misses, and the attacker's weapon is broken" (p. 10): it stays broken after
 * the fight. The roster loses it (the next weapon is ready), the fight's summary says so, a save
 * and reload in mid-fight keeps it, and set_gear gives the figure a new one. */
static void
test_broken_stays_broken (void)
{
  g_autoptr(MgState) st = tft_test_duel_state ("death", ",\"weapons\":[\"broadsword\",\"dagger\"]", ",\"weapons\":[\"broadsword\"]");
  g_autoptr(json_object) rs = tft_test_ruleset ();
  g_autoptr(json_object) j = NULL;
  g_autoptr(MgState) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;
  json_object *a;

  option (st, "A", "\"option\":\"h\",\"engaged_with\":[\"B\"]");
  option (st, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 6, 6, 6);
  j = mg_state_to_json (st);
  back = mg_tft_rules ()->from_json (rs, j, &error);
  g_assert_no_error (error);
  {
    g_autoptr(json_object) again = mg_state_to_json (back);
    g_assert_cmpstr (json_object_to_json_string (j), ==, json_object_to_json_string (again));
  }
  PLAY (back, "{\"type\":\"end_turn\"}");
  said = tft_test_play (back, "{\"type\":\"end_fight\",\"abandon\":true}", NULL, 0);
  if (!strstr (said, "A's Broadsword stays broken")) g_error ("%s", said);
  {
    g_autoptr(json_object) whole = mg_state_to_json (back);
    a = tft_test_find_named (json_object_object_get (whole, "roster"), "A");
    g_assert_cmpstr (json_object_to_json_string_ext (json_object_object_get (a, "weapons"), JSON_C_TO_STRING_PLAIN), ==, "[\"dagger\"]");
    g_assert_cmpstr (sget (a, "ready"), ==, "dagger");
  }
  PLAY (back, "{\"type\":\"set_gear\",\"figure\":\"A\",\"weapons\":[\"broadsword\",\"dagger\"],\"ready\":\"broadsword\"}");
  {
    g_autoptr(json_object) whole = mg_state_to_json (back);
    a = tft_test_find_named (json_object_object_get (whole, "roster"), "A");
    g_assert_cmpstr (sget (a, "ready"), ==, "broadsword");
  }
}

/* Sentences as a referee reads them aloud (issue 45): a new sentence after the rolls along the line
 * of fire; any figure (Ann, a bear) named, not "he" or "his"; a side wins, in the singular. */
static void
assert_said (MgState *st, const char *action, const guint *dice, guint n, const char *want)
{
  g_autofree char *said = tft_test_play (st, action, dice, n);
  if (strstr (said, want) == NULL)
    g_error ("said \"%s\", not \"%s\"", said, want);
}

static void
test_sentences (void)
{
  const char *bw = ",\"weapons\":[\"broadsword\"]";
  const char *attack = "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}";
  {
    g_autoptr(MgState) st = range_state ("human", 11, 13, ",\"weapons\":[\"small_ax\"]", "\"option\":\"b\"");
    assert_said (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true,\"hexes\":3,"
                     "\"in_the_way\":[{\"figure\":\"F\",\"hexes\":2}]}", TFT_DICE (5, 5, 1, 3, 3, 3, 4), 7,
                 "Rolling to miss F: 11 against 11, it flies past. A rolls 9 against adjusted DX 10 and hits B");
  }
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(MgState) st = tft_test_duel_state ("death", bw, bw);
      option (st, "A", i == 0 ? "\"option\":\"m\",\"engaged_with\":[\"B\"]" : "\"option\":\"h\",\"engaged_with\":[\"B\"]");
      option (st, "B", "\"option\":\"none\",\"engaged_with\":[\"A\"]");
      PLAY (st, "{\"type\":\"attacks\"}");
      if (i == 0)
        assert_said (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"hth_because\":\"agreed\"}",
                     TFT_DICE (5), 1, "A leaps on B; B rolls 5 and keeps A off.");
      else if (i == 1)
        assert_said (st, attack, TFT_DICE (6, 6, 5), 3, "and misses; A drops the Broadsword.");
      else if (i == 2)
        assert_said (st, attack, TFT_DICE (6, 6, 6), 3, "and misses; A's Broadsword breaks.");
      else
        {
          PLAY (st, attack, 1, 1, 1, 6, 6);
          PLAY (st, "{\"type\":\"end_turn\"}");
          assert_said (st, "{\"type\":\"end_fight\"}", NULL, 0, "Fight 1 is over: X wins.");
        }
    }
}

static void
test_damage (void)
{
  const char *eng = "\"option\":\"h\",\"engaged_with\":[\"B\"]", *idle = "\"option\":\"none\",\"engaged_with\":[\"A\"]";
  const char *b_plain = FIG ("B", "human", 12, 12, "");
  struct { json_object *e; gint total, hits; } t[8];
  guint n = 0;

  /* Dwarves "get +1 damage with hammers or axes": small ax 1+2, a 3 does 6 ... */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "dwarf", 13, 11, ",\"weapons\":[\"small_ax\"]"), b_plain, eng, idle, "",
                                     TFT_DICE (3, 3, 3, 3), 4), 6, 6 };
  /* ... but not with a broadsword: 3 + 3 */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "dwarf", 13, 11, ",\"weapons\":[\"broadsword\"]"), b_plain, eng, idle, "",
                                     TFT_DICE (3, 3, 3, 3, 3), 5), 6, 6 };
  /* Halflings "get +1 damage with missile weapons" (and +3 DX): sling 1-2, a 5 does 4 */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "halfling", 6, 14, ",\"weapons\":[\"sling\"]"), b_plain, "\"option\":\"f\"",
                                     "\"option\":\"a\"", ",\"megahexes\":1", TFT_DICE (3, 3, 3, 5), 4), 4, 4 };
  /* "A figure which charge-attacks (option b) with a pole weapon does double damage": spear 1+1, a 3: 8 */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "human", 12, 12, ",\"weapons\":[\"spear\"]"), b_plain,
                                     "\"option\":\"b\",\"moved\":2", "\"option\":\"a\"", "", TFT_DICE (3, 3, 3, 3), 4), 8, 8 };
  /* "A figure which uses a pole weapon against a charge-attacking enemy also does double damage", and
   * a 4 doubles again: javelin 1-1, a 5: 4 x 2 x 2 = 16 */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "human", 12, 12, ",\"weapons\":[\"javelin\"]"),
                                     FIG ("B", "human", 12, 12, ",\"weapons\":[\"broadsword\"]"), eng,
                                     "\"option\":\"b\",\"moved\":3", "", TFT_DICE (1, 1, 2, 5), 4), 16, 16 };
  /* a large shield (2) ready guards the front, not the side */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "human", 12, 12, ",\"weapons\":[\"broadsword\"]"),
                                     FIG ("B", "human", 12, 12, ",\"weapons\":[\"broadsword\"],\"shield\":\"large_shield\""),
                                     eng, idle, "", TFT_DICE (3, 3, 3, 3, 3), 5), 6, 4 };
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "human", 12, 12, ",\"weapons\":[\"broadsword\"]"),
                                     FIG ("B", "human", 12, 12, ",\"weapons\":[\"broadsword\"],\"shield\":\"large_shield\""),
                                     eng, idle, ",\"facing\":\"side\"", TFT_DICE (3, 3, 3, 3, 3), 5), 6, 6 };
  /* slung behind a two-handed spear, it guards the rear */
  t[n++] = (typeof (t[0])) { strike ("death", FIG ("A", "human", 12, 12, ",\"weapons\":[\"broadsword\"]"),
                                     FIG ("B", "human", 12, 12, ",\"weapons\":[\"spear\"],\"shield\":\"large_shield\""),
                                     eng, idle, ",\"facing\":\"rear\"", TFT_DICE (3, 3, 3, 3, 3), 5), 6, 4 };
  for (guint i = 0; i < n; i++)
    {
      json_object *d = json_object_object_get (t[i].e, "damage");
      if (iget (d, "total") != t[i].total || iget (d, "hits") != t[i].hits)
        g_error ("case %u: %d for %d, want %d for %d", i, iget (d, "total"), iget (d, "hits"), t[i].total, t[i].hits);
      json_object_put (t[i].e);
    }
}

static void
test_giant_and_practice (void)
{
  /* The giant: 9 hits in a turn for the -2, 16 to fall (p. 19). A battleaxe (3 dice) does 9. */
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(MgState) pr = tft_test_new_state ();

  create (st, "A", "human", 15, 9, ",\"weapons\":[\"battleaxe\"]");
  PLAY (st, "{\"type\":\"create_figure\",\"figure\":\"Og\",\"kind\":\"giant\",\"st\":30}");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"Og\"]}}");
  option (st, "A", "\"option\":\"h\",\"engaged_with\":[\"Og\"]");
  option (st, "Og", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"Og\"}", 3, 3, 3, 3, 3, 3);
  g_assert_cmpstr (fig_str (st, "Og", "posture"), ==, "standing");
  PLAY (st, "{\"type\":\"end_turn\"}");
  g_assert_cmpint (fig_int (st, "Og", "adj_dx"), ==, 7);
  option (st, "A", "\"option\":\"h\"");
  option (st, "Og", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"Og\"}", 1, 1, 2, 3, 3, 2);
  g_assert_cmpint (fig_int (st, "Og", "hits"), ==, 25);
  g_assert_cmpstr (fig_str (st, "Og", "posture"), ==, "fallen");

  /* "Practice combat: half damage, out at ST <= 3": 13 halves to 6, ST 9 falls to 3: out. */
  create (pr, "A", "human", 15, 9, ",\"weapons\":[\"battleaxe\"]");
  create (pr, "B", "human", 9, 15, "");
  PLAY (pr, "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}");
  option (pr, "A", "\"option\":\"h\",\"engaged_with\":[\"B\"]");
  option (pr, "B", "\"option\":\"none\"");
  PLAY (pr, "{\"type\":\"attacks\"}");
  PLAY (pr, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}", 3, 3, 3, 4, 4, 5);
  g_assert_cmpint (fig_int (pr, "B", "hits"), ==, 6);
  g_assert_cmpstr (fig_str (pr, "B", "state"), ==, "out");
}

/* ---- pending() tells the dice against each target ---- */

static void
test_pending_dice (void)
{
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(json_object) p = NULL;
  json_object *d;

  create (st, "A", "human", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "B", "human", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "C", "human", 12, 12, "");
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\",\"C\"]}}");
  option (st, "A", "\"option\":\"h\",\"engaged_with\":[\"B\",\"C\"]");
  option (st, "B", "\"option\":\"i\",\"engaged_with\":[\"A\"]");
  option (st, "C", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  p = mg_state_pending (st);
  d = json_object_object_get (json_object_array_get_idx (json_object_object_get (p, "waiting"), 0), "dice");
  /* "must roll its adjDX on FOUR dice, rather than three" against the defending B */
  g_assert_cmpint (iget (d, "to_hit"), ==, 3);
  g_assert_cmpint (iget (json_object_object_get (d, "to_hit_by_target"), "B"), ==, 4);
  g_assert_cmpint (iget (json_object_object_get (d, "to_hit_by_target"), "C"), ==, 3);
}

/* ---- the gargoyle flies, p. 19 ---- */

/* "Its MA is 8 on the ground, 16 if flying. It lands to attack, but may land ON you for HTH..."
 * G, a gargoyle; H a man with a broadsword (MA 10); F a man with a small bow. */
static void
test_gargoyle_flies (void)
{
  g_autoptr(MgState) st = tft_test_new_state ();
  g_autoptr(json_object) card = NULL;
  g_autoptr(GError) error = NULL;

  create (st, "G", "gargoyle", 20, 11, "");
  create (st, "H", "human", 12, 12, ",\"weapons\":[\"broadsword\"]");
  create (st, "F", "human", 12, 12, ",\"weapons\":[\"small_bow\"]");
  card = mg_tft_record_card (st, "G", &error);
  g_assert_no_error (error);
  g_assert_cmpint (iget (card, "ma"), ==, 8);
  g_assert_cmpint (iget (card, "ma_flying"), ==, 16);
  PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"Stone\":[\"G\"],\"Men\":[\"H\",\"F\"]}}");
  refuse (st, "{\"type\":\"option\",\"figure\":\"H\",\"option\":\"a\",\"flying\":true}", MG_RULES_ERROR_ILLEGAL, "cannot fly");

  /* Turn 1: 16 hexes in the air, 8 on the ground; flying is moving (a, b, c), nothing else. */
  refuse (st, "{\"type\":\"option\",\"figure\":\"G\",\"option\":\"a\",\"moved\":16}", MG_RULES_ERROR_ILLEGAL, "allows moving 8");
  refuse (st, "{\"type\":\"option\",\"figure\":\"G\",\"option\":\"a\",\"moved\":17,\"flying\":true}", MG_RULES_ERROR_ILLEGAL,
          "allows moving 16");
  refuse (st, "{\"type\":\"option\",\"figure\":\"G\",\"option\":\"e\",\"flying\":true}", MG_RULES_ERROR_ILLEGAL, "a, b and c");
  option (st, "G", "\"option\":\"a\",\"moved\":16,\"flying\":true");
  g_assert_cmpint (fig_int (st, "G", "aloft"), ==, 1);
  /* In the air it engages no one. */
  refuse (st, "{\"type\":\"option\",\"figure\":\"H\",\"option\":\"h\",\"engaged_with\":[\"G\"]}", MG_RULES_ERROR_ILLEGAL,
          "G is flying");
  option (st, "H", "\"option\":\"none\"");
  option (st, "F", "\"option\":\"none\"");
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"end_turn\"}");

  /* Turn 2: G dodges aloft (8 hexes, half of 16). H's broadsword cannot reach it; F's arrow can,
   * on 4 dice (dodging). */
  option (st, "H", "\"option\":\"b\",\"moved\":5");
  option (st, "F", "\"option\":\"f\"");
  refuse (st, "{\"type\":\"option\",\"figure\":\"G\",\"option\":\"c\",\"moved\":9,\"flying\":true}", MG_RULES_ERROR_ILLEGAL,
          "allows moving 8");
  option (st, "G", "\"option\":\"c\",\"moved\":8,\"flying\":true");
  PLAY (st, "{\"type\":\"attacks\"}", 6, 1);   /* H and F tie at 12: H strikes first */
  refuse (st, "{\"type\":\"attack\",\"figure\":\"H\",\"target\":\"G\"}", MG_RULES_ERROR_ILLEGAL, "only missile and thrown");
  PLAY (st, "{\"type\":\"pass\",\"figure\":\"H\"}");
  {
    g_autoptr(json_object) odds = tft_test_odds (st, "{\"type\":\"attack\",\"figure\":\"F\",\"target\":\"G\"}", &error);
    g_assert_no_error (error);
    g_assert_cmpint (iget (odds, "dice"), ==, 4);
  }
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"F\",\"target\":\"G\"}", 6, 6, 6, 6);
  PLAY (st, "{\"type\":\"end_turn\"}");

  /* Turn 3: G flies 8 and lands ON H for HTH, though H's MA (10) is not lower than G's 8 and no
   * other reason is given; on the ground it could not. H rolls 5: repelled. */
  option (st, "H", "\"option\":\"none\"");
  option (st, "F", "\"option\":\"none\"");
  option (st, "G", "\"option\":\"b\",\"moved\":8,\"flying\":true");
  g_assert_cmpint (fig_int (st, "G", "aloft"), ==, 0);
  PLAY (st, "{\"type\":\"attacks\"}");
  PLAY (st, "{\"type\":\"attack\",\"figure\":\"G\",\"target\":\"H\",\"mode\":\"hth\"}", 5);
  PLAY (st, "{\"type\":\"end_turn\"}");
  /* Turn 4, on the ground: the same leap is refused. */
  option (st, "H", "\"option\":\"none\"");
  option (st, "F", "\"option\":\"none\"");
  option (st, "G", "\"option\":\"b\",\"moved\":4");
  PLAY (st, "{\"type\":\"attacks\"}");
  refuse (st, "{\"type\":\"attack\",\"figure\":\"G\",\"target\":\"H\",\"mode\":\"hth\"}", MG_RULES_ERROR_ILLEGAL,
          "lower MA");
}

/* House rule flier_out_of_reach, both ways: on (the shipped default) a sword cannot reach a
 * gargoyle aloft; off, it can. A ruleset's house rule that is not a boolean, or not one of the
 * game's, is refused at its path. */
static void
test_house_flier (void)
{
  for (guint on = 0; on < 2; on++)
    {
      g_autoptr(json_object) rs = tft_test_ruleset ();
      g_autoptr(MgState) st = NULL;

      json_object_object_add (json_object_object_get (rs, "house_rules"), "flier_out_of_reach",
                              json_object_new_boolean (on));
      st = tft_test_new_state_with (rs);
      create (st, "G", "gargoyle", 20, 11, "");
      create (st, "H", "human", 12, 12, ",\"weapons\":[\"spear\"]");
      PLAY (st, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"Stone\":[\"G\"],\"Men\":[\"H\"]}}");
      option (st, "G", "\"option\":\"a\",\"moved\":10,\"flying\":true");
      option (st, "H", "\"option\":\"b\",\"moved\":2");
      PLAY (st, "{\"type\":\"attacks\"}");
      if (on)
        refuse (st, "{\"type\":\"attack\",\"figure\":\"H\",\"target\":\"G\"}", MG_RULES_ERROR_ILLEGAL, "only missile and thrown");
      else
        PLAY (st, "{\"type\":\"attack\",\"figure\":\"H\",\"target\":\"G\"}", 6, 6, 6);   /* 18: a miss that breaks */
    }
  {
    g_autoptr(json_object) rs = tft_test_ruleset ();
    g_autoptr(GError) error = NULL;

    json_object_object_add (json_object_object_get (rs, "house_rules"), "flier_out_of_reach", json_object_new_int (1));
    g_assert_false (mg_tft_rules ()->check_ruleset (rs, &error));
    g_assert_nonnull (strstr (error->message, "$.house_rules.flier_out_of_reach"));
    g_clear_error (&error);
    json_object_object_add (json_object_object_get (rs, "house_rules"), "flier_out_of_reach", json_object_new_boolean (1));
    json_object_object_add (json_object_object_get (rs, "house_rules"), "no_such_rule", json_object_new_boolean (1));
    g_assert_false (mg_tft_rules ()->check_ruleset (rs, &error));
    g_assert_nonnull (strstr (error->message, "no_such_rule"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tft/hth/entry", test_hth_entry);
  g_test_add_func ("/tft/hth/when", test_hth_when);
  g_test_add_func ("/tft/hth/combat", test_hth_combat);
  g_test_add_func ("/tft/hth/bare-hands", test_hth_bare_hands);
  g_test_add_func ("/tft/hth/brawl", test_hth_brawl);
  g_test_add_func ("/tft/hth/disengage", test_hth_disengage);
  g_test_add_func ("/tft/shield-rush", test_shield_rush);
  g_test_add_func ("/tft/line/thrown", test_thrown_line);
  g_test_add_func ("/tft/line/roll-to-miss", test_roll_to_miss);
  g_test_add_func ("/tft/line/missile", test_missile_line);
  g_test_add_func ("/tft/line/pile", test_pile);
  g_test_add_func ("/tft/missile/crossbow", test_crossbow_cadence);
  g_test_add_func ("/tft/missile/prone", test_prone_fire);
  g_test_add_func ("/tft/missile/second-arrow", test_second_arrow);
  g_test_add_func ("/tft/main-gauche/two-attacks", test_main_gauche);
  g_test_add_func ("/tft/main-gauche/parry", test_main_gauche_parry);
  g_test_add_func ("/tft/damage", test_damage);
  g_test_add_func ("/tft/damage/halfling-thrown", test_halfling_thrown);
  g_test_add_func ("/tft/attack/broken-stays-broken", test_broken_stays_broken);
  g_test_add_func ("/tft/attack/sentences", test_sentences);
  g_test_add_func ("/tft/injury/giant-practice", test_giant_and_practice);
  g_test_add_func ("/tft/pending/dice", test_pending_dice);
  g_test_add_func ("/tft/gargoyle/flies", test_gargoyle_flies);
  g_test_add_func ("/tft/house/flier-out-of-reach", test_house_flier);
  return g_test_run ();
}
