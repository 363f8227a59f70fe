import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { defaultEntry } from '../../infra/constructs/dvp-function';
import { cdkJsonContext, DvpStack, stackName, type DvpStackProps, type StageName } from '../../infra/stack';

export const FIXTURE_HANDLER = fileURLToPath(new URL('./fixtures/handler.ts', import.meta.url));

/**
 * Real modules where they exist, the fixture otherwise, so one missing handler fails only the
 * test that checks handlers exist instead of every infra test.
 */
export const entryOrFixture = (handler: string) => (existsSync(defaultEntry(handler)) ? defaultEntry(handler) : FIXTURE_HANDLER);

export interface Synthesized {
  app: App;
  stack: DvpStack;
  outdir: string;
  /** Every template of the assembly (parent and nested), by file name. */
  templates: Record<string, { Resources: Record<string, { Type: string; Properties?: any; Metadata?: any }> }>;
}

export function synth(stage: StageName = 'dev', props: Partial<DvpStackProps> = {}): Synthesized {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'dvp-infra-test-'));
  // Bundling off: esbuild over 100+ handlers belongs to `cdk synth`, not to unit tests.
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const stack = new DvpStack(app, stackName(stage), {
    stage,
    fromAddress: 'no-reply@example.com',
    resolveEntry: entryOrFixture,
    shipWebBuild: false,
    ...props,
  });
  app.synth();
  const templates = Object.fromEntries(
    readdirSync(outdir)
      .filter((f) => f.endsWith('.template.json'))
      .map((f) => [f, JSON.parse(readFileSync(path.join(outdir, f), 'utf8'))]),
  );
  return { app, stack, outdir, templates };
}
