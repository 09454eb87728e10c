/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-application.h — the AdwApplication: start window, one window per campaign. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_APPLICATION (mg_application_get_type ())
G_DECLARE_FINAL_TYPE (MgApplication, mg_application, MG, APPLICATION, AdwApplication)

MgApplication *mg_application_new                (void);
GSettings     *mg_application_get_settings       (MgApplication *self);  /* may be NULL */

/* The start window (created on demand). */
GtkWindow     *mg_application_get_start_window   (MgApplication *self);

/* Opens (or presents, if already open) the campaign at path. On error the message is
 * shown on parent (the start window when NULL) and NULL is returned. */
GtkWindow     *mg_application_open_path          (MgApplication *self,
                                                  const char    *path,
                                                  GtkWindow     *parent);
/* The same without waiting (issue 43): the campaign is opened in a thread, the windows drawing
 * meanwhile (parent, when not NULL, shows a "progress" pointer); then its window is shown, or
 * the error on parent. A path already being opened is not opened twice. */
void          mg_application_open_path_async    (MgApplication *self,
                                                 const char    *path,
                                                 GtkWindow     *parent);
/* Whether a campaign is being opened so (tests). */
gboolean      mg_application_is_opening         (MgApplication *self);
/* A window for an already opened campaign; records it as recent. */
GtkWindow     *mg_application_show_campaign      (MgApplication *self,
                                                  MgCampaign    *campaign);

/* A shipped sample: a script of actions played into a new campaign. */
typedef struct
{
  const char *game_id;
  const char *name;          /* N_(): the campaign's name */
  const char *script;        /* GResource path of the script (MgGameSample.resource) */
  const char *players[5];    /* NULL-terminated */
} MgSample;

/* The samples this build ships (their game is built in and their script embedded). */
const MgSample *mg_application_samples           (guint *n_samples);

/* Creates a game's sample campaign in folder (the user's data folder when NULL) by playing
 * its shipped script. */
MgCampaign    *mg_application_create_sample_for  (MgApplication *self,
                                                  const char    *game_id,
                                                  const char    *folder,
                                                  GError       **error);
/* The first shipped sample (the first game's): Meeple Melee's sample battle. */
MgCampaign    *mg_application_create_sample      (MgApplication *self,
                                                  const char    *folder,
                                                  GError       **error);

/* "Name.db" in folder, or "Name 2.db"… if taken. */
char          *mg_application_unique_path        (const char *folder,
                                                  const char *name);
/* The default folder for new campaigns (created if missing). */
char          *mg_application_campaign_folder    (MgApplication *self);

G_END_DECLS
