/* mg-mecaknights-chronicle.c — MecaKnights' Chronicle: each leader's gold, wood, stone, food, iron, lands and armies, season by season. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-chronicle-series.h"
#include "mg-mecaknights.h"

static const MgChronicleChart charts[] = {
  { "gp", N_("Gold"), N_("Each leader's gold pieces, season by season"), FALSE },
  { "wood", N_("Wood"), N_("Each leader's wood, season by season"), FALSE },
  { "stone", N_("Stone"), N_("Each leader's stone, season by season"), FALSE },
  { "food", N_("Food"), N_("Each leader's food, season by season"), FALSE },
  { "iron", N_("Iron"), N_("Each leader's iron, season by season"), FALSE },
  { "lands", N_("Lands"), N_("The lands each leader holds, season by season"), FALSE },
  { "armies", N_("Armies"), N_("The armies each leader has in the field, season by season"), FALSE },
};

static json_object *
values (json_object *ruleset, json_object *view)
{
  static const char * const resources[] = { "gp", "wood", "stone", "food", "iron" };
  json_object *out = json_object_new_object ();
  json_object *leaders = json_object_object_get (view, "leaders");
  json_object *map = json_object_object_get (view, "map");

  for (size_t i = 0; json_object_is_type (leaders, json_type_array) && i < json_object_array_length (leaders); i++)
    {
      json_object *l = json_object_array_get_idx (leaders, i);
      const char *name = mg_chronicle_text (l, "name");

      if (name == NULL)
        continue;
      for (guint r = 0; r < G_N_ELEMENTS (resources); r++)
        mg_chronicle_put (out, resources[r], name, json_object_new_int64 (mg_chronicle_int (l, resources[r])));
      mg_chronicle_put (out, "lands", name, json_object_new_int64 (mg_chronicle_count (json_object_object_get (map, "lands"), "owner", name)));
      mg_chronicle_put (out, "armies", name, json_object_new_int64 (mg_chronicle_count (json_object_object_get (view, "armies"), "leader", name)));
    }
  return out;
}

const MgChronicle mg_mecaknights_chronicle = { charts, G_N_ELEMENTS (charts), values };
