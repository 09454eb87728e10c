/* mg-lamame.c — La Mame's Melee: set-up, initial build, seasons, secrets, actions, attacks, end. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-lamame-private.h"

#define AERR LM_ACTION_ERR

/* The names shown in summaries (the ids stay English in JSON). */
static const char * const kind_names[] = { N_("knight"), N_("soldier"), N_("catapult"), N_("camp"), N_("garrison") };
static const char * const card_names[] = { N_("Tax"), N_("Build"), N_("Move/Attack") };
static const char * const season_names[] = { N_("Spring"), N_("Summer"), N_("Fall"), N_("Winter") };

#define KIND(k)  _(kind_names[(k)])
#define CARD(c)  _(card_names[(c)])
#define NAME(s, i) ((s)->names[(i)])
#define AREA(s, a) ((s)->map->areas[(a)].name)

typedef struct {
  json_object *events;
  GString     *summary;
} Ctx;

static LmState *
lm (const MgState *state)
{
  return (LmState *) state;
}

static const char *
season_name (const LmState *s, gint idx)
{
  const char *id;

  if (idx < 0)
    return _("Initial build");
  id = s->rs->seasons[idx];
  for (guint i = 0; i < G_N_ELEMENTS (season_names); i++)
    if (g_ascii_strcasecmp (id, season_names[i]) == 0)
      return _(season_names[i]);
  return id;
}

static void
say (Ctx *c, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
say (Ctx *c, const char *fmt, ...)
{
  va_list ap;

  if (c->summary->len > 0)
    g_string_append_c (c->summary, ' ');
  va_start (ap, fmt);
  g_string_append_vprintf (c->summary, fmt, ap);
  va_end (ap);
}

/* An event {"type": type, key: value, …}: pairs of (const char *, json_object *), NULL-terminated. */
static json_object *
ev (Ctx *c, const char *type, ...)
{
  json_object *e = json_object_new_object ();
  va_list ap;
  const char *key;

  json_object_object_add (e, "type", json_object_new_string (type));
  va_start (ap, type);
  while ((key = va_arg (ap, const char *)) != NULL)
    json_object_object_add (e, key, va_arg (ap, json_object *));
  va_end (ap);
  json_object_array_add (c->events, e);
  return e;
}

#define JS(x) json_object_new_string (x)
#define JI(x) json_object_new_int64 (x)
#define JB(x) json_object_new_boolean (x)

/* ---------------------------------------------------------------- board helpers */

static gint
area_owner (const LmState *s, guint a)
{
  for (guint k = 0; k < LM_N_KINDS; k++)
    if (s->p.spot[a].owner[k] >= 0)
      return s->p.spot[a].owner[k];
  return -1;
}

static gint
castle_of (const LmState *s, gint seat)
{
  for (guint a = 0; a < s->map->n_areas; a++)
    if (s->map->areas[a].castle_of == seat)
      return a;
  return -1;
}

static gint
supply_total (const LmState *s, gint seat)
{
  gint t = 0;
  for (guint k = 0; k < LM_N_KINDS; k++)
    t += s->p.pl[seat].supply[k];
  return t;
}

static gint
cards_led (const LmState *s, gint seat)
{
  gint n = 0;
  for (guint i = 0; i < s->p.n_dealt; i++)
    if (s->p.bidder[i] == seat)
      n++;
  return n;
}

/* Areas a seat controls for the final count: any of its units, castles excluded. */
static gint
areas_held (const LmState *s, gint seat)
{
  gint n = 0;
  for (guint a = 0; a < s->map->n_areas; a++)
    if (s->map->areas[a].castle_of < 0 && area_owner (s, a) == seat)
      n++;
  return n;
}

static void
unit_remove (LmState *s, guint a, guint k)
{
  gint owner = s->p.spot[a].owner[k];

  if (owner >= 0 && s->rs->lost_return)
    s->p.pl[owner].supply[k]++;
  s->p.spot[a].owner[k] = -1;
  s->p.spot[a].moved[k] = 0;
  s->p.spot[a].fresh[k] = 0;
}

static void
unit_put (LmState *s, guint a, guint k, gint seat)
{
  s->p.spot[a].owner[k] = seat;
  s->p.spot[a].moved[k] = 0;
  s->p.spot[a].fresh[k] = 0;
}

/* One unit of each kind per area, one player per area; no camp in a castle; no knight in mountains;
 * never in another player's castle. */
static gboolean
can_place (const LmState *s, gint seat, guint k, guint a, GError **error)
{
  const LmArea *area = &s->map->areas[a];
  gint owner = area_owner (s, a);

  if (owner >= 0 && owner != seat)
    return mg_rules_illegal (error, _("%s holds %s's units: only one player may have units in an area"),
                    area->name, NAME (s, owner));
  if (area->castle_of >= 0 && area->castle_of != seat)
    return mg_rules_illegal (error, _("%s is %s's castle"), area->name, NAME (s, area->castle_of));
  if (s->p.spot[a].owner[k] >= 0)
    return mg_rules_illegal (error, _("%s already has a %s there: only one unit of each kind per area"),
                    NAME (s, seat), KIND (k));
  if (k == LM_CAMP && area->castle_of >= 0)
    return mg_rules_illegal (error, _("A camp cannot be placed inside a castle (%s)"), area->name);
  if (k == LM_KNIGHT && area->mountain)
    return mg_rules_illegal (error, _("Knights cannot go into the mountains (%s)"), area->name);
  return TRUE;
}

static void
compute_order (LmState *s)
{
  for (guint i = 0; i < s->p.n; i++)
    s->p.order[i] = (s->p.start_player + i) % s->p.n;
}

static gint
current_seat (const LmState *s)
{
  if (s->p.phase == LM_INITIAL_BUILD || s->p.phase == LM_ACTIONS)
    return s->p.order[s->p.cur];
  return -1;
}

static gint
guesses_for (const LmState *s, guint target, guint area)
{
  if (s->map->areas[area].castle_of >= 0)
    return s->rs->guesses_castle;
  /* "2 … if defending a castle or mountain"; the house rule decides whether a camp counts. */
  if (s->map->areas[area].mountain && (target == LM_SOLDIER || (target == LM_CAMP && s->rs->camp_mountain_two)))
    return s->rs->guesses_soldier_mountain;
  return s->rs->guesses_default;
}

/* ---------------------------------------------------------------- reading actions */

static gboolean
only (json_object *a, const char * const *fields, GError **error)
{
  const char *known[16];
  guint n = 0;

  known[n++] = "type";
  known[n++] = "template";
  for (guint i = 0; fields[i] != NULL && n < G_N_ELEMENTS (known) - 1; i++)
    known[n++] = fields[i];
  known[n] = NULL;
  return mg_json_only (a, NULL, AERR, known, error);
}

static gboolean
get_seat (const LmState *s, json_object *a, const char *key, gint *out, GError **error)
{
  const char *name;

  if (!mg_json_get_string (a, NULL, key, AERR, &name, error))
    return FALSE;
  for (guint i = 0; i < s->p.n; i++)
    if (strcmp (s->names[i], name) == 0)
      {
        *out = i;
        return TRUE;
      }
  {
    g_autofree char *list = g_strjoinv (", ", (char **) s->names);
    g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                 _("\"%s\" is not a player of this game (%s)"), name, list);
  }
  return FALSE;
}

static gboolean
get_area (const LmState *s, json_object *a, const char *key, gint *out, GError **error)
{
  const char *name;

  if (!mg_json_get_string (a, NULL, key, AERR, &name, error))
    return FALSE;
  if (s->map == NULL || (*out = lm_map_find (s->map, name)) < 0)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION, _("No area of the map is called \"%s\""), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_kind (json_object *a, const char *key, gint *out, GError **error)
{
  guint k;
  if (!mg_json_get_choice (a, NULL, key, AERR, lm_kind_ids, &k, error))
    return FALSE;
  *out = k;
  return TRUE;
}

static gboolean
get_gold (json_object *a, const char *key, gint *out, GError **error)
{
  return mg_json_get_gint (a, NULL, key, AERR, 0, LM_MAX_GOLD, out, error);
}

/* "cards": the season's number of distinct cards. */
static gboolean
get_cards (const LmState *s, json_object *a, gint out[2], guint *n_out, GError **error)
{
  guint want = s->rs->cards_per_season[MAX (s->p.season, 0)];
  json_object *arr = mg_json_get_array (a, NULL, "cards", AERR, 1, 2, error);

  if (arr == NULL)
    return FALSE;
  if (json_object_array_length (arr) != want)
    return mg_rules_illegal (error, ngettext ("%s: each player chooses %u action card",
                                     "%s: each player chooses %u action cards", want),
                    season_name (s, s->p.season), want);
  for (guint i = 0; i < want; i++)
    {
      g_autofree char *p = mg_json_path_index ("cards", i);
      guint c;
      if (!mg_json_choice (json_object_array_get_idx (arr, i), p, AERR, lm_card_ids, &c, error))
        return FALSE;
      out[i] = c;
    }
  if (want == 2 && out[0] == out[1])
    return mg_rules_illegal (error, _("The two cards must differ: each player has one Build, one Tax and one Move/Attack card"));
  *n_out = want;
  return TRUE;
}

static json_object *
cards_json (const gint *cards, guint n)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < n; i++)
    json_object_array_add (a, JS (lm_card_ids[cards[i]]));
  return a;
}

static char *
cards_text (const gint *cards, guint n)
{
  if (n == 2)
    return g_strdup_printf (_("%s and %s"), CARD (cards[0]), CARD (cards[1]));
  return g_strdup (CARD (cards[0]));
}

/* ---------------------------------------------------------------- state life */

static void
lm_free_state (MgState *state)
{
  LmState *s = lm (state);

  if (s == NULL)
    return;
  lm_ruleset_free (s->rs);
  lm_map_free (s->map);
  for (guint i = 0; i < LM_MAX_SEATS; i++)
    g_free (s->names[i]);
  g_free (s);
}

static void
state_unref (LmState *s)
{
  lm_free_state ((MgState *) s);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LmState, state_unref)

static gboolean
lm_check_ruleset (json_object *ruleset, GError **error)
{
  g_autoptr(LmRuleset) rs = lm_ruleset_parse (ruleset, error);
  return rs != NULL;
}

static LmState *
state_alloc (json_object *ruleset, const char * const *players, GError **error)
{
  g_autoptr(LmState) s = g_new0 (LmState, 1);
  guint n = players ? g_strv_length ((char **) players) : 0;
  json_object *mapj;

  s->parent.rules = mg_lamame_rules ();
  if (n < 2 || n > LM_MAX_SEATS)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("La Mame's Melee needs 2 to 4 players, not %u"), n);
      return NULL;
    }
  if ((s->rs = lm_ruleset_parse (ruleset, error)) == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      if (players[i][0] != '\0' && !mg_rules_check_name (players[i], MG_RULES_ERROR_BAD_ACTION, error))
        return NULL;
      if (players[i][0] == '\0' || strcmp (players[i], MG_SEAT_PUBLIC) == 0 ||
          strcmp (players[i], MG_SEAT_ALL) == 0 || strcmp (players[i], "referee") == 0)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                       _("\"%s\" cannot name a player (empty or reserved)"), players[i]);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (players[i], players[j]) == 0)
          {
            g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                         _("Two players are called \"%s\""), players[i]);
            return NULL;
          }
      s->names[i] = g_strdup (players[i]);
    }
  s->p.n = n;
  mapj = lm_ruleset_map_for (s->rs, n);
  if (mapj != NULL && (s->map = lm_map_parse (mapj, "$.map", n, error)) == NULL)
    return NULL;
  return g_steal_pointer (&s);
}

static void
play_init (LmPlay *p, guint n)
{
  memset (p, 0, sizeof *p);
  p->n = n;
  p->phase = LM_SETUP;
  p->season = -1;
  p->bid_winner = -1;
  p->winner = -1;
  p->fallen_castle = -1;
  for (guint i = 0; i < LM_MAX_DEALT; i++)
    p->bidder[i] = -1;
  for (guint i = 0; i < LM_MAX_ABILITIES; i++)
    p->ability_owner[i] = -1;
  for (guint i = 0; i < LM_MAX_SEATS; i++)
    {
      p->order[i] = i;
      p->last_bids[i] = -1;
      p->pl[i].start_bid = -1;
      p->pl[i].card_active = -1;
    }
  for (guint a = 0; a < LM_MAX_AREAS; a++)
    memset (p->spot[a].owner, 0xff, sizeof p->spot[a].owner);
  p->atk.gold = -1;
  p->atk.n_guesses = -1;
}

static MgState *
lm_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  LmState *s = state_alloc (ruleset, players, error);

  if (s == NULL)
    return NULL;
  play_init (&s->p, s->p.n);
  s->p.form = s->rs->initial_build;
  return (MgState *) s;
}

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
  ev (c, "season_started", "season", JS (s->rs->seasons[idx]), "turn", JI (idx + 2), NULL);
  say (c, _("%s begins: everyone bids in secret for start player."), season_name (s, idx));
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
          say (c, _("%s buys %s for %d gold."), NAME (s, p->bidder[i]), _(name), p->bid[i]);
        }
      else
        {
          json_object_array_add (discarded, JS (name));
          say (c, _("%s had no bid and is discarded."), _(name));
        }
    }
  ev (c, "abilities_awarded", "awards", awards, "discarded", discarded, NULL);
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
        gint aa = areas_held (s, a), ab = areas_held (s, b);
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
      p->rank_areas[i] = areas_held (s, seats[i]);
      json_object_object_add (r, "player", JS (NAME (s, seats[i])));
      json_object_object_add (r, "areas", JI (p->rank_areas[i]));
      json_object_object_add (r, "gold", JI (p->pl[seats[i]].gold));
      json_object_array_add (ranking, r);
      g_string_append_printf (table, "%s%s %d/%d", i ? ", " : "", NAME (s, seats[i]),
                              p->rank_areas[i], p->pl[seats[i]].gold);
    }
  p->winner = seats[0];
  p->phase = LM_OVER;
  ev (c, "game_over", "reason", JS ("winter"), "winner", JS (NAME (s, p->winner)), "ranking", ranking, NULL);
  say (c, _("The year is over. %s holds the most areas and is crowned. Areas/gold: %s."),
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
          if (s->map->areas[a].plus_one && area_owner (s, a) == (gint) i)
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
  ev (c, "income", "incomes", incomes, NULL);
  say (c, _("Income: %s."), text->str);
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
  g_autofree char *text = cards_text (pl->cards, pl->n_cards);

  pl->cards_revealed = TRUE;
  ev (c, "cards_revealed", "player", JS (NAME (s, seat)), "cards", cards_json (pl->cards, pl->n_cards), NULL);
  say (c, _("%s reveals %s."), NAME (s, seat), text);
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
      ev (c, "cannot_win", "player", JS (NAME (s, seat)), NULL);
      say (c, _("%s cannot win any more and does not take a turn."), NAME (s, seat));
      end_of_season (s, c);
      return;
    }
  ev (c, "turn_started", "player", JS (NAME (s, seat)), NULL);
  if (p->pl[seat].card_entry == LM_ENTRY_HIDDEN)
    reveal_cards_of (s, c, seat);
  else
    say (c, _("%s's turn: %s reveals their cards."), NAME (s, seat), NAME (s, seat));
}

static void
begin_actions (LmState *s, Ctx *c)
{
  s->p.phase = LM_ACTIONS;
  s->p.cur = 0;
  say (c, _("Everyone has chosen; %s plays first."), NAME (s, s->p.order[0]));
  begin_turn (s, c);
}

static void
card_done (LmState *s, Ctx *c, gint seat, guint idx)
{
  LmPlayer *pl = &s->p.pl[seat];
  gboolean all = TRUE;

  pl->card_done[idx] = TRUE;
  pl->card_active = -1;
  ev (c, "card_done", "player", JS (NAME (s, seat)), "card", JS (lm_card_ids[pl->cards[idx]]), NULL);
  for (guint i = 0; i < pl->n_cards; i++)
    all = all && pl->card_done[i];
  if (all && s->p.phase == LM_ACTIONS)
    next_turn (s, c);
}

/* ---------------------------------------------------------------- set-up and initial build */

static gboolean
do_start (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "start_player", "initial_build", "map", "abilities", NULL };
  LmPlay *p = &s->p;
  gint start = 0;
  json_object *mapj, *abil;

  if (!only (a, f, error))
    return FALSE;
  if (p->phase != LM_SETUP)
    return mg_rules_illegal (error, _("The game has already started"));
  if (mg_json_member (a, "start_player") != NULL && !get_seat (s, a, "start_player", &start, error))
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
      s->map = m;   /* the caller frees the old one on success, this one on failure */
    }
  if (s->map == NULL)
    return mg_rules_illegal (error, _("The ruleset has no map for %u players: draw one in the map editor and start with it"), p->n);
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
                return mg_rules_illegal (error, _("No special ability is called \"%s\" in the ruleset"), name ? name : "");
              for (guint j = 0; j < i; j++)
                if (p->dealt[j] == found)
                  return mg_rules_illegal (error, _("\"%s\" is dealt twice"), name);
              p->dealt[i] = found;
            }
        }
      else
        for (guint i = 0; i < want; i++)
          p->dealt[i] = i;
      p->n_dealt = want;
    }
  else if (mg_json_member (a, "abilities") != NULL)
    return mg_rules_illegal (error, _("Special abilities are dealt only with the complete rules"));

  p->start_player = start;
  p->first_start = start;
  compute_order (s);
  for (guint i = 0; i < p->n; i++)
    {
      gint castle = castle_of (s, i);
      memcpy (p->pl[i].supply, s->rs->supply, sizeof p->pl[i].supply);
      p->pl[i].gold = s->rs->starting_gold;
      p->pl[i].supply[LM_SOLDIER]--;
      unit_put (s, castle, LM_SOLDIER, i);
    }
  {
    json_object *dealt = json_object_new_array ();
    for (guint i = 0; i < p->n_dealt; i++)
      json_object_array_add (dealt, JS (s->rs->abilities[p->dealt[i]].name));
    ev (c, "started", "start_player", JS (NAME (s, start)), "initial_build", JS (lm_form_ids[p->form]),
        "map", JS (s->map->name), "abilities", dealt, NULL);
  }
  p->phase = LM_INITIAL_BUILD;
  p->cur = 0;
  say (c, _("The year begins on %s: %s starts; each player has %d gold and a soldier in their castle."),
       _(s->map->name), NAME (s, start), s->rs->starting_gold);
  if (p->form == LM_COMPLETE)
    say (c, _("Initial build with special abilities: bid, build one unit or pass, in turn."));
  else
    say (c, _("Introductory initial build: each player buys units in turn, then passes."));
  return TRUE;
}

static gboolean
check_turn (const LmState *s, gint seat, GError **error)
{
  gint cur = current_seat (s);
  if (cur != seat)
    return mg_rules_illegal (error, _("It is %s's turn, not %s's"), cur >= 0 ? NAME (s, cur) : "?", NAME (s, seat));
  return TRUE;
}

static gboolean
do_build (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "unit", "area", NULL };
  LmPlay *p = &s->p;
  gint seat, kind, area, castle;
  gboolean initial = p->phase == LM_INITIAL_BUILD;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) ||
      !get_kind (a, "unit", &kind, error) || !get_area (s, a, "area", &area, error))
    return FALSE;
  if (p->phase != LM_INITIAL_BUILD && p->phase != LM_ACTIONS)
    return mg_rules_illegal (error, _("Units are built in the initial build or with the Build card"));
  if (p->phase == LM_ACTIONS && p->atk.active)
    return mg_rules_illegal (error, _("An attack is under way: finish it first"));
  if (!check_turn (s, seat, error))
    return FALSE;
  castle = castle_of (s, seat);
  if (p->pl[seat].supply[kind] <= 0)
    return mg_rules_illegal (error, _("%s has no %s left in their supply"), NAME (s, seat), KIND (kind));
  if (p->pl[seat].gold < s->rs->costs[kind])
    return mg_rules_illegal (error, _("A %s costs %d gold; %s has %d"), KIND (kind), s->rs->costs[kind],
                    NAME (s, seat), p->pl[seat].gold);
  if (initial && p->form == LM_COMPLETE && supply_total (s, seat) - 1 < cards_led (s, seat))
    return mg_rules_illegal (error, _("%s's last unbuilt units mark their bids on special abilities"), NAME (s, seat));
  if (initial)
    {
      if (area != castle && !lm_map_adjacent (s->map, castle, area))
        return mg_rules_illegal (error, _("In the initial build units go in the castle (%s) or next to it; %s is not"),
                        AREA (s, castle), AREA (s, area));
    }
  else
    {
      gint idx = -1;
      LmPlayer *pl = &p->pl[seat];
      if (!pl->cards_revealed)
        return mg_rules_illegal (error, _("%s must reveal their cards first"), NAME (s, seat));
      if (pl->card_active >= 0 && pl->cards[pl->card_active] != LM_BUILD)
        return mg_rules_illegal (error, _("%s is taking their %s action: finish it first (end it)"), NAME (s, seat),
                        CARD (pl->cards[pl->card_active]));
      for (guint i = 0; i < pl->n_cards; i++)
        if (pl->cards[i] == LM_BUILD && !pl->card_done[i])
          idx = i;
      if (idx < 0)
        return mg_rules_illegal (error, _("%s has no Build card to play this season"), NAME (s, seat));
      if (area != castle && !lm_map_adjacent (s->map, castle, area) && area_owner (s, area) != seat)
        return mg_rules_illegal (error, _("%s may build only in their castle, next to it, or where they have units; not in %s"),
                        NAME (s, seat), AREA (s, area));
      if (pl->card_active < 0)
        {
          pl->card_active = idx;
          ev (c, "card_started", "player", JS (NAME (s, seat)), "card", JS ("build"), NULL);
        }
    }
  if (!can_place (s, seat, kind, area, error))
    return FALSE;
  p->pl[seat].gold -= s->rs->costs[kind];
  p->pl[seat].supply[kind]--;
  unit_put (s, area, kind, seat);
  ev (c, "built", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[kind]), "area", JS (AREA (s, area)),
      "cost", JI (s->rs->costs[kind]), NULL);
  say (c, _("%s builds a %s on %s for %d gold (%d left)."), NAME (s, seat), KIND (kind), AREA (s, area),
       s->rs->costs[kind], p->pl[seat].gold);
  if (initial && p->form == LM_COMPLETE)
    initial_build_next (s, c);
  return TRUE;
}

static gboolean
do_bid (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "ability", "gold", NULL };
  LmPlay *p = &s->p;
  gint seat, gold, idx = -1, old;
  const char *name;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) ||
      !mg_json_get_string (a, NULL, "ability", AERR, &name, error) || !get_gold (a, "gold", &gold, error))
    return FALSE;
  if (p->phase != LM_INITIAL_BUILD || p->form != LM_COMPLETE)
    return mg_rules_illegal (error, _("Special abilities are bid for only in the initial build of the complete rules"));
  if (!check_turn (s, seat, error))
    return FALSE;
  for (guint i = 0; i < p->n_dealt; i++)
    if (strcmp (s->rs->abilities[p->dealt[i]].name, name) == 0)
      idx = i;
  if (idx < 0)
    return mg_rules_illegal (error, _("\"%s\" is not among the special abilities dealt"), name);
  if (gold < 1)
    return mg_rules_illegal (error, _("The minimum bid is 1 gold"));
  if (gold <= p->bid[idx] && p->bidder[idx] >= 0)
    return mg_rules_illegal (error, _("%s already has a bid of %d: bid higher"), name, p->bid[idx]);
  old = p->bidder[idx] == seat ? p->bid[idx] : 0;
  if (p->pl[seat].gold + old < gold)
    return mg_rules_illegal (error, _("%s has only %d gold"), NAME (s, seat), p->pl[seat].gold + old);
  if (p->bidder[idx] != seat && supply_total (s, seat) < cards_led (s, seat) + 1)
    return mg_rules_illegal (error, _("%s has no unbuilt unit left to mark the bid"), NAME (s, seat));
  if (p->bidder[idx] >= 0)
    p->pl[p->bidder[idx]].gold += p->bid[idx];
  ev (c, "ability_bid", "player", JS (NAME (s, seat)), "ability", JS (name), "gold", JI (gold),
      "outbid", p->bidder[idx] >= 0 ? JS (NAME (s, p->bidder[idx])) : NULL,
      "refund", JI (p->bidder[idx] >= 0 ? p->bid[idx] : 0), NULL);
  if (p->bidder[idx] >= 0 && p->bidder[idx] != seat)
    say (c, _("%s bids %d gold on %s; %s is outbid and takes back %d gold."), NAME (s, seat), gold, _(name),
         NAME (s, p->bidder[idx]), p->bid[idx]);
  else if (p->bidder[idx] == seat)
    say (c, _("%s raises their own bid on %s from %d to %d gold."), NAME (s, seat), _(name), p->bid[idx], gold);
  else
    say (c, _("%s bids %d gold on %s."), NAME (s, seat), gold, _(name));
  p->pl[seat].gold -= gold;
  p->bid[idx] = gold;
  p->bidder[idx] = seat;
  initial_build_next (s, c);
  return TRUE;
}

static gboolean
do_pass (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", NULL };
  gint seat;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (s->p.phase != LM_INITIAL_BUILD)
    return mg_rules_illegal (error, _("Passing belongs to the initial build"));
  if (!check_turn (s, seat, error))
    return FALSE;
  s->p.pl[seat].passed = TRUE;
  ev (c, "passed", "player", JS (NAME (s, seat)), NULL);
  say (c, s->p.form == LM_COMPLETE ? _("%s passes and leaves the initial build.")
                                   : _("%s has finished building."), NAME (s, seat));
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
  ev (c, "start_bids_revealed", "bids", bids, "winner", JS (NAME (s, winner)), "paid", JI (best), NULL);
  say (c, _("%s bids revealed: %s. %s wins, pays %d and chooses the start player."),
       season_name (s, p->season), text->str, NAME (s, winner), best);
  g_string_free (text, TRUE);
}

static gboolean
do_start_bid (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "gold", NULL };
  LmPlay *p = &s->p;
  gint seat, gold;
  guint entered = 0;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) || !get_gold (a, "gold", &gold, error))
    return FALSE;
  if (p->phase != LM_START_BID)
    return mg_rules_illegal (error, _("No start bid is being made now"));
  if (gold > p->pl[seat].gold)
    return mg_rules_illegal (error, _("%s has only %d gold to bid"), NAME (s, seat), p->pl[seat].gold);
  p->pl[seat].start_bid = gold;
  for (guint i = 0; i < p->n; i++)
    entered += p->pl[i].start_bid >= 0;
  ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("start_bid"), NULL);
  ev (c, "start_bid", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "gold", JI (gold), NULL);
  say (c, _("%s has bid in secret (%u of %u)."), NAME (s, seat), entered, p->n);
  if (entered == p->n)
    reveal_start_bids (s, c);
  return TRUE;
}

static gboolean
do_start_bids (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "bids", NULL };
  LmPlay *p = &s->p;
  json_object *bids;
  gint vals[LM_MAX_SEATS];

  if (!only (a, f, error) || (bids = mg_json_get_object (a, NULL, "bids", AERR, error)) == NULL)
    return FALSE;
  if (p->phase != LM_START_BID)
    return mg_rules_illegal (error, _("No start bid is being made now"));
  for (guint i = 0; i < p->n; i++)
    if (p->pl[i].start_bid >= 0)
      return mg_rules_illegal (error, _("%s has already bid in secret on this device: enter every bid there"), NAME (s, i));
  json_object_object_foreach (bids, key, val)
    {
      gboolean known = FALSE;
      (void) val;
      for (guint i = 0; i < p->n; i++)
        known = known || strcmp (key, NAME (s, i)) == 0;
      if (!known)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION, _("\"%s\" is not a player of this game"), key);
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
        return mg_rules_illegal (error, _("%s has only %d gold to bid"), NAME (s, i), p->pl[i].gold);
      vals[i] = v;
    }
  for (guint i = 0; i < p->n; i++)
    p->pl[i].start_bid = vals[i];
  reveal_start_bids (s, c);
  return TRUE;
}

static gboolean
do_choose_start (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "start", NULL };
  LmPlay *p = &s->p;
  gint seat, start;
  json_object *order;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) || !get_seat (s, a, "start", &start, error))
    return FALSE;
  if (p->phase != LM_CHOOSE_START)
    return mg_rules_illegal (error, _("The start player is not being chosen now"));
  if (seat != p->bid_winner)
    return mg_rules_illegal (error, _("%s won the bid and chooses the start player"), NAME (s, p->bid_winner));
  p->start_player = start;
  compute_order (s);
  order = json_object_new_array ();
  for (guint i = 0; i < p->n; i++)
    json_object_array_add (order, JS (NAME (s, p->order[i])));
  ev (c, "start_player", "chooser", JS (NAME (s, seat)), "player", JS (NAME (s, start)), "order", order, NULL);
  say (c, _("%s names %s start player. Everyone now chooses their action in secret."), NAME (s, seat), NAME (s, start));
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
do_choose_cards (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "cards", NULL };
  LmPlay *p = &s->p;
  gint seat, cards[2];
  guint n, entered = 0;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (p->phase != LM_CHOOSE_CARDS)
    return mg_rules_illegal (error, _("Action cards are not being chosen now"));
  if (!get_cards (s, a, cards, &n, error))
    return FALSE;
  p->pl[seat].card_entry = LM_ENTRY_HIDDEN;
  p->pl[seat].cards[0] = cards[0];
  p->pl[seat].cards[1] = n > 1 ? cards[1] : 0;
  p->pl[seat].n_cards = n;
  for (guint i = 0; i < p->n; i++)
    entered += p->pl[i].card_entry != LM_ENTRY_NONE;
  ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("cards"), NULL);
  ev (c, "cards_chosen", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "cards", cards_json (cards, n), NULL);
  say (c, _("%s has chosen in secret (%u of %u)."), NAME (s, seat), entered, p->n);
  if (all_cards_in (s))
    begin_actions (s, c);
  return TRUE;
}

static gboolean
do_cards_at_table (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { NULL };
  LmPlay *p = &s->p;

  if (!only (a, f, error))
    return FALSE;
  if (p->phase != LM_CHOOSE_CARDS)
    return mg_rules_illegal (error, _("Action cards are not being chosen now"));
  for (guint i = 0; i < p->n; i++)
    if (p->pl[i].card_entry == LM_ENTRY_NONE)
      p->pl[i].card_entry = LM_ENTRY_TABLE;
  ev (c, "cards_at_table", NULL);
  say (c, _("The cards lie face down on the table."));
  begin_actions (s, c);
  return TRUE;
}

static gboolean
do_reveal_cards (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "cards", NULL };
  LmPlay *p = &s->p;
  gint seat, cards[2];
  guint n;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (p->phase != LM_ACTIONS)
    return mg_rules_illegal (error, _("Cards are revealed when their owner's turn comes"));
  if (!check_turn (s, seat, error))
    return FALSE;
  if (p->pl[seat].cards_revealed)
    return mg_rules_illegal (error, _("%s's cards are already revealed"), NAME (s, seat));
  if (!get_cards (s, a, cards, &n, error))
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
    return mg_rules_illegal (error, _("Actions are taken in the action phase, in player order")), -1;
  if (!check_turn (s, seat, error))
    return -1;
  if (s->p.atk.active)
    return mg_rules_illegal (error, _("An attack is under way: finish it first")), -1;
  if (!pl->cards_revealed)
    return mg_rules_illegal (error, _("%s must reveal their cards first"), NAME (s, seat)), -1;
  if (pl->card_active >= 0)
    {
      if (pl->cards[pl->card_active] != (gint) want)
        return mg_rules_illegal (error, _("%s is taking their %s action: finish it before the next"), NAME (s, seat),
                        CARD (pl->cards[pl->card_active])), -1;
      return pl->card_active;
    }
  for (guint i = 0; i < pl->n_cards; i++)
    if (pl->cards[i] == (gint) want && !pl->card_done[i])
      idx = i;
  if (idx < 0)
    return mg_rules_illegal (error, _("%s did not choose %s this season"), NAME (s, seat), CARD (want)), -1;
  pl->card_active = idx;
  ev (c, "card_started", "player", JS (NAME (s, seat)), "card", JS (lm_card_ids[want]), NULL);
  return idx;
}

static gboolean
do_tax (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", NULL };
  gint seat, idx;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if ((idx = take_card (s, c, seat, LM_TAX, error)) < 0)
    return FALSE;
  s->p.pl[seat].gold += s->rs->tax;
  ev (c, "tax", "player", JS (NAME (s, seat)), "gold", JI (s->rs->tax), NULL);
  say (c, _("%s taxes: +%d gold (%d)."), NAME (s, seat), s->rs->tax, s->p.pl[seat].gold);
  card_done (s, c, seat, idx);
  return TRUE;
}

static gboolean
do_end_action (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "card", NULL };
  LmPlay *p = &s->p;
  gint seat, idx = -1;
  LmPlayer *pl;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (p->phase != LM_ACTIONS)
    return mg_rules_illegal (error, _("Actions are taken in the action phase, in player order"));
  if (!check_turn (s, seat, error))
    return FALSE;
  if (p->atk.active)
    return mg_rules_illegal (error, _("An attack is under way: finish it or withdraw first"));
  pl = &p->pl[seat];
  if (!pl->cards_revealed)
    return mg_rules_illegal (error, _("%s must reveal their cards first"), NAME (s, seat));
  if (mg_json_member (a, "card") != NULL)
    {
      guint want;
      if (!mg_json_get_choice (a, NULL, "card", AERR, lm_card_ids, &want, error))
        return FALSE;
      for (guint i = 0; i < pl->n_cards; i++)
        if (pl->cards[i] == (gint) want && !pl->card_done[i])
          idx = i;
      if (idx < 0)
        return mg_rules_illegal (error, _("%s has no %s card left to play"), NAME (s, seat), CARD (want));
      if (pl->card_active >= 0 && pl->card_active != idx)
        return mg_rules_illegal (error, _("%s is taking their %s action: finish it first"), NAME (s, seat),
                        CARD (pl->cards[pl->card_active]));
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
        return mg_rules_illegal (error, _("Say which card %s ends"), NAME (s, seat));
    }
  say (c, _("%s ends their %s action."), NAME (s, seat), CARD (pl->cards[idx]));
  card_done (s, c, seat, idx);
  return TRUE;
}

/* ---------------------------------------------------------------- move, attack, fire */

static gboolean
mover (LmState *s, json_object *a, gint *seat, gint *from, gint *kind, gint *to, GError **error)
{
  if (!get_seat (s, a, "player", seat, error) || !get_area (s, a, "from", from, error) ||
      !get_kind (a, "unit", kind, error) || !get_area (s, a, "to", to, error))
    return FALSE;
  if (*kind != LM_KNIGHT && *kind != LM_SOLDIER)
    return mg_rules_illegal (error, _("Only knights and soldiers move and attack; a %s does not"), KIND (*kind));
  if (s->p.spot[*from].owner[*kind] != *seat)
    return mg_rules_illegal (error, _("%s has no %s on %s"), NAME (s, *seat), KIND (*kind), AREA (s, *from));
  if (!lm_map_adjacent (s->map, *from, *to))
    return mg_rules_illegal (error, _("%s is not next to %s"), AREA (s, *to), AREA (s, *from));
  if (*kind == LM_SOLDIER && s->p.spot[*from].moved[*kind])
    return mg_rules_illegal (error, _("This soldier has already moved or attacked this turn: a soldier goes one area a turn"));
  if (*kind == LM_KNIGHT && s->map->areas[*to].mountain)
    return mg_rules_illegal (error, _("Knights cannot attack, move into or pass through mountains (%s)"), AREA (s, *to));
  return TRUE;
}

static gboolean
do_move (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "from", "unit", "to", NULL };
  gint seat, from, kind, to, owner;

  if (!only (a, f, error) || !mover (s, a, &seat, &from, &kind, &to, error))
    return FALSE;
  if (take_card (s, c, seat, LM_MOVE, error) < 0)
    return FALSE;
  owner = area_owner (s, to);
  if ((owner >= 0 && owner != seat) ||
      (s->map->areas[to].castle_of >= 0 && s->map->areas[to].castle_of != seat))
    return mg_rules_illegal (error, _("%s is held by %s: attack it first"), AREA (s, to),
                    NAME (s, owner >= 0 ? owner : s->map->areas[to].castle_of));
  if (!can_place (s, seat, kind, to, error))
    return FALSE;
  unit_put (s, to, kind, seat);
  s->p.spot[to].moved[kind] = kind == LM_SOLDIER;
  s->p.spot[from].owner[kind] = -1;
  s->p.spot[from].moved[kind] = 0;
  ev (c, "moved", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[kind]), "from", JS (AREA (s, from)),
      "to", JS (AREA (s, to)), NULL);
  say (c, _("%s moves a %s from %s to %s."), NAME (s, seat), KIND (kind), AREA (s, from), AREA (s, to));
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
  at->allowed = guesses_for (s, at->target, at->to);
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
      unit_remove (s, at->to, LM_CATAPULT);
      if (swap)
        {
          s->p.pl[seat].supply[LM_CATAPULT]--;
          unit_put (s, at->to, LM_CATAPULT, seat);
          s->p.spot[at->to].fresh[LM_CATAPULT] = 1;
        }
      ev (c, "captured", "player", JS (NAME (s, seat)), "from", JS (NAME (s, at->defender)),
          "unit", JS ("catapult"), "area", JS (AREA (s, at->to)), "replaced", JB (swap), NULL);
      say (c, swap ? _("The catapult there is captured without a fight and becomes %s's (it cannot fire this turn).")
                   : _("The catapult there is captured without a fight; %s has none in supply to put in its place, so it is destroyed."),
           NAME (s, seat));
    }
  unit_put (s, at->to, at->kind, seat);
  s->p.spot[at->to].moved[at->kind] = at->kind == LM_SOLDIER;
  s->p.spot[at->from].owner[at->kind] = -1;
  s->p.spot[at->from].moved[at->kind] = 0;
  ev (c, "area_taken", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[at->kind]),
      "from", JS (AREA (s, at->from)), "area", JS (AREA (s, at->to)), NULL);
  say (c, _("%s takes %s."), NAME (s, seat), AREA (s, at->to));
  at->active = FALSE;
}

static char *
guesses_text (const gint *g, gint n)
{
  if (n == 2)
    return g_strdup_printf (_("%d and %d"), g[0], g[1]);
  return g_strdup_printf ("%d", g[0]);
}

static void
resolve_round (LmState *s, Ctx *c)
{
  LmPlay *p = &s->p;
  LmAttack *at = &p->atk;
  gboolean hit = FALSE;
  json_object *guesses = json_object_new_array ();
  g_autofree char *gtext = guesses_text (at->guesses, at->n_guesses);
  gint target = at->target;

  for (gint i = 0; i < at->n_guesses; i++)
    {
      hit = hit || at->guesses[i] == at->gold;
      json_object_array_add (guesses, JI (at->guesses[i]));
    }
  p->pl[at->attacker].gold -= at->gold;
  ev (c, "attack_round", "attacker", JS (NAME (s, at->attacker)), "defender", JS (NAME (s, at->defender)),
      "area", JS (AREA (s, at->to)), "target", JS (target == LM_GARRISON ? "garrison" : lm_kind_ids[target]),
      "round", JI (at->round), "gold", JI (at->gold), "guesses", guesses,
      "result", JS (hit ? "defender" : "attacker"), NULL);
  if (hit)
    {
      say (c, _("%s spends %d gold against the %s on %s; %s guesses %s — right: %s's %s on %s is destroyed."),
           NAME (s, at->attacker), at->gold, KIND (target), AREA (s, at->to), NAME (s, at->defender), gtext,
           NAME (s, at->attacker), KIND (at->kind), AREA (s, at->from));
      unit_remove (s, at->from, at->kind);
      ev (c, "destroyed", "player", JS (NAME (s, at->attacker)), "unit", JS (lm_kind_ids[at->kind]),
          "area", JS (AREA (s, at->from)), "by", JS ("guess"), NULL);
      at->active = FALSE;
      return;
    }
  say (c, _("%s spends %d gold against the %s on %s; %s guesses %s — wrong."),
       NAME (s, at->attacker), at->gold, KIND (target), AREA (s, at->to), NAME (s, at->defender), gtext);
  if (target == LM_GARRISON)
    {
      json_object *ranking = json_object_new_array ();
      p->winner = at->attacker;
      p->fallen_castle = at->to;
      ev (c, "castle_captured", "player", JS (NAME (s, at->attacker)), "castle", JS (AREA (s, at->to)),
          "owner", JS (NAME (s, at->defender)), NULL);
      unit_put (s, at->to, at->kind, at->attacker);
      s->p.spot[at->from].owner[at->kind] = -1;
      at->active = FALSE;
      p->phase = LM_OVER;
      json_object_array_add (ranking, json_object_new_object ());
      json_object_object_add (json_object_array_get_idx (ranking, 0), "player", JS (NAME (s, p->winner)));
      ev (c, "game_over", "reason", JS ("castle"), "winner", JS (NAME (s, p->winner)),
          "castle", JS (AREA (s, at->to)), "ranking", ranking, NULL);
      say (c, _("%s's castle %s falls: %s is crowned and the game ends."), NAME (s, at->defender),
           AREA (s, at->to), NAME (s, at->attacker));
      return;
    }
  if (target == LM_CAMP)
    {
      gboolean swap = p->pl[at->attacker].supply[LM_CAMP] > 0;
      unit_remove (s, at->to, LM_CAMP);
      if (swap)
        {
          p->pl[at->attacker].supply[LM_CAMP]--;
          unit_put (s, at->to, LM_CAMP, at->attacker);
        }
      ev (c, "captured", "player", JS (NAME (s, at->attacker)), "from", JS (NAME (s, at->defender)),
          "unit", JS ("camp"), "area", JS (AREA (s, at->to)), "replaced", JB (swap), NULL);
      say (c, swap ? _("The camp is captured and replaced by one of %s's.")
                   : _("The camp is captured; %s has no camp in supply to put in its place, so it is destroyed."),
           NAME (s, at->attacker));
    }
  else
    {
      unit_remove (s, at->to, target);
      ev (c, "destroyed", "player", JS (NAME (s, at->defender)), "unit", JS (lm_kind_ids[target]),
          "area", JS (AREA (s, at->to)), "by", JS ("attack"), NULL);
      say (c, _("%s's %s is destroyed."), NAME (s, at->defender), KIND (target));
    }
  if (next_target (s) >= 0)
    {
      next_round (s);
      say (c, _("Next: the %s (%d to guess)."), KIND (at->target), at->allowed);
    }
  else
    attack_won (s, c);
}

static gboolean
do_attack (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "from", "unit", "to", NULL };
  LmAttack *at = &s->p.atk;
  gint seat, from, kind, to, owner;

  if (!only (a, f, error) || !mover (s, a, &seat, &from, &kind, &to, error))
    return FALSE;
  if (take_card (s, c, seat, LM_MOVE, error) < 0)
    return FALSE;
  owner = area_owner (s, to);
  if (owner < 0 && s->map->areas[to].castle_of >= 0 && s->map->areas[to].castle_of != seat)
    owner = s->map->areas[to].castle_of;
  if (owner < 0 || owner == seat)
    return mg_rules_illegal (error, _("%s holds no enemy: move there instead"), AREA (s, to));
  if (s->p.pl[seat].gold < s->rs->attack_gold_min)
    return mg_rules_illegal (error, _("%s has no gold to motivate their men (at least %d)"), NAME (s, seat), s->rs->attack_gold_min);
  memset (at, 0, sizeof *at);
  at->active = TRUE;
  at->attacker = seat;
  at->defender = owner;
  at->from = from;
  at->kind = kind;
  at->to = to;
  if (kind == LM_SOLDIER)
    s->p.spot[from].moved[kind] = 1;
  ev (c, "attack_started", "player", JS (NAME (s, seat)), "unit", JS (lm_kind_ids[kind]), "from", JS (AREA (s, from)),
      "to", JS (AREA (s, to)), "defender", JS (NAME (s, owner)), NULL);
  say (c, _("%s attacks %s's %s from %s with a %s."), NAME (s, seat), NAME (s, owner), AREA (s, to), AREA (s, from), KIND (kind));
  if (next_target (s) < 0)
    {
      /* Only catapults: they never defend. */
      attack_won (s, c);
      return TRUE;
    }
  next_round (s);
  say (c, _("First the %s (%d to guess)."), KIND (at->target), at->allowed);
  return TRUE;
}

/* Between rounds the attacker holds less than an attack needs: withdrawing is all that is left. */
static gboolean
attacker_broke (const LmState *s)
{
  return s->p.atk.active && s->p.pl[s->p.atk.attacker].gold < s->rs->attack_gold_min;
}

static gboolean
check_attack_gold (const LmState *s, gint gold, GError **error)
{
  const LmAttack *at = &s->p.atk;
  if (attacker_broke (s))
    return mg_rules_illegal (error, _("%s has no gold left to pay for another round: the only choice is to withdraw"),
                             NAME (s, at->attacker));
  if (gold < s->rs->attack_gold_min)
    return mg_rules_illegal (error, _("An attack needs at least %d gold"), s->rs->attack_gold_min);
  if (gold > s->p.pl[at->attacker].gold)
    return mg_rules_illegal (error, _("%s has only %d gold"), NAME (s, at->attacker), s->p.pl[at->attacker].gold);
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
    return mg_rules_illegal (error, ngettext ("%s has %d guess against the %s", "%s has %d guesses against the %s", at->allowed),
                    NAME (s, at->defender), at->allowed, KIND (at->target));
  for (gint i = 0; i < at->allowed; i++)
    {
      g_autofree char *p = mg_json_path_index ("guesses", i);
      gint64 v;
      if (!mg_json_int (json_object_array_get_idx (arr, i), p, AERR, 1, LM_MAX_GOLD, &v, error))
        return FALSE;
      out[i] = v;
    }
  if (at->allowed == 2 && out[0] == out[1])
    return mg_rules_illegal (error, _("The two guesses must differ"));
  *n = at->allowed;
  return TRUE;
}

static gboolean
check_attack_open (const LmState *s, GError **error)
{
  if (s->p.phase != LM_ACTIONS || !s->p.atk.active)
    return mg_rules_illegal (error, _("No attack is under way"));
  return TRUE;
}

static gboolean
do_attack_gold (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "gold", NULL };
  LmAttack *at = &s->p.atk;
  gint seat, gold;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) || !get_gold (a, "gold", &gold, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (seat != at->attacker)
    return mg_rules_illegal (error, _("%s is the attacker: only they hold the gold"), NAME (s, at->attacker));
  if (!check_attack_gold (s, gold, error))
    return FALSE;
  at->gold = gold;
  ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("attack_gold"), NULL);
  ev (c, "attack_gold", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "gold", JI (gold), NULL);
  say (c, _("%s holds their gold in secret."), NAME (s, seat));
  if (at->n_guesses >= 0)
    resolve_round (s, c);
  return TRUE;
}

static gboolean
do_guess (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "guesses", NULL };
  LmAttack *at = &s->p.atk;
  gint seat, g[2], n;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (seat != at->defender)
    return mg_rules_illegal (error, _("%s is the defender: only they guess"), NAME (s, at->defender));
  if (attacker_broke (s))
    return mg_rules_illegal (error, _("%s has no gold left for another round: there is nothing to guess, %s must withdraw"),
                             NAME (s, at->attacker), NAME (s, at->attacker));
  if (!read_guesses (s, a, g, &n, error))
    return FALSE;
  at->guesses[0] = g[0];
  at->guesses[1] = n > 1 ? g[1] : 0;
  at->n_guesses = n;
  ev (c, "secret_entered", "player", JS (NAME (s, seat)), "what", JS ("guess"), NULL);
  {
    json_object *ga = json_object_new_array ();
    for (gint i = 0; i < n; i++)
      json_object_array_add (ga, JI (g[i]));
    ev (c, "guess", "seat", JS (NAME (s, seat)), "player", JS (NAME (s, seat)), "guesses", ga, NULL);
  }
  say (c, _("%s has guessed in secret."), NAME (s, seat));
  if (at->gold >= 0)
    resolve_round (s, c);
  return TRUE;
}

static gboolean
do_reveal_attack (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "gold", "guesses", NULL };
  LmAttack *at = &s->p.atk;
  gint gold, g[2], n;

  if (!only (a, f, error) || !get_gold (a, "gold", &gold, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (at->gold >= 0 || at->n_guesses >= 0)
    return mg_rules_illegal (error, _("Part of this round was entered in secret on this device: enter the rest there"));
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
do_withdraw (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", NULL };
  LmAttack *at = &s->p.atk;
  gint seat;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error))
    return FALSE;
  if (!check_attack_open (s, error))
    return FALSE;
  if (seat != at->attacker)
    return mg_rules_illegal (error, _("Only the attacker, %s, may withdraw"), NAME (s, at->attacker));
  at->active = FALSE;
  ev (c, "withdrawn", "player", JS (NAME (s, seat)), "area", JS (AREA (s, at->to)), NULL);
  say (c, _("%s stops the attack on %s."), NAME (s, seat), AREA (s, at->to));
  return TRUE;
}

static gboolean
do_fire (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "from", "to", NULL };
  LmPlay *p = &s->p;
  gint seat, from, to, owner, range, dist;
  json_object *destroyed;
  GString *text;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) || !get_area (s, a, "from", &from, error) ||
      !get_area (s, a, "to", &to, error))
    return FALSE;
  if (take_card (s, c, seat, LM_MOVE, error) < 0)
    return FALSE;
  if (p->spot[from].owner[LM_CATAPULT] != seat)
    return mg_rules_illegal (error, _("%s has no catapult on %s"), NAME (s, seat), AREA (s, from));
  if (p->spot[from].fresh[LM_CATAPULT])
    return mg_rules_illegal (error, _("This catapult was captured (or has fired) this turn and cannot fire"));
  if (s->map->areas[to].mountain)
    return mg_rules_illegal (error, _("Catapults cannot fire into mountains (%s)"), AREA (s, to));
  range = s->rs->range_base + (s->map->areas[from].mountain ? s->rs->range_mountain_bonus : 0);
  dist = from == to ? 0 : lm_map_distance (s->map, from, to);
  if (dist < 1 || dist > range)
    return mg_rules_illegal (error, ngettext ("%s is out of range: a catapult on %s reaches %d area",
                                     "%s is out of range: a catapult on %s reaches %d areas", range),
                    AREA (s, to), AREA (s, from), range);
  owner = area_owner (s, to);
  if (owner < 0 || owner == seat)
    return mg_rules_illegal (error, _("%s holds no enemy unit to fire at"), AREA (s, to));
  destroyed = json_object_new_array ();
  text = g_string_new (NULL);
  for (guint k = 0; k < LM_N_KINDS; k++)
    if (p->spot[to].owner[k] >= 0)
      {
        json_object *d = json_object_new_object ();
        json_object_object_add (d, "player", JS (NAME (s, owner)));
        json_object_object_add (d, "unit", JS (lm_kind_ids[k]));
        json_object_array_add (destroyed, d);
        g_string_append_printf (text, "%s%s", text->len ? ", " : "", KIND (k));
        unit_remove (s, to, k);
      }
  if (s->rs->catapult_single_use)
    {
      unit_remove (s, from, LM_CATAPULT);
      /* "used once": by the house rule the fired piece is not put back into the supply. */
      if (s->rs->fired_catapult_gone && s->rs->lost_return)
        p->pl[seat].supply[LM_CATAPULT]--;
    }
  else
    p->spot[from].fresh[LM_CATAPULT] = 1;
  ev (c, "fired", "player", JS (NAME (s, seat)), "from", JS (AREA (s, from)), "to", JS (AREA (s, to)),
      "destroyed", destroyed, NULL);
  say (c, _("%s's catapult on %s fires at %s: %s's %s destroyed."), NAME (s, seat), AREA (s, from),
       AREA (s, to), NAME (s, owner), text->str);
  if (s->map->areas[to].castle_of >= 0)
    say (c, _("The garrison of %s still holds the walls."), AREA (s, to));
  g_string_free (text, TRUE);
  return TRUE;
}

static gboolean
do_adjust (LmState *s, json_object *a, Ctx *c, GError **error)
{
  static const char * const f[] = { "player", "gold", "reason", NULL };
  gint seat;
  gint64 delta;
  const char *reason = NULL;

  if (!only (a, f, error) || !get_seat (s, a, "player", &seat, error) ||
      !mg_json_get_int (a, NULL, "gold", AERR, -LM_MAX_GOLD, LM_MAX_GOLD, &delta, error))
    return FALSE;
  if (!mg_json_opt_string (a, NULL, "reason", AERR, &reason, error))
    return FALSE;
  if (s->p.phase == LM_SETUP)
    return mg_rules_illegal (error, _("Start the game first"));
  if (s->p.pl[seat].gold + delta < 0)
    return mg_rules_illegal (error, _("%s has only %d gold"), NAME (s, seat), s->p.pl[seat].gold);
  s->p.pl[seat].gold += delta;
  ev (c, "adjusted", "player", JS (NAME (s, seat)), "gold", JI (delta), "reason", reason ? JS (reason) : NULL, NULL);
  say (c, _("Referee's correction: %s %+d gold (%d)%s%s."), NAME (s, seat), (int) delta, s->p.pl[seat].gold,
       reason ? ": " : "", reason ? reason : "");
  return TRUE;
}

/* ---------------------------------------------------------------- apply */

typedef gboolean (*Handler) (LmState *, json_object *, Ctx *, GError **);

static const struct { const char *type; Handler fn; } handlers[] = {
  { "start", do_start }, { "build", do_build }, { "bid", do_bid }, { "pass", do_pass },
  { "start_bid", do_start_bid }, { "start_bids", do_start_bids }, { "choose_start", do_choose_start },
  { "choose_cards", do_choose_cards }, { "cards_at_table", do_cards_at_table },
  { "reveal_cards", do_reveal_cards }, { "tax", do_tax }, { "move", do_move }, { "attack", do_attack },
  { "attack_gold", do_attack_gold }, { "guess", do_guess }, { "reveal_attack", do_reveal_attack },
  { "withdraw", do_withdraw }, { "fire", do_fire }, { "end_action", do_end_action }, { "adjust", do_adjust },
};

/* Runs the action on the state; keeps the result only when `keep` and it succeeded. */
static json_object *
run (LmState *s, json_object *action, gboolean keep, char **summary, GError **error)
{
  const char *type = mg_action_type (action);
  LmPlay saved = s->p;
  LmMap *old_map = s->map;
  Handler fn = NULL;
  Ctx c = { NULL, NULL };
  gboolean ok;

  if (type == NULL)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("An action is a JSON object with a \"type\""));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    if (strcmp (handlers[i].type, type) == 0)
      fn = handlers[i].fn;
  if (fn == NULL)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("Unknown action \"%s\" for La Mame's Melee"), type);
      return NULL;
    }
  if (s->p.phase == LM_OVER)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER, _("The game is over: %s has won"),
                   s->p.winner >= 0 ? NAME (s, s->p.winner) : "?");
      return NULL;
    }
  if (s->p.phase != LM_SETUP && strcmp (type, "start") != 0 && s->map == NULL)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("The game has no map"));
      return NULL;
    }
  c.events = json_object_new_array ();
  c.summary = g_string_new (NULL);
  ok = fn (s, action, &c, error);
  if (!ok || !keep)
    {
      s->p = saved;
      if (s->map != old_map)
        {
          lm_map_free (s->map);
          s->map = old_map;
        }
      g_string_free (c.summary, TRUE);
      if (!ok)
        {
          json_object_put (c.events);
          return NULL;
        }
      return c.events;
    }
  if (s->map != old_map)
    lm_map_free (old_map);
  if (summary != NULL)
    *summary = g_string_free (c.summary, FALSE);
  else
    g_string_free (c.summary, TRUE);
  return c.events;
}

static gboolean
lm_validate (const MgState *state, json_object *action, GError **error)
{
  g_autoptr(json_object) events = run (lm (state), action, FALSE, NULL, error);
  return events != NULL;
}

static json_object *
lm_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  (void) dice;
  return run (lm (state), action, TRUE, summary, error);
}

/* ---------------------------------------------------------------- JSON out */

static gint
lm_turn (const MgState *state)
{
  const LmState *s = lm (state);
  return s->p.season < 0 ? 1 : s->p.season + 2;
}

static json_object *
kinds_json (const gint *v)
{
  json_object *o = json_object_new_object ();
  for (guint k = 0; k < LM_N_KINDS; k++)
    json_object_object_add (o, lm_kind_ids[k], JI (v[k]));
  return o;
}

static const char * const entry_ids[] = { "none", "hidden", "table", NULL };

static json_object *
attack_json (const LmState *s)
{
  const LmAttack *at = &s->p.atk;
  json_object *o, *g;

  if (!at->active)
    return NULL;
  o = json_object_new_object ();
  json_object_object_add (o, "attacker", JS (NAME (s, at->attacker)));
  json_object_object_add (o, "defender", JS (NAME (s, at->defender)));
  json_object_object_add (o, "from", JS (AREA (s, at->from)));
  json_object_object_add (o, "unit", JS (lm_kind_ids[at->kind]));
  json_object_object_add (o, "to", JS (AREA (s, at->to)));
  json_object_object_add (o, "target", JS (at->target == LM_GARRISON ? "garrison" : lm_kind_ids[at->target]));
  json_object_object_add (o, "guesses_allowed", JI (at->allowed));
  json_object_object_add (o, "round", JI (at->round));
  json_object_object_add (o, "gold", at->gold >= 0 ? JI (at->gold) : NULL);
  if (at->n_guesses >= 0)
    {
      g = json_object_new_array ();
      for (gint i = 0; i < at->n_guesses; i++)
        json_object_array_add (g, JI (at->guesses[i]));
    }
  else
    g = NULL;
  json_object_object_add (o, "guesses", g);
  return o;
}

static json_object *
lm_to_json (const MgState *state)
{
  const LmState *s = lm (state);
  const LmPlay *p = &s->p;
  json_object *o = json_object_new_object (), *arr;
  gint cur = current_seat (s);

  json_object_object_add (o, "game", JS ("lamame"));
  json_object_object_add (o, "phase", JS (lm_phase_ids[p->phase]));
  json_object_object_add (o, "turn", JI (lm_turn (state)));
  json_object_object_add (o, "season", p->season >= 0 ? JS (s->rs->seasons[p->season]) : NULL);
  json_object_object_add (o, "season_index", JI (p->season));
  json_object_object_add (o, "initial_build", JS (lm_form_ids[p->form]));
  json_object_object_add (o, "start_player", JS (NAME (s, p->start_player)));
  json_object_object_add (o, "first_start_player", JS (NAME (s, p->first_start)));
  arr = json_object_new_array ();
  for (guint i = 0; i < p->n; i++)
    json_object_array_add (arr, JS (NAME (s, p->order[i])));
  json_object_object_add (o, "order", arr);
  json_object_object_add (o, "cur", JI (p->cur));
  json_object_object_add (o, "current", cur >= 0 ? JS (NAME (s, cur)) : NULL);
  json_object_object_add (o, "bid_winner", p->bid_winner >= 0 ? JS (NAME (s, p->bid_winner)) : NULL);
  arr = json_object_new_array ();
  for (guint i = 0; i < p->n; i++)
    {
      const LmPlayer *pl = &p->pl[i];
      json_object *po = json_object_new_object (), *ab = json_object_new_array (), *done = json_object_new_array ();
      gint castle = s->map ? castle_of (s, i) : -1;

      json_object_object_add (po, "name", JS (NAME (s, i)));
      json_object_object_add (po, "colour", JS (s->rs->colours[i]));
      json_object_object_add (po, "castle", castle >= 0 ? JS (AREA (s, castle)) : NULL);
      json_object_object_add (po, "gold", JI (pl->gold));
      json_object_object_add (po, "supply", kinds_json (pl->supply));
      json_object_object_add (po, "areas", JI (s->map ? areas_held (s, i) : 0));
      json_object_object_add (po, "passed", JB (pl->passed));
      for (guint k = 0; k < s->rs->n_abilities; k++)
        if (p->ability_owner[k] == (gint) i)
          json_object_array_add (ab, JS (s->rs->abilities[k].name));
      json_object_object_add (po, "abilities", ab);
      json_object_object_add (po, "start_bid", pl->start_bid >= 0 ? JI (pl->start_bid) : NULL);
      json_object_object_add (po, "card_entry", JS (entry_ids[pl->card_entry]));
      json_object_object_add (po, "cards", pl->card_entry != LM_ENTRY_NONE && pl->n_cards > 0
                                             ? cards_json (pl->cards, pl->n_cards) : json_object_new_array ());
      json_object_object_add (po, "cards_revealed", JB (pl->cards_revealed));
      for (guint c = 0; c < pl->n_cards; c++)
        json_object_array_add (done, JB (pl->card_done[c]));
      json_object_object_add (po, "cards_done", done);
      json_object_object_add (po, "card_active", pl->card_active >= 0 ? JI (pl->card_active) : NULL);
      json_object_array_add (arr, po);
    }
  json_object_object_add (o, "players", arr);
  json_object_object_add (o, "map", s->map ? json_object_get (s->map->json) : NULL);
  arr = json_object_new_array ();
  for (guint a = 0; s->map && a < s->map->n_areas; a++)
    for (guint k = 0; k < LM_N_KINDS; k++)
      if (p->spot[a].owner[k] >= 0)
        {
          json_object *u = json_object_new_object ();
          json_object_object_add (u, "player", JS (NAME (s, p->spot[a].owner[k])));
          json_object_object_add (u, "unit", JS (lm_kind_ids[k]));
          json_object_object_add (u, "area", JS (AREA (s, a)));
          json_object_object_add (u, "moved", JB (p->spot[a].moved[k]));
          json_object_object_add (u, "fresh", JB (p->spot[a].fresh[k]));
          json_object_array_add (arr, u);
        }
  json_object_object_add (o, "units", arr);
  arr = json_object_new_array ();
  for (guint i = 0; i < p->n_dealt; i++)
    {
      json_object *d = json_object_new_object ();
      json_object_object_add (d, "ability", JS (s->rs->abilities[p->dealt[i]].name));
      json_object_object_add (d, "text", JS (s->rs->abilities[p->dealt[i]].text));
      json_object_object_add (d, "bid", JI (p->bid[i]));
      json_object_object_add (d, "bidder", p->bidder[i] >= 0 ? JS (NAME (s, p->bidder[i])) : NULL);
      json_object_array_add (arr, d);
    }
  json_object_object_add (o, "auction", arr);
  {
    json_object *lb = json_object_new_object ();
    for (guint i = 0; i < p->n; i++)
      if (p->last_bids[i] >= 0)
        json_object_object_add (lb, NAME (s, i), JI (p->last_bids[i]));
    json_object_object_add (o, "last_start_bids", lb);
  }
  json_object_object_add (o, "attack", attack_json (s));
  json_object_object_add (o, "skipped_last", JB (p->skipped_last));
  if (p->phase == LM_OVER)
    {
      json_object *r = json_object_new_object (), *rk = json_object_new_array ();
      json_object_object_add (r, "reason", JS (p->fallen_castle >= 0 ? "castle" : "winter"));
      json_object_object_add (r, "winner", JS (NAME (s, p->winner)));
      json_object_object_add (r, "castle", p->fallen_castle >= 0 ? JS (AREA (s, p->fallen_castle)) : NULL);
      if (p->fallen_castle < 0)
        for (guint i = 0; i < p->n; i++)
          {
            json_object *e = json_object_new_object ();
            json_object_object_add (e, "player", JS (NAME (s, p->ranking[i])));
            json_object_object_add (e, "areas", JI (p->rank_areas[i]));
            json_object_object_add (e, "gold", JI (p->pl[p->ranking[i]].gold));
            json_object_array_add (rk, e);
          }
      json_object_object_add (r, "ranking", rk);
      json_object_object_add (o, "result", r);
    }
  else
    json_object_object_add (o, "result", NULL);
  return o;
}

/* ---------------------------------------------------------------- JSON in */

static gboolean
seat_of (const LmState *s, json_object *v, const char *path, gint *out, GError **error)
{
  const char *name;
  if (!mg_json_string (v, path, LM_STATE_ERR, &name, error))
    return FALSE;
  for (guint i = 0; i < s->p.n; i++)
    if (strcmp (s->names[i], name) == 0)
      {
        *out = i;
        return TRUE;
      }
  mg_json_set_error (error, LM_STATE_ERR, path, _("a player's name"), v);
  return FALSE;
}

static gboolean
area_of (const LmState *s, json_object *v, const char *path, gint *out, GError **error)
{
  const char *name;
  if (!mg_json_string (v, path, LM_STATE_ERR, &name, error))
    return FALSE;
  if (s->map == NULL || (*out = lm_map_find (s->map, name)) < 0)
    {
      mg_json_set_error (error, LM_STATE_ERR, path, _("an area of the map"), v);
      return FALSE;
    }
  return TRUE;
}

static gboolean
cards_of (json_object *arr, const char *path, gint *cards, guint *n, GError **error)
{
  gsize len;
  if (!mg_json_array (arr, path, LM_STATE_ERR, 0, 2, &len, error))
    return FALSE;
  *n = len;
  for (gsize i = 0; i < len; i++)
    {
      g_autofree char *ip = mg_json_path_index (path, i);
      guint c;
      if (!mg_json_choice (json_object_array_get_idx (arr, i), ip, LM_STATE_ERR, lm_card_ids, &c, error))
        return FALSE;
      cards[i] = c;
    }
  return TRUE;
}

static MgState *
lm_from_json (json_object *ruleset, json_object *json, GError **error)
{
  g_autoptr(LmState) s = NULL;
  g_autofree const char **names = NULL;
  json_object *players, *arr, *v;
  guint phase, form;
  gsize n;
  const char *game;

  if (!mg_json_object (json, "$", LM_STATE_ERR, error) ||
      !mg_json_get_string (json, "$", "game", LM_STATE_ERR, &game, error))
    return NULL;
  if (strcmp (game, "lamame") != 0)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("This is a state of \"%s\", not La Mame's Melee"), game);
      return NULL;
    }
  if ((players = mg_json_get_array (json, "$", "players", LM_STATE_ERR, 2, LM_MAX_SEATS, error)) == NULL)
    return NULL;
  n = json_object_array_length (players);
  names = g_new0 (const char *, n + 1);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.players", i);
      if (!mg_json_get_string (json_object_array_get_idx (players, i), ip, "name", LM_STATE_ERR, &names[i], error))
        return NULL;
    }
  if ((s = state_alloc (ruleset, names, error)) == NULL)
    return NULL;
  play_init (&s->p, n);
  lm_map_free (s->map);
  s->map = NULL;
  if ((v = mg_json_member (json, "map")) != NULL && (s->map = lm_map_parse (v, "$.map", n, error)) == NULL)
    return NULL;
  if (!mg_json_get_choice (json, "$", "phase", LM_STATE_ERR, lm_phase_ids, &phase, error) ||
      !mg_json_get_choice (json, "$", "initial_build", LM_STATE_ERR, lm_form_ids, &form, error) ||
      !mg_json_get_gint (json, "$", "season_index", LM_STATE_ERR, -1, s->rs->n_seasons - 1, &s->p.season, error) ||
      !mg_json_get_gint (json, "$", "cur", LM_STATE_ERR, 0, n - 1, &s->p.cur, error) ||
      !seat_of (s, mg_json_member (json, "start_player"), "$.start_player", &s->p.start_player, error))
    return NULL;
  /* States saved before the member existed: the start player stands in for the year's first. */
  s->p.first_start = s->p.start_player;
  if (mg_json_member (json, "first_start_player") != NULL &&
      !seat_of (s, mg_json_member (json, "first_start_player"), "$.first_start_player", &s->p.first_start, error))
    return NULL;
  s->p.phase = phase;
  s->p.form = form;
  if (phase != LM_SETUP && s->map == NULL)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("$.map: missing in a started game"));
      return NULL;
    }
  compute_order (s);
  if ((v = mg_json_member (json, "bid_winner")) != NULL && !seat_of (s, v, "$.bid_winner", &s->p.bid_winner, error))
    return NULL;
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.players", i);
      g_autofree char *sp = mg_json_path_key (ip, "supply");
      g_autofree char *cp = mg_json_path_key (ip, "cards");
      json_object *po = json_object_array_get_idx (players, i), *sup;
      LmPlayer *pl = &s->p.pl[i];
      guint entry;

      if (!mg_json_get_gint (po, ip, "gold", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &pl->gold, error) ||
          (sup = mg_json_get_object (po, ip, "supply", LM_STATE_ERR, error)) == NULL ||
          !mg_json_get_bool (po, ip, "passed", LM_STATE_ERR, &pl->passed, error) ||
          !mg_json_get_choice (po, ip, "card_entry", LM_STATE_ERR, entry_ids, &entry, error) ||
          !cards_of (mg_json_member (po, "cards"), cp, pl->cards, &pl->n_cards, error) ||
          !mg_json_get_bool (po, ip, "cards_revealed", LM_STATE_ERR, &pl->cards_revealed, error))
        return NULL;
      pl->card_entry = entry;
      for (guint k = 0; k < LM_N_KINDS; k++)
        if (!mg_json_get_gint (sup, sp, lm_kind_ids[k], LM_STATE_ERR, 0, 100, &pl->supply[k], error))
          return NULL;
      if (!mg_json_opt_gint (po, ip, "start_bid", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &pl->start_bid, error))
        return NULL;
      if (!mg_json_opt_gint (po, ip, "card_active", LM_STATE_ERR, 0, 1, &pl->card_active, error))
        return NULL;
      if ((arr = mg_json_get_array (po, ip, "cards_done", LM_STATE_ERR, pl->n_cards, pl->n_cards, error)) == NULL)
        return NULL;
      for (guint c = 0; c < pl->n_cards; c++)
        pl->card_done[c] = json_object_get_boolean (json_object_array_get_idx (arr, c));
      if ((arr = mg_json_get_array (po, ip, "abilities", LM_STATE_ERR, 0, LM_MAX_ABILITIES, error)) == NULL)
        return NULL;
      for (gsize j = 0; j < json_object_array_length (arr); j++)
        {
          const char *an = json_object_get_string (json_object_array_get_idx (arr, j));
          for (guint k = 0; an && k < s->rs->n_abilities; k++)
            if (strcmp (s->rs->abilities[k].name, an) == 0)
              s->p.ability_owner[k] = i;
        }
    }
  if ((arr = mg_json_get_array (json, "$", "units", LM_STATE_ERR, 0, LM_MAX_AREAS * LM_N_KINDS, error)) == NULL)
    return NULL;
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.units", i);
      g_autofree char *pp = mg_json_path_key (ip, "player");
      g_autofree char *ap = mg_json_path_key (ip, "area");
      json_object *u = json_object_array_get_idx (arr, i);
      gint seat, area;
      guint kind;
      gboolean moved, fresh;

      if (!seat_of (s, mg_json_member (u, "player"), pp, &seat, error) ||
          !area_of (s, mg_json_member (u, "area"), ap, &area, error) ||
          !mg_json_get_choice (u, ip, "unit", LM_STATE_ERR, lm_kind_ids, &kind, error) ||
          !mg_json_get_bool (u, ip, "moved", LM_STATE_ERR, &moved, error) ||
          !mg_json_get_bool (u, ip, "fresh", LM_STATE_ERR, &fresh, error))
        return NULL;
      s->p.spot[area].owner[kind] = seat;
      s->p.spot[area].moved[kind] = moved;
      s->p.spot[area].fresh[kind] = fresh;
    }
  if ((arr = mg_json_get_array (json, "$", "auction", LM_STATE_ERR, 0, LM_MAX_DEALT, error)) == NULL)
    return NULL;
  s->p.n_dealt = json_object_array_length (arr);
  for (guint i = 0; i < s->p.n_dealt; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.auction", i);
      json_object *d = json_object_array_get_idx (arr, i);
      const char *an;
      gint found = -1;

      if (!mg_json_get_string (d, ip, "ability", LM_STATE_ERR, &an, error) ||
          !mg_json_get_gint (d, ip, "bid", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &s->p.bid[i], error))
        return NULL;
      for (guint k = 0; k < s->rs->n_abilities; k++)
        if (strcmp (s->rs->abilities[k].name, an) == 0)
          found = k;
      if (found < 0)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s.ability: \"%s\" is not in the ruleset"), ip, an);
          return NULL;
        }
      s->p.dealt[i] = found;
      if ((v = mg_json_member (d, "bidder")) != NULL)
        {
          g_autofree char *bp = mg_json_path_key (ip, "bidder");
          if (!seat_of (s, v, bp, &s->p.bidder[i], error))
            return NULL;
        }
    }
  if ((v = mg_json_get_object (json, "$", "last_start_bids", LM_STATE_ERR, error)) == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    if (!mg_json_opt_gint (v, "$.last_start_bids", NAME (s, i), LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &s->p.last_bids[i], error))
      return NULL;
  if (!mg_json_get_bool (json, "$", "skipped_last", LM_STATE_ERR, &s->p.skipped_last, error))
    return NULL;
  if ((v = mg_json_member (json, "attack")) != NULL)
    {
      LmAttack *at = &s->p.atk;
      const char *target;
      guint kind;
      json_object *g;

      at->active = TRUE;
      if (!seat_of (s, mg_json_member (v, "attacker"), "$.attack.attacker", &at->attacker, error) ||
          !seat_of (s, mg_json_member (v, "defender"), "$.attack.defender", &at->defender, error) ||
          !area_of (s, mg_json_member (v, "from"), "$.attack.from", &at->from, error) ||
          !area_of (s, mg_json_member (v, "to"), "$.attack.to", &at->to, error) ||
          !mg_json_get_choice (v, "$.attack", "unit", LM_STATE_ERR, lm_kind_ids, &kind, error) ||
          !mg_json_get_string (v, "$.attack", "target", LM_STATE_ERR, &target, error) ||
          !mg_json_get_gint (v, "$.attack", "guesses_allowed", LM_STATE_ERR, 1, 2, &at->allowed, error) ||
          !mg_json_get_gint (v, "$.attack", "round", LM_STATE_ERR, 1, 1000, &at->round, error))
        return NULL;
      at->kind = kind;
      at->target = LM_GARRISON;
      for (guint k = 0; k < LM_N_KINDS; k++)
        if (strcmp (target, lm_kind_ids[k]) == 0)
          at->target = k;
      at->gold = -1;
      if (!mg_json_opt_gint (v, "$.attack", "gold", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &at->gold, error))
        return NULL;
      at->n_guesses = -1;
      if ((g = mg_json_member (v, "guesses")) != NULL)
        {
          gsize gl;
          if (!mg_json_array (g, "$.attack.guesses", LM_STATE_ERR, 1, 2, &gl, error))
            return NULL;
          at->n_guesses = gl;
          for (gsize i = 0; i < gl; i++)
            at->guesses[i] = json_object_get_int (json_object_array_get_idx (g, i));
        }
    }
  if ((v = mg_json_member (json, "result")) != NULL)
    {
      json_object *rk;
      if (!seat_of (s, mg_json_member (v, "winner"), "$.result.winner", &s->p.winner, error))
        return NULL;
      if (mg_json_member (v, "castle") != NULL &&
          !area_of (s, mg_json_member (v, "castle"), "$.result.castle", &s->p.fallen_castle, error))
        return NULL;
      rk = mg_json_member (v, "ranking");
      for (gsize i = 0; rk && i < json_object_array_length (rk) && i < n; i++)
        {
          json_object *e = json_object_array_get_idx (rk, i);
          g_autofree char *ip = mg_json_path_index ("$.result.ranking", i);
          g_autofree char *pp = mg_json_path_key (ip, "player");
          if (!seat_of (s, mg_json_member (e, "player"), pp, &s->p.ranking[i], error) ||
              !mg_json_get_gint (e, ip, "areas", LM_STATE_ERR, 0, LM_MAX_AREAS, &s->p.rank_areas[i], error))
            return NULL;
        }
    }
  return (MgState *) g_steal_pointer (&s);
}

/* ---------------------------------------------------------------- view */

static json_object *
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

static json_object *
lm_pending (const MgState *state)
{
  const LmState *s = lm (state);
  const LmPlay *p = &s->p;
  json_object *o = json_object_new_object (), *w = json_object_new_array (), *entered = NULL;
  g_autofree char *text = NULL;
  const char *season = season_name (s, p->season);

  json_object_object_add (o, "turn", JI (lm_turn (state)));
  json_object_object_add (o, "phase", JS (lm_phase_ids[p->phase]));
  json_object_object_add (o, "season", p->season >= 0 ? JS (s->rs->seasons[p->season]) : NULL);
  json_object_object_add (o, "over", JB (p->phase == LM_OVER));
  switch (p->phase)
    {
    case LM_SETUP:
      waiting (w, "referee", "start", FALSE);
      text = g_strdup (_("Set-up: the referee starts the year (start player, initial build form, map)."));
      break;
    case LM_INITIAL_BUILD:
      {
        gint seat = current_seat (s);
        json_object *x = waiting (w, NAME (s, seat), "build", FALSE), *may = json_object_new_array ();
        json_object_array_add (may, JS ("build"));
        if (p->form == LM_COMPLETE)
          json_object_array_add (may, JS ("bid"));
        json_object_array_add (may, JS ("pass"));
        json_object_object_add (x, "may", may);
        text = p->form == LM_COMPLETE
          ? g_strdup_printf (_("Initial build: %s bids for a special ability, builds one unit or passes."), NAME (s, seat))
          : g_strdup_printf (_("Initial build: %s buys units for their castle and next to it, then passes."), NAME (s, seat));
      }
      break;
    case LM_START_BID:
      {
        GString *names = g_string_new (NULL);
        entered = json_object_new_array ();
        for (guint i = 0; i < p->n; i++)
          if (p->pl[i].start_bid < 0)
            {
              waiting (w, NAME (s, i), "start_bid", TRUE);
              g_string_append_printf (names, "%s%s", names->len ? ", " : "", NAME (s, i));
            }
          else
            json_object_array_add (entered, JS (NAME (s, i)));
        text = g_strdup_printf (_("%s: secret bids for start player — waiting for %s (or the referee types every bid)."),
                                season, names->str);
        g_string_free (names, TRUE);
      }
      break;
    case LM_CHOOSE_START:
      waiting (w, NAME (s, p->bid_winner), "choose_start", FALSE);
      text = g_strdup_printf (_("%s: %s won the bid and names the start player."), season, NAME (s, p->bid_winner));
      break;
    case LM_CHOOSE_CARDS:
      {
        GString *names = g_string_new (NULL);
        guint want = s->rs->cards_per_season[p->season];
        entered = json_object_new_array ();
        for (guint i = 0; i < p->n; i++)
          if (p->pl[i].card_entry == LM_ENTRY_NONE)
            {
              json_object *x = waiting (w, NAME (s, i), "cards", TRUE);
              json_object_object_add (x, "count", JI (want));
              g_string_append_printf (names, "%s%s", names->len ? ", " : "", NAME (s, i));
            }
          else
            json_object_array_add (entered, JS (NAME (s, i)));
        text = g_strdup_printf (ngettext ("%s: everyone chooses %u action card in secret — waiting for %s (or the cards lie face down at the table).",
                                          "%s: everyone chooses %u action cards in secret — waiting for %s (or the cards lie face down at the table).", want),
                                season, want, names->str);
        g_string_free (names, TRUE);
      }
      break;
    case LM_ACTIONS:
      {
        gint seat = current_seat (s);
        const LmPlayer *pl = &p->pl[seat];
        const LmAttack *at = &p->atk;
        if (at->active && attacker_broke (s))
          {
            waiting (w, NAME (s, at->attacker), "withdraw", FALSE);
            text = g_strdup_printf (_("%s has no gold left to attack the %s on %s again: %s can only withdraw."),
                                    NAME (s, at->attacker), KIND (at->target), AREA (s, at->to), NAME (s, at->attacker));
          }
        else if (at->active)
          {
            const char *tgt = KIND (at->target);
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
            text = g_strdup_printf (ngettext ("%s attacks %s on %s (round %d, the %s): %s holds gold in secret, %s makes %d guess.",
                                              "%s attacks %s on %s (round %d, the %s): %s holds gold in secret, %s makes %d guesses.", at->allowed),
                                    NAME (s, at->attacker), NAME (s, at->defender), AREA (s, at->to), at->round, tgt,
                                    NAME (s, at->attacker), NAME (s, at->defender), at->allowed);
          }
        else if (!pl->cards_revealed)
          {
            waiting (w, NAME (s, seat), "reveal_cards", FALSE);
            text = g_strdup_printf (_("%s, %s's turn: they reveal their cards."), season, NAME (s, seat));
          }
        else
          {
            json_object *x = waiting (w, NAME (s, seat), "action", FALSE), *may = json_object_new_array (),
                        *left = json_object_new_array ();
            GString *lt = g_string_new (NULL);
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
            text = pl->card_active >= 0
              ? g_strdup_printf (_("%s, %s's turn: %s action under way (end it when done)."), season, NAME (s, seat),
                                 CARD (pl->cards[pl->card_active]))
              : g_strdup_printf (_("%s, %s's turn: cards to play: %s."), season, NAME (s, seat), lt->str);
            g_string_free (lt, TRUE);
          }
      }
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
  if (current_seat (s) >= 0)
    json_object_object_add (o, "current", JS (NAME (s, current_seat (s))));
  json_object_object_add (o, "text", JS (text));
  return o;
}

static char *
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
    g_string_append_printf (out, "%s %s %d", i ? "," : "", NAME (s, i), areas_held (s, i));
  g_string_append (out, ". ");
  g_string_append_printf (out, _("Start player: %s."), NAME (s, s->p.start_player));
  return g_string_free (out, FALSE);
}

/* ---------------------------------------------------------------- legal actions */

static void
try_add (LmState *s, json_object *out, json_object *action, gboolean template)
{
  if (lm_validate ((MgState *) s, action, NULL))
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
  return cards_json (cards, n);
}

static json_object *
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
          if (current_seat (s) != (gint) i && !(p->atk.active))
            break;
          if (p->atk.active)
            {
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
              break;
            }
          if (p->phase == LM_ACTIONS && !p->pl[i].cards_revealed)
            {
              guint want = s->rs->cards_per_season[p->season];
              for (gint a = 0; a < LM_N_CARDS; a++)
                for (gint b = want == 2 ? a + 1 : 0; b < (want == 2 ? LM_N_CARDS : 1); b++)
                  try_add (s, out, act ("reveal_cards", "player", JS (name), "cards", card_list (a, b, want), NULL), FALSE);
              break;
            }
          for (guint k = 0; k < LM_N_KINDS; k++)
            for (guint a = 0; a < s->map->n_areas; a++)
              try_add (s, out, act ("build", "player", JS (name), "unit", JS (lm_kind_ids[k]), "area", JS (AREA (s, a)), NULL), FALSE);
          if (p->phase == LM_INITIAL_BUILD)
            {
              for (guint d = 0; d < p->n_dealt; d++)
                try_add (s, out, act ("bid", "player", JS (name), "ability", JS (s->rs->abilities[p->dealt[d]].name),
                                      "gold", JI (p->bidder[d] >= 0 ? p->bid[d] + 1 : 1), NULL), TRUE);
              try_add (s, out, act ("pass", "player", JS (name), NULL), FALSE);
              break;
            }
          try_add (s, out, act ("tax", "player", JS (name), NULL), FALSE);
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
          {
            gboolean any = FALSE;
            for (guint c = 0; c < p->pl[i].n_cards; c++)
              if (!p->pl[i].card_done[c])
                {
                  try_add (s, out, act ("end_action", "player", JS (name), "card", JS (lm_card_ids[p->pl[i].cards[c]]), NULL), FALSE);
                  any = TRUE;
                }
            (void) any;
          }
          break;
        case LM_START_BID:
          try_add (s, out, act ("start_bid", "player", JS (name), "gold", JI (0), NULL), TRUE);
          break;
        case LM_CHOOSE_START:
          for (guint j = 0; j < p->n; j++)
            try_add (s, out, act ("choose_start", "player", JS (name), "start", JS (NAME (s, j)), NULL), FALSE);
          break;
        case LM_CHOOSE_CARDS:
          {
            guint want = s->rs->cards_per_season[p->season];
            for (gint a = 0; a < LM_N_CARDS; a++)
              for (gint b = want == 2 ? a + 1 : 0; b < (want == 2 ? LM_N_CARDS : 1); b++)
                try_add (s, out, act ("choose_cards", "player", JS (name), "cards", card_list (a, b, want), NULL), FALSE);
          }
          break;
        default:
          break;
        }
    }
  if (all)
    {
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
  return out;
}

/* ---------------------------------------------------------------- tables */

/* The public state as rows of schema/lamame/0001-tables.sql: nothing secret. */
static void
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
      gint castle = s->map ? castle_of (s, i) : -1;

      mg_rows_text (rows, NAME (s, i));
      mg_rows_text (rows, s->rs->colours[i]);
      mg_rows_text (rows, castle >= 0 ? AREA (s, castle) : NULL);
      mg_rows_int (rows, s->p.pl[i].gold);
      mg_rows_int (rows, s->map ? areas_held (s, i) : 0);
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
      gint owner = area_owner (s, a);

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

/* ---------------------------------------------------------------- helpers for the app */

json_object *
mg_lamame_export_map (const MgState *state)
{
  const LmState *s = lm (state);
  return s->map ? json_object_get (s->map->json) : NULL;
}

static const MgRules lamame_rules = {
  .id = "lamame",
  .name = N_("La Mame's Melee"),
  .min_players = 2,
  .max_players = LM_MAX_SEATS,
  .check_ruleset = lm_check_ruleset,
  .new_state = lm_new_state,
  .free_state = lm_free_state,
  .validate = lm_validate,
  .apply = lm_apply,
  .pending = lm_pending,
  .to_json = lm_to_json,
  .from_json = lm_from_json,
  .view = lm_view,
  .turn = lm_turn,
  .describe = lm_describe,
  .legal_actions = lm_legal_actions,
  .tables = lm_tables,
};

const MgRules *
mg_lamame_rules (void)
{
  return &lamame_rules;
}
