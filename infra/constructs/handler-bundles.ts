import { existsSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildSync } from 'esbuild';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { defaultEntry, REPO_ROOT, type EntryResolver } from './dvp-function-entry';

/**
 * Bundles every handler of the stack in ONE esbuild run (in-process), instead of one `npx esbuild`
 * per function: with a hundred-odd routes that is the difference between seconds and minutes of
 * synth. Each handler gets its own directory (its own asset and hash), so a change to one module
 * redeploys only the functions whose bundle changed.
 */
export class HandlerBundles {
  private readonly outdir: string;
  private built = false;

  constructor(
    private readonly handlers: readonly string[],
    private readonly resolveEntry: EntryResolver = defaultEntry,
    outRoot = path.join(REPO_ROOT, 'cdk.out', '.dvp-bundles'),
  ) {
    for (const handler of handlers) {
      if (!existsSync(this.resolveEntry(handler))) throw new Error(`Handler module functions/${handler}.ts does not exist`);
    }
    const key = createHash('sha256').update(JSON.stringify([...handlers].sort())).digest('hex').slice(0, 12);
    this.outdir = path.join(outRoot, key);
  }

  /** The Lambda code of one handler; a placeholder when the synth skips bundling (tests, local runtime). */
  codeFor(handler: string, bundlingRequired: boolean): lambda.Code {
    if (!this.handlers.includes(handler)) throw new Error(`Handler ${handler} was not declared to the bundler`);
    if (!bundlingRequired) return lambda.Code.fromInline(`// ${handler}: bundled at deploy time\nexports.handler = async () => ({});`);
    this.build();
    return lambda.Code.fromAsset(path.join(this.outdir, handler));
  }

  private build() {
    if (this.built) return;
    mkdirSync(this.outdir, { recursive: true });
    buildSync({
      entryPoints: Object.fromEntries(this.handlers.map((h) => [`${h}/index`, this.resolveEntry(h)])),
      outdir: this.outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      // Bundled CommonJS dependencies still call require(); ESM output has no require of its own.
      banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
      sourcemap: true,
      // Stack traces need the mappings, not a copy of every source file in each function.
      sourcesContent: false,
      minify: true,
      keepNames: true,
      legalComments: 'none',
      logLevel: 'warning',
      absWorkingDir: REPO_ROOT,
      // The Node 22 Lambda runtime ships AWS SDK v3; bundling it into each of a hundred-odd functions
      // made every bundle ~1.4 MB and the synth minutes long.
      external: ['@aws-sdk/*', '@smithy/*'],
    });
    this.built = true;
  }
}
