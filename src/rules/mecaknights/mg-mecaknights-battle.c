/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-battle.c — MecaKnights battles: archers, close combat, walls, and the casualties leaders choose. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-mecaknights-private.h"

const char * const mk_step_ids[] = { "reinforce", "archers", "result", "continues", NULL };
const char * const mk_why_ids[] = { "archers", "catapult", "winner", "draw", NULL };

MkBattle *
mk_battle_find (const MkState *st, guint id)
{
  for (guint i = 0; i < st->battles->len; i++)
    if (((MkBattle *) g_ptr_array_index (st->battles, i))->id == id)
      return g_ptr_array_index (st->battles, i);
  return NULL;
}

MkBattle *
mk_battle_on (const MkState *st, const char *land)
{
  for (guint i = 0; i < st->battles->len; i++)
    if (strcmp (((MkBattle *) g_ptr_array_index (st->battles, i))->land, land) == 0)
      return g_ptr_array_index (st->battles, i);
  return NULL;
}

/* Units of `leader`'s armies engaged in battle `id`; returns how many armies. */
static guint
side_units (const MkState *st, guint id, gint leader, guint *units)
{
  guint n = 0;

  memset (units, 0, sizeof (guint) * MK_N_UNITS);
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->battle != id || a->leader != leader)
        continue;
      n++;
      for (guint u = 0; u < MK_N_UNITS; u++)
        units[u] += a->units[u];
    }
  return n;
}

static gboolean
choices_for (const MkState *st, guint battle)
{
  for (guint i = 0; i < st->choices->len; i++)
    if (((MkChoice *) g_ptr_array_index (st->choices, i))->battle == battle)
      return TRUE;
  return FALSE;
}

/* The wall that protects `leader` on the battle's land: only the owner's armies stand inside. */
static MkWall
wall_for (const MkState *st, const MkBattle *b, gint leader)
{
  MkLand *l = mk_map_land (&st->map, b->land);
  return l != NULL && l->owner == leader ? l->wall : WALL_NONE;
}

static gboolean
unit_hittable (MkWhy why, MkUnit u)
{
  /* Heavy infantry and catapults are immune to archers. */
  return why != WHY_ARCHERS || (u != U_HEAVY && u != U_CATAPULT);
}

json_object *
mk_choice_eligible (const MkState *st, const MkChoice *c)
{
  json_object *list = json_object_new_array ();

  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      gboolean in = c->why == WHY_CATAPULT ? strcmp (a->id, c->army) == 0
                                            : (a->battle == c->battle && a->leader == c->leader);
      if (!in)
        continue;
      for (guint u = 0; u < MK_N_UNITS; u++)
        if (a->units[u] > 0 && unit_hittable (c->why, u))
          {
            json_object *e = json_object_new_object ();
            json_object_object_add (e, "army", json_object_new_string (a->id));
            json_object_object_add (e, "unit", json_object_new_string (mk_unit_ids[u]));
            json_object_object_add (e, "max", json_object_new_int64 (a->units[u]));
            json_object_array_add (list, e);
          }
    }
  return list;
}

static guint
eligible_total (json_object *eligible)
{
  guint n = 0;
  for (guint i = 0; i < json_object_array_length (eligible); i++)
    n += json_object_get_int (mg_json_member (json_object_array_get_idx (eligible, i), "max"));
  return n;
}

/* Whole sentences for each reason units are lost (archers, catapult, the winner's loss, a
 * draw), so a translator places the reason where the language wants it. */
static const char *
no_such_unit_text (MkWhy why)
{
  switch (why)
    {
    case WHY_ARCHERS: return N_("%s has no %s that can be lost to the archers.");
    case WHY_CATAPULT: return N_("%s has no %s that can be lost to the catapult.");
    case WHY_WINNER: return N_("%s has no %s that can be lost as the winner's loss.");
    default: return N_("%s has no %s that can be lost in the draw.");
    }
}

/* The English forms, by reason (MkWhy's order), so a refusal keeps its msgids for another
 * language (mg_illegal_n). */
static const char * const lose_exactly_forms[][2] = {
  MG_PLURAL_PAIR ("%s must lose exactly %u unit to the archers, not %u.",
                  "%s must lose exactly %u units to the archers, not %u."),
  MG_PLURAL_PAIR ("%s must lose exactly %u unit to the catapult, not %u.",
                  "%s must lose exactly %u units to the catapult, not %u."),
  MG_PLURAL_PAIR ("%s must lose exactly %u unit as the winner's loss, not %u.",
                  "%s must lose exactly %u units as the winner's loss, not %u."),
  MG_PLURAL_PAIR ("%s must lose exactly %u unit in the draw, not %u.",
                  "%s must lose exactly %u units in the draw, not %u."),
};

/* Translators: the %s are the army, then how many of which unit ("2 infantry"). */
static const char *
loses_text (MkWhy why)
{
  switch (why)
    {
    case WHY_ARCHERS: return N_("%s loses %s to the archers.");
    case WHY_CATAPULT: return N_("%s loses %s to the catapult.");
    case WHY_WINNER: return N_("%s loses %s as the winner's loss.");
    default: return N_("%s loses %s in the draw.");
    }
}

/* What a leader must choose, by reason (MkWhy's order). */
static const char * const choice_forms[][2] = {
  MG_PLURAL_PAIR ("%s chooses %u unit to lose to the archers.", "%s chooses %u units to lose to the archers."),
  MG_PLURAL_PAIR ("%s chooses %u unit to lose to the catapult.", "%s chooses %u units to lose to the catapult."),
  MG_PLURAL_PAIR ("%s chooses %u unit to lose as the winner's loss.",
                  "%s chooses %u units to lose as the winner's loss."),
  MG_PLURAL_PAIR ("%s chooses %u unit to lose in the draw.", "%s chooses %u units to lose in the draw."),
};

const char *
mk_choice_text (MkWhy why, guint n)
{
  return g_dngettext (GETTEXT_PACKAGE, choice_forms[MIN (why, WHY_DRAW)][0], choice_forms[MIN (why, WHY_DRAW)][1], n);
}

void
mk_choice_say (MgSaid *said, MkWhy why, guint n, const char *leader)
{
  mg_said_add_n (said, choice_forms[MIN (why, WHY_DRAW)][0], choice_forms[MIN (why, WHY_DRAW)][1], n, leader, n);
}

gboolean
mk_choice_check (const MkState *st, const MkChoice *c, json_object *units, GError **error)
{
  static const char * const known[] = { "army", "unit", "count", NULL };
  g_autoptr(json_object) eligible = mk_choice_eligible (st, c);
  g_autofree guint *taken = g_new0 (guint, json_object_array_length (eligible) + 1);
  guint total = 0;
  gsize n;

  if (!mg_json_array (units, "units", MK_ACTION_ERR, 1, 100, &n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      json_object *o = json_object_array_get_idx (units, i);
      g_autofree char *p = mg_json_path_index ("units", i);
      const char *army;
      guint unit, count = 1;
      gboolean found = FALSE;

      if (!mg_json_object (o, p, MK_ACTION_ERR, error) || !mg_json_only (o, p, MK_ACTION_ERR, known, error) ||
          !mg_json_get_string (o, p, "army", MK_ACTION_ERR, &army, error) ||
          !mg_json_get_choice (o, p, "unit", MK_ACTION_ERR, mk_unit_ids, &unit, error) ||
          !mg_json_opt_uint (o, p, "count", MK_ACTION_ERR, 1, 100, &count, error))
        return FALSE;
      for (guint e = 0; e < json_object_array_length (eligible); e++)
        {
          json_object *el = json_object_array_get_idx (eligible, e);
          if (strcmp (json_object_get_string (mg_json_member (el, "army")), army) != 0 ||
              strcmp (json_object_get_string (mg_json_member (el, "unit")), mk_unit_ids[unit]) != 0)
            continue;
          found = TRUE;
          taken[e] += count;
          if (taken[e] > (guint) json_object_get_int (mg_json_member (el, "max")))
            {
              g_autoptr(MgSaid) most = mk_unit_count_said (unit, (guint) json_object_get_int (mg_json_member (el, "max")));
              return mg_illegal (error, N_("%s has only %s."), army, mg_message_phrase (most));
            }
        }
      if (!found)
        {
          if (!unit_hittable (c->why, unit))
            return mg_illegal (error, N_("%s is immune to archers; choose an infantry, archer or cavalry unit."),
                                     mk_unit_word (unit, 1));
          return mg_illegal (error, no_such_unit_text (c->why), army, mk_unit_word (unit, 1));
        }
      total += count;
    }
  if (total != c->count)
    return mg_illegal_n (error, lose_exactly_forms[MIN (c->why, WHY_DRAW)][0], lose_exactly_forms[MIN (c->why, WHY_DRAW)][1],
                         c->count, st->leaders[c->leader].name, c->count, total);
  return TRUE;
}

void
mk_choice_apply (MkState *st, const MkChoice *c, json_object *units, json_object *events, MgSaid *said)
{
  for (guint i = 0; i < json_object_array_length (units); i++)
    {
      json_object *o = json_object_array_get_idx (units, i);
      json_object *cnt = mg_json_member (o, "count");
      guint count = cnt ? (guint) json_object_get_int (cnt) : 1;
      MkArmy *a = mk_army_find (st, json_object_get_string (mg_json_member (o, "army")));
      guint u;
      json_object *e;

      for (u = 0; u < MK_N_UNITS; u++)
        if (strcmp (mk_unit_ids[u], json_object_get_string (mg_json_member (o, "unit"))) == 0)
          break;
      a->units[u] -= count;
      e = mg_event_new ("unit_lost", NULL, NULL);
      json_object_object_add (e, "leader", json_object_new_string (st->leaders[a->leader].name));
      json_object_object_add (e, "army", json_object_new_string (a->id));
      json_object_object_add (e, "unit", json_object_new_string (mk_unit_ids[u]));
      json_object_object_add (e, "count", json_object_new_int64 (count));
      json_object_object_add (e, "why", json_object_new_string (mk_why_ids[c->why]));
      json_object_array_add (events, e);
      {
        g_autoptr(MgSaid) lost = mk_unit_count_said (u, count);

        mg_said_add_text (said, " ");
        mg_said_add (said, loses_text (c->why), a->id, mg_message_phrase (lost));
      }
      if (mk_army_size (a) == 0)
        mk_army_remove (st, a, events);
    }
}

void
mk_choice_offer (MkState *st, gint leader, MkWhy why, guint battle, const char *army, guint count,
                 json_object *events, MgSaid *said)
{
  MkChoice *c = g_new0 (MkChoice, 1);
  g_autoptr(json_object) eligible = NULL;
  guint total;

  c->leader = leader;
  c->why = why;
  c->battle = battle;
  c->army = g_strdup (army);
  eligible = mk_choice_eligible (st, c);
  total = eligible_total (eligible);
  c->count = MIN (count, total);
  if (c->count == 0)
    {
      mk_choice_free (c);
      return;
    }
  /* Nothing to choose: every eligible unit goes, or they are all one kind in one army. */
  if (c->count == total || json_object_array_length (eligible) == 1)
    {
      g_autoptr(json_object) units = json_object_new_array ();
      for (guint i = 0; i < json_object_array_length (eligible); i++)
        {
          json_object *el = json_object_array_get_idx (eligible, i);
          json_object *u = json_object_new_object ();
          guint max = json_object_get_int (mg_json_member (el, "max"));
          json_object_object_add (u, "army", json_object_get (mg_json_member (el, "army")));
          json_object_object_add (u, "unit", json_object_get (mg_json_member (el, "unit")));
          json_object_object_add (u, "count", json_object_new_int64 (c->count == total ? max : c->count));
          json_object_array_add (units, u);
        }
      mk_choice_apply (st, c, units, events, said);
      mk_choice_free (c);
      return;
    }
  {
    json_object *e = mg_event_new ("choice", NULL, NULL);
    json_object_object_add (e, "leader", json_object_new_string (st->leaders[leader].name));
    json_object_object_add (e, "why", json_object_new_string (mk_why_ids[why]));
    json_object_object_add (e, "count", json_object_new_int64 (c->count));
    json_object_array_add (events, e);
  }
  mg_said_add_text (said, " ");
  mk_choice_say (said, why, c->count, st->leaders[leader].name);
  g_ptr_array_add (st->choices, c);
}

/* A side's armies: "Red 1 (3 infantry, 1 archer), Red 2 (…)", a phrase. */
static MgSaid *
side_said (const MkState *st, guint id, gint leader)
{
  MgSaid *s = mg_said_new ();
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->battle != id || a->leader != leader)
        continue;
      mk_army_units_say (s, mg_said_length (s) ? ", " : "", a);
    }
  return s;
}

void
mk_battle_start (MkState *st, const char *land, gint attacker, gint defender, json_object *events, MgSaid *said)
{
  MkBattle *b = g_new0 (MkBattle, 1);
  json_object *e;
  g_autoptr(MgSaid) ta = NULL;
  g_autoptr(MgSaid) td = NULL;

  b->id = st->next_battle++;
  b->land = g_strdup (land);
  b->attacker = attacker;
  b->defender = defender;
  b->round = 1;
  b->step = STEP_REINFORCE;
  b->reinforced = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (!a->afloat && strcmp (a->land, land) == 0 && (a->leader == attacker || a->leader == defender))
        a->battle = b->id;
    }
  g_ptr_array_add (st->battles, b);
  ta = side_said (st, b->id, attacker);
  td = side_said (st, b->id, defender);
  e = mg_event_new ("battle_started", NULL, NULL);
  json_object_object_add (e, "battle", json_object_new_int64 (b->id));
  json_object_object_add (e, "land", json_object_new_string (land));
  json_object_object_add (e, "attacker", json_object_new_string (st->leaders[attacker].name));
  json_object_object_add (e, "defender", json_object_new_string (st->leaders[defender].name));
  json_object_array_add (events, e);
  mg_said_add (said, N_(" Battle %u on %s: %s against %s; %s may reinforce before the fight."),
               b->id, land, mg_message_phrase (ta), mg_message_phrase (td), st->leaders[defender].name);
}

static void
battle_end (MkState *st, MkBattle *b, json_object *events, MgSaid *said)
{
  json_object *e = mg_event_new ("battle_ended", NULL, NULL);
  guint units[MK_N_UNITS];
  gint survivor = side_units (st, b->id, b->attacker, units) ? b->attacker
                : side_units (st, b->id, b->defender, units) ? b->defender : -1;

  json_object_object_add (e, "battle", json_object_new_int64 (b->id));
  json_object_object_add (e, "land", json_object_new_string (b->land));
  json_object_object_add (e, "holds", survivor >= 0 ? json_object_new_string (st->leaders[survivor].name) : NULL);
  json_object_array_add (events, e);
  if (survivor >= 0)
    mg_said_add (said, N_(" Battle %u is over: %s holds %s."), b->id, st->leaders[survivor].name, b->land);
  else
    mg_said_add (said, N_(" Battle %u is over: no army is left on %s."), b->id, b->land);
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->battle == b->id)
        a->battle = 0;
    }
  g_ptr_array_remove (st->battles, b);
}

void
mk_battles_tidy (MkState *st, json_object *events, MgSaid *said)
{
  for (guint i = st->battles->len; i-- > 0;)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      guint units[MK_N_UNITS];
      if (choices_for (st, b->id))
        continue;
      if (side_units (st, b->id, b->attacker, units) == 0 || side_units (st, b->id, b->defender, units) == 0)
        battle_end (st, b, events, said);
    }
}

/* Counted units in close combat: archers and catapults do not count; walls multiply. */
static guint
close_count (const MkState *st, const MkBattle *b, gint leader, const guint *u, guint heavy_weight)
{
  return (u[U_INFANTRY] + u[U_HEAVY] * heavy_weight + u[U_CAVALRY]) *
         st->rs->wall_multiplier[wall_for (st, b, leader)];
}

json_object *
mk_battle_sides_json (const MkState *st, const MkBattle *b)
{
  json_object *o = json_object_new_object ();
  gint sides[2] = { b->attacker, b->defender };
  static const char * const names[2] = { "attacker", "defender" };

  for (guint s = 0; s < 2; s++)
    {
      json_object *side = json_object_new_object ();
      MkWall own = wall_for (st, b, sides[s]), enemy = wall_for (st, b, sides[1 - s]);
      guint u[MK_N_UNITS];

      side_units (st, b->id, sides[s], u);
      json_object_object_add (side, "archers", json_object_new_int64 (u[U_ARCHER]));
      json_object_object_add (side, "archers_stopped_by", st->rs->wall_stops_archers[enemy]
                                                          ? json_object_new_string (mk_wall_ids[enemy]) : NULL);
      json_object_object_add (side, "units", json_object_new_int64 (u[U_INFANTRY] + u[U_HEAVY] + u[U_CAVALRY]));
      json_object_object_add (side, "wall", own ? json_object_new_string (mk_wall_ids[own]) : NULL);
      json_object_object_add (side, "multiplier", json_object_new_int64 (st->rs->wall_multiplier[own]));
      json_object_object_add (side, "count", json_object_new_int64 (close_count (st, b, sides[s], u, 1)));
      json_object_object_add (side, "draw_count",
                              json_object_new_int64 (close_count (st, b, sides[s], u, st->rs->heavy_draw_weight)));
      json_object_object_add (side, "lone_catapult",
                              json_object_new_boolean (u[U_CATAPULT] > 0 && mk_purse_units (u) == u[U_CATAPULT]));
      json_object_object_add (o, names[s], side);
    }
  return o;
}

static void
remove_side (MkState *st, guint id, gint leader, json_object *events)
{
  for (guint i = st->armies->len; i-- > 0;)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->battle == id && a->leader == leader)
        mk_army_remove (st, a, events);
    }
}

static void
close_combat (MkState *st, MkBattle *b, json_object *events, MgSaid *said)
{
  guint ua[MK_N_UNITS], ud[MK_N_UNITS], ca, cd;
  gboolean lone_a, lone_d;
  gint winner = -1, loser = -1;
  json_object *e;
  const char *how = "count";

  if (side_units (st, b->id, b->attacker, ua) == 0 || side_units (st, b->id, b->defender, ud) == 0)
    {
      mk_battles_tidy (st, events, said);
      return;
    }
  ca = close_count (st, b, b->attacker, ua, 1);
  cd = close_count (st, b, b->defender, ud, 1);
  /* A side of catapults alone "automatically loses". */
  lone_a = ua[U_CATAPULT] > 0 && mk_purse_units (ua) == ua[U_CATAPULT];
  lone_d = ud[U_CATAPULT] > 0 && mk_purse_units (ud) == ud[U_CATAPULT];
  e = mg_event_new ("close_combat", NULL, NULL);
  json_object_object_add (e, "battle", json_object_new_int64 (b->id));
  json_object_object_add (e, "attacker_count", json_object_new_int64 (ca));
  json_object_object_add (e, "defender_count", json_object_new_int64 (cd));
  mg_said_add (said, N_(" Close combat on %s: %s %u against %s %u"), b->land,
               st->leaders[b->attacker].name, ca, st->leaders[b->defender].name, cd);
  if (lone_a != lone_d)
    {
      winner = lone_a ? b->defender : b->attacker;
      how = "lone_catapult";
    }
  else if (!lone_a && ca != cd)
    winner = ca > cd ? b->attacker : b->defender;
  else if (!lone_a)
    {
      guint ha = close_count (st, b, b->attacker, ua, st->rs->heavy_draw_weight);
      guint hd = close_count (st, b, b->defender, ud, st->rs->heavy_draw_weight);
      json_object_object_add (e, "attacker_heavy_count", json_object_new_int64 (ha));
      json_object_object_add (e, "defender_heavy_count", json_object_new_int64 (hd));
      if (ha != hd)
        {
          winner = ha > hd ? b->attacker : b->defender;
          how = "heavy_infantry";
          mg_said_add (said, N_("; a draw, but heavy infantry counts double: %u against %u"), ha, hd);
        }
    }
  if (winner >= 0)
    {
      loser = winner == b->attacker ? b->defender : b->attacker;
      json_object_object_add (e, "result", json_object_new_string ("win"));
      json_object_object_add (e, "winner", json_object_new_string (st->leaders[winner].name));
      json_object_object_add (e, "loser", json_object_new_string (st->leaders[loser].name));
      json_object_object_add (e, "by", json_object_new_string (how));
      json_object_array_add (events, e);
      mg_said_add (said, N_(". %s wins; %s's army is removed."), st->leaders[winner].name,
                   st->leaders[loser].name);
      remove_side (st, b->id, loser, events);
      b->step = STEP_RESULT;
      mk_choice_offer (st, winner, WHY_WINNER, b->id, NULL, 1, events, said);
    }
  else
    {
      json_object_object_add (e, "result", json_object_new_string ("draw"));
      json_object_array_add (events, e);
      mg_said_add (said, N_(". A draw: each side loses one unit."));
      b->step = STEP_RESULT;
      mk_choice_offer (st, b->attacker, WHY_DRAW, b->id, NULL, 1, events, said);
      mk_choice_offer (st, b->defender, WHY_DRAW, b->id, NULL, 1, events, said);
    }
  mk_battle_resume (st, b->id, events, said);
}

void
mk_battle_resume (MkState *st, guint id, json_object *events, MgSaid *said)
{
  MkBattle *b = mk_battle_find (st, id);
  guint units[MK_N_UNITS];

  if (b == NULL || choices_for (st, id))
    return;
  if (b->step == STEP_ARCHERS)
    {
      close_combat (st, b, events, said);
      return;
    }
  if (b->step != STEP_RESULT)
    return;
  if (side_units (st, id, b->attacker, units) > 0 && side_units (st, id, b->defender, units) > 0)
    {
      json_object *e = mg_event_new ("battle_continues", NULL, NULL);
      b->step = STEP_CONTINUES;
      b->round++;
      json_object_object_add (e, "battle", json_object_new_int64 (b->id));
      json_object_object_add (e, "round", json_object_new_int64 (b->round));
      json_object_array_add (events, e);
      mg_said_add (said, N_(" The battle on %s goes on next turn."), b->land);
    }
  else
    mk_battles_tidy (st, events, said);
}

void
mk_battle_fight (MkState *st, MkBattle *b, json_object *events, MgSaid *said)
{
  gint sides[2] = { b->attacker, b->defender };
  guint shots[2];

  b->fought_turn = st->turn;
  g_ptr_array_set_size (b->reinforced, 0);
  b->step = STEP_ARCHERS;
  mg_said_add (said, N_(" Round %u on %s."), b->round, b->land);
  /* Both sides' archers shoot at once: count the shots before any casualty. */
  for (guint s = 0; s < 2; s++)
    {
      guint units[MK_N_UNITS];
      side_units (st, b->id, sides[s], units);
      shots[s] = units[U_ARCHER];
    }
  for (guint s = 0; s < 2; s++)
    {
      gint target = sides[1 - s];
      MkWall wall = wall_for (st, b, target);
      json_object *e;

      if (shots[s] == 0)
        continue;
      e = mg_event_new ("archers", NULL, NULL);
      json_object_object_add (e, "battle", json_object_new_int64 (b->id));
      json_object_object_add (e, "leader", json_object_new_string (st->leaders[sides[s]].name));
      json_object_object_add (e, "shots", json_object_new_int64 (shots[s]));
      json_object_object_add (e, "target", json_object_new_string (st->leaders[target].name));
      if (st->rs->wall_stops_archers[wall])
        {
          json_object_object_add (e, "stopped_by", json_object_new_string (mk_wall_ids[wall]));
          json_object_array_add (events, e);
          mg_said_add (said, wall == WALL_STONE ? N_(" %s's archers shoot, but the stone wall stops them.")
                                               : N_(" %s's archers shoot, but the wood wall stops them."),
                       st->leaders[sides[s]].name);
          continue;
        }
      json_object_array_add (events, e);
      mg_said_add (said, N_(" %s's archers shoot first."), st->leaders[sides[s]].name);
      mk_choice_offer (st, target, WHY_ARCHERS, b->id, NULL, shots[s], events, said);
    }
  mk_battle_resume (st, b->id, events, said);
}
