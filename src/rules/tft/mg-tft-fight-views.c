/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight-views.c — TFT Melee fights: pending, the description and the legal actions. */
#include "config.h"

#include <string.h>

#include "mg-tft-arena.h"

/* ---------------------------------------------------------------- pending, describe */

static const char *
seat_of (const TftState *st, const TftFighter *x)
{
  const char *owner = tft_fig_of (st, x)->owner;
  return owner ? owner : "GM";
}

/* The referee's turn to act: `what` the action awaited. */
static void
gm_waits (json_object *waiting, const char *what)
{
  json_object *w = json_object_new_object ();

  json_object_object_add (w, "seat", json_object_new_string ("GM"));
  json_object_object_add (w, "for", json_object_new_string (what));
  json_object_array_add (waiting, w);
}

/* The options phase: each able fighter still to choose, with the options open to it. */
static void
pending_options (const TftState *st, json_object *waiting, GString *text)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  gboolean all = TRUE;

  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *x = &fg->f[i];
      json_object *w, *opts;
      guint open;
      if (!tft_able (st, x) || x->opt != OPT_UNSET)
        continue;
      all = FALSE;
      w = json_object_new_object ();
      open = tft_options_open (st, x, tft_engaged_now (st, x));
      opts = json_object_new_array ();
      for (guint k = 0; k <= OPT_NONE; k++)
        if ((open >> k) & 1)
          json_object_array_add (opts, json_object_new_string (option_names[k]));
      json_object_object_add (w, "seat", json_object_new_string (seat_of (st, x)));
      json_object_object_add (w, "for", json_object_new_string ("option"));
      json_object_object_add (w, "figure", json_object_new_string (tft_fname (st, x)));
      json_object_object_add (w, "options", opts);
      tft_ev_int (w, "max_move", tft_figure_ma (rs, tft_fig_of (st, x)));
      json_object_array_add (waiting, w);
      g_string_append_printf (text, "%s%s", text->len ? ", " : _("Options to choose: "), tft_fname (st, x));
    }
  if (all)
    {
      gm_waits (waiting, "attacks");
      g_string_append (text, _("Every figure has its option: on to the attacks."));
    }
  else
    g_string_append_c (text, '.');
}

/* The dice of the next attack: the usual 3 to hit, the dice against each enemy, the damage. */
static json_object *
slot_dice (const TftState *st, const TftSlot *s, const TftFighter *x, gint weapon)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  json_object *d = json_object_new_object ();
  json_object *by = json_object_new_object ();
  Attack probe = { .fi = s->fi, .weapon = weapon, .mode = x->opt == O_M || x->opt == O_P ? M_HTH : M_WEAPON };
  gint dice, adds;
  g_autofree char *dm = NULL;

  tft_figure_damage (rs, tft_fig_of (st, x), weapon, FALSE, &dice, &adds);
  dm = tft_damage_text (dice, adds);
  /* to_hit: the usual 3 before the target is named; to_hit_by_target: the truth for each
   * enemy able to be attacked (4 against one defending or dodging) */
  for (guint i = 0; i < fg->n; i++)
    if (tft_enemies (x, &fg->f[i]) && fg->f[i].life == L_FIGHTING)
      {
        gint nd;
        tft_attack_dx (st, &probe, &fg->f[i], 0, 0, TRUE, &nd);
        tft_ev_int (by, tft_fname (st, &fg->f[i]), nd);
      }
  tft_ev_int (d, "to_hit", 3);
  json_object_object_add (d, "to_hit_by_target", by);
  json_object_object_add (d, "damage", json_object_new_string (dm));
  return d;
}

/* The attacks phase: the next entry of the attack order, its figure, weapon and dice. */
static void
pending_slot (const TftState *st, json_object *waiting, GString *text)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  const TftSlot *s = &fg->order[tft_next_slot (fg)];
  const TftFighter *x = &fg->f[s->fi];
  json_object *w = json_object_new_object ();
  const char *what = x->opt == O_Q ? "draw_dagger" : x->opt == O_R || x->opt == O_L ? "disengage" : "attack";
  gint weapon = x->use_mg && s->attack == 2 ? tft_carried_mg (st, x) : x->ready;

  json_object_object_add (w, "seat", json_object_new_string (seat_of (st, x)));
  json_object_object_add (w, "for", json_object_new_string (what));
  json_object_object_add (w, "figure", json_object_new_string (tft_fname (st, x)));
  tft_ev_int (w, "attack", s->attack);
  tft_ev_int (w, "adj_dx", s->adj_dx);
  json_object_object_add (w, "weapon", weapon >= 0 ? json_object_new_string (rs->weapons[weapon].id) : NULL);
  if (strcmp (what, "attack") == 0)
    {
      json_object_object_add (w, "dice", slot_dice (st, s, x, weapon));
      g_string_append_printf (text, _("%s attacks (adjusted DX %d)."), tft_fname (st, x), s->adj_dx);
    }
  else
    g_string_append_printf (text, _("%s rolls one die (%s)."), tft_fname (st, x), what);
  json_object_array_add (waiting, w);
}

json_object *tft_pending (const MgState *state);

json_object *
tft_pending (const MgState *state)
{
  const TftState *st = (const TftState *) state;
  const TftFight *fg = st->fight;
  json_object *o = json_object_new_object ();
  json_object *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);
  const char *phase;
  gint last;

  tft_ev_int (o, "turn", st->turn);
  if (fg == NULL)
    {
      gm_waits (waiting, "roster");
      phase = "roster";
      g_string_append (text, _("Between fights: build and equip figures, or start a fight."));
    }
  else
    {
      tft_ev_int (o, "fight", fg->number);
      tft_ev_int (o, "fight_turn", fg->turn);
      phase = phase_names[fg->phase];
      if (tft_sides_able (st, &last) <= 1)
        {
          gm_waits (waiting, "end_fight");
          phase = "over";
          g_string_append_printf (text, _("One side is out of fight %u: end it to award experience."), fg->number);
        }
      else if (fg->phase == PH_OPTIONS)
        pending_options (st, waiting, text);
      else if (fg->phase == PH_ATTACKS && tft_next_slot (fg) >= 0)
        pending_slot (st, waiting, text);
      else
        {
          gm_waits (waiting, "end_turn");
          g_string_append_printf (text, _("Turn %u's attacks are done: end the turn."), fg->turn);
        }
      json_object_object_add (o, "order", tft_order_json (st));
    }
  json_object_object_add (o, "phase", json_object_new_string (phase));
  json_object_object_add (o, "over", json_object_new_boolean (FALSE));
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

char *tft_fight_describe (const TftState *st);

char *
tft_fight_describe (const TftState *st)
{
  const TftFight *fg = st->fight;
  GString *s = g_string_new (NULL);

  /* Name the fight's own turn, and say whether it is under way or the next one. */
  if (tft_turn_begun (fg))
    g_string_append_printf (s, _("Fight %u: turn %u under way."), fg->number, fg->turn);
  else if (fg->phase == PH_OVER)
    g_string_append_printf (s, _("Fight %u: turn %u is over; one side is out."), fg->number, fg->turn - 1);
  else if (fg->turn > 1)
    g_string_append_printf (s, _("Fight %u: turn %u is over; turn %u next."), fg->number, fg->turn - 1, fg->turn);
  else
    g_string_append_printf (s, _("Fight %u: turn 1 next."), fg->number);
  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *x = &fg->f[i];
      g_string_append_printf (s, _(" %s (%s): ST %d of %d, adjusted DX %d"), tft_fname (st, x), fg->sides[x->side],
                              tft_st_now (st, x), tft_fig_of (st, x)->st, tft_fighter_adj_dx (st, x));
      if (x->life != L_FIGHTING)
        g_string_append_printf (s, ", %s", _(life_names[x->life]));
      else if (x->posture != P_STANDING)
        g_string_append_printf (s, ", %s", _(posture_names[x->posture]));
      g_string_append_c (s, '.');
    }
  return g_string_free (s, FALSE);
}

/* ---------------------------------------------------------------- legal actions */

static json_object *
action_new (const char *type, const char *figure)
{
  json_object *a = json_object_new_object ();
  json_object_object_add (a, "type", json_object_new_string (type));
  if (figure)
    json_object_object_add (a, "figure", json_object_new_string (figure));
  return a;
}

/* Adds `a` (taken) when it is for `seat` and validate() accepts it. */
static void
offer (const TftState *st, json_object *list, const char *seat, const char *actor, json_object *a)
{
  if ((strcmp (seat, MG_SEAT_ALL) == 0 || strcmp (seat, actor) == 0) &&
      (json_object_get_boolean (mg_json_member (a, "template")) || mg_state_validate ((const MgState *) st, a, NULL)))
    json_object_array_add (list, a);
  else
    json_object_put (a);
}

/* Between fights: the GM's roster forms, and a fight between each pair of figures still alive. */
static void
legal_roster (const TftState *st, json_object *list, const char *seat)
{
  static const char * const kinds[] = { "death", "arena", "practice" };
  json_object *a = action_new ("create_figure", "New figure");
  guint alive = 0;

  json_object_object_add (a, "kind", json_object_new_string ("human"));
  json_object_object_add (a, "st", json_object_new_int (12));
  json_object_object_add (a, "dx", json_object_new_int (12));
  json_object_object_add (a, "template", json_object_new_boolean (TRUE));
  offer (st, list, seat, "GM", a);
  /* and, while fewer than two figures are alive to fight, a ready-made one under the first free
   * "Figure N", for each player in turn */
  for (guint i = 0; i < st->roster->len; i++)
    alive += ((const TftFigure *) g_ptr_array_index (st->roster, i))->alive;
  if (alive < 2)
    {
      guint n = 1, players = st->players ? g_strv_length (st->players) : 0;
      g_autofree char *name = NULL;
      do
        {
          g_free (name);
          name = g_strdup_printf (_("Figure %u"), n++);
        }
      while (tft_figure_find (st, name) >= 0);
      a = action_new ("create_figure", name);
      json_object_object_add (a, "kind", json_object_new_string ("human"));
      json_object_object_add (a, "st", json_object_new_int (12));
      json_object_object_add (a, "dx", json_object_new_int (12));
      {
        json_object *w = json_object_new_array ();
        json_object_array_add (w, json_object_new_string ("broadsword"));
        json_object_object_add (a, "weapons", w);
      }
      if (players > 0)
        json_object_object_add (a, "owner", json_object_new_string (st->players[st->roster->len % players]));
      offer (st, list, seat, "GM", a);
    }
  for (guint i = 0; i < st->roster->len; i++)
    {
      const TftFigure *f = g_ptr_array_index (st->roster, i);
      static const char * const forms[] = { "edit_figure", "set_gear", NULL };
      if (!f->alive)
        continue;
      for (guint k = 0; forms[k]; k++)
        {
          a = action_new (forms[k], f->name);
          json_object_object_add (a, "template", json_object_new_boolean (TRUE));
          offer (st, list, seat, "GM", a);
        }
      a = action_new ("spend_ep", f->name);
      json_object_object_add (a, "attribute", json_object_new_string ("st"));
      offer (st, list, seat, "GM", a);
      a = action_new ("spend_ep", f->name);
      json_object_object_add (a, "attribute", json_object_new_string ("dx"));
      offer (st, list, seat, "GM", a);
      offer (st, list, seat, "GM", action_new ("remove_figure", f->name));
      for (guint j = i + 1; j < st->roster->len; j++)
        {
          const TftFigure *g = g_ptr_array_index (st->roster, j);
          if (!g->alive)
            continue;
          for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
            {
              json_object *sides = json_object_new_object (), *x = json_object_new_array (), *y = json_object_new_array ();
              a = action_new ("start_fight", NULL);
              json_object_array_add (x, json_object_new_string (f->name));
              json_object_array_add (y, json_object_new_string (g->name));
              json_object_object_add (sides, f->owner && g->owner && strcmp (f->owner, g->owner) != 0 ? f->owner : f->name, x);
              json_object_object_add (sides, f->owner && g->owner && strcmp (f->owner, g->owner) != 0 ? g->owner : g->name, y);
              json_object_object_add (a, "kind", json_object_new_string (kinds[k]));
              json_object_object_add (a, "sides", sides);
              if (k == 0)   /* the same fight on the arena, entering by the doors */
                {
                  json_object *b = json_object_new_object ();
                  json_object_object_foreach (a, key, val)
                    json_object_object_add (b, key, json_object_get (val));
                  json_object_object_add (b, "arena", json_object_new_string (st->rs.arenas[0].id));
                  offer (st, list, seat, "GM", b);
                }
              offer (st, list, seat, "GM", a);
            }
        }
    }
}

/* On the arena: moving towards each enemy (or turning to face it) with the options that move. */
static void
legal_board_moves (const TftState *st, const TftFighter *x, guint open, json_object *list, const char *seat)
{
  static const guint moving[] = { O_A, O_B, O_C, O_H, O_I };
  char hn[8];

  for (guint k = 0; k < G_N_ELEMENTS (moving); k++)
    {
      TftOffer off[TFT_MAX_FIGHTERS];
      guint n;
      if (!((open >> moving[k]) & 1))
        continue;
      n = tft_board_offers (st, x, moving[k], off, TFT_MAX_FIGHTERS);
      for (guint i = 0; i < n; i++)
        {
          json_object *a = action_new ("option", tft_fname (st, x));
          json_object_object_add (a, "option", json_object_new_string (option_names[moving[k]]));
          if (off[i].hex != x->hex0)
            json_object_object_add (a, "to", json_object_new_string (tft_board_hex_name (st, off[i].hex, hn)));
          json_object_object_add (a, "facing", json_object_new_string (tft_facing_names[off[i].facing]));
          offer (st, list, seat, seat_of (st, x), a);
        }
    }
}

/* The options open to fighter x now: every letter open, h to o engaged with each enemy when x is
 * not engaged yet, and the weapon a k, o or e names. */
static void
legal_options (const TftState *st, const TftFighter *x, json_object *list, const char *seat)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  const char *name = tft_fname (st, x);
  guint open = tft_options_open (st, x, tft_engaged_now (st, x));

  for (guint o = 0; o <= OPT_NONE; o++)
    {
      json_object *a;
      if (!((open >> o) & 1))
        continue;
      if (o == O_K || o == O_E)
        {
          for (guint k = 0; k < x->n_carried; k++)
            {
              a = action_new ("option", name);
              json_object_object_add (a, "option", json_object_new_string (option_names[o]));
              json_object_object_add (a, "weapon", json_object_new_string (rs->weapons[x->carried[k]].id));
              offer (st, list, seat, seat_of (st, x), a);
            }
          if (o == O_K)
            continue;
        }
      if (o == O_O)
        {
          for (guint k = 0; k < fg->dropped->len; k++)
            {
              a = action_new ("option", name);
              json_object_object_add (a, "option", json_object_new_string ("o"));
              json_object_object_add (a, "weapon", json_object_new_string (
                rs->weapons[g_array_index (fg->dropped, TftDropped, k).weapon].id));
              offer (st, list, seat, seat_of (st, x), a);
            }
          continue;
        }
      a = action_new ("option", name);
      json_object_object_add (a, "option", json_object_new_string (option_names[o]));
      offer (st, list, seat, seat_of (st, x), a);
    }
  if (tft_board (st))
    {
      legal_board_moves (st, x, open, list, seat);
      return;
    }
  /* not engaged yet: closing with an enemy opens h to o (the model's attack, h, is listed) */
  if (!x->engaged && !x->hth && !tft_down (x))
    for (guint i = 0; i < fg->n; i++)
      if (tft_enemies (x, &fg->f[i]) && tft_able (st, &fg->f[i]))
        {
          json_object *a = action_new ("option", name), *with = json_object_new_array ();
          json_object_array_add (with, json_object_new_string (tft_fname (st, &fg->f[i])));
          json_object_object_add (a, "option", json_object_new_string ("h"));
          json_object_object_add (a, "engaged_with", with);
          offer (st, list, seat, seat_of (st, x), a);
        }
}

json_object *tft_legal_actions (const MgState *state, const char *seat);

json_object *
tft_legal_actions (const MgState *state, const char *seat)
{
  const TftState *st = (const TftState *) state;
  const TftFight *fg = st->fight;
  json_object *list = json_object_new_array ();
  gint last, slot;

  if (seat == NULL)
    seat = MG_SEAT_ALL;
  if (fg == NULL)
    {
      legal_roster (st, list, seat);
      return list;
    }
  if (tft_sides_able (st, &last) <= 1)
    {
      offer (st, list, seat, "GM", action_new ("end_turn", NULL));
      offer (st, list, seat, "GM", action_new ("end_fight", NULL));
      return list;
    }
  if (fg->phase == PH_OPTIONS)
    {
      gboolean all = TRUE;
      offer (st, list, seat, "GM", action_new ("initiative", NULL));
      for (guint i = 0; i < fg->n; i++)
        if (tft_able (st, &fg->f[i]) && fg->f[i].opt == OPT_UNSET)
          {
            all = FALSE;
            legal_options (st, &fg->f[i], list, seat);
          }
      if (all)
        offer (st, list, seat, "GM", action_new ("attacks", NULL));
    }
  else if (fg->phase == PH_ATTACKS && (slot = tft_next_slot (fg)) >= 0)
    {
      const TftFighter *x = &fg->f[fg->order[slot].fi];
      const char *who = seat_of (st, x);
      for (guint i = 0; i < fg->n; i++)
        if (tft_enemies (x, &fg->f[i]) && fg->f[i].life == L_FIGHTING)
          {
            json_object *a = action_new ("attack", tft_fname (st, x));
            json_object_object_add (a, "target", json_object_new_string (tft_fname (st, &fg->f[i])));
            offer (st, list, seat, who, a);
          }
      offer (st, list, seat, who, action_new ("pass", tft_fname (st, x)));
      offer (st, list, seat, who, action_new ("draw_dagger", tft_fname (st, x)));
      if (tft_board (st))
        for (gint d = 0; d < 6; d++)
          {
            gint h = tft_hex_step (tft_board (st), x->hex, d);
            char hn[8];
            json_object *a;
            if (h < 0)
              continue;
            a = action_new ("disengage", tft_fname (st, x));
            json_object_object_add (a, "to", json_object_new_string (tft_board_hex_name (st, h, hn)));
            offer (st, list, seat, who, a);
          }
      else
        offer (st, list, seat, who, action_new ("disengage", tft_fname (st, x)));
    }
  else
    offer (st, list, seat, "GM", action_new ("end_turn", NULL));
  for (guint i = 0; i < fg->n; i++)
    if (tft_able (st, &fg->f[i]))
      offer (st, list, seat, seat_of (st, &fg->f[i]), action_new ("flee", tft_fname (st, &fg->f[i])));
  {
    json_object *a = action_new ("end_fight", NULL);
    json_object_object_add (a, "abandon", json_object_new_boolean (TRUE));
    offer (st, list, seat, "GM", a);
  }
  return list;
}

