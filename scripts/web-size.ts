/**
 * What the built web app (web/dist) asks a browser to download: every chunk raw and gzipped, the
 * first load (the sign-in page) and the total for each part loaded on demand (a page, the signed-in
 * shell). The sets come from web/dist/index.html and Vite's manifest, so they follow the chunks as
 * the code changes instead of guessing from file names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_GOAL_GZIP = 250_000;
export const PAGE_GOAL_GZIP = 350_000;

/** One entry of .vite/manifest.json, keyed by source path (or a generated key for shared chunks). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface OnDemandPart {
  /** The source module loaded on demand (web/src/...). */
  src: string;
  /** JS the part adds to what the sign-in page already loaded (the signed-in shell included). */
  added: AssetSize[];
  /**
   * JS opening it from another page downloads: beyond the first load and the first part loaded on
   * demand (the signed-in app around every page), so a step loaded inside a page counts its page.
   */
  own: AssetSize[];
  /** All JS a browser opening this part straight from its URL downloads, first load included. */
  coldGzip: number;
}

export interface WebSizeReport {
  assets: AssetSize[];
  firstLoadJs: AssetSize[];
  firstLoadCss: AssetSize[];
  parts: OnDemandPart[];
}

export const sum = (assets: AssetSize[], key: 'raw' | 'gzip') => assets.reduce((total, a) => total + a[key], 0);

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:web\` (the Vite config writes the manifest)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The files index.html loads before anything runs: module scripts, module preloads, style sheets. */
export function filesOfIndexHtml(html: string): { scripts: string[]; preloads: string[]; styles: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const local = (url: string | undefined): url is string => !!url && url.startsWith('/');
  const strip = (url: string) => url.replace(/^\//, '');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((t) => /type="module"/.test(t)).map((t) => attr(t, 'src'));
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const linked = (rel: string) => links.filter((t) => attr(t, 'rel') === rel).map((t) => attr(t, 'href'));
  return {
    scripts: scripts.filter(local).map(strip),
    preloads: linked('modulepreload').filter(local).map(strip),
    styles: linked('stylesheet').filter(local).map(strip),
  };
}

/** The manifest key of a chunk and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function measureWebDist(distDir: string): WebSizeReport {
  const manifest = readManifest(distDir);
  const sizes = new Map<string, AssetSize>();
  const sizeOf = (file: string): AssetSize => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = fs.readFileSync(path.join(distDir, file));
      size = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const assetFiles = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `assets/${f}`);
  const assets = assetFiles.map(sizeOf).sort((a, b) => a.gzip - b.gzip);

  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = filesOfIndexHtml(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  const entryKeys = html.scripts.map((file) => {
    const key = keyOfFile.get(file);
    if (!key || !manifest[key]!.isEntry) throw new Error(`index.html loads ${file}, which the manifest does not name as an entry`);
    return key;
  });
  const firstKeys = new Set<string>();
  for (const key of entryKeys) staticClosure(manifest, key, firstKeys);
  const firstFiles = new Set([...html.scripts, ...html.preloads, ...[...firstKeys].map((k) => manifest[k]!.file)]);
  const firstCss = new Set([...html.styles, ...[...firstKeys].flatMap((k) => manifest[k]!.css ?? [])]);

  // Each part loaded on demand is reached through a chain of dynamic imports from the entry; opening
  // it from its URL downloads the static closure of every link of that chain.
  const chainOf = new Map<string, string[]>(entryKeys.map((k) => [k, [k]]));
  const queue = [...entryKeys];
  while (queue.length) {
    const key = queue.shift()!;
    for (const next of manifest[key]?.dynamicImports ?? []) {
      if (chainOf.has(next)) continue;
      chainOf.set(next, [...chainOf.get(key)!, next]);
      queue.push(next);
    }
  }
  const parts: OnDemandPart[] = [];
  for (const [key, chain] of chainOf) {
    if (entryKeys.includes(key)) continue;
    const shellKeys = new Set<string>();
    for (const link of chain.slice(0, Math.min(2, chain.length - 1))) staticClosure(manifest, link, shellKeys);
    const shellFiles = new Set([...firstFiles, ...[...shellKeys].map((k) => manifest[k]!.file)]);
    const chainKeys = new Set<string>();
    for (const link of chain) staticClosure(manifest, link, chainKeys);
    const files = [...new Set([...firstFiles, ...[...chainKeys].map((k) => manifest[k]!.file)])].filter((f) => f.endsWith('.js'));
    const all = files.map(sizeOf);
    parts.push({
      src: manifest[key]!.src ?? key,
      added: all.filter((a) => !firstFiles.has(a.file)),
      own: all.filter((a) => !shellFiles.has(a.file)),
      coldGzip: sum(all, 'gzip'),
    });
  }
  parts.sort((a, b) => sum(b.own, 'gzip') - sum(a.own, 'gzip'));

  return {
    assets,
    firstLoadJs: [...firstFiles].filter((f) => f.endsWith('.js')).map(sizeOf),
    firstLoadCss: [...firstCss].map(sizeOf),
    parts,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const within = (bytes: number, goal: number) => `${kb(bytes)} of ${kb(goal)} goal: ${bytes <= goal ? 'within' : 'OVER'}`;

/**
 * The report as lines of text: chunks, first load, the parts loaded on demand, and the goals: the
 * first load, and the page goal both for a page opened from another page and for everything a page
 * adds to the first load, the signed-in shell included.
 */
export function formatWebSize(report: WebSizeReport, options: { chunks?: boolean } = {}): string[] {
  const lines: string[] = [];
  const row = (name: string, raw: number, gzip: number) => `${name.padEnd(58)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)}`;
  if (options.chunks !== false) {
    lines.push(`${'chunk (web/dist)'.padEnd(58)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
    lines.push(...report.assets.map((a) => row(a.file, a.raw, a.gzip)));
    lines.push(row('all chunks', sum(report.assets, 'raw'), sum(report.assets, 'gzip')), '');
  }
  lines.push('first load (sign-in page: index.html scripts, module preloads and their static imports):');
  lines.push(...report.firstLoadJs.map((a) => row(`  ${a.file}`, a.raw, a.gzip)));
  lines.push(...report.firstLoadCss.map((a) => row(`  ${a.file}`, a.raw, a.gzip)));
  const firstJs = sum(report.firstLoadJs, 'gzip');
  lines.push(row('  JS', sum(report.firstLoadJs, 'raw'), firstJs), row('  CSS', sum(report.firstLoadCss, 'raw'), sum(report.firstLoadCss, 'gzip')), '');
  lines.push('loaded on demand, gzipped JS: opening it from another page (its chunks and the shared ones the shell did not bring) | beyond the first load, signed-in shell included | opened from its URL, all in');
  for (const part of report.parts) {
    lines.push(`  ${part.src.padEnd(66)} ${kb(sum(part.own, 'gzip')).padStart(9)} | ${kb(sum(part.added, 'gzip')).padStart(9)} | ${kb(part.coldGzip).padStart(9)}`);
  }
  const largest = report.parts[0];
  const widest = [...report.parts].sort((a, b) => sum(b.added, 'gzip') - sum(a.added, 'gzip'))[0];
  lines.push('');
  lines.push(`first load JS (gzip): ${within(firstJs, FIRST_LOAD_GOAL_GZIP)}`);
  if (largest && widest) {
    lines.push(`largest page, opened from another page (gzip): ${largest.src}, ${within(sum(largest.own, 'gzip'), PAGE_GOAL_GZIP)}`);
    lines.push(`largest page beyond the first load, signed-in shell included (gzip): ${widest.src}, ${within(sum(widest.added, 'gzip'), PAGE_GOAL_GZIP)}`);
  }
  return lines;
}
