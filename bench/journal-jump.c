/* SPDX-License-Identifier: GPL-3.0-or-later */
/* journal-jump.c — bench 15.5: `mg-bench-journal-jump CAMPAIGN.db`: the app's Journal page over
 * the campaign, in a window of the campaign window's default size; the list is made to jump to
 * 40 places spread over the whole journal (as a scrollbar drag does) and the time from the jump
 * to the end of the frame that shows it is printed: median, 90th percentile, worst (target:
 * under 33 ms, two frames at 60 Hz).  Three clocks: wall time from the jump to the frame's end
 * (what a loaded machine stretches), the frame's own time (from its start to its end: layout,
 * rows bound and measured, the journal's pages read, drawing), and the process's CPU time for
 * the jump (what the load on the machine does not change).  Run under a display (bench/run.py
 * uses xvfb).
 *
 * `mg-bench-journal-jump --peer ROWS`: the physical limit of the toolkit on this renderer — a
 * bare GtkListView of ROWS one-line GtkInscription rows (a journal line's worth of text each,
 * made when asked for) filling a window of the same size, jumped the same way.  bench/run.py
 * runs the two interleaved and reports the Journal's jump as a ratio against it.
 * MG_BENCH_JUMPS sets the number of jumps (40; more for a profile). */
#include <adwaita.h>
#include <sys/resource.h>

#include "mg-campaign.h"
#include "mg-journal-page.h"
#include "mg-app-resources.h"


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
  guint          jumps;
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

static double
median (GArray *sorted)
{
  return g_array_index (sorted, double, sorted->len / 2);
}

static gboolean
next_jump (gpointer data)
{
  Bench *b = data;
  double upper, page, fraction;

  if (b->jump++ == b->jumps)
    {
      report ("the frame's own time", b->frames, b->rows);
      report ("CPU time", b->cpu, b->rows);
      report ("wall time from the jump", b->times, b->rows);
      /* For bench/run.py: the three medians, in ms. */
      g_print ("medians: frame %.3f cpu %.3f wall %.3f\n", median (b->frames), median (b->cpu), median (b->times));
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

/* The peer's model: ROWS strings made when asked for, as long as a journal line. */
#define MG_TYPE_PEER_MODEL (mg_peer_model_get_type ())
G_DECLARE_FINAL_TYPE (MgPeerModel, mg_peer_model, MG, PEER_MODEL, GObject)

struct _MgPeerModel
{
  GObject parent_instance;
  guint   rows;
};

static GType
mg_peer_model_get_item_type (GListModel *model)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
mg_peer_model_get_n_items (GListModel *model)
{
  return MG_PEER_MODEL (model)->rows;
}

static gpointer
mg_peer_model_get_item (GListModel *model, guint position)
{
  g_autofree char *text = NULL;

  if (position >= MG_PEER_MODEL (model)->rows)
    return NULL;
  text = g_strdup_printf ("%u   Red   Red rolls 8 dice and keeps 4 Punch; Blue keeps 4 Sweep: Blue wins on Sweep   3 3 3 3",
                          position + 1);
  return gtk_string_object_new (text);
}

static void
mg_peer_model_list_init (GListModelInterface *iface)
{
  iface->get_item_type = mg_peer_model_get_item_type;
  iface->get_n_items = mg_peer_model_get_n_items;
  iface->get_item = mg_peer_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (MgPeerModel, mg_peer_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, mg_peer_model_list_init))

static void
mg_peer_model_class_init (MgPeerModelClass *klass)
{
}

static void
mg_peer_model_init (MgPeerModel *self)
{
}

static void
peer_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *inscription = gtk_inscription_new (NULL);

  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (inscription), 80);
  gtk_widget_set_margin_start (inscription, 18);
  gtk_widget_set_margin_end (inscription, 18);
  gtk_widget_set_margin_top (inscription, 6);
  gtk_widget_set_margin_bottom (inscription, 6);
  gtk_list_item_set_child (item, inscription);
}

static void
peer_bind (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  gtk_inscription_set_text (GTK_INSCRIPTION (gtk_list_item_get_child (item)),
                            gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static GtkWidget *
peer_list (guint rows)
{
  MgPeerModel *model = g_object_new (MG_TYPE_PEER_MODEL, NULL);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  model->rows = rows;
  g_signal_connect (factory, "setup", G_CALLBACK (peer_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (peer_bind), NULL);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled),
                                 gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (model))),
                                                    factory));
  return scrolled;
}

static void
activate (GApplication *app, char **argv)
{
  static Bench b;
  g_autoptr(GError) error = NULL;
  const char *jumps = g_getenv ("MG_BENCH_JUMPS");
  GtkWidget *content;

  if (g_str_equal (argv[1], "--peer"))
    content = peer_list ((guint) g_ascii_strtoull (argv[2], NULL, 10));
  else
    {
      MgCampaign *campaign = mg_campaign_open (argv[1], &error);

      if (campaign == NULL)
        {
          g_printerr ("mg-bench-journal-jump: %s\n", error->message);
          g_application_quit (app);
          return;
        }
      content = GTK_WIDGET (mg_journal_page_new (campaign));
    }
  b.jumps = jumps != NULL ? (guint) g_ascii_strtoull (jumps, NULL, 10) : 40;
  b.times = g_array_new (FALSE, FALSE, sizeof (double));
  b.frames = g_array_new (FALSE, FALSE, sizeof (double));
  b.cpu = g_array_new (FALSE, FALSE, sizeof (double));
  b.rand = g_rand_new_with_seed (15);
  b.window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (b.window), 1100, 760);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (b.window), content);
  gtk_window_present (GTK_WINDOW (b.window));
  /* Once the window is up and settled. */
  g_timeout_add (1500, start, &b);
}

int
main (int argc, char **argv)
{
  g_autoptr(AdwApplication) app = NULL;
  if (!(argc == 2 && !g_str_equal (argv[1], "--peer")) && !(argc == 3 && g_str_equal (argv[1], "--peer")))
    {
      g_printerr ("usage: mg-bench-journal-jump CAMPAIGN.db\n"
                  "       mg-bench-journal-jump --peer ROWS\n");
      return 2;
    }
  /* A static library's resources are linked only when something names them. */
  g_resources_register (mg_app_get_resource ());
  app = adw_application_new ("io.github.meleegm.BenchJournal", G_APPLICATION_NON_UNIQUE);
  /* The app's own style.css, as AdwApplication loads it for Melee GM. */
  g_application_set_resource_base_path (G_APPLICATION (app), "/io/github/meleegm/MeleeGM");
  g_signal_connect (app, "activate", G_CALLBACK (activate), argv);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
