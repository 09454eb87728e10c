/* mg-cricchio-chronicle.c — Cricchio's Chronicle: material and points per player move by move, captures, and mines detonated. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-series.h"
#include "mg-cricchio.h"

static const MgChronicleChart charts[] = {
  { "material", N_("Material"), N_("The pieces each player has on the board, move by move"), FALSE },
  { "points", N_("Points"), N_("Each player's points, move by move"), FALSE },
  { "captures", N_("Captures"), N_("The pieces each player has captured, move by move"), FALSE },
  { "mines", N_("Mines detonated"), N_("The mines of each player that have gone off, move by move (Mine Field)"), FALSE },
};

/* The sides in the order the view's per-side arrays ("scores", "captured") use. */
static const char * const sides[] = { "south", "west", "north", "east" };

static json_object *
values (json_object *ruleset, json_object *view)
{
  json_object *out = json_object_new_object ();
  json_object *players = json_object_object_get (view, "players");
  json_object *scores = json_object_object_get (view, "scores");
  json_object *captured = json_object_object_get (view, "captured");
  /* Mine Field only; a mine lying is its owner's secret, one gone off everyone saw. */
  json_object *detonated = json_object_object_get (view, "mines_detonated");

  for (size_t i = 0; json_object_is_type (players, json_type_array) && i < json_object_array_length (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      const char *name = mg_chronicle_text (p, "name"), *side = mg_chronicle_text (p, "side");
      const char *colour = mg_chronicle_text (p, "colour");

      if (name == NULL || side == NULL)
        continue;
      mg_chronicle_put (out, "material", name, mg_chronicle_coloured (mg_chronicle_count (json_object_object_get (view, "pieces"), "owner", side), colour));
      for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
        if (g_str_equal (side, sides[s]))
          {
            json_object *taken = json_object_array_get_idx (captured, s);

            mg_chronicle_put (out, "points", name,
                              mg_chronicle_coloured (json_object_get_int64 (json_object_array_get_idx (scores, s)), colour));
            mg_chronicle_put (out, "captures", name,
                              mg_chronicle_coloured (json_object_is_type (taken, json_type_array)
                                                     ? (gint64) json_object_array_length (taken) : 0, colour));
            if (json_object_is_type (detonated, json_type_array))
              mg_chronicle_put (out, "mines", name,
                                mg_chronicle_coloured (json_object_get_int64 (json_object_array_get_idx (detonated, s)), colour));
          }
    }
  return out;
}

const MgChronicle mg_cricchio_chronicle = { charts, G_N_ELEMENTS (charts), values };
