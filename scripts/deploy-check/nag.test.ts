import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { nagFindings } from './nag';

/** Synthesizes a stack with both packs registered as infra/app.ts registers them; returns the assembly directory. */
function synthWithNag(build: (stack: Stack) => void): string {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'dvp-nag-test-'));
  const app = new App({ outdir });
  build(new Stack(app, 'Tiny'));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
  // CDK's built-in CloudFormation validation is slow and is the other check's business.
  process.env.CDK_VALIDATION = 'false';
  try {
    app.synth();
  } catch {
    // A finding fails the synth after the report is written, as `cdk synth` does.
  } finally {
    delete process.env.CDK_VALIDATION;
  }
  return outdir;
}

describe('cdk-nag check', { timeout: 60_000 }, () => {
  it('passes a stack with nothing to find', () => {
    expect(nagFindings(synthWithNag(() => {}))).toEqual([]);
  });

  it('lists each AwsSolutions and HIPAA.Security finding with the construct it is on', () => {
    const findings = nagFindings(synthWithNag((stack) => new s3.Bucket(stack, 'Bucket')));

    expect(findings).toEqual(
      expect.arrayContaining([
        { check: 'nag', where: 'Tiny/Bucket/Resource', problem: expect.stringMatching(/^AwsSolutions-S1 \(AwsSolutions\): /) },
        { check: 'nag', where: 'Tiny/Bucket/Resource', problem: expect.stringMatching(/^HIPAA\.Security-S3BucketVersioningEnabled \(HIPAA\.Security\): /) },
      ]),
    );
  });
});
