/* mg-tft-ui.c — what TFT Melee adds to the campaign window. SKELETON: replaced by the real pages. */
#include "config.h"

#include "mg-tft-ui.h"

const MgGameUi *
mg_tft_game_ui (void)
{
  return NULL;
}
