#!/usr/bin/python3
# atspi-probe.py — reads Melee GM through AT-SPI as a screen reader does, for the UI tests (issue 44).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Started by a test with the application's pid as its argument; answers one JSON line per command
# read on stdin:
#   walk     every showing interactive object of the app's windows: role, name, description, path
#            (and the list items' names, to check the Journal's rows)
#   app      whether the application is on the bus yet (waits 10 s at most), as a reader sees it appear
#   focus    the object that has the focus: role, name, description
#   heard K T  waits (20 s at most) for an event of kind K (below) whose name or description has
#            T: {'said': true or false, 'events': what was heard meanwhile}
#   events   what a screen reader would have spoken since the last call: focus changes, alerts
#            (objects of role alert or notification shown or renamed), description changes of the
#            focused object, names of live regions that changed
import json
import os
import re
import sys
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402

PID = int(sys.argv[1])
R = Atspi.Role
S = Atspi.StateType
# Objects a person acts on: these roles whenever showing, or anything focusable and showing.
INTERACTIVE = {R.PUSH_BUTTON, R.TOGGLE_BUTTON, R.CHECK_BOX, R.RADIO_BUTTON, R.COMBO_BOX,
               R.MENU_ITEM, R.SPIN_BUTTON, R.ENTRY, R.PASSWORD_TEXT, R.SLIDER, R.LINK,
               R.PAGE_TAB, R.SWITCH if hasattr(R, 'SWITCH') else R.TOGGLE_BUTTON}
WIDGET_TYPE = re.compile(r'^(Gtk|Adw|Mg)[A-Z][A-Za-z]+$')
MNEMONIC = re.compile(r'(^|\s)_[^\s_]')
events = []
# A command waiting for an event of a kind that says some text: [kind, text, timeout source], or None.
waiting = None
DEBUG = 'MG_A11Y_DEBUG' in os.environ


def app():
    # The app registers on the bus as its first window maps: ask again for up to 10 s.
    for attempt in range(50):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            a = desktop.get_child_at_index(i)
            try:
                if a is not None and a.get_process_id() == PID:
                    # Read afresh: pages change under a reader that remembers.
                    a.set_cache_mask(Atspi.Cache.NONE)
                    a.clear_cache()
                    return a
            except GLib.Error:
                continue
        time.sleep(0.2)
    return None


def describe(o):
    try:
        return {'role': o.get_role_name(), 'name': o.get_name() or '',
                'description': o.get_description() or ''}
    except GLib.Error:
        return {'role': 'gone', 'name': '', 'description': ''}


def states(o):
    s = o.get_state_set()
    return s


def is_wrapper(o):
    # A menu button's or a drop-down's outer object, around the button that takes the focus.
    for i in range(o.get_child_count()):
        c = o.get_child_at_index(i)
        if c is not None and c.get_role() in (R.PUSH_BUTTON, R.TOGGLE_BUTTON) \
                and c.get_state_set().contains(S.FOCUSABLE):
            return True
    return False


def walk_tree(o, path, out, items, depth=0):
    if depth > 60:
        return
    try:
        walk_node(o, path, out, items, depth)
    except GLib.Error as e:
        # An object gone while read (a row rebound): the walk goes on without it.
        sys.stderr.write('atspi-probe: %s at %s\n' % (e.message, path))


# Roles that are never a control nor hold one: the walk reads no more of them than their role.
LEAVES = {R.LABEL, R.IMAGE, R.SCROLL_BAR, R.SEPARATOR, R.STATIC}


def walk_node(o, path, out, items, depth):
    # The role first (one question): a label, the most frequent object, needs no other.
    role = o.get_role()
    if role in LEAVES and role != R.IMAGE:
        return
    st = states(o)
    if not st.contains(S.VISIBLE) or (role == R.IMAGE and not st.contains(S.FOCUSABLE)):
        return
    focusable = st.contains(S.FOCUSABLE)
    # A board, the arena, a chart: a Tab stop a person acts on with the arrows (a grid, an image).
    control = role in INTERACTIVE or (role == R.TEXT and st.contains(S.EDITABLE)) \
        or (focusable and role in (R.LIST_ITEM, R.TABLE_CELL, R.TREE_ITEM, R.TABLE, R.IMAGE))
    if control and not focusable and role in (R.PUSH_BUTTON, R.TOGGLE_BUTTON, R.COMBO_BOX) and is_wrapper(o):
        control = False
    if control:
        # The role's name is known here; the description is not asked (nothing checks it).
        d = {'role': Atspi.role_get_name(role), 'name': o.get_name() or '', 'description': '',
             'path': path, 'focusable': focusable, 'sensitive': st.contains(S.SENSITIVE)}
        out.append(d)
        if role == R.LIST_ITEM:
            items.append(d)
    # A drop-down: its button; not its list while closed (GTK 4.8's own rows, not shown).
    if role == R.COMBO_BOX:
        for i in range(o.get_child_count()):
            c = o.get_child_at_index(i)
            if c is not None and c.get_role() in (R.PUSH_BUTTON, R.TOGGLE_BUTTON):
                walk_tree(c, path + '/' + c.get_role_name(), out, items, depth + 1)
        return
    if control and role not in (R.LIST_ITEM, R.TABLE_CELL):
        return
    for i in range(min(o.get_child_count(), 2000)):
        c = o.get_child_at_index(i)
        if c is not None:
            walk_tree(c, path + '/' + Atspi.role_get_name(c.get_role()), out, items, depth + 1)


def walk(title=None):
    a = app()
    out, items = [], []
    t0 = time.monotonic()
    if a is None:
        return {'error': 'no application with pid %d on the AT-SPI bus' % PID}
    windows = 0
    # A window just opened joins the bus a moment later: asked again for up to 10 s.
    for attempt in range(50):
        for i in range(a.get_child_count()):
            w = a.get_child_at_index(i)
            if w is not None and (title is None or w.get_name() == title):
                windows += 1
                walk_tree(w, w.get_role_name() + ':' + (w.get_name() or ''), out, items)
        if windows > 0 or title is None:
            break
        time.sleep(0.2)
        a = app()
    # No name, a widget type's, or a mnemonic's underscore read aloud ("_Print… Print…").
    bad = [o for o in out if o['name'].strip() == '' or WIDGET_TYPE.match(o['name'].strip())
           or MNEMONIC.search(o['name'])]
    return {'controls': out, 'unnamed': bad, 'items': items, 'windows': windows,
            'seconds': time.monotonic() - t0}


def dump(o, depth):
    st = o.get_state_set()
    try:
        e = o.get_extents(Atspi.CoordType.WINDOW)
        ext = '%d,%d %dx%d' % (e.x, e.y, e.width, e.height)
    except Exception as x:
        ext = str(x)
    sys.stderr.write('%s%s %r %s %s\n' % ('  ' * depth, o.get_role_name(), o.get_name(),
                                         ','.join(x.value_nick for x in st.get_states()), ext))
    for i in range(o.get_child_count()):
        c = o.get_child_at_index(i)
        if c is not None:
            dump(c, depth + 1)


def find_focus(o, depth=0):
    if depth > 60:
        return None
    try:
        st = states(o)
        if st.contains(S.FOCUSED):
            return o
        if not st.contains(S.VISIBLE) and o.get_role() not in (R.FRAME, R.WINDOW, R.DIALOG, R.APPLICATION):
            return None
        n = o.get_child_count()
    except GLib.Error:
        return None
    for i in range(min(n, 2000)):
        c = o.get_child_at_index(i)
        f = find_focus(c, depth + 1) if c is not None else None
        if f is not None:
            return f
    return None


def focus():
    a = app()
    f = find_focus(a) if a is not None else None
    if f is not None and DEBUG:
        sys.stderr.write('atspi-probe focus role %s\n' % f.get_role())
    return describe(f) if f is not None else {'role': 'none', 'name': '', 'description': ''}


def ours(ev):
    try:
        return ev.source is not None and ev.source.get_process_id() == PID
    except GLib.Error:
        return False


def reply(r):
    sys.stdout.write(json.dumps(r) + '\n')
    sys.stdout.flush()


def heard(kind, text):
    return any(e['kind'] == kind and (text in e['name'] or text in e['description']) for e in events)


def answer_wait(found):
    global waiting
    if waiting is None:
        return
    GLib.source_remove(waiting[2]) if found else None
    waiting = None
    reply({'said': found, 'events': list(events)})
    events.clear()


def on_event(ev):
    if not ours(ev):
        return
    on_event_of_ours(ev)
    if waiting is not None and heard(waiting[0], waiting[1]):
        answer_wait(True)


def on_event_of_ours(ev):
    src = ev.source
    d = describe(src)
    try:
        role = src.get_role()
        st = states(src)
    except GLib.Error:
        return
    t = ev.type
    if t.startswith('object:children-changed:add') and isinstance(ev.any_data, Atspi.Accessible):
        # A child appears (a widget shown): an alert or notification among them is spoken.
        try:
            if ev.any_data.get_role() in (R.ALERT, R.NOTIFICATION):
                events.append({'kind': 'alert', **describe(ev.any_data)})
        except GLib.Error:
            pass
    if DEBUG:
        sys.stderr.write('atspi-probe event %s %s %s %s\n' % (t, ev.detail1, d['role'], d['name'][:60]))
    if t.startswith('object:state-changed:focused') and ev.detail1 == 1:
        events.append({'kind': 'focus', **d})
    elif role in (R.ALERT, R.NOTIFICATION) and (t.startswith('object:property-change:accessible-name')
                                                or (t.startswith('object:state-changed:showing') and ev.detail1 == 1)):
        events.append({'kind': 'alert', **d})
    elif t.startswith('object:property-change:accessible-description') and st.contains(S.FOCUSED):
        events.append({'kind': 'description', **d})
    elif t.startswith('object:property-change:accessible-name') and st.contains(S.FOCUSED):
        events.append({'kind': 'name', **d})


def wait_timeout():
    answer_wait(False)
    return False


def answer(line):
    global waiting
    cmd = line.strip()
    if cmd.startswith('heard '):
        # Answered when an event of that kind saying the text is heard, or after 20 s without.
        kind, text = cmd[6:].split(' ', 1)
        waiting = [kind, text, GLib.timeout_add_seconds(20, wait_timeout)]
        if heard(kind, text):
            answer_wait(True)
        return
    if cmd == 'walk':
        r = walk()
    elif cmd.startswith('walk '):
        r = walk(cmd[5:])
    elif cmd == 'app':
        r = {'app': app() is not None}
    elif cmd == 'focus':
        r = focus()
    elif cmd == 'events':
        r = {'events': list(events)}
        events.clear()
    elif cmd == 'bench':
        a = app()
        w = a.get_child_at_index(0)
        t0 = time.monotonic()
        for i in range(100):
            w.get_role()
        t1 = time.monotonic()
        for i in range(100):
            w.get_state_set()
        t2 = time.monotonic()
        for i in range(100):
            w.get_child_at_index(0)
        r = {'role': (t1 - t0) * 10, 'states': (t2 - t1) * 10, 'child': (time.monotonic() - t2) * 10}
    elif cmd == 'dump':
        dump(app(), 0)
        r = {}
    elif cmd == 'quit':
        leave()
    else:
        r = {'error': 'unknown command ' + cmd}
    reply(r)


def leave():
    # At once: libatspi's clean-up at exit (its listeners deregistered, each a call the registry
    # passes on to the application) waited out the 120 s timeout while the test, done, no longer
    # answered; nothing is left to clean.
    sys.stdout.flush()
    os._exit(0)


def on_stdin(channel, condition):
    if condition & GLib.IO_IN:
        line = sys.stdin.readline()
        if line == '':
            leave()
        answer(line)
        return True
    leave()


def main():
    Atspi.init()
    # A page built for the first time may keep the app busy for seconds on a loaded machine.
    Atspi.set_timeout(60000, 120000)
    listener = Atspi.EventListener.new(on_event)
    for t in ('object:state-changed:focused', 'object:children-changed', 'object:state-changed:showing',
              'object:property-change:accessible-name', 'object:property-change:accessible-description'):
        listener.register(t)
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
    sys.stdout.write(json.dumps({'ready': True}) + '\n')
    sys.stdout.flush()
    Atspi.event_main()


if __name__ == '__main__':
    main()
