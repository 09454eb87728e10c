/* mg-tft-chronicle.c — TFT Melee's Chronicle: each figure's career (fights, wins, kills, EP, ST, DX) and each fight's hits per turn. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-series.h"
#include "mg-tft.h"

static const MgChronicleChart charts[] = {
  { "fights", N_("Fights"), N_("The fights each figure has fought, each marked with its result"), FALSE },
  { "wins", N_("Fights won"), N_("The fights each figure has won (its side won and it lived) over its career"), FALSE },
  { "kills", N_("Kills"), N_("The foes each figure has killed over its career"), FALSE },
  { "ep", N_("Experience"), N_("Each figure's experience points over its career"), FALSE },
  { "st", N_("Strength"), N_("Each figure's strength (ST) over its career"), FALSE },
  { "dx", N_("Dexterity"), N_("Each figure's dexterity (DX) over its career"), FALSE },
  { "hits", N_("Hits this turn"), N_("The hits each figure has taken in the current turn of each fight"), FALSE },
};

/* The result of the figure's last fight in its history ("won", "killed"…), or NULL. */
static const char *
last_result (json_object *figure)
{
  json_object *history = json_object_object_get (figure, "history");

  for (size_t n = json_object_is_type (history, json_type_array) ? json_object_array_length (history) : 0; n > 0; n--)
    {
      json_object *h = json_object_array_get_idx (history, n - 1);

      if (g_strcmp0 (mg_chronicle_text (h, "what"), "fight") == 0)
        return mg_chronicle_text (h, "result");
    }
  return NULL;
}

static void
fight_values (json_object *out, json_object *fight)
{
  json_object *figures = json_object_object_get (fight, "figures");

  for (size_t i = 0; json_object_is_type (figures, json_type_array) && i < json_object_array_length (figures); i++)
    {
      json_object *f = json_object_array_get_idx (figures, i);
      /* TRANSLATORS: where a figure's hits were taken: "fight 2, turn 3" */
      g_autofree char *note = g_strdup_printf (_("fight %d, turn %d"), (int) mg_chronicle_int (fight, "number"),
                                               (int) mg_chronicle_int (fight, "turn"));

      if (mg_chronicle_text (f, "name") != NULL)
        mg_chronicle_put (out, "hits", mg_chronicle_text (f, "name"),
                          mg_chronicle_noted (mg_chronicle_int (f, "hits_turn"), note));
    }
}

static json_object *
values (json_object *ruleset, json_object *view)
{
  static const char * const career[] = { "wins", "kills", "ep", "st", "dx" };
  json_object *out = json_object_new_object ();
  json_object *roster = json_object_object_get (view, "roster");
  json_object *fight = json_object_object_get (view, "fight");

  for (size_t i = 0; json_object_is_type (roster, json_type_array) && i < json_object_array_length (roster); i++)
    {
      json_object *f = json_object_array_get_idx (roster, i);
      const char *name = mg_chronicle_text (f, "name");

      if (name == NULL)
        continue;
      mg_chronicle_put (out, "fights", name, mg_chronicle_noted (mg_chronicle_int (f, "fights"), last_result (f)));
      for (guint c = 0; c < G_N_ELEMENTS (career); c++)
        mg_chronicle_put (out, career[c], name, json_object_new_int64 (mg_chronicle_int (f, career[c])));
    }
  if (json_object_is_type (fight, json_type_object))
    fight_values (out, fight);
  return out;
}

const MgChronicle mg_tft_chronicle = { charts, G_N_ELEMENTS (charts), values };
