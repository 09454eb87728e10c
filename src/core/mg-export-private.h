/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-private.h — what the export renderers (one per format) share with the walker. */
#pragma once

#include <stdio.h>
#include "mg-export.h"
#include "mg-game.h"

G_BEGIN_DECLS

typedef struct _MgExportDoc MgExportDoc;

/* One action of a turn, as the players may read it. */
typedef struct {
  gint64       seq;
  const char  *actor;
  const char  *summary;  /* in the viewer's language (mg-narrate.h) */
  const char  *recorded; /* the summary as stored, when a row without said, told again, says
                          * otherwise (JSON keeps it), or NULL */
  const char  *dice;     /* as a person reads them ("4 Sweep · 3 Kick", "d6: 3 5"), or NULL:
                          * no dice, or dice behind a screen whose turn is not over */
  json_object *events;   /* the public events (JSON only, else NULL) */
} MgExportAction;

/* The walker calls these in order: begin, (session_begin, (turn_begin, action…, turn_end)…,
 * session_end)…, standing, section…, end.  Every text handed over is public. */
typedef struct {
  void     (*begin)         (MgExportDoc *doc);
  void     (*session_begin) (MgExportDoc *doc, gint64 id, const char *name);
  void     (*session_end)   (MgExportDoc *doc);
  /* heading: "Turn 3", "Battle 3" (as the game's pages call a turn). */
  void     (*turn_begin)    (MgExportDoc *doc, gint turn, const char *heading);
  void     (*action)        (MgExportDoc *doc, const MgExportAction *action);
  void     (*turn_end)      (MgExportDoc *doc);
  /* text: the engine's own sentences (rules->describe) or NULL; view: the public view, whose
   * tables are laid out as tables (and its other members as facts when there is no text). */
  void     (*standing)      (MgExportDoc *doc, const char *heading, json_object *view, const char *text);
  gboolean (*end)           (MgExportDoc *doc, GError **error);
  /* A section of the game's own after the standing (MgGame.export_sections), laid out as the
   * standing is: NULL for the standing's own function. */
  void     (*section)       (MgExportDoc *doc, const char *title, json_object *view, const char *text);
} MgExportRenderer;

typedef enum {
  MG_EXPORT_SCOPE_CAMPAIGN,
  MG_EXPORT_SCOPE_SESSION,
  MG_EXPORT_SCOPE_TURN,
} MgExportScopeKind;

struct _MgExportDoc {
  FILE              *out;
  MgExportScopeKind  kind;
  MgExportScope      scope;
  char              *campaign;    /* the campaign's name */
  char              *game_id;
  char              *game_name;   /* translated */
  char             **players;
  char              *scope_text;  /* "Whole campaign", "Session 2 — Friday", "Turn 3" */
  GHashTable        *names;       /* the ruleset's records' names by id (mg_export_ruleset_names) */
  char              *fingerprint; /* the journal's, "1a2b-3c4d-5e6f" (issue 42), or NULL */
  char              *fingerprint_text;  /* "Journal fingerprint 1a2b-3c4d-5e6f", or NULL */
  gboolean           wants_events;
  GPtrArray         *pages;       /* non-NULL: the PDF layout is recorded here, a cairo
                                   * recording surface per page (printing), not written */
  /* renderer state */
  gboolean           first_session;
  gboolean           first_turn;
  guint              n_sections;  /* sections written so far */
  gpointer           priv;
  GDestroyNotify     priv_free;
};

/* The PDF renderer, or NULL in a program that does not link mg-export-pdf.c (the CLI, which
 * then hands PDF exports to melee-gm-cli-pdf: cairo and pango cost every start ~25 libraries). */
extern const MgExportRenderer *mg_export_pdf_renderer;
/* How a caller stops an export under way: asked before the walk and every 1,024 rows, TRUE
 * stops it with MG_EXPORT_ERROR_CANCELLED.  (Not a GCancellable: the CLI does not link GIO.) */
typedef struct {
  gboolean (*stopped) (gpointer data);
  gpointer   data;
} MgExportStop;

/* In mg-export-async.c (GIO): a stop's `stopped` for a GCancellable, and MG_EXPORT_ERROR_CANCELLED
 * turned into the G_IO_ERROR_CANCELLED the app looks for. */
gboolean mg_export_cancellable_stopped (gpointer cancellable);
void     mg_export_cancelled_error     (GError **error);

/* The PDF layout into pages (cairo recording surfaces), for mg_export_pages. */
gboolean mg_export_render_pages (MgCampaign *campaign, MgExportScope scope, GPtrArray *pages,
                                 const MgExportStop *stop, GError **error);
/* mg_export_write, for mg_export_write_async's thread: current_session is the session a
 * turn-only scope looks in first; narrate: each row's sentence told in the current language
 * (the app), else the stored summary (the CLI, for scripts, as fast as sqlite3 reads it); progress (0..1) is reported in the calling thread; stop may be
 * NULL. */
gboolean mg_export_to_file      (MgCampaign *campaign, MgExportFormat format, MgExportScope scope,
                                 gint64 current_session, gboolean narrate, const char *out_path,
                                 MgExportProgress progress, gpointer progress_data,
                                 const MgExportStop *stop, GError **error);


/* "Session 2 — Friday", or "Session 2" for a session without a name. */
char *mg_export_session_heading (gint64 id, const char *name);

/* The standing (a view() object) as text a person reads, for any game:
 * facts are "label: value" pairs of the top-level members, tables the arrays of objects. */
typedef struct {
  GPtrArray *labels;  /* of char*, the header row */
  GPtrArray *rows;    /* of GStrv, one cell per label */
} MgExportTable;

/* mg-export-columns.c: a column's heading in the Journal's words, for the view's key; FALSE
 * (and *label NULL) for a column a reader is not shown. */
gboolean mg_export_column_label      (const MgGame *game, const char *key, char **label);
/* Leaves out the columns with nothing in any row (the first, the rows' names, stays). */
void     mg_export_table_drop_empty  (MgExportTable *table);

typedef struct {
  GPtrArray *fact_labels;  /* of char* */
  GPtrArray *fact_values;  /* of char* */
  GPtrArray *table_names;  /* of char* */
  GPtrArray *tables;       /* of MgExportTable* */
} MgExportStanding;

/* The ruleset's records ({"id": "small_shield", "name": "Small shield"} in any top-level list),
 * their names by id, untranslated: a standing shows a value that is such an id by its name. */
GHashTable       *mg_export_ruleset_names (json_object *ruleset);
/* facts FALSE: only the tables (the engine's describe() tells the rest); names: see above, or
 * NULL. */
MgExportStanding *mg_export_standing_new  (json_object *view, GHashTable *names, gboolean facts);
void              mg_export_standing_free (MgExportStanding *standing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgExportStanding, mg_export_standing_free)

G_END_DECLS
