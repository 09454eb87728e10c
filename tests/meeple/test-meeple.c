/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-meeple.c — the Meeple Melee engine against the rulebook (shared/rules/meeple-melee.txt). */
#include "config.h"

#include <string.h>

#include "meeple-test-helpers.h"

#define RULES_ERR MG_RULES_ERROR

/* The rulebook's tables (NOTES.md): actions by own casualties, reveal by the higher casualties. */
static const guint book_actions[6] = { 1, 1, 2, 2, 3, 3 };
static const guint book_reveal[6]  = { 6, 5, 5, 4, 4, 3 };

static json_object *
state_json (MgState *state)
{
  return mg_state_to_json (state);
}

/* ------------------------------------------------------------ tables, through play */

/* Blue wins six battles in a row: before each, Red's casualties are 0..5, so every entry of both
 * tables is met in play, and 8 − casualties meeples are rolled. */
static void
test_tables_through_a_match (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);

  for (guint c = 0; c < 6; c++)
    {
      g_autoptr(json_object) json = state_json (state);
      g_autofree char *summary = NULL;
      guint r = book_reveal[c];

      g_assert_cmpint (mt_get_int (json, "players/0/casualties"), ==, c);
      g_assert_cmpint (mt_get_int (json, "players/0/to_roll"), ==, 8 - c);
      g_assert_cmpint (mt_get_int (json, "players/1/to_roll"), ==, 8);
      g_assert_cmpint (mt_get_int (json, "players/0/actions_allowed"), ==, book_actions[c]);
      g_assert_cmpint (mt_get_int (json, "players/1/actions_allowed"), ==, book_actions[0]);
      g_assert_cmpint (mt_get_int (json, "reveal"), ==, r);
      g_assert_cmpint (mt_get_int (json, "players/0/reveal"), ==, r);
      g_assert_cmpint (mt_get_int (json, "players/1/reveal"), ==, r);
      g_assert_cmpint (mt_get_int (json, "battle"), ==, c + 1);
      g_assert_cmpstr (mt_get_string (json, "phase"), ==, "roll");

      /* Red all Kick, Blue all Sweep: Blue is r ≥ 3 Sweep ahead. */
      summary = mt_battle (state, 0, r, 0, r, 0, 0);
      g_assert_nonnull (strstr (summary, "Blue wins on Sweep"));
    }

  g_autoptr(json_object) json = state_json (state);
  g_assert_cmpint (mt_get_int (json, "players/0/casualties"), ==, 6);
  g_assert_cmpstr (mt_get_string (json, "phase"), ==, "over");
  g_assert_cmpstr (mt_get_string (json, "winner"), ==, "Blue");
  g_assert_cmpint (mt_get_int (json, "score/Blue"), ==, 1);
  g_assert_cmpint (mt_get_int (json, "score/Red"), ==, 0);
}

/* The allowance is exactly the table's number for each casualty count: that many actions are
 * accepted, the next one is refused. */
static void
test_allowance_each_casualty_count (void)
{
  for (guint c = 0; c < 6; c++)
    {
      g_autofree char *text = g_strdup_printf (
        "{\"game\":\"meeple\",\"match\":1,\"battle\":1,\"turn\":1,\"score\":{\"Red\":0,\"Blue\":0},"
        "\"players\":[{\"name\":\"Red\",\"casualties\":%u,\"neutral\":0,\"actions_used\":0,\"rolled\":false,"
        "\"faces\":null,\"picked\":false,\"pick\":null},"
        "{\"name\":\"Blue\",\"casualties\":0,\"neutral\":0,\"actions_used\":0,\"rolled\":false,"
        "\"faces\":null,\"picked\":false,\"pick\":null}],\"last\":null,\"winner\":null}", c);
      g_autoptr(MgState) state = mt_from_json (NULL, text);
      g_autofree char *roll_dice = mt_dice (8 - c, 0, 0, 8 - c);
      g_autofree char *pick = NULL;
      g_autofree char *bad_pick = NULL;
      g_autofree char *reason = g_strdup_printf ("Red has used %u of %u %s this battle.",
                                                 book_actions[c], book_actions[c],
                                                 book_actions[c] == 1 ? "action" : "actions");

      json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", roll_dice, NULL));
      for (guint a = 0; a < book_actions[c]; a++)
        json_object_put (mt_ok (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":0,\"face\":\"kick\"}",
                                NULL, NULL));
      mt_refused (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":0,\"face\":\"kick\"}", NULL,
                  RULES_ERR, MG_RULES_ERROR_ILLEGAL, reason);
      mt_refused (state, "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[1]}", "[1]",
                  RULES_ERR, MG_RULES_ERROR_ILLEGAL, reason);

      /* And each player picks exactly the reveal table's number for the higher casualties. */
      bad_pick = g_strdup_printf ("{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":%u,\"kick\":0}", book_reveal[c] - 1);
      mt_refused (state, bad_pick, NULL, RULES_ERR, MG_RULES_ERROR_ILLEGAL, "must pick exactly");
      pick = g_strdup_printf ("{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":%u,\"kick\":1}", book_reveal[c] - 1);
      json_object_put (mt_ok (state, pick, NULL, NULL));
    }
}

/* ------------------------------------------------------------ resolution */

typedef struct {
  const char *name;
  guint red[3], blue[3];
  const char *result;   /* "Red", "Blue" or "draw" */
  const char *on;
} Case;

static const Case cases[] = {
  /* Sweep needs a lead of 3. */
  { "sweep lead 3 wins",            { 6, 0, 0 }, { 3, 3, 0 }, "Red",  "sweep" },
  { "sweep lead 2 does not",        { 5, 1, 0 }, { 3, 3, 0 }, "Blue", "kick" },
  /* Sweep is checked first: it beats a bigger Kick or Punch lead the other way. */
  { "sweep before a kick lead",     { 4, 0, 2 }, { 1, 3, 2 }, "Red",  "sweep" },
  { "sweep before a punch lead",    { 5, 0, 1 }, { 2, 0, 4 }, "Red",  "sweep" },
  /* Kick needs a lead of 2, and is checked before Punch. */
  { "kick lead 2 wins",             { 2, 4, 0 }, { 2, 2, 2 }, "Red",  "kick" },
  { "kick lead 1 does not",         { 2, 3, 1 }, { 2, 2, 2 }, "Blue", "punch" },
  /* Punch needs a lead of 1. */
  { "punch lead 1 wins",            { 3, 2, 1 }, { 4, 2, 0 }, "Red",  "punch" },
  { "blue wins on punch",           { 4, 2, 0 }, { 3, 2, 1 }, "Blue", "punch" },
  /* No lead big enough anywhere. */
  { "same picks draw",              { 3, 2, 1 }, { 3, 2, 1 }, "draw", NULL },
  { "small leads draw",             { 4, 1, 1 }, { 3, 2, 1 }, "draw", NULL },
};

static void
test_resolution (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autofree char *summary = mt_battle (state, c->red[0], c->red[1], c->red[2], c->blue[0], c->blue[1], c->blue[2]);
  g_autoptr(json_object) json = state_json (state);
  json_object *last = mt_get (json, "last");

  g_assert_cmpint (mt_get_int (last, "battle"), ==, 1);
  g_assert_cmpint (mt_get_int (last, "picks/Red/sweep"), ==, c->red[0]);
  g_assert_cmpint (mt_get_int (last, "picks/Blue/punch"), ==, c->blue[2]);
  if (strcmp (c->result, "draw") == 0)
    {
      g_assert_cmpstr (mt_get_string (last, "result"), ==, "draw");
      g_assert_nonnull (strstr (summary, "A draw"));
      g_assert_cmpint (mt_get_int (json, "players/0/neutral"), ==, 1);
      g_assert_cmpint (mt_get_int (json, "players/1/neutral"), ==, 1);
      g_assert_cmpint (mt_get_int (json, "players/0/casualties"), ==, 0);
      g_assert_cmpint (mt_get_int (json, "players/1/casualties"), ==, 0);
    }
  else
    {
      const char *loser = strcmp (c->result, "Red") == 0 ? "Blue" : "Red";
      g_autofree char *cas = g_strdup_printf ("casualties/%s", loser);
      g_assert_cmpstr (mt_get_string (last, "result"), ==, "win");
      g_assert_cmpstr (mt_get_string (last, "winner"), ==, c->result);
      g_assert_cmpstr (mt_get_string (last, "loser"), ==, loser);
      g_assert_cmpstr (mt_get_string (last, "on"), ==, c->on);
      g_assert_cmpint (mt_get_int (last, cas), ==, 1);
      g_assert_nonnull (strstr (summary, c->result));
    }
  /* A new battle has begun. */
  g_assert_cmpint (mt_get_int (json, "battle"), ==, 2);
  g_assert_cmpint (mt_get_int (json, "turn"), ==, 2);
  g_assert_false (json_object_get_boolean (mt_get (json, "players/0/rolled")));
}

/* The function itself, on the same cases. */
static void
test_resolve_function (void)
{
  static const guint leads[3] = { 3, 2, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint on = 99;
      gint w = mg_meeple_resolve (3, leads, cases[i].red, cases[i].blue, &on);
      gint want = strcmp (cases[i].result, "Red") == 0 ? 0 : strcmp (cases[i].result, "Blue") == 0 ? 1 : -1;
      g_assert_cmpint (w, ==, want);
      if (want >= 0)
        g_assert_cmpuint (on, ==, strcmp (cases[i].on, "sweep") == 0 ? 0 : strcmp (cases[i].on, "kick") == 0 ? 1 : 2);
    }
}

/* ------------------------------------------------------------ neutral zone */

static void
test_neutral_rescue_and_loss (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autofree char *s1 = mt_battle (state, 3, 2, 1, 3, 2, 1);   /* draw */
  g_autofree char *s2 = mt_battle (state, 2, 2, 2, 2, 2, 2);   /* draw: reveal still 6, 7 rolled */
  g_autoptr(json_object) mid = state_json (state);
  g_autofree char *s3 = NULL;

  g_assert_cmpstr (s1, ==, "Red revealed 3 Sweep, 2 Kick, 1 Punch; Blue 3 Sweep, 2 Kick, 1 Punch. "
                           "A draw: Red and Blue each move a meeple to the neutral zone.");
  /* 8 − 0 casualties − 2 neutral = 6 to roll; the reveal table still says 6. */
  g_assert_cmpint (mt_get_int (mid, "players/0/neutral"), ==, 2);
  g_assert_cmpint (mt_get_int (mid, "players/1/neutral"), ==, 2);
  g_assert_cmpint (mt_get_int (mid, "players/0/to_roll"), ==, 6);
  g_assert_cmpint (mt_get_int (mid, "players/1/to_roll"), ==, 6);
  g_assert_cmpint (mt_get_int (mid, "reveal"), ==, 6);

  /* Red wins: takes both back; Blue loses one in battle plus its 2 in the neutral zone. */
  s3 = mt_battle (state, 6, 0, 0, 3, 3, 0);
  g_assert_cmpstr (s3, ==, "Red revealed 6 Sweep; Blue 3 Sweep, 3 Kick. Red wins on Sweep and takes back "
                           "2 meeples from the neutral zone; Blue loses a meeple and 2 from the neutral zone "
                           "(3 casualties).");

  g_autoptr(json_object) json = state_json (state);
  json_object *last = mt_get (json, "last");
  g_assert_cmpint (mt_get_int (json, "players/0/neutral"), ==, 0);
  g_assert_cmpint (mt_get_int (json, "players/0/casualties"), ==, 0);
  g_assert_cmpint (mt_get_int (json, "players/0/to_roll"), ==, 8);
  g_assert_cmpint (mt_get_int (json, "players/1/neutral"), ==, 0);
  g_assert_cmpint (mt_get_int (json, "players/1/casualties"), ==, 3);
  g_assert_cmpint (mt_get_int (json, "players/1/to_roll"), ==, 5);
  g_assert_cmpint (mt_get_int (last, "rescued"), ==, 2);
  g_assert_cmpint (mt_get_int (last, "lost"), ==, 3);
  g_assert_cmpint (mt_get_int (last, "casualties/Blue"), ==, 3);
  g_assert_cmpint (mt_get_int (last, "neutral/Red"), ==, 0);
  /* Reveal by the higher casualties (3): 4; Blue's actions by its own (3): 2. */
  g_assert_cmpint (mt_get_int (json, "reveal"), ==, 4);
  g_assert_cmpint (mt_get_int (json, "players/1/actions_allowed"), ==, 2);
  g_assert_cmpint (mt_get_int (json, "players/0/actions_allowed"), ==, 1);
}

/* Red at 5 casualties with 2 in the neutral zone rolls 1 meeple; by default both then reveal 1
 * (the smaller hand), and a draw does not take Red's last meeple. */
static const char *short_state =
  "{\"game\":\"meeple\",\"match\":1,\"battle\":9,\"turn\":9,\"score\":{\"Red\":0,\"Blue\":0},"
  "\"players\":[{\"name\":\"Red\",\"casualties\":5,\"neutral\":2,\"actions_used\":0,\"rolled\":false,"
  "\"faces\":null,\"picked\":false,\"pick\":null},"
  "{\"name\":\"Blue\",\"casualties\":1,\"neutral\":2,\"actions_used\":0,\"rolled\":false,"
  "\"faces\":null,\"picked\":false,\"pick\":null}],\"last\":null,\"winner\":null}";

static void
test_short_hand_and_last_meeple (void)
{
  g_autoptr(MgState) state = mt_from_json (NULL, short_state);
  g_autoptr(json_object) json = state_json (state);
  g_autofree char *summary = NULL;

  g_assert_cmpint (mt_get_int (json, "players/0/to_roll"), ==, 1);
  g_assert_cmpint (mt_get_int (json, "players/1/to_roll"), ==, 5);
  g_assert_cmpint (mt_get_int (json, "reveal"), ==, 1);
  g_assert_cmpint (mt_get_int (json, "players/1/reveal"), ==, 1);
  g_assert_cmpint (mt_get_int (json, "players/0/actions_allowed"), ==, 3);

  summary = mt_battle (state, 0, 1, 0, 0, 1, 0);
  g_assert_cmpstr (summary, ==, "Red revealed 1 Kick; Blue 1 Kick. A draw: Blue moves a meeple to the "
                                "neutral zone; Red has none to spare.");
  g_autoptr(json_object) after = state_json (state);
  g_assert_cmpint (mt_get_int (after, "players/0/neutral"), ==, 2);
  g_assert_cmpint (mt_get_int (after, "players/1/neutral"), ==, 3);
  g_assert_cmpint (mt_get_int (after, "last/moved/Red"), ==, 0);
  g_assert_cmpint (mt_get_int (after, "last/moved/Blue"), ==, 1);

  /* Red loses: one in battle and both from the neutral zone: 5 + 1 + 2 = 8 casualties, defeat. */
  g_free (summary);
  summary = mt_battle (state, 0, 1, 0, 0, 0, 1);
  g_assert_cmpstr (summary, ==, "Red revealed 1 Kick; Blue 1 Punch. Blue wins on Punch and takes back "
                                "3 meeples from the neutral zone; Red loses a meeple and 2 from the neutral zone "
                                "(8 casualties). Blue wins the match.");
}

/* With "reveal_when_short": "all" the short player reveals all they hold and the other the table's
 * number. */
static void
test_short_hand_reveal_all (void)
{
  g_autoptr(json_object) rs = mt_ruleset ();
  g_autoptr(MgState) state = NULL;

  json_object_object_add (rs, "reveal_when_short", json_object_new_string ("all"));
  state = mt_from_json (rs, short_state);
  g_autoptr(json_object) json = state_json (state);
  g_assert_cmpint (mt_get_int (json, "reveal"), ==, 3);
  g_assert_cmpint (mt_get_int (json, "players/0/reveal"), ==, 1);
  g_assert_cmpint (mt_get_int (json, "players/1/reveal"), ==, 3);
  g_autofree char *summary = mt_battle (state, 0, 0, 1, 0, 3, 0);
  g_assert_cmpstr (summary, ==, "Red revealed 1 Punch; Blue 3 Kick. Blue wins on Kick and takes back 2 "
                                "meeples from the neutral zone; Red loses a meeple and 2 from the neutral zone "
                                "(8 casualties). Blue wins the match.");
}

/* ------------------------------------------------------------ defeat and rematch */

static const char *red_at_five =
  "{\"game\":\"meeple\",\"match\":1,\"battle\":7,\"turn\":7,\"score\":{\"Red\":2,\"Blue\":0},"
  "\"players\":[{\"name\":\"Red\",\"casualties\":5,\"neutral\":0,\"actions_used\":0,\"rolled\":false,"
  "\"faces\":null,\"picked\":false,\"pick\":null},"
  "{\"name\":\"Blue\",\"casualties\":4,\"neutral\":0,\"actions_used\":0,\"rolled\":false,"
  "\"faces\":null,\"picked\":false,\"pick\":null}],\"last\":null,\"winner\":null}";

static void
test_defeat_and_rematch (void)
{
  g_autoptr(MgState) state = mt_from_json (NULL, red_at_five);
  g_autofree char *summary = NULL;
  g_autoptr(json_object) events = NULL;
  g_autoptr(json_object) pending = NULL;

  /* 5 casualties is not yet a defeat: Red rolls 3 and picks 3 with 3 actions. */
  g_autoptr(json_object) before = state_json (state);
  g_assert_cmpint (mt_get_int (before, "players/0/to_roll"), ==, 3);
  g_assert_cmpint (mt_get_int (before, "players/0/actions_allowed"), ==, 3);
  g_assert_cmpint (mt_get_int (before, "reveal"), ==, 3);

  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[2,2,2]", NULL));
  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Red\",\"kick\":3}", NULL, NULL));
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[1,1,1,2]", NULL));
  events = mt_ok (state, "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":3}", NULL, &summary);
  g_assert_cmpstr (summary, ==, "Red revealed 3 Kick; Blue 3 Sweep. Blue wins on Sweep; Red loses a meeple "
                                "(6 casualties). Blue wins the match.");
  json_object *over = json_object_array_get_idx (events, json_object_array_length (events) - 1);
  g_assert_cmpstr (mt_get_string (over, "type"), ==, "match_over");
  g_assert_cmpstr (mt_get_string (over, "winner"), ==, "Blue");
  g_assert_cmpint (mt_get_int (over, "score/Blue"), ==, 1);
  g_assert_cmpint (mt_get_int (over, "score/Red"), ==, 2);

  pending = mg_state_pending (state);
  g_assert_true (json_object_get_boolean (mt_get (pending, "over")));
  g_assert_cmpstr (mt_get_string (pending, "phase"), ==, "over");
  g_assert_cmpint (json_object_array_length (mt_get (pending, "waiting")), ==, 0);
  g_assert_cmpint (mt_get_int (pending, "turn"), ==, 7);

  mt_refused (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1]", RULES_ERR, MG_RULES_ERROR_GAME_OVER,
              "The match is over: Blue won.");

  g_clear_pointer (&summary, g_free);
  json_object_put (mt_ok (state, "{\"type\":\"rematch\"}", NULL, &summary));
  g_assert_cmpstr (summary, ==, "Match 2 begins; the score is Red 2, Blue 1.");
  g_autoptr(json_object) json = state_json (state);
  g_assert_cmpint (mt_get_int (json, "match"), ==, 2);
  g_assert_cmpint (mt_get_int (json, "battle"), ==, 1);
  g_assert_cmpint (mt_get_int (json, "turn"), ==, 8);
  g_assert_cmpstr (mt_get_string (json, "phase"), ==, "roll");
  g_assert_null (mt_get (json, "winner"));
  g_assert_null (mt_get (json, "last"));
  g_assert_cmpint (mt_get_int (json, "score/Blue"), ==, 1);
  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *c = g_strdup_printf ("players/%u/casualties", p);
      g_autofree char *r = g_strdup_printf ("players/%u/to_roll", p);
      g_assert_cmpint (mt_get_int (json, c), ==, 0);
      g_assert_cmpint (mt_get_int (json, r), ==, 8);
    }
  g_assert_cmpint (mt_get_int (json, "reveal"), ==, 6);

  /* A rematch during a match is refused. */
  mt_refused (state, "{\"type\":\"rematch\"}", NULL, RULES_ERR, MG_RULES_ERROR_ILLEGAL, "still on");
}

/* ------------------------------------------------------------ actions */

static void
test_reroll_and_set (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autoptr(json_object) events = NULL;
  g_autofree char *summary = NULL;

  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,2,2,2,3]", NULL));
  /* One die per listed meeple, in the order listed. */
  events = mt_ok (state, "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[7,0]}", "[2,3]", &summary);
  g_assert_cmpstr (summary, ==, "Red rerolled 2 meeples (action 1 of 1).");
  g_autoptr(json_object) json = state_json (state);
  g_assert_cmpstr (mt_get_string (json, "players/0/faces/7"), ==, "kick");
  g_assert_cmpstr (mt_get_string (json, "players/0/faces/0"), ==, "punch");
  g_assert_cmpstr (mt_get_string (json, "players/0/faces/1"), ==, "sweep");
  g_assert_cmpint (mt_get_int (json, "players/0/actions_used"), ==, 1);

  /* Events: a public "acted" and the new faces for Red's seat only. */
  g_assert_cmpint (json_object_array_length (events), ==, 2);
  json_object *acted = json_object_array_get_idx (events, 0);
  json_object *faces = json_object_array_get_idx (events, 1);
  g_assert_cmpstr (mt_get_string (acted, "type"), ==, "acted");
  g_assert_cmpstr (mt_get_string (acted, "action"), ==, "reroll");
  g_assert_null (mt_get (acted, "seat"));
  g_assert_null (mt_get (acted, "faces"));
  g_assert_cmpstr (mt_get_string (faces, "seat"), ==, "Red");
  g_assert_cmpstr (mt_get_string (faces, "faces/0"), ==, "punch");

  /* The set action counts against the same allowance (1 at 0 casualties). */
  mt_refused (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":1,\"face\":\"punch\"}", NULL,
              RULES_ERR, MG_RULES_ERROR_ILLEGAL, "Red has used 1 of 1 action this battle.");
}

static void
test_set_summary_keeps_secret (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autofree char *summary = NULL;

  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[1,1,1,1,2,2,2,3]", NULL));
  json_object_put (mt_ok (state, "{\"type\":\"set\",\"player\":\"Blue\",\"meeple\":0,\"face\":\"punch\"}",
                          NULL, &summary));
  g_assert_cmpstr (summary, ==, "Blue set a meeple by hand (action 1 of 1).");
  g_assert_null (strstr (summary, "Punch"));
  g_autoptr(json_object) json = state_json (state);
  g_assert_cmpstr (mt_get_string (json, "players/1/faces/0"), ==, "punch");
}

typedef struct {
  const char *action;
  const char *dice;
  gboolean    dice_error;   /* MG_DICE_ERROR rather than MG_RULES_ERROR */
  gint        code;
  const char *part;         /* part of the message */
} Refusal;

/* Before anyone rolls: malformed actions, a wrong player, acting or picking first, bad dice. */
static const Refusal before_roll[] = {
  /* Not an object, no "type", an unknown type: the shared runner's refusals (mg-actions.c). */
  { "not json", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "JSON object with a \"type\"" },
  { "[1,2]", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "JSON object with a \"type\"" },
  { "{\"player\":\"Red\"}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "JSON object with a \"type\"" },
  { "{\"type\":\"dance\",\"player\":\"Red\"}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "Unknown action \"dance\" for Meeple Melee (its actions: roll, reroll, set, pick, rematch)" },
  { "{\"type\":\"roll\"}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"player\" is missing" },
  { "{\"type\":\"roll\",\"player\":7}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"player\" must be a non-empty text, got 7" },
  { "{\"type\":\"roll\",\"player\":\"Red\",\"meeples\":[1]}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "unknown field \"meeples\"" },
  { "{\"type\":\"roll\",\"player\":\"Green\"}", "[1,1,1,1,1,1,1,1]", FALSE, MG_RULES_ERROR_ILLEGAL, "There is no player called \"Green\"" },
  { "{\"type\":\"roll\",\"player\":\"red\"}", "[1,1,1,1,1,1,1,1]", FALSE, MG_RULES_ERROR_ILLEGAL, "Red and Blue" },
  { "{\"type\":\"reroll\",\"player\":\"Blue\",\"meeples\":[0]}", "[1]", FALSE, MG_RULES_ERROR_ILLEGAL, "Blue must roll before acting." },
  { "{\"type\":\"set\",\"player\":\"Blue\",\"meeple\":0,\"face\":\"kick\"}", NULL, FALSE, MG_RULES_ERROR_ILLEGAL, "Blue must roll before acting." },
  { "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":6}", NULL, FALSE, MG_RULES_ERROR_ILLEGAL, "Blue must roll before picking." },
  { "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1]", TRUE, MG_DICE_ERROR_NOT_ENOUGH, "8 dice are needed but 3 values are left" },
  { "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,1,1,1,4]", TRUE, MG_DICE_ERROR_OUT_OF_RANGE, "Die 8 shows 4" },
};

/* After Red rolled 4 Sweep, 3 Kick, 1 Punch (must pick 6): rolling twice, malformed reroll, set
 * and pick, pick totals and holdings. */
static const Refusal after_roll[] = {
  { "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,1,1,1,1]", FALSE, MG_RULES_ERROR_ILLEGAL, "Red has already rolled this battle." },
  { "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":3}", "[1]", FALSE, MG_RULES_ERROR_BAD_ACTION, "\"meeples\" must be a list of meeple numbers" },
  { "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[]}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"meeples\" must be a list of meeple numbers" },
  { "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[0,\"x\"]}", "[1,1]", FALSE, MG_RULES_ERROR_BAD_ACTION, "item 1 is \"x\"" },
  { "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[2,2]}", "[1,1]", FALSE, MG_RULES_ERROR_BAD_ACTION, "lists meeple 2 twice" },
  { "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":1,\"face\":\"headbutt\"}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"face\" must be one of \"sweep\", \"kick\", \"punch\"" },
  { "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":1.5,\"face\":\"kick\"}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"meeple\" must be an integer from 0 to 7, got 1.5" },
  { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":-1,\"kick\":7}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"sweep\" must be an integer from 0 to 8, got -1" },
  { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":\"4\",\"kick\":2}", NULL, FALSE, MG_RULES_ERROR_BAD_ACTION, "\"sweep\" must be an integer" },
  { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":4,\"kick\":1}", NULL, FALSE, MG_RULES_ERROR_ILLEGAL, "Red must pick exactly 6 meeples, not 5." },
  { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":4,\"kick\":3,\"punch\":1}", NULL, FALSE, MG_RULES_ERROR_ILLEGAL, "Red must pick exactly 6 meeples, not 8." },
  { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":2,\"kick\":1,\"punch\":3}", NULL, FALSE, MG_RULES_ERROR_ILLEGAL, "Red holds 1 Punch, not 3." },
  { "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":5,\"kick\":1}", NULL, FALSE, MG_RULES_ERROR_ILLEGAL, "Red holds 4 Sweep, not 5." },
};

static void
refuse_all (MgState *state, const Refusal *list, gsize n)
{
  for (gsize i = 0; i < n; i++)
    mt_refused (state, list[i].action, list[i].dice, list[i].dice_error ? MG_DICE_ERROR : MG_RULES_ERROR,
                list[i].code, list[i].part);
}

static void
test_refusals (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);

  refuse_all (state, before_roll, G_N_ELEMENTS (before_roll));
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,2,2,2,3]", NULL));
  refuse_all (state, after_roll, G_N_ELEMENTS (after_roll));
}

/* A meeple the player does not hold, and acting after picking. */
static void
test_refuse_missing_meeple (void)
{
  g_autoptr(MgState) state = mt_from_json (NULL, red_at_five);

  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,2,3]", NULL));
  mt_refused (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":5,\"face\":\"kick\"}", NULL, RULES_ERR,
              MG_RULES_ERROR_ILLEGAL, "Red has 3 meeples (numbered 0 to 2); there is no meeple 5.");
  mt_refused (state, "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[0,3]}", "[1,1]", RULES_ERR,
              MG_RULES_ERROR_ILLEGAL, "there is no meeple 3");

  /* Acting after picking. */
  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":1,\"kick\":1,\"punch\":1}", NULL, NULL));
  mt_refused (state, "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[0]}", "[1]", RULES_ERR,
              MG_RULES_ERROR_ILLEGAL, "Red has already picked this battle.");
  mt_refused (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":0,\"face\":\"kick\"}", NULL, RULES_ERR,
              MG_RULES_ERROR_ILLEGAL, "Red has already picked this battle.");
  mt_refused (state, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":1,\"kick\":1,\"punch\":1}", NULL, RULES_ERR,
              MG_RULES_ERROR_ILLEGAL, "Red has already picked this battle.");
}

/* ------------------------------------------------------------ hidden information */

static void
test_view_redaction (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autoptr(json_object) events = NULL;

  events = mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,2,2,2,3]", NULL);
  /* The roll is public by count; the faces are an event for Red's seat. */
  g_assert_cmpstr (mt_get_string (events, "0/type"), ==, "rolled");
  g_assert_cmpint (mt_get_int (events, "0/count"), ==, 8);
  g_assert_null (mt_get (events, "0/seat"));
  g_assert_cmpstr (mt_get_string (events, "1/seat"), ==, "Red");
  g_assert_cmpstr (mt_get_string (events, "1/faces/7"), ==, "punch");
  json_object_put (g_steal_pointer (&events));

  events = mt_ok (state, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":4,\"kick\":2}", NULL, NULL);
  g_assert_cmpstr (mt_get_string (events, "0/type"), ==, "picked");
  g_assert_null (mt_get (events, "0/seat"));
  g_assert_null (mt_get (events, "0/pick"));
  g_assert_cmpstr (mt_get_string (events, "1/seat"), ==, "Red");
  g_assert_cmpint (mt_get_int (events, "1/pick/sweep"), ==, 4);
  json_object_put (g_steal_pointer (&events));
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[3,3,3,2,2,2,1,1]", NULL));

  const char *others[] = { "Blue", MG_SEAT_PUBLIC, "nobody" };
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autoptr(json_object) v = mg_state_view (state, others[i]);
      g_autofree char *text = g_strdup (json_object_to_json_string (v));
      g_assert_null (mt_get (v, "players/0/faces"));
      g_assert_null (mt_get (v, "players/0/pick"));
      g_assert_true (json_object_get_boolean (mt_get (v, "players/0/picked")));
      g_assert_true (json_object_get_boolean (mt_get (v, "players/0/rolled")));
      /* Nothing of Red's hand is anywhere in the text. */
      g_assert_null (strstr (text, "\"sweep\":"));
      if (strcmp (others[i], "Blue") == 0)
        g_assert_cmpstr (mt_get_string (v, "players/1/faces/0"), ==, "punch");
      else
        g_assert_null (mt_get (v, "players/1/faces"));
    }

  g_autoptr(json_object) red = mg_state_view (state, "Red");
  g_assert_cmpint (mt_get_int (red, "players/0/pick/sweep"), ==, 4);
  g_assert_cmpstr (mt_get_string (red, "players/0/faces/0"), ==, "sweep");
  g_assert_null (mt_get (red, "players/1/faces"));

  g_autoptr(json_object) all = mg_state_view (state, MG_SEAT_ALL);
  g_autoptr(json_object) full = mg_state_to_json (state);
  g_assert_cmpstr (json_object_to_json_string (all), ==, json_object_to_json_string (full));

  /* Blue picks: both are revealed, and the revealed picks are public. */
  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Blue\",\"punch\":3,\"kick\":3}", NULL, NULL));
  g_autoptr(json_object) pub = mg_state_view (state, MG_SEAT_PUBLIC);
  g_assert_cmpint (mt_get_int (pub, "last/picks/Red/sweep"), ==, 4);
  g_assert_cmpint (mt_get_int (pub, "last/picks/Blue/punch"), ==, 3);
}

/* ------------------------------------------------------------ JSON round trip */

static void
assert_round_trip (MgState *state)
{
  g_autoptr(json_object) ruleset = mt_ruleset ();
  g_autoptr(json_object) json = mg_state_to_json (state);
  g_autofree char *text = g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN));
  g_autoptr(json_object) reparsed = json_tokener_parse (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgState) copy = mg_meeple_rules ()->from_json (ruleset, reparsed, &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  again = mt_state_string (copy);
  g_assert_cmpstr (text, ==, again);
}

static void
test_round_trip (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);

  assert_round_trip (state);
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,2,2,2,3]", NULL));
  assert_round_trip (state);
  json_object_put (mt_ok (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":0,\"face\":\"punch\"}", NULL, NULL));
  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":3,\"kick\":3}", NULL, NULL));
  assert_round_trip (state);
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[1,1,1,2,2,2,3,3]", NULL));
  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":3,\"kick\":3}", NULL, NULL));
  assert_round_trip (state);   /* a draw: neutral zones and "last" */
  g_free (mt_battle (state, 0, 6, 0, 6, 0, 0));   /* 7 rolled, 6 revealed */
  assert_round_trip (state);

  /* A match over, and one with a score. */
  g_autoptr(MgState) over = mt_from_json (NULL, red_at_five);
  g_free (mt_battle (over, 0, 3, 0, 3, 0, 0));
  assert_round_trip (over);
  json_object_put (mt_ok (over, "{\"type\":\"rematch\"}", NULL, NULL));
  assert_round_trip (over);
}

static void
expect_bad_state (const char *from, const char *to, const char *part)
{
  g_autoptr(json_object) ruleset = mt_ruleset ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (red_at_five);
  g_autoptr(json_object) json = NULL;
  MgState *state;

  if (from != NULL)
    g_assert_cmpuint (g_string_replace (text, from, to, 1), ==, 1);
  json = json_tokener_parse (text->str);
  state = mg_meeple_rules ()->from_json (ruleset, json, &error);
  g_assert_null (state);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE);
  if (strstr (error->message, part) == NULL)
    g_error ("\"%s\" does not contain \"%s\"", error->message, part);
}

static void
test_bad_states (void)
{
  expect_bad_state ("\"game\":\"meeple\"", "\"game\":\"tft\"", "$.game: expected one of \"meeple\", got \"tft\"");
  expect_bad_state ("\"casualties\":4", "\"casualties\":\"4\"", "$.players[1].casualties: expected an integer from 0 to 8");
  expect_bad_state ("\"rolled\":false,\"faces\":null", "\"rolled\":true,\"faces\":null",
                    "$.players[0].faces: missing, expected a list");
  expect_bad_state ("\"rolled\":false,\"faces\":null", "\"rolled\":true,\"faces\":[\"kick\",\"kick\",\"elbow\"]",
                    "$.players[0].faces[2]: expected one of \"sweep\", \"kick\", \"punch\"");
  /* Six casualties without a winner cannot be a match still on. */
  expect_bad_state ("\"casualties\":5", "\"casualties\":6", "$.players[0].casualties: 6 casualties do not agree with $.winner");
  expect_bad_state ("\"winner\":null", "\"winner\":\"Green\"", "$.winner: expected a player's name");
  expect_bad_state ("\"actions_used\":0", "\"actions_used\":4", "$.players[0].actions_used: expected an integer from 0 to 3");
  expect_bad_state ("\"score\":{\"Red\":2,", "\"score\":{\"Rouge\":2,", "$.score.Red: missing");
  expect_bad_state ("\"name\":\"Blue\"", "\"name\":\"Red\"", "names must differ");
}

/* ------------------------------------------------------------ ruleset checks */

static void
expect_bad_ruleset (const char *key_path, json_object *value, const char *message)
{
  g_autoptr(json_object) rs = mt_ruleset ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) parts = g_strsplit (key_path, "/", -1);
  guint n = g_strv_length (parts);
  json_object *parent = rs;
  const char *players[] = { "Red", "Blue", NULL };

  for (guint i = 0; i + 1 < n; i++)
    parent = mt_get (parent, parts[i]);
  if (json_object_is_type (parent, json_type_array))
    {
      if (value == NULL)
        json_object_array_del_idx (parent, (gsize) g_ascii_strtoull (parts[n - 1], NULL, 10), 1);
      else
        json_object_array_put_idx (parent, (gsize) g_ascii_strtoull (parts[n - 1], NULL, 10), value);
    }
  else if (value == NULL)
    json_object_object_del (parent, parts[n - 1]);
  else
    json_object_object_add (parent, parts[n - 1], value);

  g_assert_false (mg_meeple_rules ()->check_ruleset (rs, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  g_assert_cmpstr (error->message, ==, message);

  /* new_state checks it again. */
  g_clear_error (&error);
  g_assert_null (mg_meeple_rules ()->new_state (rs, players, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
}

static void
test_ruleset_checks (void)
{
  g_autoptr(json_object) rs = mt_ruleset ();
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_meeple_rules ()->check_ruleset (rs, &error));
  g_assert_no_error (error);

  /* The shipped numbers are the rulebook's. */
  g_assert_cmpint (mt_get_int (rs, "meeples"), ==, 8);
  g_assert_cmpint (mt_get_int (rs, "defeat_casualties"), ==, 6);
  for (guint c = 0; c < 6; c++)
    {
      g_autofree char *a = g_strdup_printf ("actions_by_casualties/%u", c);
      g_autofree char *r = g_strdup_printf ("reveal_by_casualties/%u", c);
      g_assert_cmpint (mt_get_int (rs, a), ==, book_actions[c]);
      g_assert_cmpint (mt_get_int (rs, r), ==, book_reveal[c]);
    }
  g_assert_cmpstr (mt_get_string (rs, "faces/0/id"), ==, "sweep");
  g_assert_cmpint (mt_get_int (rs, "faces/0/weight"), ==, 3);
  g_assert_cmpint (mt_get_int (rs, "faces/0/lead"), ==, 3);
  g_assert_cmpstr (mt_get_string (rs, "faces/1/id"), ==, "kick");
  g_assert_cmpint (mt_get_int (rs, "faces/1/weight"), ==, 2);
  g_assert_cmpint (mt_get_int (rs, "faces/1/lead"), ==, 2);
  g_assert_cmpstr (mt_get_string (rs, "faces/2/id"), ==, "punch");
  g_assert_cmpint (mt_get_int (rs, "faces/2/weight"), ==, 1);
  g_assert_cmpint (mt_get_int (rs, "faces/2/lead"), ==, 1);

  expect_bad_ruleset ("actions_by_casualties/2", json_object_new_string ("x"),
                      "$.actions_by_casualties[2]: expected an integer from 0 to 8, got \"x\"");
  expect_bad_ruleset ("actions_by_casualties/5", NULL,
                      "$.actions_by_casualties: expected a list of 6, got 5 items");
  expect_bad_ruleset ("reveal_by_casualties/0", json_object_new_int (9),
                      "$.reveal_by_casualties[0]: expected an integer from 1 to 8, got 9");
  /* At 5 casualties a player has 3 meeples: the table cannot ask for 4. */
  expect_bad_ruleset ("reveal_by_casualties/5", json_object_new_int (4),
                      "$.reveal_by_casualties[5]: expected an integer from 1 to 3, got 4");
  expect_bad_ruleset ("faces/1/weight", json_object_new_int (0),
                      "$.faces[1].weight: expected an integer from 1 to 1000, got 0");
  expect_bad_ruleset ("faces/2/lead", json_object_new_double (1.5),
                      "$.faces[2].lead: expected an integer from 1 to 8, got 1.5");
  expect_bad_ruleset ("faces/2/id", json_object_new_string ("kick"),
                      "$.faces[2].id: \"kick\" is already the id of $.faces[1]");
  expect_bad_ruleset ("faces/0/id", json_object_new_string ("type"),
                      "$.faces[0].id: expected a lower-case word (a-z, 0-9, _) other than type, player or dice, got \"type\"");
  expect_bad_ruleset ("faces/0/weigth", json_object_new_int (3), "$.faces[0]: unknown field \"weigth\"");
  expect_bad_ruleset ("faces/1/name", NULL, "$.faces[1].name: missing, expected a non-empty text");
  expect_bad_ruleset ("faces", json_object_new_string ("many"), "$.faces: expected a list, got \"many\"");
  expect_bad_ruleset ("meeples", NULL, "$.meeples: missing, expected an integer from 2 to 16");
  expect_bad_ruleset ("defeat_casualties", json_object_new_int (8),
                      "$.defeat_casualties: expected an integer from 1 to 7, got 8");
  expect_bad_ruleset ("game", json_object_new_string ("chess"), "$.game: expected one of \"meeple\", got \"chess\"");
  expect_bad_ruleset ("reveal_when_short", json_object_new_string ("some"),
                      "$.reveal_when_short: expected one of \"match\", \"all\", got \"some\"");
  expect_bad_ruleset ("draw_min_in_hand", json_object_new_int (0),
                      "$.draw_min_in_hand: expected an integer from 1 to 8, got 0");
  expect_bad_ruleset ("notes/faces", json_object_new_int (1), "$.notes.faces: expected a non-empty text, got 1");
  expect_bad_ruleset ("colour", json_object_new_string ("red"), "$: unknown field \"colour\"");

  /* Not an object at all. */
  g_autoptr(json_object) list = json_object_new_array ();
  g_clear_error (&error);
  g_assert_false (mg_meeple_rules ()->check_ruleset (list, &error));
  g_assert_cmpstr (error->message, ==, "$: expected an object, got a list");
  g_clear_error (&error);
  g_assert_false (mg_meeple_rules ()->check_ruleset (NULL, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
}

/* The rulebook's two players (mg_rules_check_players): a count other than 2, a name twice, a
 * reserved seat in any case — each refused as a bad action that says why. */
static void
test_new_state_players (void)
{
  g_autoptr(json_object) rs = mt_ruleset ();
  const char *one[] = { "Red", NULL };
  const char *three[] = { "Red", "Blue", "Green", NULL };
  const char *same[] = { "Red", "Red", NULL };
  const char *pub[] = { "Red", MG_SEAT_PUBLIC, NULL };
  const char *gm[] = { "GM", "Blue", NULL };
  const char *referee[] = { "Red", "referee", NULL };
  const struct { const char * const *players; const char *part; } bad[] = {
    { one, "Meeple Melee is for exactly 2 players, not 1" },
    { three, "Meeple Melee is for exactly 2 players, not 3" },
    { same, "the names must differ" },
    { pub, "\"public\" is reserved" },
    { gm, "\"GM\" is reserved" },
    { referee, "\"referee\" is reserved" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_null (mg_meeple_rules ()->new_state (rs, bad[i].players, &error));
      g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
      if (strstr (error->message, bad[i].part) == NULL)
        g_error ("\"%s\" does not say \"%s\"", error->message, bad[i].part);
    }
}

/* ------------------------------------------------------------ pending */

static void
test_pending (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autoptr(json_object) p1 = mg_state_pending (state);

  g_assert_cmpint (mt_get_int (p1, "turn"), ==, 1);
  g_assert_cmpint (mg_state_turn (state), ==, 1);
  g_assert_cmpstr (mt_get_string (p1, "phase"), ==, "roll");
  g_assert_false (json_object_get_boolean (mt_get (p1, "over")));
  g_assert_cmpstr (mt_get_string (p1, "text"), ==, "Red and Blue roll their meeples.");
  g_assert_cmpstr (mt_get_string (p1, "waiting/0/seat"), ==, "Red");
  g_assert_cmpstr (mt_get_string (p1, "waiting/0/for"), ==, "roll");
  g_assert_cmpint (mt_get_int (p1, "waiting/0/dice"), ==, 8);
  g_assert_cmpstr (mt_get_string (p1, "waiting/1/seat"), ==, "Blue");

  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,1,2,2,2,3]", NULL));
  g_autoptr(json_object) p2 = mg_state_pending (state);
  g_assert_cmpstr (mt_get_string (p2, "phase"), ==, "roll");
  g_assert_cmpstr (mt_get_string (p2, "waiting/0/for"), ==, "act");
  g_assert_cmpint (mt_get_int (p2, "waiting/0/actions_left"), ==, 1);
  g_assert_cmpstr (mt_get_string (p2, "text"), ==, "Red may use 1 more action, then picks 6. Blue rolls 8 meeples.");

  json_object_put (mt_ok (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":7,\"face\":\"sweep\"}", NULL, NULL));
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[1,1,1,1,2,2,2,3]", NULL));
  g_autoptr(json_object) p3 = mg_state_pending (state);
  g_assert_cmpstr (mt_get_string (p3, "phase"), ==, "act");
  g_assert_cmpstr (mt_get_string (p3, "waiting/0/for"), ==, "pick");
  g_assert_cmpint (mt_get_int (p3, "waiting/0/reveal"), ==, 6);
  g_assert_cmpstr (mt_get_string (p3, "waiting/1/for"), ==, "act");

  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":5,\"kick\":1}", NULL, NULL));
  g_autoptr(json_object) p4 = mg_state_pending (state);
  g_assert_cmpint (json_object_array_length (mt_get (p4, "waiting")), ==, 1);
  g_assert_cmpstr (mt_get_string (p4, "waiting/0/seat"), ==, "Blue");
  g_assert_cmpstr (mt_get_string (p4, "text"), ==, "Red has picked. Blue may use 1 more action, then picks 6.");

  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":4,\"kick\":2}", NULL, NULL));
  g_assert_cmpint (mg_state_turn (state), ==, 2);
}

/* ------------------------------------------------------------ replay */

/* A battle rolled with a seeded source replays exactly from the recorded dice. */
static void
test_typed_replay (void)
{
  static const char *actions[] = {
    "{\"type\":\"roll\",\"player\":\"Red\"}",
    "{\"type\":\"roll\",\"player\":\"Blue\"}",
    "{\"type\":\"reroll\",\"player\":\"Red\",\"meeples\":[0,1,2,3]}",
    "{\"type\":\"reroll\",\"player\":\"Blue\",\"meeples\":[7,6,5]}",
  };
  g_autoptr(MgState) live = mt_new_game (NULL);
  g_autoptr(MgState) replay = mt_new_game (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(json_object) act = json_tokener_parse (actions[i]);
      g_autoptr(MgDice) seeded = mg_dice_new_seeded (1977 + i);
      g_autoptr(GError) error = NULL;
      g_autofree char *s1 = NULL;
      g_autofree char *s2 = NULL;
      g_autoptr(json_object) e1 = mg_state_apply (live, act, seeded, &s1, &error);
      g_assert_no_error (error);
      g_autoptr(json_object) record = mg_dice_to_json (seeded);
      g_autoptr(MgDice) typed = mg_dice_new_from_json (record, &error);
      g_assert_no_error (error);
      g_autoptr(json_object) e2 = mg_state_apply (replay, act, typed, &s2, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (mg_dice_remaining (typed), ==, 0);
      g_assert_cmpstr (s1, ==, s2);
      g_assert_cmpstr (json_object_to_json_string (e1), ==, json_object_to_json_string (e2));
      g_autofree char *a = mt_state_string (live);
      g_autofree char *b = mt_state_string (replay);
      g_assert_cmpstr (a, ==, b);
    }
  /* Each die was recorded with the meeple's 3 sides. */
  g_autoptr(json_object) state = state_json (live);
  g_assert_true (json_object_is_type (mt_get (state, "players/0/faces/7"), json_type_string));
}

/* ------------------------------------------------------------ the rulebook's sample battle */

static void
test_sample_battle (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autofree char *b1 = NULL, *b2 = NULL, *b3 = NULL, *summary = NULL;
  g_autoptr(json_object) events = NULL;

  /* "The blue player won the first battle and the red player won the next two." */
  b1 = mt_battle (state, 0, 6, 0, 6, 0, 0);
  g_assert_cmpstr (b1, ==, "Red revealed 6 Kick; Blue 6 Sweep. Blue wins on Sweep; Red loses a meeple (1 casualty).");
  b2 = mt_battle (state, 5, 0, 0, 0, 5, 0);   /* reveal 5 at 1 casualty */
  g_assert_cmpstr (b2, ==, "Red revealed 5 Sweep; Blue 5 Kick. Red wins on Sweep; Blue loses a meeple (1 casualty).");
  b3 = mt_battle (state, 5, 0, 0, 0, 5, 0);
  g_assert_cmpstr (b3, ==, "Red revealed 5 Sweep; Blue 5 Kick. Red wins on Sweep; Blue loses a meeple (2 casualties).");

  /* "6 for blue and 7 for red … blue is allowed to take 2 actions and red is still allowed only
   * 1 … both players will choose 5 of their meeples." */
  g_autoptr(json_object) start = state_json (state);
  g_assert_cmpint (mt_get_int (start, "players/0/casualties"), ==, 1);
  g_assert_cmpint (mt_get_int (start, "players/1/casualties"), ==, 2);
  g_assert_cmpint (mt_get_int (start, "players/0/to_roll"), ==, 7);
  g_assert_cmpint (mt_get_int (start, "players/1/to_roll"), ==, 6);
  g_assert_cmpint (mt_get_int (start, "players/0/actions_allowed"), ==, 1);
  g_assert_cmpint (mt_get_int (start, "players/1/actions_allowed"), ==, 2);
  g_assert_cmpint (mt_get_int (start, "reveal"), ==, 5);

  /* Red rolls 7: 4 Sweep, 2 Kick, 1 Punch; changes a Sweep to a Kick; picks 2 Sweep and 3 Kick. */
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Red\"}", "[1,1,1,2,2,3,1]", NULL));
  json_object_put (mt_ok (state, "{\"type\":\"set\",\"player\":\"Red\",\"meeple\":2,\"face\":\"kick\"}", NULL, NULL));
  json_object_put (mt_ok (state, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":2,\"kick\":3}", NULL, NULL));

  /* Blue rolls 6 with one Punch; rerolls all but the Punch (one more Punch comes up); changes a
   * Sweep into another Punch; picks 3 Punch and 2 Kick. */
  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[1,1,2,3,1,2]", NULL));
  json_object_put (mt_ok (state, "{\"type\":\"reroll\",\"player\":\"Blue\",\"meeples\":[0,1,2,4,5]}",
                          "[3,2,2,1,1]", NULL));
  g_autoptr(json_object) mid = state_json (state);
  g_assert_cmpstr (mt_get_string (mid, "players/1/faces/3"), ==, "punch");
  g_assert_cmpstr (mt_get_string (mid, "players/1/faces/4"), ==, "sweep");
  json_object_put (mt_ok (state, "{\"type\":\"set\",\"player\":\"Blue\",\"meeple\":4,\"face\":\"punch\"}", NULL, NULL));
  mt_refused (state, "{\"type\":\"set\",\"player\":\"Blue\",\"meeple\":5,\"face\":\"punch\"}", NULL, RULES_ERR,
              MG_RULES_ERROR_ILLEGAL, "Blue has used 2 of 2 actions this battle.");
  events = mt_ok (state, "{\"type\":\"pick\",\"player\":\"Blue\",\"punch\":3,\"kick\":2}", NULL, &summary);

  /* "Does either have 3 more Sweep? No (2 vs. 0). … 2 more Kick? No (3 vs. 2). … 1 more Punch?
   * Yes (0 vs. 3). Blue wins!" */
  g_assert_cmpstr (summary, ==, "Red revealed 2 Sweep, 3 Kick; Blue 3 Punch, 2 Kick. Blue wins on Punch; "
                                "Red loses a meeple (2 casualties).");
  json_object *revealed = NULL, *battle = NULL;
  for (guint i = 0; i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      if (g_strcmp0 (mt_get_string (e, "type"), "revealed") == 0)
        revealed = e;
      if (g_strcmp0 (mt_get_string (e, "type"), "battle") == 0)
        battle = e;
    }
  g_assert_nonnull (revealed);
  g_assert_null (mt_get (revealed, "seat"));
  g_assert_cmpint (mt_get_int (revealed, "picks/Red/sweep"), ==, 2);
  g_assert_cmpint (mt_get_int (revealed, "picks/Red/kick"), ==, 3);
  g_assert_cmpint (mt_get_int (revealed, "picks/Red/punch"), ==, 0);
  g_assert_cmpint (mt_get_int (revealed, "picks/Blue/sweep"), ==, 0);
  g_assert_cmpint (mt_get_int (revealed, "picks/Blue/kick"), ==, 2);
  g_assert_cmpint (mt_get_int (revealed, "picks/Blue/punch"), ==, 3);
  g_assert_nonnull (battle);
  g_assert_cmpstr (mt_get_string (battle, "result"), ==, "win");
  g_assert_cmpstr (mt_get_string (battle, "winner"), ==, "Blue");
  g_assert_cmpstr (mt_get_string (battle, "loser"), ==, "Red");
  g_assert_cmpstr (mt_get_string (battle, "on"), ==, "punch");
  g_assert_cmpint (mt_get_int (battle, "casualties/Red"), ==, 2);
  g_assert_cmpint (mt_get_int (battle, "casualties/Blue"), ==, 2);
  g_assert_cmpint (mt_get_int (battle, "neutral/Red"), ==, 0);

  /* "In the next battle, both players may now use up to 2 actions but still pick 5 meeples." */
  g_autoptr(json_object) next = state_json (state);
  g_assert_cmpint (mt_get_int (next, "players/0/actions_allowed"), ==, 2);
  g_assert_cmpint (mt_get_int (next, "players/1/actions_allowed"), ==, 2);
  g_assert_cmpint (mt_get_int (next, "reveal"), ==, 5);
  g_assert_cmpint (mt_get_int (next, "players/0/to_roll"), ==, 6);
  g_assert_cmpint (mt_get_int (next, "players/1/to_roll"), ==, 6);
  g_assert_cmpint (mt_get_int (next, "battle"), ==, 5);
}

/* ------------------------------------------------------------ registry */

static gboolean fake_check (json_object *r, GError **e) { return TRUE; }
static const MgRules fake = { .id = "fake", .name = "Fake", .min_players = 1, .max_players = 1,
                              .check_ruleset = fake_check };
static const MgRules fake_meeple = { .id = "meeple", .name = "Fake Meeple" };

static void
test_registry (void)
{
  guint n = 0;
  const MgRules **all = mg_rules_all (&n);

  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpstr (all[0]->id, ==, "meeple");
  g_assert_true (mg_rules_lookup ("meeple") == mg_meeple_rules ());
  g_assert_null (mg_rules_lookup ("nope"));
  g_assert_null (mg_rules_lookup (NULL));

  mg_rules_register (&fake);
  all = mg_rules_all (&n);
  g_assert_true (all[n - 1] == &fake);
  g_assert_null (all[n]);
  g_assert_true (mg_rules_lookup ("fake") == &fake);

  /* Same id replaces, in place. */
  mg_rules_register (&fake_meeple);
  g_assert_true (mg_rules_lookup ("meeple") == &fake_meeple);
  mg_rules_register (mg_meeple_rules ());
  g_assert_true (mg_rules_lookup ("meeple") == mg_meeple_rules ());
  g_assert_cmpstr (mg_rules_all (NULL)[0]->id, ==, "meeple");

  g_autoptr(json_object) roll = json_tokener_parse ("{\"type\":\"roll\"}");
  g_autoptr(json_object) notype = json_tokener_parse ("{\"type\":3}");
  g_assert_cmpstr (mg_action_type (roll), ==, "roll");
  g_assert_null (mg_action_type (notype));
  g_assert_null (mg_action_type (NULL));
}

/* The store reads the turn through rules->turn; it must always say what pending() says,
 * through battles, the end of a match and a rematch. */
static void
assert_turn_agrees (const MgState *state)
{
  g_autoptr(json_object) pending = mg_state_pending (state);
  g_assert_nonnull (state->rules->turn);
  g_assert_cmpint (state->rules->turn (state), ==, mt_get_int (pending, "turn"));
}

static void
test_turn_accessor (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  /* Meeples revealed by the higher casualties 0..5 (NOTES.md): Red's, as Blue never loses. */
  static const guint reveal[6] = { 6, 5, 5, 4, 4, 3 };

  assert_turn_agrees (state);
  for (guint battle = 0; battle < 6; battle++)
    {
      /* Red reveals all Punch, Blue all Sweep: Blue is >= 3 Sweep ahead and wins on Sweep. */
      guint r = reveal[battle];
      g_autofree char *summary = mt_battle (state, 0, 0, r, r, 0, 0);
      assert_turn_agrees (state);
    }
  /* A battle that ends the match leaves the turn; the rematch starts the next one. */
  g_assert_cmpint (mg_state_turn (state), ==, 6);
  json_object_put (mt_ok (state, "{\"type\":\"rematch\"}", NULL, NULL));
  assert_turn_agrees (state);
  g_assert_cmpint (mg_state_turn (state), ==, 7);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/meeple/tables/through-a-match", test_tables_through_a_match);
  g_test_add_func ("/meeple/tables/allowance-each-casualty-count", test_allowance_each_casualty_count);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/meeple/resolution/%s", cases[i].name);
      g_strdelimit (path + 1, " ", '-');
      g_test_add_data_func (path, &cases[i], test_resolution);
    }
  g_test_add_func ("/meeple/resolution/function", test_resolve_function);
  g_test_add_func ("/meeple/neutral/rescue-and-loss", test_neutral_rescue_and_loss);
  g_test_add_func ("/meeple/neutral/short-hand-and-last-meeple", test_short_hand_and_last_meeple);
  g_test_add_func ("/meeple/neutral/short-hand-reveal-all", test_short_hand_reveal_all);
  g_test_add_func ("/meeple/match/defeat-and-rematch", test_defeat_and_rematch);
  g_test_add_func ("/meeple/actions/reroll-and-set", test_reroll_and_set);
  g_test_add_func ("/meeple/actions/set-summary-keeps-secret", test_set_summary_keeps_secret);
  g_test_add_func ("/meeple/refusals/general", test_refusals);
  g_test_add_func ("/meeple/refusals/meeple-numbers-and-after-pick", test_refuse_missing_meeple);
  g_test_add_func ("/meeple/view/redaction", test_view_redaction);
  g_test_add_func ("/meeple/json/round-trip", test_round_trip);
  g_test_add_func ("/meeple/json/bad-states", test_bad_states);
  g_test_add_func ("/meeple/ruleset/checks", test_ruleset_checks);
  g_test_add_func ("/meeple/new-state/players", test_new_state_players);
  g_test_add_func ("/meeple/pending", test_pending);
  g_test_add_func ("/meeple/pending/turn-accessor", test_turn_accessor);
  g_test_add_func ("/meeple/replay/typed-dice", test_typed_replay);
  g_test_add_func ("/meeple/sample-battle", test_sample_battle);
  g_test_add_func ("/meeple/registry", test_registry);

  return g_test_run ();
}
