/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules.c — engine lookups (through the game registry) and the wrappers that dispatch to them. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mg-rules.h"
#include "mg-actions.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-message.h"

/* Every error of the domain carries the field it is about, if any (mg_rules_error_get_field). */
typedef struct
{
  char     *path, *expected, *got;
  gboolean  empty, ranged;
  gint64    min, max;
  MgMessage *message;   /* the sentence, for another language (mg_refuse) */
  MgMessage *expected_message;   /* the field's `expected`, for another language */
} MgRulesErrorPrivate;

static void
mg_rules_error_private_init (MgRulesErrorPrivate *priv)
{
  (void) priv;   /* zeroed by GLib */
}

static void
mg_rules_error_private_copy (const MgRulesErrorPrivate *src, MgRulesErrorPrivate *dest)
{
  dest->path = g_strdup (src->path);
  dest->expected = g_strdup (src->expected);
  dest->got = g_strdup (src->got);
  dest->empty = src->empty;
  dest->ranged = src->ranged;
  dest->min = src->min;
  dest->max = src->max;
  dest->message = mg_message_copy (src->message);
  dest->expected_message = mg_message_copy (src->expected_message);
}

static void
mg_rules_error_private_clear (MgRulesErrorPrivate *priv)
{
  g_clear_pointer (&priv->path, g_free);
  g_clear_pointer (&priv->expected, g_free);
  g_clear_pointer (&priv->got, g_free);
  g_clear_pointer (&priv->message, mg_message_free);
  g_clear_pointer (&priv->expected_message, mg_message_free);
}

G_DEFINE_EXTENDED_ERROR (MgRulesError, mg_rules_error)

gboolean
mg_rules_error_get_field (const GError *error, MgRulesField *field)
{
  MgRulesErrorPrivate *priv = error != NULL && error->domain == MG_RULES_ERROR ? mg_rules_error_get_private (error) : NULL;

  if (priv == NULL || priv->path == NULL)
    return FALSE;
  *field = (MgRulesField) { priv->path, priv->expected, priv->got, priv->empty, priv->ranged, priv->min, priv->max,
                            priv->expected_message };
  return TRUE;
}

void
mg_rules_error_set_field (GError *error, const MgRulesField *field)
{
  MgRulesErrorPrivate *priv = error != NULL && error->domain == MG_RULES_ERROR ? mg_rules_error_get_private (error) : NULL;

  if (priv == NULL)
    return;
  MgRulesErrorPrivate copy;

  /* Copied before the old fields go: `field` may be read from this very error. */
  mg_rules_error_private_copy (&(MgRulesErrorPrivate) { (char *) field->path, (char *) field->expected,
                                                         (char *) field->got, field->empty, field->ranged,
                                                         field->min, field->max, NULL,
                                                         (MgMessage *) field->expected_message }, &copy);
  copy.message = g_steal_pointer (&priv->message);
  mg_rules_error_private_clear (priv);
  *priv = copy;
}

const MgMessage *
mg_rules_error_get_message (const GError *error)
{
  MgRulesErrorPrivate *priv = error != NULL && error->domain == MG_RULES_ERROR ? mg_rules_error_get_private (error) : NULL;

  return priv != NULL ? priv->message : NULL;
}

/* The refusal in the process's language, as _() or ngettext and printf give it, and its
 * message for any other. */
static gboolean
refuse_valist (GError **error, MgRulesError code, const char *msgid, const char *plural, gulong n, va_list args)
{
  const char *format = plural != NULL ? g_dngettext (GETTEXT_PACKAGE, msgid, plural, n)
                                      : g_dgettext (GETTEXT_PACKAGE, msgid);
  g_autofree char *text = NULL;
  MgRulesErrorPrivate *priv;
  va_list copy;

  if (error == NULL)
    return FALSE;   /* nobody reads it: a validation on a copy */
  g_return_val_if_fail (*error == NULL, FALSE);
  va_copy (copy, args);
  text = g_strdup_vprintf (format, copy);
  va_end (copy);
  g_set_error_literal (error, MG_RULES_ERROR, code, text);
  priv = mg_rules_error_get_private (*error);
  priv->message = mg_message_new_valist (msgid, plural, n, args);
  return FALSE;
}

gboolean
mg_refuse_message (GError **error, MgRulesError code, MgMessage *message)
{
  g_autoptr(MgMessage) owned = message;
  g_autofree char *text = NULL;

  if (error == NULL || message == NULL)
    return FALSE;
  g_return_val_if_fail (*error == NULL, FALSE);
  text = mg_message_to_string (message);
  g_set_error_literal (error, MG_RULES_ERROR, code, text);
  mg_rules_error_get_private (*error)->message = g_steal_pointer (&owned);
  return FALSE;
}

gboolean
mg_refuse (GError **error, MgRulesError code, const char *msgid, ...)
{
  va_list args;

  va_start (args, msgid);
  refuse_valist (error, code, msgid, NULL, 0, args);
  va_end (args);
  return FALSE;
}

gboolean
mg_refuse_n (GError **error, MgRulesError code, const char *msgid, const char *plural, gulong n, ...)
{
  va_list args;

  va_start (args, n);
  refuse_valist (error, code, msgid, plural, n, args);
  va_end (args);
  return FALSE;
}

/* The engines are the games' (mg-game.c): one registry, filled from the meson list. */
void
mg_rules_register (const MgRules *rules)
{
  static GHashTable *own;   /* id → MgGame made here, kept so a second registration reuses it */
  static GMutex lock;
  MgGame *game;

  g_return_if_fail (rules != NULL && rules->id != NULL);
  /* A game with an engine only (tests' fakes): no data, no tables. Lives as long as the program. */
  g_mutex_lock (&lock);
  if (own == NULL)
    own = g_hash_table_new (g_str_hash, g_str_equal);
  game = g_hash_table_lookup (own, rules->id);
  if (game == NULL)
    {
      game = g_new0 (MgGame, 1);
      g_hash_table_insert (own, (gpointer) rules->id, game);
    }
  game->rules = rules;
  g_mutex_unlock (&lock);
  mg_game_register (game);
}

const MgRules **
mg_rules_all (guint *n_games)
{
  static const MgRules *engines[33];
  static GMutex lock;
  guint n;
  const MgGame **games = mg_games_all (&n);

  /* Rebuilt on each call (registration may have added one); callers read it at once. */
  g_mutex_lock (&lock);
  for (guint i = 0; i < n && i < G_N_ELEMENTS (engines) - 1; i++)
    engines[i] = games[i]->rules;
  engines[MIN (n, G_N_ELEMENTS (engines) - 1)] = NULL;
  g_mutex_unlock (&lock);
  if (n_games != NULL)
    *n_games = n;
  return engines;
}

const MgRules *
mg_rules_lookup (const char *game_id)
{
  const MgGame *game = mg_game_lookup (game_id);

  return game != NULL ? game->rules : NULL;
}

gboolean
mg_state_validate (const MgState *state, json_object *action, GError **error)
{
  return mg_actions_validate (state, action, error);
}

json_object *
mg_state_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  return mg_actions_apply (state, action, dice, summary, NULL, NULL, error);
}

json_object *
mg_state_apply_said (MgState *state, json_object *action, MgDice *dice, char **summary, MgSaid **said,
                     GError **error)
{
  return mg_actions_apply (state, action, dice, summary, said, NULL, error);
}

json_object *
mg_state_apply_keep (MgState *state, json_object *action, MgDice *dice, char **summary, MgSaid **said,
                     MgState **before, GError **error)
{
  return mg_actions_apply (state, action, dice, summary, said, before, error);
}

json_object *
mg_state_pending (const MgState *state)
{
  return state->rules->pending (state);
}

json_object *
mg_state_to_json (const MgState *state)
{
  return state->rules->to_json (state);
}

json_object *
mg_state_view (const MgState *state, const char *seat)
{
  /* A game without secrets shows every seat the whole state. */
  if (state->rules->view == NULL)
    return state->rules->to_json (state);
  return state->rules->view (state, seat);
}

MgState *
mg_state_copy (const MgState *state)
{
  return state->rules->actions->copy (state);
}

void
mg_state_free (MgState *state)
{
  if (state != NULL)
    state->rules->free_state (state);
}

gint
mg_state_turn (const MgState *state)
{
  if (state->rules->turn != NULL)
    return state->rules->turn (state);

  json_object *pending = mg_state_pending (state);
  json_object *turn = NULL;
  gint n = 0;

  if (json_object_object_get_ex (pending, "turn", &turn))
    n = json_object_get_int (turn);
  json_object_put (pending);
  return n;
}

char *
mg_state_describe (const MgState *state, const char *seat)
{
  return state->rules->describe != NULL ? state->rules->describe (state, seat) : NULL;
}

const char *
mg_state_actor (const MgState *state, json_object *action)
{
  json_object *player;

  if (json_object_object_get_ex (action, "player", &player) &&
      json_object_is_type (player, json_type_string))
    return json_object_get_string (player);
  if (state != NULL && state->rules->actor != NULL)
    return state->rules->actor (state, action);
  return NULL;
}

json_object *
mg_state_legal_actions (const MgState *state, const char *seat)
{
  json_object *all, *own;

  if (state->rules->legal_actions == NULL)
    return NULL;
  if (!state->rules->legal_by_actor || seat == NULL || strcmp (seat, MG_SEAT_ALL) == 0)
    return state->rules->legal_actions (state, seat);
  /* The default for a game that lists every seat's actions at once: a seat's own. */
  all = state->rules->legal_actions (state, MG_SEAT_ALL);
  own = json_object_new_array ();
  for (size_t i = 0; i < json_object_array_length (all); i++)
    {
      json_object *action = json_object_array_get_idx (all, i);

      if (g_strcmp0 (mg_state_actor (state, action), seat) == 0)
        json_object_array_add (own, json_object_get (action));
    }
  json_object_put (all);
  return own;
}

gboolean
mg_rules_illegal (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, msg);
  return FALSE;
}

json_object *
mg_event_new (const char *type, const char *key, const char *value)
{
  json_object *e = json_object_new_object ();

  json_object_object_add (e, "type", json_object_new_string (type));
  if (key != NULL && value != NULL)
    json_object_object_add (e, key, json_object_new_string (value));
  return e;
}

const char *
mg_action_type (json_object *action)
{
  json_object *type = NULL;

  if (!json_object_is_type (action, json_type_object) ||
      !json_object_object_get_ex (action, "type", &type) ||
      !json_object_is_type (type, json_type_string))
    return NULL;
  return json_object_get_string (type);
}

gboolean
mg_state_hides_something (const MgState *state)
{
  g_autoptr(json_object) all = NULL;
  g_autoptr(json_object) pub = NULL;

  /* A game without a view hides nothing by its declaration (mg_state_view shows every seat the
   * whole state): no two copies of it to build and compare at each undo (issue 43). */
  if (state->rules->view == NULL)
    return FALSE;
  all = mg_state_view (state, MG_SEAT_ALL);
  pub = mg_state_view (state, MG_SEAT_PUBLIC);
  return !json_object_equal (all, pub);
}

/* Adds to `out` each path at which the referee's view `all` and the public view `pub` differ
 * (the places something is hidden): members and items are followed down to what differs. */
static void
hidden_paths (json_object *all, json_object *pub, GString *path, GHashTable *out)
{
  gsize len = path->len;

  if (json_object_equal (all, pub))
    return;
  if (json_object_is_type (all, json_type_object) && json_object_is_type (pub, json_type_object))
    {
      json_object_object_foreach (all, key, val)
        {
          json_object *other = NULL;

          json_object_object_get_ex (pub, key, &other);
          g_string_append_printf (path, "/%s", key);
          hidden_paths (val, other, path, out);
          g_string_truncate (path, len);
        }
    }
  else if (json_object_is_type (all, json_type_array) && json_object_is_type (pub, json_type_array))
    {
      gsize n = MAX (json_object_array_length (all), json_object_array_length (pub));

      for (gsize i = 0; i < n; i++)
        {
          g_string_append_printf (path, "/%" G_GSIZE_FORMAT, i);
          hidden_paths (json_object_array_get_idx (all, i), json_object_array_get_idx (pub, i), path, out);
          g_string_truncate (path, len);
        }
    }
  else
    g_hash_table_add (out, g_strdup (path->str));
}

static GHashTable *
hidden_set (const MgState *state)
{
  g_autoptr(json_object) all = mg_state_view (state, MG_SEAT_ALL);
  g_autoptr(json_object) pub = mg_state_view (state, MG_SEAT_PUBLIC);
  g_autoptr(GString) path = g_string_new (NULL);
  GHashTable *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  hidden_paths (all, pub, path, out);
  return out;
}

gboolean
mg_state_reveals (const MgState *before, const MgState *after)
{
  g_autoptr(GHashTable) was = hidden_set (before);
  g_autoptr(GHashTable) now = NULL;
  GHashTableIter iter;
  gpointer key;

  if (g_hash_table_size (was) == 0)
    return FALSE;
  now = hidden_set (after);
  g_hash_table_iter_init (&iter, was);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (now, key))
      return TRUE;
  return FALSE;
}

/* Control characters, line and paragraph separators, bidirectional embeddings and isolates:
 * what would break a Markdown row, a heading or the order of the text around a name. */
static gboolean
name_control (gunichar c)
{
  return g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029 ||
         (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f;
}

/* The name for a message: control characters shown as \uXXXX, cut after the limit. */
static char *
name_for_message (const char *name)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = 0;

  for (const char *p = name; *p && n < MG_RULES_NAME_MAX; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (name_control (c))
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_unichar (out, c);
    }
  if (g_utf8_strlen (name, -1) > MG_RULES_NAME_MAX)
    g_string_append (out, "…");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
mg_rules_trim_name (const char *name)
{
  return g_strstrip (g_strdup (name ? name : ""));
}

static __thread int replaying;

void
mg_rules_replaying (gboolean on)
{
  replaying += on ? 1 : -1;
}

gboolean
mg_rules_check_name (const char *name, MgRulesError code, GError **error)
{
  g_autofree char *shown = NULL;
  glong len;

  if (replaying > 0)
    return TRUE;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      mg_refuse (error, code, N_("A name must be text (UTF-8)"));
      return FALSE;
    }
  if (*name == '\0')
    {
      mg_refuse (error, code, N_("A name cannot be empty"));
      return FALSE;
    }
  shown = name_for_message (name);
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    if (name_control (g_utf8_get_char (p)))
      {
        mg_refuse (error, code,
                     N_("The name “%s” holds a control character (a line break, a tab…): type it on one line, as plain text"),
                     shown);
        return FALSE;
      }
  if (g_unichar_isspace (g_utf8_get_char (name)) ||
      g_unichar_isspace (g_utf8_get_char (g_utf8_find_prev_char (name, name + strlen (name)))))
    {
      mg_refuse (error, code,
                   N_("The name “%s” begins or ends with a space: type it without"), shown);
      return FALSE;
    }
  if ((len = g_utf8_strlen (name, -1)) > MG_RULES_NAME_MAX)
    {
      mg_refuse_n (error, code,
                   "The name “%s” is %ld character long; a name has at most %d",
                                "The name “%s” is %ld characters long; a name has at most %d", len,
                   shown, len, MG_RULES_NAME_MAX);
      return FALSE;
    }
  return TRUE;
}

gboolean
mg_rules_seat_reserved (const char *name)
{
  static const char * const reserved[] = { MG_SEAT_PUBLIC, MG_SEAT_ALL, "GM", "referee" };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (reserved); i++)
    if (strcmp (name, reserved[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
mg_rules_check_seat_name (const char *name, MgRulesError code, GError **error)
{
  if (!mg_rules_check_name (name, code, error))
    return FALSE;
  /* A campaign begun before a name was reserved for every game still opens. */
  if (replaying == 0 && mg_rules_seat_reserved (name))
    {
      mg_refuse (error, code, N_("\"%s\" is reserved and cannot name a player"), name);
      return FALSE;
    }
  return TRUE;
}

gboolean
mg_rules_check_players (const MgRules *rules, const char * const *players, GError **error)
{
  guint n = players != NULL ? g_strv_length ((char **) players) : 0;
  const char *game = mg_message_word (rules->name);

  if (n < rules->min_players || n > rules->max_players)
    {
      if (rules->min_players == rules->max_players)
        mg_refuse_n (error, MG_RULES_ERROR_BAD_ACTION,
                     /* TRANSLATORS: a game's name; how many players it takes; how many were given */
                     "%s is for exactly %u player, not %u",
                     "%s is for exactly %u players, not %u", rules->min_players,
                     game, rules->min_players, n);
      else
        mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                     /* TRANSLATORS: a game's name; the fewest and most players it takes; how many were given */
                     N_("%s is for %u to %u players, not %u"), game, rules->min_players, rules->max_players, n);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      if (!mg_rules_check_seat_name (players[i], MG_RULES_ERROR_BAD_ACTION, error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (strcmp (players[i], players[j]) == 0)
          {
            mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                         N_("Two players are called \"%s\"; the names must differ"), players[i]);
            return FALSE;
          }
    }
  return TRUE;
}
