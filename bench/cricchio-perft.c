/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cricchio-perft.c — Cricchio's Mêlée move generator: perft nodes per second, 2 and 4 players, against the plain first generator in the same run.
 *
 * The count is the game as played (issue 34): no ply after the game ends (a two-player game ends
 * when a President falls, and rule 12 takes a trapped President as its side's turn starts). The
 * count before issue 34 went on after the fall; it is printed beside, for the record. With the
 * shipped ruleset, 2 players: perft(4) = 30,873,507 as played, 31,019,735 every ply (31,019,723
 * before the Marine's sideways capture at a wall's front end; 31,019,075 is the count,
 * President captures ending the game but rule 12 not at the turn's start); 4 players: 22,671,887
 * either way. docs/rules/cricchio.md explains the lines that differ. */
#include <stdio.h>

#include "mg-cricchio.h"

static MgState *
start (json_object *rs, guint n)
{
  static const char * const names[5][5] = { { NULL }, { "Black", NULL }, { "Black", "Red", NULL },
                                            { "Black", "Blue", "Red", NULL }, { "Black", "Blue", "Red", "White", NULL } };
  g_autoptr(GError) error = NULL;
  MgState *st = mg_chess_rules ()->new_state (rs, names[n], &error);

  if (st == NULL)
    g_error ("%s", error->message);
  return st;
}

static double
rate (const MgState *st, guint depth, gboolean plain, guint64 *nodes)
{
  gint64 t0 = g_get_monotonic_time ();
  *nodes = mg_chess_perft (st, depth, plain);
  return *nodes * 1e6 / MAX (g_get_monotonic_time () - t0, 1);
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : MG_CRICCHIO_RULESET;
  guint depth = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 4;
  json_object *rs = json_object_from_file (path);

  if (rs == NULL)
    {
      g_printerr ("%s: cannot read the ruleset\n", path);
      return 1;
    }
  for (guint n = 2; n <= 4; n += 2)
    {
      MgState *st = start (rs, n);
      guint64 fast_nodes, plain_nodes;
      double fast = rate (st, depth, FALSE, &fast_nodes);
      double plain = rate (st, depth, TRUE, &plain_nodes);
      gint64 t0;
      guint clicks = 0;

      if (fast_nodes != plain_nodes)
        g_error ("perft %u players depth %u: %" G_GUINT64_FORMAT " against the baseline's %" G_GUINT64_FORMAT,
                 n, depth, fast_nodes, plain_nodes);
      printf ("%u players, perft(%u) = %" G_GUINT64_FORMAT ": %.1f M nodes/s; baseline (plain generator, "
              "every leaf made) %.1f M nodes/s; ratio %.2f\n",
              n, depth, fast_nodes, fast / 1e6, plain / 1e6, fast / MAX (plain, 1));
      printf ("   the game as played: %" G_GUINT64_FORMAT "; counting plies after a President falls (the count "
              "before issue 34): %" G_GUINT64_FORMAT "\n", fast_nodes, mg_chess_perft_every_ply (st, depth));
      /* A referee's click: the destinations of one piece (the Air Force h1) from the start. */
      t0 = g_get_monotonic_time ();
      while (g_get_monotonic_time () - t0 < 200000)
        for (guint i = 0; i < 1000; i++, clicks++)
          g_strfreev (mg_chess_destinations (st, "h1"));
      printf ("   a click's destinations: %.2f µs\n", (g_get_monotonic_time () - t0) / (double) clicks);
      mg_state_free (st);
    }
  json_object_put (rs);
  return 0;
}
