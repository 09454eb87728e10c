/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-ruleset.c — MecaKnights: the ruleset and the map, read and checked with JSON paths. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-mecaknights-private.h"

const char * const mk_res_ids[] = { "wood", "stone", "food", "iron", NULL };
const char * const mk_unit_ids[] = { "infantry", "heavy_infantry", "archer", "catapult", "cavalry", NULL };
const char * const mk_city_ids[] = { "none", "hamlet", "village", "town", NULL };
const char * const mk_wall_ids[] = { "none", "wood", "stone", NULL };
const char * const mk_cost_ids[] = { "hamlet", "village", "town", "camp", "wood_wall", "stone_wall",
                                     "bridge", "boat", "upgrade", NULL };
const char * const mk_gm_ids[] = { "season", "year", "fixed", "outside", NULL };

/* ---------------------------------------------------------------- purses */

gboolean
mk_purse_parse (json_object *obj, const char *path, MgJsonErr kind, gint64 min, MkPurse *out, GError **error)
{
  static const char * const known[] = { "gp", "wood", "stone", "food", "iron", NULL };

  memset (out, 0, sizeof *out);
  if (!mg_json_object (obj, path, kind, error) || !mg_json_only (obj, path, kind, known, error))
    return FALSE;
  if (!mg_json_opt_int (obj, path, "gp", kind, min, MK_MAX_COUNT, &out->gp, error))
    return FALSE;
  for (guint r = 0; r < MK_N_RES; r++)
    if (!mg_json_opt_int (obj, path, mk_res_ids[r], kind, min, MK_MAX_COUNT, &out->res[r], error))
      return FALSE;
  return TRUE;
}

json_object *
mk_purse_json (const MkPurse *p, gboolean skip_zero)
{
  json_object *o = json_object_new_object ();

  if (!skip_zero || p->gp != 0)
    json_object_object_add (o, "gp", json_object_new_int64 (p->gp));
  for (guint r = 0; r < MK_N_RES; r++)
    if (!skip_zero || p->res[r] != 0)
      json_object_object_add (o, mk_res_ids[r], json_object_new_int64 (p->res[r]));
  return o;
}

MgSaid *
mk_purse_said (const MkPurse *p)
{
  /* Plain %d so that xgettext sees whole messages; stocks stay far below G_MAXINT. */
  static const char * const names[] = { N_("%d wood"), N_("%d stone"), N_("%d food"), N_("%d iron") };
  MgSaid *said = mg_said_new ();

  if (p->gp != 0)
    mg_said_add (said, N_("%d GP"), (int) p->gp);
  for (guint r = 0; r < MK_N_RES; r++)
    if (p->res[r] != 0)
      {
        if (mg_said_length (said))
          mg_said_add_text (said, ", ");
        mg_said_add (said, names[r], (int) p->res[r]);
      }
  if (mg_said_length (said) == 0)
    mg_said_add (said, N_("nothing"));
  return said;
}

char *
mk_purse_text (const MkPurse *p)
{
  g_autoptr(MgSaid) said = mk_purse_said (p);

  return g_strdup (mg_said_text (said));
}

guint
mk_purse_units (const guint *units)
{
  guint n = 0;
  for (guint u = 0; u < MK_N_UNITS; u++)
    n += units[u];
  return n;
}

/* ---------------------------------------------------------------- the map */

/* A land's name and neighbours, and the rivers, never change once the map is parsed (a map is
 * replaced whole, never edited in place), while every action runs on a copy of the state: so
 * copies share them, by atomic reference counts (a copy may be made in another thread), and a
 * copy costs the lands' changing fields only. */
static char **
strv_shared (char **v)
{
  guint n = v ? g_strv_length (v) : 0;
  char **s = g_atomic_rc_box_alloc0 ((n + 1) * sizeof (char *));

  if (n > 0)
    memcpy (s, v, n * sizeof (char *));
  g_free (v);    /* the strings now belong to s */
  return s;
}

static void
strv_contents_free (gpointer p)
{
  for (char **s = p; *s; s++)
    g_free (*s);
}

static void
land_free (MkLand *l)
{
  if (l->name)
    g_ref_string_release (l->name);
  if (l->adjacent)
    g_atomic_rc_box_release_full (l->adjacent, strv_contents_free);
  g_free (l);
}

static void
river_free (MkRiver *r)
{
  g_free (r->name);
  g_ptr_array_unref (r->pairs);
  g_strfreev (r->marks);
  g_free (r);
}

static const MkRecordKind bridge_kind = {
  sizeof (MkBridge), 3, { G_STRUCT_OFFSET (MkBridge, river), G_STRUCT_OFFSET (MkBridge, a), G_STRUCT_OFFSET (MkBridge, b) }
};

static void
bridge_free (MkBridge *b)
{
  mk_record_free (b, &bridge_kind);
}

void
mk_map_init (MkMap *map)
{
  memset (map, 0, sizeof *map);
  map->lands = g_ptr_array_new_with_free_func ((GDestroyNotify) land_free);
  map->rivers = g_ptr_array_new_with_free_func ((GDestroyNotify) river_free);
  map->bridges = g_ptr_array_new_with_free_func ((GDestroyNotify) bridge_free);
  map->capitals = g_new0 (char *, 1);
}

void
mk_map_clear (MkMap *map)
{
  g_clear_pointer (&map->lands, g_ptr_array_unref);
  g_clear_pointer (&map->rivers, g_ptr_array_unref);
  g_clear_pointer (&map->bridges, g_ptr_array_unref);
  g_clear_pointer (&map->capitals, g_strfreev);
}

MkLand *
mk_map_land (const MkMap *map, const char *name)
{
  gint i = mk_map_land_index (map, name);
  return i < 0 ? NULL : g_ptr_array_index (map->lands, i);
}

gint
mk_map_land_index (const MkMap *map, const char *name)
{
  for (guint i = 0; name != NULL && map->lands && i < map->lands->len; i++)
    if (strcmp (((MkLand *) g_ptr_array_index (map->lands, i))->name, name) == 0)
      return (gint) i;
  return -1;
}

gboolean
mk_map_is_mark (const MkMap *map, const char *name)
{
  for (guint i = 0; name != NULL && map->rivers && i < map->rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (map->rivers, i);
      if (r->marks && g_strv_contains ((const char * const *) r->marks, name))
        return TRUE;
    }
  return FALSE;
}

static gint
leader_index (char **leaders, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (leaders[i], name) == 0)
      return (gint) i;
  return -1;
}

static gboolean
map_error (GError **error, MgJsonErr kind, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
map_error (GError **error, MgJsonErr kind, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, kind.domain, kind.code, msg);
  return FALSE;
}

/* A leader's name or null at obj[key]; -1 for null or absent. */
static gboolean
get_leader (json_object *obj, const char *path, const char *key, MgJsonErr kind,
            char **leaders, guint n, gint *out, GError **error)
{
  json_object *v = mg_json_member (obj, key);
  const char *name;

  *out = -1;
  if (v == NULL)
    return TRUE;
  g_autofree char *p = mk_path_key (path, key);
  if (!mg_json_string (v, p, kind, &name, error))
    return FALSE;
  *out = leader_index (leaders, n, name);
  if (*out < 0)
    return map_error (error, kind, _("%s: \"%s\" is not a leader of this campaign"), p, name);
  return TRUE;
}

/* The strings of a JSON list already known to be one. */
static gboolean
read_strv (json_object *list, const char *path, MgJsonErr kind, char ***out, GError **error)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  gsize n = list ? json_object_array_length (list) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ip = mk_path_index (path, i);
      const char *s;
      if (!mg_json_string (json_object_array_get_idx (list, i), ip, kind, &s, error))
        return FALSE;
      g_strv_builder_add (b, s);
    }
  *out = g_strv_builder_end (b);
  return TRUE;
}

static gboolean
parse_land (json_object *o, const char *path, MgJsonErr kind, char **leaders, guint n_leaders,
            MkLand *l, GError **error)
{
  static const char * const known[] = { "name", "resource", "adjacent", "owner", "city", "capital", "wall",
                                        "camp", "resources", "claim", NULL };
  const char *name;
  guint v;
  json_object *adj, *res, *claim;

  if (!mg_json_object (o, path, kind, error) || !mg_json_only (o, path, kind, known, error) ||
      !mg_json_get_string (o, path, "name", kind, &name, error))
    return FALSE;
  l->name = g_ref_string_new (name);
  if (!mg_json_get_choice (o, path, "resource", kind, mk_res_ids, &v, error))
    return FALSE;
  l->resource = v;
  if ((adj = mg_json_get_array (o, path, "adjacent", kind, 0, 1000, error)) == NULL)
    return FALSE;
  {
    g_autofree char *apath = mk_path_key (path, "adjacent");
    char **names = NULL;
    if (!read_strv (adj, apath, kind, &names, error))
      return FALSE;
    l->adjacent = strv_shared (names);
  }
  if (!get_leader (o, path, "owner", kind, leaders, n_leaders, &l->owner, error))
    return FALSE;
  l->city = CITY_NONE;
  if (mg_json_member (o, "city") != NULL)
    {
      if (!mg_json_get_choice (o, path, "city", kind, mk_city_ids + 1, &v, error))
        return FALSE;
      l->city = v + 1;
    }
  l->wall = WALL_NONE;
  if (mg_json_member (o, "wall") != NULL)
    {
      if (!mg_json_get_choice (o, path, "wall", kind, mk_wall_ids + 1, &v, error))
        return FALSE;
      l->wall = v + 1;
    }
  if (!mg_json_opt_bool (o, path, "capital", kind, &l->capital, error) ||
      !mg_json_opt_bool (o, path, "camp", kind, &l->camp, error))
    return FALSE;
  if (l->capital && l->owner < 0)
    return map_error (error, kind, _("%s.capital: a capital needs an \"owner\""), path);
  if (l->wall != WALL_NONE && l->city == CITY_NONE)
    return map_error (error, kind, _("%s.wall: walls stand around a hamlet, village or town; %s has no city"),
                      path, l->name);
  if ((res = mg_json_member (o, "resources")) != NULL)
    {
      g_autofree char *rpath = mk_path_key (path, "resources");
      MkPurse p;
      if (!mk_purse_parse (res, rpath, kind, 0, &p, error))
        return FALSE;
      if (p.gp != 0)
        return map_error (error, kind, _("%s.gp: gold does not lie on a land; only wood, stone, food, iron"), rpath);
      for (guint r = 0; r < MK_N_RES; r++)
        l->lying[r] = (guint) p.res[r];
    }
  l->claim = -1;
  if ((claim = mg_json_member (o, "claim")) != NULL)
    {
      g_autofree char *cpath = mk_path_key (path, "claim");
      if (!mg_json_object (claim, cpath, kind, error) ||
          !get_leader (claim, cpath, "leader", kind, leaders, n_leaders, &l->claim, error) ||
          !mg_json_get_uint (claim, cpath, "turn", kind, 1, G_MAXINT32, &l->claim_turn, error))
        return FALSE;
      if (l->claim < 0)
        return map_error (error, kind, _("%s.leader: a claim needs a leader"), cpath);
    }
  return TRUE;
}

/* A pair [A, B] of known node names; marks allowed if `marks` is not NULL. */
static gboolean
parse_pair (json_object *o, const char *path, MgJsonErr kind, const MkMap *map, char **marks,
            GPtrArray *out, GError **error)
{
  gsize n;

  if (!mg_json_array (o, path, kind, 2, 2, &n, error))
    return FALSE;
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *ip = mk_path_index (path, i);
      const char *s;
      if (!mg_json_string (json_object_array_get_idx (o, i), ip, kind, &s, error))
        return FALSE;
      if (mk_map_land_index (map, s) < 0 &&
          (marks == NULL || !g_strv_contains ((const char * const *) marks, s)))
        return map_error (error, kind, marks ? _("%s: \"%s\" is neither a land nor a wave mark of this river")
                                             : _("%s: \"%s\" is not a land of this map"), ip, s);
      g_ptr_array_add (out, g_strdup (s));
    }
  if (strcmp (g_ptr_array_index (out, out->len - 2), g_ptr_array_index (out, out->len - 1)) == 0)
    return map_error (error, kind, _("%s: joins \"%s\" to itself"), path, (char *) g_ptr_array_index (out, out->len - 1));
  return TRUE;
}

static gboolean
parse_river (json_object *o, const char *path, MgJsonErr kind, const MkMap *map, MkRiver *r, GError **error)
{
  static const char * const known[] = { "name", "size", "crossings", "marks", "links", NULL };
  static const char * const sizes[] = { "small", "large", NULL };
  const char *name;
  guint size;
  json_object *pairs;

  if (!mg_json_object (o, path, kind, error) || !mg_json_only (o, path, kind, known, error) ||
      !mg_json_get_string (o, path, "name", kind, &name, error))
    return FALSE;
  r->name = g_strdup (name);
  if (!mg_json_get_choice (o, path, "size", kind, sizes, &size, error))
    return FALSE;
  r->large = size == 1;
  if (r->large)
    {
      g_autofree char *mpath = mk_path_key (path, "marks");
      json_object *marks = mg_json_member (o, "marks");
      g_auto(GStrv) names = NULL;
      gsize n = 0;
      if ((marks != NULL && !mg_json_array (marks, mpath, kind, 0, 1000, &n, error)) ||
          !read_strv (marks, mpath, kind, &names, error))
        return FALSE;
      /* Checked before this river's marks are set, so a mark is compared with the other rivers'. */
      for (guint i = 0; names[i]; i++)
        if (mk_map_land_index (map, names[i]) >= 0 || mk_map_is_mark (map, names[i]))
          return map_error (error, kind, _("%s[%u]: \"%s\" already names a land or a wave mark"), mpath, i,
                            names[i]);
      r->marks = g_steal_pointer (&names);
      for (guint i = 0; r->marks[i]; i++)
        for (guint j = 0; j < i; j++)
          if (strcmp (r->marks[i], r->marks[j]) == 0)
            return map_error (error, kind, _("%s[%u]: \"%s\" is listed twice"), mpath, i, r->marks[i]);
    }
  else if (mg_json_member (o, "marks") || mg_json_member (o, "links"))
    return map_error (error, kind, _("%s: a small river has \"crossings\", not wave marks or links"), path);

  if ((pairs = mg_json_get_array (o, path, r->large ? "links" : "crossings", kind, 1, 1000, error)) == NULL)
    return FALSE;
  {
    g_autofree char *ppath = mk_path_key (path, r->large ? "links" : "crossings");
    for (guint i = 0; i < json_object_array_length (pairs); i++)
      {
        g_autofree char *ip = mk_path_index (ppath, i);
        if (!parse_pair (json_object_array_get_idx (pairs, i), ip, kind, map, r->large ? r->marks : NULL,
                         r->pairs, error))
          return FALSE;
      }
  }
  return TRUE;
}

gboolean
mk_river_links (const MkRiver *r, const char *a, const char *b)
{
  for (guint k = 0; k + 1 < r->pairs->len; k += 2)
    {
      const char *x = g_ptr_array_index (r->pairs, k), *y = g_ptr_array_index (r->pairs, k + 1);
      if ((strcmp (x, a) == 0 && strcmp (y, b) == 0) || (strcmp (x, b) == 0 && strcmp (y, a) == 0))
        return TRUE;
    }
  return FALSE;
}

static MkRiver *
find_crossing (const MkMap *map, const char *river, const char *a, const char *b)
{
  for (guint i = 0; i < map->rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (map->rivers, i);
      if (!r->large && strcmp (r->name, river) == 0 && mk_river_links (r, a, b))
        return r;
    }
  return NULL;
}

/* The lands, each parsed, their names all different. */
static gboolean
map_parse_lands (json_object *lands, const char *lpath, MgJsonErr kind, char **leaders, guint n_leaders,
                 MkMap *map, GError **error)
{
  for (guint i = 0; i < json_object_array_length (lands); i++)
    {
      g_autofree char *ip = mk_path_index (lpath, i);
      MkLand *l = g_new0 (MkLand, 1);
      g_ptr_array_add (map->lands, l);
      if (!parse_land (json_object_array_get_idx (lands, i), ip, kind, leaders, n_leaders, l, error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (strcmp (((MkLand *) g_ptr_array_index (map->lands, j))->name, l->name) == 0)
          {
            map_error (error, kind, _("%s.name: \"%s\" is already the name of %s[%u]"), ip, l->name, lpath, j);
            return FALSE;
          }
    }
  return TRUE;
}

/* Adjacency: known lands, not itself, no repeats, and listed from both sides. */
static gboolean
map_check_adjacency (const MkMap *map, const char *lpath, MgJsonErr kind, GError **error)
{
  for (guint i = 0; i < map->lands->len; i++)
    {
      MkLand *l = g_ptr_array_index (map->lands, i);
      for (guint k = 0; l->adjacent[k]; k++)
        {
          g_autofree char *ip = mk_paths () ? g_strdup_printf ("%s[%u].adjacent[%u]", lpath, i, k) : NULL;
          MkLand *o = mk_map_land (map, l->adjacent[k]);
          if (o == NULL)
            return map_error (error, kind, _("%s: \"%s\" is not a land of this map"), ip, l->adjacent[k]);
          if (o == l)
            return map_error (error, kind, _("%s: %s cannot be adjacent to itself"), ip, l->name);
          for (guint j = 0; j < k; j++)
            if (strcmp (l->adjacent[j], l->adjacent[k]) == 0)
              return map_error (error, kind, _("%s: \"%s\" is listed twice"), ip, l->adjacent[k]);
          if (!g_strv_contains ((const char * const *) o->adjacent, l->name))
            return map_error (error, kind, _("%s[%u].adjacent: %s lists %s but %s does not list %s"),
                              lpath, i, l->name, o->name, o->name, l->name);
        }
    }
  return TRUE;
}

/* The rivers (optional), each parsed, their names all different. */
static gboolean
map_parse_rivers (json_object *rivers, const char *path, MgJsonErr kind, MkMap *map, GError **error)
{
  g_autofree char *rpath = mk_path_key (path, "rivers");
  gsize n;

  if (rivers == NULL)
    return TRUE;
  if (!mg_json_array (rivers, rpath, kind, 0, 1000, &n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ip = mk_path_index (rpath, i);
      MkRiver *r = g_new0 (MkRiver, 1);
      /* Read before it joins the map, so a bad river is freed whole (its pairs are made
       * only once it is an object with a name) and never met by the other rivers' checks. */
      r->pairs = g_ptr_array_new_with_free_func (g_free);
      if (!parse_river (json_object_array_get_idx (rivers, i), ip, kind, map, r, error))
        {
          river_free (r);
          return FALSE;
        }
      g_ptr_array_add (map->rivers, r);
      for (guint j = 0; j < i; j++)
        if (strcmp (((MkRiver *) g_ptr_array_index (map->rivers, j))->name, r->name) == 0)
          return map_error (error, kind, _("%s.name: \"%s\" is already the name of %s[%u]"), ip, r->name, rpath, j);
    }
  return TRUE;
}

/* One bridge, over a crossing of a small river of the map. */
static gboolean
map_parse_bridge (json_object *o, const char *ip, MgJsonErr kind, char **leaders, guint n_leaders, MkMap *map,
                  GError **error)
{
  static const char * const bknown[] = { "river", "a", "b", "by", NULL };
  const char *river, *a, *b;
  MkBridge *br;
  gint by;

  if (!mg_json_object (o, ip, kind, error) || !mg_json_only (o, ip, kind, bknown, error) ||
      !mg_json_get_string (o, ip, "river", kind, &river, error) ||
      !mg_json_get_string (o, ip, "a", kind, &a, error) ||
      !mg_json_get_string (o, ip, "b", kind, &b, error) ||
      !get_leader (o, ip, "by", kind, leaders, n_leaders, &by, error))
    return FALSE;
  if (find_crossing (map, river, a, b) == NULL)
    return map_error (error, kind, _("%s: the small river \"%s\" has no crossing between %s and %s"),
                      ip, river, a, b);
  br = g_new0 (MkBridge, 1);
  br->river = g_strdup (river);
  br->a = g_strdup (a);
  br->b = g_strdup (b);
  br->by = by;
  g_ptr_array_add (map->bridges, br);
  return TRUE;
}

/* The bridges (optional). */
static gboolean
map_parse_bridges (json_object *bridges, const char *path, MgJsonErr kind, char **leaders, guint n_leaders,
                   MkMap *map, GError **error)
{
  g_autofree char *bpath = mk_path_key (path, "bridges");
  gsize n;

  if (bridges == NULL)
    return TRUE;
  if (!mg_json_array (bridges, bpath, kind, 0, 1000, &n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ip = mk_path_index (bpath, i);
      if (!map_parse_bridge (json_object_array_get_idx (bridges, i), ip, kind, leaders, n_leaders, map, error))
        return FALSE;
    }
  return TRUE;
}

/* The capitals (optional), lands of the map. */
static gboolean
map_parse_capitals (json_object *capitals, const char *path, MgJsonErr kind, MkMap *map, GError **error)
{
  gsize n = 0;
  g_autofree char *cpath = mk_path_key (path, "capitals");

  g_clear_pointer (&map->capitals, g_strfreev);
  if ((capitals != NULL && !mg_json_array (capitals, cpath, kind, 0, 1000, &n, error)) ||
      !read_strv (capitals, cpath, kind, &map->capitals, error))
    return FALSE;
  for (guint i = 0; map->capitals[i]; i++)
    if (mk_map_land (map, map->capitals[i]) == NULL)
      return map_error (error, kind, _("%s[%u]: \"%s\" is not a land of this map"), cpath, i, map->capitals[i]);
  return TRUE;
}

static gboolean
map_parse (json_object *json, const char *path, MgJsonErr kind, char **leaders, guint n_leaders,
           MkMap *map, GError **error)
{
  static const char * const known[] = { "lands", "rivers", "bridges", "capitals", NULL };
  json_object *lands;
  g_autofree char *lpath = mk_path_key (path, "lands");

  mk_map_init (map);
  if (!mg_json_object (json, path, kind, error) || !mg_json_only (json, path, kind, known, error) ||
      (lands = mg_json_get_array (json, path, "lands", kind, 0, 1000, error)) == NULL ||
      !map_parse_lands (lands, lpath, kind, leaders, n_leaders, map, error) ||
      !map_check_adjacency (map, lpath, kind, error) ||
      !map_parse_rivers (mg_json_member (json, "rivers"), path, kind, map, error) ||
      !map_parse_bridges (mg_json_member (json, "bridges"), path, kind, leaders, n_leaders, map, error) ||
      !map_parse_capitals (mg_json_member (json, "capitals"), path, kind, map, error))
    {
      mk_map_clear (map);
      return FALSE;
    }
  return TRUE;
}

gboolean
mk_map_parse (json_object *json, const char *path, MgJsonErr kind, char **leaders, guint n_leaders,
              MkMap *map, GError **error)
{
  gboolean was, ok;

  if (!mk_paths () && map_parse (json, path, kind, leaders, n_leaders, map, NULL))
    return TRUE;
  was = mk_paths_begin ();
  ok = map_parse (json, path, kind, leaders, n_leaders, map, error);
  mk_paths_end (was);
  return ok;
}

/* ---------------------------------------------------------------- copies */

gpointer
mk_str_copy (gconstpointer s, gpointer unused)
{
  return g_strdup (s);
}

void
mk_record_own (gpointer record, const MkRecordKind *kind)
{
  for (guint i = 0; i < kind->n_strings; i++)
    {
      char **s = &G_STRUCT_MEMBER (char *, record, kind->strings[i]);
      *s = g_strdup (*s);
    }
}

void
mk_record_free (gpointer record, const MkRecordKind *kind)
{
  for (guint i = 0; i < kind->n_strings; i++)
    g_free (G_STRUCT_MEMBER (char *, record, kind->strings[i]));
  g_free (record);
}

gpointer
mk_record_copy (gconstpointer from, gpointer kind)
{
  gpointer to = g_memdup2 (from, ((const MkRecordKind *) kind)->size);

  mk_record_own (to, kind);
  return to;
}

GPtrArray *
mk_list_copy (GPtrArray *from, GCopyFunc copy, gconstpointer data, GDestroyNotify free_func)
{
  GPtrArray *to = g_ptr_array_copy (from, copy, (gpointer) data);

  g_ptr_array_set_free_func (to, free_func);
  return to;
}

/* A land copied: its name and neighbours shared (see strv_shared), its changing fields its own. */
static gpointer
land_copy (gconstpointer from, gpointer unused)
{
  MkLand *to = g_memdup2 (from, sizeof (MkLand));

  to->name = g_ref_string_acquire (to->name);
  to->adjacent = g_atomic_rc_box_acquire (to->adjacent);
  return to;
}

void
mk_map_copy (const MkMap *from, MkMap *to)
{
  to->lands = mk_list_copy (from->lands, land_copy, NULL, (GDestroyNotify) land_free);
  to->rivers = g_ptr_array_ref (from->rivers);
  to->bridges = mk_list_copy (from->bridges, mk_record_copy, &bridge_kind, (GDestroyNotify) bridge_free);
  to->capitals = g_strdupv (from->capitals);
}

static json_object *
strv_json (char **v)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; v && v[i]; i++)
    json_object_array_add (a, json_object_new_string (v[i]));
  return a;
}

json_object *
mk_map_json (const MkMap *map, char **leaders)
{
  json_object *o = json_object_new_object ();
  json_object *lands = json_object_new_array (), *rivers = json_object_new_array (),
              *bridges = json_object_new_array ();

  for (guint i = 0; i < map->lands->len; i++)
    {
      MkLand *l = g_ptr_array_index (map->lands, i);
      json_object *lo = json_object_new_object (), *res = json_object_new_object ();
      json_object_object_add (lo, "name", json_object_new_string (l->name));
      json_object_object_add (lo, "resource", json_object_new_string (mk_res_ids[l->resource]));
      json_object_object_add (lo, "adjacent", strv_json (l->adjacent));
      json_object_object_add (lo, "owner", l->owner >= 0 ? json_object_new_string (leaders[l->owner]) : NULL);
      json_object_object_add (lo, "city", l->city ? json_object_new_string (mk_city_ids[l->city]) : NULL);
      json_object_object_add (lo, "capital", json_object_new_boolean (l->capital));
      json_object_object_add (lo, "wall", l->wall ? json_object_new_string (mk_wall_ids[l->wall]) : NULL);
      json_object_object_add (lo, "camp", json_object_new_boolean (l->camp));
      for (guint r = 0; r < MK_N_RES; r++)
        json_object_object_add (res, mk_res_ids[r], json_object_new_int64 (l->lying[r]));
      json_object_object_add (lo, "resources", res);
      if (l->claim >= 0)
        {
          json_object *c = json_object_new_object ();
          json_object_object_add (c, "leader", json_object_new_string (leaders[l->claim]));
          json_object_object_add (c, "turn", json_object_new_int64 (l->claim_turn));
          json_object_object_add (lo, "claim", c);
        }
      else
        json_object_object_add (lo, "claim", NULL);
      json_object_array_add (lands, lo);
    }
  for (guint i = 0; i < map->rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (map->rivers, i);
      json_object *ro = json_object_new_object (), *pairs = json_object_new_array ();
      json_object_object_add (ro, "name", json_object_new_string (r->name));
      json_object_object_add (ro, "size", json_object_new_string (r->large ? "large" : "small"));
      if (r->large)
        json_object_object_add (ro, "marks", strv_json (r->marks));
      for (guint k = 0; k + 1 < r->pairs->len; k += 2)
        {
          json_object *p = json_object_new_array ();
          json_object_array_add (p, json_object_new_string (g_ptr_array_index (r->pairs, k)));
          json_object_array_add (p, json_object_new_string (g_ptr_array_index (r->pairs, k + 1)));
          json_object_array_add (pairs, p);
        }
      json_object_object_add (ro, r->large ? "links" : "crossings", pairs);
      json_object_array_add (rivers, ro);
    }
  for (guint i = 0; i < map->bridges->len; i++)
    {
      MkBridge *b = g_ptr_array_index (map->bridges, i);
      json_object *bo = json_object_new_object ();
      json_object_object_add (bo, "river", json_object_new_string (b->river));
      json_object_object_add (bo, "a", json_object_new_string (b->a));
      json_object_object_add (bo, "b", json_object_new_string (b->b));
      json_object_object_add (bo, "by", b->by >= 0 ? json_object_new_string (leaders[b->by]) : NULL);
      json_object_array_add (bridges, bo);
    }
  json_object_object_add (o, "lands", lands);
  json_object_object_add (o, "rivers", rivers);
  json_object_object_add (o, "bridges", bridges);
  json_object_object_add (o, "capitals", strv_json (map->capitals));
  return o;
}

/* ---------------------------------------------------------------- the ruleset */

void
mk_ruleset_clear (MkRuleset *rs)
{
  for (guint i = 0; i < rs->n_seasons; i++)
    g_free (rs->seasons[i].name);
  g_clear_pointer (&rs->seasons, g_free);
  rs->n_seasons = 0;
  g_clear_pointer (&rs->colours, g_strfreev);
  g_clear_pointer (&rs->map, json_object_put);
  mk_map_clear (&rs->sample);
}

MkRuleset *
mk_ruleset_new (json_object *root, GError **error)
{
  MkRuleset *rs = g_rc_box_new0 (MkRuleset);

  if (!mk_ruleset_parse (root, rs, error))
    {
      g_rc_box_release (rs);
      return NULL;
    }
  return rs;
}

MkRuleset *
mk_ruleset_ref (MkRuleset *rs)
{
  return g_rc_box_acquire (rs);
}

void
mk_ruleset_unref (MkRuleset *rs)
{
  g_rc_box_release_full (rs, (GDestroyNotify) mk_ruleset_clear);
}

static gboolean
parse_cost_table (json_object *root, const char *key, const char * const *ids, guint n, MkPurse *out,
                  GError **error)
{
  g_autofree char *path = mg_json_path_key ("$", key);
  json_object *o = mg_json_get_object (root, "$", key, MK_RULESET_ERR, error);

  if (o == NULL || !mg_json_only (o, path, MK_RULESET_ERR, ids, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ip = mg_json_path_key (path, ids[i]);
      json_object *v = mg_json_get_object (o, path, ids[i], MK_RULESET_ERR, error);
      if (v == NULL || !mk_purse_parse (v, ip, MK_RULESET_ERR, 0, &out[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_units (json_object *root, MkRuleset *rs, GError **error)
{
  static const char * const known[] = { "cost", "rule", NULL };
  json_object *units = mg_json_get_object (root, "$", "units", MK_RULESET_ERR, error);

  if (units == NULL || !mg_json_only (units, "$.units", MK_RULESET_ERR, mk_unit_ids, error))
    return FALSE;
  for (guint u = 0; u < MK_N_UNITS; u++)
    {
      g_autofree char *up = mg_json_path_key ("$.units", mk_unit_ids[u]);
      g_autofree char *cp = mg_json_path_key (up, "cost");
      json_object *o = mg_json_get_object (units, "$.units", mk_unit_ids[u], MK_RULESET_ERR, error);
      json_object *cost;
      const char *rule;
      if (o == NULL || !mg_json_only (o, up, MK_RULESET_ERR, known, error) ||
          (cost = mg_json_get_object (o, up, "cost", MK_RULESET_ERR, error)) == NULL ||
          !mk_purse_parse (cost, cp, MK_RULESET_ERR, 0, &rs->units[u], error) ||
          !mg_json_opt_string (o, up, "rule", MK_RULESET_ERR, &rule, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_income (json_object *root, MkRuleset *rs, GError **error)
{
  static const char * const known[] = { "gp", "resources", NULL };
  json_object *inc = mg_json_get_object (root, "$", "income", MK_RULESET_ERR, error);

  if (inc == NULL || !mg_json_only (inc, "$.income", MK_RULESET_ERR, mk_city_ids + 1, error))
    return FALSE;
  for (guint c = CITY_HAMLET; c < MK_N_CITY; c++)
    {
      g_autofree char *p = mg_json_path_key ("$.income", mk_city_ids[c]);
      json_object *o = mg_json_get_object (inc, "$.income", mk_city_ids[c], MK_RULESET_ERR, error);
      if (o == NULL || !mg_json_only (o, p, MK_RULESET_ERR, known, error) ||
          !mg_json_get_uint (o, p, "gp", MK_RULESET_ERR, 0, 1000, &rs->income_gp[c], error) ||
          !mg_json_get_uint (o, p, "resources", MK_RULESET_ERR, 0, 1000, &rs->income_res[c], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_army_units (json_object *o, const char *path, guint *out, GError **error)
{
  memset (out, 0, sizeof (guint) * MK_N_UNITS);
  if (!mg_json_object (o, path, MK_RULESET_ERR, error) || !mg_json_only (o, path, MK_RULESET_ERR, mk_unit_ids, error))
    return FALSE;
  for (guint u = 0; u < MK_N_UNITS; u++)
    if (mg_json_member (o, mk_unit_ids[u]) &&
        !mg_json_get_uint (o, path, mk_unit_ids[u], MK_RULESET_ERR, 0, 4, &out[u], error))
      return FALSE;
  return TRUE;
}

static gboolean
parse_small (json_object *root, MkRuleset *rs, GError **error)
{
  static const char * const army_k[] = { "max_units", "max_archers", "max_catapults", NULL };
  static const char * const wall_k[] = { "stops_archers", "multiplier", NULL };
  static const char * const walls_k[] = { "wood", "stone", NULL };
  static const char * const forced_k[] = { "extra_lands", "food_per_unit", "once_per", NULL };
  static const char * const once_ids[] = { "turn", "game", NULL };
  static const char * const food_k[] = { "food_per_unit", NULL };
  static const char * const nav_k[] = { "steps", NULL };
  static const char * const control_k[] = { "counts_as_move", NULL };
  static const char * const bonus_k[] = { "gp", NULL };
  static const char * const gm_k[] = { "rotation", NULL };
  json_object *o, *walls;
  guint v;

  if ((o = mg_json_get_object (root, "$", "army", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (o, "$.army", MK_RULESET_ERR, army_k, error) ||
      !mg_json_get_uint (o, "$.army", "max_units", MK_RULESET_ERR, 1, 100, &rs->max_units, error) ||
      !mg_json_get_uint (o, "$.army", "max_archers", MK_RULESET_ERR, 0, rs->max_units, &rs->max_archers, error) ||
      !mg_json_get_uint (o, "$.army", "max_catapults", MK_RULESET_ERR, 0, rs->max_units, &rs->max_catapults, error))
    return FALSE;

  if ((walls = mg_json_get_object (root, "$", "walls", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (walls, "$.walls", MK_RULESET_ERR, walls_k, error))
    return FALSE;
  rs->wall_multiplier[WALL_NONE] = 1;
  for (guint w = WALL_WOOD; w < MK_N_WALL; w++)
    {
      g_autofree char *p = mg_json_path_key ("$.walls", mk_wall_ids[w]);
      if ((o = mg_json_get_object (walls, "$.walls", mk_wall_ids[w], MK_RULESET_ERR, error)) == NULL ||
          !mg_json_only (o, p, MK_RULESET_ERR, wall_k, error) ||
          !mg_json_get_bool (o, p, "stops_archers", MK_RULESET_ERR, &rs->wall_stops_archers[w], error) ||
          !mg_json_get_uint (o, p, "multiplier", MK_RULESET_ERR, 1, 10, &rs->wall_multiplier[w], error))
        return FALSE;
    }

  if (!mg_json_get_uint (root, "$", "heavy_draw_weight", MK_RULESET_ERR, 1, 10, &rs->heavy_draw_weight, error) ||
      !mg_json_get_uint (root, "$", "move_lands", MK_RULESET_ERR, 1, 10, &rs->move_lands, error) ||
      !mg_json_get_uint (root, "$", "cavalry_lands", MK_RULESET_ERR, 1, 10, &rs->cavalry_lands, error) ||
      !mg_json_get_bool (root, "$", "capital_yields", MK_RULESET_ERR, &rs->capital_yields, error))
    return FALSE;

  if ((o = mg_json_get_object (root, "$", "forced_walk", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (o, "$.forced_walk", MK_RULESET_ERR, forced_k, error) ||
      !mg_json_get_uint (o, "$.forced_walk", "extra_lands", MK_RULESET_ERR, 0, 10, &rs->forced_extra, error) ||
      !mg_json_get_uint (o, "$.forced_walk", "food_per_unit", MK_RULESET_ERR, 0, 1000, &rs->forced_food, error) ||
      !mg_json_get_choice (o, "$.forced_walk", "once_per", MK_RULESET_ERR, once_ids, &v, error))
    return FALSE;
  rs->forced_once_per_game = v == 1;

  if ((o = mg_json_get_object (root, "$", "reinforcement", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (o, "$.reinforcement", MK_RULESET_ERR, food_k, error) ||
      !mg_json_get_uint (o, "$.reinforcement", "food_per_unit", MK_RULESET_ERR, 0, 1000, &rs->reinforce_food, error) ||
      (o = mg_json_get_object (root, "$", "navigation", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (o, "$.navigation", MK_RULESET_ERR, nav_k, error) ||
      !mg_json_get_uint (o, "$.navigation", "steps", MK_RULESET_ERR, 1, 100, &rs->navigation_steps, error) ||
      (o = mg_json_get_object (root, "$", "model_bonus", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (o, "$.model_bonus", MK_RULESET_ERR, bonus_k, error) ||
      !mg_json_get_uint (o, "$.model_bonus", "gp", MK_RULESET_ERR, 0, 1000, &rs->model_bonus_gp, error) ||
      (o = mg_json_get_object (root, "$", "gm", MK_RULESET_ERR, error)) == NULL ||
      !mg_json_only (o, "$.gm", MK_RULESET_ERR, gm_k, error) ||
      !mg_json_get_choice (o, "$.gm", "rotation", MK_RULESET_ERR, mk_gm_ids, &v, error))
    return FALSE;
  rs->gm_rotation = v;

  /* Optional so that campaigns saved before it existed still open: default true. */
  rs->control_counts_as_move = TRUE;
  if (mg_json_member (root, "take_control") &&
      ((o = mg_json_get_object (root, "$", "take_control", MK_RULESET_ERR, error)) == NULL ||
       !mg_json_only (o, "$.take_control", MK_RULESET_ERR, control_k, error) ||
       !mg_json_get_bool (o, "$.take_control", "counts_as_move", MK_RULESET_ERR, &rs->control_counts_as_move, error)))
    return FALSE;
  return TRUE;
}

static gboolean
parse_seasons (json_object *root, MkRuleset *rs, GError **error)
{
  static const char * const known[] = { "name", "turns", "moves", NULL };
  json_object *a = mg_json_get_array (root, "$", "seasons", MK_RULESET_ERR, 1, 24, error);

  if (a == NULL)
    return FALSE;
  rs->seasons = g_new0 (MkSeason, json_object_array_length (a));
  for (guint i = 0; i < json_object_array_length (a); i++)
    {
      g_autofree char *p = mg_json_path_index ("$.seasons", i);
      json_object *o = json_object_array_get_idx (a, i);
      MkSeason *s = &rs->seasons[i];
      const char *name;
      if (!mg_json_object (o, p, MK_RULESET_ERR, error) || !mg_json_only (o, p, MK_RULESET_ERR, known, error) ||
          !mg_json_get_string (o, p, "name", MK_RULESET_ERR, &name, error))
        return FALSE;
      s->name = g_strdup (name);
      rs->n_seasons = i + 1;
      if (!mg_json_get_uint (o, p, "turns", MK_RULESET_ERR, 1, 100, &s->turns, error) ||
          !mg_json_get_uint (o, p, "moves", MK_RULESET_ERR, 0, 100, &s->moves, error))
        return FALSE;
      rs->year_turns += s->turns;
    }
  return TRUE;
}

static gboolean
parse_start (json_object *root, MkRuleset *rs, GError **error)
{
  static const char * const known[] = { "treasury", "capital_city", "army", NULL };
  json_object *o = mg_json_get_object (root, "$", "start", MK_RULESET_ERR, error), *v;
  guint c;

  if (o == NULL || !mg_json_only (o, "$.start", MK_RULESET_ERR, known, error) ||
      (v = mg_json_get_object (o, "$.start", "treasury", MK_RULESET_ERR, error)) == NULL ||
      !mk_purse_parse (v, "$.start.treasury", MK_RULESET_ERR, 0, &rs->start_purse, error) ||
      !mg_json_get_choice (o, "$.start", "capital_city", MK_RULESET_ERR, mk_city_ids, &c, error) ||
      (v = mg_json_get_object (o, "$.start", "army", MK_RULESET_ERR, error)) == NULL ||
      !parse_army_units (v, "$.start.army", rs->start_army, error))
    return FALSE;
  rs->start_city = c;
  if (mk_purse_units (rs->start_army) > rs->max_units)
    return map_error (error, MK_RULESET_ERR, _("$.start.army: %u units, more than $.army.max_units (%u)"),
                      mk_purse_units (rs->start_army), rs->max_units);
  return TRUE;
}

static gboolean
parse_colours (json_object *root, MkRuleset *rs, GError **error)
{
  json_object *a = mg_json_get_array (root, "$", "colours", MK_RULESET_ERR, MK_MAX_LEADERS, 100, error);

  return a != NULL && read_strv (a, "$.colours", MK_RULESET_ERR, &rs->colours, error);
}

gboolean
mk_ruleset_parse (json_object *root, MkRuleset *rs, GError **error)
{
  static const char * const known[] = {
    "game", "name", "notes", "income", "capital_yields", "costs", "units", "army", "walls",
    "heavy_draw_weight", "move_lands", "cavalry_lands", "seasons", "forced_walk", "reinforcement",
    "navigation", "model_bonus", "gm", "take_control", "start", "colours", "map", NULL };
  json_object *map;

  memset (rs, 0, sizeof *rs);
  if (!mg_json_ruleset_header (root, "mecaknights", MK_RULESET_ERR, known, error) ||
      !parse_income (root, rs, error) ||
      !parse_cost_table (root, "costs", mk_cost_ids, MK_N_COSTS, rs->costs, error) ||
      !parse_units (root, rs, error) ||
      !parse_small (root, rs, error) ||
      !parse_seasons (root, rs, error) ||
      !parse_start (root, rs, error) ||
      !parse_colours (root, rs, error))
    goto fail;

  /* A map to start from (optional: without one a new campaign starts from an empty map; the
   * shipped ruleset has none). Checked as an import with no leaders yet (so no owners). */
  if (mg_json_member (root, "map") != NULL)
    {
      if ((map = mg_json_get_object (root, "$", "map", MK_RULESET_ERR, error)) == NULL ||
          !mk_map_parse (map, "$.map", MK_RULESET_ERR, NULL, 0, &rs->sample, error))
        goto fail;
      json_object_deep_copy (map, &rs->map, NULL);
    }
  else
    mk_map_init (&rs->sample);

  if (!mg_json_ruleset_notes (root, MK_RULESET_ERR, error))
    goto fail;
  return TRUE;

fail:
  mk_ruleset_clear (rs);
  return FALSE;
}
