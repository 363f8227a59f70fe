/**
 * The engine's reference anchor: `../shared/anchors/duckdb-whole.mjs` beside the repository, DuckDB
 * doing the whole audit of a pair in one process (read both CSVs as text, normalise, map, join,
 * compare, materialise the findings with their raw values). It is read-only there, so it runs from
 * a copy in the OS temp folder with its own `npm ci`, as its README says. When it is absent (a
 * clone without the shared folder) or cannot be installed, the bench falls back to its own DuckDB
 * audit (test/bench/duckdb-audit.ts) and says that this anchor is the weaker one.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = path.resolve(ROOT, '../shared/anchors');
const SCRIPT = 'duckdb-whole.mjs';

/** What the anchor prints, read back. Duplicate keys are keys repeated on either side, counted once. */
export interface AnchorFigures {
  ms: number;
  rssBytes: number;
  baseline_rows: number;
  secondary_rows: number;
  discrepancies: number;
  only_in_baseline: number;
  only_at_carrier: number;
  duplicate_keys: number;
}

const LINE =
  /duckdb whole process: ([\d.]+) s, rss (\d+) MB; rows (\d+)\/(\d+); discrepancies (\d+), only in baseline (\d+), only at carrier (\d+), duplicate keys (\d+)/;

export function parseAnchorLine(out: string): AnchorFigures {
  const m = LINE.exec(out);
  if (!m) throw new Error(`the anchor printed no figures: ${out.slice(0, 300)}`);
  const n = m.slice(1).map(Number);
  return {
    ms: n[0]! * 1000,
    rssBytes: n[1]! * 1024 * 1024,
    baseline_rows: n[2]!,
    secondary_rows: n[3]!,
    discrepancies: n[4]!,
    only_in_baseline: n[5]!,
    only_at_carrier: n[6]!,
    duplicate_keys: n[7]!,
  };
}

let prepared: string | null | undefined;

/**
 * The runnable copy of the anchor (its folder copied to the temp folder, `npm ci` there once), or
 * null when there is none to run. A changed anchor is copied again.
 */
export function prepareAnchor(): string | null {
  if (prepared !== undefined) return prepared;
  prepared = null;
  if (!fs.existsSync(path.join(SOURCE, SCRIPT))) return null;
  const copy = path.join(tmpdir(), 'dvp-anchors');
  const same = (file: string) =>
    fs.existsSync(path.join(copy, file)) && fs.readFileSync(path.join(copy, file)).equals(fs.readFileSync(path.join(SOURCE, file)));
  try {
    if (!['package-lock.json', SCRIPT].every(same)) {
      fs.rmSync(copy, { recursive: true, force: true });
      fs.cpSync(SOURCE, copy, { recursive: true, filter: (f) => !f.includes('node_modules') });
    }
    if (!fs.existsSync(path.join(copy, 'node_modules', '@duckdb', 'node-api'))) {
      console.log(`(installing the reference anchor's DuckDB in ${copy})`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'inherit' });
    }
    prepared = path.join(copy, SCRIPT);
  } catch (error) {
    console.log(`(the reference anchor could not be installed: ${(error as Error).message.split('\n')[0]})`);
  }
  return prepared;
}

/** One run of the anchor on a pair's folder (baseline.csv, secondary.csv, config.json). */
export function runAnchor(script: string, dir: string, threads = 2): Promise<AnchorFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir, String(threads)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the anchor exited with ${code}`));
      try {
        resolve(parseAnchorLine(out));
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}
