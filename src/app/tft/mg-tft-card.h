/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-card.h — a figure's record card, as the rulebook's card shows it. */
#pragma once

#include <adwaita.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_TFT_CARD (mg_tft_card_get_type ())
G_DECLARE_FINAL_TYPE (MgTftCard, mg_tft_card, MG, TFT_CARD, GtkWidget)

GtkWidget  *mg_tft_card_new      (void);
/* figure: the roster entry of the view (with its "card"); fighter: its fight entry or NULL;
 * kind_name: the ruleset's name of its race or beast. */
void        mg_tft_card_set      (MgTftCard *self, json_object *figure, json_object *fighter,
                                  const char *kind_name);
/* The card as text, line by line (for tests and the clipboard). */
char       *mg_tft_card_get_text (MgTftCard *self);
/* The tooltips that explain the DX and armor lines, one a line. */
char       *mg_tft_card_get_tooltips (MgTftCard *self);

/* "||||| ||": hits as tally marks in fives, as a referee marks them beside ST. */
char       *mg_tft_tally         (int hits);

G_END_DECLS
