/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-narrate.h — each journal row's sentence in the viewer's language.
 *
 * The journal stores each row's summary in the language it was played in (for `sqlite3` readers)
 * and, since schema 9, its sentences as messages (MgJournalEntry.said, docs/messages.md): a row
 * with its said is rendered in the viewer's language, with no replay.  A row without (an engine
 * that writes text only, a row written before schema 9) is told again: the state before the row is rebuilt
 * from the nearest snapshot (mg_campaign_state_at), then the row's action is applied again with
 * its recorded dice under the current locale, and the engine's sentence is taken.  An undone row
 * is applied to a scratch copy of the state it was played on.  A row told again must give the
 * events it gave then; one that does not (a ruleset changed since, an engine that changed) keeps
 * its stored summary. */
#pragma once

#include "mg-campaign.h"

G_BEGIN_DECLS

/* A narrator walks the journal forwards, keeping the state it has rebuilt: rows asked for in
 * increasing seq order cost one apply each; a jump back or over rows in force rebuilds. */
typedef struct _MgNarrator MgNarrator;

MgNarrator *mg_narrator_new      (MgCampaign *campaign);
void        mg_narrator_free     (MgNarrator *self);
/* Drops the state kept: after an undo or redo it may no longer be the journal's.  (What rows
 * were told as stays: a row's sentence does not change when later rows are undone.) */
void        mg_narrator_forget   (MgNarrator *self);
/* The row's sentence now (g_free; "" when the row has none): its said rendered in the process's
 * language, else told again by replay — remembered per campaign, so a row told once is not
 * told again while the ruleset stays the same. */
char       *mg_narrator_tell     (MgNarrator *self, const MgJournalEntry *entry);
/* How the game names the turn the row begins, from pending() before it ("Fight 1, turn 8", the
 * exports' heading: MgGame.turn_title), in the viewer's language (g_free); NULL for a game that
 * names its turns by number. Ask it before mg_narrator_tell of the same row (that walks past it). */
char       *mg_narrator_turn_title (MgNarrator *self, const MgJournalEntry *entry);
/* The same for a row in force known by its seq only (exports read rows without their action);
 * `stored` is its stored summary, the answer when the row cannot be told again.  Not
 * remembered: an export walks each row once. */
char       *mg_narrator_tell_seq (MgNarrator *self, gint64 seq, const char *stored);

/* The row's said as the engine gives it now, by replay (NULL when the engine writes text only,
 * or the row no longer gives the events it gave then): what `check --fill-said` stores for a
 * row written before schema 9. mg_said_free. */
MgSaid     *mg_narrator_said     (MgNarrator *self, const MgJournalEntry *entry);

/* Fills the said of every row without one (written before schema 9) that a replay gives one,
 * in one transaction (`melee-gm-cli check --fill-said`): the said is outside the hash chains,
 * so no hash changes. Refused as any write is (read-only, damaged: mg_campaign_begin); *filled
 * the rows given their said. */
gboolean    mg_narrate_fill_said (MgCampaign *campaign, gint64 *filled, GError **error);

/* A stored said (its JSON text, MgJournalEntry.said) rendered in `language` (NULL: the
 * process's: the app's, the CLI's, an export's), as the journal shows it; NULL when `said` is
 * NULL or not a said. g_free. */
char       *mg_narrate_said      (const char *said, const MgMessageLanguage *language);

/* One row's sentence, with a narrator of its own (a toast, the players' display). g_free. */
char       *mg_narrate_entry     (MgCampaign *campaign, const MgJournalEntry *entry);

/* Could this row's sentence tell a secret once the row is undone (while something is hidden)?
 * TRUE for an action the game declares secret (MG_ACTION_SECRET) and for one whose play revealed
 * something hidden (mg_state_reveals: a mine that went off); FALSE for a public step that told
 * nothing hidden, which may be named in full (issue 41). TRUE when it cannot be told. */
gboolean    mg_narrate_entry_tells_secret (MgCampaign *campaign, const MgJournalEntry *entry);

/* Tells every entry of a journal read (consecutive rows, oldest first) with one narrator, so
 * that mg_narrate_entry answers them from memory in any order (a log read newest first). */
void        mg_narrate_prepare   (MgCampaign *campaign, GPtrArray *entries);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgNarrator, mg_narrator_free)

G_END_DECLS
