import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { LocalStackError } from './errors';

const root = path.resolve(import.meta.dirname, '../..');
export const webDist = path.join(root, 'web', 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when web/dist is missing or older than its sources (web/ and shared/). */
export function ensureWebBuild(log: (line: string) => void): void {
  if (isFresh()) return;
  // Stacks started together share web/dist: one builds while the others wait, then find it fresh.
  withBuildLock(() => {
    if (isFresh()) return;
    log('Building the web app (web/dist)…');
    const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new LocalStackError('The web app failed to build (see above). Fix it, then run npm start again.');
  });
}

function isFresh(): boolean {
  const index = path.join(webDist, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  return builtAt >= Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'shared')));
}

// Outside web/ and shared/, whose times say whether the build is fresh.
const lockFile = path.join(root, 'node_modules', '.cache', 'dvp-web-build.lock');

/** Runs `build` holding a lock file (created exclusively, holding our pid); a lock whose holder is gone is taken over. */
function withBuildLock(build: () => void): void {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readOrEmpty(lockFile));
      if (holder && !isAlive(holder)) fs.rmSync(lockFile, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    build();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
