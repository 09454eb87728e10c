/* mg-export-private.h — what the export renderers (one per format) share with the walker. */
#pragma once

#include <stdio.h>
#include "mg-export.h"

G_BEGIN_DECLS

typedef struct _MgExportDoc MgExportDoc;

/* The walker calls these in order: begin, (session_begin, turn…, session_end)…, standing, end.
 * Every text handed over is public: summaries, and events without a "seat". */
typedef struct {
  void     (*begin)         (MgExportDoc *doc);
  void     (*session_begin) (MgExportDoc *doc, gint64 id, const char *name);
  void     (*session_end)   (MgExportDoc *doc);
  /* sentence: "Turn 3 — …"; actions: [{"seq","actor","summary","events"}] (only for JSON). */
  void     (*turn)          (MgExportDoc *doc, gint turn, const char *sentence, json_object *actions);
  /* text: the engine's own sentences (rules->describe), or NULL: then view is laid out. */
  void     (*standing)      (MgExportDoc *doc, const char *heading, json_object *view, const char *text);
  gboolean (*end)           (MgExportDoc *doc, GError **error);
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
  gboolean           wants_events;
  /* renderer state */
  gboolean           first_session;
  gboolean           first_turn;
  gpointer           priv;
  GDestroyNotify     priv_free;
};

extern const MgExportRenderer mg_export_pdf_renderer;

/* "Session 2 — Friday", or "Session 2" for a session without a name. */
char *mg_export_session_heading (gint64 id, const char *name);

/* The standing (a view() object) as text a person reads, for any game:
 * facts are "label: value" pairs of the top-level members, tables the arrays of objects. */
typedef struct {
  GPtrArray *labels;  /* of char*, the header row */
  GPtrArray *rows;    /* of GStrv, one cell per label */
} MgExportTable;

typedef struct {
  GPtrArray *fact_labels;  /* of char* */
  GPtrArray *fact_values;  /* of char* */
  GPtrArray *table_names;  /* of char* */
  GPtrArray *tables;       /* of MgExportTable* */
} MgExportStanding;

MgExportStanding *mg_export_standing_new  (json_object *view);
void              mg_export_standing_free (MgExportStanding *standing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgExportStanding, mg_export_standing_free)

G_END_DECLS
