/**
 * What `npm run bench` writes into docs/benchmarks.md (issue 16: "It writes docs/benchmarks.md"):
 * each part of the run adds a Markdown section here, and the end of the run puts them, with the
 * machine, the date and the commit, between the two markers below, replacing the previous run.
 * The hand-written analyses around the markers (before/after figures, why a target is or is not
 * met) stay as they are. `--quick` (CI's smoke) and `--no-write` leave the file alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const START = '<!-- npm run bench: latest run, written by scripts/bench/report.ts -->';
export const END = '<!-- npm run bench: end of the latest run -->';

const sections: { title: string; body: string }[] = [];

/** Adds one part of the run (a Markdown table, or text to show as it was printed). */
export function addSection(title: string, body: string) {
  sections.push({ title, body });
}

/** Plain text (a console table) as a Markdown code block. */
export const asCode = (text: string) => ['```', text.trimEnd(), '```'].join('\n');

function commit(root: string) {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : '';
    return sha + dirty;
  } catch {
    return 'unknown';
  }
}

/** The machine as the run saw it: cores, model, memory, load, Node. */
export function machine() {
  const cpus = os.cpus();
  const load = os.loadavg().map((n) => n.toFixed(1)).join(', ');
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load average at the end ${load}; Node ${process.version}`;
}

/** The latest-run block as Markdown (exported for its test). */
export function renderRun(now: Date, root: string, args: string[]) {
  const head = [
    START,
    '## Latest run of `npm run bench`',
    '',
    `Written by the bench itself on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit(root)}, \`npm run bench${args.length ? ' -- ' + args.join(' ') : ''}\`. ` +
      `Machine: ${machine()}. The sections below it are earlier runs with their analysis.`,
  ];
  const body = sections.flatMap((s) => ['', `### ${s.title}`, '', s.body]);
  return [...head, ...body, '', END].join('\n');
}

/** Replaces the block between the markers (or puts it after the file's introduction, before the first `## `). */
export function spliceRun(doc: string, block: string) {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a !== -1 && b > a) return doc.slice(0, a) + block + doc.slice(b + END.length);
  const first = doc.search(/^## /m);
  if (first === -1) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, first)}${block}\n\n${doc.slice(first)}`;
}

export function writeReport(root: string, args: string[]) {
  if (!sections.length) return null;
  const file = path.join(root, 'docs', 'benchmarks.md');
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  fs.writeFileSync(file, spliceRun(doc, renderRun(new Date(), root, args)));
  return file;
}
