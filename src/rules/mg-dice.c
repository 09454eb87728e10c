/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-dice.c — dice sources: values typed at the table, or a seeded GRand; every die recorded. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-dice.h"
#include "mg-json.h"

typedef struct {
  guint sides;  /* 0 when the typed value did not say (a bare integer) */
  guint value;
} Die;

struct _MgDice {
  gboolean seeded;  /* FALSE for a typed source */
  guint32 seed;
  GRand  *rand;     /* made on the first roll: most actions roll nothing */
  GArray *typed;    /* Die: the values to hand out, in order */
  guint   ones;     /* > 0: a typed source of this many dice that all show 1 (no array) */
  guint   next;     /* index of the next typed value */
  GArray *record;   /* Die: every die handed out, in order */
};

G_DEFINE_QUARK (mg-dice-error-quark, mg_dice_error)

static MgDice *
dice_new (void)
{
  MgDice *dice = g_new0 (MgDice, 1);
  dice->typed = g_array_new (FALSE, FALSE, sizeof (Die));
  dice->record = g_array_new (FALSE, FALSE, sizeof (Die));
  return dice;
}

MgDice *
mg_dice_new_typed (const guint *values, gsize n_values)
{
  MgDice *dice = dice_new ();

  for (gsize i = 0; i < n_values; i++)
    {
      Die d = { 0, values[i] };
      g_array_append_val (dice->typed, d);
    }
  return dice;
}

MgDice *
mg_dice_new_ones (guint n)
{
  MgDice *dice = dice_new ();

  dice->ones = n;
  return dice;
}

MgDice *
mg_dice_new_from_json (json_object *array, GError **error)
{
  const MgJsonErr kind = mg_json_err (MG_DICE_ERROR, MG_DICE_ERROR_BAD_JSON);
  g_autoptr(MgDice) dice = dice_new ();
  gsize n;

  if (!mg_json_array (array, "dice", kind, 0, G_MAXSIZE, &n, error))
    return NULL;

  for (gsize i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (array, i);
      g_autofree char *path = mg_json_path_index ("dice", i);
      Die d = { 0, 0 };

      if (json_object_is_type (item, json_type_object))
        {
          static const char * const known[] = { "sides", "value", NULL };
          if (!mg_json_only (item, path, kind, known, error) ||
              !mg_json_get_uint (item, path, "sides", kind, 1, G_MAXINT32, &d.sides, error) ||
              !mg_json_get_uint (item, path, "value", kind, 1, d.sides, &d.value, error))
            return NULL;
        }
      else if (!mg_json_uint (item, path, kind, 1, G_MAXINT32, &d.value, error))
        {
          g_clear_error (error);
          g_autofree char *got = mg_json_describe (item);
          g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_BAD_JSON,
                       _("dice[%zu]: expected a die value (a whole number of at least 1) "
                         "or {\"sides\": S, \"value\": V}, got %s"), i, got);
          return NULL;
        }
      g_array_append_val (dice->typed, d);
    }
  return g_steal_pointer (&dice);
}

MgDice *
mg_dice_new_seeded (guint32 seed)
{
  MgDice *dice = dice_new ();
  dice->seeded = TRUE;
  dice->seed = seed;
  return dice;
}

void
mg_dice_free (MgDice *dice)
{
  if (dice == NULL)
    return;
  g_clear_pointer (&dice->rand, g_rand_free);
  g_array_unref (dice->typed);
  g_array_unref (dice->record);
  g_free (dice);
}

/* One weighted roll: a uniform draw over the weight sum, mapped to the face it falls on, so a
 * meeple with weights 3:2:1 lands 1 exactly 3/6 of the time. */
static guint
roll_one (GRand *rand, guint sides, const guint *weights, guint64 total)
{
  if (weights == NULL)
    return (guint) g_rand_int_range (rand, 1, (gint32) sides + 1);

  guint64 r = (guint64) g_rand_int_range (rand, 0, (gint32) total);
  for (guint face = 0; face < sides; face++)
    {
      if (r < weights[face])
        return face + 1;
      r -= weights[face];
    }
  return sides; /* not reached: r < total */
}

gboolean
mg_dice_roll (MgDice *dice, guint n, guint sides, const guint *weights, guint *out, GError **error)
{
  guint64 total = 0;

  if (sides == 0 || sides > G_MAXINT32 - 1)
    {
      g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE,
                   _("A die must have at least one side (asked for %u)"), sides);
      return FALSE;
    }
  if (weights != NULL)
    {
      for (guint i = 0; i < sides; i++)
        total += weights[i];
      if (total == 0 || total > G_MAXINT32)
        {
          g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE,
                       _("The weights of a %u-sided die must add up to between 1 and %d"), sides, G_MAXINT32);
          return FALSE;
        }
    }

  if (dice->seeded)
    {
      if (dice->rand == NULL)
        dice->rand = g_rand_new_with_seed (dice->seed);
      for (guint i = 0; i < n; i++)
        {
          Die d = { sides, roll_one (dice->rand, sides, weights, total) };
          out[i] = d.value;
          g_array_append_val (dice->record, d);
        }
      return TRUE;
    }

  /* Typed: check every value first, hand out only if all fit. */
  if (n > mg_dice_remaining (dice))
    {
      guint left = mg_dice_remaining (dice);
      g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_NOT_ENOUGH,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%u die is needed but %u value is left",
                                "%u dice are needed but %u values are left", n),
                   n, left);
      return FALSE;
    }
  for (guint i = 0; i < n && dice->ones > 0; i++)
    {
      Die d = { sides, 1 };
      out[i] = 1;
      g_array_append_val (dice->record, d);
    }
  for (guint i = 0; i < n && dice->ones == 0; i++)
    {
      const Die *d = &g_array_index (dice->typed, Die, dice->next + i);
      if (d->sides != 0 && d->sides != sides)
        {
          g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE,
                       _("Die %u was recorded with %u sides, but a %u-sided die is needed"),
                       dice->next + i + 1, d->sides, sides);
          return FALSE;
        }
      if (d->value < 1 || d->value > sides)
        {
          g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE,
                       _("Die %u shows %u, but a %u-sided die shows 1 to %u"),
                       dice->next + i + 1, d->value, sides, sides);
          return FALSE;
        }
    }
  for (guint i = 0; i < n && dice->ones == 0; i++)
    {
      Die d = { sides, g_array_index (dice->typed, Die, dice->next + i).value };
      out[i] = d.value;
      g_array_append_val (dice->record, d);
    }
  dice->next += n;
  return TRUE;
}

guint
mg_dice_count (MgDice *dice)
{
  return dice->record->len;
}

guint
mg_dice_remaining (MgDice *dice)
{
  if (dice->seeded)
    return 0;
  return (dice->ones > 0 ? dice->ones : dice->typed->len) - dice->next;
}

gboolean
mg_dice_is_typed (MgDice *dice)
{
  return !dice->seeded;
}

json_object *
mg_dice_to_json (MgDice *dice)
{
  json_object *array = json_object_new_array_ext ((int) dice->record->len);

  for (guint i = 0; i < dice->record->len; i++)
    {
      const Die *d = &g_array_index (dice->record, Die, i);
      json_object *o = json_object_new_object ();
      json_object_object_add (o, "sides", json_object_new_int64 (d->sides));
      json_object_object_add (o, "value", json_object_new_int64 (d->value));
      json_object_array_add (array, o);
    }
  return array;
}

gboolean
mg_dice_parse_text (const char *text, guint sides, GArray *values, char **message)
{
  g_auto(GStrv) parts = g_regex_split_simple ("[\\s,]+", text != NULL ? text : "", 0, 0);

  g_array_set_size (values, 0);
  for (guint i = 0; parts != NULL && parts[i] != NULL; i++)
    {
      guint64 value;
      guint v;

      if (parts[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 1, sides, &value, NULL))
        {
          if (message != NULL)
            *message = g_strdup_printf (_("“%s” is not a die: type what each die shows, 1 to %u, with spaces between."),
                                        parts[i], sides);
          g_array_set_size (values, 0);
          return FALSE;
        }
      v = (guint) value;
      g_array_append_val (values, v);
    }
  return TRUE;
}
