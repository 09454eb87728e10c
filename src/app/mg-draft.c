/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-draft.c — edits not yet applied (the Rules page, MecaKnights' and La Mame's map editors), kept on disk as
 * they are made, so that closing the window, quitting, a crash or a power cut loses none of them:
 * the next time that page of that campaign is shown, they are back as they were, still to apply
 * or revert. As GNOME Text Editor keeps unsaved documents.
 *
 * One small JSON file per campaign path and kind, in the user's state folder (not beside the
 * campaign: a copy of the campaign elsewhere starts with no edits), holding the edit and the base
 * it was made from; written whole and renamed into place, so a draft is the old one or the new. */
#include "config.h"

#include "mg-draft.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "mg-errors.h"

char *
mg_draft_path (MgCampaign *campaign, const char *kind)
{
  g_autofree char *key = g_canonicalize_filename (mg_campaign_get_path (campaign), NULL);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  g_autofree char *name = g_strdup_printf ("%s-%s.json", hash, kind);

  return g_build_filename (g_get_user_state_dir (), "melee-gm", "drafts", name, NULL);
}

/* Why a draft was not written, in a referee's words (the toast says it): the folder, as a person
 * finds it, not the hashed file's path inside it; the code stays the file error's. */
static void
set_unkept (GError **error, GFileError code, const char *dir)
{
  g_autofree char *shown = NULL;
  const char *home = g_get_home_dir ();

  if (code == G_FILE_ERROR_NOSPC)
    {
      g_set_error_literal (error, G_FILE_ERROR, code, _("the disk is full; free some space and they will be"));
      return;
    }
  if (g_str_has_prefix (dir, home) && dir[strlen (home)] == G_DIR_SEPARATOR)
    shown = g_strconcat ("~", dir + strlen (home), NULL);
  else
    shown = g_filename_display_name (dir);
  /* Translators: %s is a folder, as ~/.local/state/melee-gm/drafts. */
  g_set_error (error, G_FILE_ERROR, code, _("the folder %s cannot be written"), shown);
}

gboolean
mg_draft_save (MgCampaign *campaign, const char *kind, json_object *base, json_object *edit, GError **error)
{
  g_autofree char *path = mg_draft_path (campaign, kind);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) local = NULL;
  json_object *draft = json_object_new_object ();
  gboolean ok;

  json_object_object_add (draft, "campaign", json_object_new_string (mg_campaign_get_path (campaign)));
  json_object_object_add (draft, "base", json_object_get (base));
  json_object_object_add (draft, "edit", json_object_get (edit));
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      set_unkept (error, g_file_error_from_errno (errno), dir);
      json_object_put (draft);
      return FALSE;
    }
  ok = g_file_set_contents_full (path, json_object_to_json_string_ext (draft, JSON_C_TO_STRING_PLAIN), -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local);
  json_object_put (draft);
  if (!ok)
    set_unkept (error, local->domain == G_FILE_ERROR ? local->code : G_FILE_ERROR_FAILED, dir);
  return ok;
}

json_object *
mg_draft_restore (MgCampaign *campaign, const char *kind, json_object *base, gboolean *stale)
{
  g_autofree char *path = mg_draft_path (campaign, kind);
  g_autofree char *text = NULL;
  json_object *draft, *kept_base = NULL, *edit = NULL, *result = NULL;

  if (stale != NULL)
    *stale = FALSE;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  draft = json_tokener_parse (text);
  if (json_object_object_get_ex (draft, "edit", &edit) && json_object_is_type (edit, json_type_object))
    {
      result = json_object_get (edit);
      if (stale != NULL)
        *stale = !json_object_object_get_ex (draft, "base", &kept_base) || !json_object_equal (kept_base, base);
    }
  else
    g_unlink (path);   /* not a draft of ours: nothing to give back */
  json_object_put (draft);
  return result;
}

void
mg_draft_discard (MgCampaign *campaign, const char *kind)
{
  g_autofree char *path = mg_draft_path (campaign, kind);

  g_unlink (path);
}

#define KEEP_AFTER_MS 300

void
mg_draft_timer_init (MgDraftTimer *timer, MgDraftKeep keep, gpointer page)
{
  timer->source = 0;
  timer->keep = keep;
  timer->page = page;
  timer->failing = FALSE;
}

static gboolean
timer_fired (gpointer data)
{
  MgDraftTimer *timer = data;

  timer->source = 0;
  timer->keep (timer->page);
  return G_SOURCE_REMOVE;
}

void
mg_draft_timer_start (MgDraftTimer *timer)
{
  if (timer->source == 0)
    timer->source = g_timeout_add_full (G_PRIORITY_LOW, KEEP_AFTER_MS, timer_fired, timer, NULL);
}

gboolean
mg_draft_timer_stop (MgDraftTimer *timer)
{
  if (timer->source == 0)
    return FALSE;
  g_clear_handle_id (&timer->source, g_source_remove);
  return TRUE;
}

void
mg_draft_timer_kept (MgDraftTimer *timer, gboolean ok, const GError *error)
{
  g_autofree char *title = NULL;

  if (ok || timer->failing)
    {
      timer->failing = !ok;
      return;
    }
  timer->failing = TRUE;
  /* Translators: a toast when edits not yet applied cannot be written to the user's state
   * folder (a full disk); %s says why. */
  title = g_strdup_printf (_("Edits not applied are not kept on disk: %s"), error != NULL ? error->message : "");
  mg_toast_show (GTK_WIDGET (timer->page), title);
}
