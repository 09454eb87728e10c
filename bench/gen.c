/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gen.c — builds a big campaign fast for the benchmarks: `mg-bench-gen GAME ROWS OUT`.
 *
 * The campaign is created by mg_campaign_create; the rows are then played by the engine in
 * memory and written straight into the file in large transactions (synchronous off), with the
 * snapshots the campaign's policy (mg-campaign-private.h) would have taken and the entity
 * tables of the last state — the same file `melee-gm-cli act` would have written, at the speed
 * of the engine instead of one commit per row.  The file is opened and its state compared with
 * the generator's before it is accepted.  Each game plays a loop a real campaign repeats: Meeple
 * battles (typed dice, Blue wins on Sweep), TFT practice fights between two figures of the
 * roster, MecaKnights seasons of collect and end turn for three leaders, La Mame's year with its
 * secret steps going on in winter, and a four-player Cricchio game that goes on (each below
 * says why). */
#include <stdio.h>
#include <string.h>
#include <sqlite3.h>
#include <glib.h>
#include <json-c/json.h>

#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-chain.h"
#include "mg-dice.h"
#include "mg-data.h"
#include "mg-game.h"
#include "mg-rules.h"

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

static const char * const meeple_players[] = { "Red", "Blue", NULL };
static const char * const tft_players[] = { "Referee", NULL };
static const char * const mk_players[] = { "Red", "Blue", "Green", NULL };
static const char * const lamame_players[] = { "Red", "Blue", "Green", NULL };
static const char * const cricchio_players[] = { "Black", "Blue", "Red", "White", NULL };

/* La Mame's Melee on the ruleset's 3-player map: a year is all that one game of it holds (the
 * game is over after winter's income, and the engine then refuses every action), so the loop
 * plays the year with its secret steps — spring and fall bids and cards entered hidden on the
 * device, summer's typed after the table's reveal, fall's attack with hidden gold and guess —
 * and the year goes on in winter, where Red's knight rides between North Pass and Oak Hill on
 * its Move card (a knight moves any number of areas on one card). */
static const char * const lamame_year[] = {
  "{\"type\":\"start\",\"start_player\":\"Red\",\"initial_build\":\"introductory\"}",
  "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"}",
  "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Red Ford\"}",
  "{\"type\":\"pass\",\"player\":\"Red\"}",
  "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"}",
  "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Blue Meadow\"}",
  "{\"type\":\"pass\",\"player\":\"Blue\"}",
  "{\"type\":\"build\",\"player\":\"Green\",\"unit\":\"catapult\",\"area\":\"Green Vale\"}",
  "{\"type\":\"build\",\"player\":\"Green\",\"unit\":\"soldier\",\"area\":\"Stonebridge\"}",
  "{\"type\":\"pass\",\"player\":\"Green\"}",
  /* Spring: hidden bids (a tie goes to the start player), hidden cards. */
  "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":0}",
  "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":0}",
  "{\"type\":\"start_bid\",\"player\":\"Green\",\"gold\":0}",
  "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}",
  "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}",
  "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}",
  "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}",
  "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"unit\":\"knight\",\"to\":\"Mill\"}",
  "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Mill\",\"unit\":\"knight\",\"to\":\"Oak Hill\"}",
  "{\"type\":\"end_action\",\"player\":\"Red\"}",
  "{\"type\":\"tax\",\"player\":\"Blue\"}",
  "{\"type\":\"tax\",\"player\":\"Green\"}",
  /* Summer: bids and cards revealed at the table, then typed. */
  "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":0,\"Green\":0}}",
  "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}",
  "{\"type\":\"cards_at_table\"}",
  "{\"type\":\"reveal_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}",
  "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Oak Hill\",\"unit\":\"knight\",\"to\":\"North Pass\"}",
  "{\"type\":\"end_action\",\"player\":\"Red\"}",
  "{\"type\":\"reveal_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}",
  "{\"type\":\"tax\",\"player\":\"Blue\"}",
  "{\"type\":\"reveal_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}",
  "{\"type\":\"tax\",\"player\":\"Green\"}",
  /* Fall: hidden again; Red's knight takes Bluewater (gold 2 against Blue's hidden guess 1). */
  "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}",
  "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":0}",
  "{\"type\":\"start_bid\",\"player\":\"Green\",\"gold\":0}",
  "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}",
  "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}",
  "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}",
  "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}",
  "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"North Pass\",\"unit\":\"knight\",\"to\":\"Bluewater\"}",
  "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":2}",
  "{\"type\":\"guess\",\"player\":\"Blue\",\"guesses\":[1]}",
  "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"Bluewater\",\"unit\":\"knight\",\"to\":\"North Pass\"}",
  "{\"type\":\"end_action\",\"player\":\"Red\"}",
  "{\"type\":\"tax\",\"player\":\"Blue\"}",
  "{\"type\":\"tax\",\"player\":\"Green\"}",
  /* Winter: hidden bids and two cards each; Red taxes, then rides. */
  "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}",
  "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":0}",
  "{\"type\":\"start_bid\",\"player\":\"Green\",\"gold\":0}",
  "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}",
  "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"tax\",\"move\"]}",
  "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\",\"build\"]}",
  "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\",\"build\"]}",
  "{\"type\":\"tax\",\"player\":\"Red\"}",
};

/* Cricchio's Mêlée, four players: one game holds a campaign (the game ends only when one
 * President is left; there is no rematch in the engine and no draw by repetition in the text),
 * so a long campaign is a game that goes on.  What such a game repeats is moves — the loop
 * is each side's Navy out and back, eight plies a cycle, over the whole board of 72 pieces,
 * each move checked by the full move generator and the Mêlée test. */
static const char * const cricchio_cycle[] = {
  "{\"type\":\"move\",\"player\":\"Black\",\"from\":\"g1\",\"to\":\"h3\"}",
  "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"a8\",\"to\":\"c7\"}",
  "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"h14\",\"to\":\"g12\"}",
  "{\"type\":\"move\",\"player\":\"White\",\"from\":\"n7\",\"to\":\"l8\"}",
  "{\"type\":\"move\",\"player\":\"Black\",\"from\":\"h3\",\"to\":\"g1\"}",
  "{\"type\":\"move\",\"player\":\"Blue\",\"from\":\"c7\",\"to\":\"a8\"}",
  "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"g12\",\"to\":\"h14\"}",
  "{\"type\":\"move\",\"player\":\"White\",\"from\":\"l8\",\"to\":\"n7\"}",
};

static void die (const char *what, const char *detail);

/* MecaKnights' sample map: the first line of the game's sample (its import_map). */
static char *
mk_sample_map (void)
{
  const MgGame *game = mg_game_lookup ("mecaknights");
  g_autoptr(GBytes) bytes = NULL;
  const char *text, *end;
  gsize size;

  if (game == NULL || game->n_samples == 0 ||
      !(bytes = mg_data_lookup (game->samples[0].resource, NULL)))
    die ("mecaknights", "the sample is not built in");
  text = g_bytes_get_data (bytes, &size);
  end = memchr (text, '\n', size);
  return g_strndup (text, end != NULL ? (gsize) (end - text) : size);
}

/* The i-th action (from 0) of the game's loop; NULL when the game has none here. */
static char *
action_text (const char *game, guint64 i)
{
  if (g_str_equal (game, "meeple"))
    {
      /* bench/run.py's stream: Red rolls all Punch, Blue all Sweep; the reveal count by the
       * higher casualties (6,5,5,4,4,3) is always >= 3, so Blue wins every battle; a rematch
       * after the sixth. */
      static const int reveal[] = { 6, 5, 5, 4, 4, 3 };
      guint64 k = i % 25, casualties = k / 4;

      if (k == 24)
        return g_strdup ("{\"type\":\"rematch\"}");
      switch (k % 4)
        {
        case 0:
          {
            GString *s = g_string_new ("{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[");
            for (guint64 d = 0; d < 8 - casualties; d++)
              g_string_append (s, d ? ",3" : "3");
            g_string_append (s, "]}");
            return g_string_free (s, FALSE);
          }
        case 1:
          return g_strdup ("{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,1,1,1,1,1,1]}");
        case 2:
          return g_strdup_printf ("{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":%d}",
                                  reveal[casualties]);
        default:
          return g_strdup_printf ("{\"type\":\"pick\",\"player\":\"Blue\",\"sweep\":%d,\"kick\":0,\"punch\":0}",
                                  reveal[casualties]);
        }
    }
  if (g_str_equal (game, "tft"))
    {
      static const char * const setup[] = {
        "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":12,\"dx\":12,"
        "\"weapons\":[\"shortsword\",\"dagger\"],\"armor\":\"chainmail\",\"shield\":\"large_shield\",\"ready\":\"shortsword\"}",
        "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":14,\"dx\":10,"
        "\"weapons\":[\"broadsword\",\"dagger\"],\"ready\":\"broadsword\"}",
      };
      static const char * const fight[] = {
        "{\"type\":\"start_fight\",\"kind\":\"practice\",\"sides\":{\"Romans\":[\"Flavius\"],\"Germans\":[\"Wulf\"]}}",
        "{\"type\":\"initiative\"}",
        "{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"a\",\"moved\":0}",
        "{\"type\":\"option\",\"figure\":\"Wulf\",\"option\":\"a\",\"moved\":0}",
        "{\"type\":\"attacks\"}",
        "{\"type\":\"end_turn\"}",
        "{\"type\":\"end_fight\",\"abandon\":true}",
      };

      if (i < G_N_ELEMENTS (setup))
        return g_strdup (setup[i]);
      return g_strdup (fight[(i - G_N_ELEMENTS (setup)) % G_N_ELEMENTS (fight)]);
    }
  if (g_str_equal (game, "mecaknights"))
    {
      static const char * const setup[] = {
        "{\"type\":\"set_leader\",\"leader\":\"Red\",\"colour\":\"red\",\"capital\":\"Redhold\"}",
        "{\"type\":\"set_leader\",\"leader\":\"Blue\",\"colour\":\"blue\",\"capital\":\"Bluecrest\"}",
        "{\"type\":\"set_leader\",\"leader\":\"Green\",\"colour\":\"green\",\"capital\":\"Greenmoor\"}",
        "{\"type\":\"start\"}",
      };
      guint64 k;

      /* A campaign starts from an empty map: first the sample's own map, as its first line
       * imports it. */
      if (i == 0)
        return mk_sample_map ();
      if (i - 1 < G_N_ELEMENTS (setup))
        return g_strdup (setup[i - 1]);
      k = (i - 1 - G_N_ELEMENTS (setup)) % 6;
      return g_strdup_printf ("{\"type\":\"%s\",\"player\":\"%s\"}", k % 2 ? "end_turn" : "collect",
                              mk_players[k / 2]);
    }
  if (g_str_equal (game, "lamame"))
    {
      guint64 k;

      if (i < G_N_ELEMENTS (lamame_year))
        return g_strdup (lamame_year[i]);
      k = (i - G_N_ELEMENTS (lamame_year)) % 2;
      return g_strdup_printf ("{\"type\":\"move\",\"player\":\"Red\",\"from\":\"%s\",\"unit\":\"knight\",\"to\":\"%s\"}",
                              k ? "Oak Hill" : "North Pass", k ? "North Pass" : "Oak Hill");
    }
  if (g_str_equal (game, "cricchio"))
    return g_strdup (cricchio_cycle[i % G_N_ELEMENTS (cricchio_cycle)]);
  return NULL;
}

static const char * const *
players_of (const char *game)
{
  if (g_str_equal (game, "tft"))
    return tft_players;
  if (g_str_equal (game, "mecaknights"))
    return mk_players;
  if (g_str_equal (game, "lamame"))
    return lamame_players;
  if (g_str_equal (game, "cricchio"))
    return cricchio_players;
  return meeple_players;
}

static void
die (const char *what, const char *detail)
{
  g_printerr ("mg-bench-gen: %s: %s\n", what, detail ? detail : "");
  exit (1);
}

static void
exec_sql (sqlite3 *db, const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    die (sql, message);
}

static void
write_tables (sqlite3 *db, const MgState *state)
{
  g_autoptr(MgRows) built = NULL;
  json_object *tables;

  if (state->rules->tables == NULL)
    return;
  built = mg_rows_new ();
  state->rules->tables (state, built);
  tables = mg_rows_to_json (built);
  json_object_object_foreach (tables, name, rows)
    {
      g_autofree char *del = g_strdup_printf ("DELETE FROM %s", name);

      exec_sql (db, del);
      for (size_t r = 0; r < json_object_array_length (rows); r++)
        {
          json_object *row = json_object_array_get_idx (rows, r);
          g_autoptr(GString) sql = g_string_new (NULL);
          g_autoptr(GString) values = g_string_new (NULL);
          sqlite3_stmt *stmt;
          int n = 0;

          g_string_printf (sql, "INSERT INTO %s (", name);
          json_object_object_foreach (row, key, value)
            {
              (void) value;
              g_string_append_printf (sql, "%s%s", n ? ", " : "", key);
              g_string_append_printf (values, "%s?", n++ ? ", " : "");
            }
          g_string_append_printf (sql, ") VALUES (%s)", values->str);
          if (sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL) != SQLITE_OK)
            die (sql->str, sqlite3_errmsg (db));
          n = 0;
          json_object_object_foreach (row, key2, v)
            {
              (void) key2;
              n++;
              switch (json_object_get_type (v))
                {
                case json_type_null: sqlite3_bind_null (stmt, n); break;
                case json_type_boolean: sqlite3_bind_int (stmt, n, json_object_get_boolean (v)); break;
                case json_type_int: sqlite3_bind_int64 (stmt, n, json_object_get_int64 (v)); break;
                case json_type_double: sqlite3_bind_double (stmt, n, json_object_get_double (v)); break;
                case json_type_string:
                  sqlite3_bind_text (stmt, n, json_object_get_string (v), -1, SQLITE_TRANSIENT); break;
                default:
                  sqlite3_bind_text (stmt, n, json_object_to_json_string_ext (v, JSON_FLAGS), -1, SQLITE_TRANSIENT);
                }
            }
          if (sqlite3_step (stmt) != SQLITE_DONE)
            die (sql->str, sqlite3_errmsg (db));
          sqlite3_finalize (stmt);
        }
    }
  json_object_put (tables);
}

/* --stream GAME FROM COUNT: the loop's actions FROM.. as JSON lines, for `melee-gm-cli act` to
 * continue a generated campaign. */
static int
stream_actions (const char *game, const char *from_text, const char *count_text)
{
  guint64 from = g_ascii_strtoull (from_text, NULL, 10), count = g_ascii_strtoull (count_text, NULL, 10);

  for (guint64 i = from; i < from + count; i++)
    {
      g_autofree char *text = action_text (game, i);

      if (text == NULL)
        die ("no action loop for this game", game);
      puts (text);
    }
  return 0;
}

/* Plays action i of the game's loop on `state` and writes its journal row (and a snapshot when
 * the campaign's policy would take one). */
static void
write_row (sqlite3 *db, sqlite3_stmt *insert, sqlite3_stmt *snap, MgState *state, const char *game,
           guint64 i, gint64 now, guint *since_snap_p)
{
  GError *error = NULL;
  guint since_snap = *since_snap_p;
  g_autofree char *text = action_text (game, i);
  json_object *action = json_tokener_parse (text), *typed = NULL, *clean, *events, *record;
  g_autoptr(MgDice) dice = NULL;
  g_autofree char *summary = NULL;
  const char *actor = "GM";
  json_object *player;
  gint64 seq = (gint64) i + 1;
  gint turn_before = mg_state_turn (state), turn_after;

  clean = json_object_new_object ();
  json_object_object_foreach (action, key, val)
    {
      if (g_str_equal (key, "dice"))
        typed = val;
      else
        json_object_object_add (clean, key, json_object_get (val));
    }
  dice = typed ? mg_dice_new_from_json (typed, &error) : mg_dice_new_seeded ((guint32) (seq * 2654435761u));
  if (dice == NULL)
    die (text, error->message);
  events = mg_state_apply (state, clean, dice, &summary, &error);
  if (events == NULL)
    die (text, error->message);
  record = mg_dice_to_json (dice);
  if (json_object_object_get_ex (clean, "player", &player) && json_object_is_type (player, json_type_string))
    actor = json_object_get_string (player);

  sqlite3_reset (insert);
  sqlite3_bind_int64 (insert, 1, seq);
  sqlite3_bind_int (insert, 2, turn_before);
  sqlite3_bind_text (insert, 3, actor, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 4, json_object_to_json_string_ext (clean, JSON_FLAGS), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 5, json_object_to_json_string_ext (record, JSON_FLAGS), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 6, json_object_to_json_string_ext (events, JSON_FLAGS), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (insert, 7, summary ? summary : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (insert, 8, now + (gint64) i);
  if (sqlite3_step (insert) != SQLITE_DONE)
    die ("insert", sqlite3_errmsg (db));

  /* The campaign's snapshot policy, as in mg-campaign.c's snapshot_due. */
  turn_after = mg_state_turn (state);
  since_snap++;
  if ((turn_after != turn_before && since_snap >= MG_CAMPAIGN_SNAPSHOT_MIN_ROWS) ||
      since_snap >= MG_CAMPAIGN_SNAPSHOT_MAX_ROWS)
    {
      json_object *json = mg_state_to_json (state);

      sqlite3_reset (snap);
      sqlite3_bind_int64 (snap, 1, seq);
      sqlite3_bind_int (snap, 2, turn_after);
      sqlite3_bind_text (snap, 3, json_object_to_json_string_ext (json, JSON_FLAGS), -1, SQLITE_TRANSIENT);
      if (sqlite3_step (snap) != SQLITE_DONE)
        die ("snapshot", sqlite3_errmsg (db));
      json_object_put (json);
      since_snap = 0;
    }
  json_object_put (record);
  json_object_put (events);
  json_object_put (clean);
  json_object_put (action);
  *since_snap_p = since_snap;
}

/* Accepted only if the campaign opens to the same state. */
static void
check_opens (const char *out, MgState *state)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_open (out, &error);
  json_object *a, *b;

  if (campaign == NULL)
    die (out, error->message);
  a = mg_state_to_json (state);
  b = mg_state_to_json (mg_campaign_get_state (campaign));
  if (!g_str_equal (json_object_to_json_string_ext (a, JSON_FLAGS), json_object_to_json_string_ext (b, JSON_FLAGS)))
    die (out, "the campaign does not open to the generated state");
  json_object_put (a);
  json_object_put (b);
}

int
main (int argc, char **argv)
{
  const char *game, *out;
  guint64 rows;
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  json_object *ruleset;
  MgState *state;
  sqlite3 *db;
  sqlite3_stmt *insert, *snap;
  guint since_snap = 0;
  gint64 now = g_get_real_time ();

  if (argc == 5 && g_str_equal (argv[1], "--stream"))
    return stream_actions (argv[2], argv[3], argv[4]);
  if (argc != 4)
    {
      g_printerr ("usage: mg-bench-gen meeple|tft|mecaknights|lamame|cricchio ROWS OUT.db\n"
                  "       mg-bench-gen --stream GAME FROM COUNT\n");
      return 2;
    }
  game = argv[1];
  rows = g_ascii_strtoull (argv[2], NULL, 10);
  out = argv[3];
  if (action_text (game, 0) == NULL)
    die ("no action loop for this game", game);

  campaign = mg_campaign_create (out, game, "Bench", players_of (game), NULL, 1, &error);
  if (campaign == NULL)
    die (out, error->message);
  ruleset = json_object_get (mg_campaign_get_ruleset (campaign));
  state = mg_campaign_get_rules (campaign)->new_state (ruleset, players_of (game), &error);
  if (state == NULL)
    die ("new_state", error->message);
  g_clear_object (&campaign);

  if (sqlite3_open (out, &db) != SQLITE_OK)
    die (out, sqlite3_errmsg (db));
  exec_sql (db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; BEGIN");
  sqlite3_prepare_v2 (db, "INSERT INTO journal (seq, session, turn, actor, action, dice, events, summary, time) "
                          "VALUES (?1, 1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", -1, &insert, NULL);
  sqlite3_prepare_v2 (db, "INSERT INTO snapshot (seq, turn, state) VALUES (?1, ?2, ?3)", -1, &snap, NULL);

  for (guint64 i = 0; i < rows; i++)
    {
      write_row (db, insert, snap, state, game, i, now, &since_snap);
      if ((i + 1) % 20000 == 0)
        exec_sql (db, "COMMIT; BEGIN");
    }
  write_tables (db, state);
  /* The journal's chains (schema 6 and 8), as Melee GM writes them: every row's hashes, oldest first. */
  mg_chain_register (db);
  exec_sql (db, "SELECT mg_chain_fill (); SELECT mg_public_chain_fill ()");
  exec_sql (db, "COMMIT");
  sqlite3_finalize (insert);
  sqlite3_finalize (snap);
  exec_sql (db, "PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite3_close (db);

  check_opens (out, state);
  mg_state_free (state);
  json_object_put (ruleset);
  return 0;
}
