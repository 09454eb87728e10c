/* a11y-probe.c — the UI tests' screen reader: atspi-probe.py read over a pipe while the main loop runs (issue 44). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "a11y-probe.h"

static GSubprocess *probe;
static GDataInputStream *probe_out;
static GOutputStream *probe_in;

typedef struct { char *line; gboolean done; } Reply;

static void
line_read (GObject *source, GAsyncResult *result, gpointer data)
{
  Reply *reply = data;

  reply->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, NULL);
  reply->done = TRUE;
}

static gboolean
reply_timeout (gpointer data)
{
  ((Reply *) data)->done = TRUE;
  return G_SOURCE_REMOVE;
}

/* The next line of the probe, the main loop running meanwhile; NULL after 60 s. */
static char *
read_reply (void)
{
  Reply reply = { NULL, FALSE };
  guint timeout = g_timeout_add_seconds (60, reply_timeout, &reply);

  g_data_input_stream_read_line_async (probe_out, G_PRIORITY_DEFAULT, NULL, line_read, &reply);
  while (!reply.done)
    g_main_context_iteration (NULL, TRUE);
  if (reply.line != NULL)
    g_source_remove (timeout);
  return reply.line;
}

gboolean
a11y_probe_start (char **why)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());
  g_autofree char *script = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "atspi-probe.py", NULL);
  const char *python = g_getenv ("MG_PYTHON") != NULL ? g_getenv ("MG_PYTHON") : "python3";
  g_autofree char *ready = NULL;

  probe = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                            python, script, pid, NULL);
  if (probe == NULL)
    {
      *why = g_strdup_printf ("the AT-SPI probe did not start: %s", error->message);
      return FALSE;
    }
  probe_in = g_subprocess_get_stdin_pipe (probe);
  probe_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (probe));
  ready = read_reply ();
  if (ready == NULL || strstr (ready, "ready") == NULL)
    {
      *why = g_strdup ("the AT-SPI probe could not read the accessibility bus (python3-pyatspi, at-spi2-core, a session bus)");
      a11y_probe_stop ();
      return FALSE;
    }
  return TRUE;
}

json_object *
a11y_probe_ask (const char *command)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  g_autofree char *reply = NULL;

  g_assert_nonnull (probe);
  g_assert_true (g_output_stream_write_all (probe_in, line, strlen (line), NULL, NULL, NULL));
  g_output_stream_flush (probe_in, NULL, NULL);
  reply = read_reply ();
  g_assert_nonnull (reply);
  return json_tokener_parse (reply);
}

char *
a11y_probe_focus (void)
{
  json_object *focus = a11y_probe_ask ("focus");
  char *out = g_strdup_printf ("%s: %s", json_object_get_string (json_object_object_get (focus, "role")),
                               json_object_get_string (json_object_object_get (focus, "name")));

  json_object_put (focus);
  return out;
}

static void
probe_left (GObject *source, GAsyncResult *result, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) data = TRUE;
}

void
a11y_probe_stop (void)
{
  if (probe == NULL)
    return;
  g_output_stream_close (probe_in, NULL, NULL);
  /* The main loop runs while the probe leaves, should it still ask this process anything. */
  {
    gboolean done = FALSE;

    g_subprocess_wait_async (probe, NULL, probe_left, &done);
    while (!done)
      g_main_context_iteration (NULL, TRUE);
  }
  g_clear_object (&probe_out);
  g_clear_object (&probe);
}
