#!/usr/bin/env python3
"""Reads the record files of bench/nopeek.sh (DIR/RULES-PLAYER.jsonl) and prints
the markdown table of bench/nopeek.md: per rule set, the thoughtful verdict's
win rate and each player's, with 95% Wilson intervals, the deals lost for not
seeing the stock (thoughtful only), and the players' cost per deal.
usage: nopeek-table.py PYRAMID DIR"""
import json, subprocess, sys, glob, os, collections
pyr, d = sys.argv[1], sys.argv[2]
rows = collections.OrderedDict()
for f in sorted(glob.glob(os.path.join(d, '*.jsonl'))):
    rules, player = os.path.basename(f)[:-6].rsplit('-', 1)
    out = subprocess.run([pyr, 'merge', f, '--format', 'json'], capture_output=True, text=True).stdout
    s = json.loads(out)['summaries'][0]
    rows.setdefault(rules, {})[player] = s
def pct(x): return '%.2f%%' % (100 * x)
print('| rule set | deals | thoughtful | player | player win rate (95% CI) | lost for not seeing | player s/deal | s/game |')
print('| --- | ---: | --- | --- | --- | ---: | ---: | ---: |')
for rules, ps in rows.items():
    for player, s in ps.items():
        th = '%s (%s-%s)' % (pct(s['win_rate']), pct(s['ci95_low']), pct(s['ci95_high']))
        pr = '%s (%s-%s)' % (pct(s['player_win_rate']), pct(s['player_ci95_low']), pct(s['player_ci95_high']))
        games = max(1, s['player_games'])
        print('| %s | %d | %s | %s | %s | %d | %.4f | %.3f |' % (rules, s['deals'], th, player, pr,
              s['paired']['thoughtful_only'], s['player_seconds'] / max(1, s['deals']), s['player_seconds'] / games))
