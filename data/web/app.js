// SPDX-License-Identifier: GPL-3.0-or-later
/* app.js — a player's phone page: the table's page (join a seat, the public standing), a phone
 * waiting for the referee, or a seat's page (its secret steps, its own secrets, the standing).
 * Every word comes from the server ("words": the app's catalogue in the phone's language, the
 * game's words from its own declaration); nothing game-specific is named here.  No framework.
 * Every request and WebSocket message is kept in window.mgLog, so a test (or a curious player)
 * can see all that this page ever received. */
"use strict";

window.mgLog = [];
/* Lookups by names that come from the network (players, keys) go through Maps only: a player
 * named "constructor" or "__proto__" is a name like any other. */
let words = new Map();
let current = null;
let retry = 0;

const $ = (id) => document.getElementById(id);
const has = (o, k) => o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k);
const W = (key, arg) => {
  const s = words.has(key) ? words.get(key) : null;
  if (s === null) return null;
  return arg === undefined ? s : s.replace("%s", arg);
};
const T = (key, arg) => W(key, arg) || "";

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

const post = (path, value) => call(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                           body: JSON.stringify(value) });

/* A value in words: a game word for a string when it declares one ("value.move"), numbers as
 * they are, lists joined; objects by their plain members; nothing for an absent value. */
function plain(v, seat) {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean") return v ? T("yes") : T("no");
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return W("value." + v) || v;
  if (Array.isArray(v)) return v.map((x) => plain(x, seat)).filter((x) => x !== null).join(", ") || "—";
  const parts = [];
  for (const [k, x] of Object.entries(v)) {
    if (x === seat || x === null || typeof x === "object") continue;
    const label = W("value." + k);
    parts.push(label ? `${label} ${plain(x, seat)}` : plain(x, seat));
  }
  return parts.join(", ");
}

/* The fields of `obj` the game declares words for under `prefix` ("mine.", "table."). */
function facts(obj, prefix, seat) {
  const dl = el("dl");
  for (const [key, label] of words) {
    if (!key.startsWith(prefix)) continue;
    const field = key.slice(prefix.length);
    if (!has(obj, field)) continue;
    if (Array.isArray(obj[field]) && !obj[field].length) continue;
    const text = plain(obj[field], seat);
    if (text === null || text === "") continue;
    dl.append(el("dt", {}, label), el("dd", {}, text));
  }
  return dl.childElementCount ? dl : null;
}

async function act(action) {
  say("…");
  const r = await post("act", action);
  if (r.status === 200) say(T("sent"), "good");
  else say(T("refused", r.body.error || r.status), "bad");
}

/* What the player typed, kept across live updates: a re-render never takes a number back. */
const typed = new Map();

/* A step with free fields (numbers, lists of numbers): one input each, the rest kept.  Each is
 * required: an emptied field is not sent as 0 (Number("") is 0, a bid of nothing). */
function templateForm(a) {
  const f = el("form", { class: "card" }, el("h2", {}, W(a.type) || a.type));
  const fields = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || k === "player" || k === "template") continue;
    const numbers = Array.isArray(v) && v.every((x) => typeof x === "number");
    if (typeof v !== "number" && !numbers) continue;
    const key = `${a.type}:${k}`;
    const input = el("input", { name: k, inputmode: "numeric", "data-key": key,
      value: typed.has(key) ? typed.get(key) : numbers ? v.join(", ") : v,
      type: numbers ? "text" : "number", min: "0", autocomplete: "off", required: "" });
    fields.push([k, numbers, input]);
    f.append(el("label", {}, W("field." + k) || k, input));
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

/* A step with nothing to fill in: one button, named by the game's word and its values. */
function stepLabel(a) {
  const parts = Object.entries(a).filter(([k]) => k !== "type" && k !== "player" && k !== "template")
    .map(([k, v]) => plain(v, a.player)).filter((x) => x);
  return `${W(a.type) || a.type}${parts.length ? " — " + parts.join(", ") : ""}`;
}

function renderSteps(steps) {
  const box = $("steps");
  for (const input of box.querySelectorAll("input[data-key]")) typed.set(input.dataset.key, input.value);
  box.replaceChildren();
  const card = el("div", { class: "card" }, el("h2", {}, T("your_steps")));
  if (!steps.length) card.append(el("p", { class: "dim" }, T("no_steps")));
  for (const a of steps) {
    if (a.template) card.append(templateForm(a));
    else card.append(el("button", { class: "choice", type: "button", "data-action": JSON.stringify(a),
                                    onclick: () => act(a) }, stepLabel(a)));
  }
  box.append(card);
}

/* Who has entered a secret, and who has not yet: names only. */
function renderWho(pending) {
  const entered = new Set(Array.isArray(pending.entered) ? pending.entered : []);
  const waiting = (Array.isArray(pending.waiting) ? pending.waiting : []).filter((w) => w && w.secret);
  if (!entered.size && !waiting.length) return null;
  const ul = el("ul", { class: "seats" });
  for (const name of entered) ul.append(el("li", {}, name, el("span", { class: "entered" }, T("entered"))));
  for (const w of waiting)
    if (!entered.has(w.seat)) ul.append(el("li", {}, w.seat, el("span", { class: "waiting" }, T("not_yet"))));
  return el("div", { class: "card" }, el("h2", {}, T("who")), ul);
}

function renderStanding(view, seat) {
  const players = view && Array.isArray(view.players) ? view.players : [];
  const card = el("div", { class: "card" }, el("h2", {}, T("standing")));
  for (const p of players) {
    const dl = facts(p, "table.", seat);
    if (p && typeof p.name === "string") card.append(el("h3", {}, p.name));
    if (dl) card.append(dl);
  }
  const general = facts(view || {}, "table.", seat);
  if (general) card.append(general);
  return card.childElementCount > 1 ? card : null;
}

/* The table's page: the seats to ask for, the phone's own seat if it has one, the standing. */
function renderJoin(state) {
  const box = $("steps");
  box.replaceChildren();
  const card = el("div", { class: "card" }, el("h2", {}, T("join")), el("p", { class: "dim" }, T("join_help")));
  const mine = localStorage.getItem("mg-seat-link");
  const mineSeat = localStorage.getItem("mg-seat-name");
  if (mine && mineSeat) card.append(el("a", { class: "choice", href: mine }, T("back", mineSeat)));
  for (const s of Array.isArray(state.seats) ? state.seats : []) {
    const label = s.held ? T("take_over", s.name) : T("ask", s.name);
    card.append(el("button", { class: "choice", type: "button", "data-seat": s.name, onclick: () => ask(s.name) },
                   label, el("span", { class: "dim" }, " · ", s.held ? T("held") : T("free"))));
  }
  box.append(card);
}

async function ask(seat) {
  say("…");
  const r = await post("claim", { seat });
  if (r.status !== 200) { say(T("refused", r.body.error || r.status), "bad"); return; }
  localStorage.setItem("mg-seat-link", r.body.link);
  localStorage.setItem("mg-seat-name", r.body.seat);
  location.href = r.body.link;
}

function renderWaiting(state) {
  $("title").textContent = state.campaign || "Melee GM";
  $("seat").textContent = T("wait_text", state.waiting.seat);
  $("steps").replaceChildren(el("div", { class: "card" },
    el("p", { class: "code" }, T("wait_code", state.waiting.code))));
  $("mine").replaceChildren();
  $("board").replaceChildren();
  $("table").replaceChildren();
  setTimeout(start, 1000);
}

/* The game's board when it draws one: the server's "board", an SVG picture drawn from this seat's
 * view (MgGame.board_svg), shown as an image, so nothing in it runs. Its text alternative: the game's
 * word, then what stands where, from the picture's <title>s (read as text, never inserted). */
function renderBoard(svg) {
  const box = $("board");
  if (typeof svg !== "string" || !svg.startsWith("<svg")) { box.replaceChildren(); return; }
  const src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  const titles = Array.from(new DOMParser().parseFromString(svg, "image/svg+xml").querySelectorAll("title"),
                            (t) => t.textContent).filter((t) => t);
  const alt = T("board") + (titles.length ? ": " + titles.join("; ") : "");
  const img = box.querySelector("img");
  if (img) {
    if (img.getAttribute("src") !== src) img.setAttribute("src", src);
    img.setAttribute("alt", alt);
    return;
  }
  box.replaceChildren(el("div", { class: "card board" }, el("img", { src, alt })));
}

function render(state) {
  current = state;
  $("title").textContent = state.campaign || "Melee GM";
  const pub = state.seat === "public";
  $("seat").textContent = pub ? T("the_table") : T("you_play", state.seat);
  if (pub) renderJoin(state); else renderSteps(Array.isArray(state.steps) ? state.steps : []);
  const mine = $("mine");
  mine.replaceChildren();
  const players = state.view && Array.isArray(state.view.players) ? state.view.players : [];
  const me = pub ? null : players.find((p) => p && p.name === state.seat);
  const own = me ? facts(me, "mine.", state.seat) : null;
  const ownTop = pub ? null : facts(state.view || {}, "mine.", state.seat);
  if (own || ownTop) mine.append(el("div", { class: "card" }, el("h2", {}, T("yours")), own, ownTop));
  const who = renderWho(state.pending || {});
  if (who) mine.append(who);
  renderBoard(state.board);
  const standing = renderStanding(state.view, state.seat);
  $("table").replaceChildren(...(standing ? [standing] : []));
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

async function loadWords() {
  try {
    const r = await call("words");
    if (r.status === 200 && r.body && typeof r.body.words === "object") {
      words = new Map(Object.entries(r.body.words));
      document.documentElement.lang = typeof r.body.lang === "string" ? r.body.lang.replace("_", "-") : "en";
    }
  } catch (e) { /* offline: the next start asks again */ }
}

async function start() {
  if (!words.size) await loadWords();
  $("link").textContent = T("connecting");
  try {
    const r = await call("state");
    if (r.status === 403) {
      $("link").textContent = "";
      if (localStorage.getItem("mg-seat-link") === location.pathname) {
        localStorage.removeItem("mg-seat-link");
        localStorage.removeItem("mg-seat-name");
      }
      /* Without its words (a page whose link no longer works), the server's own sentence. */
      say(W(current === "waiting" ? "join_refused" : "denied") || r.body.error || "", "bad");
      return;
    }
    if (r.status === 200 && has(r.body, "waiting")) { current = "waiting"; renderWaiting(r.body); return; }
    if (r.status === 200) render(r.body);
  } catch (e) { /* offline: the socket's retry comes back here */ }
  connect();
}

start();
