-- 0008-journal-public-chain.sql — a fingerprint of the public history, for the games with secrets.
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- journal.hash (0006) covers every secret a seat ever entered, some never revealed (an undone
-- bid, meeples never picked): shown on a shared surface, it could be tested against each value a
-- bid may take. journal.public_hash chains only what everyone saw — each row's seq,
-- session, turn, actor and public sentence, and its dice and events unless a seat keeps something
-- of the row (an event of a "seat": then its sentence alone tells it) — after the tag `melee-gm public row v1` (src/core/mg-chain.c). The exports and the
-- Journal page of Meeple, La Mame and Cricchio show its fingerprint; `check` verifies it with the
-- others. Written with each row; rows written before this migration get theirs here, oldest first.
-- Each link keeps the first 16 bytes of its SHA-256 (MG_CHAIN_PUBLIC_LEN).
ALTER TABLE journal ADD COLUMN public_hash BLOB;
SELECT mg_public_chain_fill ();
