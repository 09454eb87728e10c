/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-fake-engine.h — a tiny engine ("fake") so the core tests do not depend on a real game. */
#pragma once

#include "mg-rules.h"
#include "mg-game.h"

/*
 * Ruleset {"sides": S (2..20), "per_turn": P (1..100000)}.
 * State: a running total of dice and numbers; the turn is 1 + actions / P.
 * Actions:
 *   {"type":"roll","player":NAME,"n":K}  rolls K (default 1) dice of S sides, adds them
 *   {"type":"add","value":V}             adds V (refused as ILLEGAL when V < 0); no dice
 *   {"type":"tell","value":V}            adds V (0..), its sentences as messages (MgPlay.said):
 *                                        "Turn V. V dice typed were not used by this action"
 *                                        (two msgids po/fr.po translates); the others write text
 * to_json: {"total":T,"actions":A,"values":[the last 16 dice and numbers added, in order]}
 * tables: one leader row {"name":"Total","gp":T,"food":A,"capital":null}; but when the total is
 * MG_FAKE_BROKEN_TOTAL, a row of one cell: an engine's bug, which the store must refuse.
 */
#define MG_FAKE_BROKEN_TOTAL 999983
const MgRules *mg_fake_rules (void);
/* How many times a `tell` action was applied in this process (played or replayed). */
guint          mg_fake_tells (void);

/* The fake game: its engine and one entity table, "leader" (gp, food, capital, name), whose SQL
 * is at version 1 or, with a column "note" added, 2. Tests register it (mg_game_register). */
const MgGame  *mg_fake_game (guint tables_version);
/* The engine's revision (MgGame.engine_revision), 1 unless set: at 2, a rule is mended as a later
 * Melee GM might mend one: `add` adds twice its value, and refuses MG_FAKE_REFUSED_FROM_2. */
#define MG_FAKE_REFUSED_FROM_2 13
void           mg_fake_set_revision (guint revision);
