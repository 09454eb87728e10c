/* mg-mk-ui.c — what MecaKnights adds to the campaign window. SKELETON: replaced by the real pages. */
#include "config.h"

#include "mg-mk-ui.h"

const MgGameUi *
mg_mk_game_ui (void)
{
  return NULL;
}
