import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GENERATOR_VERSION } from '../fixtures/generator/generate';

/**
 * Sharded against whole (docs/scale.md): a generated CSV pair compared whole (RunComparison's
 * work) and cut into shards by key, each shard compared in a process of its own, the findings
 * merged (SplitComparison, CompareShard, MergeShards). Prints each step's time and peak RSS and
 * whether both give the same findings, in the same order. In AWS the shards run at once, so the
 * sharded wall time is split + the slowest shard + merge; on this machine's two cores they run
 * two at a time, and that time is printed too.
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

export async function shardedBench({ rows, shards }: { rows: number; shards: number }): Promise<void> {
  console.log(`\n== Sharded against whole: ${rows.toLocaleString('en-US')} × ${rows.toLocaleString('en-US')} rows, ${shards} shards, each step in a process of its own`);
  const dir = path.join(tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-memory`);
  if (!existsSync(path.join(dir, 'config.json'))) {
    const t = performance.now();
    await generate(rows, dir);
    console.log(`(generated the CSV pair in ${secs(performance.now() - t)}, kept in ${dir})`);
  }
  const out = mkdtempSync(path.join(tmpdir(), 'dvp-shards-'));
  try {
    const whole = await child(['whole', dir], 12_288);
    const split = await child(['split', dir, String(shards), out], 4096);
    const perShard: Figures[] = [];
    // Two at a time: this machine's cores.
    for (let i = 0; i < shards; i += 2) perShard.push(...(await Promise.all([i, i + 1].filter((n) => n < shards).map((n) => child(['shard', out, String(n)], 6144)))));
    const merge = await child(['merge', out, String(shards)], 4096);
    const slowest = Math.max(...perShard.map((s) => s.ms));
    const twoAtATime = perShard.reduce((sum, s, i) => (i % 2 === 0 ? sum + Math.max(s.ms, perShard[i + 1]?.ms ?? 0) : sum), 0);
    console.log(`whole (RunComparison's engine, files → findings): ${secs(whole.ms)}, peak RSS ${mb(whole.maxRssBytes)}, ${whole.findings} findings`);
    console.log(`split into ${shards} shards: ${secs(split.ms)}, peak RSS ${mb(split.maxRssBytes)}; largest shard ${split.largest_baseline_shard} baseline / ${split.largest_secondary_shard} carrier rows`);
    console.log(
      `per shard (files → findings): ${perShard.map((s) => secs(s.ms)).join(', ')}; slowest ${secs(slowest)}; peak RSS up to ${mb(Math.max(...perShard.map((s) => s.maxRssBytes)))}`,
    );
    console.log(`merge: ${secs(merge.ms)}, peak RSS ${mb(merge.maxRssBytes)}, ${merge.findings} findings`);
    console.log(
      `sharded wall time: ${secs(split.ms + slowest + merge.ms)} with every shard at once (as the Distributed Map runs them), ${secs(split.ms + twoAtATime + merge.ms)} two at a time on this machine; whole ${secs(whole.ms)}`,
    );
    console.log(`same findings, same order: ${whole.digest === merge.digest ? 'yes' : 'NO'}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
  await shardedBench({ rows: at('--rows', 200_000), shards: at('--shards', 8) });
}
