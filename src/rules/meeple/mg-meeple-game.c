/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-game.c — Meeple Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-meeple.h"

#define DATA "/io/github/meleegm/MeleeGM/games/meeple/"

static const MgGameSample samples[] = {
  { N_("Sample Battle"), DATA "sample.jsonl", { "Red", "Blue", NULL } },
};

/* mg-meeple-words.c: the Rules page's words. */
const MgRulesetWord *mg_meeple_ruleset_words (guint *n);

/* A battle or a match that ends moves play on, whoever's turn it is. */
static const char * const moved_on[] = { "match", "battle", NULL };

/* The exports head the view's tables in the Journal's words ("Red rolled 7 meeples", "Red
 * revealed 2 Sweep"). */
static const MgExportColumn export_columns[] = {
  { "casualties", NC_("export column", "Casualties") },
  { "neutral", NC_("export column", "Neutral zone") },
  { "to_roll", NC_("export column", "To roll") },
  { "actions_allowed", NC_("export column", "Actions") },
  { "actions_used", NC_("export column", "Actions used") },
  { "reveal", NC_("export column", "To reveal") },
  { "rolled", NC_("export column", "Has rolled") },
  { "faces", NC_("export column", "Rolled") },
  { "picked", NC_("export column", "Has revealed") },
  { "pick", NC_("export column", "Revealed") },
};

/* The ruleset names the faces of the meeple die ("faces": [{"name": "Sweep"}, ...]). */
static const char *
face_name (json_object *ruleset, guint sides, guint value)
{
  json_object *faces = NULL, *name = NULL;

  if (!json_object_object_get_ex (ruleset, "faces", &faces) || !json_object_is_type (faces, json_type_array)
      || json_object_array_length (faces) != sides)
    return NULL;
  if (!json_object_object_get_ex (json_object_array_get_idx (faces, value - 1), "name", &name)
      || !json_object_is_type (name, json_type_string))
    return NULL;
  return json_object_get_string (name);
}

extern const MgChronicle mg_meeple_chronicle;

const MgGame *
mg_meeple_game (void)
{
  static MgGame game = {
    MG_GAME_DATA (DATA),
    .engine_revision = 1,   /* bump as mg-game.h says: the campaigns' snapshots are made again */
    /* TRANSLATORS: a turn of Meeple Melee is one battle, numbered through the campaign */
    .turn_heading = N_("Battle %d"),
    .standing_heading = N_("Standing after battle %d"),
    .moved_on = moved_on,
    .face_name = face_name,
    MG_GAME_EXPORT_COLUMNS,
    .chronicle = &mg_meeple_chronicle,   /* mg-meeple-chronicle.c */
  };
  return mg_game_fill (&game, mg_meeple_rules (), mg_meeple_ruleset_words);
}
