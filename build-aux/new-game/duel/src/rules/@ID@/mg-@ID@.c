/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-@ID@.c — @TITLE@'s engine: a duel of rock, paper and scissors. Each round both players pick
 * in secret (the action "pick", declared MG_ACTION_SECRET: view() shows a pick to its own seat
 * only), then the referee reveals: rock beats scissors, scissors beat paper, paper beats rock, the
 * same pick is a drawn round. The first to win the ruleset's "wins" rounds wins the duel; the
 * referee may correct a score (docs/rules/@ID@.md). Written by build-aux/new-game.py --template
 * duel: change it into your game. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-actions.h"
#include "mg-json.h"
#include "mg-@ID@.h"

#define GAME_ID "@ID@"
#define NONE (-1)
#define MAX_WINS 9
#define RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define ACTION_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define STATE_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

/* The picks' ids, as actions and views hold them; each beats the one before it, rock beats the
 * last (so pick a beats pick b when (a - b + 3) % 3 == 1); and their words in sentences. */
static const char * const choices[] = { "rock", "paper", "scissors", NULL };
static const char * const choice_words[] = { N_("rock"), N_("paper"), N_("scissors") };

typedef struct {
  MgState base;
  char   *players[2];   /* in the order named */
  gint    pick[2];      /* this round's secret picks, NONE until made */
  gint    shown[2];     /* the last round's revealed picks, NONE before the first reveal */
  guint   score[2];     /* rounds won */
  guint   round;        /* from 1 */
  guint   wins;         /* rounds to win the duel (the ruleset's "wins") */
} Duel;

static const MgRules *rules (void);

static void
duel_free (MgState *base)
{
  Duel *d = (Duel *) base;

  if (d == NULL)
    return;
  g_free (d->players[0]);
  g_free (d->players[1]);
  g_free (d);
}

static gboolean
check_ruleset (json_object *ruleset, GError **error)
{
  static const char * const known[] = { "game", "name", "wins", NULL };
  const char *name;
  guint wins;

  return mg_json_ruleset_header (ruleset, GAME_ID, RULESET_ERR, known, error) &&
         mg_json_get_string (ruleset, "$", "name", RULESET_ERR, &name, error) &&
         mg_json_get_uint (ruleset, "$", "wins", RULESET_ERR, 1, MAX_WINS, &wins, error);
}

static gboolean
over (const Duel *d)
{
  return d->score[0] >= d->wins || d->score[1] >= d->wins;
}

/* The seat named `name`, or NONE. */
static gint
seat_of (const Duel *d, const char *name)
{
  for (gint i = 0; i < 2; i++)
    if (g_strcmp0 (d->players[i], name) == 0)
      return i;
  return NONE;
}

static MgState *
new_state (json_object *ruleset, const char * const *players, GError **error)
{
  Duel *d;

  if (!mg_rules_check_players (rules (), players, error) || !check_ruleset (ruleset, error))
    return NULL;
  d = g_new0 (Duel, 1);
  d->base.rules = rules ();
  (void) mg_json_get_uint (ruleset, "$", "wins", RULESET_ERR, 1, MAX_WINS, &d->wins, NULL);
  for (gint i = 0; i < 2; i++)
    {
      d->players[i] = g_strdup (players[i]);
      d->pick[i] = d->shown[i] = NONE;
    }
  d->round = 1;
  return (MgState *) d;
}

static MgState *
duel_copy (const MgState *state)
{
  const Duel *d = (const Duel *) state;
  Duel *copy = g_memdup2 (d, sizeof *d);

  copy->players[0] = g_strdup (d->players[0]);
  copy->players[1] = g_strdup (d->players[1]);
  return (MgState *) copy;
}

/* {"type": "pick", "player": NAME, "choice": "rock" | "paper" | "scissors"}: the seat's secret.
 * Its sentence and its event name the seat, never the choice. */
static gboolean
pick (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "player", "choice", NULL };
  Duel *d = (Duel *) state;
  const char *player;
  guint choice;
  gint seat;

  if (!mg_json_only (action, NULL, ACTION_ERR, known, error) ||
      !mg_json_get_string (action, NULL, "player", ACTION_ERR, &player, error) ||
      !mg_json_get_choice (action, NULL, "choice", ACTION_ERR, choices, &choice, error))
    return FALSE;
  if ((seat = seat_of (d, player)) == NONE)
    return mg_illegal (error, N_("%s does not play in this duel"), player);
  if (d->pick[seat] != NONE)
    return mg_illegal (error, N_("%s has already picked this round"), player);
  d->pick[seat] = (gint) choice;
  json_object_array_add (play->events, mg_event_new ("picked", "seat", player));
  mg_said_add (play->said, N_("%s has picked."), player);
  return TRUE;
}

/* {"type": "reveal"}: both picks shown, the round scored. */
static gboolean
reveal (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", NULL };
  Duel *d = (Duel *) state;
  gint winner = NONE;

  if (!mg_json_only (action, NULL, ACTION_ERR, known, error))
    return FALSE;
  if (d->pick[0] == NONE || d->pick[1] == NONE)
    return mg_illegal (error, N_("Both players pick before the reveal"));
  if (d->pick[0] != d->pick[1])
    winner = (d->pick[0] - d->pick[1] + 3) % 3 == 1 ? 0 : 1;
  /* Said as messages (MgPlay.said), the choices as words: each viewer reads them in their own
   * language (docs/messages.md). */
  mg_said_add (play->said, N_("%s shows %s, %s shows %s: "), d->players[0], mg_message_word (choice_words[d->pick[0]]),
               d->players[1], mg_message_word (choice_words[d->pick[1]]));
  if (winner == NONE)
    mg_said_add (play->said, N_("a drawn round."));
  else if (++d->score[winner] >= d->wins)
    mg_said_add (play->said, N_("%s wins the round and the duel."), d->players[winner]);
  else
    mg_said_add (play->said, N_("%s wins the round."), d->players[winner]);
  json_object_array_add (play->events, mg_event_new ("revealed", NULL, NULL));
  for (gint i = 0; i < 2; i++)
    {
      d->shown[i] = d->pick[i];
      d->pick[i] = NONE;
    }
  d->round++;
  return TRUE;
}

/* {"type": "adjust", "seat": NAME, "points": N, "reason": TEXT}: the referee's correction of a
 * score (a round counted wrongly), which can neither win the duel nor take a score below 0. */
static gboolean
adjust (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "seat", "points", "reason", "template", NULL };
  Duel *d = (Duel *) state;
  json_object *typed = mg_json_member (action, "reason");
  const char *name, *reason;
  gint points, seat;

  if (!mg_json_only (action, NULL, ACTION_ERR, known, error) ||
      !mg_json_get_string (action, NULL, "seat", ACTION_ERR, &name, error) ||
      !mg_json_get_gint (action, NULL, "points", ACTION_ERR, -MAX_WINS, MAX_WINS, &points, error))
    return FALSE;
  if (json_object_is_type (typed, json_type_string) && *json_object_get_string (typed) == '\0')
    return mg_illegal (error, N_("Say why the score changes"));
  if (!mg_json_get_string (action, NULL, "reason", ACTION_ERR, &reason, error))
    return FALSE;
  if ((seat = seat_of (d, name)) == NONE)
    return mg_illegal (error, N_("%s does not play in this duel"), name);
  if (points == 0 || (gint) d->score[seat] + points < 0 || (gint) d->score[seat] + points >= (gint) d->wins)
    return mg_illegal (error, N_("%s's score can go from %u to between 0 and %u, not %d"),
                       name, d->score[seat], d->wins - 1, (gint) d->score[seat] + points);
  d->score[seat] = (guint) ((gint) d->score[seat] + points);
  json_object_array_add (play->events, mg_event_new ("adjusted", NULL, NULL));
  mg_said_add (play->said, N_("%s's score %+d (%s): %u."), name, points, reason, d->score[seat]);
  return TRUE;
}

/* After the end, every action of a known type gets the game-over code, whoever sends it. */
static gboolean
duel_over (const MgState *state, GError **error)
{
  if (!over ((const Duel *) state))
    return FALSE;
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER, _("The duel is over"));
  return TRUE;
}

/* The pick is the seat's secret: declared here, the table server offers it on the seat's phone,
 * the Play page enters it only while the seat's secrets are shown, and the contract checks that
 * no other seat's view and no public one tells it (the difference method). */
static const MgAction action_list[] = {
  { "pick", pick, MG_ACTION_SECRET },
  { "reveal", reveal },
  { "adjust", adjust },
};

static const MgActions actions = {
  .actions = action_list,
  .n_actions = G_N_ELEMENTS (action_list),
  .copy = duel_copy,
  .size = sizeof (Duel),
  .over = duel_over,
};

/* Who the table waits for: each seat still to pick, secret; "entered", the seats whose pick is in
 * (the players' phones show these as "entered" and "not yet"). */
static json_object *
pending (const MgState *state)
{
  const Duel *d = (const Duel *) state;
  json_object *p = json_object_new_object ();
  json_object *waiting = json_object_new_array (), *entered = json_object_new_array ();
  g_autofree char *text = NULL;

  if (over (d))
    text = g_strdup_printf (_("%s has won the duel."), d->players[d->score[0] >= d->wins ? 0 : 1]);
  else if (d->pick[0] != NONE && d->pick[1] != NONE)
    text = g_strdup_printf (_("Round %u: reveal the picks."), d->round);
  else
    text = g_strdup_printf (_("Round %u: each player picks in secret."), d->round);
  for (gint i = 0; i < 2 && !over (d); i++)
    if (d->pick[i] == NONE)
      {
        json_object *w = mg_event_new ("pick", "seat", d->players[i]);

        json_object_object_add (w, "secret", json_object_new_boolean (TRUE));
        json_object_array_add (waiting, w);
      }
    else
      json_object_array_add (entered, json_object_new_string (d->players[i]));
  json_object_object_add (p, "turn", json_object_new_int ((gint) d->round));
  json_object_object_add (p, "phase", json_object_new_string (over (d) ? "over" : json_object_array_length (waiting) > 0
                                                              ? "pick" : "reveal"));
  json_object_object_add (p, "over", json_object_new_boolean (over (d)));
  json_object_object_add (p, "waiting", waiting);
  json_object_object_add (p, "entered", entered);
  json_object_object_add (p, "text", json_object_new_string (text));
  return p;
}

/* The arena as a map of areas (the shared MgAreaMap's model, docs/adding-a-game.md): a corner for
 * each player, its token lettered with the player's score. An area's id is a seat's name, and
 * the map's "parameter" is "seat": a click on a corner chooses that seat in the referee's form. */
static json_object *
arena (const Duel *d)
{
  static const char * const colours[] = { "#c01c28", "#1c71d8" };
  json_object *map = json_object_new_object (), *areas = json_object_new_array (), *tokens = json_object_new_array ();

  for (gint i = 0; i < 2; i++)
    {
      json_object *area = json_object_new_object (), *token = json_object_new_object ();
      json_object *neighbours = json_object_new_array ();
      char letter[12];

      json_object_object_add (area, "id", json_object_new_string (d->players[i]));
      json_object_object_add (area, "label", json_object_new_string (d->players[i]));
      json_object_object_add (area, "x", json_object_new_int (100 + 200 * i));
      json_object_object_add (area, "y", json_object_new_int (100));
      json_object_array_add (neighbours, json_object_new_string (d->players[1 - i]));
      json_object_object_add (area, "neighbours", neighbours);
      json_object_array_add (areas, area);
      g_snprintf (letter, sizeof letter, "%u", d->score[i]);
      json_object_object_add (token, "area", json_object_new_string (d->players[i]));
      json_object_object_add (token, "colour", json_object_new_string (colours[i]));
      json_object_object_add (token, "letter", json_object_new_string (letter));
      json_object_object_add (token, "title", json_object_new_string (d->players[i]));
      json_object_array_add (tokens, token);
    }
  json_object_object_add (map, "areas", areas);
  json_object_object_add (map, "tokens", tokens);
  json_object_object_add (map, "parameter", json_object_new_string ("seat"));
  return map;
}

/* What `seat` sees: everyone sees who has picked, the scores and the last round shown; a pick
 * only its own seat (and the referee's MG_SEAT_ALL) until the reveal. The players, a list of
 * records, are a table headed by the descriptor's export_columns. */
static json_object *
view (const MgState *state, const char *seat)
{
  const Duel *d = (const Duel *) state;
  json_object *json = json_object_new_object ();
  json_object *players = json_object_new_array ();

  /* The exports and the players' display find the game's words (its descriptor) by this. */
  json_object_object_add (json, "game", json_object_new_string (GAME_ID));
  json_object_object_add (json, "round", json_object_new_int ((gint) d->round));
  json_object_object_add (json, "wins", json_object_new_int ((gint) d->wins));
  for (gint i = 0; i < 2; i++)
    {
      json_object *p = json_object_new_object ();
      gboolean own = g_strcmp0 (seat, MG_SEAT_ALL) == 0 || g_strcmp0 (seat, d->players[i]) == 0;

      json_object_object_add (p, "name", json_object_new_string (d->players[i]));
      json_object_object_add (p, "score", json_object_new_int ((gint) d->score[i]));
      json_object_object_add (p, "picked", json_object_new_boolean (d->pick[i] != NONE));
      if (own && d->pick[i] != NONE)
        json_object_object_add (p, "pick", json_object_new_string (choices[d->pick[i]]));
      json_object_object_add (p, "shown", d->shown[i] == NONE ? NULL : json_object_new_string (choices[d->shown[i]]));
      json_object_array_add (players, p);
    }
  json_object_object_add (json, "players", players);
  json_object_object_add (json, "area_map", arena (d));
  return json;
}

/* The whole state, picks included, as numbers: {"players": [...], "round", "pick": [..],
 * "shown": [..], "score": [..]} (NONE for none). */
static json_object *
to_json (const MgState *state)
{
  const Duel *d = (const Duel *) state;
  json_object *json = json_object_new_object ();
  const char *keys[] = { "pick", "shown", "score" };
  const gint values[3][2] = { { d->pick[0], d->pick[1] }, { d->shown[0], d->shown[1] },
                              { (gint) d->score[0], (gint) d->score[1] } };
  json_object *players = json_object_new_array ();

  for (gint i = 0; i < 2; i++)
    json_object_array_add (players, json_object_new_string (d->players[i]));
  json_object_object_add (json, "players", players);
  json_object_object_add (json, "round", json_object_new_int ((gint) d->round));
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      json_object *pair = json_object_new_array ();

      json_object_array_add (pair, json_object_new_int (values[k][0]));
      json_object_array_add (pair, json_object_new_int (values[k][1]));
      json_object_object_add (json, keys[k], pair);
    }
  return json;
}

/* Reads to_json's pair `key` into `out`, each between min and max. */
static gboolean
read_pair (json_object *json, const char *key, gint min, gint max, gint *out, GError **error)
{
  g_autofree char *path = mg_json_path_key ("$", key);
  json_object *pair = mg_json_get_array (json, "$", key, STATE_ERR, 2, 2, error);

  for (gsize i = 0; pair != NULL && i < 2; i++)
    {
      gint64 v;

      if (!mg_json_int (json_object_array_get_idx (pair, i), path, STATE_ERR, min, max, &v, error))
        return FALSE;
      out[i] = (gint) v;
    }
  return pair != NULL;
}

static MgState *
from_json (json_object *ruleset, json_object *json, GError **error)
{
  static const char * const known[] = { "players", "round", "pick", "shown", "score", NULL };
  const char *names[3] = { NULL, NULL, NULL };
  json_object *players;
  gint score[2];
  Duel *d;

  if (!mg_json_object (json, "$", STATE_ERR, error) || !mg_json_only (json, "$", STATE_ERR, known, error) ||
      (players = mg_json_get_array (json, "$", "players", STATE_ERR, 2, 2, error)) == NULL ||
      !mg_json_string (json_object_array_get_idx (players, 0), "$.players[]", STATE_ERR, &names[0], error) ||
      !mg_json_string (json_object_array_get_idx (players, 1), "$.players[]", STATE_ERR, &names[1], error) ||
      (d = (Duel *) new_state (ruleset, names, error)) == NULL)
    return NULL;
  if (!mg_json_get_uint (json, "$", "round", STATE_ERR, 1, G_MAXINT, &d->round, error) ||
      !read_pair (json, "pick", NONE, 2, d->pick, error) || !read_pair (json, "shown", NONE, 2, d->shown, error) ||
      !read_pair (json, "score", 0, (gint) d->wins, score, error))
    {
      duel_free ((MgState *) d);
      return NULL;
    }
  d->score[0] = (guint) score[0];
  d->score[1] = (guint) score[1];
  return (MgState *) d;
}

/* The referee's correction, offered as a form (its members free: "template"), last. */
static void
add_adjust (const Duel *d, json_object *list)
{
  json_object *a = json_object_new_object ();

  json_object_object_add (a, "type", json_object_new_string ("adjust"));
  json_object_object_add (a, "seat", json_object_new_string (d->players[0]));
  json_object_object_add (a, "points", json_object_new_int (1));
  json_object_object_add (a, "reason", json_object_new_string (""));
  json_object_object_add (a, "template", json_object_new_boolean (TRUE));
  json_object_array_add (list, a);
}

/* Every seat's picks still to make (or the reveal), then the referee's correction, whatever seat
 * is asked: `legal_by_actor` has mg_state_legal_actions keep a seat's own. */
static json_object *
legal_actions (const MgState *state, const char *seat)
{
  const Duel *d = (const Duel *) state;
  json_object *list = json_object_new_array ();

  (void) seat;
  if (over (d))
    return list;
  for (gint i = 0; i < 2; i++)
    for (gint c = 0; c < 3 && d->pick[i] == NONE; c++)
      {
        json_object *a = json_object_new_object ();

        json_object_object_add (a, "type", json_object_new_string ("pick"));
        json_object_object_add (a, "player", json_object_new_string (d->players[i]));
        json_object_object_add (a, "choice", json_object_new_string (choices[c]));
        json_object_array_add (list, a);
      }
  if (d->pick[0] != NONE && d->pick[1] != NONE)
    {
      json_object *a = json_object_new_object ();

      json_object_object_add (a, "type", json_object_new_string ("reveal"));
      json_object_array_add (list, a);
    }
  add_adjust (d, list);
  return list;
}

/* The words a player's phone shows for the secret step (the table server serves them
 * translated): the step, its field, the seat's own pick and the choices' words. */
static const MgWord phone_words[] = {
  { "pick", N_("Pick rock, paper or scissors") },
  { "field.choice", N_("Your pick") },
  { "mine.pick", N_("Your pick") },
  { "table.players", N_("Players") },
  { "value.rock", N_("rock") },
  { "value.paper", N_("paper") },
  { "value.scissors", N_("scissors") },
  { NULL, NULL }
};

static const MgRules *
rules (void)
{
  static const MgRules table = {
    .id = GAME_ID,
    .name = N_("@TITLE@"),
    .min_players = 2,
    .max_players = 2,
    .check_ruleset = check_ruleset,
    .new_state = new_state,
    .free_state = duel_free,
    .actions = &actions,
    .pending = pending,
    .to_json = to_json,
    .from_json = from_json,
    .view = view,
    .legal_actions = legal_actions,
    .legal_by_actor = TRUE,
    .phone_words = phone_words,
  };

  return &table;
}

const MgRules *
mg_@ID@_rules (void)
{
  return rules ();
}
