/**
 * The web app's weight and the sign-in page's speed: the chunk sizes of `npm run size`, then the
 * sign-in page opened by chromium from the local stack, fresh (empty cache, new browser context)
 * and again from the HTTP cache, median of --web-runs runs (5). Each time is printed beside its
 * anchor measured in the same load: the moment index.html itself had arrived. The JS the browser
 * fetched before the form showed is counted too, against the first-load set the manifest gives.
 *
 *   npx tsx test/bench/web-bench.ts [--web-runs 5]      (also part of `npm run bench`)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { webDist } from '../../infra/local/web-build';
import { formatWebSize, measureWebDist, sum } from '../../scripts/web-size';
import { launchBrowser } from '../support/browser';
import { spawnStack, waitForReady } from '../support/stack-process';

const ms = (x: number) => `${x.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface SignInLoad {
  /** index.html fully received (the anchor). */
  htmlMs: number;
  /** The module scripts ran (DOMContentLoaded waits for them). */
  scriptsMs: number;
  /** The username field is in the page. */
  formMs: number;
  /** Scripts fetched from the network (not the cache) before the form showed. */
  jsFiles: number;
  jsBytes: number;
}

// Runs in the page before any of its scripts: notes when the Authenticator's username field appears.
const WATCH_FOR_FORM = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('input[name="username"]')) {
      window.__formShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function loadSignIn(page: Page, url: string, reload: boolean): Promise<SignInLoad> {
  if (reload) await page.reload();
  else await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __formShownAt?: number }).__formShownAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const formMs = (window as unknown as { __formShownAt: number }).__formShownAt;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (r) => r.initiatorType !== 'fetch' && r.name.endsWith('.js') && r.responseEnd <= formMs && r.transferSize > 0,
    );
    return {
      htmlMs: navigation.responseEnd,
      scriptsMs: navigation.domContentLoadedEventEnd,
      formMs,
      jsFiles: scripts.length,
      jsBytes: scripts.reduce((total, r) => total + r.encodedBodySize, 0),
    };
  });
}

async function timeSignIn(browser: Browser, url: string, runs: number): Promise<{ cold: SignInLoad[]; cached: SignInLoad[] }> {
  const cold: SignInLoad[] = [];
  const cached: SignInLoad[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    await context.addInitScript(WATCH_FOR_FORM);
    try {
      const page = await context.newPage();
      cold.push(await loadSignIn(page, url, false));
      cached.push(await loadSignIn(page, url, true));
    } finally {
      await context.close();
    }
  }
  return { cold, cached };
}

function printLoads(label: string, loads: SignInLoad[]): void {
  const m = (pick: (l: SignInLoad) => number) => median(loads.map(pick));
  console.log(
    `${label.padEnd(28)} form shown ${ms(m((l) => l.formMs)).padStart(7)} (runs ${loads.map((l) => ms(l.formMs)).join(', ')}); ` +
      `scripts ran ${ms(m((l) => l.scriptsMs))}; anchor, index.html received ${ms(m((l) => l.htmlMs))}; ` +
      `JS fetched ${loads[0]!.jsFiles} files, ${kb(loads[0]!.jsBytes)}`,
  );
}

export async function webBench(options: { runs?: number } = {}): Promise<void> {
  const runs = options.runs ?? 5;
  console.log(`\n== Web app: chunk sizes of web/dist, and the sign-in page in chromium on the local stack (median of ${runs})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-bench-web-'));
  const stack = await spawnStack({ dataDir });
  let browser: Browser | undefined;
  try {
    // The stack rebuilds web/dist first when it is older than its sources, so the sizes are current.
    const url = await waitForReady(stack);
    const report = measureWebDist(webDist);
    console.log(formatWebSize(report).join('\n'));
    browser = await launchBrowser();
    await timeSignIn(browser, url, 1); // warm-up: the server's first answers and chromium's start, not counted
    const { cold, cached } = await timeSignIn(browser, url, runs);
    console.log('');
    printLoads('sign-in, empty cache:', cold);
    printLoads('sign-in, from the cache:', cached);
    const firstLoadRaw = sum(report.firstLoadJs, 'raw');
    console.log(
      `first-load set of the manifest: ${report.firstLoadJs.length} files, ${kb(firstLoadRaw)} raw (the local stack serves them uncompressed; CloudFront gzips them to ${kb(sum(report.firstLoadJs, 'gzip'))})`,
    );
  } finally {
    await browser?.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--web-runs');
  await webBench({ runs: at >= 0 ? Number(process.argv[at + 1]) : undefined });
}
