#!/usr/bin/python3
# a11y-walk.py — other GNOME apps walked through AT-SPI as tests/ui/atspi-probe.py walks Melee GM, to compare (issue 44).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run inside a display and a session bus of its own:
#   xvfb-run -a dbus-run-session -- bench/a11y-walk.py gnome-calculator gnome-text-editor
# Prints, for each app: its interactive controls, how many have no name (or a widget type's), and
# Tab stops counted by walking focusable objects.
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], '0'] + sys.argv[1:]
sys.path.insert(0, os.path.join(HERE, '..', 'tests', 'ui'))
import importlib.util  # noqa: E402
spec = importlib.util.spec_from_file_location('probe', os.path.join(HERE, '..', 'tests', 'ui', 'atspi-probe.py'))
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
probe.Atspi.init()

print('| app | interactive controls | with no name |')
print('|---|---|---|')
for command in sys.argv[2:]:
    env = dict(os.environ, GTK_A11Y='atspi', GSETTINGS_BACKEND='memory')
    app = subprocess.Popen([command], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(6)
    probe.PID = app.pid
    result = probe.walk()
    if 'error' in result:
        print('| %s | %s | |' % (command, result['error']))
    else:
        print('| %s | %d | %d |' % (command, len(result['controls']), len(result['unnamed'])))
        for o in result['unnamed']:
            print('  unnamed %s "%s" at %s' % (o['role'], o['name'], o['path']), file=sys.stderr)
    app.terminate()
    app.wait()
