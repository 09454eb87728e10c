/* tft-duel.c — the TFT duel simulator's fights per second, against the same number of bare dice draws. */
#include <stdio.h>

#include "mg-tft.h"

static const char *flavius =
  "{\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"shortsword\",\"dagger\"],\"armor\":\"chainmail\","
  "\"shield\":\"large_shield\",\"ready\":\"shortsword\"}";
static const char *wulf =
  "{\"kind\":\"human\",\"st\":14,\"dx\":10,\"weapons\":[\"two_handed_sword\",\"dagger\"],\"ready\":\"two_handed_sword\"}";

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : MG_TFT_RULESET;
  guint n = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 20000;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  json_object *rs, *a = json_tokener_parse (flavius), *b = json_tokener_parse (wulf);
  MgTftDuelResult res;
  gint64 t0, t1, t2;
  GRand *rand;
  guint64 sink = 0;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  rs = json_tokener_parse (text);
  t0 = g_get_monotonic_time ();
  if (!mg_tft_duel (rs, a, b, n, 1977, NULL, NULL, NULL, &res, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  t1 = g_get_monotonic_time ();
  /* Baseline: only the dice, drawn from a GRand as a seeded MgDice does. */
  rand = g_rand_new_with_seed (1977);
  for (guint64 i = 0; i < res.dice; i++)
    sink += (guint64) g_rand_int_range (rand, 1, 7);
  t2 = g_get_monotonic_time ();
  g_rand_free (rand);
  printf ("Flavius v Wulf, %u fights: Flavius %u, Wulf %u, draws %u (%.1f%% Flavius)\n", res.fights, res.wins_a,
          res.wins_b, res.draws, 100.0 * res.wins_a / MAX (res.fights, 1));
  printf ("duel: %.0f fights/s, %" G_GUINT64_FORMAT " dice (%.1f a fight)\n", res.fights * 1e6 / MAX (t1 - t0, 1),
          res.dice, (double) res.dice / MAX (res.fights, 1));
  printf ("baseline (dice draws only): %.0f fights/s; ratio duel/baseline %.4f (sink %" G_GUINT64_FORMAT ")\n",
          res.fights * 1e6 / MAX (t2 - t1, 1), (double) (t2 - t1) / MAX (t1 - t0, 1), sink % 7);
  json_object_put (a);
  json_object_put (b);
  json_object_put (rs);
  return 0;
}
