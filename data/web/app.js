/* app.js — a seat's phone page: shows view(seat) and pending(), offers the seat's own secret steps.
 * No framework.  Every request and WebSocket message is kept in window.mgLog, so a test (or a
 * curious player) can see all that this page ever received. */
"use strict";

const STRINGS = {
  en: {
    seat: "Seat: %s", public_seat: "Table (public view)", connecting: "Connecting…",
    live: "Live", offline: "Connection lost; trying again…", denied: "This link does not work (any more). Ask the referee for a new one.",
    your_steps: "Your secret steps", no_steps: "Nothing for you to enter now.",
    yours: "What only you see", whole: "The table as you may see it", send: "Send",
    sent: "Sent: %s", refused: "Refused: %s", entered: "entered", waiting: "waiting",
    who: "Who has entered", none: "—", yes: "yes", no: "no",
    start_bid: "Your bid for start player", choose_cards: "Your action cards",
    attack_gold: "Gold you put on the attack", guess: "Your guess",
    roll: "Roll", reroll: "Reroll meeples", set: "Set a meeple by hand", pick: "Your pick",
    place_mine: "Place a mine", gold: "Gold", guesses: "Guesses (e.g. 2, 4)", cards: "Cards",
    square: "Square", meeples: "Meeples", face: "Face", sweep: "Sweep", kick: "Kick", punch: "Punch",
    name: "Name", colour: "Colour", castle: "Castle", supply: "Supply", areas: "Areas", passed: "Passed",
    abilities: "Abilities", card_entry: "Cards entered", cards_revealed: "Cards revealed",
    cards_done: "Cards played", card_active: "Card in play", faces: "Faces", rolled: "Rolled",
    picked: "Picked", casualties: "Casualties", knight: "knight", soldier: "soldier",
    catapult: "catapult", camp: "camp", move: "move", tax: "tax", build: "build", hidden: "hidden",
  },
  fr: {
    seat: "Place : %s", public_seat: "Table (vue publique)", connecting: "Connexion…",
    live: "En direct", offline: "Connexion perdue ; nouvelle tentative…", denied: "Ce lien ne fonctionne pas (ou plus). Demandez-en un nouveau à l’arbitre.",
    your_steps: "Vos étapes secrètes", no_steps: "Rien à saisir pour vous maintenant.",
    yours: "Ce que vous seul voyez", whole: "La table telle que vous pouvez la voir", send: "Envoyer",
    sent: "Envoyé : %s", refused: "Refusé : %s", entered: "saisi", waiting: "en attente",
    who: "Qui a saisi", none: "—", yes: "oui", no: "non",
    start_bid: "Votre enchère pour le premier joueur", choose_cards: "Vos cartes d’action",
    attack_gold: "L’or que vous misez sur l’attaque", guess: "Votre pronostic",
    roll: "Lancer", reroll: "Relancer des meeples", set: "Poser un meeple à la main", pick: "Votre choix",
    place_mine: "Poser une mine", gold: "Or", guesses: "Pronostics (ex. 2, 4)", cards: "Cartes",
    square: "Case", meeples: "Meeples", face: "Face", sweep: "Balayage", kick: "Coup de pied", punch: "Coup de poing",
    name: "Nom", colour: "Couleur", castle: "Château", supply: "Réserve", areas: "Régions", passed: "A passé",
    abilities: "Capacités", card_entry: "Cartes saisies", cards_revealed: "Cartes révélées",
    cards_done: "Cartes jouées", card_active: "Carte en jeu", faces: "Faces", rolled: "A lancé",
    picked: "A choisi", casualties: "Pertes", knight: "chevalier", soldier: "soldat",
    catapult: "catapulte", camp: "camp", move: "déplacement", tax: "impôt", build: "construction", hidden: "cachée",
  },
};
const LANG = (navigator.languages || [navigator.language || "en"])
  .map((l) => l.slice(0, 2).toLowerCase()).find((l) => STRINGS[l]) || "en";
const T = (key, arg) => {
  const s = STRINGS[LANG][key] || STRINGS.en[key] || key;
  return arg === undefined ? s : s.replace("%s", arg);
};

window.mgLog = [];
let current = null;
let retry = 0;

const $ = (id) => document.getElementById(id);
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : String(k));
  return e;
}

function say(text, kind) {
  const s = $("status");
  s.textContent = text;
  s.className = kind || "";
}

async function call(path, options) {
  const res = await fetch(path, Object.assign({ cache: "no-store", credentials: "omit" }, options || {}));
  const text = await res.text();
  window.mgLog.push({ kind: "http", path, status: res.status, sent: options && options.body, received: text });
  let body = null;
  try { body = JSON.parse(text); } catch (e) { body = { error: text }; }
  return { status: res.status, body };
}

/* A value as plain text: numbers, strings, lists, small objects. */
function plain(v) {
  if (v === null || v === undefined) return T("none");
  if (typeof v === "boolean") return v ? T("yes") : T("no");
  if (Array.isArray(v)) return v.length ? v.map(plain).join(", ") : T("none");
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${T(k)} ${plain(x)}`).join(", ");
  if (typeof v === "string" && STRINGS[LANG][v] !== undefined) return STRINGS[LANG][v];
  return String(v);
}

function factsTable(obj) {
  const t = el("table");
  for (const [k, v] of Object.entries(obj)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 6) continue;
    if (Array.isArray(v) && v.some((x) => x !== null && typeof x === "object" && Object.keys(x).length > 6)) continue;
    t.append(el("tr", {}, el("th", {}, T(k)), el("td", {}, plain(v))));
  }
  return t;
}

/* The whole view, nested, for a player who wants to look. */
function tree(v, name) {
  if (v === null || typeof v !== "object") return el("li", {}, `${name}: ${plain(v)}`);
  const d = el("details", {}, el("summary", {}, name));
  const ul = el("ul");
  for (const [k, x] of Object.entries(v)) ul.append(tree(x, Array.isArray(v) ? (x && x.name) || `#${k}` : k));
  d.append(ul);
  return el("li", {}, d);
}

function stepLabel(a) {
  const parts = Object.entries(a).filter(([k]) => !["type", "player", "template"].includes(k))
    .map(([k, v]) => `${T(k)} ${plain(v)}`);
  return `${T(a.type)}${parts.length ? " — " + parts.join(", ") : ""}`;
}

async function act(action) {
  say("…");
  const r = await call("act", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(action) });
  if (r.status === 200) say(T("sent", r.body.summary || ""), "good");
  else say(T("refused", r.body.error || r.status), "bad");
}

/* A template step: one field per free member (numbers, lists of numbers), the rest kept. */
function templateForm(a) {
  const f = el("form", { class: "card" }, el("h2", {}, T(a.type)));
  const fields = [];
  for (const [k, v] of Object.entries(a)) {
    if (["type", "player", "template"].includes(k)) continue;
    const numbers = Array.isArray(v) && v.every((x) => typeof x === "number");
    if (typeof v !== "number" && !numbers) continue;
    const key = `${a.type}:${k}`;
    const input = el("input", { name: k, inputmode: "numeric", "data-key": key,
      value: typed.has(key) ? typed.get(key) : numbers ? v.join(", ") : v,
      type: numbers ? "text" : "number", min: "0", autocomplete: "off" });
    fields.push([k, numbers, input]);
    f.append(el("label", {}, T(k), input));
  }
  f.append(el("button", { type: "submit" }, T("send")));
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const out = Object.assign({}, a);
    delete out.template;
    for (const [k, numbers, input] of fields)
      out[k] = numbers ? input.value.split(/[\s,;]+/).filter(Boolean).map(Number) : Number(input.value);
    act(out);
  });
  return f;
}

/* What the player typed, kept across live updates: a re-render never takes a number back. */
const typed = new Map();

function renderSteps(steps) {
  const box = $("steps");
  for (const input of box.querySelectorAll("input[data-key]")) typed.set(input.dataset.key, input.value);
  box.replaceChildren();
  if (current.seat === "public") return;
  const card = el("div", { class: "card" }, el("h2", {}, T("your_steps")));
  if (!steps.length) card.append(el("p", { class: "dim" }, T("no_steps")));
  for (const a of steps) {
    if (a.template) card.append(templateForm(a));
    else card.append(el("button", { class: "choice", type: "button", "data-action": JSON.stringify(a),
                                    onclick: () => act(a) }, stepLabel(a)));
  }
  box.append(card);
}

function renderWho(pending) {
  const entered = new Set(pending.entered || []);
  const waiting = (pending.waiting || []).filter((w) => w.secret || w.for === "pick" || w.for === "act");
  if (!entered.size && !waiting.length) return null;
  const ul = el("ul", { class: "seats" });
  for (const name of entered) ul.append(el("li", {}, name, el("span", { class: "entered" }, T("entered"))));
  for (const w of waiting) if (!entered.has(w.seat)) ul.append(el("li", {}, w.seat, el("span", { class: "waiting" }, T("waiting"))));
  return el("div", { class: "card" }, el("h2", {}, T("who")), ul);
}

function render(state) {
  current = state;
  document.documentElement.lang = LANG;
  $("title").textContent = state.campaign || "Melee GM";
  $("seat").textContent = state.seat === "public" ? T("public_seat") : T("seat", state.seat);
  $("pending").textContent = (state.pending && state.pending.text) || "";
  renderSteps(state.steps || []);
  const mine = $("mine");
  mine.replaceChildren();
  const players = state.view && Array.isArray(state.view.players) ? state.view.players : [];
  const me = players.find((p) => p && p.name === state.seat);
  if (me) mine.append(el("div", { class: "card" }, el("h2", {}, T("yours")), factsTable(me)));
  const who = renderWho(state.pending || {});
  if (who) mine.append(who);
  const table = $("table");
  table.replaceChildren();
  if (state.seat !== "public" && state.view) {
    const ul = el("ul", { class: "seats" });
    ul.append(tree(state.view, T("whole")));
    table.append(ul);
  }
}

function connect() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(url.href);
  ws.onopen = () => { retry = 0; $("link").textContent = T("live"); };
  ws.onmessage = (ev) => {
    window.mgLog.push({ kind: "ws", received: ev.data });
    try { render(JSON.parse(ev.data)); } catch (e) { /* a broken message changes nothing */ }
  };
  ws.onclose = () => {
    $("link").textContent = T("offline");
    retry = Math.min(retry + 1, 6);
    setTimeout(start, 500 * retry);
  };
}

async function start() {
  $("link").textContent = T("connecting");
  try {
    const r = await call("state");
    if (r.status === 403) { $("link").textContent = ""; say(T("denied"), "bad"); return; }
    if (r.status === 200) render(r.body);
  } catch (e) { /* offline: the socket's retry comes back here */ }
  connect();
}

start();
