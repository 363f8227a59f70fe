import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GENERATOR_VERSION } from '../fixtures/generator/generate';

/**
 * Sharded against whole (docs/scale.md): a generated CSV pair compared whole (RunComparison's
 * work) and, stored as ParseFile stores it (parsed rows in parts), cut into shards by key in
 * several ranges of each file, each range and each shard in a process of its own, the findings
 * merged (SplitComparison, SplitRange, CompareShard, MergeShards). Prints each step's time and
 * peak RSS, the split's rate per task, and whether both give the same findings, in the same order.
 * In AWS the ranges run at once, then the shards, so the sharded wall time is the slowest range
 * + the slowest shard + merge; on this machine's two cores they run two at a time, and that time
 * is printed too.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Figures {
  ms: number;
  maxRssBytes: number;
  digest?: string;
  findings?: number;
  [key: string]: unknown;
}

function child(args: string[], heapMb: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', 'test/bench/sharded-child.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Figures) : reject(new Error(`sharded-child ${args[0]} exited with ${code}`))));
  });
}

function generate(rows: number, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--max-old-space-size=8192', '--import', 'tsx', 'test/fixtures/generator/cli.ts', '--rows', String(rows), '--seed', 'memory', '--out', dir, '--format', 'csv'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`generator exited with ${code}`))));
  });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export async function shardedBench({ rows, shards, rangesPerSide = 4 }: { rows: number; shards: number; rangesPerSide?: number }): Promise<void> {
  console.log(`\n== Sharded against whole: ${rows.toLocaleString('en-US')} × ${rows.toLocaleString('en-US')} rows, ${shards} shards, about ${rangesPerSide} split tasks per file, each task in a process of its own`);
  const dir = path.join(tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-memory`);
  if (!existsSync(path.join(dir, 'config.json'))) {
    const t = performance.now();
    await generate(rows, dir);
    console.log(`(generated the CSV pair in ${secs(performance.now() - t)}, kept in ${dir})`);
  }
  const out = mkdtempSync(path.join(tmpdir(), 'dvp-shards-'));
  /** Two at a time: this machine's cores. Answers each run's figures and the wall time two at a time. */
  const twoAtATime = async (runs: Array<() => Promise<Figures>>) => {
    const figures: Figures[] = [];
    let wall = 0;
    for (let i = 0; i < runs.length; i += 2) {
      const pair = await Promise.all(runs.slice(i, i + 2).map((run) => run()));
      figures.push(...pair);
      wall += Math.max(...pair.map((f) => f.ms));
    }
    return { figures, wall };
  };
  try {
    const whole = await child(['whole', dir], 12_288);
    const parse = await child(['parse', dir, out, String(rangesPerSide)], 4096);
    const ranges = parse.ranges as { baseline: number; secondary: number };
    const chars = parse.chars as { baseline: number; secondary: number };
    const rangeRuns = (['baseline', 'secondary'] as const).flatMap((side) =>
      Array.from({ length: ranges[side] }, (_, r) => () => child(['split-range', out, side, String(r), String(shards)], 4096).then((f) => ({ ...f, side, chars: chars[side] / ranges[side] }))),
    );
    const split = await twoAtATime(rangeRuns);
    const perShard = await twoAtATime(Array.from({ length: shards }, (_, n) => () => child(['shard', out, String(n)], 6144)));
    const merge = await child(['merge', out, String(shards)], 4096);
    const slowestRange = Math.max(...split.figures.map((s) => s.ms));
    const slowest = Math.max(...perShard.figures.map((s) => s.ms));
    const rowsPerSecond = split.figures.map((f) => (f.rows as number) / (f.ms / 1000));
    const charsPerSecond = split.figures.map((f) => (f.chars as number) / (f.ms / 1000));
    const range = (values: number[], unit: (n: number) => string) => `${unit(Math.min(...values))}–${unit(Math.max(...values))}`;
    console.log(`whole (RunComparison's engine, files → findings): ${secs(whole.ms)}, peak RSS ${mb(whole.maxRssBytes)}, ${whole.findings} findings`);
    console.log(`parse (CSV → parsed rows in parts, not part of the split): ${secs(parse.ms)}; ${ranges.baseline} baseline + ${ranges.secondary} carrier ranges`);
    console.log(
      `split, ${split.figures.length} range tasks into ${shards} shards each: ${split.figures.map((f) => secs(f.ms)).join(', ')}; ` +
        `per task ${range(rowsPerSecond, (n) => Math.round(n).toLocaleString('en-US'))} rows/s, ${range(charsPerSecond, (n) => `${(n / 1e6).toFixed(1)}M`)} characters/s; peak RSS up to ${mb(Math.max(...split.figures.map((f) => f.maxRssBytes)))}`,
    );
    console.log(
      `per shard (its parts → findings): ${perShard.figures.map((s) => secs(s.ms)).join(', ')}; slowest ${secs(slowest)}; peak RSS up to ${mb(Math.max(...perShard.figures.map((s) => s.maxRssBytes)))}`,
    );
    console.log(`merge: ${secs(merge.ms)}, peak RSS ${mb(merge.maxRssBytes)}, ${merge.findings} findings`);
    console.log(
      `sharded wall time: ${secs(slowestRange + slowest + merge.ms)} with every range, then every shard, at once (as the Distributed Maps run them), ${secs(split.wall + perShard.wall + merge.ms)} two at a time on this machine; whole ${secs(whole.ms)}`,
    );
    console.log(`same findings, same order: ${whole.digest === merge.digest ? 'yes' : 'NO'}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
  await shardedBench({ rows: at('--rows', 200_000), shards: at('--shards', 8), rangesPerSide: at('--ranges', 4) });
}
