/* mg-lamame-chronicle.c — La Mame's Melee's Chronicle: gold and areas held per player season by season, the start bids and who won them, attacks. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-series.h"
#include "mg-lamame.h"

static const MgChronicleChart charts[] = {
  { "gold", N_("Gold"), N_("Each player's gold, season by season"), FALSE },
  { "areas", N_("Areas held"), N_("The areas each player holds, season by season"), FALSE },
  { "bids", N_("Start bids"), N_("Each player's start bid once revealed, season by season, the winner's marked"), TRUE },
  { "attacks", N_("Attacks"), N_("A mark at each attack, in the attacker's colour, at its round, naming the areas"), TRUE },
};

static json_object *
values (json_object *ruleset, json_object *view)
{
  json_object *out = json_object_new_object ();
  json_object *players = json_object_object_get (view, "players");
  json_object *bids = json_object_object_get (view, "last_start_bids");
  json_object *attack = json_object_object_get (view, "attack");
  const char *bid_winner = mg_chronicle_text (view, "bid_winner");

  for (size_t i = 0; json_object_is_type (players, json_type_array) && i < json_object_array_length (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      const char *name = mg_chronicle_text (p, "name");
      const char *colour = mg_chronicle_text (p, "colour");

      if (name == NULL)
        continue;
      mg_chronicle_put (out, "gold", name, mg_chronicle_coloured (mg_chronicle_int (p, "gold"), colour));
      mg_chronicle_put (out, "areas", name, mg_chronicle_coloured (mg_chronicle_int (p, "areas"), colour));
      /* The view shows the bids once revealed (last_start_bids): a hidden one is not there. */
      if (json_object_object_get_ex (bids, name, NULL))
        mg_chronicle_put (out, "bids", name,
                          mg_chronicle_noted (mg_chronicle_int (bids, name),
                                              g_strcmp0 (bid_winner, name) == 0 ? _("won the bid") : NULL));
    }
  if (json_object_is_type (attack, json_type_object) && mg_chronicle_text (attack, "attacker") != NULL)
    {
      /* TRANSLATORS: an attack on the Chronicle: "on Bluewater from North Pass (knight)" */
      g_autofree char *note = g_strdup_printf (_("on %s from %s (%s)"), mg_chronicle_text (attack, "to"),
                                               mg_chronicle_text (attack, "from"), mg_chronicle_text (attack, "unit"));

      mg_chronicle_put (out, "attacks", mg_chronicle_text (attack, "attacker"),
                        mg_chronicle_noted (mg_chronicle_int (attack, "round"), note));
    }
  return out;
}

const MgChronicle mg_lamame_chronicle = { charts, G_N_ELEMENTS (charts), values };
