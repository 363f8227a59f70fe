import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../infra/constructs/dvp-function-entry';

export interface SynthResult {
  ok: boolean;
  /** What the CDK CLI printed to stderr: its own report of any failure. */
  output: string;
}

/**
 * `cdk synth` of every stack of the stage into `outdir`, exactly as `cdk deploy` synthesizes it:
 * through the CLI and infra/app.ts (with its cdk-nag plugins), bundling on, no account needed.
 * A synth that fails on validation still leaves its templates and validation-report.json behind.
 */
export function synthStage(stage: string, context: string[], outdir: string): Promise<SynthResult> {
  const cdk = path.join(REPO_ROOT, 'node_modules', '.bin', 'cdk');
  const args = ['synth', '--quiet', '-o', outdir, '-c', `stage=${stage}`, ...context.flatMap((c) => ['-c', c])];
  return new Promise((resolve) => {
    const child = spawn(existsSync(cdk) ? cdk : 'npx', existsSync(cdk) ? args : ['cdk', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
  });
}
