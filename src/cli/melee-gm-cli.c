/* SPDX-License-Identifier: GPL-3.0-or-later */
/* melee-gm-cli.c — the command line: campaigns for scripts and tests (no GTK). */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <json-c/json.h>

#include "mg-campaign.h"
#include "mg-cli-input.h"
#include "mg-export.h"
#include "mg-game.h"
#include "mg-narrate.h"
#include "mg-ruleset.h"
#include "mg-rules.h"

#define PROG "melee-gm-cli"

/* The command line as given, for handing a PDF export to melee-gm-cli-pdf. */
static char **original_argv;

/* json-c has no GLib cleanup of its own. */
typedef json_object CliJson;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliJson, json_object_put)

/* Exit statuses: 0 done, 1 the file or the action could not be used, 2 wrong arguments. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* Every failure is ONE line on stderr, so scripts can show it as is. */
static int
fail_line (int status, const char *file, const char *message)
{
  /* A damaged file's message may quote its damaged bytes: the line stays UTF-8 text. */
  g_autofree char *flat = g_utf8_make_valid (message != NULL ? message : _("Unknown error"), -1);

  g_strdelimit (flat, "\r\n", ' ');
  g_strstrip (flat);
  /* The store's message may already name the file; do not name it twice. */
  if (file != NULL && strstr (flat, file) == NULL)
    fprintf (stderr, "%s: %s: %s\n", PROG, file, flat);
  else
    fprintf (stderr, "%s: %s\n", PROG, flat);
  return status;
}

static int
fail_error (int status, const char *file, const GError *error)
{
  return fail_line (status, file, error != NULL ? error->message : NULL);
}

G_GNUC_PRINTF (2, 3) static int
fail_usage (const char *command, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *line = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  line = g_strdup_printf (_("%s (try '%s %s --help')"), message, PROG, command);
  return fail_line (EXIT_USAGE, NULL, line);
}

/* Parses the options of one subcommand; exactly `n_args` positional arguments remain
 * in args (argv[0] being the command).  Returns FALSE after printing the one line. */
static gboolean
parse_options (const char    *command,
               const char    *parameters,
               const char    *summary,
               GOptionEntry  *entries,
               int           *argc,
               char        ***argv,
               int            n_args,
               int           *status)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *param = g_strdup_printf ("%s %s", command, parameters);

  context = g_option_context_new (param);
  g_option_context_set_summary (context, summary);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = fail_usage (command, "%s", error->message);
      return FALSE;
    }
  /* (*argv)[0] is the command name. */
  if (*argc - 1 < n_args)
    {
      *status = fail_usage (command, _("Missing argument: %s"), parameters);
      return FALSE;
    }
  if (*argc - 1 > n_args)
    {
      *status = fail_usage (command, _("Unexpected argument '%s'"), (*argv)[n_args + 1]);
      return FALSE;
    }
  return TRUE;
}

/* A long step's progress (an open that renews or migrates, a check: seconds at 1M rows), on
 * stderr when it is a terminal only, on one line rewritten in place and erased when the step
 * ends: what scripts read (stdout, and stderr's one line a failure) is the same with or without. */
typedef struct {
  const char *file;
  gboolean    checking;   /* a check, else an open */
  int         percent;    /* last shown; -1: nothing shown */
  glong       width;      /* of the line shown, in characters */
} CliProgress;

static void
cli_progress (double fraction, gpointer data)
{
  CliProgress *p = data;
  int percent = (int) (CLAMP (fraction, 0.0, 1.0) * 100);
  g_autofree char *line = NULL;

  if (percent == p->percent || percent >= 100)
    return;
  p->percent = percent;
  line = p->checking
         /* Translators: shown on a terminal while a check runs; %s is a file, %d a percentage. */
         ? g_strdup_printf (_("%s: checking, %d%% done"), p->file, percent)
         /* Translators: shown on a terminal while a long open runs (a replay of the journal). */
         : g_strdup_printf (_("%s: opening, %d%% done"), p->file, percent);
  /* The percentage only grows: each line covers the one before. */
  p->width = MAX (p->width, g_utf8_strlen (line, -1));
  fprintf (stderr, "\r%s", line);
  fflush (stderr);
}

static CliProgress *
cli_progress_begin (CliProgress *p, const char *file, gboolean checking)
{
  *p = (CliProgress) { file, checking, -1, 0 };
  return isatty (STDERR_FILENO) ? p : NULL;
}

/* Erases the progress line, if one was shown, before anything else is written. */
static void
cli_progress_end (CliProgress *p)
{
  if (p->width > 0)
    fprintf (stderr, "\r%*s\r", (int) p->width, "");
  p->width = 0;
}

static MgCampaign *
open_campaign (const char *path, int *status)
{
  g_autoptr(GError) error = NULL;
  CliProgress progress;
  CliProgress *shown = cli_progress_begin (&progress, path, FALSE);
  MgCampaign *campaign = mg_campaign_open_with_progress (path, shown ? cli_progress : NULL, shown, &error);

  cli_progress_end (&progress);
  if (campaign == NULL)
    *status = fail_error (EXIT_FAIL, path, error);
  return campaign;
}

static void
print_json (json_object *obj, gboolean pretty)
{
  int flags = JSON_C_TO_STRING_NOSLASHESCAPE
              | (pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : JSON_C_TO_STRING_PLAIN);

  fputs (json_object_to_json_string_ext (obj, flags), stdout);
  fputc ('\n', stdout);
}

/* ------------------------------------------------------------------ games */

static int
cmd_games (int argc, char **argv)
{
  const MgRules **all;
  guint n = 0;
  int status = EXIT_OK;

  if (!parse_options ("games", "", _("Lists the games built in, one id a line."),
                      NULL, &argc, &argv, 0, &status))
    return status;

  all = mg_rules_all (&n);
  for (guint i = 0; i < n; i++)
    printf ("%s\n", all[i]->id);
  return EXIT_OK;
}

/* -------------------------------------------------------------------- new */

/* "basic, rogue, minefield": the ids of a game's variants, from its descriptor. */
static char *
variant_ids (const MgGame *game)
{
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < game->n_variants; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", game->variants[i].value);
  return g_string_free (ids, FALSE);
}

/* --variant's help: every game that has variants, and their ids. */
static char *
variant_help (void)
{
  g_autoptr(GString) games = g_string_new (NULL);
  guint n;
  const MgGame **all = mg_games_all (&n);

  for (guint i = 0; i < n; i++)
    if (all[i]->n_variants > 0)
      {
        g_autofree char *ids = variant_ids (all[i]);

        if (games->len > 0)
          g_string_append (games, "; ");
        /* Translators: a game's name and the ids of its variants ("Cricchio's Mêlée: basic, rogue") */
        g_string_append_printf (games, C_("variants of a game", "%s: %s"), _(all[i]->rules->name), ids);
      }
  /* Translators: %s lists each game's name and the ids of its variants */
  return g_strdup_printf (_("The rulebook's variant to play (%s)"), games->str);
}

static int
cmd_new (int argc, char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *name = NULL;
  g_autofree char *ruleset_path = NULL;
  g_autofree char *variant_id = NULL;
  g_autofree char *seed_text = NULL;
  g_auto(GStrv) players = NULL;
  g_autofree char *variant_text = variant_help ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CliJson) ruleset = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  const MgRules *rules;
  guint64 seed;
  guint n_players;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("Game id (see 'games')"), N_("ID") },
    { "name", 'n', 0, G_OPTION_ARG_STRING, &name, N_("Campaign name"), N_("NAME") },
    { "player", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &players, N_("A player (repeat for each)"), N_("NAME") },
    { "ruleset", 'r', 0, G_OPTION_ARG_FILENAME, &ruleset_path, N_("Ruleset to copy in instead of the game's default"), N_("FILE.json") },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, variant_text, N_("ID") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed for dice rolled by the app (default: random)"), N_("N") },
    { NULL }
  };

  if (!parse_options ("new", "FILE", _("Creates a campaign file."),
                      entries, &argc, &argv, 1, &status))
    return status;

  if (game == NULL)
    return fail_usage ("new", _("Missing --game"));
  if (name == NULL || *g_strstrip (name) == '\0')
    return fail_usage ("new", _("Missing --name"));
  rules = mg_rules_lookup (game);
  if (rules == NULL)
    return fail_usage ("new", _("Unknown game '%s'"), game);

  n_players = players != NULL ? g_strv_length (players) : 0;
  if (n_players < rules->min_players || n_players > rules->max_players)
    {
      g_autofree char *needs = NULL;

      if (rules->min_players == rules->max_players)
        needs = g_strdup_printf (ngettext ("%s needs %u player (--player NAME for each)",
                                           "%s needs %u players (--player NAME for each)",
                                           rules->min_players),
                                 _(rules->name), rules->min_players);
      else
        needs = g_strdup_printf (_("%s needs %u to %u players (--player NAME for each)"),
                                 _(rules->name), rules->min_players, rules->max_players);
      /* Translators: %s is "Meeple Melee needs 2 players (--player NAME for each)", %u the
       * number of players given on the command line. */
      return fail_usage ("new", ngettext ("%s, %u given", "%s, %u given", n_players), needs, n_players);
    }

  if (seed_text != NULL)
    {
      if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT32, &seed, &error))
        return fail_usage ("new", _("Bad --seed: %s"), error->message);
    }
  else
    seed = g_random_int ();

  if (variant_id != NULL)
    {
      const MgGame *descriptor = mg_game_lookup (game);

      if (descriptor == NULL || descriptor->n_variants == 0)
        return fail_usage ("new", _("%s has no variants"), _(rules->name));
      if (mg_game_find_variant (descriptor, variant_id) == NULL)
        {
          g_autofree char *known = variant_ids (descriptor);

          /* Translators: the first %s is the id given, the second the game's name, the third
           * the list of its variants' ids. */
          return fail_usage ("new", _("Unknown variant '%s' of %s: choose one of %s"),
                             variant_id, _(rules->name), known);
        }
    }

  if (ruleset_path != NULL)
    ruleset = mg_ruleset_load_file (rules, ruleset_path, &error);
  else if (variant_id != NULL)
    ruleset = mg_ruleset_load_default (game, &error);
  if ((ruleset_path != NULL || variant_id != NULL) && ruleset == NULL)
    return fail_error (EXIT_FAIL, ruleset_path != NULL ? ruleset_path : game, error);
  /* The variant given is played, whatever the ruleset copied in says. */
  if (variant_id != NULL)
    json_object_object_add (ruleset, mg_game_lookup (game)->variant_key, json_object_new_string (variant_id));

  campaign = mg_campaign_create (argv[1], game, name, (const char * const *) players,
                                 ruleset, (guint32) seed, &error);
  if (campaign == NULL)
    return fail_error (EXIT_FAIL, argv[1], error);
  return EXIT_OK;
}

/* -------------------------------------------------------------------- act */

/* The "code" member of a refusal: what kind of problem, for scripts to branch on. */
static const char *
error_code (const GError *error)
{
  if (error->domain == MG_RULES_ERROR)
    switch ((MgRulesError) error->code)
      {
      case MG_RULES_ERROR_BAD_ACTION: return "bad_action";
      case MG_RULES_ERROR_ILLEGAL:    return "illegal";
      case MG_RULES_ERROR_GAME_OVER:  return "game_over";
      case MG_RULES_ERROR_BAD_RULESET:
      case MG_RULES_ERROR_BAD_STATE:
      default:                        return "storage";
      }
  if (error->domain == MG_DICE_ERROR)
    return "dice";
  return "storage";
}

static void
append_json_string (GString *out, const char *text)
{
  /* A message may quote what it was given; the result stays valid UTF-8 whatever it was. */
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  json_object *s = json_object_new_string (valid);

  g_string_append (out, json_object_to_json_string_ext (s, JSON_C_TO_STRING_NOSLASHESCAPE));
  json_object_put (s);
}

static void
append_refusal (GString *out, const char *code, const char *message)
{
  /* An engine's message may quote a value sent: never a long one back. */
  g_autofree char *shortened = mg_cli_input_shorten (message);

  g_string_append (out, "{\"ok\":false,\"error\":{\"code\":");
  append_json_string (out, code);
  g_string_append (out, ",\"message\":");
  append_json_string (out, shortened);
  g_string_append (out, "}}\n");
}

/* One line of standard input, read and parsed ahead by the reader thread. */
typedef struct {
  json_object *action;    /* NULL: the line is no action, and `code` and `message` say why */
  const char  *code;
  char        *message;
} ActLine;

static ActLine act_eof;   /* the end of the input (or a read error: ActInput.read_error) */
static ActLine act_stop;  /* a stop signal: the stream ends at once, its actions answered */

/* How many lines the reader parses ahead of the campaign: a bounded window, so a stream of a
 * million lines takes the memory of a few hundred (issue 42: it read all of stdin ahead). */
#define ACT_WINDOW 256

typedef struct {
  GAsyncQueue *lines;      /* ActLine*, then &act_eof */
  int          read_error; /* errno of a failed read, 0 */
  GMutex       lock;
  GCond        taken;      /* a line was taken from `lines` */
  guint        ahead;      /* lines in `lines` */
  gboolean     full;       /* the reader waits for room */
} ActInput;

/* The reader's side: waits for room in the window, then queues l. */
static void
act_input_push (ActInput *in, ActLine *l)
{
  g_mutex_lock (&in->lock);
  while (in->ahead >= ACT_WINDOW)
    {
      in->full = TRUE;
      g_cond_wait (&in->taken, &in->lock);
    }
  in->ahead++;
  g_mutex_unlock (&in->lock);
  g_async_queue_push (in->lines, l);
}

static void
act_input_taken (ActInput *in)
{
  g_mutex_lock (&in->lock);
  in->ahead--;
  /* Woken when half the window is free: one wake-up per 128 lines, not one a line. */
  if (in->full && in->ahead <= ACT_WINDOW / 2)
    {
      in->full = FALSE;
      g_cond_signal (&in->taken);
    }
  g_mutex_unlock (&in->lock);
}

/* Reads and parses the lines while the campaign commits: the actions arrive as fast as the
 * script writes them, and a script that waits for each answer gets it (see act_next). */
static gpointer
act_reader (gpointer data)
{
  ActInput *in = data;
  json_tokener *tok = json_tokener_new ();
  g_autoptr(GString) line = g_string_sized_new (1024);
  gboolean too_long;

  while (mg_cli_input_read_line (stdin, line, &too_long))
    {
      ActLine *l;
      char *text = line->str;
      gsize len = line->len;

      while (len > 0 && g_ascii_isspace (text[len - 1]))
        text[--len] = '\0';
      while (len > 0 && g_ascii_isspace (*text))
        text++, len--;
      if (len == 0 && !too_long)
        continue;
      l = g_new0 (ActLine, 1);
      if (too_long)
        {
          l->code = "bad_json";
          l->message = g_strdup_printf (_("Not JSON: a line is at most %d bytes"), MG_CLI_LINE_MAX);
        }
      else
        l->action = mg_cli_input_parse (tok, text, len, &l->code, &l->message);
      act_input_push (in, l);
    }
  if (ferror (stdin))
    in->read_error = errno;
  json_tokener_free (tok);
  g_async_queue_push (in->lines, &act_eof);
  return NULL;
}

typedef struct {
  ActInput    *input;
  GString     *out;
  const char  *member;
  json_object *member_value;
  ActLine     *refused;        /* a line that is no action: told once the stream before it is */
  gboolean     at_end;
  gboolean     stopped;        /* by a signal (act_signals) */
  guint        storage_failures;
  int          status;
} ActRun;

static MgActNext
act_next (gboolean wait, json_object **action, gpointer data)
{
  ActRun *run = data;
  ActLine *l;

  l = wait ? g_async_queue_pop (run->input->lines) : g_async_queue_try_pop (run->input->lines);

  if (l == NULL)
    return MG_ACT_NEXT_LATER;
  if (l == &act_eof)
    {
      run->at_end = TRUE;
      return MG_ACT_NEXT_END;
    }
  if (l == &act_stop)
    {
      run->stopped = TRUE;
      return MG_ACT_NEXT_END;
    }
  act_input_taken (run->input);
  if (l->action == NULL)
    {
      run->refused = l;
      return MG_ACT_NEXT_END;
    }
  /* Here, not in the reader: json-c's reference counts are not atomic. */
  if (run->member_value != NULL)
    json_object_object_add (l->action, run->member, json_object_get (run->member_value));
  *action = l->action;
  g_free (l);
  return MG_ACT_NEXT_ACTION;
}

/* Writes one answer line, at once: an answer out is an action acknowledged, and a killed
 * stream leaves at most MG_CAMPAIGN_ACT_AHEAD actions written but not acknowledged
 * (test-crash); FALSE (and the status set) when standard output is gone. */
static gboolean
act_answer (ActRun *run)
{
  if (fwrite (run->out->str, 1, run->out->len, stdout) == run->out->len && fflush (stdout) == 0)
    return TRUE;
  run->status = fail_line (EXIT_FAIL, NULL, g_strerror (errno));
  return FALSE;
}

static gboolean
act_done (json_object *action, const MgJournalEntry *entry, const GError *error, gpointer data)
{
  ActRun *run = data;
  GString *out = run->out;

  g_string_truncate (out, 0);
  if (entry == NULL)
    {
      const char *code = error_code (error);

      if (g_str_equal (code, "storage"))
        run->storage_failures++;
      append_refusal (out, code, error->message);
    }
  else
    {
      g_string_append_printf (out, "{\"ok\":true,\"seq\":%" G_GINT64_FORMAT ",\"summary\":",
                              entry->seq);
      append_json_string (out, entry->summary);
      g_string_append (out, ",\"events\":");
      /* The journal's text is JSON already; copied as is. */
      g_string_append (out, entry->events != NULL && *entry->events ? entry->events : "[]");
      g_string_append (out, "}\n");
    }
  return act_answer (run);
}

/* ---- stop signals: Ctrl+C, a session's end, kill ----------------------------------------------
 *
 * Their default action killed `act` with the -wal left, and the next program to open the
 * campaign then checked it whole (seconds at 1M rows). Here they are taken by a thread of their
 * own (sigwait): once the stream runs, the first ends it as the end of the input would (the
 * actions already taken are committed and answered, nothing more is read), the campaign is
 * closed cleanly, and the program then dies of that signal, as a shell expects. Before the
 * stream (the campaign still opening) and for a second signal, the default action, at once. */

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
static GAsyncQueue *stop_queue;   /* where the first signal is said while the stream runs */
static gboolean stop_deferred;    /* from the stream's start: the first signal waits for the close */
static int stop_signal;           /* the first signal since, 0 */
G_LOCK_DEFINE_STATIC (stop);

static void
stop_signal_set (sigset_t *set)
{
  sigemptyset (set);
  for (gsize i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    sigaddset (set, stop_signals[i]);
}

/* Dies of sig, its default action (the calling thread must not be blocking it). */
static void
die_of (int sig)
{
  sigset_t set;

  signal (sig, SIG_DFL);
  sigemptyset (&set);
  sigaddset (&set, sig);
  pthread_sigmask (SIG_UNBLOCK, &set, NULL);
  raise (sig);
}

static gpointer
act_signals (gpointer data)
{
  sigset_t set;
  int sig;

  stop_signal_set (&set);
  while (sigwait (&set, &sig) == 0)
    {
      G_LOCK (stop);
      if (!stop_deferred || stop_signal != 0)
        {
          G_UNLOCK (stop);
          die_of (sig);
          continue;
        }
      stop_signal = sig;
      if (stop_queue != NULL)
        g_async_queue_push_front (stop_queue, &act_stop);
      G_UNLOCK (stop);
    }
  return NULL;
}

/* From here on the stop signals are the signal thread's (threads made later inherit the mask). */
static void
act_signals_take (void)
{
  sigset_t set;

  stop_signal_set (&set);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  g_thread_unref (g_thread_new ("act-signals", act_signals, NULL));
}

static int
cmd_act (int argc, char **argv)
{
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GString) out = g_string_sized_new (512);
  g_autofree char *member = NULL;
  /* Static: the reader may outlive this function when standard output goes away (it then
   * waits for a line that no one will read). */
  static ActInput input;
  ActRun run = { .input = &input, .status = EXIT_OK };
  GThread *reader;
  GOptionEntry entries[] = {
    /* A file as it is (a map drawn elsewhere, pretty-printed) into each action: see docs/cli.md. */
    { "member", 'm', 0, G_OPTION_ARG_STRING, &member,
      N_("Set member NAME of every action to the JSON in FILE"), N_("NAME=FILE.json") },
    { NULL }
  };

  if (!parse_options ("act", "FILE",
                      _("Applies one JSON action per line of standard input; writes one JSON "
                        "result per line, each after the action is committed."),
                      entries, &argc, &argv, 1, &run.status))
    return run.status;
  if (member != NULL)
    {
      char *eq = strchr (member, '=');
      if (eq == NULL || eq == member || eq[1] == '\0')
        return fail_usage ("act", _("--member takes NAME=FILE.json"));
      *eq = '\0';
      if ((run.member_value = json_object_from_file (eq + 1)) == NULL)
        return fail_line (EXIT_FAIL, eq + 1, json_util_get_last_err ());
      run.member = member;
    }

  act_signals_take ();
  campaign = open_campaign (argv[1], &run.status);
  if (campaign == NULL)
    {
      json_object_put (run.member_value);
      return run.status;
    }

  /* A reader that went away is reported, not a silent death by SIGPIPE. */
  signal (SIGPIPE, SIG_IGN);
  run.out = out;
  input.lines = g_async_queue_new ();
  G_LOCK (stop);
  stop_queue = input.lines;
  stop_deferred = TRUE;
  G_UNLOCK (stop);
  reader = g_thread_new ("act-reader", act_reader, &input);

  /* One stream until a line that is no action: that line's answer comes after the answers of
   * the actions before it, then the next stream starts. */
  while (run.status == EXIT_OK && !run.at_end && !run.stopped)
    {
      mg_campaign_act_stream (campaign, act_next, act_done, &run);
      if (run.refused != NULL)
        {
          g_string_truncate (out, 0);
          append_refusal (out, run.refused->code, run.refused->message);
          g_free (run.refused->message);
          g_clear_pointer (&run.refused, g_free);
          act_answer (&run);
        }
    }

  json_object_put (run.member_value);
  G_LOCK (stop);
  stop_queue = NULL;   /* ended: a signal now only waits for the close */
  G_UNLOCK (stop);
  if (run.at_end)
    {
      g_thread_join (reader);
      g_clear_pointer (&input.lines, g_async_queue_unref);
    }
  else
    g_thread_unref (reader);   /* not joined: it may wait for a line forever */
  if (run.status == EXIT_OK && input.read_error != 0)
    run.status = fail_line (EXIT_FAIL, NULL, g_strerror (input.read_error));
  if (run.status == EXIT_OK && run.storage_failures > 0)
    {
      g_autofree char *msg = g_strdup_printf (ngettext ("%u action could not be stored",
                                                        "%u actions could not be stored",
                                                        run.storage_failures), run.storage_failures);
      run.status = fail_line (EXIT_FAIL, argv[1], msg);
    }
  return run.status;
}

/* ------------------------------------------------------------------ state */

static int
cmd_state (int argc, char **argv)
{
  g_autofree char *seat = NULL;
  gboolean pending = FALSE;
  gboolean compact = FALSE;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(CliJson) json = NULL;
  const MgState *state;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "seat", 0, 0, G_OPTION_ARG_STRING, &seat, N_("Show what this seat may see: a player's name, or \"public\""), N_("NAME") },
    { "pending", 0, 0, G_OPTION_ARG_NONE, &pending, N_("Show what the table must decide next instead"), NULL },
    { "compact", 'c', 0, G_OPTION_ARG_NONE, &compact, N_("One line of JSON"), NULL },
    { NULL }
  };

  if (!parse_options ("state", "FILE",
                      _("Prints the current state as JSON (the referee's full view unless --seat is given)."),
                      entries, &argc, &argv, 1, &status))
    return status;
  if (seat != NULL && pending)
    return fail_usage ("state", _("--seat and --pending cannot be combined"));

  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;
  state = mg_campaign_get_state (campaign);

  if (pending)
    json = mg_state_pending (state);
  else if (seat == NULL)
    json = mg_state_to_json (state);
  else
    {
      const char * const *players = mg_campaign_get_players (campaign);

      if (!g_str_equal (seat, MG_SEAT_PUBLIC) && !g_strv_contains (players, seat))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) players);
          return fail_usage ("state", _("Unknown seat '%s': a player (%s) or \"public\""), seat, list);
        }
      json = mg_state_view (state, seat);
    }
  print_json (json, !compact);
  return EXIT_OK;
}

/* -------------------------------------------------------------- undo/redo */

static int
undo_redo (int argc, char **argv, gboolean undo)
{
  const char *command = undo ? "undo" : "redo";
  gint steps = 1;
  guint done = 0;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "steps", 'n', 0, G_OPTION_ARG_INT, &steps, N_("How many actions (default 1)"), N_("N") },
    { NULL }
  };

  if (!parse_options (command, "FILE",
                      undo ? _("Undoes the last actions; they stay in the journal, marked undone.")
                           : _("Redoes actions undone since the last action."),
                      entries, &argc, &argv, 1, &status))
    return status;
  if (steps < 1)
    return fail_usage (command, _("--steps must be at least 1"));

  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;

  ok = undo ? mg_campaign_undo (campaign, (guint) steps, &done, &error)
            : mg_campaign_redo (campaign, (guint) steps, &done, &error);
  if (!ok)
    return fail_error (EXIT_FAIL, argv[1], error);
  if (done == 0)
    return fail_line (EXIT_FAIL, argv[1], undo ? _("Nothing to undo") : _("Nothing to redo"));

  if (undo)
    printf (ngettext ("Undid %u action.\n", "Undid %u actions.\n", done), done);
  else
    printf (ngettext ("Redid %u action.\n", "Redid %u actions.\n", done), done);
  return EXIT_OK;
}

static int
cmd_undo (int argc, char **argv)
{
  return undo_redo (argc, argv, TRUE);
}

static int
cmd_redo (int argc, char **argv)
{
  return undo_redo (argc, argv, FALSE);
}

/* -------------------------------------------------------------------- log */

/* "d3: 1 1 3" — the dice of one row, grouped by number of sides. */
static void
append_dice (GString *out, const char *dice_json)
{
  g_autoptr(CliJson) dice = dice_json != NULL ? json_tokener_parse (dice_json) : NULL;
  gint64 last_sides = -1;
  size_t n;

  if (dice == NULL || !json_object_is_type (dice, json_type_array))
    return;
  n = json_object_array_length (dice);
  for (size_t i = 0; i < n; i++)
    {
      json_object *die = json_object_array_get_idx (dice, i);
      json_object *sides = NULL, *value = NULL;

      if (json_object_is_type (die, json_type_object))
        {
          json_object_object_get_ex (die, "sides", &sides);
          json_object_object_get_ex (die, "value", &value);
        }
      else
        value = die;
      if (sides != NULL && json_object_get_int64 (sides) != last_sides)
        {
          last_sides = json_object_get_int64 (sides);
          g_string_append_printf (out, "%sd%" G_GINT64_FORMAT ":", i == 0 ? "" : " ", last_sides);
        }
      g_string_append_printf (out, " %" G_GINT64_FORMAT, json_object_get_int64 (value));
    }
}

static json_object *
parse_or_string (const char *text)
{
  json_object *obj = text != NULL ? json_tokener_parse (text) : NULL;

  /* A row that does not parse is shown as its text, never dropped. */
  return obj != NULL ? obj : json_object_new_string (text != NULL ? text : "");
}

static gboolean
is_json (const char *text)
{
  json_object *j;

  if (text == NULL)
    return FALSE;
  j = json_tokener_parse (text);
  if (j == NULL)
    return FALSE;
  json_object_put (j);
  return TRUE;
}

static gboolean
entry_is_whole (const MgJournalEntry *e)
{
  return is_json (e->action) && is_json (e->dice) && is_json (e->events);
}

static void
print_entry_json (const MgJournalEntry *e)
{
  g_autoptr(CliJson) row = json_object_new_object ();

  json_object_object_add (row, "seq", json_object_new_int64 (e->seq));
  json_object_object_add (row, "session", json_object_new_int64 (e->session));
  json_object_object_add (row, "turn", json_object_new_int (e->turn));
  json_object_object_add (row, "actor", json_object_new_string (e->actor != NULL ? e->actor : ""));
  json_object_object_add (row, "action", parse_or_string (e->action));
  json_object_object_add (row, "dice", parse_or_string (e->dice));
  json_object_object_add (row, "events", parse_or_string (e->events));
  json_object_object_add (row, "summary", json_object_new_string (e->summary != NULL ? e->summary : ""));
  if (e->said != NULL)
    json_object_object_add (row, "said", parse_or_string (e->said));
  json_object_object_add (row, "time", json_object_new_int64 (e->time));
  json_object_object_add (row, "undone", json_object_new_boolean (e->undone));
  print_json (row, FALSE);
}

static void
print_entry_text (const MgJournalEntry *e)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GString) dice = g_string_new (NULL);
  /* A row with its said in this program's language; else as it was stored. */
  g_autofree char *said = mg_narrate_said (e->said, NULL);

  /* Translators: one journal row of 'log': row number, turn, who acted (GM: the referee),
   * then what the engine said. */
  g_string_append_printf (line, _("#%lld turn %d %s: %s"), (long long) e->seq, e->turn,
                          e->actor != NULL ? e->actor : C_("referee", "GM"),
                          said != NULL ? said : e->summary != NULL ? e->summary : "");
  append_dice (dice, e->dice);
  if (dice->len > 0)
    g_string_append_printf (line, " [%s]", dice->str);
  if (e->undone)
    g_string_append (line, _(" (undone)"));
  puts (line->str);
}

#define LOG_PAGE 1000

static int
cmd_log (int argc, char **argv)
{
  gboolean as_json = FALSE;
  g_autoptr(MgCampaign) campaign = NULL;
  gint64 offset = 0, count;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &as_json, N_("One JSON object per row (JSON Lines)"), NULL },
    { NULL }
  };

  if (!parse_options ("log", "FILE",
                      _("Prints the journal, oldest first: every action with its dice; undone rows marked."),
                      entries, &argc, &argv, 1, &status))
    return status;

  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;

  count = mg_campaign_journal_count (campaign);
  /* Page through: a journal of 100,000 rows never sits in memory at once. */
  while (offset < count)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) page = mg_campaign_journal_range (campaign, offset, LOG_PAGE, &error);

      if (page == NULL)
        return fail_error (EXIT_FAIL, argv[1], error);
      if (page->len == 0)
        break;
      for (guint i = 0; i < page->len; i++)
        {
          const MgJournalEntry *e = g_ptr_array_index (page, i);

          /* A row that is not JSON was damaged on disk: said, not printed as if it were fine. */
          if (!entry_is_whole (e))
            {
              g_autofree char *message = g_strdup_printf (
                  _("“%s” is damaged: journal row %lld is not JSON. Nothing was "
                    "written to it. Restore a backup copy, or recover what can be read with: "
                    "sqlite3 %s .recover"), argv[1], (long long) e->seq, argv[1]);

              fflush (stdout);
              return fail_line (EXIT_FAIL, NULL, message);
            }
          if (as_json)
            print_entry_json (e);
          else
            print_entry_text (e);
        }
      offset += page->len;
    }
  if (fflush (stdout) != 0)
    return fail_line (EXIT_FAIL, NULL, g_strerror (errno));
  return EXIT_OK;
}

/* ------------------------------------------------------------------ check */

static int
cmd_check (int argc, char **argv)
{
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  gboolean accept_lost = FALSE, fill_said = FALSE, ok;
  CliProgress progress, *shown;
  gint64 filled = 0;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "accept-lost", 0, 0, G_OPTION_ARG_NONE, &accept_lost,
      N_("Go on from what the file holds, forgetting the actions this computer acknowledged that it lost"), NULL },
    { "fill-said", 0, 0, G_OPTION_ARG_NONE, &fill_said,
      N_("Then keep the sentences of the rows written before version 9 of the file as messages, "
         "for every language (a replay; no hash changes)"), NULL },
    { NULL }
  };

  if (!parse_options ("check", "FILE",
                      _("Checks the file: SQLite integrity, the journal's chain, and a full replay of the journal equal to the saved state."),
                      entries, &argc, &argv, 1, &status))
    return status;

  if (accept_lost)
    mg_campaign_accept_lost (argv[1]);
  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;
  shown = cli_progress_begin (&progress, argv[1], TRUE);
  ok = mg_campaign_check_with_progress (campaign, shown ? cli_progress : NULL, shown, &error);
  cli_progress_end (&progress);
  if (!ok)
    return fail_error (EXIT_FAIL, argv[1], error);
  if (fill_said && !mg_narrate_fill_said (campaign, &filled, &error))
    return fail_error (EXIT_FAIL, argv[1], error);
  printf (_("%s: ok\n"), argv[1]);
  if (mg_campaign_get_said_differ (campaign) > 0 && !fill_said)
    printf (ngettext ("%s: the sentences kept for %lld journal row read otherwise in this version "
                      "(worded anew, or edited outside Melee GM); the actions are intact. "
                      "“check --fill-said” tells them again.\n",
                      "%s: the sentences kept for %lld journal rows read otherwise in this version "
                      "(worded anew, or edited outside Melee GM); the actions are intact. "
                      "“check --fill-said” tells them again.\n", (gulong) mg_campaign_get_said_differ (campaign)),
            argv[1], (long long) mg_campaign_get_said_differ (campaign));
  if (fill_said)
    printf (ngettext ("%s: the sentences of %lld journal row kept as messages\n",
                      "%s: the sentences of %lld journal rows kept as messages\n", (gulong) filled),
            argv[1], (long long) filled);
  return EXIT_OK;
}

/* ----------------------------------------------------------------- export */

/* This program does not link cairo and pango (every command would load them at start): a PDF
 * export runs melee-gm-cli-pdf, beside this program in the build tree, else where it is
 * installed, with the same arguments. */
static int
exec_pdf_cli (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir != NULL ? g_build_filename (dir, "melee-gm-cli-pdf", NULL) : NULL;
  g_autofree char *installed = g_build_filename (MG_CLI_PDF_DIR, "melee-gm-cli-pdf", NULL);
  const char *path = beside != NULL && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE) ? beside : installed;
  int saved;

  fflush (stdout);
  execv (path, original_argv);
  saved = errno;
  {
    g_autofree char *msg = g_strdup_printf (_("Cannot run %s for the PDF export: %s"), path,
                                            g_strerror (saved));
    return fail_line (EXIT_FAIL, NULL, msg);
  }
}


static int
cmd_export (int argc, char **argv)
{
  g_autofree char *format_name = NULL;
  g_autofree char *out_path = NULL;
  g_autofree char *player = NULL;
  gint turn = 0;
  gint64 session = 0;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  MgExportFormat format;
  MgExportScope scope = { 0 };
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, N_("md, html, json or pdf"), N_("FORMAT") },
    { "turn", 't', 0, G_OPTION_ARG_INT, &turn, N_("Only this turn"), N_("N") },
    { "session", 's', 0, G_OPTION_ARG_INT64, &session, N_("Only this session"), N_("ID") },
    { "player", 'p', 0, G_OPTION_ARG_STRING, &player, N_("Only this player’s actions (a leader’s summary)"), N_("NAME") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, N_("The file to write"), N_("OUT") },
    { NULL }
  };

  if (!parse_options ("export", "FILE",
                      _("Writes the turn summaries (a turn, a session or the whole campaign) "
                        "for the players: nothing secret."),
                      entries, &argc, &argv, 1, &status))
    return status;
  if (format_name == NULL)
    return fail_usage ("export", _("Missing --format"));
  if (!mg_export_format_from_string (format_name, &format))
    return fail_usage ("export", _("Unknown format '%s': md, html, json or pdf"), format_name);
  if (format == MG_EXPORT_PDF && !mg_export_has_pdf ())
    return exec_pdf_cli ();
  if (out_path == NULL)
    return fail_usage ("export", _("Missing -o OUT"));
  if (turn < 0 || session < 0)
    return fail_usage ("export", _("--turn and --session are positive numbers"));

  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;

  scope.turn = turn;
  scope.session = session;
  scope.player = player;
  if (!mg_export_write (campaign, format, scope, out_path, &error))
    return fail_error (EXIT_FAIL, error->domain == MG_EXPORT_ERROR
                                  && error->code == MG_EXPORT_ERROR_WRITE ? out_path : argv[1],
                       error);
  return EXIT_OK;
}

/* ---------------------------------------------------------------- session */

static int
cmd_session (int argc, char **argv)
{
  g_autofree char *name = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "name", 'n', 0, G_OPTION_ARG_STRING, &name, N_("Name of the session"), N_("NAME") },
    { NULL }
  };

  if (!parse_options ("session", "FILE",
                      _("Starts a new session (an evening at the table); prints its id."),
                      entries, &argc, &argv, 1, &status))
    return status;

  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;
  id = mg_campaign_new_session (campaign, name != NULL ? name : "", &error);
  if (id <= 0)
    return fail_error (EXIT_FAIL, argv[1], error);
  printf ("%" G_GINT64_FORMAT "\n", id);
  return EXIT_OK;
}

/* A name as text on one line: a session named in a file written before names were checked may
 * hold a line break, ESC or a bidirectional override; each is shown as \uXXXX, never sent raw
 * to the terminal (a forged line, an escape code).  Invalid UTF-8 is shown as \xXX. */
static char *
shown_name (const char *name)
{
  GString *out = g_string_new (NULL);
  const char *p = name;

  while (*p)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p++);
          continue;
        }
      if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) ||
          (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == '\\')
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

static int
cmd_sessions (int argc, char **argv)
{
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sessions = NULL;
  gint64 current;
  int status = EXIT_OK;

  if (!parse_options ("sessions", "FILE",
                      _("Lists the sessions: id, start (UTC), name; * marks the current one."),
                      NULL, &argc, &argv, 1, &status))
    return status;

  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;
  sessions = mg_campaign_list_sessions (campaign, &error);
  if (sessions == NULL)
    return fail_error (EXIT_FAIL, argv[1], error);
  current = mg_campaign_get_session (campaign);
  for (guint i = 0; i < sessions->len; i++)
    {
      const MgSession *s = g_ptr_array_index (sessions, i);
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (s->started / G_USEC_PER_SEC);
      g_autofree char *when = dt != NULL ? g_date_time_format (dt, "%Y-%m-%d %H:%M") : g_strdup ("?");

      g_autofree char *name = shown_name (s->name != NULL ? s->name : "");

      printf ("%" G_GINT64_FORMAT "%s\t%s\t%s\n", s->id, s->id == current ? "*" : "", when, name);
    }
  return EXIT_OK;
}

/* ------------------------------------------------------------------- odds */

/* The question: JSON on the command line, or "-" for one JSON text on stdin. NULL after the line. */
static json_object *
odds_question (const char *text, int *status)
{
  g_autofree char *input = NULL;
  json_object *q;
  enum json_tokener_error jerr = json_tokener_success;

  if (g_str_equal (text, "-"))
    {
      g_autoptr(GString) buf = g_string_new (NULL);
      char chunk[4096];
      size_t n;

      while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0 && buf->len < 1 << 20)
        g_string_append_len (buf, chunk, n);
      input = g_string_free (g_steal_pointer (&buf), FALSE);
      text = input;
    }
  q = json_tokener_parse_verbose (text, &jerr);
  if (q == NULL || !json_object_is_type (q, json_type_object))
    {
      json_object_put (q);
      *status = fail_usage ("odds", _("The question is not a JSON object: %s"),
                            jerr != json_tokener_success ? json_tokener_error_desc (jerr) : text);
      return NULL;
    }
  return q;
}

/* Asks the campaign's game (MgGame.odds) before any die is cast; the campaign is only read. */
static int
cmd_odds (int argc, char **argv)
{
  gboolean compact = FALSE;
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(CliJson) question = NULL;
  g_autoptr(CliJson) answer = NULL;
  g_autoptr(GError) error = NULL;
  const MgGame *game;
  int status = EXIT_OK;
  GOptionEntry entries[] = {
    { "compact", 'c', 0, G_OPTION_ARG_NONE, &compact, N_("One line of JSON"), NULL },
    { NULL }
  };

  if (!parse_options ("odds", "FILE QUESTION",
                      _("Prints the odds of a question as JSON, as the app shows them: QUESTION is a JSON "
                        "object (\"-\" reads it from stdin), an action as it would be declared now or a "
                        "query of the game's own (docs/cli.md)."),
                      entries, &argc, &argv, 2, &status))
    return status;
  if ((question = odds_question (argv[2], &status)) == NULL)
    return status;
  campaign = open_campaign (argv[1], &status);
  if (campaign == NULL)
    return status;
  game = mg_game_lookup (mg_campaign_get_game_id (campaign));
  if (game == NULL || game->odds == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("The game \"%s\" gives no odds."), mg_campaign_get_game_id (campaign));
      return fail_line (EXIT_FAIL, argv[1], msg);
    }
  answer = game->odds (mg_campaign_get_state (campaign), question, mg_campaign_get_seed (campaign), &error);
  if (answer == NULL)
    return fail_error (EXIT_FAIL, argv[1], error);
  print_json (answer, !compact);
  return EXIT_OK;
}

/* ------------------------------------------------------------------- main */

typedef struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *synopsis;
} Command;

static const Command commands[] = {
  { "games",    cmd_games,    N_("games                         the game ids, one a line") },
  { "new",      cmd_new,      N_("new FILE --game ID --name NAME --player NAME... [--ruleset FILE.json] [--variant ID] [--seed N]") },
  { "act",      cmd_act,      N_("act FILE                      JSON actions on stdin, one result per line") },
  { "state",    cmd_state,    N_("state FILE [--seat NAME] [--pending]") },
  { "undo",     cmd_undo,     N_("undo FILE [--steps N]") },
  { "redo",     cmd_redo,     N_("redo FILE [--steps N]") },
  { "log",      cmd_log,      N_("log FILE [--json]             the journal, dice shown, undone rows marked") },
  { "check",    cmd_check,    N_("check FILE [--accept-lost] [--fill-said]    integrity, the journal's chain, and replay") },
  { "export",   cmd_export,   N_("export FILE --format md|html|json|pdf [--turn N] [--session ID] [--player NAME] -o OUT") },
  { "session",  cmd_session,  N_("session FILE [--name NAME]    start a new session") },
  { "sessions", cmd_sessions, N_("sessions FILE                 list the sessions") },
  { "odds",     cmd_odds,     N_("odds FILE QUESTION            the odds of a declared action or a game's query (JSON)") },
};

static void
print_usage (FILE *out)
{
  fprintf (out, _("Usage: %s COMMAND [OPTION…] [FILE]\n\nCommands:\n"), PROG);
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %s\n", _(commands[i].synopsis));
  fprintf (out, _("\n'%s COMMAND --help' describes a command's options.\n"
                  "Exit status: 0 done, 1 the file or an action could not be used, 2 wrong arguments.\n"),
           PROG);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* MG_LOCALEDIR: the translations built in the tree, for tests and uninstalled runs. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR") != NULL ? g_getenv ("MG_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname (PROG);
  original_argv = g_strdupv (argv);   /* GOption rearranges argv */

  if (argc < 2)
    return fail_line (EXIT_USAGE, NULL, _("No command given (try 'melee-gm-cli --help')"));
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("%s %s\n", PROG, PACKAGE_VERSION);
      return EXIT_OK;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        int status = commands[i].run (argc - 1, argv + 1);
        int sig;

        /* The campaign is closed: now the death the stop signal asked for. */
        G_LOCK (stop);
        sig = stop_signal;
        G_UNLOCK (stop);
        if (sig != 0)
          die_of (sig);
        return status;
      }

  {
    g_autofree char *msg = g_strdup_printf (_("Unknown command '%s' (try '%s --help')"), argv[1], PROG);
    return fail_line (EXIT_USAGE, NULL, msg);
  }
}
