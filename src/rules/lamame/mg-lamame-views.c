/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-views.c — La Mame's Melee's views: a seat's view, pending entries, the description, legal actions, public tables. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-lamame-private.h"

/* ---------------------------------------------------------------- view */

json_object *
lm_view (const MgState *state, const char *seat)
{
  const LmState *s = lm (state);
  json_object *o = lm_to_json (state);
  json_object *players = mg_json_member (o, "players"), *at;

  if (g_strcmp0 (seat, MG_SEAT_ALL) == 0)
    return o;
  for (gsize i = 0; i < json_object_array_length (players); i++)
    {
      json_object *po = json_object_array_get_idx (players, i);
      const LmPlayer *pl = &s->p.pl[i];

      if (g_strcmp0 (seat, NAME (s, i)) == 0)
        continue;
      if (pl->start_bid >= 0)
        json_object_object_add (po, "start_bid", JB (TRUE));
      if (!pl->cards_revealed && pl->card_entry == LM_ENTRY_HIDDEN)
        {
          json_object *h = json_object_new_array ();
          for (guint c = 0; c < pl->n_cards; c++)
            json_object_array_add (h, JS ("hidden"));
          json_object_object_add (po, "cards", h);
        }
    }
  if ((at = mg_json_member (o, "attack")) != NULL)
    {
      const LmAttack *a = &s->p.atk;
      if (a->gold >= 0 && g_strcmp0 (seat, NAME (s, a->attacker)) != 0)
        json_object_object_add (at, "gold", JB (TRUE));
      if (a->n_guesses >= 0 && g_strcmp0 (seat, NAME (s, a->defender)) != 0)
        json_object_object_add (at, "guesses", JB (TRUE));
    }
  return o;
}

/* ---------------------------------------------------------------- pending */

static json_object *
waiting (json_object *arr, const char *seat, const char *what, gboolean secret)
{
  json_object *w = json_object_new_object ();
  json_object_object_add (w, "seat", JS (seat));
  json_object_object_add (w, "for", JS (what));
  if (secret)
    json_object_object_add (w, "secret", JB (TRUE));
  json_object_array_add (arr, w);
  return w;
}

/* Initial build: the player in turn builds, bids (complete form) or passes. */
static char *
pending_initial_build (const LmState *s, json_object *w)
{
  const LmPlay *p = &s->p;
  gint seat = lm_current_seat (s);
  json_object *x = waiting (w, NAME (s, seat), "build", FALSE), *may = json_object_new_array ();

  json_object_array_add (may, JS ("build"));
  if (p->form == LM_COMPLETE)
    json_object_array_add (may, JS ("bid"));
  json_object_array_add (may, JS ("pass"));
  json_object_object_add (x, "may", may);
  return p->form == LM_COMPLETE
    ? g_strdup_printf (_("Initial build: %s bids for a special ability, builds one unit or passes."), NAME (s, seat))
    : g_strdup_printf (_("Initial build: %s buys units for their castle and next to it, then passes."), NAME (s, seat));
}

/* Secret start bids: who has not bid yet, who has (`entered`). */
static char *
pending_start_bid (const LmState *s, json_object *w, json_object *entered)
{
  const LmPlay *p = &s->p;
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < p->n; i++)
    if (p->pl[i].start_bid < 0)
      {
        waiting (w, NAME (s, i), "start_bid", TRUE);
        g_string_append_printf (names, "%s%s", names->len ? ", " : "", NAME (s, i));
      }
    else
      json_object_array_add (entered, JS (NAME (s, i)));
  /* Shown on the players' display and the phones as well as the referee's window: it speaks to
   * the players (the referee's own way, the bids typed as revealed, is a step on their window). */
  return g_strdup_printf (_("%s: everyone bids for start player in secret — still to bid: %s."),
                          lm_season_name (s, p->season), names->str);
}

/* Secret action cards: who has not chosen yet and how many, who has (`entered`). */
static char *
pending_cards (const LmState *s, json_object *w, json_object *entered)
{
  const LmPlay *p = &s->p;
  g_autoptr(GString) names = g_string_new (NULL);
  guint want = s->rs->cards_per_season[p->season];

  for (guint i = 0; i < p->n; i++)
    if (p->pl[i].card_entry == LM_ENTRY_NONE)
      {
        json_object *x = waiting (w, NAME (s, i), "cards", TRUE);
        json_object_object_add (x, "count", JI (want));
        g_string_append_printf (names, "%s%s", names->len ? ", " : "", NAME (s, i));
      }
    else
      json_object_array_add (entered, JS (NAME (s, i)));
  return g_strdup_printf (ngettext ("%s: everyone chooses %u action card in secret — still to choose: %s.",
                                    "%s: everyone chooses %u action cards in secret — still to choose: %s.", want),
                          lm_season_name (s, p->season), want, names->str);
}

/* An attack under way: the attacker's secret gold and the defender's guesses, or a withdrawal. */
static char *
pending_attack (const LmState *s, json_object *w)
{
  const LmPlay *p = &s->p;
  const LmAttack *at = &p->atk;

  if (lm_attacker_broke (s))
    {
      waiting (w, NAME (s, at->attacker), "withdraw", FALSE);
      return g_strdup_printf (_("%s has no gold left to attack the %s on %s again: %s can only withdraw."),
                              NAME (s, at->attacker), KIND (at->target), AREA (s, at->to), NAME (s, at->attacker));
    }
  if (at->gold < 0)
    {
      json_object *x = waiting (w, NAME (s, at->attacker), at->round > 1 ? "continue_attack" : "attack_gold", TRUE);
      json_object_object_add (x, "max", JI (p->pl[at->attacker].gold));
    }
  if (at->n_guesses < 0)
    {
      json_object *x = waiting (w, NAME (s, at->defender), "guess", TRUE);
      json_object_object_add (x, "guesses", JI (at->allowed));
    }
  return g_strdup_printf (ngettext ("%s attacks %s on %s (round %d, the %s): %s holds gold in secret, %s makes %d guess.",
                                    "%s attacks %s on %s (round %d, the %s): %s holds gold in secret, %s makes %d guesses.", at->allowed),
                          NAME (s, at->attacker), NAME (s, at->defender), AREA (s, at->to), at->round, KIND (at->target),
                          NAME (s, at->attacker), NAME (s, at->defender), at->allowed);
}

/* A turn of the action phase after the cards are shown: the cards left and what they allow. */
static char *
pending_cards_left (const LmState *s, json_object *w, gint seat)
{
  const LmPlayer *pl = &s->p.pl[seat];
  const char *season = lm_season_name (s, s->p.season);
  json_object *x = waiting (w, NAME (s, seat), "action", FALSE), *may = json_object_new_array (),
              *left = json_object_new_array ();
  g_autoptr(GString) lt = g_string_new (NULL);

  for (guint i = 0; i < pl->n_cards; i++)
    if (!pl->card_done[i])
      {
        json_object_array_add (left, JS (lm_card_ids[pl->cards[i]]));
        g_string_append_printf (lt, "%s%s", lt->len ? ", " : "", CARD (pl->cards[i]));
        if (pl->card_active >= 0 && pl->card_active != (gint) i)
          continue;
        if (pl->cards[i] == LM_TAX)
          json_object_array_add (may, JS ("tax"));
        else if (pl->cards[i] == LM_BUILD)
          json_object_array_add (may, JS ("build"));
        else
          {
            json_object_array_add (may, JS ("move"));
            json_object_array_add (may, JS ("attack"));
            json_object_array_add (may, JS ("fire"));
          }
      }
  json_object_array_add (may, JS ("end_action"));
  json_object_object_add (x, "may", may);
  json_object_object_add (x, "cards_left", left);
  json_object_object_add (x, "card_active", pl->card_active >= 0 ? JS (lm_card_ids[pl->cards[pl->card_active]]) : NULL);
  return pl->card_active >= 0
    ? g_strdup_printf (_("%s, %s's turn: %s action under way (end it when done)."), season, NAME (s, seat),
                       CARD (pl->cards[pl->card_active]))
    : g_strdup_printf (_("%s, %s's turn: cards to play: %s."), season, NAME (s, seat), lt->str);
}

/* The action phase: an attack under way, cards to reveal, or cards to play. */
static char *
pending_actions (const LmState *s, json_object *w)
{
  gint seat = lm_current_seat (s);

  if (s->p.atk.active)
    return pending_attack (s, w);
  if (!s->p.pl[seat].cards_revealed)
    {
      waiting (w, NAME (s, seat), "reveal_cards", FALSE);
      return g_strdup_printf (_("%s, %s's turn: they reveal their cards."), lm_season_name (s, s->p.season), NAME (s, seat));
    }
  return pending_cards_left (s, w, seat);
}

json_object *
lm_pending (const MgState *state)
{
  const LmState *s = lm (state);
  const LmPlay *p = &s->p;
  json_object *o = json_object_new_object (), *w = json_object_new_array (), *entered = NULL;
  g_autofree char *text = NULL;

  json_object_object_add (o, "turn", JI (lm_turn (state)));
  json_object_object_add (o, "phase", JS (lm_phase_ids[p->phase]));
  json_object_object_add (o, "season", p->season >= 0 ? JS (s->rs->seasons[p->season]) : NULL);
  json_object_object_add (o, "over", JB (p->phase == LM_OVER));
  switch (p->phase)
    {
    case LM_SETUP:
      waiting (w, "referee", "start", FALSE);
      /* For the players too (their display): what is being settled, not what the referee types. */
      text = g_strdup (_("Set-up: the year has not begun; the start player and the map are being chosen."));
      break;
    case LM_INITIAL_BUILD:
      text = pending_initial_build (s, w);
      break;
    case LM_START_BID:
      entered = json_object_new_array ();
      text = pending_start_bid (s, w, entered);
      break;
    case LM_CHOOSE_START:
      waiting (w, NAME (s, p->bid_winner), "choose_start", FALSE);
      text = g_strdup_printf (_("%s: %s won the bid and names the start player."), lm_season_name (s, p->season),
                              NAME (s, p->bid_winner));
      break;
    case LM_CHOOSE_CARDS:
      entered = json_object_new_array ();
      text = pending_cards (s, w, entered);
      break;
    case LM_ACTIONS:
      text = pending_actions (s, w);
      break;
    case LM_OVER:
      text = p->fallen_castle >= 0
        ? g_strdup_printf (_("Game over: %s took %s and is crowned."), NAME (s, p->winner), AREA (s, p->fallen_castle))
        : g_strdup_printf (_("Game over: %s holds the most areas and is crowned."), NAME (s, p->winner));
      break;
    }
  json_object_object_add (o, "waiting", w);
  if (entered)
    json_object_object_add (o, "entered", entered);
  if (lm_current_seat (s) >= 0)
    json_object_object_add (o, "current", JS (NAME (s, lm_current_seat (s))));
  json_object_object_add (o, "text", JS (text));
  return o;
}

char *
lm_describe (const MgState *state, const char *seat)
{
  const LmState *s = lm (state);
  GString *out = g_string_new (NULL);
  (void) seat;

  if (s->p.phase == LM_SETUP || s->map == NULL)
    {
      g_string_append (out, _("The year has not begun."));
      return g_string_free (out, FALSE);
    }
  g_string_append (out, _("Gold:"));
  for (guint i = 0; i < s->p.n; i++)
    g_string_append_printf (out, "%s %s %d", i ? "," : "", NAME (s, i), s->p.pl[i].gold);
  g_string_append (out, ". ");
  g_string_append (out, _("Areas held (castles excluded):"));
  for (guint i = 0; i < s->p.n; i++)
    g_string_append_printf (out, "%s %s %d", i ? "," : "", NAME (s, i), lm_areas_held (s, i));
  g_string_append (out, ". ");
  g_string_append_printf (out, _("Start player: %s."), NAME (s, s->p.start_player));
  return g_string_free (out, FALSE);
}

/* ---------------------------------------------------------------- legal actions */

static void
try_add (LmState *s, json_object *out, json_object *action, gboolean template)
{
  if (mg_state_validate ((const MgState *) s, action, NULL))
    {
      if (template)
        json_object_object_add (action, "template", JB (TRUE));
      json_object_array_add (out, action);
    }
  else
    json_object_put (action);
}

static json_object *
act (const char *type, ...)
{
  json_object *a = json_object_new_object ();
  va_list ap;
  const char *key;

  json_object_object_add (a, "type", JS (type));
  va_start (ap, type);
  while ((key = va_arg (ap, const char *)) != NULL)
    json_object_object_add (a, key, va_arg (ap, json_object *));
  va_end (ap);
  return a;
}

static json_object *
card_list (gint a, gint b, guint n)
{
  gint cards[2] = { a, b };
  return lm_cards_json (cards, n);
}

/* Seat i's part in the attack under way: the attacker's gold or withdrawal, the defender's guesses. */
static void
legal_attack (LmState *s, json_object *out, guint i)
{
  const LmPlay *p = &s->p;
  const char *name = NAME (s, i);

  if ((gint) i == p->atk.attacker)
    {
      try_add (s, out, act ("attack_gold", "player", JS (name), "gold", JI (s->rs->attack_gold_min), NULL), TRUE);
      try_add (s, out, act ("withdraw", "player", JS (name), NULL), FALSE);
    }
  if ((gint) i == p->atk.defender)
    {
      json_object *g = json_object_new_array ();
      for (gint k = 0; k < p->atk.allowed; k++)
        json_object_array_add (g, JI (k + 1));
      try_add (s, out, act ("guess", "player", JS (name), "guesses", g, NULL), TRUE);
    }
}

/* Every hand of the season's number of cards, as a `type` action of seat i. */
static void
legal_card_hands (LmState *s, json_object *out, guint i, const char *type)
{
  guint want = s->rs->cards_per_season[s->p.season];

  for (gint a = 0; a < LM_N_CARDS; a++)
    for (gint b = want == 2 ? a + 1 : 0; b < (want == 2 ? LM_N_CARDS : 1); b++)
      try_add (s, out, act (type, "player", JS (NAME (s, i)), "cards", card_list (a, b, want), NULL), FALSE);
}

/* Seat i's moves and attacks to every neighbouring area, and its catapults' shots. */
static void
legal_moves (LmState *s, json_object *out, guint i)
{
  const LmPlay *p = &s->p;
  const char *name = NAME (s, i);

  for (guint a = 0; a < s->map->n_areas; a++)
    for (guint k = LM_KNIGHT; k <= LM_SOLDIER; k++)
      if (p->spot[a].owner[k] == (gint) i)
        for (guint j = 0; j < s->map->areas[a].n_adj; j++)
          {
            const char *to = AREA (s, s->map->areas[a].adj[j]);
            try_add (s, out, act ("move", "player", JS (name), "from", JS (AREA (s, a)), "unit", JS (lm_kind_ids[k]), "to", JS (to), NULL), FALSE);
            try_add (s, out, act ("attack", "player", JS (name), "from", JS (AREA (s, a)), "unit", JS (lm_kind_ids[k]), "to", JS (to), NULL), FALSE);
          }
  for (guint a = 0; a < s->map->n_areas; a++)
    if (p->spot[a].owner[LM_CATAPULT] == (gint) i)
      for (guint b = 0; b < s->map->n_areas; b++)
        try_add (s, out, act ("fire", "player", JS (name), "from", JS (AREA (s, a)), "to", JS (AREA (s, b)), NULL), FALSE);
}

/* Seat i in the initial build or the action phase: an attack's part, the cards to reveal, or
 * builds, bids and passes (initial build) or tax, moves, shots and ends of action. */
static void
legal_turn (LmState *s, json_object *out, guint i)
{
  const LmPlay *p = &s->p;
  const char *name = NAME (s, i);

  if (lm_current_seat (s) != (gint) i && !(p->atk.active))
    return;
  if (p->atk.active)
    {
      legal_attack (s, out, i);
      return;
    }
  if (p->phase == LM_ACTIONS && !p->pl[i].cards_revealed)
    {
      legal_card_hands (s, out, i, "reveal_cards");
      return;
    }
  for (guint k = 0; k < LM_N_KINDS; k++)
    for (guint a = 0; a < s->map->n_areas && lm_build_open (s, (gint) i, (gint) k, NULL, NULL); a++)
      try_add (s, out, act ("build", "player", JS (name), "unit", JS (lm_kind_ids[k]), "area", JS (AREA (s, a)), NULL), FALSE);
  if (p->phase == LM_INITIAL_BUILD)
    {
      for (guint d = 0; d < p->n_dealt; d++)
        try_add (s, out, act ("bid", "player", JS (name), "ability", JS (s->rs->abilities[p->dealt[d]].name),
                              "gold", JI (p->bidder[d] >= 0 ? p->bid[d] + 1 : 1), NULL), TRUE);
      try_add (s, out, act ("pass", "player", JS (name), NULL), FALSE);
      return;
    }
  try_add (s, out, act ("tax", "player", JS (name), NULL), FALSE);
  legal_moves (s, out, i);
  for (guint c = 0; c < p->pl[i].n_cards; c++)
    if (!p->pl[i].card_done[c])
      try_add (s, out, act ("end_action", "player", JS (name), "card", JS (lm_card_ids[p->pl[i].cards[c]]), NULL), FALSE);
}

/* What only the referee types: every start bid at once, the cards at the table, an attack revealed. */
static void
legal_referee (LmState *s, json_object *out)
{
  const LmPlay *p = &s->p;

  if (p->phase == LM_START_BID)
    {
      json_object *bids = json_object_new_object ();
      for (guint i = 0; i < p->n; i++)
        json_object_object_add (bids, NAME (s, i), JI (0));
      try_add (s, out, act ("start_bids", "bids", bids, NULL), TRUE);
    }
  if (p->phase == LM_CHOOSE_CARDS)
    try_add (s, out, act ("cards_at_table", NULL), FALSE);
  if (p->phase == LM_ACTIONS && p->atk.active)
    {
      json_object *g = json_object_new_array ();
      for (gint k = 0; k < p->atk.allowed; k++)
        json_object_array_add (g, JI (k + 1));
      try_add (s, out, act ("reveal_attack", "gold", JI (MAX (s->rs->attack_gold_min, 1)), "guesses", g, NULL), TRUE);
    }
}

json_object *
lm_legal_actions (const MgState *state, const char *seat)
{
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  json_object *out = json_object_new_array ();
  gboolean all = g_strcmp0 (seat, MG_SEAT_ALL) == 0;

  if (p->phase == LM_OVER)
    return out;
  if (p->phase == LM_SETUP)
    {
      if (all)
        try_add (s, out, act ("start", NULL), FALSE);
      return out;
    }
  for (guint i = 0; i < p->n; i++)
    {
      const char *name = NAME (s, i);
      if (!all && g_strcmp0 (seat, name) != 0)
        continue;
      switch (p->phase)
        {
        case LM_INITIAL_BUILD:
        case LM_ACTIONS:
          legal_turn (s, out, i);
          break;
        case LM_START_BID:
          try_add (s, out, act ("start_bid", "player", JS (name), "gold", JI (0), NULL), TRUE);
          break;
        case LM_CHOOSE_START:
          for (guint j = 0; j < p->n; j++)
            try_add (s, out, act ("choose_start", "player", JS (name), "start", JS (NAME (s, j)), NULL), FALSE);
          break;
        case LM_CHOOSE_CARDS:
          legal_card_hands (s, out, i, "choose_cards");
          break;
        default:
          break;
        }
    }
  if (all)
    legal_referee (s, out);
  return out;
}

/* ---------------------------------------------------------------- tables */

/* The public state as rows of schema/lamame/0001-tables.sql: nothing secret. */
void
lm_tables (const MgState *state, MgRows *rows)
{
  static const char * const baron_cols[] = {
    "name", "colour", "castle", "gold", "areas", "knights", "soldiers", "catapults", "camps", "abilities", NULL
  };
  static const char * const area_cols[] = {
    "name", "owner", "castle_of", "mountain", "plus_one", "knight", "soldier", "catapult", "camp", NULL
  };
  const LmState *s = lm (state);
  g_autoptr(GString) ab = g_string_new (NULL);

  G_STATIC_ASSERT (LM_N_KINDS == 4);   /* the four supply columns and the four unit columns */
  mg_rows_table (rows, "baron", baron_cols);
  for (guint i = 0; i < s->p.n; i++)
    {
      gint castle = s->map ? lm_castle_of (s, i) : -1;

      mg_rows_text (rows, NAME (s, i));
      mg_rows_text (rows, s->rs->colours[i]);
      mg_rows_text (rows, castle >= 0 ? AREA (s, castle) : NULL);
      mg_rows_int (rows, s->p.pl[i].gold);
      mg_rows_int (rows, s->map ? lm_areas_held (s, i) : 0);
      for (guint k = 0; k < LM_N_KINDS; k++)
        mg_rows_int (rows, s->p.pl[i].supply[k]);
      g_string_truncate (ab, 0);
      for (guint k = 0; k < s->rs->n_abilities; k++)
        if (s->p.ability_owner[k] == (gint) i)
          {
            if (ab->len)
              g_string_append (ab, ", ");
            g_string_append (ab, s->rs->abilities[k].name);
          }
      mg_rows_text (rows, ab->len ? ab->str : NULL);
      mg_rows_end_row (rows);
    }
  mg_rows_table (rows, "area", area_cols);
  for (guint a = 0; s->map && a < s->map->n_areas; a++)
    {
      const LmArea *area = &s->map->areas[a];
      gint owner = lm_area_owner (s, a);

      mg_rows_text (rows, area->name);
      mg_rows_text (rows, owner >= 0 ? NAME (s, owner) : NULL);
      mg_rows_text (rows, area->castle_of >= 0 ? NAME (s, area->castle_of) : NULL);
      mg_rows_int (rows, area->mountain);
      mg_rows_int (rows, area->plus_one);
      for (guint k = 0; k < LM_N_KINDS; k++)
        mg_rows_int (rows, s->p.spot[a].owner[k] >= 0);
      mg_rows_end_row (rows);
    }
}
