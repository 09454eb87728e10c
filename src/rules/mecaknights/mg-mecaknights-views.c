/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-views.c — MecaKnights views: turn, pending, describe, tables, legal actions, army options. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-mecaknights-private.h"


gint
mk_turn (const MgState *state)
{
  return ((const MkState *) state)->turn;
}

static json_object *
strs (GPtrArray *a)
{
  json_object *o = json_object_new_array ();
  for (guint i = 0; i < a->len; i++)
    json_object_array_add (o, json_object_new_string (g_ptr_array_index (a, i)));
  return o;
}

/* Armies of `leader` that could still start a move this turn. */
static GPtrArray *
movable_armies (const MkState *st, gint leader)
{
  GPtrArray *out = g_ptr_array_new ();
  if (st->leaders[leader].moves_used >= mk_moves_allowed (st))
    return out;
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      MkBattle *b = a->battle ? mk_battle_find (st, a->battle) : NULL;
      if (a->leader == leader && !a->moved && !mk_lone_catapult (a) && (b == NULL || b->step == STEP_CONTINUES))
        g_ptr_array_add (out, a->id);
    }
  return out;
}

/* Before the start: the GM sets the campaign up. */
static void
pending_setup (json_object *waiting, GString *text)
{
  json_object *w = json_object_new_object ();

  json_object_object_add (w, "seat", json_object_new_string ("GM"));
  json_object_object_add (w, "for", json_object_new_string ("setup"));
  json_object_array_add (waiting, w);
  g_string_append (text, _("Setup: import a map, set leaders' colours and capitals, then start."));
}

/* Casualty choices waiting, each for its leader. */
static void
pending_choices (const MkState *st, json_object *waiting, GString *text)
{
  for (guint i = 0; i < st->choices->len; i++)
    {
      MkChoice *c = g_ptr_array_index (st->choices, i);
      json_object *w = mk_choice_json (st, c);
      json_object_object_add (w, "seat", json_object_new_string (st->leaders[c->leader].name));
      json_object_object_add (w, "for", json_object_new_string ("choice"));
      json_object_object_del (w, "leader");
      json_object_array_add (waiting, w);
      if (text->len)
        g_string_append_c (text, ' ');
      g_string_append_printf (text, mk_choice_text (c->why, c->count), st->leaders[c->leader].name, c->count);
    }
}

/* The first battle waiting for its defender to reinforce, then fight, or NULL. */
static const MkBattle *
reinforcing_battle (const MkState *st)
{
  for (guint i = 0; i < st->battles->len; i++)
    if (((MkBattle *) g_ptr_array_index (st->battles, i))->step == STEP_REINFORCE)
      return g_ptr_array_index (st->battles, i);
  return NULL;
}

/* The defender of `rb` may reinforce (with these armies), then fight. */
static void
pending_reinforce (const MkState *st, const MkBattle *rb, json_object *waiting, GString *text)
{
  json_object *w = json_object_new_object (), *may = json_object_new_array ();

  json_object_object_add (w, "seat", json_object_new_string (st->leaders[rb->defender].name));
  json_object_object_add (w, "for", json_object_new_string ("fight"));
  json_object_object_add (w, "battle", json_object_new_int64 (rb->id));
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->leader == rb->defender && !a->battle && !a->afloat && !mk_lone_catapult (a) &&
          mk_walkable (st, a->land, rb->land))
        json_object_array_add (may, json_object_new_string (a->id));
    }
  json_object_object_add (w, "may_reinforce", may);
  json_object_array_add (waiting, w);
  g_string_append_printf (text, _("Battle %u on %s: %s may reinforce, then fight."), rb->id, rb->land,
                          st->leaders[rb->defender].name);
}

/* The action types the current leader may take in this phase. */
static json_object *
turn_may (const MkState *st)
{
  static const char * const collect_may[] = { "collect", NULL };
  static const char * const build_may[] = { "build", "build_bridge", "destroy_bridge", "build_boat", "destroy_boat",
                                            "train", "upgrade", "organize", "move", "navigate", "fire",
                                            "take_control", "model_bonus", "end_turn", NULL };
  static const char * const move_may[] = { "organize", "move", "navigate", "fire", "take_control", "model_bonus",
                                           "end_turn", NULL };
  const char * const *list = st->phase == PHASE_COLLECT ? collect_may : st->phase == PHASE_BUILD ? build_may : move_may;
  const MkLeader *cur = &st->leaders[st->current];
  json_object *may = json_object_new_array ();

  for (guint i = 0; list[i]; i++)
    {
      if (strcmp (list[i], "organize") == 0 && cur->moves_used > 0)
        continue;
      if (strcmp (list[i], "model_bonus") == 0 && cur->bonus)
        continue;
      json_object_array_add (may, json_object_new_string (list[i]));
    }
  return may;
}

/* "Turn 3, spring (2 army moves). Red builds and trains, … 1 army move left." */
static void
turn_text (const MkState *st, GString *text)
{
  const MkLeader *cur = &st->leaders[st->current];
  guint allowed = mk_moves_allowed (st);

  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Turn %u, %s (%u army move).",
                                             "Turn %u, %s (%u army moves).", allowed),
                          st->turn, mk_season_name (st), allowed);
  if (st->phase == PHASE_COLLECT)
    g_string_append_printf (text, _(" %s collects taxes and resources."), cur->name);
  else if (st->phase == PHASE_BUILD)
    g_string_append_printf (text, _(" %s builds and trains, then organizes and moves."), cur->name);
  else
    g_string_append_printf (text, _(" %s moves and fights."), cur->name);
  if (st->phase != PHASE_COLLECT)
    {
      guint left = allowed > cur->moves_used ? allowed - cur->moves_used : 0;
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " %u army move left.", " %u army moves left.", left),
                              left);
    }
}

/* The current leader's turn, and the battles it attacks in that go on (fight or move away). */
static void
pending_turn (const MkState *st, json_object *waiting, GString *text)
{
  const MkLeader *cur = &st->leaders[st->current];
  json_object *w = json_object_new_object (), *forced = json_object_new_array ();
  g_autoptr(GPtrArray) movable = movable_armies (st, st->current);

  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->leader == (gint) st->current && a->forced)
        json_object_array_add (forced, json_object_new_string (a->id));
    }
  json_object_object_add (w, "seat", json_object_new_string (cur->name));
  json_object_object_add (w, "for", json_object_new_string ("turn"));
  json_object_object_add (w, "phase", json_object_new_string (mk_phase_ids[st->phase]));
  json_object_object_add (w, "may", turn_may (st));
  json_object_object_add (w, "armies_may_move", strs (movable));
  json_object_object_add (w, "forced_walks_used", forced);
  json_object_array_add (waiting, w);
  turn_text (st, text);
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (b->step == STEP_CONTINUES && b->attacker == (gint) st->current && b->fought_turn < st->turn)
        {
          json_object *f = json_object_new_object ();
          json_object_object_add (f, "seat", json_object_new_string (cur->name));
          json_object_object_add (f, "for", json_object_new_string ("fight"));
          json_object_object_add (f, "battle", json_object_new_int64 (b->id));
          json_object_object_add (f, "may_reinforce", json_object_new_array ());
          json_object_array_add (waiting, f);
          g_string_append_printf (text, _(" The battle on %s goes on: fight or move away."), b->land);
        }
    }
}

json_object *
mk_pending (const MgState *state)
{
  const MkState *st = (const MkState *) state;
  json_object *o = json_object_new_object (), *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);
  const MkLeader *cur = &st->leaders[st->current];
  guint allowed = mk_moves_allowed (st);
  const MkBattle *rb;

  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "phase", json_object_new_string (mk_phase_ids[st->phase]));
  json_object_object_add (o, "over", json_object_new_boolean (FALSE));
  json_object_object_add (o, "season", json_object_new_string (st->rs->seasons[mk_season_index (st, st->turn, NULL)].name));
  json_object_object_add (o, "moves_allowed", json_object_new_int64 (allowed));
  json_object_object_add (o, "moves_left", json_object_new_int64 (allowed > cur->moves_used ? allowed - cur->moves_used : 0));
  json_object_object_add (o, "current", json_object_new_string (cur->name));
  json_object_object_add (o, "gm", mk_gm_json (st));
  if (!st->started)
    pending_setup (waiting, text);
  else if (st->choices->len > 0)
    pending_choices (st, waiting, text);
  else if ((rb = reinforcing_battle (st)) != NULL)
    pending_reinforce (st, rb, waiting, text);
  else
    pending_turn (st, waiting, text);
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

char *
mk_describe (const MgState *state, const char *seat)
{
  const MkState *st = (const MkState *) state;
  GString *s = g_string_new (NULL);
  guint year;
  guint si = mk_season_index (st, st->turn, &year);

  if (mk_gm_for_turn (st, st->turn) >= 0)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Turn %u, year %u, %s: %u army move per leader; %s is the GM.",
                                            "Turn %u, year %u, %s: %u army moves per leader; %s is the GM.",
                                            st->rs->seasons[si].moves),
                            st->turn, year, _(st->rs->seasons[si].name), st->rs->seasons[si].moves,
                            st->leaders[mk_gm_for_turn (st, st->turn)].name);
  else
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Turn %u, year %u, %s: %u army move per leader.",
                                            "Turn %u, year %u, %s: %u army moves per leader.",
                                            st->rs->seasons[si].moves),
                            st->turn, year, _(st->rs->seasons[si].name), st->rs->seasons[si].moves);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      g_autofree char *t = mk_purse_text (&st->leaders[i].purse);
      guint lands = 0, armies = 0;
      for (guint k = 0; k < st->map.lands->len; k++)
        lands += ((MkLand *) g_ptr_array_index (st->map.lands, k))->owner == (gint) i;
      for (guint k = 0; k < st->armies->len; k++)
        armies += ((MkArmy *) g_ptr_array_index (st->armies, k))->leader == (gint) i;
      g_autofree char *n_lands = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u land", "%u lands", lands), lands);
      g_autofree char *n_armies = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u army", "%u armies", armies), armies);
      /* Translators: a leader's line in the turn summary: name, treasury, "3 lands", "2 armies". */
      g_string_append_printf (s, _(" %s: %s; %s, %s."), st->leaders[i].name, t, n_lands, n_armies);
    }
  for (guint k = 0; k < st->armies->len; k++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, k);
      g_autofree char *u = mk_units_text (a->units);
      g_string_append_printf (s, _(" %s on %s: %s."), a->id, a->land, u);
    }
  for (guint k = 0; k < st->battles->len; k++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, k);
      g_string_append_printf (s, _(" Battle on %s: %s against %s, round %u."), b->land, st->leaders[b->attacker].name,
                              st->leaders[b->defender].name, b->round);
    }
  return g_string_free (s, FALSE);
}

void
mk_tables (const MgState *state, MgRows *rows)
{
  /* Columns in the order of schema/mecaknights/0001-tables.sql's rows as they always were. */
  static const char * const leader_cols[] = { "name", "colour", "capital", "gp", "wood", "stone", "food", "iron", NULL };
  static const char * const land_cols[] = {
    "name", "resource", "owner", "city", "capital", "wall", "camp", "wood", "stone", "food", "iron", NULL
  };
  static const char * const army_cols[] = {
    "id", "leader", "land", "infantry", "heavy_infantry", "archer", "catapult", "cavalry", NULL
  };
  const MkState *st = (const MkState *) state;

  G_STATIC_ASSERT (MK_N_RES == 4 && MK_N_UNITS == 5);   /* mk_res_ids and mk_unit_ids, as above */
  mg_rows_table (rows, "leader", leader_cols);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      const MkLeader *l = &st->leaders[i];
      mg_rows_text (rows, l->name);
      mg_rows_text (rows, l->colour);
      mg_rows_text (rows, l->capital);
      mg_rows_int (rows, l->purse.gp);
      for (guint k = 0; k < MK_N_RES; k++)
        mg_rows_int (rows, l->purse.res[k]);
      mg_rows_end_row (rows);
    }
  mg_rows_table (rows, "land", land_cols);
  for (guint i = 0; i < st->map.lands->len; i++)
    {
      const MkLand *l = g_ptr_array_index (st->map.lands, i);
      mg_rows_text (rows, l->name);
      mg_rows_text (rows, mk_res_ids[l->resource]);
      mg_rows_text (rows, l->owner >= 0 ? st->leaders[l->owner].name : NULL);
      mg_rows_text (rows, l->city ? mk_city_ids[l->city] : NULL);
      mg_rows_int (rows, l->capital);
      mg_rows_text (rows, l->wall ? mk_wall_ids[l->wall] : NULL);
      mg_rows_int (rows, l->camp);
      for (guint k = 0; k < MK_N_RES; k++)
        mg_rows_int (rows, l->lying[k]);
      mg_rows_end_row (rows);
    }
  mg_rows_table (rows, "army", army_cols);
  for (guint i = 0; i < st->armies->len; i++)
    {
      const MkArmy *a = g_ptr_array_index (st->armies, i);
      mg_rows_text (rows, a->id);
      mg_rows_text (rows, st->leaders[a->leader].name);
      mg_rows_text (rows, a->land);
      for (guint u = 0; u < MK_N_UNITS; u++)
        mg_rows_int (rows, a->units[u]);
      mg_rows_end_row (rows);
    }
}

/* ---------------------------------------------------------------- legal actions */

typedef struct {
  const MkState *st;
  const char    *seat;       /* a leader's name, or NULL for every seat and the GM */
  json_object   *out;
  GHashTable    *types;      /* one action a type (mg_mk_legal_types): the types offered so far; else NULL */
  const char    *only;       /* with types: this type only (mg_mk_type_legal); else NULL */
} Legal;

/* One action a type is asked for and one of `type` is offered already (or another type only
 * is asked for). */
static gboolean
seen (Legal *l, const char *type)
{
  return l->types != NULL && ((l->only != NULL && strcmp (type, l->only) != 0) || g_hash_table_contains (l->types, type));
}

/* Whether the current leader's actions of `type` are worth trying: not seen, and allowed by the
 * turn and phase, which their function checks first whatever their members (mk_need_turn (c,
 * build, move)): so a step of a phase that is not open is not played on a copy of the state. */
static gboolean
turn_wanted (Legal *l, const char *type, gboolean build, gboolean move)
{
  return !seen (l, type) && mk_turn_open (l->st, (gint) l->st->current, build, move, NULL);
}

/* Keeps `action` (stolen) if it is `seat`'s to take and validate () accepts it as it stands. */
static void
offer (Legal *l, json_object *action)
{
  const char *player = json_object_get_string (mg_json_member (action, "player"));
  const char *type = mg_action_type (action);

  if (!seen (l, type) && (l->seat == NULL || g_strcmp0 (player, l->seat) == 0)
      && mg_state_validate ((const MgState *) l->st, action, NULL))
    {
      if (l->types != NULL)
        g_hash_table_add (l->types, (gpointer) type);
      json_object_array_add (l->out, action);
    }
  else
    json_object_put (action);
}

/* {"type":type,"player":player} (player NULL: the GM's), then members as key, json pairs. */
static json_object *
act_json (const char *type, const char *player, ...)
{
  json_object *a = json_object_new_object ();
  const char *key;
  va_list args;

  json_object_object_add (a, "type", json_object_new_string (type));
  if (player != NULL)
    json_object_object_add (a, "player", json_object_new_string (player));
  va_start (args, player);
  while ((key = va_arg (args, const char *)) != NULL)
    json_object_object_add (a, key, va_arg (args, json_object *));
  va_end (args);
  return a;
}

#define S(x) json_object_new_string (x)

static json_object *
paths_json (const char *a, const char *b)
{
  json_object *p = json_object_new_array ();
  json_object_array_add (p, S (a));
  if (b != NULL)
    json_object_array_add (p, S (b));
  return p;
}

static void
offer_setup (Legal *l)
{
  const MkState *st = l->st;

  offer (l, act_json ("import_map", NULL, "map", mk_map_json (&st->map, LEADER_NAMES (st)),
                      "template", json_object_new_boolean (TRUE), NULL));
  for (guint i = 0; i < st->n_leaders; i++)
    {
      const char *who = st->leaders[i].name;
      offer (l, act_json ("set_leader", NULL, "leader", S (who), "colour", S (st->leaders[i].colour),
                          "template", json_object_new_boolean (TRUE), NULL));
      for (guint k = 0; k < st->map.lands->len && !seen (l, "set_leader"); k++)
        offer (l, act_json ("set_leader", NULL, "leader", S (who),
                            "capital", S (((MkLand *) g_ptr_array_index (st->map.lands, k))->name), NULL));
    }
  for (guint r = 0; mk_gm_ids[r]; r++)
    for (guint i = 0; i < st->n_leaders && !seen (l, "set_gm"); i++)
      offer (l, act_json ("set_gm", NULL, "rotation", S (mk_gm_ids[r]), "first", S (st->leaders[i].name), NULL));
  offer (l, act_json ("start", NULL, NULL));
}

/* A `lose` that takes the first eligible units: the leader picks, so it is a template. */
static void
offer_lose (Legal *l, const MkChoice *c)
{
  g_autoptr(json_object) eligible = mk_choice_eligible (l->st, c);
  json_object *units = json_object_new_array ();
  guint left = c->count;

  for (guint i = 0; i < json_object_array_length (eligible) && left > 0; i++)
    {
      json_object *e = json_object_array_get_idx (eligible, i);
      guint n = MIN (left, (guint) json_object_get_int (mg_json_member (e, "max")));
      json_object *u = json_object_new_object ();
      json_object_object_add (u, "army", json_object_get (mg_json_member (e, "army")));
      json_object_object_add (u, "unit", json_object_get (mg_json_member (e, "unit")));
      json_object_object_add (u, "count", json_object_new_int (n));
      json_object_array_add (units, u);
      left -= n;
    }
  offer (l, act_json ("lose", l->st->leaders[c->leader].name, "units", units,
                      "template", json_object_new_boolean (TRUE), NULL));
}

static void
offer_battles (Legal *l)
{
  const MkState *st = l->st;

  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      offer (l, act_json ("fight", NULL, "battle", json_object_new_int (b->id), NULL));
      offer (l, act_json ("fight", st->leaders[b->attacker].name, "battle", json_object_new_int (b->id), NULL));
      offer (l, act_json ("fight", st->leaders[b->defender].name, "battle", json_object_new_int (b->id), NULL));
      for (guint k = 0; b->step == STEP_REINFORCE && k < st->armies->len; k++)
        {
          MkArmy *a = g_ptr_array_index (st->armies, k);
          if (a->leader == b->defender)
            offer (l, act_json ("reinforce", st->leaders[a->leader].name, "army", S (a->id),
                                "battle", json_object_new_int (b->id), NULL));
        }
    }
}

static void
offer_builds (Legal *l, const char *me)
{
  const MkState *st = l->st;
  static const char * const whats[] = { "hamlet", "village", "town", "camp", "wood_wall", "stone_wall", NULL };

  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *land = g_ptr_array_index (st->map.lands, k);
      /* A leader builds and trains only on a land under its flag: mk_act_build and
       * mk_act_train refuse any other, whatever the rest of the action. */
      gboolean own = land->owner == (gint) st->current;

      for (guint w = 0; own && whats[w] && turn_wanted (l, "build", TRUE, FALSE); w++)
        offer (l, act_json ("build", me, "land", S (land->name), "what", S (whats[w]), NULL));
      for (guint u = 0; own && u < MK_N_UNITS && turn_wanted (l, "train", TRUE, FALSE); u++)
        {
          /* The count is the leader's to choose: one is the example. */
          offer (l, act_json ("train", me, "land", S (land->name), "unit", S (mk_unit_ids[u]),
                              "count", json_object_new_int (1), "template", json_object_new_boolean (TRUE), NULL));
          for (guint i = 0; i < st->armies->len; i++)
            {
              MkArmy *a = g_ptr_array_index (st->armies, i);
              if (!a->afloat && strcmp (a->land, land->name) == 0)
                offer (l, act_json ("train", me, "land", S (land->name), "unit", S (mk_unit_ids[u]),
                                    "count", json_object_new_int (1), "army", S (a->id),
                                    "template", json_object_new_boolean (TRUE), NULL));
            }
        }
    }
  for (guint i = 0; i < st->map.rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (st->map.rivers, i);
      for (guint k = 0; k + 1 < r->pairs->len; k += 2)
        for (guint side = 0; side < 2; side++)
          {
            const char *x = g_ptr_array_index (r->pairs, k + side), *y = g_ptr_array_index (r->pairs, k + 1 - side);
            if (!r->large)
              {
                if (turn_wanted (l, "build_bridge", TRUE, FALSE))
                  offer (l, act_json ("build_bridge", me, "land", S (x), "to", S (y), NULL));
                if (turn_wanted (l, "destroy_bridge", TRUE, FALSE))
                  offer (l, act_json ("destroy_bridge", me, "land", S (x), "to", S (y), NULL));
              }
            else if (turn_wanted (l, "build_boat", TRUE, FALSE))
              offer (l, act_json ("build_boat", me, "land", S (x), "river", S (r->name), NULL));
          }
    }
  for (guint i = 0; i < st->boats->len && turn_wanted (l, "destroy_boat", TRUE, FALSE); i++)
    offer (l, act_json ("destroy_boat", me, "boat", S (((MkBoat *) g_ptr_array_index (st->boats, i))->id), NULL));
}

/* Moves one land away (every neighbour), and two for those that may go on (cavalry, a forced
 * walk), with the stances and choices that arrival asks for. */
static void
offer_moves (Legal *l, const char *me, MkArmy *a)
{
  const MkState *st = l->st;
  static const char * const extras[][2] = { { NULL, NULL }, { "stance", "peace" }, { "stance", "war" },
                                            { "plunder", NULL }, { "claim", NULL } };

  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *n = g_ptr_array_index (st->map.lands, k);
      if (a->afloat || !turn_wanted (l, "move", TRUE, TRUE) || !mk_walkable (st, a->land, n->name))
        continue;
      for (guint e = 0; e < G_N_ELEMENTS (extras); e++)
        {
          json_object *m = act_json ("move", me, "army", S (a->id), "path", paths_json (n->name, NULL), NULL);
          if (extras[e][0] != NULL && extras[e][1] != NULL)
            json_object_object_add (m, extras[e][0], S (extras[e][1]));
          else if (extras[e][0] != NULL)
            {
              json_object_object_add (m, extras[e][0], json_object_new_boolean (TRUE));
              json_object_object_add (m, "stance", S ("war"));
            }
          offer (l, m);
        }
      for (guint j = 0; j < st->map.lands->len; j++)
        {
          MkLand *far = g_ptr_array_index (st->map.lands, j);
          if (far == n || strcmp (far->name, a->land) == 0 || !turn_wanted (l, "move", TRUE, TRUE)
              || !mk_walkable (st, n->name, far->name))
            continue;
          offer (l, act_json ("move", me, "army", S (a->id), "path", paths_json (n->name, far->name), NULL));
          offer (l, act_json ("move", me, "army", S (a->id), "path", paths_json (n->name, far->name),
                              "forced_walk", json_object_new_boolean (TRUE), NULL));
        }
    }
  for (guint i = 0; i < st->map.rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (st->map.rivers, i);
      for (guint k = 0; r->large && k + 1 < r->pairs->len && turn_wanted (l, "navigate", TRUE, TRUE); k += 2)
        for (guint side = 0; side < 2; side++)
          if (strcmp (g_ptr_array_index (r->pairs, k + side), a->land) == 0)
            offer (l, act_json ("navigate", me, "army", S (a->id),
                                "path", paths_json (g_ptr_array_index (r->pairs, k + 1 - side), NULL), NULL));
    }
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *t = g_ptr_array_index (st->armies, i);
      if (t->leader != a->leader && turn_wanted (l, "fire", TRUE, TRUE))
        offer (l, act_json ("fire", me, "army", S (a->id), "target", S (t->id), NULL));
    }
  if (turn_wanted (l, "take_control", TRUE, TRUE))
    offer (l, act_json ("take_control", me, "army", S (a->id), NULL));
  if (turn_wanted (l, "take_control", TRUE, TRUE))
    offer (l, act_json ("take_control", me, "army", S (a->id), "stance", S ("war"), NULL));
  if (turn_wanted (l, "upgrade", TRUE, FALSE))
    offer (l, act_json ("upgrade", me, "army", S (a->id), "count", json_object_new_int (1),
                      "template", json_object_new_boolean (TRUE), NULL));
}

/* Organize: the armies on a land as they stand, for the leader to regroup. */
static void
offer_organize (Legal *l, const char *me, gint leader)
{
  const MkState *st = l->st;

  for (guint k = 0; k < st->map.lands->len && turn_wanted (l, "organize", TRUE, TRUE); k++)
    {
      MkLand *land = g_ptr_array_index (st->map.lands, k);
      json_object *armies = json_object_new_array ();
      for (guint i = 0; i < st->armies->len; i++)
        {
          MkArmy *a = g_ptr_array_index (st->armies, i);
          json_object *o;
          if (a->leader != leader || a->afloat || strcmp (a->land, land->name) != 0)
            continue;
          o = mk_units_json (a->units);
          json_object_object_add (o, "id", S (a->id));
          json_object_array_add (armies, o);
        }
      if (json_object_array_length (armies) == 0)
        json_object_put (armies);
      else
        offer (l, act_json ("organize", me, "land", S (land->name), "armies", armies,
                            "template", json_object_new_boolean (TRUE), NULL));
    }
}

/* The GM's corrections, open at any time: an example for each leader and land. */
static void
offer_corrections (Legal *l)
{
  const MkState *st = l->st;

  for (guint i = 0; i < st->n_leaders && !seen (l, "adjust"); i++)
    offer (l, act_json ("adjust", NULL, "leader", S (st->leaders[i].name), "gp", json_object_new_int (1),
                        "template", json_object_new_boolean (TRUE), NULL));
  for (guint k = 0; k < st->map.lands->len && !seen (l, "edit_land"); k++)
    offer (l, act_json ("edit_land", NULL, "land", S (((MkLand *) g_ptr_array_index (st->map.lands, k))->name),
                        "template", json_object_new_boolean (TRUE), NULL));
  /* A new leader (its name, and after the start a free land, are the GM's to give). */
  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *land = g_ptr_array_index (st->map.lands, k);
      offer (l, act_json ("add_leader", NULL, "leader", S (_("New leader")), "capital", S (land->name),
                          "template", json_object_new_boolean (TRUE), NULL));
      if (l->out != NULL && json_object_array_length (l->out) > 0 &&
          g_strcmp0 (mg_action_type (json_object_array_get_idx (l->out, json_object_array_length (l->out) - 1)),
                     "add_leader") == 0)
        break;
    }
  offer (l, act_json ("correct_map", NULL, "map", mk_map_json (&st->map, LEADER_NAMES (st)),
                      "template", json_object_new_boolean (TRUE), NULL));
}

/* legal_actions (), or with `types` its first action of each type only (of `only`, if not NULL). */
static json_object *
legal (const MgState *state, const char *seat, GHashTable *types, const char *only)
{
  const MkState *st = (const MkState *) state;
  Legal l = { st, NULL, json_object_new_array (), types, only };
  const char *me = st->leaders[st->current].name;

  if (g_strcmp0 (seat, MG_SEAT_ALL) != 0)
    {
      if (mk_find_leader (st, seat) < 0)
        return l.out;
      l.seat = seat;
    }
  if (!st->started)
    offer_setup (&l);
  for (guint i = 0; i < st->choices->len; i++)
    offer_lose (&l, g_ptr_array_index (st->choices, i));
  offer_battles (&l);
  if (st->started)
    {
      /* In the order of the turn: collect, build and train, organize, move, then the rest. */
      offer (&l, act_json ("collect", me, NULL));
      offer_builds (&l, me);
      offer_organize (&l, me, st->current);
      for (guint i = 0; i < st->armies->len; i++)
        {
          MkArmy *a = g_ptr_array_index (st->armies, i);
          if (a->leader == (gint) st->current)
            offer_moves (&l, me, a);
        }
      offer (&l, act_json ("model_bonus", me, NULL));
      offer (&l, act_json ("end_turn", me, NULL));
    }
  if (l.seat == NULL)
    offer_corrections (&l);
  return l.out;
}

json_object *
mk_legal_actions (const MgState *state, const char *seat)
{
  return legal (state, seat, NULL, NULL);
}

json_object *
mg_mk_legal_types (const MgState *state)
{
  g_autoptr(GHashTable) types = g_hash_table_new (g_str_hash, g_str_equal);

  return legal (state, MG_SEAT_ALL, types, NULL);
}

gboolean
mg_mk_type_legal (const MgState *state, const char *type)
{
  g_autoptr(GHashTable) types = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(json_object) found = legal (state, MG_SEAT_ALL, types, type);

  return json_object_array_length (found) > 0;
}

#undef S

/* ---------------------------------------------------------------- public helpers */

json_object *
mg_mk_army_options (const MgState *state, const char *army_id)
{
  const MkState *st = (const MkState *) state;
  MkArmy *a = mk_army_find (st, army_id);
  json_object *o = json_object_new_object (), *reach = json_object_new_array (), *freach = json_object_new_array (),
              *fire = json_object_new_array ();
  g_autoptr(GError) why = NULL;
  gboolean can = FALSE;

  json_object_object_add (o, "army", json_object_new_string (army_id ? army_id : ""));
  if (a == NULL)
    {
      json_object_object_add (o, "can_move", json_object_new_boolean (FALSE));
      json_object_object_add (o, "why_not", json_object_new_string (_("There is no such army.")));
      return o;
    }
  {
    MkCtx c = { (MkState *) st, NULL, NULL, NULL, a->leader };
    if (!st->started || st->current != (guint) a->leader || st->phase == PHASE_COLLECT)
      mg_refuse (&why, MG_RULES_ERROR_ILLEGAL, N_("It is not %s's move phase."),
                   st->leaders[a->leader].name);
    else if (a->afloat)
      mg_refuse (&why, MG_RULES_ERROR_ILLEGAL, N_("%s is on a boat; it navigates."), a->id);
    else if (mk_lone_catapult (a))
      mg_refuse (&why, MG_RULES_ERROR_ILLEGAL, N_("%s is a catapult without infantry."), a->id);
    else
      can = mk_can_move (&c, a, &why);
  }
  if (can)
    {
      /* Breadth-first over walkable lands, stopping at other leaders' armies. */
      guint base = mk_all_cavalry (a) ? st->rs->cavalry_lands : st->rs->move_lands;
      guint max = base + (a->forced ? 0 : st->rs->forced_extra);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GPtrArray) frontier = g_ptr_array_new ();
      g_ptr_array_add (frontier, a->land);
      g_hash_table_add (seen, a->land);
      for (guint d = 1; d <= max && frontier->len; d++)
        {
          g_autoptr(GPtrArray) next = g_ptr_array_new ();
          for (guint f = 0; f < frontier->len; f++)
            for (guint k = 0; k < st->map.lands->len; k++)
              {
                MkLand *l = g_ptr_array_index (st->map.lands, k);
                if (g_hash_table_contains (seen, l->name) || !mk_walkable (st, g_ptr_array_index (frontier, f), l->name))
                  continue;
                g_hash_table_add (seen, l->name);
                json_object_array_add (d <= base ? reach : freach, json_object_new_string (l->name));
                if (!mk_has_army (st, a->leader, l->name, TRUE))
                  g_ptr_array_add (next, l->name);
              }
          g_ptr_array_set_size (frontier, 0);
          g_ptr_array_extend_and_steal (frontier, g_steal_pointer (&next));
          next = NULL;
        }
      if (a->units[U_CATAPULT] > 0)
        for (guint k = 0; k < st->armies->len; k++)
          {
            MkArmy *t = g_ptr_array_index (st->armies, k);
            if (t->leader != a->leader && !t->afloat && mk_walkable (st, a->land, t->land))
              json_object_array_add (fire, json_object_new_string (t->id));
          }
    }
  json_object_object_add (o, "can_move", json_object_new_boolean (can));
  json_object_object_add (o, "why_not", why ? json_object_new_string (why->message) : NULL);
  json_object_object_add (o, "reach", reach);
  json_object_object_add (o, "forced_reach", freach);
  {
    json_object *cost = json_object_new_object ();
    json_object_object_add (cost, "food", json_object_new_int64 (st->rs->forced_food * mk_army_size (a)));
    json_object_object_add (o, "forced_walk_cost", cost);
  }
  json_object_object_add (o, "can_fire", fire);
  json_object_object_add (o, "can_navigate", json_object_new_boolean (can && mk_own_boat_at (st, a->leader, a->land) != NULL));
  json_object_object_add (o, "can_upgrade", json_object_new_boolean (a->units[U_INFANTRY] > 0 && st->phase == PHASE_BUILD &&
                                                                     st->current == (guint) a->leader));
  return o;
}

