/* mg-duel-engine.c — a rock-paper-scissors duel: each seat's pick is a declared secret action
 * (MG_ACTION_SECRET) that view() hides until the referee's "reveal"; first to "wins" rounds.
 * The referee may also adjust a seat's score by a number with a reason typed in (a "template"
 * action: free fields the generic Play page offers as a form). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "mg-actions.h"
#include "mg-duel-engine.h"

static const char * const choices[] = { "rock", "paper", "scissors" };

typedef struct {
  MgState base;
  char   *players[2];
  gint    pick[2];      /* -1: none yet */
  gint    shown[2];     /* the last round's revealed picks, -1 before the first */
  guint   score[2];
  guint   round;        /* from 1 */
  guint   wins;
} DuelState;

static const MgRules duel_rules;

static gint
seat_of (const DuelState *s, const char *name)
{
  for (gint i = 0; i < 2; i++)
    if (g_strcmp0 (s->players[i], name) == 0)
      return i;
  return -1;
}

static gboolean
over (const DuelState *s)
{
  return s->score[0] >= s->wins || s->score[1] >= s->wins;
}

static gboolean
check_ruleset (json_object *ruleset, GError **error)
{
  json_object *w;

  if (!json_object_object_get_ex (ruleset, "wins", &w) || !json_object_is_type (w, json_type_int)
      || json_object_get_int (w) < 1 || json_object_get_int (w) > 9)
    {
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                           "wins: expected an integer from 1 to 9");
      return FALSE;
    }
  return TRUE;
}

static MgState *
new_state (json_object *ruleset, const char * const *players, GError **error)
{
  DuelState *s;
  json_object *w;

  if (!check_ruleset (ruleset, error) || !mg_rules_check_players (&duel_rules, players, error))
    return NULL;
  json_object_object_get_ex (ruleset, "wins", &w);
  s = g_new0 (DuelState, 1);
  s->base.rules = &duel_rules;
  for (gint i = 0; i < 2; i++)
    {
      s->players[i] = g_strdup (players[i]);
      s->pick[i] = s->shown[i] = -1;
    }
  s->round = 1;
  s->wins = json_object_get_int (w);
  return &s->base;
}

static void
free_state (MgState *state)
{
  DuelState *s = (DuelState *) state;

  if (s == NULL)
    return;
  g_free (s->players[0]);
  g_free (s->players[1]);
  g_free (s);
}

static MgState *
copy_state (const MgState *state)
{
  const DuelState *s = (const DuelState *) state;
  DuelState *c = g_memdup2 (s, sizeof *s);

  c->players[0] = g_strdup (s->players[0]);
  c->players[1] = g_strdup (s->players[1]);
  return &c->base;
}

static gboolean
do_pick (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  DuelState *s = (DuelState *) state;
  json_object *p = NULL, *c = NULL;
  gint seat, choice = -1;
  json_object *event;

  if (!json_object_object_get_ex (action, "player", &p) || !json_object_is_type (p, json_type_string)
      || !json_object_object_get_ex (action, "choice", &c) || !json_object_is_type (c, json_type_string))
    {
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                           "A pick names its \"player\" and its \"choice\"");
      return FALSE;
    }
  seat = seat_of (s, json_object_get_string (p));
  for (gint i = 0; i < 3; i++)
    if (strcmp (choices[i], json_object_get_string (c)) == 0)
      choice = i;
  if (seat < 0 || choice < 0)
    return mg_rules_illegal (error, "Pick rock, paper or scissors for a player of this duel");
  if (s->pick[seat] >= 0)
    return mg_rules_illegal (error, "%s has already picked this round", s->players[seat]);
  s->pick[seat] = choice;
  event = mg_event_new ("picked", "seat", s->players[seat]);
  json_object_object_add (event, "choice", json_object_new_string (choices[choice]));
  json_object_array_add (play->events, event);
  g_string_append_printf (play->summary, "%s has picked", s->players[seat]);
  return TRUE;
}

static gboolean
do_reveal (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  DuelState *s = (DuelState *) state;
  gint winner = -1;

  (void) action;
  if (s->pick[0] < 0 || s->pick[1] < 0)
    return mg_rules_illegal (error, "Both players pick before the reveal");
  if (s->pick[0] != s->pick[1])
    winner = (s->pick[0] - s->pick[1] + 3) % 3 == 1 ? 0 : 1;
  if (winner >= 0)
    s->score[winner]++;
  g_string_append_printf (play->summary, "%s shows %s, %s shows %s: %s", s->players[0], choices[s->pick[0]],
                          s->players[1], choices[s->pick[1]], winner >= 0 ? s->players[winner] : "a draw");
  json_object_array_add (play->events, mg_event_new ("revealed", NULL, NULL));
  for (gint i = 0; i < 2; i++)
    {
      s->shown[i] = s->pick[i];
      s->pick[i] = -1;
    }
  s->round++;
  return TRUE;
}

/* {"type":"adjust","seat":NAME,"points":N,"reason":TEXT}: the referee's correction of a score
 * (a round counted wrongly), which can neither win the duel nor take a score below 0. */
static gboolean
do_adjust (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  DuelState *s = (DuelState *) state;
  json_object *seat_json = NULL, *points_json = NULL, *reason_json = NULL;
  const char *reason;
  gint seat, points;

  if (!json_object_object_get_ex (action, "seat", &seat_json) || !json_object_is_type (seat_json, json_type_string)
      || !json_object_object_get_ex (action, "points", &points_json) || !json_object_is_type (points_json, json_type_int)
      || !json_object_object_get_ex (action, "reason", &reason_json) || !json_object_is_type (reason_json, json_type_string))
    {
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                           "An adjustment names its \"seat\", its \"points\" and its \"reason\"");
      return FALSE;
    }
  seat = seat_of (s, json_object_get_string (seat_json));
  points = json_object_get_int (points_json);
  reason = json_object_get_string (reason_json);
  if (seat < 0)
    return mg_rules_illegal (error, "Adjust the score of a player of this duel");
  if (points == 0 || (gint) s->score[seat] + points < 0 || s->score[seat] + points >= s->wins)
    return mg_rules_illegal (error, "%s's score can go from %u to between 0 and %u, not %d",
                             s->players[seat], s->score[seat], s->wins - 1, (gint) s->score[seat] + points);
  if (*reason == '\0')
    return mg_rules_illegal (error, "Say why the score changes");
  s->score[seat] += points;
  json_object_array_add (play->events, mg_event_new ("adjusted", NULL, NULL));
  g_string_append_printf (play->summary, "%s's score %+d (%s): %u", s->players[seat], points, reason, s->score[seat]);
  return TRUE;
}

static gboolean
duel_over (const MgState *state, GError **error)
{
  const DuelState *s = (const DuelState *) state;

  if (!over (s))
    return FALSE;
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER, "The duel is over: %s has won",
               s->players[s->score[0] >= s->wins ? 0 : 1]);
  return TRUE;
}

static const MgAction duel_action_list[] = {
  { "pick", do_pick, MG_ACTION_SECRET },
  { "reveal", do_reveal, MG_ACTION_PUBLIC },
  { "adjust", do_adjust, MG_ACTION_PUBLIC },
};

static const MgActions duel_actions = {
  .actions = duel_action_list,
  .n_actions = G_N_ELEMENTS (duel_action_list),
  .copy = copy_state,
  .size = sizeof (DuelState),
  .over = duel_over,
};

static json_object *
pending (const MgState *state)
{
  const DuelState *s = (const DuelState *) state;
  json_object *o = json_object_new_object ();
  json_object *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);

  json_object_object_add (o, "turn", json_object_new_int (s->round));
  json_object_object_add (o, "over", json_object_new_boolean (over (s)));
  if (over (s))
    g_string_printf (text, "%s has won the duel", s->players[s->score[0] >= s->wins ? 0 : 1]);
  else if (s->pick[0] >= 0 && s->pick[1] >= 0)
    g_string_printf (text, "Round %u: reveal the picks", s->round);
  else
    {
      g_string_printf (text, "Round %u: each player picks in secret", s->round);
      for (gint i = 0; i < 2; i++)
        if (s->pick[i] < 0)
          {
            json_object *w = mg_event_new ("pick", "seat", s->players[i]);
            json_object_object_add (w, "secret", json_object_new_boolean (TRUE));
            json_object_array_add (waiting, w);
          }
    }
  json_object_object_add (o, "phase", json_object_new_string (over (s) ? "over"
                          : s->pick[0] >= 0 && s->pick[1] >= 0 ? "reveal" : "pick"));
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

/* The arena as a map of areas (the shared MgAreaMap's model, drawn by the generic pages): a
 * corner for each player, its token lettered with the player's score. An area names a seat: a
 * click on it chooses that seat for the actions' "seat" member (the referee's Adjust). */
static json_object *
arena (const DuelState *s)
{
  json_object *map = json_object_new_object (), *areas = json_object_new_array (), *tokens = json_object_new_array ();
  static const char * const colours[] = { "#c01c28", "#1c71d8" };

  for (gint i = 0; i < 2; i++)
    {
      json_object *area = json_object_new_object (), *token = json_object_new_object ();
      json_object *neighbours = json_object_new_array ();
      char letter[12];

      json_object_object_add (area, "id", json_object_new_string (s->players[i]));
      json_object_object_add (area, "label", json_object_new_string (s->players[i]));
      json_object_object_add (area, "x", json_object_new_int (100 + 200 * i));
      json_object_object_add (area, "y", json_object_new_int (100));
      json_object_array_add (neighbours, json_object_new_string (s->players[1 - i]));
      json_object_object_add (area, "neighbours", neighbours);
      json_object_array_add (areas, area);
      g_snprintf (letter, sizeof letter, "%u", s->score[i]);
      json_object_object_add (token, "area", json_object_new_string (s->players[i]));
      json_object_object_add (token, "colour", json_object_new_string (colours[i]));
      json_object_object_add (token, "letter", json_object_new_string (letter));
      json_object_object_add (token, "title", json_object_new_string (s->players[i]));
      json_object_array_add (tokens, token);
    }
  json_object_object_add (map, "areas", areas);
  json_object_object_add (map, "tokens", tokens);
  json_object_object_add (map, "parameter", json_object_new_string ("seat"));
  return map;
}

/* `seat` sees its own pick; everyone sees who has picked and the last round shown. */
static json_object *
view (const MgState *state, const char *seat)
{
  const DuelState *s = (const DuelState *) state;
  json_object *o = json_object_new_object ();
  json_object *players = json_object_new_array ();

  json_object_object_add (o, "game", json_object_new_string ("duel"));
  json_object_object_add (o, "round", json_object_new_int (s->round));
  json_object_object_add (o, "wins", json_object_new_int (s->wins));
  for (gint i = 0; i < 2; i++)
    {
      json_object *p = json_object_new_object ();
      gboolean own = g_strcmp0 (seat, MG_SEAT_ALL) == 0 || g_strcmp0 (seat, s->players[i]) == 0;

      json_object_object_add (p, "name", json_object_new_string (s->players[i]));
      json_object_object_add (p, "score", json_object_new_int (s->score[i]));
      json_object_object_add (p, "picked", json_object_new_boolean (s->pick[i] >= 0));
      if (own && s->pick[i] >= 0)
        json_object_object_add (p, "pick", json_object_new_string (choices[s->pick[i]]));
      if (s->shown[i] >= 0)
        json_object_object_add (p, "shown", json_object_new_string (choices[s->shown[i]]));
      json_object_array_add (players, p);
    }
  json_object_object_add (o, "players", players);
  json_object_object_add (o, "area_map", arena (s));
  return o;
}

static json_object *
to_json (const MgState *state)
{
  const DuelState *s = (const DuelState *) state;
  json_object *o = view (state, MG_SEAT_ALL);

  for (gint i = 0; i < 2; i++)
    {
      json_object *p = json_object_array_get_idx (json_object_object_get (o, "players"), i);
      json_object_object_add (p, "pick_index", json_object_new_int (s->pick[i]));
      json_object_object_add (p, "shown_index", json_object_new_int (s->shown[i]));
    }
  return o;
}

static gint
member_int (json_object *o, const char *key, gint min, gint max, gboolean *ok)
{
  json_object *v;

  if (!json_object_object_get_ex (o, key, &v) || !json_object_is_type (v, json_type_int)
      || json_object_get_int (v) < min || json_object_get_int (v) > max)
    {
      *ok = FALSE;
      return min;
    }
  return json_object_get_int (v);
}

static MgState *
from_json (json_object *ruleset, json_object *json, GError **error)
{
  json_object *players, *p0, *p1, *n0, *n1;
  const char *names[3] = { NULL, NULL, NULL };
  DuelState *s;
  gboolean ok = TRUE;

  if (!json_object_object_get_ex (json, "players", &players) || !json_object_is_type (players, json_type_array)
      || json_object_array_length (players) != 2
      || !json_object_object_get_ex ((p0 = json_object_array_get_idx (players, 0)), "name", &n0)
      || !json_object_object_get_ex ((p1 = json_object_array_get_idx (players, 1)), "name", &n1))
    {
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, "players: expected two");
      return NULL;
    }
  names[0] = json_object_get_string (n0);
  names[1] = json_object_get_string (n1);
  s = (DuelState *) new_state (ruleset, names, error);
  if (s == NULL)
    return NULL;
  s->round = member_int (json, "round", 1, G_MAXINT, &ok);
  for (gint i = 0; i < 2; i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      s->score[i] = member_int (p, "score", 0, 99, &ok);
      s->pick[i] = member_int (p, "pick_index", -1, 2, &ok);
      s->shown[i] = member_int (p, "shown_index", -1, 2, &ok);
    }
  if (!ok)
    {
      free_state (&s->base);
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, "players: a bad member");
      return NULL;
    }
  return &s->base;
}

/* The referee's correction, last: one form, whose seat, number and reason are chosen. */
static json_object *
add_adjust (const DuelState *s, json_object *list)
{
  json_object *a = json_object_new_object ();

  json_object_object_add (a, "type", json_object_new_string ("adjust"));
  json_object_object_add (a, "seat", json_object_new_string (s->players[0]));
  json_object_object_add (a, "points", json_object_new_int (1));
  json_object_object_add (a, "reason", json_object_new_string (""));
  json_object_object_add (a, "template", json_object_new_boolean (TRUE));
  json_object_array_add (list, a);
  return list;
}

static json_object *
legal_actions (const MgState *state, const char *seat)
{
  const DuelState *s = (const DuelState *) state;
  json_object *list = json_object_new_array ();

  if (over (s))
    return list;
  if (s->pick[0] >= 0 && s->pick[1] >= 0)
    {
      json_object *a = json_object_new_object ();
      json_object_object_add (a, "type", json_object_new_string ("reveal"));
      json_object_array_add (list, a);
      return add_adjust (s, list);
    }
  for (gint i = 0; i < 2; i++)
    for (gint c = 0; c < 3 && s->pick[i] < 0; c++)
      {
        json_object *a = json_object_new_object ();
        json_object_object_add (a, "type", json_object_new_string ("pick"));
        json_object_object_add (a, "player", json_object_new_string (s->players[i]));
        json_object_object_add (a, "choice", json_object_new_string (choices[c]));
        json_object_array_add (list, a);
      }
  (void) seat;
  return add_adjust (s, list);
}

static const MgRules duel_rules = {
  .id = "duel",
  .name = "Duel",
  .min_players = 2,
  .max_players = 2,
  .check_ruleset = check_ruleset,
  .new_state = new_state,
  .free_state = free_state,
  .actions = &duel_actions,
  .pending = pending,
  .to_json = to_json,
  .from_json = from_json,
  .view = view,
  .legal_actions = legal_actions,
  .legal_by_actor = TRUE,
};

const MgGame *
mg_duel_game (void)
{
  static MgGame game = { .rules = &duel_rules };

  return &game;
}
