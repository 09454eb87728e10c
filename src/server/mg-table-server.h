/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-server.h — the table server: each player's phone reads and acts as its own seat only. */
#pragma once

#include <gio/gio.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* The limits a server keeps; mg_table_server_limits_default () gives the app's. */
typedef struct {
  guint  header_timeout_ms;   /* a request must be read whole within this (slow clients) */
  guint  idle_timeout_ms;     /* a kept-alive connection idle this long is closed */
  guint  max_connections;     /* open connections in all (WebSockets included) */
  guint  max_per_host;        /* open connections from one address */
  gsize  max_body;            /* bytes of a request body (POST act) */
  double token_rate;          /* requests a second one link may make, on average… */
  double token_burst;         /* …with bursts of this many */
  double refused_rate;        /* refused requests (no or bad token, bad path) a second from one address… */
  double refused_burst;       /* …before that address gets only 429 */
  double act_rate;            /* actions a second one seat may send (re-entered secrets)… */
  double act_burst;           /* …with bursts of this many, so the journal cannot be flooded */
  gsize  max_action;          /* bytes of one action as written to the journal */
} MgTableServerLimits;

void mg_table_server_limits_default (MgTableServerLimits *limits);

/* Counters for tests and the load figures. */
typedef struct {
  guint64 served;             /* 2xx answers */
  guint64 refused;            /* 4xx answers */
  guint64 acted;              /* actions accepted through POST act */
  guint64 closed_slow;        /* connections closed by the header or idle deadline */
  guint64 closed_full;        /* connections closed at once: too many open */
  guint   open;               /* connections open now */
  guint   websockets;         /* live-update sockets open now */
} MgTableServerStats;

#define MG_TYPE_TABLE_SERVER (mg_table_server_get_type ())
G_DECLARE_FINAL_TYPE (MgTableServer, mg_table_server, MG, TABLE_SERVER, GObject)

/* A server for `campaign`, not listening yet.  It borrows the campaign (the caller keeps it
 * alive; when the campaign goes, the server stops).  Seats' tokens come from
 * mg_table_tokens_for_campaign (campaign), so they outlive a stop and start.
 * Signal "changed": started, stopped, or a seat's link reissued. */
MgTableServer *mg_table_server_new        (MgCampaign *campaign);
/* The one server of this campaign (borrowed; kept by the campaign, stopped with it): what the
 * Players' Phones dialog switches and the players' display shows. */
MgTableServer *mg_table_server_for_campaign (MgCampaign *campaign);
MgCampaign    *mg_table_server_get_campaign (MgTableServer *self);
void           mg_table_server_set_limits (MgTableServer *self, const MgTableServerLimits *limits);

/* Listens on `address` (NULL: every interface, for phones on the local network; tests pass
 * 127.0.0.1) and `port` (0: the system chooses).  Plain HTTP unless a certificate was set
 * (mg_table_server_set_tls): docs/table-server.md says what each leaves open. */
gboolean       mg_table_server_start      (MgTableServer *self, GInetAddress *address, guint port,
                                           GError **error);
/* Closes the port and every connection at once.  Idempotent. */
void           mg_table_server_stop       (MgTableServer *self);
gboolean       mg_table_server_is_running (MgTableServer *self);
guint          mg_table_server_get_port   (MgTableServer *self);

/* The path of a seat's page ("/t/TOKEN/"), or of the public page for MG_SEAT_PUBLIC; the token
 * is issued on first ask.  g_free. */
char          *mg_table_server_seat_path  (MgTableServer *self, const char *seat, GError **error);
/* The full address for a host the phones reach ("http://192.168.1.20:8123/t/TOKEN/"); `host`
 * NULL: the address listened on, or for every interface this machine's first non-loopback IPv4
 * address (else 127.0.0.1).  g_free. */
char          *mg_table_server_seat_url   (MgTableServer *self, const char *host, const char *seat,
                                           GError **error);
/* The address of this machine a phone on the same network would use (g_free). */
char          *mg_table_server_lan_host   (void);

/* HTTPS with `certificate` (mg-table-tls.h), or plain HTTP with NULL (the default).  A running
 * server starts again on a new port at once; the links keep their tokens. */
void           mg_table_server_set_tls    (MgTableServer *self, GTlsCertificate *certificate);
GTlsCertificate *mg_table_server_get_tls  (MgTableServer *self);

void           mg_table_server_get_stats  (MgTableServer *self, MgTableServerStats *stats);

G_END_DECLS
