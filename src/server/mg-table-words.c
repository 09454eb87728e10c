/* mg-table-words.c — the phone page's words, from po/, in the phone's language. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Marked here with N_() for po/ and read back from the catalogue of the phone's language
 * (mg-catalogue.c), so a French phone reads French next to an English referee. */
#include "config.h"

#include <string.h>
#include <libintl.h>
#include <glib/gi18n-lib.h>

#include "mg-catalogue.h"
#include "mg-table-words.h"

/* The page's own words (data/web/app.js asks for them by key); nothing game-specific: a game's
 * words come from its descriptor (MgRules.phone_words). */
static const MgWord page_words[] = {
  { "you_play",    N_("You play %s") },
  { "the_table",   N_("The table") },
  { "connecting",  N_("Connecting…") },
  { "live",        N_("Live") },
  { "offline",     N_("Connection lost; trying again…") },
  { "denied",      N_("This page does not open a seat any more. Open the table’s page again to join.") },
  { "your_steps",  N_("What you decide now") },
  { "no_steps",    N_("Nothing for you to decide now.") },
  { "yours",       N_("Only you see this") },
  { "standing",    N_("The table now") },
  { "send",        N_("Send") },
  { "sent",        N_("Sent.") },
  { "refused",     N_("Refused: %s") },
  { "who",         N_("Secrets entered") },
  { "entered",     N_("entered") },
  { "not_yet",     N_("not yet") },
  { "hidden",      N_("hidden") },
  { "join",        N_("Take a seat") },
  { "join_help",   N_("Choose your seat. The referee lets your phone in on their computer.") },
  { "free",        N_("free") },
  { "held",        N_("a phone has it") },
  { "ask",         N_("Ask for %s") },
  { "take_over",   N_("Ask to take %s over") },
  { "back",        N_("Back to your seat: %s") },
  { "wait_code",   N_("Show this code to the referee: %s") },
  { "wait_text",   N_("Waiting for the referee to let this phone in as %s.") },
  { "join_refused", N_("The referee did not let this phone in. You can ask again.") },
  /* the alt text of a game's board picture; a game names its own ("The arena") */
  { "board",       N_("The board") },
  { "yes",         N_("yes") },
  { "no",          N_("no") },
  { NULL, NULL }
};

static void
add_words (json_object *out, const MgWord *words, const MgCatalogue *catalogue)
{
  for (guint i = 0; words != NULL && words[i].key != NULL; i++)
    json_object_object_add (out, words[i].key,
                            json_object_new_string (mg_catalogue_gettext (catalogue, words[i].text)));
}

json_object *
mg_table_words (MgCampaign *campaign, const char *accept_language)
{
  const MgCatalogue *catalogue = mg_catalogue_for_accept_language (accept_language);
  const MgRules *rules = campaign != NULL ? mg_campaign_get_rules (campaign) : NULL;
  json_object *out = json_object_new_object ();
  json_object *words = json_object_new_object ();

  add_words (words, page_words, catalogue);
  if (rules != NULL)
    add_words (words, rules->phone_words, catalogue);
  json_object_object_add (out, "lang", json_object_new_string (mg_catalogue_language (catalogue)));
  json_object_object_add (out, "words", words);
  return out;
}
