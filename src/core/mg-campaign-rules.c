/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-rules.c — a change of the campaign's ruleset is one journal row (issue 34).
 *
 * The campaign keeps one ruleset (its `ruleset` column) and the whole journal replays under it,
 * as before; what the row adds is when it changed and what was in force before, so that the
 * journal and exports tell which house rules were in force and undo/redo take a change back like
 * any action.  The row holds only the top-level members that changed, old and new: a house rule
 * switched costs two small objects, not two copies of a 14 kB ruleset, and an Apply of the Rules
 * page (costs, maps) is taken back as exactly. */
#include "config.h"
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-campaign-rules.h"
#include "mg-game.h"
#include "mg-ruleset.h"

#include <glib/gi18n.h>
#include <string.h>

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

gboolean
mg_campaign_rules_is_row (json_object *action)
{
  json_object *type;

  return json_object_object_get_ex (action, "type", &type)
         && g_strcmp0 (json_object_get_string (type), MG_CAMPAIGN_RULES_ACTION) == 0;
}

static json_object *
copy_or_null (json_object *value)
{
  json_object *copy = NULL;

  if (value != NULL)
    json_object_deep_copy (value, &copy, NULL);
  return copy;
}

/* The members of `from` and `to` that differ: their values in `to` (changed) and in `from`
 * (previous), null where a member is absent. */
static gboolean
diff_members (json_object *from, json_object *to, json_object *changed, json_object *previous)
{
  json_object *other;

  json_object_object_foreach (to, key, value)
    if (!json_object_object_get_ex (from, key, &other) || !json_object_equal (value, other))
      {
        json_object_object_add (changed, key, copy_or_null (value));
        json_object_object_add (previous, key, copy_or_null (other));
      }
  json_object_object_foreach (from, key2, value2)
    if (!json_object_object_get_ex (to, key2, NULL))
      {
        json_object_object_add (changed, key2, NULL);
        json_object_object_add (previous, key2, copy_or_null (value2));
      }
  return json_object_object_length (changed) > 0;
}

/* Sets each member of `members` in `ruleset` (null: removes it). */
static void
apply_members (json_object *ruleset, json_object *members)
{
  json_object_object_foreach (members, key, value)
    if (value == NULL)
      json_object_object_del (ruleset, key);
    else
      json_object_object_add (ruleset, key, copy_or_null (value));
}

/* The events of a change from `from` to `to`: each house rule whose choice in force differs
 * (an absent switch reads as the shipped default), then the other members changed. */
static json_object *
change_events (const MgGame *game, json_object *from, json_object *to, json_object *changed)
{
  json_object *events = json_object_new_array ();
  json_object *rules = json_object_new_array ();
  json_object *members = json_object_new_array ();
  g_autoptr(GError) error = NULL;
  json_object *shipped = mg_ruleset_load_default (game->rules->id, &error);

  for (guint i = 0; i < game->n_house_rules; i++)
    {
      const char *key = game->house_rules[i].key;
      gboolean fallback = mg_house_rule (shipped, key, FALSE);
      gboolean on = mg_house_rule (to, key, fallback);

      if (on != mg_house_rule (from, key, fallback))
        {
          json_object *rule = json_object_new_object ();

          json_object_object_add (rule, "key", json_object_new_string (key));
          json_object_object_add (rule, "on", json_object_new_boolean (on));
          json_object_array_add (rules, rule);
        }
    }
  json_object_object_foreach (changed, key, value)
    if (strcmp (key, "house_rules") != 0)
      json_object_array_add (members, json_object_new_string (key));
  if (json_object_array_length (rules) > 0)
    {
      json_object *event = json_object_new_object ();

      json_object_object_add (event, "type", json_object_new_string ("house_rules_changed"));
      json_object_object_add (event, "rules", json_object_get (rules));
      json_object_array_add (events, event);
    }
  if (json_object_array_length (members) > 0)
    {
      json_object *event = json_object_new_object ();

      json_object_object_add (event, "type", json_object_new_string ("ruleset_changed"));
      json_object_object_add (event, "members", json_object_get (members));
      json_object_array_add (events, event);
    }
  json_object_put (rules);
  json_object_put (members);
  json_object_put (shipped);
  return events;
}

static const MgHouseRule *
find_house_rule (const MgGame *game, const char *key)
{
  for (guint i = 0; game != NULL && i < game->n_house_rules; i++)
    if (g_strcmp0 (game->house_rules[i].key, key) == 0)
      return &game->house_rules[i];
  return NULL;
}

static void
describe_event (GString *text, const MgGame *game, json_object *event)
{
  const char *type = json_object_get_string (json_object_object_get (event, "type"));
  json_object *list;

  if (g_strcmp0 (type, "house_rules_changed") == 0 &&
      json_object_object_get_ex (event, "rules", &list) && json_object_is_type (list, json_type_array))
    for (size_t i = 0; i < json_object_array_length (list); i++)
      {
        json_object *rule = json_object_array_get_idx (list, i);
        const MgHouseRule *hr = find_house_rule (game, json_object_get_string (json_object_object_get (rule, "key")));
        gboolean on = json_object_get_boolean (json_object_object_get (rule, "on"));

        if (hr == NULL)
          continue;
        if (text->len)
          g_string_append_c (text, ' ');
        /* Translators: a journal row: a house rule (its title) and the sentence of the choice
         * now in force, e.g. "House rule: A camp defending in mountains — It gets 2 guesses, as
         * a castle does." */
        g_string_append_printf (text, _("House rule: %s — %s"), _(hr->title),
                                _(on ? hr->when_on : hr->when_off));
      }
  else if (g_strcmp0 (type, "ruleset_changed") == 0 &&
           json_object_object_get_ex (event, "members", &list) && json_object_is_type (list, json_type_array))
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (size_t i = 0; i < json_object_array_length (list); i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "",
                                json_object_get_string (json_object_array_get_idx (list, i)));
      if (text->len)
        g_string_append_c (text, ' ');
      /* Translators: a journal row: the referee changed these members of the ruleset (their
       * JSON names, comma-separated) */
      g_string_append_printf (text, _("The referee changed the ruleset: %s."), names->str);
    }
}

char *
mg_campaign_rules_describe (const char *game_id, const char *events)
{
  const MgGame *game = mg_game_lookup (game_id);
  json_object *array = events != NULL ? json_tokener_parse (events) : NULL;
  GString *text = g_string_new (NULL);
  gboolean ours = FALSE;

  for (size_t i = 0; json_object_is_type (array, json_type_array) && i < json_object_array_length (array); i++)
    {
      json_object *event = json_object_array_get_idx (array, i);
      const char *type = json_object_get_string (json_object_object_get (event, "type"));

      if (g_strcmp0 (type, "house_rules_changed") != 0 && g_strcmp0 (type, "ruleset_changed") != 0)
        continue;
      ours = TRUE;
      describe_event (text, game, event);
    }
  json_object_put (array);
  if (!ours)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

/* Inside the write transaction: the row of a change from `from` to `to` (which differ). */
static gboolean
insert_change (MgCampaign *self, json_object *from, json_object *to, json_object *changed,
               json_object *previous, GError **error)
{
  MgStore *store = mg_campaign_get_store (self);
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (self));
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store,
      "INSERT INTO journal (seq, session, turn, actor, action, dice, events, summary, time, hash, public_hash) "
      "SELECT n, ?1, ?2, 'GM', ?3, '[]', ?4, ?5, ?6, mg_row_hash (h, n, ?1, ?2, 'GM', ?3, '[]', ?4, ?5, ?6), "
      "mg_public_hash (ph, n, ?1, ?2, 'GM', ?5, '[]', ?4) "
      "FROM (SELECT coalesce ((SELECT seq FROM journal ORDER BY seq DESC LIMIT 1), 0) + 1 AS n, "
      "(SELECT hash FROM journal ORDER BY seq DESC LIMIT 1) AS h, "
      "(SELECT public_hash FROM journal ORDER BY seq DESC LIMIT 1) AS ph)",
      error);
  json_object *action = json_object_new_object ();
  json_object *events = change_events (game, from, to, changed);
  g_autofree char *summary = NULL;
  gboolean ok;

  if (!stmt)
    {
      json_object_put (action);
      json_object_put (events);
      return FALSE;
    }
  json_object_object_add (action, "type", json_object_new_string (MG_CAMPAIGN_RULES_ACTION));
  json_object_object_add (action, "ruleset", json_object_get (changed));
  json_object_object_add (action, "previous", json_object_get (previous));
  summary = mg_campaign_rules_describe (game->rules->id, json_object_to_json_string_ext (events, JSON_FLAGS));
  sqlite3_bind_int64 (stmt, 1, mg_campaign_get_session (self));
  sqlite3_bind_int (stmt, 2, mg_state_turn (mg_campaign_get_state (self)));
  sqlite3_bind_text (stmt, 3, json_object_to_json_string_ext (action, JSON_FLAGS), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 4, json_object_to_json_string_ext (events, JSON_FLAGS), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 5, summary != NULL ? summary : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 6, g_get_real_time ());
  ok = mg_store_step (store, stmt, error) == SQLITE_DONE;
  json_object_put (action);
  json_object_put (events);
  return ok;
}

static gboolean
check_ruleset (MgCampaign *self, json_object *ruleset, GError **error)
{
  const MgRules *rules = mg_campaign_get_rules (self);

  if (!json_object_is_type (ruleset, json_type_object))
    {
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                           _("$: a ruleset is a JSON object"));
      return FALSE;
    }
  return rules->check_ruleset == NULL || rules->check_ruleset (ruleset, error);
}

gboolean
mg_campaign_set_ruleset (MgCampaign *self, json_object *ruleset, GError **error)
{
  json_object *own, *changed, *previous, *from;
  gboolean ok;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  if (!check_ruleset (self, ruleset, error))
    return FALSE;
  if (!mg_campaign_begin (self, error))
    {
      mg_campaign_finish (self, FALSE, error);
      return FALSE;
    }
  /* The campaign keeps its own copy, exactly as stored. */
  own = json_tokener_parse (json_object_to_json_string_ext (ruleset, JSON_FLAGS));
  from = json_object_get (mg_campaign_get_ruleset (self));   /* as the file has it, after begin */
  changed = json_object_new_object ();
  previous = json_object_new_object ();
  if (!diff_members (from, own, changed, previous))
    {
      mg_store_rollback (mg_campaign_get_store (self));   /* nothing to change, nothing written */
      ok = TRUE;
    }
  else
    {
      /* A change after an undo: the rows redo could have restored are undone for good. */
      ok = mg_store_exec (mg_campaign_get_store (self),
                          "UPDATE journal SET undone = 2 WHERE undone = 1 AND seq > coalesce ("
                          "(SELECT seq FROM journal WHERE undone = 0 ORDER BY seq DESC LIMIT 1), 0)", error) &&
           insert_change (self, from, own, changed, previous, error) &&
           mg_campaign_rebuild (self, own, error);
      ok = mg_campaign_finish (self, ok, error);
      if (ok)
        g_signal_emit_by_name (self, "changed");
    }
  json_object_put (own);
  json_object_put (from);
  json_object_put (changed);
  json_object_put (previous);
  return ok;
}

static void
json_unref (gpointer json)
{
  json_object_put (json);
}

/* The action texts of the ruleset rows among seqs lo…hi marked `undone`, oldest first. */
static GPtrArray *
ruleset_rows (MgStore *store, gint64 lo, gint64 hi, int undone, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store,
      "SELECT action FROM journal WHERE seq BETWEEN ?1 AND ?2 AND undone = ?3 "
      "AND CASE WHEN json_valid (action) THEN json_extract (action, '$.type') END = '" MG_CAMPAIGN_RULES_ACTION "' "
      "ORDER BY seq", error);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (json_unref);
  int rc;

  if (!stmt)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, lo);
  sqlite3_bind_int64 (stmt, 2, hi);
  sqlite3_bind_int (stmt, 3, undone);
  while ((rc = mg_store_step (store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (rows, json_tokener_parse ((const char *) sqlite3_column_text (stmt, 0)));
  return rc < 0 ? NULL : g_steal_pointer (&rows);
}

MgCampaignRulesStep
mg_campaign_rules_step (MgCampaign *self, GArray *seqs, gboolean undo, GError **error)
{
  MgStore *store = mg_campaign_get_store (self);
  gint64 first = g_array_index (seqs, gint64, 0), last = g_array_index (seqs, gint64, seqs->len - 1);
  gint64 lo = MIN (first, last), hi = MAX (first, last);
  g_autoptr(GPtrArray) rows = ruleset_rows (store, lo, hi, undo ? 0 : 1, error);
  g_autoptr(MgStoreStmt) mark = NULL;
  json_object *ruleset = NULL;
  gboolean ok;

  if (rows == NULL)
    return MG_CAMPAIGN_RULES_STEP_FAILED;
  if (rows->len == 0)
    return MG_CAMPAIGN_RULES_STEP_NONE;
  /* Undo takes the changes back newest first; redo makes them again oldest first. */
  json_object_deep_copy (mg_campaign_get_ruleset (self), &ruleset, NULL);
  for (guint i = 0; i < rows->len; i++)
    {
      json_object *action = g_ptr_array_index (rows, undo ? rows->len - 1 - i : i);
      json_object *members = json_object_object_get (action, undo ? "previous" : "ruleset");

      if (json_object_is_type (members, json_type_object))
        apply_members (ruleset, members);
    }
  mark = mg_store_prepare (store, "UPDATE journal SET undone = ?3 WHERE seq BETWEEN ?1 AND ?2 AND undone = ?4", error);
  ok = mark != NULL && check_ruleset (self, ruleset, error);
  if (ok)
    {
      sqlite3_bind_int64 (mark, 1, lo);
      sqlite3_bind_int64 (mark, 2, hi);
      sqlite3_bind_int (mark, 3, undo ? 1 : 0);
      sqlite3_bind_int (mark, 4, undo ? 0 : 1);
      ok = mg_store_step (store, mark, error) == SQLITE_DONE && mg_campaign_rebuild (self, ruleset, error);
    }
  json_object_put (ruleset);
  return mg_campaign_finish (self, ok, error) ? MG_CAMPAIGN_RULES_STEP_DONE : MG_CAMPAIGN_RULES_STEP_FAILED;
}
