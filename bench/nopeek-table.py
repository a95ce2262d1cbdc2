#!/usr/bin/env python3
"""Reads the record files of bench/nopeek.sh (DIR/RULES-PLAYER.jsonl, with the
run's output and /usr/bin/time line in DIR/RULES-PLAYER.txt) and prints the
markdown table of bench/nopeek.md: per rule set, the thoughtful verdict's win
rate and each player's, with 95% Wilson intervals, the paired counts against
the thoughtful verdict (won by both, lost for not seeing the stock) with
McNemar's p, and each player's cost: the run's user CPU seconds per deal of
the study (the thoughtful solves included) and per game played (less the
thoughtful study's own cost per deal, when DIR has the greedy run, whose
player costs nothing). A resumed run's CPU time covers the deals it ran
("this run: N deals", the records after the file's last study line).
usage: nopeek-table.py PYRAMID DIR"""
import json, subprocess, sys, glob, os, re, collections
pyr, d = sys.argv[1], sys.argv[2]
rows = collections.OrderedDict()
for f in sorted(glob.glob(os.path.join(d, '*.jsonl'))):
    rules, player = os.path.basename(f)[:-6].rsplit('-', 1)
    out = subprocess.run([pyr, 'merge', f, '--format', 'json'], capture_output=True, text=True).stdout
    s = json.loads(out)['summaries'][0]
    cpu = None
    txt = f[:-6] + '.txt'
    if os.path.exists(txt):
        t = open(txt).read()
        m = re.search(r'this run: (\d+) deals', t)
        u = re.search(r'([\d.]+) user', t.strip().splitlines()[-1])
        if m and u and int(m.group(1)) > 0:
            cpu = float(u.group(1)) / int(m.group(1))
    s['cpu_per_deal'] = cpu
    # The deals and games of the last run (the records after the last study line).
    run_deals = run_games = 0
    for line in open(f):
        if line.startswith('{"study"'):
            run_deals = run_games = 0
        elif '"seed"' in line:
            run_deals += 1
            run_games += '"player_moves":null' not in line
    s['run_deals'], s['run_games'] = run_deals, run_games
    rows.setdefault(rules, {})[player] = s
def pct(x): return '%.2f%%' % (100 * x)
print('| rule set | deals | thoughtful (95% CI) | player | player win rate (95% CI) | both | lost for not seeing | McNemar p | CPU s per deal | CPU s per game |')
print('| --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |')
for rules, ps in rows.items():
    base = ps.get('greedy', {}).get('cpu_per_deal')
    for player, s in ps.items():
        th = '%s (%s-%s)' % (pct(s['win_rate']), pct(s['ci95_low']), pct(s['ci95_high']))
        pr = '%s (%s-%s)' % (pct(s['player_win_rate']), pct(s['player_ci95_low']), pct(s['player_ci95_high']))
        p = s['paired']
        cpu = s['cpu_per_deal']
        per_game = '-'
        if cpu is not None and base is not None and s['run_games'] and player != 'greedy':
            per_game = '%.3f' % ((cpu - base) * s['run_deals'] / s['run_games'])
        print('| %s | %d | %s | %s | %s | %d | %d | %.2g | %s | %s |' % (
            rules, s['deals'], th, player, pr, p['both'], p['thoughtful_only'], p['mcnemar_p'],
            '%.4f' % cpu if cpu is not None else '?', per_game))
