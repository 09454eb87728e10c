/* mg-meeple-chronicle.c — Meeple Melee's Chronicle: the casualty track and the neutral zone battle by battle, and who won each battle on which face. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-series.h"
#include "mg-meeple.h"

static const MgChronicleChart charts[] = {
  { "casualties", N_("Casualties"), N_("Each player's casualties on the track, battle by battle"), FALSE },
  { "neutral", N_("Neutral zone"), N_("The meeples each player has in the neutral zone, battle by battle"), FALSE },
  { "won", N_("Battles won"), N_("A mark at each battle won, at the battle's number, in the winner's colour, with the face it was won on"), TRUE },
};

/* The face's name as the ruleset gives it ("Sweep"), else its id. */
static const char *
face_name (json_object *ruleset, const char *id)
{
  json_object *faces = json_object_object_get (ruleset, "faces");

  for (size_t i = 0; json_object_is_type (faces, json_type_array) && i < json_object_array_length (faces); i++)
    {
      json_object *face = json_object_array_get_idx (faces, i);

      if (g_strcmp0 (mg_chronicle_text (face, "id"), id) == 0 && mg_chronicle_text (face, "name") != NULL)
        return mg_chronicle_text (face, "name");
    }
  return id;
}

static json_object *
values (json_object *ruleset, json_object *view)
{
  json_object *out = json_object_new_object ();
  json_object *players = json_object_object_get (view, "players");
  json_object *last = json_object_object_get (view, "last");
  const char *winner = mg_chronicle_text (last, "winner");

  for (size_t i = 0; json_object_is_type (players, json_type_array) && i < json_object_array_length (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      const char *name = mg_chronicle_text (p, "name");

      if (name == NULL)
        continue;
      mg_chronicle_put (out, "casualties", name, json_object_new_int64 (mg_chronicle_int (p, "casualties")));
      mg_chronicle_put (out, "neutral", name, json_object_new_int64 (mg_chronicle_int (p, "neutral")));
    }
  /* The last battle, as everyone saw it revealed: its winner and the face it was won on. */
  if (winner != NULL && mg_chronicle_text (last, "on") != NULL)
    {
      g_autofree char *note = g_strdup_printf (_("won battle %d on %s"), (int) mg_chronicle_int (last, "battle"),
                                               face_name (ruleset, mg_chronicle_text (last, "on")));

      mg_chronicle_put (out, "won", winner, mg_chronicle_noted (mg_chronicle_int (last, "battle"), note));
    }
  return out;
}

const MgChronicle mg_meeple_chronicle = { charts, G_N_ELEMENTS (charts), values };
