/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-map-drawing.h — a MecaKnights map as an area-map model: lands placed from their borders. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* The model of mg-area-map.h for `map` (the engine's map JSON: lands with "adjacent", "owner",
 * "capital", "city") with the armies of `view` (may be NULL) as tokens in their leaders'
 * colours. The lands carry no positions: they are placed by a fixed number of steps of a
 * spring layout from a circle, so one map is always drawn the same. New reference. */
json_object *mg_mk_map_drawing_model (json_object *map, json_object *view);

G_END_DECLS
