#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Generate src/core/pmu-metrics-x86.c from perf 6.1's x86 JSON tables.

The committed C file holds, for every CPU model perf 6.1 knows on x86,
the metrics it defines (name, groups, description, expression, scale
unit, constraint) and the CPUID regexes of mapfile.csv that choose a
model; for the AMD models also their events (name, topic, descriptions,
terms, PMU, deprecated). Intel's events (some 30,000) and every other
JSON field are left out.

Regenerate (the build never needs this):

    apt-get install linux-source-6.1
    tar xJf /usr/src/linux-source-6.1.tar.xz \\
        --wildcards 'linux-source-6.1/tools/perf/pmu-events/arch/x86/*'
    scripts/gen-pmu-metrics.py \\
        linux-source-6.1/tools/perf/pmu-events/arch/x86 > src/core/pmu-metrics-x86.c

Descriptions lose a trailing ". ", "." or ".  " and gain ". Unit: <pmu> "
for a metric with a Unit, as perf's jevents does.
"""
import csv
import json
import os
import sys


def fixdesc(s):
    if s is None:
        return None
    for suffix in ('.  ', '. ', '.'):
        if s.endswith(suffix):
            s = s[:-len(suffix)]
    return s


# jevents' Unit -> PMU names; others become "uncore_<unit in lower case>".
UNIT_PMU = {
    'CBO': 'uncore_cbox', 'QPI LL': 'uncore_qpi', 'SBO': 'uncore_sbox',
    'iMPH-U': 'uncore_arb', 'CPU-M-CF': 'cpum_cf', 'CPU-M-SF': 'cpum_sf',
    'PAI-CRYPTO': 'pai_crypto', 'UPI LL': 'uncore_upi',
    'L3PMC': 'amd_l3', 'DFPMC': 'amd_df',
    'cpu_core': 'cpu_core', 'cpu_atom': 'cpu_atom',
}


def describe(jd):
    """BriefDescription as perf lists it: '. Unit: <pmu> ' follows if any."""
    desc = fixdesc(jd.get('BriefDescription')) or None  # "" is none to perf
    unit = jd.get('Unit')
    if unit:
        pmu = UNIT_PMU.get(unit, 'uncore_' + unit.lower())
        desc = (desc + '. ' if desc else '') + 'Unit: ' + pmu + ' '
    return desc


def cstr(s):
    if s is None:
        return 'NULL'
    out = []
    for ch in s:
        if ch in '\\"':
            out.append('\\' + ch)
        elif ch == '\n':
            out.append('\\n')
        elif ord(ch) < 32 or ord(ch) > 126:
            out.append('\\%03o' % ord(ch))
        else:
            out.append(ch)
    return '"' + ''.join(out) + '"'


def topic(filename):
    if filename.endswith('metrics.json'):
        return 'metrics'
    return filename[:-len('.json')].replace('-', ' ')


def model_metrics(path):
    """A model's metrics in perf's table order (jevents' sort key)."""
    metrics = []
    for name in sorted(os.listdir(path)):
        if not name.endswith('.json'):
            continue
        with open(os.path.join(path, name)) as f:
            for e in json.load(f):
                if 'MetricName' not in e or 'MetricExpr' not in e:
                    continue
                unit = e.get('Unit')
                key = ('BriefDescription' in e, topic(name), e.get('EventName') or '',
                       UNIT_PMU.get(unit, 'uncore_' + unit.lower()) if unit else '',
                       e['MetricName'])
                metrics.append((key, (e['MetricName'],
                                e.get('MetricGroup') or None,
                                describe(e),
                                e['MetricExpr'],
                                e.get('ScaleUnit') or None,
                                e.get('MetricConstraint') or None,
                                'EventName' in e)))
    metrics.sort(key=lambda m: m[0])
    return [m[1] for m in metrics]


EVENT_FIELDS = [('AnyThread', 'any='), ('PortMask', 'ch_mask='),
                ('CounterMask', 'cmask='), ('EdgeDetect', 'edge='),
                ('FCMask', 'fc_mask='), ('Invert', 'inv='),
                ('SampleAfterValue', 'period='), ('UMask', 'umask=')]


def model_events(path):
    """A model's events: name, topic, desc, long desc, terms, PMU, deprecated."""
    events = []
    for name in sorted(os.listdir(path)):
        if not name.endswith('.json'):
            continue
        with open(os.path.join(path, name)) as f:
            for e in json.load(f):
                if 'EventName' not in e:
                    continue
                code = int(e.get('EventCode', '0').split(',', 1)[0], 0)
                terms = 'event=0x%x' % code
                for key, term in EVENT_FIELDS:
                    if key in e and e[key] != '0':
                        terms += ',' + term + e[key]
                unit = e.get('Unit')
                pmu = UNIT_PMU.get(unit, 'uncore_' + unit.lower()) if unit else None
                # perf re-prints the terms: numbers as "%#x" ("0" for 0).
                norm = []
                for t in terms.split(','):
                    k, v = t.split('=', 1)
                    n = int(v, 0)
                    norm.append('%s=%s' % (k, hex(n) if n else '0'))
                terms = ','.join(norm)
                events.append((e['EventName'].lower(), topic(name), describe(e),
                               fixdesc(e.get('PublicDescription')) or None, terms, pmu,
                               int(e.get('Deprecated', '0') == '1')))
    return events


def main():
    root = sys.argv[1]
    with open(os.path.join(root, 'mapfile.csv')) as f:
        rows = [r for r in csv.reader(f)][1:]
    models = sorted({r[2] for r in rows})
    per_model = {m: model_metrics(os.path.join(root, m)) for m in models}

    uniq, index = [], {}
    for m in models:
        for t in per_model[m]:
            if t not in index:
                index[t] = len(uniq)
                uniq.append(t)

    w = sys.stdout.write
    w('// SPDX-License-Identifier: GPL-2.0-only\n')
    w('/* Generated by scripts/gen-pmu-metrics.py from perf 6.1\'s\n')
    w(' * tools/perf/pmu-events/arch/x86: do not edit. */\n')
    w('#include "prof/pmu-metrics.h"\n\n')
    w('/* name, groups, description, expression, scale unit, constraint, is an event */\n')
    w('static const struct pmu_metric metrics[] = {\n')
    for t in uniq:
        w('{%s,%s,%s,%s,%s,%s,%d},\n' % (cstr(t[0]), cstr(t[1]), cstr(t[2]),
                                         cstr(t[3]), cstr(t[4]), cstr(t[5]), t[6]))
    w('};\n\n')
    for m in models:
        ids = [str(index[t]) for t in per_model[m]]
        if not ids:
            continue
        w('static const unsigned short %s[] = {' % m.replace('-', '_'))
        for i in range(0, len(ids), 16):
            w('\n\t' + ','.join(ids[i:i + 16]) + ',')
        w('\n};\n')
    # Events: AMD's only (Intel's would be some 30,000 entries).
    w('\n/* name, topic, description, long description, terms, PMU, deprecated */\n')
    with_events = [m for m in models if m.startswith('amd')]
    for m in with_events:
        w('static const struct pmu_json_event %s_events[] = {\n' % m)
        for t in model_events(os.path.join(root, m)):
            w('{%s,%s,%s,%s,%s,%s,%d},\n' % (cstr(t[0]), cstr(t[1]), cstr(t[2]),
                                             cstr(t[3]), cstr(t[4]), cstr(t[5]), t[6]))
        w('};\n')
    w('\nconst struct pmu_metrics_table pmu_metrics_tables[] = {\n')
    for m in models:
        v = m.replace('-', '_')
        ev = ('%s_events, sizeof(%s_events) / sizeof(%s_events[0])' % (v, v, v)
              if m in with_events else 'NULL, 0')
        if per_model[m]:
            w('\t{ "%s", metrics, %s, sizeof(%s) / sizeof(%s[0]), %s },\n' % (m, v, v, v, ev))
        else:
            w('\t{ "%s", metrics, NULL, 0, %s },\n' % (m, ev))
    w('\t{ NULL, NULL, NULL, 0, NULL, 0 },\n};\n\n')
    w('/* mapfile.csv: CPUID regex -> table, first match wins. */\n')
    w('const struct pmu_metrics_map pmu_metrics_map[] = {\n')
    for r in rows:
        w('\t{ %s, "%s" },\n' % (cstr(r[0]), r[2]))
    w('\t{ NULL, NULL },\n};\n')


if __name__ == '__main__':
    main()
