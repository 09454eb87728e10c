/* mg-lamame-chronicle.c — La Mame's Melee's Chronicle: gold and areas held per player season by season, the start bids and who won them, attack rounds and their results. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-series.h"
#include "mg-lamame.h"

static const MgChronicleChart charts[] = {
  { "gold", N_("Gold"), N_("Each player's gold, season by season"), FALSE },
  { "areas", N_("Areas held"), N_("The areas each player holds, season by season"), FALSE },
  { "bids", N_("Start bids"), N_("Each player's start bid once revealed, season by season, the winner's marked"), TRUE },
  { "attacks", N_("Attack rounds"), N_("A mark at each attack round, in the attacker's colour, at the gold it spent, naming the areas and who won the round"), TRUE },
};

static json_object *
values (json_object *ruleset, json_object *view)
{
  json_object *out = json_object_new_object ();
  json_object *players = json_object_object_get (view, "players");
  json_object *bids = json_object_object_get (view, "last_start_bids");
  json_object *last = json_object_object_get (view, "last_round");
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
  /* The last round resolved: its gold and guesses revealed to all, and its result. */
  if (json_object_is_type (last, json_type_object) && mg_chronicle_text (last, "attacker") != NULL)
    {
      json_object *mark = mg_chronicle_noted (mg_chronicle_int (last, "gold"), NULL);
      g_autofree char *where = NULL, *what = NULL, *note = NULL;
      const char *defender = mg_chronicle_text (last, "defender"), *target = mg_chronicle_text (last, "target");

      /* TRANSLATORS: where an attack round was fought: "round 1 on Mill from Red Ford (knight)" */
      where = g_strdup_printf (_("round %d on %s from %s (%s)"), (int) mg_chronicle_int (last, "round"),
                               mg_chronicle_text (last, "to"), mg_chronicle_text (last, "from"),
                               mg_chronicle_text (last, "unit"));
      if (g_strcmp0 (mg_chronicle_text (last, "result"), "defender") == 0)
        what = g_strdup_printf (_("%s guessed the gold: the attacker is lost"), defender);
      else if (g_strcmp0 (target, "garrison") == 0)
        what = g_strdup_printf (_("%s's castle falls"), defender);
      else if (g_strcmp0 (target, "camp") == 0)
        what = g_strdup_printf (_("%s's camp is captured"), defender);
      else
        what = g_strdup_printf (_("%s's %s is destroyed"), defender, target);
      /* TRANSLATORS: an attack round on the Chronicle: where, then what came of it */
      note = g_strdup_printf (_("%s: %s"), where, what);
      json_object_object_add (mark, "note", json_object_new_string (note));
      json_object_object_add (mark, "id", json_object_new_int64 (mg_chronicle_int (last, "n")));
      mg_chronicle_put (out, "attacks", mg_chronicle_text (last, "attacker"), mark);
    }
  return out;
}

const MgChronicle mg_lamame_chronicle = { charts, G_N_ELEMENTS (charts), values };
