/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-application.c — the AdwApplication: start window, one window per campaign. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>

#include "mg-application.h"
#include "mg-accessible.h"
#include "mg-data.h"
#include "mg-app-resources.h"
#include "mg-campaign-window.h"
#include "mg-errors.h"
#include "mg-game.h"
#include "mg-icon-theme-load.h"
#include "mg-settings.h"
#include "mg-start-window.h"

struct _MgApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
  GtkWindow *start_window;
  gboolean   bench_first_frame;
  GHashTable *opening;      /* paths being opened in a thread (mg_application_open_path_async) */
  gboolean   quitting;      /* Quit was asked: a campaign still opening is closed, not shown */
};

G_DEFINE_FINAL_TYPE (MgApplication, mg_application, ADW_TYPE_APPLICATION)

/* The shipped samples, from every game's descriptor, in the order of the games. */
const MgSample *
mg_application_samples (guint *n_samples)
{
  static GArray *shipped;
  static gsize once;

  if (g_once_init_enter (&once))
    {
      guint n;
      const MgGame **games = mg_games_all (&n);

      shipped = g_array_new (FALSE, TRUE, sizeof (MgSample));
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < games[i]->n_samples; j++)
          {
            const MgGameSample *s = &games[i]->samples[j];
            MgSample sample = { games[i]->rules->id, s->title, s->resource, { NULL } };
            /* Only scripts that are really compiled in. */
            g_autoptr(GBytes) script = mg_data_lookup (s->resource, NULL);

            if (script == NULL)
              continue;
            for (guint k = 0; k < G_N_ELEMENTS (sample.players) - 1 && s->players[k] != NULL; k++)
              sample.players[k] = s->players[k];
            g_array_append_val (shipped, sample);
          }
      g_once_init_leave (&once, 1);
    }
  *n_samples = shipped->len;
  return (const MgSample *) shipped->data;
}

MgApplication *
mg_application_new (void)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_OPEN;

  /* A benchmark run must measure its own window, never hand the file to a running app. */
  if (g_strcmp0 (g_getenv ("MELEE_GM_BENCH_FIRST_FRAME"), "1") == 0)
    flags |= G_APPLICATION_NON_UNIQUE;

  return g_object_new (MG_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags,
                       "resource-base-path", "/io/github/meleegm/MeleeGM",
                       NULL);
}

GSettings *
mg_application_get_settings (MgApplication *self)
{
  g_return_val_if_fail (MG_IS_APPLICATION (self), NULL);
  return self->settings;
}

static void
start_window_destroyed (gpointer data, GObject *where)
{
  MgApplication *self = data;

  self->start_window = NULL;
}

GtkWindow *
mg_application_get_start_window (MgApplication *self)
{
  if (self->start_window == NULL)
    {
      self->start_window = GTK_WINDOW (mg_start_window_new (self));
      g_object_weak_ref (G_OBJECT (self->start_window), start_window_destroyed, self);
    }
  return self->start_window;
}

/* The benchmark wants the moment the campaign window first reaches the screen. */
static void
bench_after_paint (GdkFrameClock *clock, gpointer data)
{
  MgApplication *self = data;

  g_signal_handlers_disconnect_by_func (clock, bench_after_paint, data);
  fputs ("first-frame\n", stdout);
  fflush (stdout);
  g_application_quit (G_APPLICATION (self));
}

static void
bench_window_realized (GtkWidget *widget, gpointer data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint), data);
}

static GtkWindow *
find_campaign_window (MgApplication *self, const char *path)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      if (MG_IS_CAMPAIGN_WINDOW (l->data))
        {
          MgCampaign *campaign = mg_campaign_window_get_campaign (l->data);

          if (g_strcmp0 (mg_campaign_get_path (campaign), path) == 0)
            return l->data;
        }
    }
  return NULL;
}

GtkWindow *
mg_application_show_campaign (MgApplication *self, MgCampaign *campaign)
{
  GtkWindow *window;

  g_return_val_if_fail (MG_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);

  window = GTK_WINDOW (mg_campaign_window_new (self, campaign));
  if (self->bench_first_frame)
    g_signal_connect (window, "realize", G_CALLBACK (bench_window_realized), self);
  mg_recent_add (self->settings, mg_campaign_get_path (campaign));
  gtk_window_present (window);

  /* The start page has done its job once a campaign is open. */
  if (self->start_window != NULL)
    gtk_window_destroy (self->start_window);

  return window;
}

/* A campaign that could not be opened: said on parent (the start window when NULL). */
static void
show_open_error (MgApplication *self, const char *absolute, const GError *error, GtkWindow *parent)
{
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  mg_error_describe_open (absolute, error, &heading, &body);
  if (self->bench_first_frame)
    {
      g_printerr ("%s: %s\n", heading, body);
      g_application_quit (G_APPLICATION (self));
      return;
    }
  if (parent == NULL)
    {
      parent = mg_application_get_start_window (self);
      gtk_window_present (parent);
    }
  mg_error_show (parent, heading, body);
}

GtkWindow *
mg_application_open_path (MgApplication *self,
                          const char    *path,
                          GtkWindow     *parent)
{
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *absolute = NULL;
  GtkWindow *window;

  g_return_val_if_fail (MG_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  absolute = g_canonicalize_filename (path, NULL);
  window = find_campaign_window (self, absolute);
  if (window != NULL)
    {
      gtk_window_present (window);
      return window;
    }

  campaign = mg_campaign_open (absolute, &error);
  if (campaign == NULL)
    {
      show_open_error (self, absolute, error, parent);
      return NULL;
    }

  return mg_application_show_campaign (self, campaign);
}

/* Issue 43: opening reads the campaign and replays its journal since the last snapshot (and an
 * older file's whole check before its migration, or a replay from the start under a later
 * revision of the game's rules): in a GTask thread, the window asking for it drawing meanwhile
 * (a "progress" pointer over it), and from a second on a toast saying how far it is. */
typedef struct {
  char     *path;
  GWeakRef  parent;
  gint      permille;   /* the open's progress (atomic, set by its thread); -1: none told */
  AdwToast *toast;      /* "Opening …", once it takes a second (main thread) */
  gint      shown;      /* the permille the toast shows */
  gboolean  dismissed;  /* closed by its button: told no further (nor to a screen reader) */
} OpenJob;

static void
open_job_free (gpointer data)
{
  OpenJob *job = data;

  g_free (job->path);
  g_weak_ref_clear (&job->parent);
  if (job->toast != NULL)
    g_signal_handlers_disconnect_by_data (job->toast, job);
  g_clear_object (&job->toast);
  g_free (job);
}

/* In the open's thread: kept for the toast's next look (open_toast_tick). */
static void
open_progress (double fraction, gpointer data)
{
  OpenJob *job = data;

  g_atomic_int_set (&job->permille, (gint) (CLAMP (fraction, 0.0, 1.0) * 1000.0));
}

static void
open_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  OpenJob *job = data;
  GError *error = NULL;
  MgCampaign *campaign = mg_campaign_open_with_progress (job->path, open_progress, job, &error);

  if (campaign != NULL)
    g_task_return_pointer (task, campaign, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void
open_done (GObject *source, GAsyncResult *result, gpointer data)
{
  MgApplication *self = MG_APPLICATION (source);
  OpenJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GtkWindow) parent = g_weak_ref_get (&job->parent);
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *window;

  campaign = g_task_propagate_pointer (G_TASK (result), &error);
  g_hash_table_remove (self->opening, job->path);
  if (job->toast != NULL)
    adw_toast_dismiss (job->toast);
  if (parent != NULL)
    gtk_widget_set_cursor (GTK_WIDGET (parent), NULL);
  /* Quit (or a stop signal) came while it opened: nothing shown, the campaign closed with it. */
  if (!self->quitting)
    {
      /* Opened meanwhile by a synchronous call: that window it is. */
      if ((window = find_campaign_window (self, job->path)) != NULL)
        gtk_window_present (window);
      else if (campaign != NULL)
        mg_application_show_campaign (self, campaign);
      else
        show_open_error (self, job->path, error, parent);
    }
  g_application_release (G_APPLICATION (self));
}

/* The toast's title for the open's progress now. */
static char *
open_toast_title (OpenJob *job, gint permille)
{
  g_autofree char *base = g_path_get_basename (job->path);
  g_autofree char *name = g_filename_display_name (base);

  if (permille < 0)
    return g_strdup_printf (_("Opening “%s”…"), name);
  /* Translators: a campaign's whole journal is replayed to check it (a copied file, an older
   * version's) or under this version's rules; %d is how much is done, in percent. */
  return g_strdup_printf (_("Opening “%s”: replaying its journal, %d%% done"), name, permille / 100 * 10);
}

static void
open_toast_dismissed (OpenJob *job)
{
  job->dismissed = TRUE;
}

/* Four times a second while a slow open lasts: the toast follows its progress. */
static gboolean
open_toast_tick (gpointer data)
{
  GTask *task = data;
  OpenJob *job = g_task_get_task_data (task);
  g_autoptr(GtkWindow) parent = NULL;
  g_autofree char *title = NULL;
  gint permille = g_atomic_int_get (&job->permille);

  if (g_task_get_completed (task) || job->toast == NULL || job->dismissed)
    return G_SOURCE_REMOVE;
  /* In tens of percent: each new title is also said to a screen reader (mg_toast_retitle). */
  if (permille / 100 == job->shown / 100 || (parent = g_weak_ref_get (&job->parent)) == NULL)
    return G_SOURCE_CONTINUE;
  job->shown = permille;
  title = open_toast_title (job, permille);
  mg_toast_retitle (GTK_WIDGET (parent), job->toast, title);
  return G_SOURCE_CONTINUE;
}

/* An open that takes a second: a toast on the window that asked for it says what it waits for
 * and how far it is. A campaign opened from the command line has no such window: the start
 * window comes, its pointer busy, and takes the toast (and the campaign's error if the open
 * fails). A 1M-row campaign opens in 0.04 s: most opens end long before. */
static gboolean
open_slow (gpointer data)
{
  GTask *task = data;
  MgApplication *self = g_task_get_source_object (task);
  OpenJob *job = g_task_get_task_data (task);
  g_autoptr(GtkWindow) parent = NULL;
  g_autofree char *title = NULL;

  if (g_task_get_completed (task) || self->quitting)
    return G_SOURCE_REMOVE;
  parent = g_weak_ref_get (&job->parent);
  if (parent == NULL)
    {
      parent = g_object_ref (mg_application_get_start_window (self));
      gtk_window_present (parent);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (parent), "progress");
      g_weak_ref_set (&job->parent, parent);
    }
  job->shown = g_atomic_int_get (&job->permille);
  title = open_toast_title (job, job->shown);
  job->toast = adw_toast_new (title);   /* not floating: ours; the overlay gets a ref of its own */
  adw_toast_set_timeout (job->toast, 0);
  g_signal_connect_swapped (job->toast, "dismissed", G_CALLBACK (open_toast_dismissed), job);
  mg_toast_add (GTK_WIDGET (parent), g_object_ref (job->toast));
  g_timeout_add_full (G_PRIORITY_DEFAULT, 250, open_toast_tick, g_object_ref (task), g_object_unref);
  return G_SOURCE_REMOVE;
}

void
mg_application_open_path_async (MgApplication *self,
                                const char    *path,
                                GtkWindow     *parent)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *absolute = NULL;
  GtkWindow *window;
  OpenJob *job;

  g_return_if_fail (MG_IS_APPLICATION (self));
  g_return_if_fail (path != NULL);

  absolute = g_canonicalize_filename (path, NULL);
  window = find_campaign_window (self, absolute);
  if (window != NULL)
    {
      gtk_window_present (window);
      return;
    }
  if (g_hash_table_contains (self->opening, absolute))
    return;   /* asked again while it opens (a double click) */
  g_hash_table_add (self->opening, g_strdup (absolute));
  if (parent != NULL)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (parent), "progress");
  job = g_new0 (OpenJob, 1);
  job->permille = -1;
  job->path = g_steal_pointer (&absolute);
  g_weak_ref_init (&job->parent, parent);
  /* The process waits for it even with no window yet (a file given on the command line). */
  g_application_hold (G_APPLICATION (self));
  task = g_task_new (self, NULL, open_done, NULL);
  g_task_set_source_tag (task, mg_application_open_path_async);
  g_task_set_task_data (task, job, open_job_free);
  g_task_run_in_thread (task, open_thread);
  g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, 1, open_slow, g_object_ref (task), g_object_unref);
}

gboolean
mg_application_is_opening (MgApplication *self)
{
  g_return_val_if_fail (MG_IS_APPLICATION (self), FALSE);
  return g_hash_table_size (self->opening) > 0;
}

char *
mg_application_unique_path (const char *folder, const char *name)
{
  g_autoptr(GString) clean = g_string_new (NULL);

  /* Keep the name readable but safe as a file name. */
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '/' || c == '\\' || c < 0x20)
        g_string_append_c (clean, '-');
      else
        g_string_append_unichar (clean, c);
    }
  g_strstrip (clean->str);
  clean->len = strlen (clean->str);
  if (clean->len == 0 || clean->str[0] == '.')
    g_string_prepend (clean, "Campaign");

  for (guint i = 1; i < 10000; i++)
    {
      g_autofree char *base = i == 1 ? g_strdup_printf ("%s.db", clean->str)
                                     : g_strdup_printf ("%s %u.db", clean->str, i);
      g_autofree char *path = g_build_filename (folder, base, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&path);
    }
  return g_build_filename (folder, "Campaign.db", NULL);
}

char *
mg_application_campaign_folder (MgApplication *self)
{
  g_autofree char *folder = NULL;

  if (self != NULL && self->settings != NULL)
    folder = g_settings_get_string (self->settings, "campaign-folder");
  if (folder == NULL || folder[0] == '\0')
    {
      g_free (folder);
      folder = g_build_filename (g_get_user_data_dir (), "melee-gm", "campaigns", NULL);
    }
  g_mkdir_with_parents (folder, 0700);
  return g_steal_pointer (&folder);
}

MgCampaign *
mg_application_create_sample (MgApplication *self,
                              const char    *folder,
                              GError       **error)
{
  guint n;
  const MgSample *samples = mg_application_samples (&n);

  /* The first game's first sample: the one the start page offers first. */
  return mg_application_create_sample_for (self, n > 0 ? samples[0].game_id : NULL, folder, error);
}

MgCampaign *
mg_application_create_sample_for (MgApplication *self,
                                  const char    *game_id,
                                  const char    *folder,
                                  GError       **error)
{
  const MgSample *sample = NULL;
  guint n_samples;
  const MgSample *samples = mg_application_samples (&n_samples);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autofree char *path = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *own_folder = NULL;

  for (guint i = 0; i < n_samples && sample == NULL; i++)
    if (g_strcmp0 (samples[i].game_id, game_id) == 0)
      sample = &samples[i];
  if (sample == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("There is no sample for the game “%s”."), game_id);
      return NULL;
    }
  bytes = mg_data_lookup (sample->script, error);
  if (bytes == NULL)
    return NULL;

  if (folder == NULL)
    {
      own_folder = g_build_filename (g_get_user_data_dir (), "melee-gm", "samples", NULL);
      g_mkdir_with_parents (own_folder, 0700);
      folder = own_folder;
    }
  path = mg_application_unique_path (folder, _(sample->name));
  campaign = mg_campaign_create (path, sample->game_id, _(sample->name), sample->players, NULL, 1, error);
  if (campaign == NULL)
    return NULL;

  lines = g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(MgJournalEntry) entry = NULL;
      json_object *action;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      action = json_tokener_parse (lines[i]);
      if (action == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The sample script is damaged at line %u."), i + 1);
          return NULL;
        }
      entry = mg_campaign_act (campaign, action, error);
      json_object_put (action);
      if (entry == NULL)
        {
          g_prefix_error (error, _("The sample script stopped at line %u: "), i + 1);
          return NULL;
        }
    }
  return g_steal_pointer (&campaign);
}

/* Actions */

static void
app_about (GSimpleAction *action, GVariant *param, gpointer data)
{
  static const char *developers[] = { "The Melee GM developers", NULL };
  GtkApplication *app = data;
  GtkWindow *parent = gtk_application_get_active_window (app);

  adw_show_about_window (parent,
                         "application-name", _("Melee GM"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Melee GM developers"),
                         "version", PACKAGE_VERSION,
                         "comments", _("A companion for the referee of tabletop battles: campaigns, "
                                       "dice, rules and turn summaries."),
                         "website", "https://github.com/meleegm/melee-gm",
                         "issue-url", "https://github.com/meleegm/melee-gm/issues",
                         "developers", developers,
                         "copyright", "© 2024 The Melee GM developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
app_start (GSimpleAction *action, GVariant *param, gpointer data)
{
  MgApplication *self = data;

  gtk_window_present (mg_application_get_start_window (self));
}

static void
app_new_campaign (GSimpleAction *action, GVariant *param, gpointer data)
{
  MgApplication *self = data;
  GtkWindow *start = mg_application_get_start_window (self);

  mg_start_window_show_new_form (MG_START_WINDOW (start));
  gtk_window_present (start);
}

static void
app_open (GSimpleAction *action, GVariant *param, gpointer data)
{
  MgApplication *self = data;
  GtkWindow *start = mg_application_get_start_window (self);

  gtk_window_present (start);
  mg_start_window_choose_file (MG_START_WINDOW (start));
}

static void
app_quit (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkApplication *app = data;
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  MG_APPLICATION (app)->quitting = TRUE;
  /* Close each window so it saves its size; the campaign is already on disk. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static const int quit_signals[] = { SIGTERM, SIGINT, SIGHUP };

static gboolean
quit_on_signal (gpointer data)
{
  g_action_group_activate_action (G_ACTION_GROUP (data), "quit", NULL);
  return G_SOURCE_REMOVE;   /* GLib gives the signal its default action back */
}

static const GActionEntry app_actions[] = {
  { "about", app_about },
  { "start", app_start },
  { "new-campaign", app_new_campaign },
  { "open", app_open },
  { "quit", app_quit },
};

static void
mg_application_startup (GApplication *app)
{
  MgApplication *self = MG_APPLICATION (app);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.new-campaign", { "<Control>n", NULL } },
    { "app.open", { "<Control>o", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.new-session", { "<Control><Shift>n", NULL } },
    { "win.players-display", { "<Control><Shift>d", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (mg_application_parent_class)->startup (app);

  mg_icon_theme_load_in_thread ();
  mg_accessible_install ();
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  /* Asked to stop (a session's end, `kill`, Ctrl+C in a terminal): as Quit, so each campaign is
   * closed cleanly (its log folded in, no check at the next open). A second signal stops it. */
  for (guint i = 0; i < G_N_ELEMENTS (quit_signals); i++)
    g_unix_signal_add (quit_signals[i], quit_on_signal, app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);

  self->settings = mg_settings_new ();
}

static void
mg_application_activate (GApplication *app)
{
  MgApplication *self = MG_APPLICATION (app);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (active != NULL)
    gtk_window_present (active);
  else
    gtk_window_present (mg_application_get_start_window (self));
}

static void
mg_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  MgApplication *self = MG_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);
          g_autofree char *body = g_strdup_printf (_("Only campaign files on this computer can be opened, not “%s”."), uri);
          GtkWindow *start = mg_application_get_start_window (self);

          gtk_window_present (start);
          mg_error_show (start, _("Cannot Open Campaign"), body);
          continue;
        }
      mg_application_open_path_async (self, path, NULL);
    }
}

static void
mg_application_dispose (GObject *object)
{
  MgApplication *self = MG_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->opening, g_hash_table_unref);
  G_OBJECT_CLASS (mg_application_parent_class)->dispose (object);
}

static void
mg_application_class_init (MgApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = mg_application_dispose;
  app_class->startup = mg_application_startup;
  app_class->activate = mg_application_activate;
  app_class->open = mg_application_open;

  /* Pull in the compiled resources from the static library (and so register them). */
  (void) mg_app_get_resource ();
}

static void
mg_application_init (MgApplication *self)
{
  self->bench_first_frame = g_strcmp0 (g_getenv ("MELEE_GM_BENCH_FIRST_FRAME"), "1") == 0;
  self->opening = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
