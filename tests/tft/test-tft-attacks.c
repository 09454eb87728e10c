/* test-tft-attacks.c — TFT Melee attack rules against the 1977 text: hand-to-hand, shield rush, the
 * line of fire, missiles (crossbow cadence, second arrows), the main-gauche, damage and injuries. */
#include "config.h"

#include "tft-test-util.h"

#define new_state tft_test_new_state
#define refuse tft_test_refuse
#define fig_int tft_test_fig_int
#define iget tft_test_iget

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
