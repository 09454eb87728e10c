/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft.h — the TFT Melee engine (docs/rules/tft.md): roster, fights, exact odds, duel simulator. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_tft_rules (void);

/* The rulebook's record card of a roster figure (the "card" object of docs/rules/tft.md):
 * {"st","dx","adj_dx","adj_dx_shield","ma","weapons":[{"id","name","damage","hth"}],
 *  "armor","shield","stops","stops_shield","ep"}. view() carries the same object per figure.
 * New reference, or NULL with an error when there is no such figure. */
json_object *mg_tft_record_card (const MgState *state, const char *figure, GError **error);

/* The fight's arena as an SVG picture from a view (MgGame.board_svg, mg-tft-board-svg.c): hexes
 * named data-hex, counters as groups data-figure, data-hex, data-facing. NULL without a board. */
char        *mg_tft_board_svg   (json_object *view);

/* Exact odds of an attack before its roll. `attack` is the "attack" action (any "dice" member is
 * ignored); it must be legal now (else NULL and the reason validate would give).
 * {"adj_dx":N,"dice":3|4,"hit":{"num","den","p"},"triple","double","miss","drop","break",
 *  "hits":[{"hits":h,"p":p},…],"expected":E}: "hits" is the spread of hits the target takes
 * after armor and shield (misses counted as 0 hits), exact over every die. New reference. */
json_object *mg_tft_attack_odds (const MgState *state, json_object *attack, GError **error);

/* The game's odds (MgGame.odds, `melee-gm-cli odds`): `question` is an "attack" action (the
 * answer of mg_tft_attack_odds) or {"type":"duel","figures":[A,B],"fights":N} (default 20,000,
 * the duel dialog's): {"figures","fights","seed","wins":{A:n,B:n},"draws","win_rate":{A:p,B:p},
 * "draw_rate"}, simulated with `seed` as the app does with the campaign's seed. New reference. */
json_object *mg_tft_odds (const MgState *state, json_object *question, guint32 seed, GError **error);

/* How many more dice `action` needs after the `n_typed` values typed so far:
 * {"complete":bool,"count":N,"sides":S,"for":"to_hit"|"damage"|"roll_to_miss"|"entry"|
 *  "save"|"tie"|"initiative"|"draw_dagger"|"disengage"} ("count" 0 when complete).
 * NULL with the engine's reason when the action is refused whatever the dice. */
json_object *mg_tft_dice_needed (const MgState *state, json_object *action,
                                 const guint *typed, guint n_typed, GError **error);

/* ---- the duel simulator (a model, not the table's dice: see docs/rules/tft.md) ---- */

typedef struct {
  guint fights;   /* fights run (fewer than asked when cancelled) */
  guint wins_a;
  guint wins_b;
  guint draws;
  guint64 dice;   /* dice rolled in all (the bench's baseline draws as many) */
} MgTftDuelResult;

/* Called every few hundred fights and at the end, from the thread that runs the duel. */
typedef void (*MgTftDuelProgress) (guint done, guint total, gpointer user_data);

/* Runs `n` simulated duels between two figures given as create_figure objects (the roster's
 * JSON shape: kind, st, dx, weapons, armor, shield, ready, shield_ready) under `ruleset`,
 * with a GRand seeded by `seed`. `cancel` (may be NULL) is polled with g_atomic_int_get: set it
 * non-zero from another thread to stop early. Safe to call from a GTask thread (touches no
 * shared state). FALSE with an error on a bad ruleset or figure. */
gboolean mg_tft_duel (json_object      *ruleset,
                      json_object      *figure_a,
                      json_object      *figure_b,
                      guint             n,
                      guint32           seed,
                      MgTftDuelProgress progress,
                      gpointer          user_data,
                      gint             *cancel,
                      MgTftDuelResult  *result,
                      GError          **error);

/* The same duels with dice from `dice`, played by the simulator (figures it cannot model go through
 * the engine) or, with full_engine, action by action through the engine itself; given the same
 * dice both give the same fights (tests/tft pins one to the other). */
gboolean mg_tft_duel_with_dice (json_object     *ruleset,
                                json_object     *figure_a,
                                json_object     *figure_b,
                                guint            n,
                                MgDice          *dice,
                                gboolean         full_engine,
                                MgTftDuelResult *result,
                                GError         **error);

/* The same between two roster figures of a state (copied first: the state may change after). */
gboolean mg_tft_duel_names (const MgState    *state,
                            const char       *a,
                            const char       *b,
                            guint             n,
                            guint32           seed,
                            MgTftDuelProgress progress,
                            gpointer          user_data,
                            gint             *cancel,
                            MgTftDuelResult  *result,
                            GError          **error);

/* On the arena: the hexes `figure` may end its move in with `option` ("a", "h" …) from where the
 * turn found it, each with the MA it costs: {"F12": 6, …} (its own hex 0); NULL when the fight has
 * no board or the figure is not in it. For the Fight page's legal destinations. */
json_object *mg_tft_arena_reach (const MgState *state, const char *figure, const char *option);

G_END_DECLS
