/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft.c — TFT Melee: the roster, its history, and the state's life and JSON. */
#include "config.h"

#include <string.h>

#include "mg-tft-private.h"

/* ---------------------------------------------------------------- shared arithmetic */

gint
tft_figure_ma (const TftRuleset *rs, const TftFigure *fig)
{
  const TftBeast *b = tft_beast (rs, fig->kind);
  const TftRace *r = tft_race (rs, fig->kind);

  if (b != NULL)
    return fig->armor >= 0 ? MIN (b->ma, rs->armor[fig->armor].ma) : b->ma;
  if (fig->armor < 0)
    return r->ma;
  if (fig->armor < 8 && r->ma_in_armor[fig->armor] > 0)
    return r->ma_in_armor[fig->armor];
  return rs->armor[fig->armor].ma;
}

gint
tft_gear_dx (const TftRuleset *rs, gint armor, gint shield, gboolean shield_ready, gboolean mg_ready,
             gboolean mg_weapon)
{
  gint dx = 0;

  if (armor >= 0)
    dx += rs->armor[armor].dx;
  if (shield >= 0 && shield_ready)
    dx += rs->shields[shield].dx;
  else if (mg_ready)
    dx += mg_weapon ? rs->mg_dx_weapon : rs->mg_dx_shield;
  return dx;
}

TftRoll
tft_roll_result (const TftRuleset *rs, gint total, gint n, gint adj_dx, gboolean to_miss, gint *mult)
{
  *mult = 1;
  if (n == 3)
    {
      const TftAuto *tab = to_miss ? rs->misses : rs->autos;
      guint nt = to_miss ? rs->n_misses : rs->n_autos;
      for (guint i = 0; i < nt; i++)
        if (tab[i].roll == total)
          {
            *mult = tab[i].mult;
            return tab[i].result;
          }
    }
  else if (total >= rs->four_miss_at)
    return to_miss ? R_HIT : R_MISS;
  if (to_miss)
    return total <= adj_dx ? R_MISS : R_HIT;
  return total <= adj_dx ? R_HIT : R_MISS;
}

char *
tft_damage_text (gint dice, gint adds)
{
  if (adds == 0)
    return g_strdup_printf ("%d", dice);
  return g_strdup_printf ("%d%+d", dice, adds);
}

/* ---------------------------------------------------------------- figures */

static void
figure_free (gpointer p)
{
  TftFigure *f = p;

  if (!g_atomic_ref_count_dec (&f->refs))
    return;   /* another copy of the state still holds it */
  g_free (f->name);
  g_free (f->owner);
  for (guint i = 0; i < f->n_history; i++)
    g_ref_string_release (f->history[i]);
  g_free (f);
}

/* A figure of one's own: two strings and a reference per history entry (entries never change). */
static TftFigure *
figure_copy (const TftFigure *src)
{
  TftFigure *f = g_memdup2 (src, sizeof *src);

  g_atomic_ref_count_init (&f->refs);
  f->name = g_strdup (src->name);
  f->owner = g_strdup (src->owner);
  for (guint i = 0; i < f->n_history; i++)
    g_ref_string_acquire (f->history[i]);
  return f;
}

static TftFigure *
figure_new (void)
{
  TftFigure *f = g_new0 (TftFigure, 1);

  g_atomic_ref_count_init (&f->refs);
  return f;
}

TftFigure *
tft_figure_mut (TftState *st, guint i)
{
  TftFigure *f = g_ptr_array_index (st->roster, i);

  if (!g_atomic_ref_count_compare (&f->refs, 1))
    {
      TftFigure *own = figure_copy (f);
      figure_free (f);   /* drops this state's reference */
      st->roster->pdata[i] = own;
      f = own;
    }
  return f;
}

/* Keeps the entry's text; the oldest goes when TFT_HISTORY_KEEP are kept. */
static void
history_push (TftFigure *f, json_object *entry)
{
  if (f->n_history == TFT_HISTORY_KEEP)
    {
      g_ref_string_release (f->history[0]);
      memmove (&f->history[0], &f->history[1], sizeof f->history[0] * (TFT_HISTORY_KEEP - 1));
      f->n_history--;
    }
  f->history[f->n_history++] =
    g_ref_string_new (json_object_to_json_string_ext (entry, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
}

void
tft_history_add (TftFigure *f, const char *what, guint turn, json_object *extra)
{
  json_object *h = extra ? extra : json_object_new_object ();
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "what", json_object_new_string (what));
  json_object_object_add (o, "turn", json_object_new_int (turn));
  json_object_object_foreach (h, k, v)
    json_object_object_add (o, k, json_object_get (v));
  json_object_put (h);
  history_push (f, o);
  json_object_put (o);
}

static json_object *
history_json (const TftFigure *f)
{
  json_object *a = json_object_new_array_ext (f->n_history);

  for (guint i = 0; i < f->n_history; i++)
    json_object_array_add (a, json_tokener_parse (f->history[i]));
  return a;
}

gint
tft_figure_find (const TftState *st, const char *name)
{
  for (guint i = 0; name && i < st->roster->len; i++)
    if (strcmp (((TftFigure *) g_ptr_array_index (st->roster, i))->name, name) == 0)
      return (gint) i;
  return TFT_NONE;
}

static json_object *
weapons_ids (const TftRuleset *rs, const gint *w, guint n)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < n; i++)
    json_object_array_add (a, json_object_new_string (rs->weapons[w[i]].id));
  return a;
}

void
tft_say_text (MgSaid *said, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  if (said == NULL)
    return;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  mg_said_add_text (said, text);
}

const char *
tft_list_separator (void)
{
  /* Translators: between the parts of a list in a sentence ("MA 8; Spear, Dagger"); French puts
   * a space before it */
  return mg_message_word_ctx ("list separator", NC_("list separator", "; "));
}

/* A figure's weapons (and a beast's own attack) as a phrase: their words joined by ", "; empty
 * when it has none. */
static MgSaid *
weapons_said (const TftRuleset *rs, const TftFigure *f)
{
  MgSaid *s = mg_said_new ();
  const TftBeast *b = tft_beast (rs, f->kind);

  for (guint i = 0; i < f->n_weapons; i++)
    {
      if (i > 0)
        mg_said_add_text (s, ", ");
      mg_said_add (s, "%s", mg_message_word (rs->weapons[f->weapons[i]].name));
    }
  if (b && b->has_attack)
    {
      if (mg_said_length (s) > 0)
        mg_said_add_text (s, ", ");
      mg_said_add (s, "%s", mg_message_word (b->attack_name));
    }
  return s;
}

static gboolean
carries_mg (const TftRuleset *rs, const TftFigure *f)
{
  for (guint i = 0; i < f->n_weapons; i++)
    if (rs->weapons[f->weapons[i]].main_gauche)
      return TRUE;
  return FALSE;
}

/* A weapon's damage for this figure, outside HTH: dice and adds with the race's bonus. */
void
tft_figure_damage (const TftRuleset *rs, const TftFigure *f, gint w, gboolean thrown, gint *dice, gint *adds)
{
  const TftBeast *b = tft_beast (rs, f->kind);
  const TftRace *r = tft_race (rs, f->kind);

  if (w < 0)
    {
      *dice = b && b->has_attack ? b->attack_dice : 1;
      *adds = b && b->has_attack ? b->attack_adds : rs->bare_same;
      return;
    }
  *dice = rs->weapons[w].dice;
  *adds = rs->weapons[w].adds;
  if (b && b->has_club && strcmp (rs->weapons[w].id, "club") == 0)
    {
      *dice = b->club_dice * (f->st / 10);
      *adds = b->club_adds * (f->st / 10);
    }
  if (r && (r->bonus_weapons >> w) & 1)
    *adds += r->bonus_damage;
  if (r && tft_shot (rs, w, thrown))
    *adds += r->missile_damage;
}

static json_object *
card_json (const TftRuleset *rs, const TftFigure *f)
{
  json_object *o, *ws;
  const TftBeast *b;
  gint natural, mg;

  b = tft_beast (rs, f->kind);
  natural = b ? b->armor : 0;
  mg = carries_mg (rs, f);
  o = json_object_new_object ();
  json_object_object_add (o, "st", json_object_new_int (f->st));
  json_object_object_add (o, "dx", json_object_new_int (f->dx));
  json_object_object_add (o, "adj_dx", json_object_new_int (f->dx + tft_gear_dx (rs, f->armor, TFT_NONE, FALSE, mg, FALSE)));
  json_object_object_add (o, "adj_dx_shield", f->shield >= 0
                          ? json_object_new_int (f->dx + tft_gear_dx (rs, f->armor, f->shield, TRUE, FALSE, FALSE)) : NULL);
  json_object_object_add (o, "ma", json_object_new_int (tft_figure_ma (rs, f)));
  if (b != NULL && b->ma_flying > 0)
    json_object_object_add (o, "ma_flying", json_object_new_int (b->ma_flying));
  ws = json_object_new_array ();
  for (guint k = 0; k <= f->n_weapons; k++)
    {
      json_object *w;
      gint d, a;
      g_autofree char *dmg = NULL;
      if (k == f->n_weapons && !(b && b->has_attack))
        break;
      w = json_object_new_object ();
      tft_figure_damage (rs, f, k < f->n_weapons ? f->weapons[k] : TFT_NONE, FALSE, &d, &a);
      dmg = tft_damage_text (d, a);
      json_object_object_add (w, "id", json_object_new_string (k < f->n_weapons ? rs->weapons[f->weapons[k]].id : b->attack_id));
      /* Names as the ruleset spells them: the card is part of the saved state, which must not
       * depend on the language of the moment; the pages translate them when they show them. */
      json_object_object_add (w, "name", json_object_new_string (k < f->n_weapons ? rs->weapons[f->weapons[k]].name : b->attack_name));
      json_object_object_add (w, "damage", json_object_new_string (dmg));
      if (k < f->n_weapons && rs->weapons[f->weapons[k]].has_hth)
        {
          g_autofree char *h = tft_damage_text (rs->weapons[f->weapons[k]].hth_dice, rs->weapons[f->weapons[k]].hth_adds);
          json_object_object_add (w, "hth", json_object_new_string (h));
        }
      else
        json_object_object_add (w, "hth", NULL);
      json_object_array_add (ws, w);
    }
  json_object_object_add (o, "weapons", ws);
  if (f->armor >= 0)
    {
      json_object *a = json_object_new_object ();
      json_object_object_add (a, "id", json_object_new_string (rs->armor[f->armor].id));
      json_object_object_add (a, "name", json_object_new_string (rs->armor[f->armor].name));
      json_object_object_add (a, "stops", json_object_new_int (rs->armor[f->armor].stops));
      json_object_object_add (o, "armor", a);
    }
  else
    json_object_object_add (o, "armor", NULL);
  if (f->shield >= 0)
    {
      json_object *a = json_object_new_object ();
      json_object_object_add (a, "id", json_object_new_string (rs->shields[f->shield].id));
      json_object_object_add (a, "name", json_object_new_string (rs->shields[f->shield].name));
      json_object_object_add (a, "stops", json_object_new_int (rs->shields[f->shield].stops));
      json_object_object_add (o, "shield", a);
    }
  else
    json_object_object_add (o, "shield", NULL);
  {
    gint stops = natural + (f->armor >= 0 ? rs->armor[f->armor].stops : 0) + (mg ? rs->mg_stops : 0);
    json_object_object_add (o, "stops", json_object_new_int (stops));
    json_object_object_add (o, "stops_shield", f->shield >= 0
                            ? json_object_new_int (stops - (mg ? rs->mg_stops : 0) + rs->shields[f->shield].stops) : NULL);
  }
  json_object_object_add (o, "ep", json_object_new_int (f->ep));
  return o;
}

json_object *
mg_tft_record_card (const MgState *state, const char *figure, GError **error)
{
  const TftState *st = (const TftState *) state;
  gint i = tft_figure_find (st, figure);

  if (i < 0)
    {
      mg_refuse (error, MG_RULES_ERROR_ILLEGAL, N_("There is no figure called \"%s\" on the roster."),
                   figure ? figure : "");
      return NULL;
    }
  return card_json (&st->rs, g_ptr_array_index (st->roster, i));
}

/* ---------------------------------------------------------------- state life */

void
tft_fight_free (TftFight *fg)
{
  if (fg == NULL)
    return;
  for (guint s = 0; s < fg->n_sides; s++)
    g_free (fg->sides[s]);
  if (fg->dropped)
    {
      for (guint i = 0; i < fg->dropped->len; i++)
        g_free (g_array_index (fg->dropped, TftDropped, i).owner);
      g_array_unref (fg->dropped);
    }
  g_free (fg);
}

TftFight *
tft_fight_new (void)
{
  TftFight *fg = g_new0 (TftFight, 1);
  fg->dropped = g_array_new (FALSE, TRUE, sizeof (TftDropped));
  fg->init_winner = fg->init_first = TFT_NONE;
  fg->arena = TFT_NONE;
  return fg;
}

void
tft_state_free (TftState *st)
{
  if (st == NULL)
    return;
  tft_ruleset_clear (&st->rs);
  g_strfreev (st->players);
  if (st->roster)
    g_ptr_array_unref (st->roster);
  tft_fight_free (st->fight);
  g_free (st);
}

static void
tft_free_state (MgState *state)
{
  tft_state_free ((TftState *) state);
}

static TftState *
state_alloc (json_object *ruleset, GError **error)
{
  g_autoptr(TftState) st = g_new0 (TftState, 1);

  st->parent.rules = mg_tft_rules ();
  st->roster = g_ptr_array_new_with_free_func (figure_free);
  if (!tft_ruleset_parse (ruleset, &st->rs, error))
    return NULL;
  return g_steal_pointer (&st);
}

static gboolean
tft_check_ruleset (json_object *ruleset, GError **error)
{
  TftRuleset rs;

  if (!tft_ruleset_parse (ruleset, &rs, error))
    return FALSE;
  tft_ruleset_clear (&rs);
  return TRUE;
}

static MgState *
tft_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  g_autoptr(TftState) st = NULL;

  if (!mg_rules_check_players (mg_tft_rules (), players, error))
    return NULL;
  if ((st = state_alloc (ruleset, error)) == NULL)
    return NULL;
  st->players = g_strdupv ((char **) players);
  st->turn = 1;
  return (MgState *) g_steal_pointer (&st);
}

TftState *
tft_state_copy (const TftState *src)
{
  TftState *st = g_new0 (TftState, 1);

  st->parent = src->parent;
  tft_ruleset_share (&st->rs, &src->rs);
  st->players = g_strdupv (src->players);
  st->turn = src->turn;
  st->fights = src->fights;
  /* The figures are shared: an action changes at most a few, each copied when it does. */
  st->roster = g_ptr_array_new_full (src->roster->len, figure_free);
  for (guint i = 0; i < src->roster->len; i++)
    {
      TftFigure *f = g_ptr_array_index (src->roster, i);
      g_atomic_ref_count_inc (&f->refs);
      g_ptr_array_add (st->roster, f);
    }
  if (src->fight)
    {
      st->fight = g_memdup2 (src->fight, sizeof *src->fight);
      for (guint s = 0; s < src->fight->n_sides; s++)
        st->fight->sides[s] = g_strdup (src->fight->sides[s]);
      st->fight->dropped = g_array_new (FALSE, TRUE, sizeof (TftDropped));
      for (guint i = 0; i < src->fight->dropped->len; i++)
        {
          TftDropped d = g_array_index (src->fight->dropped, TftDropped, i);
          d.owner = g_strdup (d.owner);
          g_array_append_val (st->fight->dropped, d);
        }
    }
  return st;
}

/* ---------------------------------------------------------------- JSON out */

extern json_object *tft_fight_to_json (const TftState *st);
extern gboolean     tft_fight_from_json (TftState *st, json_object *o, GError **error);
extern gboolean     tft_fight_figure (const TftState *st, guint fig);

static json_object *
figure_json (const TftState *st, guint i)
{
  const TftRuleset *rs = &st->rs;
  const TftFigure *f = g_ptr_array_index (st->roster, i);
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "name", json_object_new_string (f->name));
  json_object_object_add (o, "owner", f->owner ? json_object_new_string (f->owner) : NULL);
  json_object_object_add (o, "kind", json_object_new_string (tft_kind_id (rs, f->kind)));
  json_object_object_add (o, "st", json_object_new_int (f->st));
  json_object_object_add (o, "dx", json_object_new_int (f->dx));
  json_object_object_add (o, "ep", json_object_new_int (f->ep));
  json_object_object_add (o, "alive", json_object_new_boolean (f->alive));
  json_object_object_add (o, "weapons", weapons_ids (rs, f->weapons, f->n_weapons));
  json_object_object_add (o, "armor", f->armor >= 0 ? json_object_new_string (rs->armor[f->armor].id) : NULL);
  json_object_object_add (o, "shield", f->shield >= 0 ? json_object_new_string (rs->shields[f->shield].id) : NULL);
  json_object_object_add (o, "ready", f->ready >= 0 ? json_object_new_string (rs->weapons[f->ready].id) : NULL);
  json_object_object_add (o, "shield_ready", json_object_new_boolean (f->shield_ready));
  json_object_object_add (o, "fights", json_object_new_int (f->fights));
  json_object_object_add (o, "kills", json_object_new_int (f->kills));
  json_object_object_add (o, "wins", json_object_new_int (f->wins));
  json_object_object_add (o, "advances", json_object_new_int (f->advances));
  json_object_object_add (o, "history", history_json (f));
  json_object_object_add (o, "card", card_json (rs, f));
  return o;
}

static json_object *
tft_to_json (const MgState *state)
{
  const TftState *st = (const TftState *) state;
  json_object *o = json_object_new_object ();
  json_object *players = json_object_new_array ();
  json_object *roster = json_object_new_array ();

  json_object_object_add (o, "game", json_object_new_string ("tft"));
  for (guint i = 0; st->players[i]; i++)
    json_object_array_add (players, json_object_new_string (st->players[i]));
  json_object_object_add (o, "players", players);
  json_object_object_add (o, "turn", json_object_new_int (st->turn));
  json_object_object_add (o, "fights", json_object_new_int (st->fights));
  for (guint i = 0; i < st->roster->len; i++)
    json_object_array_add (roster, figure_json (st, i));
  json_object_object_add (o, "roster", roster);
  json_object_object_add (o, "fight", st->fight ? tft_fight_to_json (st) : NULL);
  return o;
}

/* ---------------------------------------------------------------- gear checks */

#define illegal tft_illegal

/* The text's carrying rules, on basic ST. Used for the roster and by mg-tft-fight.c. */
gboolean
tft_check_gear (const TftRuleset *rs, const char *name, guint kind, gint st, const gint *w, guint n,
                gint shield, gint ready, GError **error)
{
  const TftBeast *b = tft_beast (rs, kind);
  gint daggers = 0, others = shield >= 0 ? 1 : 0;
  gboolean two_handed = FALSE, mg = FALSE;

  if (b && !b->uses_weapons && (n > 0 || shield >= 0))
    return mg_illegal (error, N_("A %s uses no weapons or shield."), mg_message_word (b->name));
  for (guint i = 0; i < n; i++)
    {
      const TftWeapon *wp = &rs->weapons[w[i]];
      for (guint j = 0; j < i; j++)
        if (w[j] == w[i])
          return mg_illegal (error, N_("%s carries the %s twice."), name, mg_message_word (wp->name));
      if (st < wp->st)
        return mg_illegal (error, N_("%s needs ST %d to use a %s; %s's basic ST is %d."),
                        mg_message_word (wp->name), wp->st, mg_message_word (wp->name), name, st);
      if (wp->dagger)
        daggers++;
      else
        others++;
      mg |= wp->main_gauche;
    }
  if (daggers > rs->carry_daggers)
    return mg_illegal (error, N_("%s may carry only one dagger or main-gauche."), name);
  if (others > rs->carry_weapons)
    return mg_illegal (error, N_("%s may carry only two weapons besides a dagger, and a shield counts as a weapon."), name);
  if (ready >= 0)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < n; i++)
        found |= w[i] == ready;
      if (!found)
        return mg_illegal (error, N_("%s cannot ready a %s it does not carry."), name, mg_message_word (rs->weapons[ready].name));
      two_handed = rs->weapons[ready].two_handed;
    }
  if (mg && ready >= 0 && two_handed)
    return mg_illegal (error, N_("A main-gauche goes only with a one-handed weapon."));
  return TRUE;
}

/* ---------------------------------------------------------------- roster actions */

typedef struct {
  const char *name, *owner, *kind, *armor, *shield, *ready, *new_name;
  gboolean has_owner, has_kind, has_st, has_dx, has_weapons, has_armor, has_shield, has_ready, has_sr, has_ep,
           has_adv;
  gint st, dx, ep, advances;
  gboolean shield_ready;
  gint w[TFT_MAX_CARRY + 4];
  guint n_w;
} GearArgs;

static gboolean
read_nullable_string (json_object *a, const char *key, const char **out, gboolean *has, GError **error)
{
  json_object *v;

  if (!json_object_object_get_ex (a, key, &v))
    return TRUE;
  *has = TRUE;
  if (v == NULL)
    {
      *out = NULL;
      return TRUE;
    }
  return mg_json_string (v, key, TFT_ACTION_ERR, out, error);
}

static gboolean
read_gear_args (const TftState *st, json_object *a, GearArgs *g, GError **error)
{
  const TftRuleset *rs = &st->rs;
  json_object *v;
  gint64 n;

  memset (g, 0, sizeof *g);
  if (!mg_json_get_string (a, NULL, "figure", TFT_ACTION_ERR, &g->name, error) ||
      !read_nullable_string (a, "owner", &g->owner, &g->has_owner, error) ||
      !read_nullable_string (a, "kind", &g->kind, &g->has_kind, error) ||
      !read_nullable_string (a, "armor", &g->armor, &g->has_armor, error) ||
      !read_nullable_string (a, "shield", &g->shield, &g->has_shield, error) ||
      !read_nullable_string (a, "ready", &g->ready, &g->has_ready, error))
    return FALSE;
  if ((v = mg_json_member (a, "name")) != NULL && !mg_json_string (v, "name", TFT_ACTION_ERR, &g->new_name, error))
    return FALSE;
  if ((g->has_st = mg_json_member (a, "st") != NULL) &&
      !(mg_json_get_int (a, NULL, "st", TFT_ACTION_ERR, 1, 500, &n, error) && ((g->st = n), TRUE)))
    return FALSE;
  if ((g->has_dx = mg_json_member (a, "dx") != NULL) &&
      !(mg_json_get_int (a, NULL, "dx", TFT_ACTION_ERR, 1, 100, &n, error) && ((g->dx = n), TRUE)))
    return FALSE;
  if ((g->has_ep = mg_json_member (a, "ep") != NULL) &&
      !(mg_json_get_int (a, NULL, "ep", TFT_ACTION_ERR, 0, 1000000, &n, error) && ((g->ep = n), TRUE)))
    return FALSE;
  if ((g->has_adv = mg_json_member (a, "advances") != NULL) &&
      !(mg_json_get_int (a, NULL, "advances", TFT_ACTION_ERR, 0, 1000, &n, error) && ((g->advances = n), TRUE)))
    return FALSE;
  if ((g->has_sr = mg_json_member (a, "shield_ready") != NULL) &&
      !mg_json_get_bool (a, NULL, "shield_ready", TFT_ACTION_ERR, &g->shield_ready, error))
    return FALSE;
  if (g->has_kind && (g->kind == NULL || tft_kind_find (rs, g->kind) < 0))
    {
      GString *ids = g_string_new (NULL);
      for (guint i = 0; i < rs->n_races + rs->n_beasts; i++)
        g_string_append_printf (ids, "%s%s", i ? ", " : "", tft_kind_id (rs, i));
      mg_refuse (error, MG_RULES_ERROR_BAD_ACTION, N_("\"kind\" must be one of %s, got \"%s\""),
                   ids->str, g->kind ? g->kind : "nothing");
      g_string_free (ids, TRUE);
      return FALSE;
    }
  if (g->has_armor && g->armor && tft_armor_find (rs, g->armor) < 0)
    return mg_illegal (error, N_("There is no armor \"%s\" in the ruleset."), g->armor);
  if (g->has_shield && g->shield && tft_shield_find (rs, g->shield) < 0)
    return mg_illegal (error, N_("There is no shield \"%s\" in the ruleset."), g->shield);
  if (g->has_ready && g->ready && tft_weapon_find (rs, g->ready) < 0)
    return mg_illegal (error, N_("There is no weapon \"%s\" in the ruleset."), g->ready);
  if ((v = mg_json_member (a, "weapons")) != NULL)
    {
      gsize len;
      if (!mg_json_array (v, "weapons", TFT_ACTION_ERR, 0, TFT_MAX_CARRY + 4, &len, error))
        return FALSE;
      g->has_weapons = TRUE;
      for (guint i = 0; i < len; i++)
        {
          const char *id;
          if (!mg_json_string (json_object_array_get_idx (v, i), NULL, TFT_ACTION_ERR, &id, NULL))
            {
              g_autofree char *p = mg_json_path_index ("weapons", i);   /* only to word the refusal */
              return mg_json_string (json_object_array_get_idx (v, i), p, TFT_ACTION_ERR, &id, error);
            }
          if ((g->w[i] = tft_weapon_find (rs, id)) < 0)
            {
              if (tft_shield_find (rs, id) >= 0)
                return mg_illegal (error, N_("A %s is a shield: name it in \"shield\", not in \"weapons\"."), id);
              return mg_illegal (error, N_("There is no weapon \"%s\" in the ruleset."), id);
            }
        }
      g->n_w = len;
      if (len > TFT_MAX_CARRY)
        return mg_illegal (error, N_("%s may carry only two weapons besides a dagger, and a shield counts as a weapon."), g->name);
    }
  return TRUE;
}

static gboolean
owner_ok (const TftState *st, const char *owner, GError **error)
{
  if (owner == NULL || g_strv_contains ((const char * const *) st->players, owner))
    return TRUE;
  {
    g_autofree char *list = g_strjoinv (", ", st->players);
    return mg_illegal (error, N_("\"%s\" is not a player in this campaign; the players are %s."), owner, list);
  }
}

/* Attribute checks of the race (totals and minimums) or beast (the giant's minimum ST). */
static gboolean
check_attributes (const TftRuleset *rs, const char *name, guint kind, gint st, gint dx, gint advances, GError **error)
{
  const TftRace *r = tft_race (rs, kind);
  const TftBeast *b = tft_beast (rs, kind);

  if (r)
    {
      if (st < r->min_st)
        return mg_illegal (error, N_("A %s's ST may not begin below %d; %s has %d."), mg_message_word (r->name), r->min_st, name, st);
      if (dx < r->min_dx)
        return mg_illegal (error, N_("A %s's DX may not begin below %d; %s has %d."), mg_message_word (r->name), r->min_dx, name, dx);
      if (st + dx != r->total + advances)
        return mg_illegal (error, N_("A %s's ST and DX total %d (plus %d bought with experience); %s's total %d."),
                        mg_message_word (r->name), r->total, advances, name, st + dx);
    }
  else if (b->min_st && st < b->min_st)
    return mg_illegal (error, N_("A %s has at least ST %d; %s has %d."), mg_message_word (b->name), b->min_st, name, st);
  return TRUE;
}

static gboolean
name_free (const TftState *st, const char *name, gint except, GError **error)
{
  gint i = tft_figure_find (st, name);

  if (!g_utf8_validate (name, -1, NULL))
    return mg_illegal (error, N_("A figure's name must be text."));
  if (!mg_rules_check_name (name, MG_RULES_ERROR_ILLEGAL, error))
    return FALSE;
  if (i >= 0 && i != except)
    return mg_illegal (error, N_("There is already a figure called \"%s\" on the roster."), name);
  return TRUE;
}

/* Fills the gear of f from the args (create: all; edit: what is given), then checks it. */
static gboolean
apply_gear_args (const TftState *st, TftFigure *f, const GearArgs *g, gboolean create, GError **error)
{
  const TftRuleset *rs = &st->rs;

  if (g->has_weapons)
    {
      memcpy (f->weapons, g->w, sizeof (gint) * g->n_w);
      f->n_weapons = g->n_w;
      if (!g->has_ready)
        f->ready = f->n_weapons ? f->weapons[0] : TFT_NONE;
    }
  if (g->has_armor)
    f->armor = g->armor ? tft_armor_find (rs, g->armor) : TFT_NONE;
  if (g->has_shield)
    f->shield = g->shield ? tft_shield_find (rs, g->shield) : TFT_NONE;
  if (g->has_ready)
    f->ready = g->ready ? tft_weapon_find (rs, g->ready) : TFT_NONE;
  if (g->has_sr)
    f->shield_ready = g->shield_ready;
  else if (create || g->has_shield)
    f->shield_ready = f->shield >= 0;
  if (f->ready >= 0 && rs->weapons[f->ready].two_handed)
    f->shield_ready = FALSE;   /* a two-handed weapon slings the shield */
  if (f->shield < 0)
    f->shield_ready = FALSE;
  if (f->armor >= 0 && tft_beast (rs, f->kind) && !tft_beast (rs, f->kind)->uses_weapons)
    return mg_illegal (error, N_("A %s wears no armor."), mg_message_word (tft_beast (rs, f->kind)->name));
  return tft_check_gear (rs, f->name, f->kind, f->st, f->weapons, f->n_weapons, f->shield, f->ready, error);
}

static json_object *
gear_json (const TftState *st, const TftFigure *f)
{
  json_object *o = json_object_new_object ();
  json_object_object_add (o, "weapons", weapons_ids (&st->rs, f->weapons, f->n_weapons));
  json_object_object_add (o, "armor", f->armor >= 0 ? json_object_new_string (st->rs.armor[f->armor].id) : NULL);
  json_object_object_add (o, "shield", f->shield >= 0 ? json_object_new_string (st->rs.shields[f->shield].id) : NULL);
  json_object_object_add (o, "ready", f->ready >= 0 ? json_object_new_string (st->rs.weapons[f->ready].id) : NULL);
  json_object_object_add (o, "shield_ready", json_object_new_boolean (f->shield_ready));
  return o;
}

/* The roster's actions, between fights (docs/rules/tft.md, "Roster"). */

/* Reads an edit, set_gear or remove (members `known`) into g: the figure it names, not fighting
 * now (and alive when `alive`); NULL with the reason. `gear`: the refusal speaks of gear. */
static TftFigure *
roster_figure_between_fights (TftState *st, json_object *a, const char * const *known, GearArgs *g, gboolean gear,
                              gboolean alive, gint *idx, GError **error)
{
  TftFigure *f;
  if (!mg_json_only (a, NULL, TFT_ACTION_ERR, known, error) || !read_gear_args (st, a, g, error))
    return NULL;
  if ((*idx = tft_figure_find (st, g->name)) < 0)
    {
      mg_illegal (error, N_("There is no figure called \"%s\" on the roster."), g->name);
      return NULL;
    }
  f = g_ptr_array_index (st->roster, *idx);
  if (tft_fight_figure (st, *idx))
    {
      mg_illegal (error, gear ? N_("%s is fighting: armor cannot change during a combat, and weapons change by options e, k and o.")
                           : N_("%s is fighting; the roster changes between fights."), f->name);
      return NULL;
    }
  if (alive && !f->alive)
    {
      mg_illegal (error, N_("%s is dead."), f->name);
      return NULL;
    }
  return tft_figure_mut (st, *idx);
}

gboolean
tft_spend_ep (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "attribute", NULL };
  static const char * const attrs[] = { "st", "dx", NULL };
  const TftRuleset *rs = &st->rs;
  const char *name;
  guint attr;
  gint idx;
  TftFigure *f;

  if (!mg_json_only (a, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (a, NULL, "figure", TFT_ACTION_ERR, &name, error) ||
      !mg_json_get_choice (a, NULL, "attribute", TFT_ACTION_ERR, attrs, &attr, error))
    return FALSE;
  if ((idx = tft_figure_find (st, name)) < 0)
    return mg_illegal (error, N_("There is no figure called \"%s\" on the roster."), name);
  f = g_ptr_array_index (st->roster, idx);
  if (!f->alive)
    return mg_illegal (error, N_("%s is dead."), f->name);
  if (tft_fight_figure (st, idx))
    return mg_illegal (error, N_("%s is fighting; experience is traded in between fights."), f->name);
  if (f->ep < rs->ep_trade)
    return mg_illegal (error, N_("%s has %d EP; %d are needed for +1 %s."), f->name, f->ep, rs->ep_trade,
                    attr ? "DX" : "ST");
  f = tft_figure_mut (st, idx);
  f->ep -= rs->ep_trade;
  f->advances++;
  if (attr)
    f->dx++;
  else
    f->st++;
  {
    json_object *e = mg_event_new ("ep_spent", "figure", f->name), *h = json_object_new_object ();
    json_object_object_add (e, "attribute", json_object_new_string (attrs[attr]));
    json_object_object_add (e, "value", json_object_new_int (attr ? f->dx : f->st));
    json_object_object_add (e, "ep", json_object_new_int (f->ep));
    json_object_array_add (events, e);
    json_object_object_add (h, "attribute", json_object_new_string (attrs[attr]));
    json_object_object_add (h, "value", json_object_new_int (attr ? f->dx : f->st));
    json_object_object_add (h, "ep", json_object_new_int (rs->ep_trade));
    tft_history_add (f, "increase", st->turn, h);
  }
  mg_said_add (text, N_("%s trades %d EP for +1 %s (now %d; %d EP left)."), f->name, rs->ep_trade,
               attr ? mg_message_word_ctx ("tft", NC_("tft", "DX")) : mg_message_word_ctx ("tft", NC_("tft", "ST")),
               attr ? f->dx : f->st, f->ep);
  return TRUE;
}

gboolean
tft_create_figure (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "owner", "kind", "st", "dx", "weapons", "armor",
                                        "shield", "ready", "shield_ready", "ep", "advances", NULL };
  const TftRuleset *rs = &st->rs;
  GearArgs g;
  TftFigure *f, tmp;

  if (!mg_json_only (a, NULL, TFT_ACTION_ERR, known, error) || !read_gear_args (st, a, &g, error))
    return FALSE;
  if (!name_free (st, g.name, -1, error) || !owner_ok (st, g.owner, error))
    return FALSE;
  if (!g.has_kind)
    return mg_json_get_string (a, NULL, "kind", TFT_ACTION_ERR, &g.kind, error);
  memset (&tmp, 0, sizeof tmp);
  tmp.name = (char *) g.name;
  tmp.kind = tft_kind_find (rs, g.kind);
  tmp.armor = tmp.shield = tmp.ready = TFT_NONE;
  if (tft_beast (rs, tmp.kind))
    {
      tmp.st = g.has_st ? g.st : tft_beast (rs, tmp.kind)->st;
      tmp.dx = g.has_dx ? g.dx : tft_beast (rs, tmp.kind)->dx;
    }
  else
    {
      if (!g.has_st)
        return mg_json_get_int (a, NULL, "st", TFT_ACTION_ERR, 1, 500, NULL, error);
      if (!g.has_dx)
        return mg_json_get_int (a, NULL, "dx", TFT_ACTION_ERR, 1, 100, NULL, error);
      tmp.st = g.st;
      tmp.dx = g.dx;
    }
  tmp.advances = g.advances;
  if (!check_attributes (rs, g.name, tmp.kind, tmp.st, tmp.dx, tmp.advances, error) ||
      !apply_gear_args (st, &tmp, &g, TRUE, error))
    return FALSE;
  f = g_memdup2 (&tmp, sizeof tmp);
  g_atomic_ref_count_init (&f->refs);
  f->name = g_strdup (g.name);
  f->owner = g_strdup (g.owner);
  f->ep = g.ep;
  f->alive = TRUE;
  tft_history_add (f, "created", st->turn, gear_json (st, f));
  g_ptr_array_add (st->roster, f);
  {
    json_object *e = mg_event_new ("figure_created", "figure", f->name);
    json_object_object_add (e, "kind", json_object_new_string (g.kind));
    json_object_object_add (e, "st", json_object_new_int (f->st));
    json_object_object_add (e, "dx", json_object_new_int (f->dx));
    json_object_array_add (events, e);
  }
  {
    g_autoptr(MgSaid) ws = weapons_said (rs, f);
    mg_said_add (text, N_("%s joins the roster: %s, ST %d, DX %d, MA %d%s%s."), f->name,
                 mg_message_word (tft_race (rs, f->kind) ? tft_race (rs, f->kind)->name : tft_beast (rs, f->kind)->name),
                 f->st, f->dx, tft_figure_ma (rs, f), mg_said_length (ws) ? tft_list_separator () : "",
                 mg_message_phrase (ws));
  }
  return TRUE;
}

gboolean
tft_remove_figure (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", NULL };
  GearArgs g;
  gint idx;
  TftFigure *f;

  if ((f = roster_figure_between_fights (st, a, known, &g, FALSE, FALSE, &idx, error)) == NULL)
    return FALSE;
  if (st->fight)
    return mg_illegal (error, N_("Figures are removed between fights."));
  if (f->fights > 0)
    return mg_illegal (error, N_("%s has fought: the roster keeps its record."), f->name);
  json_object_array_add (events, mg_event_new ("figure_removed", "figure", f->name));
  mg_said_add (text, N_("%s leaves the roster."), f->name);
  g_ptr_array_remove_index (st->roster, idx);
  return TRUE;
}

gboolean
tft_edit_figure (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "name", "owner", "kind", "st", "dx", NULL };
  const TftRuleset *rs = &st->rs;
  GearArgs g;
  gint idx;
  TftFigure *f, tmp;

  if ((f = roster_figure_between_fights (st, a, known, &g, FALSE, TRUE, &idx, error)) == NULL)
    return FALSE;
  memcpy (&tmp, f, sizeof tmp);
  if ((g.has_kind || g.has_st || g.has_dx) && f->fights > 0)
    return mg_illegal (error, N_("%s has fought: ST and DX now change only with experience."), f->name);
  if (g.new_name && !name_free (st, g.new_name, idx, error))
    return FALSE;
  if (g.has_owner && !owner_ok (st, g.owner, error))
    return FALSE;
  if (g.has_kind)
    tmp.kind = tft_kind_find (rs, g.kind);
  if (g.has_st)
    tmp.st = g.st;
  if (g.has_dx)
    tmp.dx = g.dx;
  if (!check_attributes (rs, f->name, tmp.kind, tmp.st, tmp.dx, tmp.advances, error) ||
      !tft_check_gear (rs, f->name, tmp.kind, tmp.st, tmp.weapons, tmp.n_weapons, tmp.shield, tmp.ready, error))
    return FALSE;
  {
    json_object *e = mg_event_new ("figure_edited", "figure", f->name);
    g_autofree char *old = g_strdup (f->name);
    if (g.new_name)
      {
        g_free (f->name);
        f->name = g_strdup (g.new_name);
        json_object_object_add (e, "name", json_object_new_string (f->name));
      }
    if (g.has_owner)
      {
        g_free (f->owner);
        f->owner = g_strdup (g.owner);
      }
    f->kind = tmp.kind;
    f->st = tmp.st;
    f->dx = tmp.dx;
    json_object_array_add (events, e);
    tft_history_add (f, "edited", st->turn, NULL);
    mg_said_add (text, N_("%s's record is changed: %s, ST %d, DX %d."), old,
                            f->name, f->st, f->dx);
  }
  return TRUE;
}

gboolean
tft_set_gear (TftState *st, json_object *a, json_object *events, MgSaid *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "weapons", "armor", "shield", "ready",
                                        "shield_ready", NULL };
  const TftRuleset *rs = &st->rs;
  GearArgs g;
  gint idx;
  TftFigure *f, tmp;

  if ((f = roster_figure_between_fights (st, a, known, &g, TRUE, TRUE, &idx, error)) == NULL)
    return FALSE;
  memcpy (&tmp, f, sizeof tmp);
  tmp.name = f->name;
  if (!apply_gear_args (st, &tmp, &g, FALSE, error))
    return FALSE;
  memcpy (f, &tmp, sizeof tmp);
  tft_history_add (f, "gear", st->turn, gear_json (st, f));
  {
    json_object *e = mg_event_new ("gear_changed", "figure", f->name);
    g_autoptr(MgSaid) ws = weapons_said (rs, f);
    json_object_object_add (e, "gear", gear_json (st, f));
    json_object_array_add (events, e);
    mg_said_add (text, N_("%s now carries %s; %s; %s."), f->name,
                 mg_said_length (ws) ? mg_message_phrase (ws) : mg_message_word (N_("no weapon")),
                 mg_message_word (f->armor >= 0 ? rs->armor[f->armor].name : N_("no armor")),
                 mg_message_word (f->shield >= 0 ? rs->shields[f->shield].name : N_("no shield")));
  }
  return TRUE;
}

/* ---------------------------------------------------------------- JSON in */

/* "wins": files written before it was kept count the fights won in the history they hold. */
static gboolean
read_wins (json_object *o, const char *path, TftFigure *f, json_object *history, GError **error)
{
  gint64 v;

  if (mg_json_member (o, "wins") != NULL)
    {
      if (!mg_json_get_int (o, path, "wins", TFT_STATE_ERR, 0, G_MAXINT32, &v, error))
        return FALSE;
      f->wins = v;
      return TRUE;
    }
  for (gsize i = 0; i < json_object_array_length (history); i++)
    {
      json_object *e = json_object_array_get_idx (history, i);

      f->wins += g_strcmp0 (json_object_get_string (json_object_object_get (e, "what")), "fight") == 0 &&
                 g_strcmp0 (json_object_get_string (json_object_object_get (e, "result")), "won") == 0;
    }
  return TRUE;
}

static gboolean
figure_from_json (TftState *st, json_object *o, const char *path, GError **error)
{
  const TftRuleset *rs = &st->rs;
  g_autoptr(GError) local = NULL;
  TftFigure *f = figure_new ();
  const char *name, *kind;
  json_object *h;
  GearArgs g;
  gint64 v;

  g_ptr_array_add (st->roster, f);
  f->armor = f->shield = f->ready = TFT_NONE;
  if (!mg_json_object (o, path, TFT_STATE_ERR, error) ||
      !mg_json_get_string (o, path, "name", TFT_STATE_ERR, &name, error) ||
      !mg_json_get_string (o, path, "kind", TFT_STATE_ERR, &kind, error))
    return FALSE;
  f->name = g_strdup (name);
  if (tft_kind_find (rs, kind) < 0)
    {
      g_autofree char *p = mg_json_lazy_key (path, "kind");
      mg_json_set_error (error, TFT_STATE_ERR, p, _("a race or beast of the ruleset"), mg_json_member (o, "kind"));
      return FALSE;
    }
  f->kind = tft_kind_find (rs, kind);
#define GI(key, field, lo, hi) (mg_json_get_int (o, path, key, TFT_STATE_ERR, lo, hi, &v, error) && ((f->field = v), TRUE))
  if (!GI ("st", st, 1, 100000) || !GI ("dx", dx, 1, 100000) || !GI ("ep", ep, 0, G_MAXINT32) ||
      !GI ("fights", fights, 0, G_MAXINT32) || !GI ("kills", kills, 0, G_MAXINT32) ||
      !GI ("advances", advances, 0, G_MAXINT32) ||
      !mg_json_get_bool (o, path, "alive", TFT_STATE_ERR, &f->alive, error))
    return FALSE;
#undef GI
  /* The gear goes through the action's reader: the same ids and the same checks. */
  {
    json_object *ga = json_object_new_object ();
    static const char * const keys[] = { "weapons", "armor", "shield", "ready", "shield_ready", "owner", NULL };
    json_object_object_add (ga, "figure", json_object_new_string (name));
    for (guint k = 0; keys[k]; k++)
      {
        json_object *m;
        if (json_object_object_get_ex (o, keys[k], &m))
          json_object_object_add (ga, keys[k], json_object_get (m));
      }
    if (!read_gear_args (st, ga, &g, &local) || !apply_gear_args (st, f, &g, FALSE, &local))
      {
        json_object_put (ga);
        g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, "%s: %s", path, local->message);
        return FALSE;
      }
    json_object_put (ga);
    f->owner = g_strdup (g.owner);
  }
  /* Files written before the history was bounded hold every entry: the last TFT_HISTORY_KEEP
   * are kept, the older ones are left to the journal (issue 15). */
  h = mg_json_get_array (o, path, "history", TFT_STATE_ERR, 0, G_MAXINT32, error);
  if (h == NULL)
    return FALSE;
  for (gsize i = json_object_array_length (h) > TFT_HISTORY_KEEP ? json_object_array_length (h) - TFT_HISTORY_KEEP : 0;
       i < json_object_array_length (h); i++)
    {
      json_object *e = json_object_array_get_idx (h, i);
      if (!json_object_is_type (e, json_type_object))
        {
          g_autofree char *hp = mg_json_lazy_key (path, "history");
          g_autofree char *ip = mg_json_lazy_index (hp, i);
          return mg_json_object (e, ip, TFT_STATE_ERR, error);
        }
      history_push (f, e);
    }
  return read_wins (o, path, f, h, error);
}

static MgState *
from_json (json_object *ruleset, json_object *json, GError **error)
{
  static const char * const game_ids[] = { "tft", NULL };
  g_autoptr(TftState) st = state_alloc (ruleset, error);
  json_object *players, *roster, *fight;
  guint game, n;
  gint64 v;

  if (st == NULL)
    return NULL;
  if (!mg_json_object (json, "$", TFT_STATE_ERR, error) ||
      !mg_json_get_choice (json, "$", "game", TFT_STATE_ERR, game_ids, &game, error) ||
      (players = mg_json_get_array (json, "$", "players", TFT_STATE_ERR, 1, 8, error)) == NULL ||
      !mg_json_get_int (json, "$", "turn", TFT_STATE_ERR, 1, G_MAXINT32, &v, error))
    return NULL;
  st->turn = v;
  if (!mg_json_get_uint (json, "$", "fights", TFT_STATE_ERR, 0, G_MAXINT32, &st->fights, error))
    return NULL;
  n = json_object_array_length (players);
  st->players = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.players", i);
      const char *name;
      if (!mg_json_string (json_object_array_get_idx (players, i), p, TFT_STATE_ERR, &name, error))
        return NULL;
      st->players[i] = g_strdup (name);
    }
  if ((roster = mg_json_get_array (json, "$", "roster", TFT_STATE_ERR, 0, G_MAXINT32, error)) == NULL)
    return NULL;
  for (guint i = 0; i < json_object_array_length (roster); i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.roster", i);
      if (!figure_from_json (st, json_object_array_get_idx (roster, i), p, error))
        return NULL;
    }
  fight = mg_json_member (json, "fight");
  if (fight != NULL && !tft_fight_from_json (st, fight, error))
    return NULL;
  return (MgState *) g_steal_pointer (&st);
}

/* Read with paths off; a refused state is read again to name the bad field. */
static MgState *
tft_from_json (json_object *ruleset, json_object *json, GError **error)
{
  g_autoptr(GError) quiet = NULL;
  MgState *st = from_json (ruleset, json, &quiet);
  gboolean was;

  if (st != NULL)
    return st;
  was = mg_json_paths_begin ();
  st = from_json (ruleset, json, error);
  mg_json_paths_end (was);
  return st;
}

/* ---------------------------------------------------------------- tables, describe */

/* A figure's weapons for its entity row, as the ruleset's ids ("shortsword, dagger", a beast's
 * attack last): an entity table reads the same in every language, where the names the UI shows
 * are translated (weapons_said). */
static char *
weapon_ids (const TftRuleset *rs, const TftFigure *f)
{
  GString *s = g_string_new (NULL);
  const TftBeast *b = tft_beast (rs, f->kind);

  for (guint i = 0; i < f->n_weapons; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", rs->weapons[f->weapons[i]].id);
  if (b && b->has_attack)
    g_string_append_printf (s, "%s%s", s->len ? ", " : "", b->attack_id);
  return g_string_free (s, FALSE);
}

static void
tft_tables (const MgState *state, MgRows *rows)
{
  static const char * const figure_cols[] = {
    "name", "owner", "kind", "st", "dx", "adj_dx", "ma", "ep", "hits", "weapons", "armor", "shield",
    "fights", "kills", "alive", NULL
  };
  const TftState *st = (const TftState *) state;
  const TftRuleset *rs = &st->rs;

  mg_rows_table (rows, "figure", figure_cols);
  for (guint i = 0; i < st->roster->len; i++)
    {
      const TftFigure *f = g_ptr_array_index (st->roster, i);
      g_autofree char *ws = weapon_ids (rs, f);
      gint hits = 0, adj;

      if (st->fight)
        for (guint k = 0; k < st->fight->n; k++)
          if (st->fight->f[k].fig == i)
            hits = st->fight->f[k].hits;
      adj = f->dx + tft_gear_dx (rs, f->armor, f->shield, f->shield >= 0, f->shield < 0 && carries_mg (rs, f), FALSE);
      mg_rows_text (rows, f->name);
      mg_rows_text (rows, f->owner);
      mg_rows_text (rows, tft_kind_id (rs, f->kind));
      mg_rows_int (rows, f->st);
      mg_rows_int (rows, f->dx);
      mg_rows_int (rows, adj);
      mg_rows_int (rows, tft_figure_ma (rs, f));
      mg_rows_int (rows, f->ep);
      mg_rows_int (rows, hits);
      mg_rows_text (rows, ws);
      mg_rows_text (rows, f->armor >= 0 ? rs->armor[f->armor].id : NULL);
      mg_rows_text (rows, f->shield >= 0 ? rs->shields[f->shield].id : NULL);
      mg_rows_int (rows, f->fights);
      mg_rows_int (rows, f->kills);
      mg_rows_int (rows, f->alive ? 1 : 0);
      mg_rows_end_row (rows);
    }
}

extern char        *tft_fight_describe (const TftState *st);
extern json_object *tft_pending (const MgState *state);

static char *
tft_describe (const MgState *state, const char *seat)
{
  const TftState *st = (const TftState *) state;
  GString *s = g_string_new (NULL);
  guint alive = 0;

  for (guint i = 0; i < st->roster->len; i++)
    alive += ((TftFigure *) g_ptr_array_index (st->roster, i))->alive;
  if (st->fight)
    {
      g_autofree char *f = tft_fight_describe (st);
      g_string_append (s, f);
    }
  else
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "No fight in progress; %u fight so far.",
                                            "No fight in progress; %u fights so far.", st->fights), st->fights);
  g_string_append_c (s, ' ');
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Roster: %u figure", "Roster: %u figures", st->roster->len),
                          st->roster->len);
  g_string_append_printf (s, _(", %u alive"), alive);
  for (guint i = 0; i < st->roster->len; i++)
    {
      const TftFigure *f = g_ptr_array_index (st->roster, i);
      g_string_append_printf (s, i ? "; %s" : ": %s", f->name);
      g_string_append_printf (s, _(" ST %d DX %d, %d EP"), f->st, f->dx, f->ep);
      if (!f->alive)
        g_string_append (s, _(" (dead)"));
    }
  g_string_append_c (s, '.');
  return g_string_free (s, FALSE);
}

static gint
tft_turn (const MgState *state)
{
  return (gint) ((const TftState *) state)->turn;
}

extern json_object *tft_legal_actions (const MgState *state, const char *seat);

/* A figure's action is declared by the player who runs it (its owner); an unowned figure's, and
 * everything else, by the referee. */
static const char *
tft_actor (const MgState *state, json_object *action)
{
  const TftState *st = (const TftState *) state;
  json_object *name = NULL;
  gint i;

  if (!json_object_object_get_ex (action, "figure", &name) || !json_object_is_type (name, json_type_string))
    return NULL;
  i = tft_figure_find (st, json_object_get_string (name));
  return i != TFT_NONE ? ((const TftFigure *) g_ptr_array_index (st->roster, i))->owner : NULL;
}

/* The phones' words (src/server/): the arena's picture (MgGame.board_svg) is named by "board". */
static const MgWord tft_phone_words[] = {
  { "board", N_("The arena") },
  { NULL, NULL }
};

static const MgRules tft_rules = {
  .id = "tft",
  .name = N_("The Fantasy Trip: Melee"),
  .min_players = 1,
  .max_players = 8,
  .check_ruleset = tft_check_ruleset,
  .new_state = tft_new_state,
  .free_state = tft_free_state,
  .actions = &tft_actions,
  .pending = tft_pending,
  .to_json = tft_to_json,
  .from_json = tft_from_json,
  /* .view: nothing in Melee is hidden from anyone. */
  .turn = tft_turn,
  .describe = tft_describe,
  .tables = tft_tables,
  .legal_actions = tft_legal_actions,
  .actor = tft_actor,
  .phone_words = tft_phone_words,
};

const MgRules *
mg_tft_rules (void)
{
  return &tft_rules;
}
