/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight-turn.c — TFT Melee fights: options, the attack order, a fight's begin and end, the action table. */
#include "config.h"

#include <string.h>

#include "mg-tft-arena.h"

/* ---------------------------------------------------------------- options */

gint
tft_max_move (const TftState *st, const TftFighter *x, guint o, gboolean flying)
{
  /* "Its MA is 8 on the ground, 16 if flying" (p. 19). */
  gint ma = flying ? tft_beast_of (st, x)->ma_flying : tft_figure_ma (&st->rs, tft_fig_of (st, x));
  switch (o)
    {
    case O_A: return ma;
    case O_B: case O_C: case O_D: return ma / 2;
    case O_E: return 2;
    case O_F: case O_H: case O_I: case O_J: case O_K: case O_L: case O_M: case O_O: return 1;
    default: return 0;
    }
}

/* The options open to x now, as a bit set over a..r and none. */
guint
tft_options_open (const TftState *st, const TftFighter *x, guint64 engaged)
{
  const TftRuleset *rs = &st->rs;
  gboolean fell_last = x->fell_turn > 0 && x->fell_turn + 1 == (gint) st->fight->turn;
  guint set = 1u << OPT_NONE;

  if (x->hth)
    return fell_last ? set : set | (1u << O_P) | (1u << O_Q) | (1u << O_R);
  if (tft_down (x))
    {
      set |= (1u << O_G) | (1u << O_N);
      if (!fell_last && (x->posture == P_PRONE || x->posture == P_KNEELING) && tft_is_missile (rs, x->ready))
        {
          gboolean xbow = rs->weapons[x->ready].crossbow;
          if (xbow || x->posture == P_KNEELING)
            set |= (1u << O_F) | (1u << O_J);
          if (xbow)
            set |= 1u << O_E;
        }
      return set;
    }
  if (engaged)
    return set | ((0xFFu << O_H) & ~(1u << O_N));
  return set | (0x3Fu << O_A);
}

static const char *
options_text (guint set, GString *s)
{
  for (guint o = 0; o <= OPT_NONE; o++)
    if ((set >> o) & 1)
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", option_names[o]);
  return s->str;
}

/* Once one side is out, only end_fight (or a flee, an arena's choice) moves the fight on. */
static gboolean
refuse_when_over (TftState *st, GError **error)
{
  gint last;
  if (st->fight->phase == PH_OVER || tft_sides_able (st, &last) <= 1)
    return mg_illegal (error, N_("One side is out of fight %u: end the fight to award experience (end_fight)."),
                    st->fight->number);
  return TRUE;
}

/* Option o is legal for x: it takes it (the weapon w, shield and posture choices, the hexes moved). */
static void
option_take (TftState *st, TftFighter *x, guint o, gint w, guint shield, guint posture, gint moved,
             gboolean use_mg, guint64 engaged, json_object *events, MgSaid *text)
{
  const TftRuleset *rs = &st->rs;
  const char *name = tft_fname (st, x);

  /* Changing one's mind costs nothing; the weapon that had to go is gone. */
  if (x->must_drop && tft_is_missile (rs, x->ready))
    {
      json_object *d = mg_event_new ("dropped", "figure", name);
      json_object_object_add (d, "weapon", json_object_new_string (rs->weapons[x->ready].id));
      json_object_array_add (events, d);
      mg_said_add (text, N_("%s drops the %s. "), name, mg_message_word (rs->weapons[x->ready].name));
      tft_drop_weapon (st, x, x->ready);
    }
  x->must_drop = FALSE;
  x->opt = o;
  x->moved = moved;
  x->use_mg = use_mg;
  x->engaged = engaged;
  x->bending = o == O_O;
  switch (o)
    {
    case O_D:
      x->posture = posture ? P_KNEELING : P_PRONE;
      break;
    case O_G: case O_N:
      x->posture = P_STANDING;
      break;
    case O_J:
      x->must_drop = TRUE;
      break;
    case O_E:
      if (w >= 0 && !tft_carries (x, w))
        {
          tft_dropped_take (st, tft_dropped_find (st, w, x->hex));
          x->carried[x->n_carried++] = w;
        }
      if (w >= 0 && w == x->ready && x->reload > 0)
        x->reload--;
      else if (w < 0 && x->ready >= 0 && rs->weapons[x->ready].crossbow && x->reload > 0)
        x->reload--;
      else if (w >= 0)
        x->ready = w;
      if (shield < 2 && x->shield >= 0)
        x->shield_ready = shield == 0;
      break;
    case O_K:
      if (x->ready >= 0)
        tft_drop_weapon (st, x, x->ready);
      x->ready = w;
      break;
    case O_O:
      if (x->ready >= 0)
        tft_drop_weapon (st, x, x->ready);
      tft_dropped_take (st, tft_dropped_find (st, w, x->hex));
      x->carried[x->n_carried++] = w;
      x->ready = w;
      break;
    default:
      break;
    }
  if (x->ready >= 0 && rs->weapons[x->ready].two_handed)
    x->shield_ready = FALSE;
  {
    json_object *e = mg_event_new ("option", "figure", name);
    json_object_object_add (e, "option", json_object_new_string (option_names[o]));
    tft_ev_int (e, "moved", moved);
    json_object_array_add (events, e);
  }
  /* the letters are the rulebook's in every language; "none" is a word */
  mg_said_add (text, N_("%s takes option %s"), name,
           o == OPT_NONE ? mg_message_word_ctx ("tft option", NC_("tft option", "none")) : option_names[o]);
  if (moved && text != NULL)
    mg_said_add_n (text, ", moving %d hex", ", moving %d hexes", moved, (gint) moved);
  if ((o == O_E || o == O_K || o == O_O) && x->ready >= 0)
    mg_said_add (text, N_(" and readies the %s"), mg_message_word (rs->weapons[x->ready].name));
  tft_say_text (text, ".");
}

/* A flier's option: in the air it engages no one (those engaged with it must say so again); an
 * option without flight lands it, and a charge lands it to attack (p. 19). */
static void
option_fly (TftState *st, TftFighter *x, guint o, gboolean flying, json_object *events, MgSaid *text)
{
  gboolean was_aloft = x->aloft;
  guint xi = (guint) (x - st->fight->f);

  x->flying = flying;
  x->aloft = flying && o != O_B;
  if (flying)
    for (guint i = 0; i < st->fight->n; i++)
      st->fight->f[i].engaged &= ~(G_GUINT64_CONSTANT (1) << xi);
  if (flying)
    {
      json_object *e = mg_event_new (x->aloft ? "flies" : "lands", "figure", tft_fname (st, x));
      json_object_array_add (events, e);
      mg_said_add (text, x->aloft ? N_(" %s flies.") : N_(" %s flies and lands to attack."), tft_fname (st, x));
    }
  else if (was_aloft)
    {
      json_object_array_add (events, mg_event_new ("lands", "figure", tft_fname (st, x)));
      mg_said_add (text, N_(" %s lands."), tft_fname (st, x));
    }
}

/* The enemies `x` says it is engaged with ("engaged_with"; absent: those it was), each an enemy on
 * the ground. */
static gboolean
option_engaged (TftState *st, json_object *j, const TftFighter *x, const char *name, guint64 *engaged,
                GError **error)
{
  TftFight *fg = st->fight;
  Along al[TFT_MAX_FIGHTERS];
  guint n;

  *engaged = x->engaged;
  if (!mg_json_member (j, "engaged_with"))
    return TRUE;
  if (!tft_parse_along (st, j, "engaged_with", al, TFT_MAX_FIGHTERS, &n, error))
    return FALSE;
  *engaged = 0;
  for (guint i = 0; i < n; i++)
    {
      if (!tft_enemies (x, &fg->f[al[i].fi]))
        return mg_illegal (error, N_("%s and %s are on the same side: figures engage only enemies."), name,
                        tft_fname (st, &fg->f[al[i].fi]));
      if (fg->f[al[i].fi].aloft)
        return mg_illegal (error, N_("%s is flying: it engages no one until it lands."), tft_fname (st, &fg->f[al[i].fi]));
      *engaged |= G_GUINT64_CONSTANT (1) << al[i].fi;
    }
  return TRUE;
}

/* Refuses an option not in `open` (the options x may take now), saying why; returns FALSE. */
static gboolean
option_closed (const TftState *st, const TftFighter *x, const char *name, guint open, guint64 engaged,
               GError **error)
{
  g_autoptr(GString) list = g_string_new (NULL);

  if (x->hth && x->fell_turn + 1 == (gint) st->fight->turn)
    return mg_illegal (error, N_("%s fell with 8 or more hits last turn while in hand-to-hand combat and may do nothing this turn."), name);
  if (tft_down (x))
    return mg_illegal (error, N_("%s is down and must take a turn to stand up (g or n); open now: %s."), name,
                    options_text (open, list));
  if (x->hth)
    return mg_illegal (error, N_("%s is in hand-to-hand combat and may choose p, q or r."), name);
  if (engaged)
    return mg_illegal (error, N_("%s is engaged and may choose h to o."), name);
  return mg_illegal (error, N_("%s is not engaged and may choose a to g."), name);
}

/* What option o asks of x's weapons and shield: a missile weapon to fire, a weapon to parry, one
 * carried to ready, one on the ground to pick up, a dagger to draw (p. 5). */
static gboolean
option_gear_ok (TftState *st, TftFighter *x, const char *name, guint o, gint w, guint shield, gboolean pick_up,
                GError **error)
{
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;

  switch (o)
    {
    case O_F: case O_J:
      if (!tft_is_missile (rs, x->ready) || (x->must_drop && o == O_J))
        return mg_illegal (error, N_("%s has no missile weapon ready."), name);
      if (fg->kind == K_PRACTICE)
        return mg_illegal (error, N_("No missile weapons in practice combat."));
      if (x->reload > 0)
        return mg_illegal_n (error, "%s's crossbow needs %d more turn of reloading (option e).",
                                            "%s's crossbow needs %d more turns of reloading (option e).", x->reload,
                        name, x->reload);
      break;
    case O_I:
      if (x->ready < 0 || tft_is_missile (rs, x->ready))
        return mg_illegal (error, N_("%s may not defend without a non-missile weapon ready to parry with."), name);
      break;
    case O_K:
      if (w < 0 || !tft_carries (x, w) || tft_is_missile (rs, w))
        return mg_illegal (error, N_("Option k readies a non-missile weapon %s carries: say which."), name);
      break;
    case O_E:
      if (w >= 0 && !tft_carries (x, w) && !(pick_up && tft_dropped_find (st, w, x->hex) >= 0))
        return mg_illegal (error, N_("%s does not carry a %s, and none lies on the ground to pick up."), name,
                        mg_message_word (rs->weapons[w].name));
      if (pick_up && w < 0)
        return mg_illegal (error, N_("Name the weapon %s picks up."), name);
      if (shield < 2 && x->shield < 0)
        return mg_illegal (error, N_("%s has no shield to ready or sling."), name);
      if (shield == 0 && (w >= 0 ? w : x->ready) >= 0 && rs->weapons[w >= 0 ? w : x->ready].two_handed)
        return mg_illegal (error, N_("%s cannot ready the shield with a two-handed weapon ready: the shield stays slung."), name);
      if (w >= 0 && tft_down (x) && !rs->weapons[w].crossbow)
        return mg_illegal (error, N_("No weapon but a crossbow may be readied by a prone or kneeling figure."));
      if (w >= 0 && !tft_carries (x, w))
        {
          gint tmp[TFT_MAX_CARRY + 1];
          memcpy (tmp, x->carried, sizeof (gint) * x->n_carried);
          tmp[x->n_carried] = w;
          if (x->n_carried + 1 > TFT_MAX_CARRY ||
              !tft_check_gear (rs, name, tft_fig_of (st, x)->kind, tft_fig_of (st, x)->st, tmp, x->n_carried + 1, x->shield, w, error))
            return FALSE;
        }
      break;
    case O_O:
      if (w < 0 || tft_dropped_find (st, w, x->hex) < 0)
        return mg_illegal (error, N_("Option o picks up a weapon lying in the hex: say which."));
      break;
    case O_Q:
      if (tft_carried_dagger (st, x) < 0 || x->ready == tft_carried_dagger (st, x))
        return mg_illegal (error, N_("%s has no dagger to draw."), name);
      break;
    default:
      break;
    }
  return TRUE;
}

/* On the arena: where the turn found x and whom it was engaged with there; a figure that fell on its
 * way has taken its option. */
static gboolean
option_board_engaged (TftState *st, TftFighter *x, const char *name, guint64 *engaged, GError **error)
{
  if (x->opt != OPT_UNSET && x->posture == P_FALLEN && x->hex != x->hex0)
    return mg_illegal (error, N_("%s fell on its way this turn and cannot change its option."), name);
  *engaged = x->hth ? 0 : tft_board_engaged (st, x, x->hex0);
  return TRUE;
}

static gboolean
do_option (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "option", "moved", "engaged_with", "weapon",
                                        "shield", "main_gauche", "pick_up", "posture", "flying", "to", "facing",
                                        NULL };
  g_autoptr(MgSaid) moves = text != NULL ? mg_said_new () : NULL;
  gboolean fell = FALSE;
  static const char * const shield_names[] = { "ready", "sling", NULL };
  static const char * const postures[] = { "prone", "kneeling", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  const char *name, *wn = NULL;
  guint o, shield = 2, posture = 0;
  gint64 moved = 0;
  gboolean use_mg = FALSE, pick_up = FALSE, flying = FALSE;
  guint64 engaged = 0;
  gint xi, w = TFT_NONE;
  TftFighter *x;
  guint open;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, &name, error) ||
      !mg_json_get_choice (j, NULL, "option", TFT_ACTION_ERR, option_names, &o, error) ||
      !mg_json_opt_int (j, NULL, "moved", TFT_ACTION_ERR, 0, 100, &moved, error) ||
      !mg_json_opt_string (j, NULL, "weapon", TFT_ACTION_ERR, &wn, error) ||
      !mg_json_opt_choice (j, NULL, "shield", TFT_ACTION_ERR, shield_names, &shield, error) ||
      !mg_json_opt_choice (j, NULL, "posture", TFT_ACTION_ERR, postures, &posture, error) ||
      !mg_json_opt_bool (j, NULL, "main_gauche", TFT_ACTION_ERR, &use_mg, error) ||
      !mg_json_opt_bool (j, NULL, "pick_up", TFT_ACTION_ERR, &pick_up, error) ||
      !mg_json_opt_bool (j, NULL, "flying", TFT_ACTION_ERR, &flying, error))
    return FALSE;
  if ((xi = tft_fighter_in_fight (st, name, error)) < 0)
    return FALSE;
  if (flying && !(tft_beast_of (st, &fg->f[xi]) != NULL && tft_beast_of (st, &fg->f[xi])->ma_flying > 0))
    return mg_illegal (error, N_("%s cannot fly."), name);
  x = &fg->f[xi];
  if (tft_board (st) ? !option_board_engaged (st, x, name, &engaged, error)
                     : !option_engaged (st, j, x, name, &engaged, error))
    return FALSE;
  if (!tft_board (st) && (mg_json_member (j, "to") || mg_json_member (j, "facing")))
    return mg_illegal (error, N_("This fight has no board: the referee states how far %s moved (\"moved\"), not \"to\" "
                             "or \"facing\"."), name);
  if (!refuse_when_over (st, error))
    return FALSE;
  if (fg->phase != PH_OPTIONS)
    return mg_illegal (error, N_("Options are chosen before the attacks; this turn's attacks have begun."));
  if (!tft_able (st, x))
    return mg_illegal (error, N_("%s is %s and takes no option."), name, mg_message_word (life_names[x->life]));
  if (x->opt == O_E || x->opt == O_K || x->opt == O_O)
    return mg_illegal (error, N_("%s has already changed weapons this turn and cannot change its option."), name);
  open = tft_options_open (st, x, engaged);
  if (!((open >> o) & 1))
    return option_closed (st, x, name, open, engaged, error);
  if (tft_is_attack_option (o) && moved > tft_max_move (st, x, O_B, flying))
    return mg_illegal (error, N_("%s moved more than half its MA (%d) this turn and may not attack."), name,
                    flying ? tft_beast_of (st, x)->ma_flying : tft_figure_ma (rs, tft_fig_of (st, x)));
  if (o != OPT_NONE && moved > tft_max_move (st, x, o, flying))
    return mg_illegal_n (error, "Option %s allows moving %d hex; %s moved %d.",
                                        "Option %s allows moving %d hexes; %s moved %d.", tft_max_move (st, x, o, flying),
                    option_names[o], tft_max_move (st, x, o, flying), name, (gint) moved);
  if (o == OPT_NONE && moved > 0)
    return mg_illegal (error, N_("A figure that does nothing does not move."));
  /* A flier moves in the air (a, c) and lands to attack (b) (p. 19); it does nothing else aloft. */
  if (flying && o != O_A && o != O_B && o != O_C)
    return mg_illegal (error, N_("%s flies only with options a, b and c (move, charge, dodge)."), name);
  if (wn && (w = tft_weapon_find (rs, wn)) < 0)
    return mg_illegal (error, N_("There is no weapon \"%s\" in the ruleset."), wn);
  if (use_mg && (o != O_B && o != O_H))
    return mg_illegal (error, N_("The main-gauche attacks with options b and h only."));
  if (use_mg && (tft_carried_mg (st, x) < 0 || x->ready < 0 || x->ready == tft_carried_mg (st, x) ||
                 rs->weapons[x->ready].two_handed))
    return mg_illegal (error, N_("%s needs a main-gauche and a one-handed weapon ready to attack with both."), name);
  /* The shield and picking up on the way go with option e (p. 5); o picks up where it stands. */
  if (shield < 2 && o != O_E)
    return mg_illegal (error, N_("Option %s does not ready or sling a shield; option e does."), option_names[o]);
  if (pick_up && o != O_E && o != O_O)
    return mg_illegal (error, N_("Option %s does not pick up a weapon; options e and o do."), option_names[o]);
  if (tft_board (st))
    {
      gint m;
      guint64 e;
      if (!tft_board_move (st, x, o, j, flying, r, &m, &e, events, moves, error))
        return FALSE;
      moved = m;
      fell = x->posture == P_FALLEN && x->hex != x->hex0;
    }
  if (!option_gear_ok (st, x, name, o, w, shield, pick_up, error))
    return FALSE;
  option_take (st, x, o, w, shield, posture, (gint) moved, use_mg, engaged, events, text);
  if (fell)
    x->posture = P_FALLEN;
  if (text != NULL)
    mg_said_append (text, moves);
  option_fly (st, x, o, flying, events, text);
  return TRUE;
}

/* ---------------------------------------------------------------- the attack order */

static gboolean
acts_in_order (guint o)
{
  return tft_is_attack_option (o) || o == O_Q || o == O_R;
}

/* 2 for a bow's second arrow, which comes after every first attack (p. 7); the main-gauche's
 * second attack is made with the first, at the figure's place. */
static guint
slot_wave (const TftFight *fg, const TftSlot *s)
{
  return s->attack == 2 && !fg->f[s->fi].use_mg ? 2 : 1;
}

static gint
slot_cmp (const TftFight *fg, const TftSlot *a, const TftSlot *b)
{
  if (slot_wave (fg, a) != slot_wave (fg, b))
    return (gint) slot_wave (fg, a) - (gint) slot_wave (fg, b);
  if (a->adj_dx != b->adj_dx)
    return b->adj_dx - a->adj_dx;
  if (fg->ties[a->fi] != fg->ties[b->fi])
    return fg->ties[b->fi] - fg->ties[a->fi];
  if (a->fi != b->fi)
    return (gint) a->fi - (gint) b->fi;
  return (gint) a->attack - (gint) b->attack;
}

/* After a tie roll among `group` (all of adjusted DX `adj` and the same tie rank), ranks every
 * first attack at that DX again by (old rank, this roll), densely from 1: the order is that of
 * the rolls in turn, and the ranks stay below the number of fighters however long the ties last. */
static void
rerank_ties (TftFight *fg, gint adj, const guint *group, const guint *v, guint ng)
{
  gint key[TFT_MAX_FIGHTERS];
  gboolean at[TFT_MAX_FIGHTERS] = { FALSE };

  for (guint a = 0; a < fg->n_order; a++)
    if (fg->order[a].attack == 1 && fg->order[a].adj_dx == adj)
      {
        guint fi = fg->order[a].fi;
        at[fi] = TRUE;
        key[fi] = fg->ties[fi] * 7;
        for (guint k = 0; k < ng; k++)
          if (group[k] == fi)
            key[fi] += (gint) v[k];
      }
  {
    gint rank[TFT_MAX_FIGHTERS];
    for (guint i = 0; i < fg->n; i++)
      if (at[i])
        {
          rank[i] = 1;
          for (guint j = 0; j < fg->n; j++)
            if (at[j] && key[j] < key[i])
              {
                gboolean seen = FALSE;  /* count distinct smaller keys */
                for (guint k = 0; k < j; k++)
                  if (at[k] && key[k] == key[j])
                    seen = TRUE;
                rank[i] += !seen;
              }
        }
    for (guint i = 0; i < fg->n; i++)
      if (at[i])
        fg->ties[i] = rank[i];
  }
}

static gboolean
do_attacks (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  g_autoptr(GString) missing = g_string_new (NULL);
  gint adj[TFT_MAX_FIGHTERS];
  gboolean tied_any;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error))
    return FALSE;
  if (fg == NULL)
    return mg_illegal (error, N_("No fight is in progress."));
  if (!refuse_when_over (st, error))
    return FALSE;
  if (fg->phase != PH_OPTIONS)
    return mg_illegal (error, N_("The attacks of this turn have already begun."));
  for (guint i = 0; i < fg->n; i++)
    if (tft_able (st, &fg->f[i]) && fg->f[i].opt == OPT_UNSET)
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", tft_fname (st, &fg->f[i]));
  if (missing->len)
    return mg_illegal (error, N_("Every figure chooses an option before the attacks; still to choose: %s."), missing->str);

  fg->n_order = 0;
  memset (fg->ties, 0, sizeof fg->ties);
  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      adj[i] = tft_fighter_adj_dx (st, x);
      /* on the arena, option l steps away at its place in the order (p. 17) */
      if (!tft_able (st, x) || !(acts_in_order (x->opt) || (tft_board (st) && x->opt == O_L)))
        continue;
      fg->order[fg->n_order++] = (TftSlot) { i, 1, adj[i], FALSE };
      if (x->use_mg)
        fg->order[fg->n_order++] = (TftSlot) { i, 2, adj[i], FALSE };
      else if (x->opt == O_F && tft_is_missile (rs, x->ready) && rs->weapons[x->ready].two_shots_at &&
               adj[i] >= rs->weapons[x->ready].two_shots_at)
        fg->order[fg->n_order++] = (TftSlot) { i, 2, adj[i], FALSE };
    }
  /* Ties on adjusted DX: a die each, again among those still tied. */
  do
    {
      tied_any = FALSE;
      for (guint a = 0; a < fg->n_order; a++)
        {
          guint group[TFT_MAX_FIGHTERS], ng = 0;
          const TftSlot *s = &fg->order[a];
          gboolean first = TRUE;
          if (s->attack != 1)
            continue;
          for (guint b = 0; b < a; b++)
            if (fg->order[b].attack == 1 && fg->order[b].adj_dx == s->adj_dx && fg->ties[fg->order[b].fi] == fg->ties[s->fi])
              first = FALSE;
          if (!first)
            continue;
          for (guint b = a; b < fg->n_order; b++)
            if (fg->order[b].attack == 1 && fg->order[b].adj_dx == s->adj_dx && fg->ties[fg->order[b].fi] == fg->ties[s->fi])
              group[ng++] = fg->order[b].fi;
          if (ng < 2)
            continue;
          tied_any = TRUE;
          {
            guint v[TFT_MAX_FIGHTERS];
            json_object *e = mg_event_new ("tie", "figure", NULL);
            json_object *rolls = json_object_new_object ();
            if (!tft_roll (r, ng, 6, "tie", v, error))
              {
                json_object_put (e);
                json_object_put (rolls);
                return FALSE;
              }
            rerank_ties (fg, s->adj_dx, group, v, ng);
            for (guint k = 0; k < ng; k++)
              {
                json_object_object_add (rolls, tft_fname (st, &fg->f[group[k]]), json_object_new_int (v[k]));
                mg_said_add (text, N_("%s rolls %u for the tie. "), tft_fname (st, &fg->f[group[k]]), v[k]);
              }
            json_object_object_add (e, "rolls", rolls);
            json_object_array_add (events, e);
          }
          break;
        }
    }
  while (tied_any);
  for (guint a = 1; a < fg->n_order; a++)
    for (guint b = a; b > 0 && slot_cmp (fg, &fg->order[b - 1], &fg->order[b]) > 0; b--)
      {
        TftSlot t = fg->order[b];
        fg->order[b] = fg->order[b - 1];
        fg->order[b - 1] = t;
      }
  fg->phase = fg->n_order ? PH_ATTACKS : PH_END;
  {
    json_object *e = mg_event_new ("order", "figure", NULL);
    json_object_object_add (e, "order", tft_order_json (st));
    json_object_array_add (events, e);
  }
  if (fg->n_order == 0)
    mg_said_add (text, N_("Nobody attacks this turn."));
  else
    {
      mg_said_add (text, N_("Attack order:"));
      for (guint a = 0; a < fg->n_order; a++)
        tft_say_text (text, "%s %s (%d)", a ? "," : "", tft_fname (st, &fg->f[fg->order[a].fi]), fg->order[a].adj_dx);
      tft_say_text (text, ".");
    }
  return TRUE;
}

/* pass, draw_dagger, disengage: the next slot's figure acts without attacking. */
/* The slot actions that are not attacks: pass, or the die of option q or r. */
typedef enum { SLOT_PASS, SLOT_DRAW_DAGGER, SLOT_DISENGAGE } SlotAct;

static gboolean
do_slot_action (TftState *st, SlotAct kind, json_object *j, TftRoller *r, json_object *events, MgSaid *text,
                GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "to", "facing", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  const char *name;
  gint xi, slot;
  TftFighter *x;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, &name, error))
    return FALSE;
  if ((xi = tft_fighter_in_fight (st, name, error)) < 0)
    return FALSE;
  x = &fg->f[xi];
  if (fg->phase != PH_ATTACKS || (slot = tft_next_slot (fg)) < 0)
    return mg_illegal (error, N_("It is not the time of the attacks."));
  if (fg->order[slot].fi != (guint) xi)
    return mg_illegal (error, N_("%s acts next; %s must wait for its turn."), tft_fname (st, &fg->f[fg->order[slot].fi]), name);
  if (kind == SLOT_DRAW_DAGGER && x->opt != O_Q)
    return mg_illegal (error, N_("%s did not choose option q (draw dagger)."), name);
  if (kind == SLOT_DISENGAGE && x->opt == O_L && tft_board (st))
    {
      /* "When its turn to attack comes, instead of attacking, it moves one hex in any direction" (p. 17) */
      fg->order[slot].done = TRUE;
      json_object_array_add (events, mg_event_new ("disengage", "figure", name));
      mg_said_add (text, N_("%s disengages."), name);
      return tft_board_step (st, x, j, text, error);
    }
  if (kind == SLOT_DISENGAGE && x->opt != O_R)
    return mg_illegal (error, N_("%s did not choose option r (disengage from hand-to-hand)."), name);
  if ((kind != SLOT_DISENGAGE || !tft_board (st)) && (mg_json_member (j, "to") || mg_json_member (j, "facing")))
    return mg_illegal (error, N_("Only a figure disengaging on the arena says where it steps (\"to\")."));
  if (kind == SLOT_PASS && x->opt == O_L && tft_board (st))
    return mg_illegal (error, N_("%s disengages at its place in the order: say where it steps (\"disengage\", \"to\")."), name);
  fg->order[slot].done = TRUE;
  if (kind == SLOT_PASS)
    {
      json_object_array_add (events, mg_event_new ("pass", "figure", name));
      mg_said_add (text, N_("%s does not attack."), name);
      return TRUE;
    }
  {
    guint v;
    json_object *e = mg_event_new (kind == SLOT_DRAW_DAGGER ? "draw_dagger" : "disengage", "figure", name);
    gint need;
    if (!tft_roll (r, 1, 6, kind == SLOT_DRAW_DAGGER ? "draw_dagger" : "disengage", &v, error))
      {
        json_object_put (e);
        return FALSE;
      }
    if (kind == SLOT_DRAW_DAGGER)
      need = rs->draw_dagger_max;
    else
      {
        gint mine = tft_fighter_adj_dx (st, x), foes = 0;
        gboolean superior = TRUE;
        for (guint i = 0; i < fg->n; i++)
          if ((x->hth >> i) & 1)
            {
              foes++;
              superior &= mine > tft_fighter_adj_dx (st, &fg->f[i]);
            }
        need = superior && foes == 1 ? rs->diseng_sup_max : rs->diseng_max;
      }
    tft_ev_int (e, "roll", v);
    json_object_object_add (e, "success", json_object_new_boolean ((gint) v <= need));
    json_object_array_add (events, e);
    if ((gint) v > need)
      mg_said_add (text, kind == SLOT_DRAW_DAGGER ? N_("%s rolls %u and fails to draw the dagger.")
                                              : N_("%s rolls %u and cannot break free."), name, v);
    else if (kind == SLOT_DRAW_DAGGER)
      {
        x->ready = tft_carried_dagger (st, x);
        mg_said_add (text, N_("%s rolls %u and draws the dagger."), name, v);
      }
    else
      {
        for (guint i = 0; i < fg->n; i++)
          if ((x->hth >> i) & 1)
            {
              fg->f[i].hth &= ~(G_GUINT64_CONSTANT (1) << xi);
              if (!fg->f[i].hth)
                fg->f[i].posture = P_FALLEN;
            }
        x->hth = 0;
        x->posture = P_STANDING;
        mg_said_add (text, N_("%s rolls %u, breaks free and stands up."), name, v);
        /* "immediately stands up and moves to any adjacent, empty hex" (p. 18) */
        if (tft_board (st) && !tft_board_step (st, x, j, text, error))
          return FALSE;
      }
  }
  return TRUE;
}

static gboolean
do_pass (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
{
  return do_slot_action (st, SLOT_PASS, j, r, events, text, error);
}

static gboolean
do_draw_dagger (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
{
  return do_slot_action (st, SLOT_DRAW_DAGGER, j, r, events, text, error);
}

static gboolean
do_disengage (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
{
  return do_slot_action (st, SLOT_DISENGAGE, j, r, events, text, error);
}

/* ---------------------------------------------------------------- fights begin and end */

static gboolean
do_start_fight (TftState *st, json_object *j, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "kind", "sides", "arena", "positions", NULL };
  const TftRuleset *rs = &st->rs;
  json_object *sides;
  guint kind;
  g_autoptr(TftFight) fg = NULL;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_choice (j, NULL, "kind", TFT_ACTION_ERR, kind_names, &kind, error) ||
      !(sides = mg_json_get_object (j, NULL, "sides", TFT_ACTION_ERR, error)))
    return FALSE;
  if (st->fight)
    return mg_illegal (error, N_("Fight %u is still in progress; end it first."), st->fight->number);
  fg = tft_fight_new ();
  fg->kind = kind;
  json_object_object_foreach (sides, side, members)
    {
      gsize n;
      if (fg->n_sides == TFT_MAX_SIDES)
        return mg_illegal (error, N_("At most %d sides."), TFT_MAX_SIDES);
      if (!mg_json_array (members, side, TFT_ACTION_ERR, 1, TFT_MAX_FIGHTERS, &n, error))
        return FALSE;
      /* counted at once, so tft_fight_free() frees the name when a member is refused */
      fg->sides[fg->n_sides++] = g_strdup (side);
      for (guint i = 0; i < n; i++)
        {
          const char *name;
          gint r;
          TftFighter *x;
          const TftFigure *f;
          if (!mg_json_string (json_object_array_get_idx (members, i), NULL, TFT_ACTION_ERR, &name, NULL))
            {
              g_autofree char *p = mg_json_path_index (side, i);   /* only to word the refusal */
              return mg_json_string (json_object_array_get_idx (members, i), p, TFT_ACTION_ERR, &name, error);
            }
          if ((r = tft_figure_find (st, name)) < 0)
            return mg_illegal (error, N_("There is no figure called \"%s\" on the roster."), name);
          f = g_ptr_array_index (st->roster, r);
          if (!f->alive)
            return mg_illegal (error, N_("%s is dead."), name);
          for (guint k = 0; k < fg->n; k++)
            if (fg->f[k].fig == (guint) r)
              return mg_illegal (error, N_("%s is named twice."), name);
          if (fg->n == TFT_MAX_FIGHTERS)
            return mg_illegal (error, N_("At most %d figures in a fight."), TFT_MAX_FIGHTERS);
          x = &fg->f[fg->n++];
          memset (x, 0, sizeof *x);
          x->mg_target = -1;
          x->fig = r;
          x->side = fg->n_sides - 1;
          memcpy (x->carried, f->weapons, sizeof (gint) * f->n_weapons);
          x->n_carried = f->n_weapons;
          x->shield = f->shield;
          x->ready = f->ready;
          x->shield_ready = f->shield_ready;
          x->opt = OPT_UNSET;
          x->hex = x->hex0 = TFT_NONE;
          if (kind == K_PRACTICE && tft_is_missile (rs, x->ready))
            return mg_illegal (error, N_("No missile weapons in practice combat: %s's ready weapon is a %s."), name,
                            mg_message_word (rs->weapons[x->ready].name));
        }
    }
  if (fg->n_sides < 2)
    return mg_illegal (error, N_("A fight needs at least two sides."));
  if (!tft_board_start (st, fg, j, error))
    return FALSE;
  fg->number = st->fights + 1;
  fg->turn = 1;
  fg->phase = PH_OPTIONS;
  st->fights++;
  st->turn++;
  st->fight = g_steal_pointer (&fg);
  tft_board_engage_all (st);
  {
    json_object *e = mg_event_new ("fight_started", "figure", NULL);
    tft_ev_int (e, "fight", st->fight->number);
    json_object_object_add (e, "kind", json_object_new_string (kind_names[kind]));
    json_object_array_add (events, e);
  }
  mg_said_add (text, N_("Fight %u begins (%s):"), st->fight->number,
               mg_message_word (kind == K_DEATH ? N_("to the death") : kind == K_ARENA ? N_("arena") : N_("practice")));
  for (guint s = 0; s < st->fight->n_sides; s++)
    {
      if (s > 0)
        mg_said_add (text, "%s", tft_list_separator ());
      tft_say_text (text, "%s%s —", s > 0 ? "" : " ", st->fight->sides[s]);
      for (guint i = 0, k = 0; i < st->fight->n; i++)
        if (st->fight->f[i].side == s)
          tft_say_text (text, "%s %s", k++ ? "," : "", tft_fname (st, &st->fight->f[i]));
    }
  tft_say_text (text, ".");
  return TRUE;
}

static gint
side_find (const TftFight *fg, const char *name)
{
  for (guint s = 0; name && s < fg->n_sides; s++)
    if (strcmp (fg->sides[s], name) == 0)
      return (gint) s;
  return TFT_NONE;
}

static gboolean
do_initiative (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "winner", "first", NULL };
  TftFight *fg = st->fight;
  const char *wn = NULL, *fn = NULL;
  gint w = TFT_NONE, first = TFT_NONE;
  gboolean live[TFT_MAX_SIDES];
  json_object *e;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_opt_string (j, NULL, "winner", TFT_ACTION_ERR, &wn, error) ||
      !mg_json_opt_string (j, NULL, "first", TFT_ACTION_ERR, &fn, error))
    return FALSE;
  if (fg == NULL)
    return mg_illegal (error, N_("No fight is in progress."));
  if (!refuse_when_over (st, error))
    return FALSE;
  if (fg->phase != PH_OPTIONS)
    return mg_illegal (error, N_("Initiative is rolled at the start of a turn."));
  if (fg->init_winner != TFT_NONE)
    return mg_illegal (error, N_("Initiative was already rolled this turn (%s won)."), fg->sides[fg->init_winner]);
  for (guint i = 0; i < fg->n; i++)
    if (fg->f[i].opt != OPT_UNSET)
      return mg_illegal (error, N_("Initiative is rolled before anyone chooses an option."));
  if (wn && (w = side_find (fg, wn)) < 0)
    return mg_illegal (error, N_("\"%s\" is not a side in this fight."), wn);
  if (fn && (first = side_find (fg, fn)) < 0)
    return mg_illegal (error, N_("\"%s\" is not a side in this fight."), fn);
  memset (fg->init_rolls, 0, sizeof fg->init_rolls);
  if (!wn)
    {
      guint left = fg->n_sides;
      for (guint s = 0; s < fg->n_sides; s++)
        live[s] = TRUE;
      while (left > 1)
        {
          guint v[TFT_MAX_SIDES], k = 0, best = 0;
          if (!tft_roll (r, left, 6, "initiative", v, error))
            return FALSE;
          for (guint s = 0; s < fg->n_sides; s++)
            if (live[s])
              best = MAX (best, v[k]), fg->init_rolls[s] = v[k++];
          left = 0;
          for (guint s = 0; s < fg->n_sides; s++)
            if (live[s] && (live[s] = (guint) fg->init_rolls[s] == best))
              left++, w = s;
        }
    }
  fg->init_winner = w;
  fg->init_first = fn ? first : w;
  e = mg_event_new ("initiative", "figure", NULL);
  json_object_object_add (e, "winner", json_object_new_string (fg->sides[w]));
  json_object_object_add (e, "first", json_object_new_string (fg->sides[fg->init_first]));
  json_object_array_add (events, e);
  /* A side is one name ("Ann", "Germans" as a side): it wins, in the singular (issue 45). */
  if (fg->init_first != w)
    /* Translators: two sides of a fight: the first won the initiative, the second moves first */
    mg_said_add (text, N_("%s wins the initiative and tells %s to move first."), fg->sides[w],
                            fg->sides[fg->init_first]);
  else
    mg_said_add (text, N_("%s wins the initiative and moves first."), fg->sides[w]);
  return TRUE;
}

static gboolean
do_flee (TftState *st, json_object *j, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", NULL };
  const char *name;
  gint xi;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, &name, error))
    return FALSE;
  if ((xi = tft_fighter_in_fight (st, name, error)) < 0)
    return FALSE;
  if (!tft_able (st, &st->fight->f[xi]))
    return mg_illegal (error, N_("%s cannot run away now."), name);
  if (tft_board (st))
    {
      /* arena combat: escape "from the door from which they entered" (p. 20): from a door hex */
      const TftArena *ar = tft_board (st);
      gboolean door = FALSE;
      for (guint k = 0; k < ar->n_doors; k++)
        door |= ar->doors[k] == st->fight->f[xi].hex;
      if (!door)
        return mg_illegal (error, N_("%s must stand on a door of the arena to escape through it."), name);
      st->fight->f[xi].hex = TFT_NONE;
    }
  st->fight->f[xi].life = L_FLED;
  tft_close_slots (st->fight, xi);
  tft_after_slot (st);
  json_object_array_add (events, mg_event_new ("fled", "figure", name));
  mg_said_add (text, N_("%s escapes through the door."), name);
  return TRUE;
}

static gboolean
do_end_turn (TftState *st, json_object *j, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "retreats", NULL };
  TftFight *fg = st->fight;
  json_object *ret;
  gint last;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error))
    return FALSE;
  if (fg == NULL)
    return mg_illegal (error, N_("No fight is in progress."));
  /* a turn in which the last enemy fell still ends (it was fought); none after it */
  if (fg->phase == PH_OVER)
    return refuse_when_over (st, error);
  if (fg->phase == PH_OPTIONS)
    return mg_illegal (error, N_("The turn ends after the attacks (action \"attacks\" first)."));
  if (tft_next_slot (fg) >= 0)
    return mg_illegal (error, N_("%s has not acted yet this turn (attack, or pass)."),
                    tft_fname (st, &fg->f[fg->order[tft_next_slot (fg)].fi]));
  if ((ret = mg_json_member (j, "retreats")) != NULL)
    {
      if (!mg_json_array (ret, "retreats", TFT_ACTION_ERR, 0, TFT_MAX_FIGHTERS, NULL, error))
        return FALSE;
      for (guint i = 0; i < json_object_array_length (ret); i++)
        {
          json_object *it = json_object_array_get_idx (ret, i);
          const char *fn, *bn;
          gint yi, xi;
          if (!mg_json_get_string (it, NULL, "figure", TFT_ACTION_ERR, &fn, NULL) ||
              !mg_json_get_string (it, NULL, "by", TFT_ACTION_ERR, &bn, NULL))
            {
              g_autofree char *p = mg_json_path_index ("retreats", i);   /* only to word the refusal */
              return mg_json_get_string (it, p, "figure", TFT_ACTION_ERR, &fn, error) &&
                     mg_json_get_string (it, p, "by", TFT_ACTION_ERR, &bn, error);
            }
          if ((yi = tft_fighter_find (st, fn)) < 0 || (xi = tft_fighter_find (st, bn)) < 0)
            return mg_illegal (error, N_("%s is not in this fight."), yi < 0 ? fn : bn);
          if (!((fg->f[xi].inflicted >> yi) & 1))
            return mg_illegal (error, N_("%s did not hit %s this turn with a hand weapon, so cannot force a retreat."), bn, fn);
          if (fg->f[xi].took_hits)
            return mg_illegal (error, N_("%s took hits this turn and cannot force a retreat."), bn);
          {
            json_object *e = mg_event_new ("retreat", "figure", fn);
            json_object_object_add (e, "by", json_object_new_string (bn));
            json_object_array_add (events, e);
            if (!tft_board (st))
              mg_said_add (text, N_("%s forces %s back one hex. "), bn, fn);
            else if (!tft_board_retreat (st, it, &fg->f[yi], &fg->f[xi], text, error))
              return FALSE;
          }
        }
    }
  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      x->hits_last_turn = x->hits_turn;
      x->hits_turn = 0;
      if (x->fell_now)
        x->fell_turn = fg->turn;
      x->fell_now = x->lost_attack = x->bending = x->took_hits = x->use_mg = FALSE;
      x->opt = OPT_UNSET;
      x->mg_target = -1;
      x->moved = 0;
      x->flying = FALSE;
      x->attacks_made = 0;
      x->inflicted = 0;
      x->hex0 = x->hex;
      x->facing0 = x->facing;
    }
  fg->n_order = 0;
  memset (fg->ties, 0, sizeof fg->ties);
  fg->init_winner = fg->init_first = TFT_NONE;
  memset (fg->init_rolls, 0, sizeof fg->init_rolls);
  fg->turn++;
  st->turn++;
  tft_board_engage_all (st);
  fg->phase = tft_sides_able (st, &last) <= 1 ? PH_OVER : PH_OPTIONS;
  {
    json_object *e = mg_event_new ("turn_ended", "figure", NULL);
    tft_ev_int (e, "fight_turn", fg->turn - 1);
    json_object_array_add (events, e);
  }
  mg_said_add (text, N_("Turn %u of fight %u ends."), fg->turn - 1, fg->number);
  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *x = &fg->f[i];
      if (x->life == L_FIGHTING)
        mg_said_add (text, N_(" %s: ST %d, adjusted DX %d next turn."), tft_fname (st, x), tft_st_now (st, x),
                                tft_fighter_adj_dx (st, x));
    }
  if (fg->phase == PH_OVER)
    mg_said_add (text, N_(" One side is out: end the fight."));
  return TRUE;
}

static gdouble
side_average (const TftState *st, guint side, gboolean others)
{
  gint total = 0, n = 0;
  for (guint i = 0; i < st->fight->n; i++)
    if ((st->fight->f[i].side == side) != others)
      {
        const TftFigure *f = tft_fig_of (st, &st->fight->f[i]);
        total += f->st + f->dx;
        n++;
      }
  return n ? (gdouble) total / n : 0;
}

/* fg->turn is the turn to come once end_turn has closed one: a turn counts as fought once
 * anything happened in it (initiative, an option, the attacks). */
gboolean
tft_turn_begun (const TftFight *fg)
{
  if (fg->phase == PH_ATTACKS || fg->phase == PH_END)
    return TRUE;
  if (fg->phase == PH_OVER)
    return FALSE;
  if (fg->init_winner != TFT_NONE)
    return TRUE;
  for (guint i = 0; i < fg->n; i++)
    if (fg->f[i].opt != OPT_UNSET)
      return TRUE;
  return FALSE;
}

static guint
turns_fought (const TftFight *fg)
{
  return tft_turn_begun (fg) ? fg->turn : fg->turn - 1;
}

/* Takes one weapon w off a roster figure; the next weapon becomes ready if w was. */
static void
roster_lose_weapon (const TftRuleset *rs, TftFigure *f, gint w)
{
  tft_list_remove (f->weapons, &f->n_weapons, w);
  if (f->ready == w)
    {
      f->ready = f->n_weapons > 0 ? f->weapons[0] : TFT_NONE;
      if (f->ready >= 0 && rs->weapons[f->ready].two_handed)
        f->shield_ready = FALSE;
    }
}

/* The unconscious figures the winners slay ("slain"), in a combat to the death only. */
static gboolean
end_fight_slay (TftState *st, json_object *j, GError **error)
{
  TftFight *fg = st->fight;
  Along al[TFT_MAX_FIGHTERS];
  guint n;

  if (mg_json_member (j, "slain") == NULL)
    return TRUE;
  if (!tft_parse_along (st, j, "slain", al, TFT_MAX_FIGHTERS, &n, error))
    return FALSE;
  if (fg->kind != K_DEATH && n > 0)
    return mg_illegal (error, N_("Unconscious figures may not be slain except in a combat to the death."));
  for (guint i = 0; i < n; i++)
    {
      if (fg->f[al[i].fi].life != L_UNCONSCIOUS)
        return mg_illegal (error, N_("%s is not lying unconscious."), tft_fname (st, &fg->f[al[i].fi]));
      fg->f[al[i].fi].life = L_DEAD;
    }
  return TRUE;
}

/* The EP a living fighter earns by the kind of fight (p. 20); `winner` the winning side or TFT_NONE. */
static gint
end_fight_ep (const TftState *st, const TftFighter *x, gint winner)
{
  const TftRuleset *rs = &st->rs;
  gboolean won = winner >= 0 && x->side == (guint) winner;
  gdouble own = side_average (st, x->side, FALSE), foe = side_average (st, x->side, TRUE);
  gint ep = 0;

  switch (st->fight->kind)
    {
    case K_DEATH:
      if (won && x->life != L_FLED)
        ep = foe - own > rs->ep_death_margin ? rs->ep_death_sup : rs->ep_death;
      break;
    case K_ARENA:
      if (won && x->life != L_FLED)
        ep = rs->ep_arena_win;
      else
        ep = x->life == L_FLED && x->hits == 0 ? rs->ep_arena_fled : rs->ep_arena_def;
      if (own <= foe - rs->ep_arena_margin)
        ep += rs->ep_arena_weak;
      break;
    case K_PRACTICE:
      if (x->life == L_FIGHTING && tft_st_now (st, x) > rs->ep_practice_st)
        ep = rs->ep_practice;
      break;
    }
  return ep;
}

/* One fighter's end of the fight on its roster figure: EP, fights, kills, life, broken weapons,
 * its history entry; its EP into `eps` and its record into `record` (the event's). */
static void
end_fight_figure (TftState *st, const TftFighter *x, gint winner, gboolean abandon, json_object *eps,
                  json_object *record, MgSaid *text)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  TftFigure *f = tft_figure_mut (st, x->fig);   /* this state's own: copies share figures */
  gboolean won = winner >= 0 && x->side == (guint) winner;
  gboolean alive = x->life != L_DEAD;
  gint ep = !abandon && alive ? end_fight_ep (st, x, winner) : 0;
  const char *result;
  json_object *h = json_object_new_object ();

  result = abandon ? "abandoned" : !alive ? "killed" : x->life == L_FLED ? "fled" : won ? "won" : winner < 0 ? "draw" : "lost";
  f->ep = MAX (0, f->ep + ep);
  f->fights++;
  f->wins += g_str_equal (result, "won");
  f->kills += x->kills;
  f->alive = alive;
  tft_ev_int (eps, f->name, ep);
  json_object_object_add (h, "fight", json_object_new_int (fg->number));
  json_object_object_add (h, "kind", json_object_new_string (kind_names[fg->kind]));
  json_object_object_add (h, "side", json_object_new_string (fg->sides[x->side]));
  json_object_object_add (h, "result", json_object_new_string (result));
  json_object_object_add (h, "hits", json_object_new_int (x->hits));
  json_object_object_add (h, "ep", json_object_new_int (ep));
  json_object_object_add (h, "kills", json_object_new_int (x->kills));
  json_object_object_add (h, "turns", json_object_new_int (turns_fought (fg)));
  {
    /* The journal keeps every fight's record (the state only the latest few). */
    json_object *r = json_object_new_object ();
    json_object_object_add (r, "figure", json_object_new_string (f->name));
    json_object_object_foreach (h, k, v)
      json_object_object_add (r, k, json_object_get (v));
    json_object_array_add (record, r);
  }
  tft_history_add (f, "fight", st->turn, h);
  if (ep != 0)
    mg_said_add (text, N_(" %s %+d EP (%d)."), f->name, ep, f->ep);
  else if (!alive)
    mg_said_add (text, N_(" %s is dead."), f->name);
  for (guint k = 0; k < x->n_broken; k++)
    {
      roster_lose_weapon (rs, f, x->broken[k]);
      mg_said_add (text, N_(" %s's %s stays broken (a new one can be given between fights)."), f->name,
                              mg_message_word (rs->weapons[x->broken[k]].name));
    }
}

static gboolean
do_end_fight (TftState *st, json_object *j, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "slain", "abandon", NULL };
  TftFight *fg = st->fight;
  gboolean abandon = FALSE;
  json_object *e, *eps, *record;
  gint winner;
  guint live;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_opt_bool (j, NULL, "abandon", TFT_ACTION_ERR, &abandon, error))
    return FALSE;
  if (fg == NULL)
    return mg_illegal (error, N_("No fight is in progress."));
  live = tft_sides_able (st, &winner);
  if (live > 1 && !abandon)
    {
      g_autoptr(GString) who = g_string_new (NULL);
      for (guint i = 0; i < fg->n; i++)
        if (tft_able (st, &fg->f[i]))
          g_string_append_printf (who, "%s%s (%s)", who->len ? ", " : "", tft_fname (st, &fg->f[i]), fg->sides[fg->f[i].side]);
      return mg_illegal (error, N_("More than one side still has figures able to fight: %s."), who->str);
    }
  if (!end_fight_slay (st, j, error))
    return FALSE;
  if (live == 0 || abandon)
    winner = TFT_NONE;
  e = mg_event_new ("fight_ended", "figure", NULL);
  eps = json_object_new_object ();
  record = json_object_new_array ();
  tft_ev_int (e, "fight", fg->number);
  json_object_object_add (e, "winner", winner >= 0 ? json_object_new_string (fg->sides[winner]) : NULL);
  if (abandon)
    mg_said_add (text, N_("Fight %u is abandoned; nobody gains experience."), fg->number);
  else if (winner >= 0)
    /* Translators: a side is one name ("Romans", "Ann"): it wins, in the singular, as it wins
     * the initiative (issue 45) */
    mg_said_add (text, N_("Fight %u is over: %s wins."), fg->number, fg->sides[winner]);
  else
    mg_said_add (text, N_("Fight %u is over: nobody is left standing."), fg->number);
  for (guint i = 0; i < fg->n; i++)
    end_fight_figure (st, &fg->f[i], winner, abandon, eps, record, text);
  json_object_object_add (e, "ep", eps);
  json_object_object_add (e, "figures", record);
  json_object_array_add (events, e);
  tft_fight_free (fg);
  st->fight = NULL;
  st->turn++;
  return TRUE;
}

/* ---------------------------------------------------------------- the action table */

/* A handler of the vocabulary (docs/rules/tft.md); one that rolls no die leaves `r` alone. */
typedef gboolean (*TftPlain)  (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error);
typedef gboolean (*TftRolled) (TftState *st, json_object *a, TftRoller *r, json_object *events, MgSaid *text,
                               GError **error);

/* Plays a handler on `state`, the copy mg-actions.c made, with a roller on play->dice (its log kept
 * in the state for mg_tft_dice_needed). legal_actions() marks a form's example with "template",
 * which is not part of the action; `slot`: the action uses up an entry of the attack order. The
 * handler says its sentences as messages in play->said (docs/messages.md, tft_say); a play that
 * keeps none (validate(), the odds and the duel model: said NULL) has none made, as the duel model
 * played through the engine would run about a fifth slower making them. */
static gboolean
tft_play (MgState *state, json_object *action, MgPlay *play, TftPlain plain, TftRolled rolled, gboolean slot,
          GError **error)
{
  TftState *st = (TftState *) state;
  g_autoptr(json_object) clean = NULL;
  TftRoller r = { play->dice, 0, 0, 0, NULL };
  gboolean ok;

  if (mg_json_member (action, "template"))
    {
      clean = json_object_new_object ();
      json_object_object_foreach (action, k, v)
        if (strcmp (k, "template") != 0)
          json_object_object_add (clean, k, json_object_get (v));
      action = clean;
    }
  if (rolled != NULL)
    ok = rolled (st, action, &r, play->events, play->said, error);
  else
    ok = plain (st, action, play->events, play->said, error);
  r.dice = NULL;
  st->rolled = r;
  if (ok && slot)
    tft_after_slot (st);
  return ok;
}

/* One MgActionFunc per type: a handler that rolls no die (PLAIN), that rolls (ROLLED), or that
 * takes the next entry of the attack order (SLOT). */
#define TFT_PLAIN(type, fn) \
  static gboolean play_##type (MgState *s, json_object *a, MgPlay *p, GError **e) \
  { return tft_play (s, a, p, fn, NULL, FALSE, e); }
#define TFT_ROLLED(type, fn, slot) \
  static gboolean play_##type (MgState *s, json_object *a, MgPlay *p, GError **e) \
  { return tft_play (s, a, p, NULL, fn, slot, e); }

TFT_PLAIN (create_figure, tft_create_figure)
TFT_PLAIN (edit_figure, tft_edit_figure)
TFT_PLAIN (set_gear, tft_set_gear)
TFT_PLAIN (spend_ep, tft_spend_ep)
TFT_PLAIN (remove_figure, tft_remove_figure)
TFT_PLAIN (start_fight, do_start_fight)
TFT_ROLLED (initiative, do_initiative, FALSE)
TFT_ROLLED (option, do_option, FALSE)
TFT_ROLLED (attacks, do_attacks, FALSE)
TFT_ROLLED (attack, tft_do_attack, TRUE)
TFT_ROLLED (pass, do_pass, TRUE)
TFT_ROLLED (draw_dagger, do_draw_dagger, TRUE)
TFT_ROLLED (disengage, do_disengage, TRUE)
TFT_PLAIN (flee, do_flee)
TFT_PLAIN (end_turn, do_end_turn)
TFT_PLAIN (end_fight, do_end_fight)

static const MgAction tft_action_list[] = {
  { "create_figure", play_create_figure },
  { "edit_figure", play_edit_figure },
  { "set_gear", play_set_gear },
  { "spend_ep", play_spend_ep },
  { "remove_figure", play_remove_figure },
  { "start_fight", play_start_fight },
  { "initiative", play_initiative },
  { "option", play_option },
  { "attacks", play_attacks },
  { "attack", play_attack },
  { "pass", play_pass },
  { "draw_dagger", play_draw_dagger },
  { "disengage", play_disengage },
  { "flee", play_flee },
  { "end_turn", play_end_turn },
  { "end_fight", play_end_fight },
};

static MgState *
tft_copy (const MgState *state)
{
  return (MgState *) tft_state_copy ((const TftState *) state);
}

/* The game never ends (a campaign of fights): no `over`. No pointer into itself: the bytes swap. */
const MgActions tft_actions = {
  .actions = tft_action_list,
  .n_actions = G_N_ELEMENTS (tft_action_list),
  .copy = tft_copy,
  .size = sizeof (TftState),
};

gboolean
tft_play_action (TftState *st, json_object *action, MgDice *dice, GError **error)
{
  const MgAction *act = mg_actions_find (&tft_actions, mg_action_type (action));
  MgPlay play = { dice, json_object_new_array (), NULL, FALSE, NULL };
  gboolean ok;

  if (act == NULL)
    {
      /* Not an action of the game: the shared refusal says why. */
      ok = mg_actions_validate ((const MgState *) st, action, error);
      g_warn_if_fail (!ok);
      json_object_put (play.events);
      return FALSE;
    }
  ok = act->play ((MgState *) st, action, &play, error);
  json_object_put (play.events);
  return ok;
}
