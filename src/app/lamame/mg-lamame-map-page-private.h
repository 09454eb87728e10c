/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-map-page-private.h — the Map page's parts, for its UI test. */
#pragma once

#include "mg-area-map.h"
#include "mg-lamame-map-page.h"
#include "mg-table-state.h"

G_BEGIN_DECLS

struct _MgLamameMapPage
{
  GtkWidget    parent_instance;

  MgCampaign  *campaign;
  MgTableState *table;      /* the campaign's pending() and views, shared by its pages */
  json_object *legal;        /* legal_actions("*") of the current state */

  MgAreaMap   *map;
  GtkLabel    *banner;
  GtkWidget   *result_banner;  /* what the last step resolved, hidden (not only unrevealed) when nothing */
  GtkLabel    *result_label;
  GtkLabel    *map_hint;       /* under the map: what the pointer's or the ring's area is, or what it does */
  GtkWidget   *zoom_in, *zoom_out, *zoom_fit;
  GtkWidget   *map_box;        /* the map with its banner and foot */
  GtkGrid     *players_grid;
  GArray      *player_rows;  /* PlayerRow: the players' lines, made once (issue 43) */
  char        *players_key;  /* whose lines they are */
  char        *steps_key;    /* what the step buttons offer, to make them again only when it changed */
  GtkFlowBox  *secrets_box;  /* each player's "Show secrets" button, wrapping in a narrow window */
  GtkWidget   *side;         /* the panel beside or under the map */
  GtkLabel    *costs_label;
  GtkLabel    *error_label;
  GtkBox      *steps_box;
  GtkLabel    *area_label;
  GtkBox      *area_box;
  GtkGrid     *result_grid;

  /* The open step dialog (secret or typed after the table's reveal), and its fields. */
  AdwMessageDialog *dialog;
  GtkWidget   *entries[4];   /* GtkEntry with visibility off (secret) or GtkSpinButton (revealed) */
  GtkWidget   *checks[3];    /* card choice: Tax, Build, Move/Attack */
  json_object *dialog_action; /* the action the dialog completes */
  GtkLabel    *dialog_message; /* the dialog's fields' problem, said once one was touched */
};

/* The buttons of the steps and area boxes, in order (for tests). */
GPtrArray *mg_lamame_map_page_buttons (MgLamameMapPage *self);
/* Clicks the button whose label contains `text`; FALSE if none. */
gboolean   mg_lamame_map_page_click   (MgLamameMapPage *self, const char *text);

G_END_DECLS
