import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { synth } from './support';

/** Every acknowledgement recorded anywhere in the tree, with where it was made. */
function acknowledgements(root: IConstruct): Array<{ path: string; id: string; reason: string }> {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id, reason }))),
  );
}

describe('cdk-nag check', () => {
  it('is not vacuous: an unprotected bucket is reported', () => {
    const app = new App();
    new s3.Bucket(new Stack(app, 'Bare'), 'Bucket');

    const report = new AwsSolutionsChecks().validateScope(app);

    expect(report.violations.map((v) => v.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });
});

// cdk-nag v3 reports through CDK's policy validation instead of Annotations; validateScope walks the
// whole tree, nested stacks included, and returns what a `cdk synth` would fail on.
describe.each(['dev', 'prod'] as const)('cdk-nag AwsSolutions on %s', (stage) => {
  it('has zero unacknowledged errors or warnings in the parent and every nested stack', () => {
    const { app } = synth(stage);

    const report = new AwsSolutionsChecks().validateScope(app);

    const findings = report.violations.map((v) => `${v.ruleName} (${v.severity}) at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a real reason', () => {
    const { app } = synth(stage);

    const acks = acknowledgements(app);

    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(/AwsSolutions-/);
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThanOrEqual(30);
    }
  });
});
