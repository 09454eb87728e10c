/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-private.h — Cricchio's Mêlée engine internals: the board, the move generator, the ruleset. */
#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "mg-game.h"
#include "mg-json.h"
#include "mg-cricchio.h"

G_BEGIN_DECLS

#define CH_RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define CH_ACTION_ERR  mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define CH_STATE_ERR   mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

#define CH_W      14
#define CH_SQ     (CH_W * CH_W)
#define CH_SIDES  4
#define CH_NONE   255
#define CH_MAX_MOVES 512

/* Square s = rank * 14 + file, both from 0 (a1 = 0, n14 = 195). */
typedef enum { T_LAND, T_WATER, T_WALL } ChTerrain;
typedef enum { K_NONE, K_PRESIDENT, K_ADMIRAL, K_GENERAL, K_AIR_FORCE, K_NAVY, K_ARMY, K_MARINE, CH_N_KINDS } ChKind;
typedef enum { SIDE_SOUTH, SIDE_WEST, SIDE_NORTH, SIDE_EAST } ChSide;
typedef enum { V_BASIC, V_ROGUE, V_MINEFIELD, V_AK, V_POINTS, V_SOLITAIRE, V_TEAM, CH_N_VARIANTS } ChVariant;

extern const char * const ch_kind_ids[];     /* "none", "president", … "marine", NULL */
extern const char * const ch_side_ids[];     /* "south", "west", "north", "east", NULL */
extern const char * const ch_variant_ids[];  /* "basic", "rogue", … NULL */
extern const guint ch_variant_min_players[CH_N_VARIANTS];
extern const guint ch_variant_max_players[CH_N_VARIANTS];

/* House rules (declared in mg-cricchio-game.c; ruleset member "house_rules", issue 34). */
#define CH_HR_VICTIM_MOVES_FIRST    "victim_moves_first"
#define CH_HR_UNCOVERED_NEEDS_MELEE "uncovered_threat_needs_melee"
#define CH_HR_FRONT_LATERAL         "marine_front_end_captures_sideways"
#define CH_HR_STEP_OVER_WALL        "marine_double_step_over_wall"
#define CH_HR_EXPLOSION_SCORES      "explosion_kills_score"
#define CH_N_HOUSE_RULES 5
extern const MgHouseRule ch_house_rules[CH_N_HOUSE_RULES];

/* A piece in one byte: kind (bits 0-2), owner side = colour and forward direction (3-4),
 * controlling side (5-6: differs from the owner for a rogue), moved (7: a Marine's first move). */
#define P_KIND(p)   ((p) & 7)
#define P_OWNER(p)  (((p) >> 3) & 3)
#define P_CTRL(p)   (((p) >> 5) & 3)
#define P_MOVED     0x80
#define P_MAKE(k, owner, ctrl, moved) ((guint8) ((k) | ((owner) << 3) | ((ctrl) << 5) | ((moved) ? P_MOVED : 0)))
#define P_SET_CTRL(p, c) ((guint8) (((p) & ~0x60) | ((c) << 5)))
/* (owner, kind) as a bit of a guint32: which pieces a player may not take (unannounced Mêlée). */
#define P_BIT(owner, kind) (1u << ((owner) * 8 + (kind)))

typedef struct {
  guint8 to, p1, p2;   /* a Navy's landing square and the two squares it passes */
} ChKnight;

/* The board's geometry, built once from the ruleset: everything the generator reads. */
typedef struct {
  guint8   terrain[CH_SQ];
  gint8    wall_of[CH_SQ];        /* the side whose edge the wall stands on, or -1 */
  guint8   wall_front[CH_SQ];     /* the wall square furthest from the edge */
  guint8   wall_nb[CH_SQ][2];     /* neighbours along the wall (CH_NONE) */
  gint8    domain[CH_SQ];         /* side whose domain holds the square, or -1 */
  gint8    home[CH_SQ];           /* side whose home side (edge row) the square is, or -1 */
  guint8   nb[CH_SQ][8];          /* neighbour in direction d, or CH_NONE */
  guint8   ray_len[CH_SQ][8];
  guint8   ray[CH_SQ][8][CH_W];
  ChKnight knight[CH_SQ][8];
  guint8   n_knight[CH_SQ];
  guint8   start[CH_SIDES][18];   /* start square of each piece (9 home side, 9 Marines) */
  guint8   start_kind[18];
  guint8   marine_fwd[CH_SIDES][3];   /* forward, forward-left, forward-right (directions) */
  guint8   marine_lat[CH_SIDES][2];
  gint8    fwd_dx[CH_SIDES], fwd_dy[CH_SIDES];
  guint    wall_len[CH_SIDES];
} ChGeom;

/* The parsed ruleset. */
typedef struct {
  ChVariant variant;
  char     *colour[CH_SIDES];
  gint8     seats[CH_SIDES + 1][CH_SIDES];  /* seats_by_players[n-1][i]: side of player i */
  guint8    start_order[9];
  guint8    power[CH_N_KINDS];              /* rank of each kind: 0 strongest (President first) */
  gboolean  double_step_all;
  guint     explosion_radius;
  guint     bare_moves;
  gboolean  victory_any_move;
  gboolean  victim_moves_first;      /* rule 12 not at the turn's start: the victim plays, then the capture */
  gboolean  uncovered_needs_melee;   /* a President (Points: General, Admiral) is taken only after "Mêlée" */
  gboolean  front_lateral_capture;   /* a Marine at a wall's front end also captures sideways */
  gboolean  double_step_over_wall;   /* a Marine's two-square first move may pass over a wall square */
  gboolean  explosion_scores;        /* Points: pieces killed by an explosion score for the Marine's side */
  gint      points[CH_N_KINDS];
  gint      points_to_win;
  guint     mines_per_player, mine_trigger, mine_blast;
  gint8     ak_side, solo_ak_side;
  guint     ak_max_kills, solo_ak_max_kills;
  guint8    solo_order[6];
  gint      solo_in[CH_N_KINDS], solo_out[CH_N_KINDS];
  guint     solo_free_marines;
  gint      solo_marine, solo_lost;
  gint8     partner[CH_SIDES];
} ChRuleset;

/* A move and what the generator knows of it. */
typedef struct {
  guint8 from, to;
} ChMove;

/* The position the generator works on. */
typedef struct {
  const ChGeom    *g;
  const ChRuleset *rs;
  guint8  sq[CH_SQ];
  guint8  stm;                 /* side to move */
  guint8  active;              /* sides still in play (bit per side), the AK included */
  guint8  ak;                  /* the AK's side, or CH_NONE */
  guint8  ak_active;           /* a first kill happened in the AK domain (rule 4) */
  guint8  command;             /* sides that may move their rogues (rogue rule 4) */
  guint8  enemies[CH_SIDES];   /* bit per side each side may capture */
  guint32 forbid;              /* (owner, kind) the side to move may not take (unannounced) */
} ChPos;

/* mg-cricchio-board.c */
gboolean ch_geom_build      (ChGeom *g, json_object *board, const guint8 *start_order, GError **error);
void     ch_pos_setup       (ChPos *p, guint8 sides_mask);
void     ch_pos_refresh     (ChPos *p);          /* recomputes command and enemies */
/* Legal moves of p->stm (pseudo-moves filtered: the President never into Mêlée). */
guint    ch_gen_moves       (const ChPos *p, ChMove *out);
/* The moves of the piece on `from` for its controller, whoever is to move; AK rules included. */
guint    ch_gen_piece       (const ChPos *p, guint8 from, ChMove *out, gboolean legal);
/* Can the piece on `from` capture on `to` (a piece of `victim` standing there)? */
gboolean ch_can_capture     (const ChPos *p, guint8 from, guint8 to);
/* Is the piece standing on `sq` threatened by an enemy of its controller? Sets *by to the
 * square of one attacker (the first found) when not NULL. */
gboolean ch_attacked        (const ChPos *p, guint8 sq, guint8 *by);
/* The sides whose pieces threaten `sq` (bit per side). */
guint8   ch_attackers       (const ChPos *p, guint8 sq);
/* Plays a move on the squares only: capture, an Army onto a wall, a Marine's first move, a
 * Marine's explosion (killed squares go to `killed`, with their pieces, *n_killed). Returns the
 * piece captured on `to` (0 if none). Sets *exploded. */
guint8   ch_make            (ChPos *p, ChMove m, guint8 *killed_sq, guint8 *killed_piece,
                             guint *n_killed, gboolean *exploded, guint8 *back_to);
/* Next side to move after `side` among `mask`, clockwise. */
guint8   ch_next_side       (guint8 side, guint8 mask);
/* Rule 12's test: may `side` (to move, President on `pres`, in Mêlée announced by `by`) move its
 * President only into Mêlée (`any_move`: does none of its moves lift the Mêlée)? */
gboolean ch_president_trapped (const ChPos *p, guint8 side, guint8 pres, guint8 by, gboolean any_move);
/* Move sequences of `depth` plies as the game is played (basic): no ply after the game ends. */
guint64  ch_perft           (ChPos *p, guint depth);
/* The count before issue 34, for comparison: plies go on after a President falls, no rule 12. */
guint64  ch_perft_every_ply (ChPos *p, guint depth);
/* The plain first generator, kept as the bench's baseline: per-move scans, no tables. */
guint64  ch_perft_plain     (ChPos *p, guint depth);

void     ch_square_name     (guint8 s, char out[4]);
gboolean ch_square_parse    (const char *name, guint8 *out);
guint    ch_dist            (guint8 a, guint8 b);   /* king-move distance */

/* mg-cricchio-ruleset.c */
gboolean ch_ruleset_parse   (json_object *rs, ChRuleset *out, ChGeom *geom, GError **error);
void     ch_ruleset_clear   (ChRuleset *rs);

G_END_DECLS
