/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-actions.c — La Mame's Melee's actions: set-up, initial build, start bids, seasons, action cards, moves, attacks, fire; the apply loop. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-lamame-private.h"

/* ---------------------------------------------------------------- phases */

static void begin_turn (LmState *s, Ctx *c);

static void
start_season (LmState *s, Ctx *c, gint idx)
{
  LmPlay *p = &s->p;

  p->season = idx;
  p->cur = 0;
  p->phase = LM_START_BID;
  p->bid_winner = -1;
  for (guint i = 0; i < p->n; i++)
    {
      LmPlayer *pl = &p->pl[i];
      pl->start_bid = -1;
      pl->card_entry = LM_ENTRY_NONE;
      pl->n_cards = 0;
      pl->cards_revealed = FALSE;
      pl->card_done[0] = pl->card_done[1] = FALSE;
      pl->card_active = -1;
      p->last_bids[i] = -1;
    }
  lm_ev (c, "season_started", "season", JS (s->rs->seasons[idx]), "turn", JI (idx + 2), NULL);
  lm_say (c, N_("%s begins: everyone bids in secret for start player."), lm_season_word (s, idx));
}

static void
award_abilities (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  json_object *awards = json_object_new_array (), *discarded = json_object_new_array ();

  for (guint i = 0; i < p->n_dealt; i++)
    {
      const char *name = s->rs->abilities[p->dealt[i]].name;
      if (p->bidder[i] >= 0)
        {
          json_object *aw = json_object_new_object ();
          p->ability_owner[p->dealt[i]] = p->bidder[i];
          json_object_object_add (aw, "ability", JS (name));
          json_object_object_add (aw, "player", JS (NAME (s, p->bidder[i])));
          json_object_object_add (aw, "gold", JI (p->bid[i]));
          json_object_array_add (awards, aw);
          lm_say_n (c, MG_PLURAL_PAIR ("%1$s buys %2$s for %3$d gold.",
                                        "%1$s buys %2$s for %3$d gold."),
                    p->bid[i], NAME (s, p->bidder[i]), mg_message_word (name), p->bid[i]);
        }
      else
        {
          json_object_array_add (discarded, JS (name));
          lm_say (c, N_("%s had no bid and is discarded."), mg_message_word (name));
        }
    }
  lm_ev (c, "abilities_awarded", "awards", awards, "discarded", discarded, NULL);
}

/* The next player of the initial build who has not passed, or the end of the build. */
static void
initial_build_next (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;

  for (guint step = 1; step <= p->n; step++)
    {
      guint idx = (p->cur + step) % p->n;
      if (!p->pl[p->order[idx]].passed)
        {
          p->cur = idx;
          return;
        }
    }
  if (p->form == LM_COMPLETE)
    award_abilities (s, c);
  start_season (s, c, 0);
}

static void
final_scoring (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  gint seats[LM_MAX_SEATS];
  json_object *ranking = json_object_new_array ();
  GString *table = g_string_new (NULL);

  /* Ties by gold, then by the final turn order: order[] is already that order. */
  for (guint i = 0; i < p->n; i++)
    seats[i] = p->order[i];
  for (guint i = 1; i < p->n; i++)
    for (guint j = i; j > 0; j--)
      {
        gint a = seats[j - 1], b = seats[j];
        gint aa = lm_areas_held (s, a), ab = lm_areas_held (s, b);
        if (ab > aa || (ab == aa && p->pl[b].gold > p->pl[a].gold))
          {
            seats[j - 1] = b;
            seats[j] = a;
          }
        else
          break;
      }
  for (guint i = 0; i < p->n; i++)
    {
      json_object *r = json_object_new_object ();
      p->ranking[i] = seats[i];
      p->rank_areas[i] = lm_areas_held (s, seats[i]);
      json_object_object_add (r, "player", JS (NAME (s, seats[i])));
      json_object_object_add (r, "areas", JI (p->rank_areas[i]));
      json_object_object_add (r, "gold", JI (p->pl[seats[i]].gold));
      json_object_array_add (ranking, r);
      g_string_append_printf (table, "%s%s %d/%d", i ? ", " : "", NAME (s, seats[i]),
                              p->rank_areas[i], p->pl[seats[i]].gold);
    }
  p->winner = seats[0];
  p->phase = LM_OVER;
  lm_ev (c, "game_over", "reason", JS ("winter"), "winner", JS (NAME (s, p->winner)), "ranking", ranking, NULL);
  lm_say (c, N_("The year is over. %s holds the most areas and is crowned. Areas/gold: %s."),
       NAME (s, p->winner), table->str);
  g_string_free (table, TRUE);
}

static void
income (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  json_object *incomes = json_object_new_object ();
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < p->n; i++)
    {
      gint camps = 0, plus = 0, bonus = 0, total;
      json_object *o = json_object_new_object ();

      for (guint a = 0; a < s->map->n_areas; a++)
        {
          if (p->spot[a].owner[LM_CAMP] == (gint) i)
            camps++;
          if (s->map->areas[a].plus_one && lm_area_owner (s, a) == (gint) i)
            plus++;
        }
      for (guint k = 0; k < s->rs->n_abilities; k++)
        if (p->ability_owner[k] == (gint) i)
          bonus += s->rs->abilities[k].bonus_income;
      total = camps * s->rs->income_camp + plus * s->rs->income_plus_one + bonus;
      p->pl[i].gold += total;
      json_object_object_add (o, "camps", JI (camps));
      json_object_object_add (o, "plus_one", JI (plus));
      json_object_object_add (o, "bonus", JI (bonus));
      json_object_object_add (o, "total", JI (total));
      json_object_object_add (o, "gold", JI (p->pl[i].gold));
      json_object_object_add (incomes, NAME (s, i), o);
      g_string_append_printf (text, "%s%s +%d (%d)", i ? ", " : "", NAME (s, i), total, p->pl[i].gold);
    }
  lm_ev (c, "income", "incomes", incomes, NULL);
  lm_say (c, N_("Income: %s."), text->str);
  g_string_free (text, TRUE);
}

static void
end_of_season (LmState *s, Ctx *c)
{
  s->p.cur = 0;
  income (s, c);
  if ((guint) s->p.season + 1 >= s->rs->n_seasons)
    final_scoring (s, c);
  else
    start_season (s, c, s->p.season + 1);
}

static void
next_turn (LmState *s, Ctx *c)
{
  s->p.cur++;
  if ((guint) s->p.cur >= s->p.n)
    end_of_season (s, c);
  else
    begin_turn (s, c);
}

static void
reveal_cards_of (LmState *s, Ctx *c, gint seat)
{
  LmPlayer *pl = &s->p.pl[seat];
  g_autoptr(MgSaid) text = lm_cards_said (pl->cards, pl->n_cards);

  pl->cards_revealed = TRUE;
  lm_ev (c, "cards_revealed", "player", JS (NAME (s, seat)), "cards", lm_cards_json (pl->cards, pl->n_cards), NULL);
  lm_say (c, N_("%s reveals %s."), NAME (s, seat), mg_message_phrase (text));
}

static void
begin_turn (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  gint seat = p->order[p->cur];

  for (guint a = 0; a < s->map->n_areas; a++)
    for (guint k = 0; k < LM_N_KINDS; k++)
      if (p->spot[a].owner[k] == seat)
        {
          p->spot[a].moved[k] = 0;
          p->spot[a].fresh[k] = 0;
        }
  if ((guint) p->season + 1 == s->rs->n_seasons && (guint) p->cur + 1 == p->n && !lm_could_still_win (s, seat))
    {
      p->skipped_last = TRUE;
      lm_ev (c, "cannot_win", "player", JS (NAME (s, seat)), NULL);
      lm_say (c, N_("%s cannot win any more and does not take a turn."), NAME (s, seat));
      end_of_season (s, c);
      return;
    }
  lm_ev (c, "turn_started", "player", JS (NAME (s, seat)), NULL);
  if (p->pl[seat].card_entry == LM_ENTRY_HIDDEN)
    reveal_cards_of (s, c, seat);
  else
    lm_say (c, N_("%s's turn: %s reveals their cards."), NAME (s, seat), NAME (s, seat));
}

static void
begin_actions (LmState *s, Ctx *c)
{
  s->p.phase = LM_ACTIONS;
  s->p.cur = 0;
  lm_say (c, N_("Everyone has chosen; %s plays first."), NAME (s, s->p.order[0]));
  begin_turn (s, c);
}

static void
card_done (LmState *s, Ctx *c, gint seat, guint idx)
{
  LmPlayer *pl = &s->p.pl[seat];
  gboolean all = TRUE;

  pl->card_done[idx] = TRUE;
  pl->card_active = -1;
  lm_ev (c, "card_done", "player", JS (NAME (s, seat)), "card", JS (lm_card_ids[pl->cards[idx]]), NULL);
  for (guint i = 0; i < pl->n_cards; i++)
    all = all && pl->card_done[i];
  if (all && s->p.phase == LM_ACTIONS)
    next_turn (s, c);
}

/* ---------------------------------------------------------------- set-up and initial build */

/* Every action but "start" reads the map once the game has begun. */
/* MgActions.ready: every action but "start" needs the game's map once setup is over. */
static gboolean
has_map (const MgState *state, const char *type, GError **error)
{
  const LmState *s = lm (state);

  if (s->p.phase == LM_SETUP || s->map != NULL || strcmp (type, "start") == 0)
    return TRUE;
  mg_refuse (error, MG_RULES_ERROR_ILLEGAL, N_("The game has no map"));
  return FALSE;
}

static gboolean
do_start (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "start_player", "initial_build", "map", "abilities", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint start = 0;
  json_object *mapj, *abil;

  if (!lm_only (a, f, error))
    return FALSE;
  if (p->phase != LM_SETUP)
    return mg_illegal (error, N_("The game has already started"));
  if (mg_json_member (a, "start_player") != NULL && !lm_get_seat (s, a, "start_player", &start, error))
    return FALSE;
  if (mg_json_member (a, "initial_build") != NULL)
    {
      guint form;
      if (!mg_json_get_choice (a, NULL, "initial_build", AERR, lm_form_ids, &form, error))
        return FALSE;
      p->form = form;
    }
  if ((mapj = mg_json_member (a, "map")) != NULL)
    {
      LmMap *m = lm_map_parse (mapj, "map", p->n, error);
      if (m == NULL)
        {
          if (error && *error)
            (*error)->code = MG_RULES_ERROR_BAD_ACTION;
          return FALSE;
        }
      /* Replaced, never changed in place: the old map may be shared with the state this copy
       * was made from (lm_state_copy). */
      lm_map_unref (s->map);
      s->map = m;
    }
  if (s->map == NULL)
    return mg_illegal (error, N_("The ruleset has no map for %u players: draw one in the map editor and start with it"), p->n);
  p->n_dealt = 0;
  if (p->form == LM_COMPLETE)
    {
      guint want = MIN (p->n + 1, s->rs->n_abilities);
      if ((abil = mg_json_member (a, "abilities")) != NULL)
        {
          if (mg_json_get_array (a, NULL, "abilities", AERR, want, want, error) == NULL)
            return FALSE;
          for (guint i = 0; i < want; i++)
            {
              const char *name = json_object_get_string (json_object_array_get_idx (abil, i));
              gint found = -1;
              for (guint k = 0; name && k < s->rs->n_abilities; k++)
                if (strcmp (s->rs->abilities[k].name, name) == 0)
                  found = k;
              if (found < 0)
                return mg_illegal (error, N_("No special ability is called \"%s\" in the ruleset"), name ? name : "");
              for (guint j = 0; j < i; j++)
                if (p->dealt[j] == found)
                  return mg_illegal (error, N_("\"%s\" is dealt twice"), name);
              p->dealt[i] = found;
            }
        }
      else
        for (guint i = 0; i < want; i++)
          p->dealt[i] = i;
      p->n_dealt = want;
    }
  else if (mg_json_member (a, "abilities") != NULL)
    return mg_illegal (error, N_("Special abilities are dealt only with the complete rules"));

  p->start_player = start;
  p->first_start = start;
  lm_compute_order (s);
  for (guint i = 0; i < p->n; i++)
    {
      gint castle = lm_castle_of (s, i);
      memcpy (p->pl[i].supply, s->rs->supply, sizeof p->pl[i].supply);
      p->pl[i].gold = s->rs->starting_gold;
      p->pl[i].supply[LM_SOLDIER]--;
      lm_unit_put (s, castle, LM_SOLDIER, i);
    }
  {
    json_object *dealt = json_object_new_array ();
    for (guint i = 0; i < p->n_dealt; i++)
      json_object_array_add (dealt, JS (s->rs->abilities[p->dealt[i]].name));
    lm_ev (c, "started", "start_player", JS (NAME (s, start)), "initial_build", JS (lm_form_ids[p->form]),
        "map", JS (s->map->name), "abilities", dealt, NULL);
  }
  p->phase = LM_INITIAL_BUILD;
  p->cur = 0;
  /* Translators: %1$s is the map's name, %2$s the start player. */
  lm_say_n (c, MG_PLURAL_PAIR ("The year begins on %1$s: %2$s starts; each player has %3$d gold and a soldier in their castle.",
                                "The year begins on %1$s: %2$s starts; each player has %3$d gold and a soldier in their castle."),
            s->rs->starting_gold,
       mg_message_word (s->map->name), NAME (s, start), s->rs->starting_gold);
  if (p->form == LM_COMPLETE)
    lm_say (c, N_("Initial build with special abilities: bid, build one unit or pass, in turn."));
  else
    lm_say (c, N_("Introductory initial build: each player buys units in turn, then passes."));
  return TRUE;
}

static gboolean
check_turn (const LmState *s, gint seat, GError **error)
{
  gint cur = lm_current_seat (s);
  if (cur != seat)
    return mg_illegal (error, N_("It is %s's turn, not %s's"), cur >= 0 ? NAME (s, cur) : "?", NAME (s, seat));
  return TRUE;
}

/* What refuses seat's build of `kind` whatever the area: the phase, the turn, the supply, the
 * gold, and in the action phase the Build card (its index in *card, -1 in the initial build).
 * do_build asks it first; legal_actions asks it before trying the areas one by one, each on a
 * copy of the state (issue 43: 4 x 17 copies at every change with the Move card under way). */
gboolean
lm_build_open (const LmState *s, gint seat, gint kind, gint *card, GError **error)
{
  const LmPlay *p = &s->p;
  const LmPlayer *pl = &p->pl[seat];
  gboolean initial = p->phase == LM_INITIAL_BUILD;
  gint idx = -1;

  if (p->phase != LM_INITIAL_BUILD && p->phase != LM_ACTIONS)
    return mg_illegal (error, N_("Units are built in the initial build or with the Build card"));
  if (p->phase == LM_ACTIONS && p->atk.active)
    return mg_illegal (error, N_("An attack is under way: finish it first"));
  if (!check_turn (s, seat, error))
    return FALSE;
  if (pl->supply[kind] <= 0)
    return mg_illegal (error, N_("%s has no %s left in their supply"), NAME (s, seat), KIND_WORD (kind));
  if (pl->gold < s->rs->costs[kind])
    return mg_illegal (error, N_("A %s costs %d gold; %s has %d"), KIND_WORD (kind), s->rs->costs[kind],
                    NAME (s, seat), pl->gold);
  if (initial && p->form == LM_COMPLETE && lm_supply_total (s, seat) - 1 < lm_cards_led (s, seat))
    return mg_illegal (error, N_("%s's last unbuilt units mark their bids on special abilities"), NAME (s, seat));
  if (!initial)
    {
      if (!pl->cards_revealed)
        return mg_illegal (error, N_("%s must reveal their cards first"), NAME (s, seat));
      if (pl->card_active >= 0 && pl->cards[pl->card_active] != LM_BUILD)
        return mg_illegal (error, N_("%s is taking their %s action: finish it first (end it)"), NAME (s, seat),
                        CARD_WORD (pl->cards[pl->card_active]));
      for (guint i = 0; i < pl->n_cards; i++)
        if (pl->cards[i] == LM_BUILD && !pl->card_done[i])
          idx = i;
      if (idx < 0)
        return mg_illegal (error, N_("%s has no Build card to play this season"), NAME (s, seat));
    }
  if (card != NULL)
    *card = idx;
  return TRUE;
}

static gboolean
do_build (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "unit", "area", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, kind, area, castle, idx;
  gboolean initial = p->phase == LM_INITIAL_BUILD;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) ||
      !lm_get_kind (a, "unit", &kind, error) || !lm_get_area (s, a, "area", &area, error))
    return FALSE;
  if (!lm_build_open (s, seat, kind, &idx, error))
    return FALSE;
  castle = lm_castle_of (s, seat);
  if (initial)
    {
      if (area != castle && !lm_map_adjacent (s->map, castle, area))
        return mg_illegal (error, N_("In the initial build units go in the castle (%s) or next to it; %s is not"),
                        AREA (s, castle), AREA (s, area));
    }
  else
    {
      LmPlayer *pl = &p->pl[seat];
      if (area != castle && !lm_map_adjacent (s->map, castle, area) && lm_area_owner (s, area) != seat)
        return mg_illegal (error, N_("%s may build only in their castle, next to it, or where they have units; not in %s"),
                        NAME (s, seat), AREA (s, area));
      if (pl->card_active < 0)
        {
          pl->card_active = idx;
          lm_ev (c, "card_started", "player", JS (NAME (s, seat)), "card", JS ("build"), NULL);
        }
    }
  if (!lm_can_place (s, seat, kind, area, error))
    return FALSE;
  p->pl[seat].gold -= s->rs->costs[kind];
  p->pl[seat].supply[kind]--;
  lm_unit_put (s, area, kind, seat);
  lm_ev (c, "built", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[kind]), "area", JS (AREA (s, area)),
      "cost", JI (s->rs->costs[kind]), NULL);
  /* Translators: "Red builds a catapult on Oak Hill…": the unit comes with its article. */
  lm_say_n (c, MG_PLURAL_PAIR ("%s builds %s on %s for %d gold (%d left).",
                                "%s builds %s on %s for %d gold (%d left)."),
            s->rs->costs[kind], NAME (s, seat), KIND_A_WORD (kind), AREA (s, area),
       s->rs->costs[kind], p->pl[seat].gold);
  if (initial && p->form == LM_COMPLETE)
    initial_build_next (s, c);
  return TRUE;
}

static gboolean
do_bid (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "ability", "gold", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, gold, idx = -1, old;
  const char *name;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) ||
      !mg_json_get_string (a, NULL, "ability", AERR, &name, error) || !lm_get_gold (a, "gold", &gold, error))
    return FALSE;
  if (p->phase != LM_INITIAL_BUILD || p->form != LM_COMPLETE)
    return mg_illegal (error, N_("Special abilities are bid for only in the initial build of the complete rules"));
  if (!check_turn (s, seat, error))
    return FALSE;
  for (guint i = 0; i < p->n_dealt; i++)
    if (strcmp (s->rs->abilities[p->dealt[i]].name, name) == 0)
      idx = i;
  if (idx < 0)
    return mg_illegal (error, N_("\"%s\" is not among the special abilities dealt"), name);
  if (gold < 1)
    return mg_illegal (error, N_("The minimum bid is 1 gold"));
  if (gold <= p->bid[idx] && p->bidder[idx] >= 0)
    return mg_illegal (error, N_("%s already has a bid of %d: bid higher"), name, p->bid[idx]);
  old = p->bidder[idx] == seat ? p->bid[idx] : 0;
  if (p->pl[seat].gold + old < gold)
    return mg_illegal (error, N_("%s has only %d gold"), NAME (s, seat), p->pl[seat].gold + old);
  if (p->bidder[idx] != seat && lm_supply_total (s, seat) < lm_cards_led (s, seat) + 1)
    return mg_illegal (error, N_("%s has no unbuilt unit left to mark the bid"), NAME (s, seat));
  if (p->bidder[idx] >= 0)
    p->pl[p->bidder[idx]].gold += p->bid[idx];
  lm_ev (c, "ability_bid", "player", JS (NAME (s, seat)), "ability", JS (name), "gold", JI (gold),
      "outbid", p->bidder[idx] >= 0 ? JS (NAME (s, p->bidder[idx])) : NULL,
      "refund", JI (p->bidder[idx] >= 0 ? p->bid[idx] : 0), NULL);
  if (p->bidder[idx] >= 0 && p->bidder[idx] != seat)
    lm_say_n (c, MG_PLURAL_PAIR ("%1$s bids %2$d gold on %3$s; %4$s is outbid and takes back %5$d gold.",
                                  "%1$s bids %2$d gold on %3$s; %4$s is outbid and takes back %5$d gold."),
              gold, NAME (s, seat), gold,
         mg_message_word (name), NAME (s, p->bidder[idx]), p->bid[idx]);
  else if (p->bidder[idx] == seat)
    lm_say_n (c, MG_PLURAL_PAIR ("%1$s raises their own bid on %2$s from %3$d to %4$d gold.",
                                  "%1$s raises their own bid on %2$s from %3$d to %4$d gold."),
              gold, NAME (s, seat),
         mg_message_word (name), p->bid[idx], gold);
  else
    lm_say_n (c, MG_PLURAL_PAIR ("%1$s bids %2$d gold on %3$s.",
                                  "%1$s bids %2$d gold on %3$s."),
              gold, NAME (s, seat), gold, mg_message_word (name));
  p->pl[seat].gold -= gold;
  p->bid[idx] = gold;
  p->bidder[idx] = seat;
  initial_build_next (s, c);
  return TRUE;
}

static gboolean
do_pass (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", NULL };
  LmState *s = lm (state);
  gint seat;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (s->p.phase != LM_INITIAL_BUILD)
    return mg_illegal (error, N_("Passing belongs to the initial build"));
  if (!check_turn (s, seat, error))
    return FALSE;
  s->p.pl[seat].passed = TRUE;
  lm_ev (c, "passed", "player", JS (NAME (s, seat)), NULL);
  lm_say (c, s->p.form == LM_COMPLETE ? N_("%s passes and leaves the initial build.")
                                   : N_("%s has finished building."), NAME (s, seat));
  initial_build_next (s, c);
  return TRUE;
}

/* ---------------------------------------------------------------- start bids */

static void
reveal_start_bids (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  json_object *bids = json_object_new_object ();
  GString *text = g_string_new (NULL);
  gint best = -1, winner = -1;

  /* Ties go to the current start player, then clockwise: order[] starts with them; or, by the
   * house rule, to the year's first start player, then clockwise. */
  for (guint i = 0; i < p->n; i++)
    {
      gint seat = s->rs->tie_first_start ? (p->first_start + (gint) i) % (gint) p->n : p->order[i];
      gint b = p->pl[seat].start_bid;
      if (b > best)
        {
          best = b;
          winner = seat;
        }
    }
  for (guint i = 0; i < p->n; i++)
    {
      json_object_object_add (bids, NAME (s, i), JI (p->pl[i].start_bid));
      p->last_bids[i] = p->pl[i].start_bid;
      g_string_append_printf (text, "%s%s %d", i ? ", " : "", NAME (s, i), p->pl[i].start_bid);
    }
  p->pl[winner].gold -= best;
  p->bid_winner = winner;
  p->phase = LM_CHOOSE_START;
  lm_ev (c, "start_bids_revealed", "bids", bids, "winner", JS (NAME (s, winner)), "paid", JI (best), NULL);
  /* Translators: %1$s is the season, %2$s the bids ("Red 2, Blue 0"). */
  lm_say (c, N_("%1$s bids revealed: %2$s. %3$s wins, pays %4$d and chooses the start player."),
       lm_season_word (s, p->season), text->str, NAME (s, winner), best);
  g_string_free (text, TRUE);
}

static gboolean
do_start_bid (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "gold", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, gold;
  guint entered = 0;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) || !lm_get_gold (a, "gold", &gold, error))
    return FALSE;
  if (p->phase != LM_START_BID)
    return mg_illegal (error, N_("No start bid is being made now"));
  if (gold > p->pl[seat].gold)
    return mg_illegal (error, N_("%s has only %d gold to bid"), NAME (s, seat), p->pl[seat].gold);
  p->pl[seat].start_bid = gold;
  for (guint i = 0; i < p->n; i++)
    entered += p->pl[i].start_bid >= 0;
  lm_ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("start_bid"), NULL);
  lm_ev (c, "start_bid", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "gold", JI (gold), NULL);
  lm_say (c, N_("%s has bid in secret (%u of %u)."), NAME (s, seat), entered, p->n);
  if (entered == p->n)
    reveal_start_bids (s, c);
  return TRUE;
}

static gboolean
do_start_bids (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "bids", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  json_object *bids;
  gint vals[LM_MAX_SEATS];

  if (!lm_only (a, f, error) || (bids = mg_json_get_object (a, NULL, "bids", AERR, error)) == NULL)
    return FALSE;
  if (p->phase != LM_START_BID)
    return mg_illegal (error, N_("No start bid is being made now"));
  for (guint i = 0; i < p->n; i++)
    if (p->pl[i].start_bid >= 0)
      return mg_illegal (error, N_("%s has already bid in secret on this device: enter every bid there"), NAME (s, i));
  json_object_object_foreach (bids, key, val)
    {
      gboolean known = FALSE;
      (void) val;
      for (guint i = 0; i < p->n; i++)
        known = known || strcmp (key, NAME (s, i)) == 0;
      if (!known)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_ACTION, N_("\"%s\" is not a player of this game"), key);
          return FALSE;
        }
    }
  for (guint i = 0; i < p->n; i++)
    {
      g_autofree char *path = mg_json_path_key ("bids", NAME (s, i));
      gint64 v;
      if (!mg_json_int (mg_json_member (bids, NAME (s, i)), path, AERR, 0, LM_MAX_GOLD, &v, error))
        return FALSE;
      if (v > p->pl[i].gold)
        return mg_illegal (error, N_("%s has only %d gold to bid"), NAME (s, i), p->pl[i].gold);
      vals[i] = v;
    }
  for (guint i = 0; i < p->n; i++)
    p->pl[i].start_bid = vals[i];
  reveal_start_bids (s, c);
  return TRUE;
}

static gboolean
do_choose_start (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "start", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, start;
  json_object *order;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) || !lm_get_seat (s, a, "start", &start, error))
    return FALSE;
  if (p->phase != LM_CHOOSE_START)
    return mg_illegal (error, N_("The start player is not being chosen now"));
  if (seat != p->bid_winner)
    return mg_illegal (error, N_("%s won the bid and chooses the start player"), NAME (s, p->bid_winner));
  p->start_player = start;
  lm_compute_order (s);
  order = json_object_new_array ();
  for (guint i = 0; i < p->n; i++)
    json_object_array_add (order, JS (NAME (s, p->order[i])));
  lm_ev (c, "start_player", "chooser", JS (NAME (s, seat)), "player", JS (NAME (s, start)), "order", order, NULL);
  lm_say (c, N_("%s names %s start player. Everyone now chooses their action in secret."), NAME (s, seat), NAME (s, start));
  p->phase = LM_CHOOSE_CARDS;
  return TRUE;
}

/* ---------------------------------------------------------------- action cards */

static gboolean
all_cards_in (const LmState *s)
{
  for (guint i = 0; i < s->p.n; i++)
    if (s->p.pl[i].card_entry == LM_ENTRY_NONE)
      return FALSE;
  return TRUE;
}

static gboolean
do_choose_cards (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "cards", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, cards[2];
  guint n, entered = 0;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (p->phase != LM_CHOOSE_CARDS)
    return mg_illegal (error, N_("Action cards are not being chosen now"));
  if (!lm_get_cards (s, a, cards, &n, error))
    return FALSE;
  p->pl[seat].card_entry = LM_ENTRY_HIDDEN;
  p->pl[seat].cards[0] = cards[0];
  p->pl[seat].cards[1] = n > 1 ? cards[1] : 0;
  p->pl[seat].n_cards = n;
  for (guint i = 0; i < p->n; i++)
    entered += p->pl[i].card_entry != LM_ENTRY_NONE;
  lm_ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("cards"), NULL);
  lm_ev (c, "cards_chosen", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "cards", lm_cards_json (cards, n), NULL);
  lm_say (c, N_("%s has chosen in secret (%u of %u)."), NAME (s, seat), entered, p->n);
  if (all_cards_in (s))
    begin_actions (s, c);
  return TRUE;
}

static gboolean
do_cards_at_table (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;

  if (!lm_only (a, f, error))
    return FALSE;
  if (p->phase != LM_CHOOSE_CARDS)
    return mg_illegal (error, N_("Action cards are not being chosen now"));
  for (guint i = 0; i < p->n; i++)
    if (p->pl[i].card_entry == LM_ENTRY_NONE)
      p->pl[i].card_entry = LM_ENTRY_TABLE;
  lm_ev (c, "cards_at_table", NULL);
  lm_say (c, N_("The cards lie face down on the table."));
  begin_actions (s, c);
  return TRUE;
}

static gboolean
do_reveal_cards (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "cards", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, cards[2];
  guint n;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (p->phase != LM_ACTIONS)
    return mg_illegal (error, N_("Cards are revealed when their owner's turn comes"));
  if (!check_turn (s, seat, error))
    return FALSE;
  if (p->pl[seat].cards_revealed)
    return mg_illegal (error, N_("%s's cards are already revealed"), NAME (s, seat));
  if (!lm_get_cards (s, a, cards, &n, error))
    return FALSE;
  p->pl[seat].cards[0] = cards[0];
  p->pl[seat].cards[1] = n > 1 ? cards[1] : 0;
  p->pl[seat].n_cards = n;
  reveal_cards_of (s, c, seat);
  return TRUE;
}

/* The current player's card `want` is started (or already under way); its index. */
static gint
take_card (LmState *s, Ctx *c, gint seat, LmCard want, GError **error)
{
  LmPlayer *pl = &s->p.pl[seat];
  gint idx = -1;

  if (s->p.phase != LM_ACTIONS)
    return mg_illegal (error, N_("Actions are taken in the action phase, in player order")), -1;
  if (!check_turn (s, seat, error))
    return -1;
  if (s->p.atk.active)
    return mg_illegal (error, N_("An attack is under way: finish it first")), -1;
  if (!pl->cards_revealed)
    return mg_illegal (error, N_("%s must reveal their cards first"), NAME (s, seat)), -1;
  if (pl->card_active >= 0)
    {
      if (pl->cards[pl->card_active] != (gint) want)
        return mg_illegal (error, N_("%s is taking their %s action: finish it before the next"), NAME (s, seat),
                        CARD_WORD (pl->cards[pl->card_active])), -1;
      return pl->card_active;
    }
  for (guint i = 0; i < pl->n_cards; i++)
    if (pl->cards[i] == (gint) want && !pl->card_done[i])
      idx = i;
  if (idx < 0)
    return mg_illegal (error, N_("%s did not choose %s this season"), NAME (s, seat), CARD_WORD (want)), -1;
  pl->card_active = idx;
  lm_ev (c, "card_started", "player", JS (NAME (s, seat)), "card", JS (lm_card_ids[want]), NULL);
  return idx;
}

static gboolean
do_tax (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", NULL };
  LmState *s = lm (state);
  gint seat, idx;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if ((idx = take_card (s, c, seat, LM_TAX, error)) < 0)
    return FALSE;
  s->p.pl[seat].gold += s->rs->tax;
  lm_ev (c, "tax", "player", JS (NAME (s, seat)), "gold", JI (s->rs->tax), NULL);
  lm_say_n (c, MG_PLURAL_PAIR ("%1$s taxes: +%2$d gold (%3$d).",
                                "%1$s taxes: +%2$d gold (%3$d)."),
            s->rs->tax, NAME (s, seat), s->rs->tax, s->p.pl[seat].gold);
  card_done (s, c, seat, idx);
  return TRUE;
}

static gboolean
do_end_action (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "card", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, idx = -1;
  LmPlayer *pl;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (p->phase != LM_ACTIONS)
    return mg_illegal (error, N_("Actions are taken in the action phase, in player order"));
  if (!check_turn (s, seat, error))
    return FALSE;
  if (p->atk.active)
    return mg_illegal (error, N_("An attack is under way: finish it or withdraw first"));
  pl = &p->pl[seat];
  if (!pl->cards_revealed)
    return mg_illegal (error, N_("%s must reveal their cards first"), NAME (s, seat));
  if (mg_json_member (a, "card") != NULL)
    {
      guint want;
      if (!mg_json_get_choice (a, NULL, "card", AERR, lm_card_ids, &want, error))
        return FALSE;
      for (guint i = 0; i < pl->n_cards; i++)
        if (pl->cards[i] == (gint) want && !pl->card_done[i])
          idx = i;
      if (idx < 0)
        return mg_illegal (error, N_("%s has no %s card left to play"), NAME (s, seat), CARD_WORD (want));
      if (pl->card_active >= 0 && pl->card_active != idx)
        return mg_illegal (error, N_("%s is taking their %s action: finish it first"), NAME (s, seat),
                        CARD_WORD (pl->cards[pl->card_active]));
    }
  else if (pl->card_active >= 0)
    idx = pl->card_active;
  else
    {
      guint left = 0;
      for (guint i = 0; i < pl->n_cards; i++)
        if (!pl->card_done[i])
          {
            left++;
            idx = i;
          }
      if (left != 1)
        return mg_illegal (error, N_("Say which card %s ends"), NAME (s, seat));
    }
  lm_say (c, N_("%s ends their %s action."), NAME (s, seat), CARD_WORD (pl->cards[idx]));
  card_done (s, c, seat, idx);
  return TRUE;
}

/* ---------------------------------------------------------------- move, attack, fire */

static gboolean
mover (LmState *s, json_object *a, gint *seat, gint *from, gint *kind, gint *to, GError **error)
{
  if (!lm_get_seat (s, a, "player", seat, error) || !lm_get_area (s, a, "from", from, error) ||
      !lm_get_kind (a, "unit", kind, error) || !lm_get_area (s, a, "to", to, error))
    return FALSE;
  if (*kind != LM_KNIGHT && *kind != LM_SOLDIER)
    return mg_illegal (error, N_("Only knights and soldiers move and attack; a %s does not"), KIND_WORD (*kind));
  if (s->p.spot[*from].owner[*kind] != *seat)
    return mg_illegal (error, N_("%s has no %s on %s"), NAME (s, *seat), KIND_WORD (*kind), AREA (s, *from));
  if (!lm_map_adjacent (s->map, *from, *to))
    return mg_illegal (error, N_("%s is not next to %s"), AREA (s, *to), AREA (s, *from));
  if (*kind == LM_SOLDIER && s->p.spot[*from].moved[*kind])
    return mg_illegal (error, N_("This soldier has already moved or attacked this turn: a soldier goes one area a turn"));
  if (*kind == LM_KNIGHT && s->map->areas[*to].mountain)
    return mg_illegal (error, N_("Knights cannot attack, move into or pass through mountains (%s)"), AREA (s, *to));
  return TRUE;
}

static gboolean
do_move (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "from", "unit", "to", NULL };
  LmState *s = lm (state);
  gint seat, from, kind, to, owner;

  if (!lm_only (a, f, error) || !mover (s, a, &seat, &from, &kind, &to, error))
    return FALSE;
  if (take_card (s, c, seat, LM_MOVE, error) < 0)
    return FALSE;
  owner = lm_area_owner (s, to);
  if ((owner >= 0 && owner != seat) ||
      (s->map->areas[to].castle_of >= 0 && s->map->areas[to].castle_of != seat))
    return mg_illegal (error, N_("%s is held by %s: attack it first"), AREA (s, to),
                    NAME (s, owner >= 0 ? owner : s->map->areas[to].castle_of));
  if (!lm_can_place (s, seat, kind, to, error))
    return FALSE;
  lm_unit_put (s, to, kind, seat);
  s->p.spot[to].moved[kind] = kind == LM_SOLDIER;
  s->p.spot[from].owner[kind] = -1;
  s->p.spot[from].moved[kind] = 0;
  lm_ev (c, "moved", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[kind]), "from", JS (AREA (s, from)),
      "to", JS (AREA (s, to)), NULL);
  lm_say (c, N_("%s moves a %s from %s to %s."), NAME (s, seat), KIND_WORD (kind), AREA (s, from), AREA (s, to));
  return TRUE;
}

/* The next defender of the attacked area: soldier, knight, camp, then a castle's garrison. */
static gint
next_target (const LmState *s)
{
  static const gint order[] = { LM_SOLDIER, LM_KNIGHT, LM_CAMP };
  const LmAttack *at = &s->p.atk;

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (s->p.spot[at->to].owner[order[i]] == at->defender)
      return order[i];
  if (s->map->areas[at->to].castle_of == at->defender)
    return LM_GARRISON;
  return -1;
}

static void
next_round (LmState *s)
{
  LmAttack *at = &s->p.atk;
  at->target = next_target (s);
  at->allowed = lm_guesses_for (s, at->target, at->to);
  at->gold = -1;
  at->n_guesses = -1;
  at->round++;
}

/* Every defender is down: catapults are taken for free, the attacker moves in. */
static void
attack_won (LmState *s, Ctx *c)
{
  LmAttack *at = &s->p.atk;
  gint seat = at->attacker;

  if (s->p.spot[at->to].owner[LM_CATAPULT] == at->defender)
    {
      gboolean swap = s->p.pl[seat].supply[LM_CATAPULT] > 0;
      lm_unit_remove (s, at->to, LM_CATAPULT);
      if (swap)
        {
          s->p.pl[seat].supply[LM_CATAPULT]--;
          lm_unit_put (s, at->to, LM_CATAPULT, seat);
          s->p.spot[at->to].fresh[LM_CATAPULT] = 1;
        }
      lm_ev (c, "captured", "player", JS (NAME (s, seat)), "from", JS (NAME (s, at->defender)),
          "unit", JS ("catapult"), "area", JS (AREA (s, at->to)), "replaced", JB (swap), NULL);
      lm_say (c, swap ? N_("The catapult there is captured without a fight and becomes %s's (it cannot fire this turn).")
                   : N_("The catapult there is captured without a fight; %s has none in supply to put in its place, so it is destroyed."),
           NAME (s, seat));
    }
  lm_unit_put (s, at->to, at->kind, seat);
  s->p.spot[at->to].moved[at->kind] = at->kind == LM_SOLDIER;
  s->p.spot[at->from].owner[at->kind] = -1;
  s->p.spot[at->from].moved[at->kind] = 0;
  lm_ev (c, "area_taken", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[at->kind]),
      "from", JS (AREA (s, at->from)), "area", JS (AREA (s, at->to)), NULL);
  lm_say (c, N_("%s takes %s."), NAME (s, seat), AREA (s, at->to));
  at->active = FALSE;
}

/* "3 and 5": the defender's guesses. */
static MgSaid *
guesses_said (const gint *g, gint n)
{
  MgSaid *said = mg_said_new ();
  g_autofree char *one = n == 2 ? NULL : g_strdup_printf ("%d", g[0]);

  if (n == 2)
    mg_said_add (said, N_("%d and %d"), g[0], g[1]);
  else
    mg_said_add_text (said, one);
  return said;
}

static void
resolve_round (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  LmAttack *at = &p->atk;
  gboolean hit = FALSE;
  json_object *guesses = json_object_new_array ();
  g_autoptr(MgSaid) guessed = guesses_said (at->guesses, at->n_guesses);
  const char *gtext = mg_message_phrase (guessed);
  gint target = at->target;

  for (gint i = 0; i < at->n_guesses; i++)
    {
      hit = hit || at->guesses[i] == at->gold;
      json_object_array_add (guesses, JI (at->guesses[i]));
    }
  p->pl[at->attacker].gold -= at->gold;
  p->last.round = *at;
  p->last.hit = hit;
  p->last.n++;
  lm_ev (c, "attack_round", "attacker", JS (NAME (s, at->attacker)), "defender", JS (NAME (s, at->defender)),
      "area", JS (AREA (s, at->to)), "target", JS (target == LM_GARRISON ? "garrison" : lm_kind_ids[target]),
      "round", JI (at->round), "gold", JI (at->gold), "guesses", guesses,
      "result", JS (hit ? "defender" : "attacker"), NULL);
  if (hit)
    {
      /* Translators: "the garrison", the target, comes with its article. */
      lm_say_n (c, MG_PLURAL_PAIR ("%s spends %d gold against %s on %s; %s guesses %s — right: %s's %s on %s is destroyed.",
                                    "%s spends %d gold against %s on %s; %s guesses %s — right: %s's %s on %s is destroyed."),
                at->gold,
           NAME (s, at->attacker), at->gold, KIND_THE_WORD (target), AREA (s, at->to), NAME (s, at->defender), gtext,
           NAME (s, at->attacker), KIND_WORD (at->kind), AREA (s, at->from));
      lm_unit_remove (s, at->from, at->kind);
      lm_ev (c, "destroyed", "player", JS (NAME (s, at->attacker)), "unit", JS (lm_kind_ids[at->kind]),
          "area", JS (AREA (s, at->from)), "by", JS ("guess"), NULL);
      at->active = FALSE;
      return;
    }
  /* Translators: "the garrison", the target, comes with its article. */
  lm_say_n (c, MG_PLURAL_PAIR ("%s spends %d gold against %s on %s; %s guesses %s — wrong.",
                                "%s spends %d gold against %s on %s; %s guesses %s — wrong."),
            at->gold,
       NAME (s, at->attacker), at->gold, KIND_THE_WORD (target), AREA (s, at->to), NAME (s, at->defender), gtext);
  if (target == LM_GARRISON)
    {
      json_object *ranking = json_object_new_array ();
      p->winner = at->attacker;
      p->fallen_castle = at->to;
      lm_ev (c, "castle_captured", "player", JS (NAME (s, at->attacker)), "castle", JS (AREA (s, at->to)),
          "owner", JS (NAME (s, at->defender)), NULL);
      lm_unit_put (s, at->to, at->kind, at->attacker);
      s->p.spot[at->from].owner[at->kind] = -1;
      at->active = FALSE;
      p->phase = LM_OVER;
      json_object_array_add (ranking, json_object_new_object ());
      json_object_object_add (json_object_array_get_idx (ranking, 0), "player", JS (NAME (s, p->winner)));
      lm_ev (c, "game_over", "reason", JS ("castle"), "winner", JS (NAME (s, p->winner)),
          "castle", JS (AREA (s, at->to)), "ranking", ranking, NULL);
      lm_say (c, N_("%s's castle %s falls: %s is crowned and the game ends."), NAME (s, at->defender),
           AREA (s, at->to), NAME (s, at->attacker));
      return;
    }
  if (target == LM_CAMP)
    {
      gboolean swap = p->pl[at->attacker].supply[LM_CAMP] > 0;
      lm_unit_remove (s, at->to, LM_CAMP);
      if (swap)
        {
          p->pl[at->attacker].supply[LM_CAMP]--;
          lm_unit_put (s, at->to, LM_CAMP, at->attacker);
        }
      lm_ev (c, "captured", "player", JS (NAME (s, at->attacker)), "from", JS (NAME (s, at->defender)),
          "unit", JS ("camp"), "area", JS (AREA (s, at->to)), "replaced", JB (swap), NULL);
      lm_say (c, swap ? N_("The camp is captured and replaced by one of %s's.")
                   : N_("The camp is captured; %s has no camp in supply to put in its place, so it is destroyed."),
           NAME (s, at->attacker));
    }
  else
    {
      lm_unit_remove (s, at->to, target);
      lm_ev (c, "destroyed", "player", JS (NAME (s, at->defender)), "unit", JS (lm_kind_ids[target]),
          "area", JS (AREA (s, at->to)), "by", JS ("attack"), NULL);
      lm_say (c, N_("%s's %s is destroyed."), NAME (s, at->defender), KIND_WORD (target));
    }
  if (next_target (s) >= 0)
    {
      next_round (s);
      /* Translators: "the garrison", the next target, comes with its article. */
      lm_say (c, N_("Next: %s (%d to guess)."), KIND_THE_WORD (at->target), at->allowed);
    }
  else
    attack_won (s, c);
}

static gboolean
do_attack (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "from", "unit", "to", NULL };
  LmState *s = lm (state);
  LmAttack *at = &s->p.atk;
  gint seat, from, kind, to, owner;

  if (!lm_only (a, f, error) || !mover (s, a, &seat, &from, &kind, &to, error))
    return FALSE;
  if (take_card (s, c, seat, LM_MOVE, error) < 0)
    return FALSE;
  owner = lm_area_owner (s, to);
  if (owner < 0 && s->map->areas[to].castle_of >= 0 && s->map->areas[to].castle_of != seat)
    owner = s->map->areas[to].castle_of;
  if (owner < 0 || owner == seat)
    return mg_illegal (error, N_("%s holds no enemy: move there instead"), AREA (s, to));
  if (s->p.pl[seat].gold < s->rs->attack_gold_min)
    return mg_illegal (error, N_("%s has no gold to motivate their men (at least %d)"), NAME (s, seat), s->rs->attack_gold_min);
  memset (at, 0, sizeof *at);
  at->active = TRUE;
  at->attacker = seat;
  at->defender = owner;
  at->from = from;
  at->kind = kind;
  at->to = to;
  if (kind == LM_SOLDIER)
    s->p.spot[from].moved[kind] = 1;
  lm_ev (c, "attack_started", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[kind]), "from", JS (AREA (s, from)),
      "to", JS (AREA (s, to)), "defender", JS (NAME (s, owner)), NULL);
  lm_say (c, N_("%s attacks %s's %s from %s with a %s."), NAME (s, seat), NAME (s, owner), AREA (s, to), AREA (s, from), KIND_WORD (kind));
  if (next_target (s) < 0)
    {
      /* Only catapults: they never defend. */
      attack_won (s, c);
      return TRUE;
    }
  next_round (s);
  /* Translators: "the garrison", the first target, comes with its article. */
  lm_say (c, N_("First %s (%d to guess)."), KIND_THE_WORD (at->target), at->allowed);
  return TRUE;
}

/* Between rounds the attacker holds less than an attack needs: withdrawing is all that is left. */
gboolean
lm_attacker_broke (const LmState *s)
{
  return s->p.atk.active && s->p.pl[s->p.atk.attacker].gold < s->rs->attack_gold_min;
}

static gboolean
check_attack_gold (const LmState *s, gint gold, GError **error)
{
  const LmAttack *at = &s->p.atk;
  if (lm_attacker_broke (s))
    return mg_illegal (error, N_("%s has no gold left to pay for another round: the only choice is to withdraw"),
                             NAME (s, at->attacker));
  if (gold < s->rs->attack_gold_min)
    return mg_illegal_n (error, "Put at least %d gold on an attack", "Put at least %d gold on an attack",
                                              s->rs->attack_gold_min, s->rs->attack_gold_min);
  if (gold > s->p.pl[at->attacker].gold)
    return mg_illegal (error, N_("%s has only %d gold"), NAME (s, at->attacker), s->p.pl[at->attacker].gold);
  return TRUE;
}

static gboolean
read_guesses (const LmState *s, json_object *a, gint out[2], gint *n, GError **error)
{
  const LmAttack *at = &s->p.atk;
  json_object *arr = mg_json_get_array (a, NULL, "guesses", AERR, 1, 2, error);

  if (arr == NULL)
    return FALSE;
  if ((gint) json_object_array_length (arr) != at->allowed)
    return mg_illegal_n (error, "%s has %d guess against the %s", "%s has %d guesses against the %s", at->allowed,
                    NAME (s, at->defender), at->allowed, KIND_WORD (at->target));
  for (gint i = 0; i < at->allowed; i++)
    {
      g_autofree char *p = mg_json_path_index ("guesses", i);
      gint64 v;
      if (!mg_json_int (json_object_array_get_idx (arr, i), p, AERR, 1, LM_MAX_GOLD, &v, error))
        return FALSE;
      out[i] = v;
    }
  if (at->allowed == 2 && out[0] == out[1])
    return mg_illegal (error, N_("The two guesses must differ"));
  *n = at->allowed;
  return TRUE;
}

static gboolean
check_attack_open (const LmState *s, GError **error)
{
  if (s->p.phase != LM_ACTIONS || !s->p.atk.active)
    return mg_illegal (error, N_("No attack is under way"));
  return TRUE;
}

static gboolean
do_attack_gold (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "gold", NULL };
  LmState *s = lm (state);
  LmAttack *at = &s->p.atk;
  gint seat, gold;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) || !lm_get_gold (a, "gold", &gold, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (seat != at->attacker)
    return mg_illegal (error, N_("%s is the attacker: only they hold the gold"), NAME (s, at->attacker));
  if (!check_attack_gold (s, gold, error))
    return FALSE;
  at->gold = gold;
  lm_ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("attack_gold"), NULL);
  lm_ev (c, "attack_gold", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "gold", JI (gold), NULL);
  lm_say (c, N_("%s holds their gold in secret."), NAME (s, seat));
  if (at->n_guesses >= 0)
    resolve_round (s, c);
  return TRUE;
}

static gboolean
do_guess (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "guesses", NULL };
  LmState *s = lm (state);
  LmAttack *at = &s->p.atk;
  gint seat, g[2], n;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (seat != at->defender)
    return mg_illegal (error, N_("%s is the defender: only they guess"), NAME (s, at->defender));
  if (lm_attacker_broke (s))
    return mg_illegal (error, N_("%s has no gold left for another round: there is nothing to guess, %s must withdraw"),
                             NAME (s, at->attacker), NAME (s, at->attacker));
  if (!read_guesses (s, a, g, &n, error))
    return FALSE;
  at->guesses[0] = g[0];
  at->guesses[1] = n > 1 ? g[1] : 0;
  at->n_guesses = n;
  lm_ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("guess"), NULL);
  {
    json_object *ga = json_object_new_array ();
    for (gint i = 0; i < n; i++)
      json_object_array_add (ga, JI (g[i]));
    lm_ev (c, "guess", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "guesses", ga, NULL);
  }
  lm_say (c, N_("%s has guessed in secret."), NAME (s, seat));
  if (at->gold >= 0)
    resolve_round (s, c);
  return TRUE;
}

static gboolean
do_reveal_attack (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "gold", "guesses", NULL };
  LmState *s = lm (state);
  LmAttack *at = &s->p.atk;
  gint gold, g[2], n;

  if (!lm_only (a, f, error) || !lm_get_gold (a, "gold", &gold, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (at->gold >= 0 || at->n_guesses >= 0)
    return mg_illegal (error, N_("Part of this round was entered in secret on this device: enter the rest there"));
  if (!check_attack_gold (s, gold, error) || !read_guesses (s, a, g, &n, error))
    return FALSE;
  at->gold = gold;
  at->guesses[0] = g[0];
  at->guesses[1] = n > 1 ? g[1] : 0;
  at->n_guesses = n;
  resolve_round (s, c);
  return TRUE;
}

static gboolean
do_withdraw (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", NULL };
  LmState *s = lm (state);
  LmAttack *at = &s->p.atk;
  gint seat;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (seat != at->attacker)
    return mg_illegal (error, N_("Only the attacker, %s, may withdraw"), NAME (s, at->attacker));
  at->active = FALSE;
  lm_ev (c, "withdrawn", "player", JS (NAME (s, seat)), "area", JS (AREA (s, at->to)), NULL);
  lm_say (c, N_("%s stops the attack on %s."), NAME (s, seat), AREA (s, at->to));
  return TRUE;
}

static gboolean
do_fire (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "from", "to", NULL };
  LmState *s = lm (state);
  LmPlay *p = &s->p;
  gint seat, from, to, owner, range, dist;
  json_object *destroyed;
  g_autoptr(MgSaid) text = NULL;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) || !lm_get_area (s, a, "from", &from, error) ||
      !lm_get_area (s, a, "to", &to, error))
    return FALSE;
  if (take_card (s, c, seat, LM_MOVE, error) < 0)
    return FALSE;
  if (p->spot[from].owner[LM_CATAPULT] != seat)
    return mg_illegal (error, N_("%s has no catapult on %s"), NAME (s, seat), AREA (s, from));
  if (p->spot[from].fresh[LM_CATAPULT])
    return mg_illegal (error, N_("This catapult was captured (or has fired) this turn and cannot fire"));
  if (s->map->areas[to].mountain)
    return mg_illegal (error, N_("Catapults cannot fire into mountains (%s)"), AREA (s, to));
  range = s->rs->range_base + (s->map->areas[from].mountain ? s->rs->range_mountain_bonus : 0);
  dist = from == to ? 0 : lm_map_distance (s->map, from, to);
  if (dist < 1 || dist > range)
    return mg_illegal_n (error, "%s is out of range: a catapult on %s reaches %d area",
                                     "%s is out of range: a catapult on %s reaches %d areas", range,
                    AREA (s, to), AREA (s, from), range);
  owner = lm_area_owner (s, to);
  if (owner < 0 || owner == seat)
    return mg_illegal (error, N_("%s holds no enemy unit to fire at"), AREA (s, to));
  destroyed = json_object_new_array ();
  text = mg_said_new ();
  for (guint k = 0; k < LM_N_KINDS; k++)
    if (p->spot[to].owner[k] >= 0)
      {
        json_object *d = json_object_new_object ();
        json_object_object_add (d, "player", JS (NAME (s, owner)));
        json_object_object_add (d, "unit", JS (lm_kind_ids[k]));
        json_object_array_add (destroyed, d);
        if (mg_said_length (text) > 0)
          mg_said_add_text (text, ", ");
        mg_said_add (text, "%s", KIND_LISTED_WORD (k));
        lm_unit_remove (s, to, k);
      }
  if (s->rs->catapult_single_use)
    {
      lm_unit_remove (s, from, LM_CATAPULT);
      /* "used once": by the house rule the fired piece is not put back into the supply. */
      if (s->rs->fired_catapult_gone && s->rs->lost_return)
        p->pl[seat].supply[LM_CATAPULT]--;
    }
  else
    p->spot[from].fresh[LM_CATAPULT] = 1;
  lm_ev (c, "fired", "player", JS (NAME (s, seat)), "from", JS (AREA (s, from)), "to", JS (AREA (s, to)),
      "destroyed", destroyed, NULL);
  /* Translators: %4$s is the owner of what is destroyed, %5$s its list ("knight, soldier"). */
  lm_say (c, N_("%1$s's catapult on %2$s fires at %3$s: %4$s's %5$s destroyed."), NAME (s, seat), AREA (s, from),
       AREA (s, to), NAME (s, owner), mg_message_phrase (text));
  if (s->map->areas[to].castle_of >= 0)
    lm_say (c, N_("The garrison of %s still holds the walls."), AREA (s, to));
  return TRUE;
}

static gboolean
do_adjust (MgState *state, json_object *a, MgPlay *c, GError **error)
{
  static const char * const f[] = { "player", "gold", "reason", NULL };
  LmState *s = lm (state);
  gint seat;
  gint64 delta;
  const char *reason = NULL;

  if (!lm_only (a, f, error) || !lm_get_seat (s, a, "player", &seat, error) ||
      !mg_json_get_int (a, NULL, "gold", AERR, -LM_MAX_GOLD, LM_MAX_GOLD, &delta, error))
    return FALSE;
  if (!mg_json_opt_string (a, NULL, "reason", AERR, &reason, error))
    return FALSE;
  if (s->p.phase == LM_SETUP)
    return mg_illegal (error, N_("Start the game first"));
  if (s->p.pl[seat].gold + delta < 0)
    return mg_illegal (error, N_("%s has only %d gold"), NAME (s, seat), s->p.pl[seat].gold);
  s->p.pl[seat].gold += delta;
  lm_ev (c, "adjusted", "player", JS (NAME (s, seat)), "gold", JI (delta), "reason", reason ? JS (reason) : NULL, NULL);
  if (reason != NULL)
    /* Translators: the last %s is the referee's reason, as typed. */
    lm_say_n (c, MG_PLURAL_PAIR ("Referee's correction: %s %+d gold (%d): %s.",
                                  "Referee's correction: %s %+d gold (%d): %s."),
              ABS (delta), NAME (s, seat), (int) delta, s->p.pl[seat].gold,
            reason);
  else
    lm_say_n (c, MG_PLURAL_PAIR ("Referee's correction: %s %+d gold (%d).",
                                  "Referee's correction: %s %+d gold (%d)."),
              ABS (delta), NAME (s, seat), (int) delta, s->p.pl[seat].gold);
  return TRUE;
}

/* ---------------------------------------------------------------- the actions */

/* Over once a castle fell or the last season ended: no action is taken any more. */
static gboolean
lm_over (const MgState *state, GError **error)
{
  const LmState *s = lm (state);

  if (s->p.phase != LM_OVER)
    return FALSE;
  mg_refuse (error, MG_RULES_ERROR_GAME_OVER, N_("The game is over: %s has won"),
               s->p.winner >= 0 ? NAME (s, s->p.winner) : "?");
  return TRUE;
}

static const MgAction lm_action_list[] = {
  { "start", do_start }, { "build", do_build }, { "bid", do_bid }, { "pass", do_pass },
  { "start_bid", do_start_bid, MG_ACTION_SECRET }, { "start_bids", do_start_bids }, { "choose_start", do_choose_start },
  { "choose_cards", do_choose_cards, MG_ACTION_SECRET }, { "cards_at_table", do_cards_at_table },
  { "reveal_cards", do_reveal_cards }, { "tax", do_tax }, { "move", do_move }, { "attack", do_attack },
  { "attack_gold", do_attack_gold, MG_ACTION_SECRET }, { "guess", do_guess, MG_ACTION_SECRET },
  { "reveal_attack", do_reveal_attack },
  { "withdraw", do_withdraw }, { "fire", do_fire }, { "end_action", do_end_action }, { "adjust", do_adjust },
};

/* No pointer inside the state points into it, so the runner exchanges its bytes. */
const MgActions lm_actions = {
  .actions = lm_action_list,
  .n_actions = G_N_ELEMENTS (lm_action_list),
  .copy = lm_state_copy,
  .size = sizeof (LmState),
  .over = lm_over,
  .ready = has_map,
};
