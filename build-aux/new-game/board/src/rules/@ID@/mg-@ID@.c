/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-@ID@.c — @TITLE@'s engine: two players take turns placing their mark on an empty square
 * of a square board; a full row, column or diagonal of one mark wins, a full board without one
 * is a draw (docs/rules/@ID@.md). Written by build-aux/new-game.py: change it into your game. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-actions.h"
#include "mg-json.h"
#include "mg-@ID@.h"

#define GAME_ID "@ID@"
#define MAX_SIZE 5
#define EMPTY (-1)
#define RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define ACTION_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define STATE_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

typedef struct {
  MgState base;
  guint   size;                           /* squares a side (the ruleset's "size") */
  char   *players[2];                     /* in turn order */
  gint    squares[MAX_SIZE * MAX_SIZE];   /* EMPTY or the seat (0, 1) whose mark is there */
  guint   next;                           /* the seat to place */
  guint   placed;                         /* marks on the board */
  gint    winner;                         /* the seat with a full line, or EMPTY */
} State;

static void
state_free (MgState *base)
{
  State *st = (State *) base;

  if (st == NULL)
    return;
  g_free (st->players[0]);
  g_free (st->players[1]);
  g_free (st);
}

static void
state_unref (State *st)
{
  state_free ((MgState *) st);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (State, state_unref)

static const MgRules *rules (void);

static gboolean
check_ruleset (json_object *ruleset, GError **error)
{
  static const char * const known[] = { "game", "name", "size", NULL };
  const char *game, *name;
  guint size;

  if (!mg_json_object (ruleset, "$", RULESET_ERR, error) ||
      !mg_json_only (ruleset, "$", RULESET_ERR, known, error) ||
      !mg_json_get_string (ruleset, "$", "game", RULESET_ERR, &game, error) ||
      !mg_json_get_string (ruleset, "$", "name", RULESET_ERR, &name, error) ||
      !mg_json_get_uint (ruleset, "$", "size", RULESET_ERR, 3, MAX_SIZE, &size, error))
    return FALSE;
  if (strcmp (game, GAME_ID) != 0)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("$.game: this ruleset is for \"%s\", not \"%s\""), game, GAME_ID);
      return FALSE;
    }
  return TRUE;
}

/* A new, empty board for `ruleset` (checked) and two players. */
static State *
state_new (json_object *ruleset, GError **error)
{
  State *st;
  guint size;

  if (!check_ruleset (ruleset, error))
    return NULL;
  (void) mg_json_get_uint (ruleset, "$", "size", RULESET_ERR, 3, MAX_SIZE, &size, NULL);
  st = g_new0 (State, 1);
  st->base.rules = rules ();
  st->size = size;
  st->winner = EMPTY;
  for (guint i = 0; i < MAX_SIZE * MAX_SIZE; i++)
    st->squares[i] = EMPTY;
  return st;
}

/* Does a full line of `seat`'s marks pass through square i? */
static gboolean
line_through (const State *st, guint i, gint seat)
{
  guint n = st->size, row = i / n, col = i % n;
  gboolean r = TRUE, c = TRUE, d = row == col, a = row + col == n - 1;

  for (guint k = 0; k < n; k++)
    {
      r = r && st->squares[row * n + k] == seat;
      c = c && st->squares[k * n + col] == seat;
      d = d && st->squares[k * n + k] == seat;
      a = a && st->squares[k * n + (n - 1 - k)] == seat;
    }
  return r || c || d || a;
}

static gboolean
over (const State *st)
{
  return st->winner != EMPTY || st->placed == st->size * st->size;
}

static MgState *
new_state (json_object *ruleset, const char * const *players, GError **error)
{
  g_autoptr(State) st = NULL;

  /* The count from min_players/max_players, the names and the reserved ones: shared. */
  if (!mg_rules_check_players (rules (), players, error))
    return NULL;
  st = state_new (ruleset, error);
  if (st == NULL)
    return NULL;
  st->players[0] = g_strdup (players[0]);
  st->players[1] = g_strdup (players[1]);
  return (MgState *) g_steal_pointer (&st);
}

/* The one shape of every engine (src/rules/mg-actions.h): each action type is a function that
 * plays it on a copy of the state, checking as it goes; the copy becomes the state only when it
 * succeeds, so a refusal changes nothing, and validate() is the same function on a copy. */
static gboolean
place (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "player", "square", "template", NULL };
  State *st = (State *) state;
  const char *player;
  json_object *placed;
  guint number, square;

  if (!mg_json_only (action, NULL, ACTION_ERR, known, error) ||
      !mg_json_get_string (action, NULL, "player", ACTION_ERR, &player, error) ||
      !mg_json_get_uint (action, NULL, "square", ACTION_ERR, 1, st->size * st->size, &number, error))
    return FALSE;
  if (strcmp (player, st->players[st->next]) != 0)
    return mg_rules_illegal (error, _("It is %s's turn, not %s's"), st->players[st->next], player);
  square = number - 1;
  if (st->squares[square] != EMPTY)
    return mg_rules_illegal (error, _("Square %u already holds %s's mark"), number,
                             st->players[st->squares[square]]);
  st->squares[square] = (gint) st->next;
  st->placed++;
  placed = mg_event_new ("placed", "player", player);
  json_object_object_add (placed, "square", json_object_new_int ((gint) number));
  json_object_array_add (play->events, placed);
  if (line_through (st, square, (gint) st->next))
    {
      st->winner = (gint) st->next;
      json_object_array_add (play->events, mg_event_new ("won", "player", player));
      mg_said_add (play->said, N_("%s places a mark on square %u and wins."), player, number);
    }
  else if (over (st))
    {
      json_object_array_add (play->events, mg_event_new ("draw", NULL, NULL));
      mg_said_add (play->said, N_("%s places a mark on square %u: the board is full, a draw."),
                   player, number);
    }
  else
    mg_said_add (play->said, N_("%s places a mark on square %u."), player, number);
  st->next = 1 - st->next;
  return TRUE;
}

/* After the end, every action of a known type gets the game-over code, whoever sends it. */
static gboolean
game_over (const MgState *state, GError **error)
{
  if (!over ((const State *) state))
    return FALSE;
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER, _("The game is over"));
  return TRUE;
}

static MgState *
state_copy (const MgState *state)
{
  const State *st = (const State *) state;
  State *copy = g_memdup2 (st, sizeof *st);

  copy->players[0] = g_strdup (st->players[0]);
  copy->players[1] = g_strdup (st->players[1]);
  return (MgState *) copy;
}

static const MgAction action_list[] = {
  { "place", place },
};

static const MgActions actions = {
  .actions = action_list,
  .n_actions = G_N_ELEMENTS (action_list),
  .copy = state_copy,
  .size = sizeof (State),
  .over = game_over,
};

static json_object *
pending (const MgState *state)
{
  const State *st = (const State *) state;
  json_object *p = json_object_new_object ();
  json_object *waiting = json_object_new_array ();
  g_autofree char *text = NULL;

  if (st->winner != EMPTY)
    text = g_strdup_printf (_("%s has won."), st->players[st->winner]);
  else if (over (st))
    text = g_strdup (_("A draw: the board is full."));
  else
    {
      json_object *w = json_object_new_object ();

      json_object_object_add (w, "seat", json_object_new_string (st->players[st->next]));
      json_object_object_add (w, "for", json_object_new_string ("place"));
      json_object_array_add (waiting, w);
      text = g_strdup_printf (_("%s to place a mark."), st->players[st->next]);
    }
  /* A turn is a mark from each player; the last mark ends the game in its own turn. */
  json_object_object_add (p, "turn", json_object_new_int ((gint) (over (st) ? (st->placed + 1) / 2
                                                                           : st->placed / 2 + 1)));
  json_object_object_add (p, "phase", json_object_new_string (over (st) ? "over" : "play"));
  json_object_object_add (p, "over", json_object_new_boolean (over (st)));
  json_object_object_add (p, "waiting", waiting);
  json_object_object_add (p, "text", json_object_new_string (text));
  return p;
}

static json_object *
to_json (const MgState *state)
{
  const State *st = (const State *) state;
  json_object *json = json_object_new_object ();
  json_object *players = json_object_new_array ();
  json_object *board = json_object_new_array ();

  for (guint p = 0; p < 2; p++)
    json_object_array_add (players, json_object_new_string (st->players[p]));
  for (guint i = 0; i < st->size * st->size; i++)
    json_object_array_add (board, json_object_new_int (st->squares[i]));
  json_object_object_add (json, "players", players);
  json_object_object_add (json, "board", board);
  json_object_object_add (json, "next", json_object_new_int ((gint) st->next));
  return json;
}

/* The winner, the count of marks and whose turn it is follow from the board: only a board
 * that play can reach is accepted. */
static MgState *
from_json (json_object *ruleset, json_object *json, GError **error)
{
  static const char * const known[] = { "players", "board", "next", NULL };
  g_autoptr(State) st = state_new (ruleset, error);
  json_object *players, *board;
  guint marks[2] = { 0, 0 }, n;

  if (st == NULL)
    return NULL;
  n = st->size * st->size;
  if (!mg_json_object (json, "$", STATE_ERR, error) || !mg_json_only (json, "$", STATE_ERR, known, error) ||
      (players = mg_json_get_array (json, "$", "players", STATE_ERR, 2, 2, error)) == NULL ||
      (board = mg_json_get_array (json, "$", "board", STATE_ERR, n, n, error)) == NULL ||
      !mg_json_get_uint (json, "$", "next", STATE_ERR, 0, 1, &st->next, error))
    return NULL;
  for (guint p = 0; p < 2; p++)
    {
      const char *name;

      if (!mg_json_string (json_object_array_get_idx (players, p), "$.players[]", STATE_ERR, &name, error))
        return NULL;
      st->players[p] = g_strdup (name);
    }
  for (guint i = 0; i < n; i++)
    {
      gint64 v;

      if (!mg_json_int (json_object_array_get_idx (board, i), "$.board[]", STATE_ERR, EMPTY, 1, &v, error))
        return NULL;
      st->squares[i] = (gint) v;
      if (v != EMPTY)
        marks[v]++;
    }
  st->placed = marks[0] + marks[1];
  for (guint i = 0; i < n && st->winner == EMPTY; i++)
    if (st->squares[i] != EMPTY && line_through (st, i, st->squares[i]))
      st->winner = st->squares[i];
  if (marks[0] - marks[1] > 1 || st->next != (marks[0] > marks[1] ? 1u : 0u))
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE,
                   _("$.board: not a board that play reaches"));
      return NULL;
    }
  return (MgState *) g_steal_pointer (&st);
}

/* The board as the shared square-board widget draws it on the generic pages and the players'
 * display ("square_board", docs/adding-a-game.md): the squares a row at a time, each named and
 * valued by its number (what a place action's "square" holds, so a click on it places there),
 * with the mark standing on it. */
static json_object *
square_board (const State *st)
{
  static const char * const marks[] = { "X", "O" }, * const colours[] = { "#c01c28", "#1c71d8" };
  json_object *board = json_object_new_object (), *squares = json_object_new_array ();

  for (guint i = 0; i < st->size * st->size; i++)
    {
      json_object *square = json_object_new_object ();
      gint mark = st->squares[i];
      char name[4];

      g_snprintf (name, sizeof name, "%u", i + 1);
      json_object_object_add (square, "name", json_object_new_string (name));
      json_object_object_add (square, "value", json_object_new_int ((gint) i + 1));
      if (mark != EMPTY)
        {
          json_object_object_add (square, "piece", json_object_new_string (marks[mark]));
          json_object_object_add (square, "title", json_object_new_string (st->players[mark]));
          json_object_object_add (square, "colour", json_object_new_string (colours[mark]));
        }
      json_object_array_add (squares, square);
    }
  json_object_object_add (board, "columns", json_object_new_int ((gint) st->size));
  json_object_object_add (board, "rows", json_object_new_int ((gint) st->size));
  json_object_object_add (board, "parameter", json_object_new_string ("square"));
  json_object_object_add (board, "squares", squares);
  return board;
}

/* Nothing is hidden: every seat sees the whole state, laid out for the generic pages (a list of
 * records is a table, headed by the descriptor's export_columns): the board a row a record,
 * columns a, b, c…, each square its player's name; and drawn, as "square_board". */
static json_object *
view (const MgState *state, const char *seat)
{
  const State *st = (const State *) state;
  json_object *json = json_object_new_object ();
  json_object *board = json_object_new_array ();

  /* The exports and the players' display find the game's words (its descriptor) by this. */
  json_object_object_add (json, "game", json_object_new_string (GAME_ID));
  for (guint row = 0; row < st->size; row++)
    {
      json_object *r = json_object_new_object ();

      for (guint col = 0; col < st->size; col++)
        {
          gint mark = st->squares[row * st->size + col];
          char column[2] = { (char) ('a' + col), '\0' };

          json_object_object_add (r, column, json_object_new_string (mark == EMPTY ? "" : st->players[mark]));
        }
      json_object_array_add (board, r);
    }
  json_object_object_add (json, "board", board);
  json_object_object_add (json, "square_board", square_board (st));
  json_object_object_add (json, "to_place", over (st) ? NULL : json_object_new_string (st->players[st->next]));
  json_object_object_add (json, "winner", st->winner == EMPTY ? NULL : json_object_new_string (st->players[st->winner]));
  return json;
}

/* The squares the player to move may place on (none once the game is over), for every seat at
 * once: `legal_by_actor` has mg_state_legal_actions keep a seat's own. */
static json_object *
legal_actions (const MgState *state, const char *seat)
{
  const State *st = (const State *) state;
  json_object *out = json_object_new_array ();
  const char *player = st->players[st->next];

  if (over (st))
    return out;
  for (guint i = 0; i < st->size * st->size; i++)
    if (st->squares[i] == EMPTY)
      {
        json_object *a = json_object_new_object ();

        json_object_object_add (a, "type", json_object_new_string ("place"));
        json_object_object_add (a, "player", json_object_new_string (player));
        json_object_object_add (a, "square", json_object_new_int ((gint) i + 1));
        json_object_array_add (out, a);
      }
  return out;
}

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
    .free_state = state_free,
    .actions = &actions,
    .pending = pending,
    .to_json = to_json,
    .from_json = from_json,
    .view = view,
    .legal_actions = legal_actions,
    .legal_by_actor = TRUE,
  };

  return &table;
}

const MgRules *
mg_@ID@_rules (void)
{
  return rules ();
}
