import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesOfIndexHtml, formatWebSize, measureWebDist } from './web-size';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A built app in miniature: an entry preloading a vendor chunk, a lazy shell, a lazy page in it and a lazy step in the page. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-web-size-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const write = (file: string, bytes: number) => fs.writeFileSync(path.join(dir, file), 'x'.repeat(bytes));
  write('assets/index-a.js', 1000);
  write('assets/vendor-b.js', 5000);
  write('assets/Page-c.js', 2000);
  write('assets/grid-d.js', 7000);
  write('assets/Shell-f.js', 3000);
  write('assets/Step-g.js', 500);
  write('assets/chart-h.js', 4000);
  write('assets/index-e.css', 300);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-e.css"></head></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/index-a.js', src: 'index.html', isEntry: true, imports: ['_vendor-b.js'], dynamicImports: ['src/Shell.tsx'], css: ['assets/index-e.css'] },
    'src/Shell.tsx': { file: 'assets/Shell-f.js', src: 'src/Shell.tsx', isDynamicEntry: true, imports: ['_vendor-b.js'], dynamicImports: ['src/pages/Page.tsx'] },
    '_vendor-b.js': { file: 'assets/vendor-b.js', name: 'vendor' },
    'src/pages/Page.tsx': { file: 'assets/Page-c.js', src: 'src/pages/Page.tsx', isDynamicEntry: true, imports: ['_vendor-b.js', '_grid-d.js'], dynamicImports: ['src/pages/Step.tsx'] },
    'src/pages/Step.tsx': { file: 'assets/Step-g.js', src: 'src/pages/Step.tsx', isDynamicEntry: true, imports: ['_chart-h.js', '_grid-d.js'] },
    '_chart-h.js': { file: 'assets/chart-h.js', name: 'chart' },
    '_grid-d.js': { file: 'assets/grid-d.js', name: 'grid' },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('web size', () => {
  it('reads the scripts, module preloads and style sheets index.html loads', () => {
    const html = '<script type="module" crossorigin src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"><link rel="icon" href="/logo.svg"><link rel="stylesheet" href="/assets/c.css">';
    expect(filesOfIndexHtml(html)).toEqual({ scripts: ['assets/a.js'], preloads: ['assets/b.js'], styles: ['assets/c.css'] });
  });

  it('counts the entry and its static imports as the first load, and a page with what it adds', () => {
    const report = measureWebDist(fakeDist());
    expect(report.firstLoadJs.map((a) => a.file).sort()).toEqual(['assets/index-a.js', 'assets/vendor-b.js']);
    expect(report.firstLoadJs.find((a) => a.file === 'assets/vendor-b.js')?.raw).toBe(5000);
    expect(report.firstLoadCss.map((a) => a.file)).toEqual(['assets/index-e.css']);
    expect(report.parts.map((p) => p.src)).toEqual(['src/pages/Step.tsx', 'src/pages/Page.tsx', 'src/Shell.tsx']);
    const [step, page, shell] = report.parts;
    // The vendor chunk came with the first load; navigating to the page from the shell fetches its
    // own chunk and the grid; opened first after sign-in, the shell comes too.
    expect(page!.own.map((a) => a.file).sort()).toEqual(['assets/Page-c.js', 'assets/grid-d.js']);
    expect(page!.added.map((a) => a.file).sort()).toEqual(['assets/Page-c.js', 'assets/Shell-f.js', 'assets/grid-d.js']);
    expect(shell!.own.map((a) => a.file)).toEqual(['assets/Shell-f.js']);
    // A step shown inside the page counts the page it needs with it.
    expect(step!.own.map((a) => a.file).sort()).toEqual(['assets/Page-c.js', 'assets/Step-g.js', 'assets/chart-h.js', 'assets/grid-d.js']);
  });

  it('prints every chunk and the goals', () => {
    const text = formatWebSize(measureWebDist(fakeDist())).join('\n');
    expect(text).toContain('assets/grid-d.js');
    expect(text).toMatch(/first load JS \(gzip\): .* of 250\.0 kB goal: within/);
    expect(text).toMatch(/largest page, opened from another page \(gzip\): src\/pages\/Step\.tsx, .* of 350\.0 kB goal: within/);
    expect(text).toMatch(/largest page beyond the first load, signed-in shell included \(gzip\): src\/pages\/Step\.tsx, .* of 350\.0 kB goal: within/);
  });

  it('says how to get a manifest when the build has none', () => {
    const dir = fakeDist();
    fs.rmSync(path.join(dir, '.vite'), { recursive: true });
    expect(() => measureWebDist(dir)).toThrow(/npm run build:web/);
  });
});
