#!/usr/bin/python3
# a11y-walk.py — other GNOME apps walked through AT-SPI as tests/ui/atspi-probe.py walks Melee GM, to compare (issue 44).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run inside a display and a session bus of its own:
#   xvfb-run -a dbus-run-session -- bench/a11y-walk.py gnome-calculator=Equals gnome-text-editor=text:
# Prints, for each app (started with a home of its own, so no earlier session is restored): its
# interactive controls, how many have no name (or a widget type's, or a mnemonic's underscore), and
# the Tab presses (real keys, xdotool) from the focus it opens with to its main action: the first
# focused object whose "role: name" has the text after '='.
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], '0'] + sys.argv[1:]
sys.path.insert(0, os.path.join(HERE, '..', 'tests', 'ui'))
import importlib.util  # noqa: E402
spec = importlib.util.spec_from_file_location('probe', os.path.join(HERE, '..', 'tests', 'ui', 'atspi-probe.py'))
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
probe.Atspi.init()


def said(f):
    return '%s: %s' % (f['role'], f['name'])


def tabs_to(target, most=40):
    for n in range(most):
        f = probe.focus()
        if os.environ.get('MG_A11Y_DEBUG'):
            print('  Tab %d: %s' % (n, said(f)), file=sys.stderr)
        if target in said(f):
            return n, said(f)
        subprocess.run(['xdotool', 'key', 'Tab'], check=False)
        time.sleep(0.3)
    return None, said(probe.focus())


print('| app | interactive controls | with no name | Tabs to the main action |')
print('|---|---|---|---|')
for arg in sys.argv[2:]:
    command, _, target = arg.partition('=')
    home = tempfile.mkdtemp(prefix='a11y-walk-')
    env = dict(os.environ, GTK_A11Y='atspi', GSETTINGS_BACKEND='memory', HOME=home,
               XDG_CONFIG_HOME=home + '/config', XDG_DATA_HOME=home + '/data', XDG_STATE_HOME=home + '/state',
               XDG_CACHE_HOME=home + '/cache')
    app = subprocess.Popen([command], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(6)
    probe.PID = app.pid
    result = probe.walk()
    if 'error' in result:
        print('| %s | %s | | |' % (command, result['error']))
    else:
        n, where = tabs_to(target) if target else (None, '')
        print('| %s | %d | %d | %s (%s) |' % (command, len(result['controls']), len(result['unnamed']),
                                             n if n is not None else 'not reached', where))
        for o in result['unnamed']:
            print('  unnamed %s "%s" at %s' % (o['role'], o['name'], o['path']), file=sys.stderr)
    app.terminate()
    app.wait()
