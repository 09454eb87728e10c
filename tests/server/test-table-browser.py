#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two seats play from two real browsers (Debian's chromium, headless, driven by chromedriver over
WebDriver's HTTP JSON protocol with the standard library only).  La Mame is served by the app
itself with its players' display on (mg-table-app-host, under Xvfb): the spring (secret start
bids, then secret cards; the app in French, one phone in French) and an attack (attack gold and
guess, each held while the other waits), every secret entered from a phone.  Each secret is
entered and then changed: the players' display (its texts and its drawing) and every other page
(its DOM and its last message) must be the same bytes after either value.  Every page's messages
(the page's own log, window.mgLog: each HTTP answer and WebSocket message) hold its own secret
and never another seat's; the table's page shows who has entered, never what.  An illegal bid
from the French phone is refused in the app's French.  Then Meeple's roll and pick, served by the
server alone (mg-table-host).  Last, a TFT fight on the arena: a phone shows the arena (the
engine's picture, MgGame.board_svg) with every figure at its hex, moved live.

Everything runs on 127.0.0.1; every wait is bounded; the whole test ends within DEADLINE seconds.
Screenshots of the phone pages (360 px wide) go to $MG_SCREENSHOT_DIR, else to the folder given
after the host programs (meson gives build/screenshots).
Usage: test-table-browser.py APP_HOST HOST [SCREENSHOT_DIR].
Exit 77 (skipped) when chromium or chromedriver is missing."""

import base64
import errno
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
DEADLINE = time.monotonic() + 380


def fail(message):
    print("FAIL: " + message, flush=True)
    raise SystemExit(1)


def check(cond, message):
    if not cond:
        fail(message)
    print("ok - " + message, flush=True)


def free_port():
    """A port free on both loopbacks: chromedriver binds [::1] beside 127.0.0.1 and exits when the
    IPv6 one is taken (seen in CI: "IPv6 port not available. Exiting...")."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
            if not socket.has_ipv6:
                return port
            try:
                with socket.socket(socket.AF_INET6) as s6:
                    s6.bind(("::1", port))
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    continue
                return port  # no IPv6 loopback here: chromedriver will not want it either
            return port
    fail("no port free on both 127.0.0.1 and ::1 in 50 tries")


class Driver:
    """A chromedriver on 127.0.0.1 and the WebDriver calls this test needs."""

    def __init__(self, tmp):
        self.tmp = tmp
        log = os.path.join(tmp, "chromedriver.log")
        # The port is free when chosen, but another test running beside this one may take it before
        # chromedriver binds it: start again on a new port when it says so (at most 5 times).
        for attempt in range(5):
            self.port = free_port()
            with open(log, "w") as out:
                self.proc = subprocess.Popen([DRIVER, "--port=%d" % self.port, "--allowed-ips=127.0.0.1"],
                                             stdout=out, stderr=subprocess.STDOUT)
            if self.wait_ready():
                return
            with open(log) as f:
                said = f.read()
            if self.proc.poll() is not None and "Address already in use" in said and attempt < 4:
                print("# chromedriver's port %d was taken; trying another" % self.port, flush=True)
                continue
            break
        with open(log) as f:
            said = f.read()[-600:]
        fail("chromedriver did not start in %.0f s (%s): %s" % (time.monotonic() - self.started,
             "exit status %s" % self.proc.returncode if self.proc.poll() is not None else "still running",
             said.strip() or "it printed nothing"))

    def wait_ready(self):
        # Its first start on a fresh machine, while a CI run builds beside it, took over 10 s
        # (load average 8 on 2 cores): wait up to 45 s.
        self.started = time.monotonic()
        while time.monotonic() - self.started < 45 and self.proc.poll() is None:
            try:
                self.call("GET", "/status")
                return True
            except OSError:
                time.sleep(0.2)
        return False

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        timeout = max(1.0, min(60.0, DEADLINE - time.monotonic()))
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return json.loads(res.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            raise RuntimeError("%s %s: %s" % (method, path, e.read()[:400])) from None

    def session(self, lang, https=False):
        profile = tempfile.mkdtemp(dir=self.tmp, prefix="profile-")
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=360,800",
                "--lang=" + lang, "--hide-scrollbars"]
        if https:
            # The table's self-signed certificate (the player's "go on" in the warning page).
            args.append("--ignore-certificate-errors")
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args,
                                   "prefs": {"intl.accept_languages": lang},
                                   # A phone's screen: 360 CSS pixels wide.
                                   "mobileEmulation": {"deviceMetrics": {"width": 360, "height": 740,
                                                                         "pixelRatio": 1}}}}}}
        value = self.call("POST", "/session", caps)
        return Session(self, value["sessionId"])

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Session:
    def __init__(self, driver, sid):
        self.d = driver
        self.sid = sid

    def call(self, method, path, body=None):
        return self.d.call(method, "/session/%s%s" % (self.sid, path), body)

    def go(self, url):
        self.call("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        found = self.call("POST", "/elements", {"using": "css selector", "value": css})
        return [list(e.values())[0] for e in found]

    def click(self, element):
        self.call("POST", "/element/%s/click" % element, {})

    def type_into(self, element, text):
        self.call("POST", "/element/%s/clear" % element, {})
        self.call("POST", "/element/%s/value" % element, {"text": text})

    def html(self):
        return self.js("return document.documentElement.outerHTML;")

    def log(self):
        return self.js("return window.mgLog || [];")

    def wait(self, script, what, seconds=20):
        end = min(time.monotonic() + seconds, DEADLINE)
        while time.monotonic() < end:
            if self.js(script):
                return
            time.sleep(0.2)
        fail("timed out waiting for " + what)

    def screenshot(self, path):
        png = base64.b64decode(self.call("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)
        print("screenshot: " + path, flush=True)

    def quit(self):
        try:
            self.call("DELETE", "")
        except Exception:
            pass


def received(session):
    """Every JSON message the page received, parsed."""
    out = []
    for entry in session.log():
        try:
            out.append(json.loads(entry.get("received") or "null"))
        except ValueError:
            pass
    return [m for m in out if isinstance(m, dict)]


def player(message, name):
    for p in ((message.get("view") or {}).get("players") or []):
        if p.get("name") == name:
            return p
    return {}


class Host:
    """A campaign served on 127.0.0.1: by the app itself with its players' display on
    (mg-table-app-host, under Xvfb), or by the server alone (mg-table-host).  `language`: the
    app's (LANGUAGE), French for a referee whose app runs in French."""

    def __init__(self, exe, tmp, game, mode=None, language=None):
        env = dict(os.environ)
        if language:
            env.update({"LANGUAGE": language, "LC_ALL": "C.UTF-8"})
        self.proc = subprocess.Popen([exe, os.path.join(tmp, game), game] + ([mode] if mode else []),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.info = json.loads(self.proc.stdout.readline())
        self.base = "%s://127.0.0.1:%d" % (self.info["scheme"], self.info["port"])

    def url(self, seat):
        return self.base + (self.info["public"] if seat == "public" else self.info["seats"][seat])

    def command(self, line):
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def act(self, action):
        answer = self.command(action)
        check(answer.get("ok"), "referee's %s accepted (%s)" % (action.get("type", action), answer.get("error", "")))

    def display(self, name):
        """The players' display as it is now: every text it shows, and its drawing's hash."""
        answer = self.command({"display": name})
        check(answer.get("ok"), "the players' display is on")
        return answer["text"], answer["png"]

    def let_in(self, seat):
        """The referee's Let In for the phone asking for seat: the code the referee's window showed."""
        answer = self.command({"let_in": seat})
        check(answer.get("ok"), "the referee lets in the phone asking for %s (%s)" % (seat, answer.get("error", "")))
        return answer["code"]

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(10)
        except Exception:
            self.proc.kill()


def ws_count(session):
    return session.js("return (window.mgLog || []).filter(m => m.kind === 'ws').length;")


def sent_count(session):
    return session.js("return (window.mgLog || []).filter(m => m.kind === 'http' && m.path === 'act').length;")


def wait_answered(session, before, what):
    """The phone's action answered (its request logged), and said so on its status line."""
    session.wait("return (window.mgLog || []).filter(m => m.kind === 'http' && m.path === 'act').length > %d" % before, what)
    return session.js("return [document.getElementById('status').className, document.getElementById('status').textContent];")


def shared_now(host, others, name):
    """Everything the table shares now, but the owner's phone: the players' display (its texts,
    its drawing) and each other page's DOM and last message."""
    text, png = host.display(name)
    out = {"the players' display's texts": text, "the players' display's drawing": png}
    for label, s in others:
        out[label + "'s page"] = s.js("return document.body.innerHTML;")
        out[label + "'s last message"] = s.js(
            "const l = (window.mgLog || []).filter(m => m.kind === 'ws'); return l.length ? l[l.length - 1].received : null;")
    return out


def secret_changed(host, owner, others, first, second, what, shots=None):
    """The owner enters a secret (`first`), then changes it (`second`, as a player may until the
    last one is in): the display and every other phone must be the same bytes after either value,
    so nothing they show depends on it."""
    snapshots = []
    for n, enter in enumerate((first, second)):
        counts = [ws_count(s) for _, s in others]
        before = sent_count(owner)
        enter()
        kind, text = wait_answered(owner, before, what + " answered")
        check(kind == "good", "%s accepted (%s)" % (what, text))
        for (label, s), c in zip(others, counts):
            s.wait("return (window.mgLog || []).filter(m => m.kind === 'ws').length > %d" % c, label + " hearing of " + what)
        snapshots.append(shared_now(host, others, "display-%s-%d" % (what.replace(" ", "-").replace("'", ""), n)))
    for key in snapshots[0]:
        check(snapshots[0][key] == snapshots[1][key], "%s: the same bytes whichever value (%s)" % (key, what))
    return snapshots[1]


def step_button(session, text):
    """Clicks the step button whose label, or whose action's JSON, contains text."""
    for e in session.find("button.choice"):
        label = session.call("GET", "/element/%s/text" % e)
        action = session.call("GET", "/element/%s/attribute/data-action" % e) or ""
        if text in label or text in action:
            session.click(e)
            return label
    fail("no step button with " + repr(text))


def send_template(session, value):
    inputs = session.find("#steps form input")
    if not inputs:
        print(session.js("return document.body.innerText;"), flush=True)
    check(len(inputs) >= 1, "the page offers a field for the secret")
    session.type_into(inputs[0], value)
    session.click(session.find("#steps form button")[0])


def join(session, host, seat, shots, form=True):
    """A phone joins as the table does: the table's page, its seat asked for, the code it shows
    matched by the referee's window, Let In."""
    session.go(host.url("public"))
    button = '#steps button[data-seat="%s"]' % seat
    session.wait("return document.querySelector('%s') !== null" % button.replace("'", "\\'"), seat + " offered on the table's page")
    session.click(session.find(button)[0])
    session.wait("return document.querySelector('.code') !== null", seat + "'s phone showing its code")
    shown = session.js("return document.querySelector('.code').textContent;")
    if shots:
        session.screenshot(os.path.join(shots, "phone-%s-waiting.png" % seat.lower()))
    check(session.js("return document.querySelectorAll('#steps form').length;") == 0,
          seat + "'s phone offers no step before the referee lets it in")
    code = host.let_in(seat)
    check(code in shown, "the code on %s's phone (%r) is the one the referee's window shows (%s)" % (seat, shown, code))
    if not form:
        session.wait("return document.getElementById('steps').childElementCount > 0 && "
                     "document.querySelector('.code') === null", seat + "'s page")
        return session.js("return location.pathname;")
    session.wait("return document.querySelectorAll('#steps form').length > 0", seat + "'s bid form")
    # Names from the network are names: a player or value called "constructor" or "__proto__"
    # finds no word of the page's (it once read "function Object() { [native code] }").
    check(session.js("return [W('constructor'), W('__proto__'), W('toString'), plain('constructor'), "
                     "plain({constructor: 'x'}), facts({constructor: 1}, '')];")
          == [None, None, None, "constructor", "x", None], "lookups no name can collide with")
    return session.js("return location.pathname;")


def no_referee_words(text, where):
    """A shared surface speaks to the players: no instruction for the referee."""
    for word in ("referee", "arbitre"):
        check(word not in text, "%s holds no %r" % (where, word))


def lamame(exe, tmp, phones, shots):
    """La Mame's spring with the app in French, its players' display on: Red's phone in English,
    Blue's in French, the table's page on a third browser."""
    host = Host(exe, tmp, "lamame", language="fr")
    check(host.info["seats"] == {}, "no seat's link is handed out: phones join from the table's page")
    red, blue, pub = phones
    try:
        text, _ = host.display("display-spring-start")
        no_referee_words(text, "the players' display")
        check("il reste à miser : Red, Blue" in text, "the display names whose bids it waits for, in the app's French")
        pub.go(host.url("public"))
        links = [join(red, host, "Red", shots), join(blue, host, "Blue", shots)]
        check("Vous jouez Blue" in blue.html(), "Blue's page speaks French (Accept-Language fr, from po/)")
        check("You play Red" in red.html(), "Red's page speaks English")
        pub.wait("return document.querySelectorAll('#steps button[data-seat]').length == 2", "the table's page")
        pub_text = pub.html() + json.dumps(pub.log())
        text, _ = host.display("display-joined")
        for link in links:
            check(link.split("/")[2] not in pub_text, "the table's page never holds a seat's link")
            check(link.split("/")[2] not in text, "the players' display never holds a seat's link")
        for s in (red, blue):
            text = s.js("return document.body.innerText;")
            for word in ("season_index", "cur:", "{", "referee", "arbitre"):
                check(word not in text, "the seat's page shows no %r" % word)

        # An illegal bid from Blue's phone: the engine's refusal reaches it in the phone's French.
        before = sent_count(blue)
        send_template(blue, "99")
        kind, said = wait_answered(blue, before, "Blue's bid of 99")
        check(kind == "bad" and said == "Refusé : Blue n’a que 15 pièces d’or à miser",
              "Blue's phone reads the engine's refusal in French, a sentence with the rulebook's 15 gold (%r)" % said)
        check(player(received(red)[-1], "Blue").get("start_bid") is None, "the refused bid left Blue without a bid")

        # Red bids 3, then changes it to 4: nothing the others see depends on it.
        others = [("Blue's phone", blue), ("the table's page", pub)]
        secret_changed(host, red, others, lambda: send_template(red, "3"), lambda: send_template(red, "4"),
                       "Red's start bid")
        text, _ = host.display("display-red-bid")
        check("il reste à miser : Blue" in text, "the display says it waits for Blue's bid, never Red's amount")
        if shots:
            red.screenshot(os.path.join(shots, "phone-red-spring-bids.png"))
            blue.screenshot(os.path.join(shots, "phone-blue-spring-bids.png"))
            pub.screenshot(os.path.join(shots, "phone-public-spring-bids.png"))
        check(any(player(m, "Red").get("start_bid") == 4 for m in received(red)), "Red's page shows Red's own bid")
        before = sent_count(blue)
        send_template(blue, "5")
        check(wait_answered(blue, before, "Blue's bid")[0] == "good", "Blue's bid acknowledged")
        # Before the reveal: Blue never received Red's amount, the public page neither.
        for m in received(blue)[:-1]:
            rb = player(m, "Red").get("start_bid")
            check(rb in (None, True), "Blue's page got Red's bid as entered/none, never the amount (%r)" % (rb,))
        for m in received(pub)[:-1]:
            for name in ("Red", "Blue"):
                check(player(m, name).get("start_bid") in (None, True), "public page never got %s's bid before the reveal" % name)
        check(all(player(m, "Blue").get("start_bid") in (None, True) for m in received(red)[:-1]),
              "Red's page never got Blue's bid before the reveal")
        # Blue won (5 > 4) and names the start player: the referee's step, typed on the device.
        red.wait("return (window.mgLog || []).some(m => m.kind === 'ws' && m.received.includes('choose_start'))", "reveal")
        host.act({"type": "choose_start", "player": "Blue", "start": "Blue"})
        for s, name in ((red, "Red"), (blue, "Blue")):
            s.wait("return document.querySelectorAll('button.choice').length > 0", name + "'s card choices")
        text, _ = host.display("display-cards")
        no_referee_words(text, "the players' display at the cards")
        if shots:
            red.screenshot(os.path.join(shots, "phone-red-spring-cards.png"))
        # Red chooses Move, then Build instead: the same bytes for the others and the display.
        secret_changed(host, red, others, lambda: step_button(red, '"move"'), lambda: step_button(red, '"build"'),
                       "Red's cards")
        for m in received(blue) + received(pub):
            for name in ("Red", "Blue"):
                cards = player(m, name).get("cards") or []
                check(all(c == "hidden" for c in cards), "other pages got %s's cards face down only (%r)" % (name, cards))
        check(any(player(m, "Red").get("cards") == ["build"] for m in received(red)), "Red's page shows Red's own card")
        before = sent_count(blue)
        step_button(blue, '"tax"')
        check(wait_answered(blue, before, "Blue's cards")[0] == "good", "Blue's cards acknowledged")
        # Blue starts: Blue's card is shown; Red's stays face down until Red's turn.
        pub.wait("return (window.mgLog || []).some(m => m.kind === 'ws' && m.received.includes('\"actions\"'))", "the actions")
        for m in received(pub) + received(blue):
            cards = player(m, "Red").get("cards") or []
            check(all(c == "hidden" for c in cards), "Red's card stays face down for the others during Blue's turn (%r)" % (cards,))
        for m in received(red):
            cards = player(m, "Blue").get("cards") or []
            check(cards in ([], ["hidden"]) or cards == ["tax"] and m.get("view", {}).get("phase") == "actions",
                  "Red's page never got Blue's card before it was shown (%r)" % (cards,))
    finally:
        host.close()


def attack(exe, tmp, phones, shots):
    """La Mame's attack round served by the app over HTTPS (the campaign's self-signed
    certificate; live updates over wss), its players' display on: Red's attack gold changed, then
    Blue's guess; taken back by the referee's Undo and played again with the guess first and
    changed, so each secret is the one held while the other phone and the display look on."""
    host = Host(exe, tmp, "lamame-attack", "https")
    check(host.base.startswith("https://"), "the attack round is served over HTTPS")
    red, blue = phones[0], phones[1]
    try:
        join(red, host, "Red", None, form=False)
        join(blue, host, "Blue", None, form=False)
        for s, name in ((red, "Red"), (blue, "Blue")):
            s.wait("return document.querySelectorAll('#steps form').length > 0", name + "'s attack form")
        secret_changed(host, red, [("Blue's phone", blue)], lambda: send_template(red, "2"),
                       lambda: send_template(red, "3"), "Red's attack gold")
        text, _ = host.display("display-attack-gold")
        no_referee_words(text, "the players' display in the attack")
        for m in received(blue):
            gold = ((m.get("view") or {}).get("attack") or {}).get("gold")
            check(gold in (None, True), "Blue's page never got Red's attack gold (%r)" % (gold,))
        check(any(((m.get("view") or {}).get("attack") or {}).get("gold") == 3 for m in received(red)),
              "Red's page shows Red's own attack gold")
        before = sent_count(blue)
        send_template(blue, "1")
        check(wait_answered(blue, before, "Blue's guess")[0] == "good", "Blue's guess acknowledged: the round revealed")
        if shots:
            red.screenshot(os.path.join(shots, "phone-red-attack.png"))

        # The referee takes the round back (the guess, the gold and its change: three journal
        # rows); this time Blue guesses first, then changes the guess.
        host.act({"undo": 3})
        red.wait("return document.querySelectorAll('#steps form').length > 0", "Red's attack form again")
        blue.wait("return document.querySelectorAll('#steps form').length > 0", "Blue's guess form again")
        heard = ws_count(red)
        check(((received(red)[-1].get("view") or {}).get("attack") or {}).get("gold") is None,
              "after Undo, no gold is on the attack")
        secret_changed(host, blue, [("Red's phone", red)], lambda: send_template(blue, "4"),
                       lambda: send_template(blue, "5"), "Blue's guess")
        later = received(red)[heard:]
        for m in later:
            guesses = ((m.get("view") or {}).get("attack") or {}).get("guesses")
            check(guesses in (None, True), "Red's page never got Blue's guess before the reveal (%r)" % (guesses,))
        before = sent_count(red)
        send_template(red, "2")
        check(wait_answered(red, before, "Red's gold")[0] == "good", "Red's gold acknowledged: the round revealed")
    finally:
        host.close()


def meeple(exe, tmp, phones, shots):
    """Meeple's roll and pick on the two English phones (the third, the table's page's before)."""
    host = Host(exe, tmp, "meeple")
    red, blue = phones[0], phones[2]
    try:
        red.go(host.url("Red"))
        blue.go(host.url("Blue"))
        for s, name in ((red, "Red"), (blue, "Blue")):
            s.wait("return document.querySelectorAll('button.choice').length > 0", name + "'s roll")
            step_button(s, "Roll")
            s.wait("return (document.getElementById('status').className || '') === 'good'", name + " rolled")
        red.wait("return (window.mgLog || []).filter(m => m.kind === 'ws').length >= 2", "Red's update")
        red_faces = [player(m, "Red").get("faces") for m in received(red) if player(m, "Red").get("faces")]
        check(len(red_faces) > 0, "Red's page shows Red's own faces")
        for m in received(blue):
            check(player(m, "Red").get("faces") is None, "Blue's page never got Red's faces")
        for m in received(red):
            check(player(m, "Blue").get("faces") is None, "Red's page never got Blue's faces")
        # Red picks (the first pick offered); Blue's page must not learn it until Blue picks.
        red.wait("return Array.from(document.querySelectorAll('button.choice')).some(b => b.textContent.includes('Your pick'))",
                 "Red's picks")
        label = step_button(red, "Your pick")
        print("Red picked: " + label, flush=True)
        red.wait("return (document.getElementById('status').className || '') === 'good'", "Red picked")
        blue.wait("return (window.mgLog || []).some(m => m.kind === 'ws' && m.received.includes('\"picked\":true'))",
                  "Blue's page hearing that Red picked")
        for m in received(blue):
            check(player(m, "Red").get("pick") is None, "Blue's page never got Red's pick before Blue picked")
        check("Your pick" in blue.html() and label.split(" — ")[1] not in blue.js(
              "return document.getElementById('table').outerHTML;"), "Blue's view of the table holds no pick of Red's")
        blue.wait("return Array.from(document.querySelectorAll('button.choice')).some(b => b.textContent.includes('Your pick'))",
                  "Blue's picks")
        step_button(blue, "Your pick")
        # The second pick reveals both and resolves the battle: now both pages may see both picks.
        red.wait("return (window.mgLog || []).some(m => m.kind === 'ws' && m.received.includes('\"last\"') && m.received.includes('\"picks\"'))",
                 "the battle resolved on Red's page")
        check(any(((m.get("view") or {}).get("last") or {}).get("picks") for m in received(red)),
              "after both picks, the revealed picks reach Red's page")
    finally:
        host.close()


# What the phone's picture of the arena shows, read in the page from the image itself (its data: URL
# parsed as SVG): each counter's figure, hex, facing and centre, the centre of the hex it names, and
# the colour painted there (the picture drawn on a canvas, as the phone drew it).
BOARD_JS = """
const img = document.querySelector('#board img');
if (!img || !img.complete || !img.naturalWidth) return null;
const svg = new DOMParser().parseFromString(decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1)), 'image/svg+xml');
if (svg.querySelector('parsererror')) return {error: 'not SVG'};
const box = svg.documentElement.getAttribute('viewBox').split(' ').map(Number);
const canvas = document.createElement('canvas');
canvas.width = box[2] * 2; canvas.height = box[3] * 2;
const g = canvas.getContext('2d');
g.drawImage(img, 0, 0, canvas.width, canvas.height);
const out = {width: img.getBoundingClientRect().width, alt: img.alt, hexes: svg.querySelectorAll('use[data-hex]').length,
             scripts: svg.querySelectorAll('script').length, counters: []};
for (const c of svg.querySelectorAll('g[data-figure]')) {
  const circle = c.querySelector('circle'), hex = svg.querySelector('use[data-hex="' + c.dataset.hex + '"]');
  const x = Number(circle.getAttribute('cx')), y = Number(circle.getAttribute('cy'));
  /* round the counter, inside its rim: its side's colour, but for the wedge of its facing and its name */
  const rgb = [];
  for (let k = 0; k < 12; k++) {
    const p = g.getImageData(Math.round((x + 6.5 * Math.cos(k * Math.PI / 6)) * 2),
                             Math.round((y + 6.5 * Math.sin(k * Math.PI / 6)) * 2), 1, 1).data;
    rgb.push([p[0], p[1], p[2]]);
  }
  out.counters.push({figure: c.dataset.figure, hex: c.dataset.hex, facing: c.dataset.facing,
                     at: [x, y], hexAt: hex ? [Number(hex.getAttribute('x')), Number(hex.getAttribute('y'))] : null,
                     rgb});
}
return out;
"""


def board(session):
    return session.js(BOARD_JS)


def fetch(url, lang="en-US"):
    """A GET on the table server as a phone makes it (no browser): the answer's JSON."""
    req = urllib.request.Request(url, headers={"Accept-Language": lang})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def tft(exe, tmp, red, shots):
    """A TFT fight of four figures on the arena: a seat's phone shows the arena with every figure at
    its hex, facing its side, in its side's colour; a move on the referee's device moves the counter on
    the phone, live; the picture is the table page's too (nothing seat-specific, no seat's link), and
    nothing in it runs.  Red's phone (English) is the one browser; the table's page is read over HTTP."""
    host = Host(exe, tmp, "tft")
    for name, owner, st, dx in (("Flavius", "Red", 12, 12), ("Cato", "Red", 13, 11),
                                ("Wulf", "Blue", 11, 13), ("Hrolf", "Blue", 14, 10)):
        host.act({"type": "create_figure", "figure": name, "kind": "human", "st": st, "dx": dx,
                  "weapons": ["broadsword" if st >= 12 else "shortsword"], "owner": owner})
    where = {"Flavius": ("D5", "N"), "Cato": ("C7", "NE"), "Wulf": ("M4", "SW"), "Hrolf": ("N6", "NW")}
    host.act({"type": "start_fight", "kind": "death", "arena": "arena_1977",
              "sides": {"Romans": ["Flavius", "Cato"], "Germans": ["Wulf", "Hrolf"]},
              "positions": {k: {"hex": h, "facing": f} for k, (h, f) in where.items()}})
    try:
        red.go(host.url("Red"))
        red.wait("return document.querySelector('#board img') !== null && document.querySelector('#board img').naturalWidth > 0",
                 "the arena on Red's page")
        seen = board(red)
        check(seen["hexes"] == 16 * 9, "Red's phone draws the arena's 16 x 9 hexes (%d)" % seen["hexes"])
        check(seen["width"] >= 300, "the arena is as wide as the phone (%d px of 360)" % seen["width"])
        check(seen["alt"].startswith("The arena: ") and "Flavius, D5, N;" in seen["alt"] and "Hrolf, N6, NW" in seen["alt"],
              "the picture is named by the game's word, then what stands where (%r)" % seen["alt"])
        check(fetch(host.url("Red") + "words", "fr")["words"].get("board") == "L\u2019ar\u00e8ne",
              "and in French on a French phone")
        counters = {c["figure"]: c for c in seen["counters"]}
        check(sorted(counters) == sorted(where), "the four figures are on the arena (%s)" % ", ".join(sorted(counters)))
        colours = {"Romans": (0xbf, 0x26, 0x20), "Germans": (0x21, 0x54, 0xb8)}
        for name, (hexname, facing) in where.items():
            c = counters[name]
            check(c["hex"] == hexname and c["facing"] == facing and c["at"] == c["hexAt"],
                  "%s's counter on the centre of %s, facing %s (at %r)" % (name, hexname, facing, c["at"]))
            side = "Romans" if name in ("Flavius", "Cato") else "Germans"
            painted = sum(all(abs(a - b) < 40 for a, b in zip(rgb, colours[side])) for rgb in c["rgb"])
            check(painted >= 6, "%s's counter painted in the %s' colour (%d points of 12)" % (name, side, painted))
        if shots:
            red.screenshot(os.path.join(shots, "phone-tft-arena.png"))
        # The referee moves Flavius on the device: the phone follows, live.
        host.act({"type": "option", "figure": "Flavius", "option": "a", "to": "J5", "facing": "SE"})
        red.wait("return document.querySelector('#board img').src.includes(encodeURIComponent('data-hex=\"J5\"'))",
                 "Red's picture redrawn")
        moved = {c["figure"]: c for c in board(red)["counters"]}["Flavius"]
        check(moved["hex"] == "J5" and moved["facing"] == "SE" and moved["at"] == moved["hexAt"],
              "Flavius's counter now on J5, facing SE (at %r)" % moved["at"])
        if shots:
            red.screenshot(os.path.join(shots, "phone-tft-arena-moved.png"))
        # Nothing seat-specific: the table's page gets the same picture; nothing in it runs.
        mine = [m.get("board") for m in received(red) if m.get("board")][-1]
        public = fetch(host.url("public") + "state")
        check(public.get("board") == mine, "Red's phone and the table's page get the same picture")
        check(host.url("Red").split("/")[-2] not in json.dumps(public), "the table's page never holds Red's link")
        check(seen["scripts"] == 0 and not re.search(r"\son\w+=", mine), "nothing in the picture runs")
    finally:
        host.close()


def main():
    if not (os.access(CHROMIUM, os.X_OK) and os.access(DRIVER, os.X_OK)):
        print("SKIP: chromium or chromedriver is not installed")
        return 77
    app_exe, exe = sys.argv[1], sys.argv[2]
    shots = os.environ.get("MG_SCREENSHOT_DIR") or (sys.argv[3] if len(sys.argv) > 3 else None)
    if shots:
        os.makedirs(shots, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="mg-browser-")
    drv = Driver(tmp)
    signal.signal(signal.SIGALRM, lambda *a: fail("the test ran past its deadline"))
    signal.alarm(400)
    # Three browsers for the whole test (starting one is most of its time): Red's phone in
    # English, Blue's in French, and one on the table's page; each part opens its own pages.
    # Every one takes the table's self-signed certificate, as its player would.
    phones = []
    try:
        for lang in ("en-US", "fr", "en-US"):
            phones.append(drv.session(lang, https=True))
        # MG_BROWSER_ONLY=tft (a name of the parts below) runs that part alone, while one is worked on.
        only = os.environ.get("MG_BROWSER_ONLY")
        for name, part in (("lamame", lambda: lamame(app_exe, tmp, phones, shots)),
                           ("attack", lambda: attack(app_exe, tmp, phones, shots)),
                           ("meeple", lambda: meeple(exe, tmp, phones, shots)),
                           ("tft", lambda: tft(exe, tmp, phones[0], shots))):
            if only in (None, "", name):
                part()
    finally:
        for phone in phones:
            phone.quit()
        drv.close()
        shutil.rmtree(tmp, ignore_errors=True)
    print("browser test passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
