// SPDX-License-Identifier: GPL-2.0-only
// chrome-trace-engine.mjs ENGINE_DIR TRACE: the trace as Chrome DevTools' own trace
// engine (@paulirish/trace_engine, the Performance panel's model, which
// Lighthouse uses) reads it: each thread it finds with its timeline
// entries, "pid tid name N", sorted as chrome-trace-check.py threads
// prints them.
//
//   node chrome-trace-engine.mjs ENGINE_DIR TRACE
//
// ENGINE_DIR: the package's directory (node_modules/@paulirish/trace_engine).
import {pathToFileURL} from 'node:url';

const [engine, trace] = process.argv.slice(2);
const {analyzeTrace} = await import(pathToFileURL(engine + '/analyze-trace.mjs').href);
const {parsedTrace} = await analyzeTrace(trace);
const lines = [];
for (const [pid, p] of parsedTrace.data.Renderer.processes)
  for (const [tid, t] of p.threads)
    lines.push([pid, tid, t.name, t.entries.length]);
lines.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
for (const l of lines)
  console.log(l.join(' '));
