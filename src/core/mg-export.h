/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export.h — turn summaries for the players: Markdown, HTML, JSON, PDF; nothing secret. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-campaign.h"

G_BEGIN_DECLS

typedef enum {
  MG_EXPORT_MARKDOWN,
  MG_EXPORT_HTML,
  MG_EXPORT_JSON,
  MG_EXPORT_PDF,
} MgExportFormat;

/* Which part: the whole campaign (turn = 0, session = 0), one turn, or one session; and
 * everyone's actions (player = NULL) or one player's (a leader's turn summary). */
typedef struct {
  gint        turn;     /* > 0: only this turn: in `session` if set, else in the current session
                         * when that turn was played there, else wherever it was played */
  gint64      session;  /* > 0: only this session */
  const char *player;   /* non-NULL: only the rows this player took (the journal's actor) */
} MgExportScope;

#define MG_EXPORT_ERROR (mg_export_error_quark ())
typedef enum {
  MG_EXPORT_ERROR_BAD_FORMAT,
  MG_EXPORT_ERROR_EMPTY_SCOPE, /* no such turn/session */
  MG_EXPORT_ERROR_WRITE,
  MG_EXPORT_ERROR_CANCELLED,   /* mg-export-async.h turns it into G_IO_ERROR_CANCELLED */
} MgExportError;

GQuark   mg_export_error_quark (void);

/* "md", "html", "json", "pdf" -> format; FALSE if unknown. */
gboolean mg_export_format_from_string (const char *name, MgExportFormat *format);
/* Whether this program links the PDF renderer (every program using core_dep; not the CLI). */
gboolean mg_export_has_pdf (void);

/* Writes the export to out_path (atomically: temp file + rename). */
gboolean mg_export_write (MgCampaign     *campaign,
                          MgExportFormat  format,
                          MgExportScope   scope,
                          const char     *out_path,
                          GError        **error);

/* Progress of an export, 0..1 (mg-export-async.h: off the main thread, and printing). */
typedef void (*MgExportProgress) (double fraction, gpointer user_data);

/* Dice as a person reads them: "d6: 3 5 1", or for a die whose faces the ruleset names
 * ("faces": [{"name": "Sweep"}, ...]) the count of each in the ruleset's order,
 * "4 Sweep · 3 Kick · 1 Punch".  dice_json: [{"sides":S,"value":V}, ...]. */
char      *mg_export_format_dice  (const char *dice_json, json_object *ruleset);

G_END_DECLS
