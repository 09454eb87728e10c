/* journal-jump.c — bench 15.5: `mg-bench-journal-jump CAMPAIGN.db`: the app's Journal page over
 * the campaign, in a window of the campaign window's default size; the list is made to jump to
 * 40 places spread over the whole journal (as a scrollbar drag does) and the time from the jump
 * to the end of the frame that shows it is printed: median, 90th percentile, worst (target:
 * under 33 ms, two frames at 60 Hz).  Three clocks: wall time from the jump to the frame's end
 * (what a loaded machine stretches), the frame's own time (from its start to its end: layout,
 * rows bound and measured, the journal's pages read, drawing), and the process's CPU time for
 * the jump (what the load on the machine does not change).  Run under a display (bench/run.py
 * uses xvfb). */
#include <adwaita.h>
#include <sys/resource.h>

#include "mg-campaign.h"
#include "mg-journal-page.h"
#include "mg-app-resources.h"

#define JUMPS 40

typedef struct {
  GtkWidget     *window;
  GtkAdjustment *adjustment;
  GdkFrameClock *clock;
  GArray        *times;     /* ms: wall, jump to the frame's end */
  GArray        *frames;    /* ms: the frame's start to its end */
  GArray        *cpu;       /* ms: the process's CPU time, jump to the frame's end */
  gint64         started;
  gint64         frame_start;
  double         cpu_start;
  guint          jump;
  guint          rows;
  GRand         *rand;
} Bench;

/* The journal's list: the list view with the most rows (the page has other small lists). */
static GtkWidget *
find_list (GtkWidget *widget)
{
  GtkWidget *best = NULL;
  guint most = 0;

  if (GTK_IS_LIST_VIEW (widget) && gtk_list_view_get_model (GTK_LIST_VIEW (widget)) != NULL)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_list (c);
      guint n = found != NULL ? g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (found)))) : 0;

      if (found != NULL && (best == NULL || n > most))
        {
          best = found;
          most = n;
        }
    }
  return best;
}

static int
compare (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static gboolean next_jump (gpointer data);

static double
cpu_ms (void)
{
  struct rusage u;

  getrusage (RUSAGE_SELF, &u);
  return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

static void
frame_update (GdkFrameClock *clock, Bench *b)
{
  if (b->started != 0 && b->frame_start == 0)
    b->frame_start = g_get_monotonic_time ();
}

static void
after_paint (GdkFrameClock *clock, Bench *b)
{
  gint64 now = g_get_monotonic_time ();
  double ms, frame, cpu;

  if (b->started == 0)
    return;
  ms = (now - b->started) / 1000.0;
  frame = (now - (b->frame_start ? b->frame_start : b->started)) / 1000.0;
  cpu = cpu_ms () - b->cpu_start;
  b->started = b->frame_start = 0;
  g_array_append_val (b->times, ms);
  g_array_append_val (b->frames, frame);
  g_array_append_val (b->cpu, cpu);
  g_idle_add (next_jump, b);
}

static void
report (const char *what, GArray *values, guint rows)
{
  double *t;
  guint n = values->len;

  g_array_sort (values, compare);
  t = (double *) values->data;
  g_print ("jump anywhere in %u rows, %s (%u jumps): median %.1f ms, 90%% %.1f ms, worst %.1f ms "
           "(target < 33 ms)\n", rows, what, n, t[n / 2], t[(n * 9) / 10], t[n - 1]);
}

static gboolean
next_jump (gpointer data)
{
  Bench *b = data;
  double upper, page, fraction;

  if (b->jump++ == JUMPS)
    {
      report ("the frame's own time", b->frames, b->rows);
      report ("CPU time", b->cpu, b->rows);
      report ("wall time from the jump", b->times, b->rows);
      g_application_quit (g_application_get_default ());
      return G_SOURCE_REMOVE;
    }
  upper = gtk_adjustment_get_upper (b->adjustment);
  page = gtk_adjustment_get_page_size (b->adjustment);
  /* Spread over the whole list, in an order that never lands near the last place. */
  fraction = g_rand_double (b->rand);
  b->started = g_get_monotonic_time ();
  b->cpu_start = cpu_ms ();
  gtk_adjustment_set_value (b->adjustment, fraction * (upper - page));
  gtk_widget_queue_draw (b->window);
  return G_SOURCE_REMOVE;
}

static gboolean
start (gpointer data)
{
  Bench *b = data;
  GtkWidget *list = find_list (b->window);

  GtkWidget *scrolled = list != NULL ? gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW) : NULL;

  if (scrolled == NULL)
    {
      g_printerr ("mg-bench-journal-jump: the Journal page has no scrolled list\n");
      g_application_quit (g_application_get_default ());
      return G_SOURCE_REMOVE;
    }
  b->rows = g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))));
  b->adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  b->clock = gtk_widget_get_frame_clock (b->window);
  g_signal_connect (b->clock, "update", G_CALLBACK (frame_update), b);
  g_signal_connect (b->clock, "after-paint", G_CALLBACK (after_paint), b);
  next_jump (b);
  return G_SOURCE_REMOVE;
}

static void
activate (GApplication *app, const char *path)
{
  static Bench b;
  g_autoptr(GError) error = NULL;
  MgCampaign *campaign = mg_campaign_open (path, &error);

  if (campaign == NULL)
    {
      g_printerr ("mg-bench-journal-jump: %s\n", error->message);
      g_application_quit (app);
      return;
    }
  b.times = g_array_new (FALSE, FALSE, sizeof (double));
  b.frames = g_array_new (FALSE, FALSE, sizeof (double));
  b.cpu = g_array_new (FALSE, FALSE, sizeof (double));
  b.rand = g_rand_new_with_seed (15);
  b.window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (b.window), 1100, 760);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (b.window),
                                      GTK_WIDGET (mg_journal_page_new (campaign)));
  gtk_window_present (GTK_WINDOW (b.window));
  /* Once the window is up and settled. */
  g_timeout_add (1500, start, &b);
}

int
main (int argc, char **argv)
{
  g_autoptr(AdwApplication) app = NULL;
  const char *path;

  if (argc != 2)
    {
      g_printerr ("usage: mg-bench-journal-jump CAMPAIGN.db\n");
      return 2;
    }
  path = argv[1];
  /* A static library's resources are linked only when something names them. */
  g_resources_register (mg_app_get_resource ());
  app = adw_application_new ("io.github.meleegm.BenchJournal", G_APPLICATION_NON_UNIQUE);
  /* The app's own style.css, as AdwApplication loads it for Melee GM. */
  g_application_set_resource_base_path (G_APPLICATION (app), "/io/github/meleegm/MeleeGM");
  g_signal_connect (app, "activate", G_CALLBACK (activate), (gpointer) path);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
