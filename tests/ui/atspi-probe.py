#!/usr/bin/python3
# atspi-probe.py — reads Melee GM through AT-SPI as a screen reader does, for the UI tests (issue 44).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Started by a test with the application's pid as its argument; answers one JSON line per command
# read on stdin:
#   walk     every showing interactive object of the app's windows: role, name, description, path
#            (and the list items' names, to check the Journal's rows)
#   focus    the object that has the focus: role, name, description
#   events   what a screen reader would have spoken since the last call: focus changes, alerts
#            (objects of role alert or notification shown or renamed), description changes of the
#            focused object, names of live regions that changed
import json
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
events = []


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


def walk_node(o, path, out, items, depth):
    if True:
        st = states(o)
        if not st.contains(S.VISIBLE):
            return
        role = o.get_role()
        focusable = st.contains(S.FOCUSABLE)
        control = role in INTERACTIVE or (role == R.TEXT and st.contains(S.EDITABLE)) \
            or (focusable and role in (R.LIST_ITEM, R.TABLE_CELL, R.TREE_ITEM))
        if control and not focusable and role in (R.PUSH_BUTTON, R.TOGGLE_BUTTON, R.COMBO_BOX) and is_wrapper(o):
            control = False
        if control:
            d = describe(o)
            d['path'] = path
            d['focusable'] = focusable
            d['sensitive'] = st.contains(S.SENSITIVE)
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
        if role in (R.LABEL, R.IMAGE, R.SCROLL_BAR, R.SEPARATOR) or (control and role != R.COMBO_BOX
                                                                     and role not in (R.LIST_ITEM, R.TABLE_CELL)):
            return
        n = o.get_child_count()
    for i in range(min(n, 2000)):
        c = o.get_child_at_index(i)
        if c is not None:
            walk_tree(c, path + '/' + (c.get_role_name() or '?'), out, items, depth + 1)


def walk(title=None):
    a = app()
    out, items = [], []
    t0 = time.monotonic()
    if a is None:
        return {'error': 'no application with pid %d on the AT-SPI bus' % PID}
    windows = 0
    for i in range(a.get_child_count()):
        w = a.get_child_at_index(i)
        if w is not None and (title is None or w.get_name() == title):
            windows += 1
            walk_tree(w, w.get_role_name() + ':' + (w.get_name() or ''), out, items)
    bad = [o for o in out if o['name'].strip() == '' or WIDGET_TYPE.match(o['name'].strip())]
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
    return describe(f) if f is not None else {'role': 'none', 'name': '', 'description': ''}


def ours(ev):
    try:
        return ev.source is not None and ev.source.get_process_id() == PID
    except GLib.Error:
        return False


def on_event(ev):
    if not ours(ev):
        return
    src = ev.source
    d = describe(src)
    try:
        role = src.get_role()
        st = states(src)
    except GLib.Error:
        return
    t = ev.type
    if t.startswith('object:state-changed:focused') and ev.detail1 == 1:
        events.append({'kind': 'focus', **d})
    elif role in (R.ALERT, R.NOTIFICATION) and (t.startswith('object:property-change:accessible-name')
                                                or (t.startswith('object:state-changed:showing') and ev.detail1 == 1)):
        events.append({'kind': 'alert', **d})
    elif t.startswith('object:property-change:accessible-description') and st.contains(S.FOCUSED):
        events.append({'kind': 'description', **d})
    elif t.startswith('object:property-change:accessible-name') and st.contains(S.FOCUSED):
        events.append({'kind': 'name', **d})


def answer(line):
    cmd = line.strip()
    if cmd == 'walk':
        r = walk()
    elif cmd.startswith('walk '):
        r = walk(cmd[5:])
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
        sys.exit(0)
    else:
        r = {'error': 'unknown command ' + cmd}
    sys.stdout.write(json.dumps(r) + '\n')
    sys.stdout.flush()


def on_stdin(channel, condition):
    if condition & GLib.IO_IN:
        line = sys.stdin.readline()
        if line == '':
            Atspi.event_quit()
            return False
        answer(line)
        return True
    Atspi.event_quit()
    return False


def main():
    Atspi.init()
    # A page built for the first time may keep the app busy for seconds on a loaded machine.
    Atspi.set_timeout(60000, 120000)
    listener = Atspi.EventListener.new(on_event)
    for t in ('object:state-changed:focused', 'object:state-changed:showing',
              'object:property-change:accessible-name', 'object:property-change:accessible-description'):
        listener.register(t)
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
    sys.stdout.write(json.dumps({'ready': True}) + '\n')
    sys.stdout.flush()
    Atspi.event_main()


if __name__ == '__main__':
    main()
