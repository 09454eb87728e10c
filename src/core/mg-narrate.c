/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-narrate.c — each journal row's sentence in the viewer's language: its said rendered, else told again by replay. */
#include "config.h"

#include "mg-narrate.h"
#include "mg-campaign-private.h"
#include "mg-actions.h"
#include "mg-json.h"
#include "mg-game.h"

/* As the store writes events: a row told again is compared with what it gave then. */
#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)
/* Rows remembered per campaign: a Journal's pages and a few toasts.  Past this, forgotten. */
#define TOLD_MAX 4096
#define TOLD_KEY "mg-narrate-told"
/* Undone rows looked back over for the run an undone row was played after. */
#define UNDONE_RUN_MAX 256

/* What a campaign's rows were told as, under the ruleset they were told with. */
typedef struct {
  json_object *ruleset;
  GHashTable  *rows;     /* seq (gint64*) -> sentence */
  GHashTable  *titles;   /* seq (gint64*) -> the game's name of the turn the row begins */
} Told;

static void
told_free (gpointer data)
{
  Told *told = data;

  json_object_put (told->ruleset);
  g_hash_table_unref (told->rows);
  g_hash_table_unref (told->titles);
  g_free (told);
}

static Told *
told_get (MgCampaign *campaign)
{
  Told *told = g_object_get_data (G_OBJECT (campaign), TOLD_KEY);
  json_object *ruleset = mg_campaign_get_ruleset (campaign);

  if (told == NULL)
    {
      told = g_new0 (Told, 1);
      told->rows = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
      told->titles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
      g_object_set_data_full (G_OBJECT (campaign), TOLD_KEY, told, told_free);
    }
  /* Another ruleset may tell the rows otherwise (the reference held keeps its address apart). */
  if (told->ruleset != ruleset || g_hash_table_size (told->rows) >= TOLD_MAX ||
      g_hash_table_size (told->titles) >= TOLD_MAX)
    {
      g_hash_table_remove_all (told->rows);
      g_hash_table_remove_all (told->titles);
      json_object_put (told->ruleset);
      told->ruleset = json_object_get (ruleset);
    }
  return told;
}

struct _MgNarrator {
  MgCampaign *campaign;
  MgState    *state;    /* the rows in force up to `at` applied; NULL: to be rebuilt */
  gint64      at;
  MgState    *scratch;  /* `state` plus the undone rows just before `at`, or NULL */
};

MgNarrator *
mg_narrator_new (MgCampaign *campaign)
{
  MgNarrator *self = g_new0 (MgNarrator, 1);

  self->campaign = g_object_ref (campaign);
  return self;
}

void
mg_narrator_free (MgNarrator *self)
{
  if (self == NULL)
    return;
  mg_narrator_forget (self);
  g_object_unref (self->campaign);
  g_free (self);
}

void
mg_narrator_forget (MgNarrator *self)
{
  g_clear_pointer (&self->state, mg_state_free);
  g_clear_pointer (&self->scratch, mg_state_free);
}

/* Brings the state to just before row seq: kept when only undone rows lie between, else
 * rebuilt from the nearest snapshot as the store does. */
static gboolean
narrator_seek (MgNarrator *self, gint64 seq)
{
  if (self->state != NULL && self->at >= seq)
    g_clear_pointer (&self->state, mg_state_free);
  if (self->state != NULL && self->at < seq - 1)
    {
      MgJournalFilter filter = { .first_seq = self->at + 1, .last_seq = seq - 1 };
      gboolean found = TRUE;

      if (!mg_campaign_journal_any (self->campaign, &filter, &found, NULL) || found)
        g_clear_pointer (&self->state, mg_state_free);
      g_clear_pointer (&self->scratch, mg_state_free);
      self->at = seq - 1;
    }
  if (self->state == NULL)
    {
      g_clear_pointer (&self->scratch, mg_state_free);
      self->state = mg_campaign_state_at (self->campaign, seq - 1, NULL);
      self->at = seq - 1;
    }
  return self->state != NULL;
}

/* Applies the row to state (untouched if it cannot be); its sentence when it gave the events
 * it gave then, else NULL; and then its said too, where asked (NULL from an engine that writes
 * text only). */
static char *
apply_row (MgState *state, const MgJournalEntry *entry, gboolean *applied, MgSaid **said)
{
  g_autofree char *summary = NULL;
  g_autoptr(MgSaid) got = NULL;
  json_object *events = NULL;
  char *told = NULL;

  *applied = mg_campaign_replay_row (state, entry->seq, entry->action, entry->dice,
                                     &summary, said != NULL ? &got : NULL, &events, NULL, NULL);
  if (*applied && g_strcmp0 (json_object_to_json_string_ext (events, JSON_FLAGS), entry->events) == 0)
    {
      told = g_strdup (summary != NULL ? summary : "");
      if (said != NULL)
        *said = g_steal_pointer (&got);
    }
  json_object_put (events);
  return told;
}

char *
mg_narrate_said (const char *said, const MgMessageLanguage *language)
{
  json_object *json = said != NULL ? json_tokener_parse (said) : NULL;
  g_autoptr(MgSaid) parsed = json != NULL ? mg_said_from_json (json) : NULL;

  json_object_put (json);
  return parsed != NULL ? mg_said_render_sentence (parsed, language) : NULL;
}

/* Rows undone together, one after another, stand just before: the scratch copy of the state
 * with the undone rows right before seq applied again (told from memory, they were not walked),
 * oldest first.  NULL when there are none, or they no longer apply. */
static MgState *
undone_run_before (MgNarrator *self, gint64 seq)
{
  g_autoptr(GPtrArray) run = g_ptr_array_new_with_free_func ((GDestroyNotify) mg_journal_entry_free);
  MgState *scratch;

  for (gint64 s = seq - 1; s >= 1 && run->len < UNDONE_RUN_MAX; s--)
    {
      MgJournalEntry *e = mg_campaign_journal_get (self->campaign, s, NULL);

      if (e == NULL || !e->undone)
        {
          g_clear_pointer (&e, mg_journal_entry_free);
          break;
        }
      g_ptr_array_insert (run, 0, e);
    }
  if (run->len == 0 || (scratch = mg_state_copy (self->state)) == NULL)
    return NULL;
  for (guint i = 0; i < run->len; i++)
    {
      const MgJournalEntry *e = g_ptr_array_index (run, i);

      if (!mg_campaign_replay_row (scratch, e->seq, e->action, e->dice, NULL, NULL, NULL, NULL, NULL))
        {
          mg_state_free (scratch);
          return NULL;
        }
    }
  return scratch;
}

/* An undone row, on a scratch copy: rows undone together were played one after another, so
 * first on the undone rows before it; else (undone, another played and undone in turn) on the
 * rows in force. */
static char *
tell_undone (MgNarrator *self, const MgJournalEntry *entry, MgSaid **said)
{
  char *told = NULL;
  gboolean applied = FALSE;

  if (self->scratch == NULL)
    self->scratch = undone_run_before (self, entry->seq);
  if (self->scratch != NULL)
    told = apply_row (self->scratch, entry, &applied, said);
  if (told == NULL)
    {
      g_clear_pointer (&self->scratch, mg_state_free);
      self->scratch = mg_state_copy (self->state);
      if (self->scratch != NULL)
        told = apply_row (self->scratch, entry, &applied, said);
    }
  return told;
}

/* The row's sentence told again, or NULL when it cannot be; its said where asked (NULL when
 * it has none). */
static char *
tell (MgNarrator *self, const MgJournalEntry *entry, MgSaid **said)
{
  char *told = NULL;
  gboolean applied = FALSE;

  if (entry->action == NULL || entry->dice == NULL || entry->seq < 1 || !narrator_seek (self, entry->seq))
    return NULL;
  if (entry->undone)
    told = tell_undone (self, entry, said);
  else
    {
      g_clear_pointer (&self->scratch, mg_state_free);
      told = apply_row (self->state, entry, &applied, said);
      if (!applied)   /* the state no longer follows the journal: rebuilt for the next row */
        g_clear_pointer (&self->state, mg_state_free);
    }
  self->at = entry->seq;
  return told;
}

char *
mg_narrator_tell (MgNarrator *self, const MgJournalEntry *entry)
{
  Told *told;
  const char *known;
  char *text;

  g_return_val_if_fail (self != NULL && entry != NULL, NULL);
  /* A row with its said: rendered, no replay (issue 45). */
  if ((text = mg_narrate_said (entry->said, NULL)) != NULL)
    return text;
  told = told_get (self->campaign);
  known = g_hash_table_lookup (told->rows, &entry->seq);
  if (known != NULL)
    return g_strdup (known);
  text = tell (self, entry, NULL);
  if (text == NULL)
    text = g_strdup (entry->summary != NULL ? entry->summary : "");
  g_hash_table_insert (told->rows, g_memdup2 (&entry->seq, sizeof entry->seq), g_strdup (text));
  return text;
}

char *
mg_narrator_turn_title (MgNarrator *self, const MgJournalEntry *entry)
{
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (self->campaign));
  Told *told;
  const char *known;
  char *title = NULL;

  g_return_val_if_fail (self != NULL && entry != NULL, NULL);
  if (game == NULL || game->turn_title == NULL || entry->seq < 1)
    return NULL;
  told = told_get (self->campaign);
  known = g_hash_table_lookup (told->titles, &entry->seq);
  if (known != NULL)
    return g_strdup (known);
  /* pending() before the row, as the exports head a turn (mg-export.c) */
  if (narrator_seek (self, entry->seq))
    {
      json_object *pending = mg_state_pending (self->state);

      title = pending != NULL ? game->turn_title (pending) : NULL;
      json_object_put (pending);
    }
  if (title != NULL)
    g_hash_table_insert (told->titles, g_memdup2 (&entry->seq, sizeof entry->seq), g_strdup (title));
  return title;
}

char *
mg_narrator_tell_seq (MgNarrator *self, gint64 seq, const char *stored)
{
  g_autoptr(MgJournalEntry) entry = NULL;
  char *text = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  entry = mg_campaign_journal_get (self->campaign, seq, NULL);
  if (entry != NULL)
    text = mg_narrate_said (entry->said, NULL);
  if (entry != NULL && text == NULL)
    text = tell (self, entry, NULL);
  return text != NULL ? text : g_strdup (stored != NULL ? stored : "");
}

char *
mg_narrate_entry (MgCampaign *campaign, const MgJournalEntry *entry)
{
  g_autoptr(MgNarrator) narrator = mg_narrator_new (campaign);

  return mg_narrator_tell (narrator, entry);
}

void
mg_narrate_prepare (MgCampaign *campaign, GPtrArray *entries)
{
  g_autoptr(MgNarrator) narrator = mg_narrator_new (campaign);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    g_free (mg_narrator_tell (narrator, g_ptr_array_index (entries, i)));
}

MgSaid *
mg_narrator_said (MgNarrator *self, const MgJournalEntry *entry)
{
  MgSaid *said = NULL;

  g_return_val_if_fail (self != NULL && entry != NULL, NULL);
  g_free (tell (self, entry, &said));
  return said;
}

/* Fills the said of one page of rows, and tells again a row whose kept said its replay says
 * otherwise (a later wording, an edit); FALSE: SQLite failed. */
static gboolean
fill_page (MgNarrator *narrator, GPtrArray *page, gint64 *filled, GError **error)
{
  for (guint i = 0; i < page->len; i++)
    {
      const MgJournalEntry *e = g_ptr_array_index (page, i);
      g_autoptr(MgSaid) said = NULL;
      g_autofree char *text = NULL;

      if (e->said != NULL && mg_campaign_get_said_differ (narrator->campaign) == 0)
        continue;
      said = mg_narrator_said (narrator, e);
      if ((text = mg_campaign_said_text (said)) == NULL || g_strcmp0 (text, e->said) == 0)
        continue;
      if (!mg_campaign_insert_said (narrator->campaign, e->seq, text, error))
        return FALSE;
      (*filled)++;
    }
  return TRUE;
}

gboolean
mg_narrate_fill_said (MgCampaign *campaign, gint64 *filled, GError **error)
{
  g_autoptr(MgNarrator) narrator = NULL;
  gint64 offset = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign) && filled != NULL, FALSE);
  *filled = 0;
  if (!mg_campaign_begin_locked (campaign, error))
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  narrator = mg_narrator_new (campaign);
  while (ok)
    {
      g_autoptr(GPtrArray) page = mg_campaign_journal_range (campaign, offset, 1024, error);

      if (page == NULL)
        ok = FALSE;
      else if (page->len == 0)
        break;
      else
        ok = fill_page (narrator, page, filled, error);
      offset += page != NULL ? page->len : 0;
    }
  if (ok && mg_store_commit (mg_campaign_get_store (campaign), error))
    return TRUE;
  mg_store_rollback (mg_campaign_get_store (campaign));
  mg_campaign_convert_error (error);
  *filled = 0;
  return FALSE;
}

gboolean
mg_narrate_entry_tells_secret (MgCampaign *campaign, const MgJournalEntry *entry)
{
  const MgRules *rules = mg_campaign_get_rules (campaign);
  g_autoptr(json_object) action = entry->action != NULL ? json_tokener_parse (entry->action) : NULL;
  g_autoptr(MgState) before = NULL;
  g_autoptr(MgState) after = NULL;

  if (action == NULL || mg_rules_action_is_secret (rules, mg_action_type (action)))
    return TRUE;
  if (entry->seq < 1 || (before = mg_campaign_state_at (campaign, entry->seq - 1, NULL)) == NULL ||
      (after = mg_state_copy (before)) == NULL ||
      !mg_campaign_replay_row (after, entry->seq, entry->action, entry->dice, NULL, NULL, NULL, NULL, NULL))
    return TRUE;   /* cannot tell: kept hidden */
  return mg_state_reveals (before, after);
}
