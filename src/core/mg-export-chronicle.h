/* mg-export-chronicle.h — the Chronicle's charts in the exports: inline SVG in HTML, drawn in PDF, a plain table in Markdown and JSON. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "mg-chronicle.h"
#include "mg-export-private.h"

G_BEGIN_DECLS

/* Draws one chart on the PDF's page (mg-export-pdf.c sets it; NULL in the CLI, whose PDF
 * exports are made by melee-gm-cli-pdf). */
typedef void (*MgExportChartFunc) (MgExportDoc *doc, const char *title, const MgChronicleData *data,
                                   const MgChronicleWindow *window);
extern MgExportChartFunc mg_export_pdf_chart;

/* After the standing: each chart of the game's Chronicle over the rows up to last_seq (the
 * scope's last), as the format shows pictures, else as a table of its values. Nothing for a
 * game without a Chronicle, or when the campaign's points cannot be read (the export goes on). */
void mg_export_chronicle (MgCampaign *campaign, MgExportDoc *doc, const MgExportRenderer *renderer,
                          MgExportFormat format, gint64 last_seq);

G_END_DECLS
