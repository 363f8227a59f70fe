import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
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
// whole tree, nested stacks included, and returns what a `cdk synth` would fail on (infra/app.ts runs
// both packs).
const packs = { AwsSolutions: () => new AwsSolutionsChecks(), 'HIPAA.Security': () => new HIPAASecurityChecks() };

describe.each(['dev', 'prod'] as const)('cdk-nag on %s', (stage) => {
  let app: App;
  beforeAll(() => {
    ({ app } = synth(stage));
  });

  it.each(Object.keys(packs) as Array<keyof typeof packs>)('%s has zero unacknowledged errors or warnings in the parent and every nested stack', (pack) => {
    const report = packs[pack]().validateScope(app);

    const findings = report.violations.map((v) => `${v.ruleName} (${v.severity}) at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a real reason', () => {
    const acks = acknowledgements(app);

    expect(acks.length).toBeGreaterThan(0);
    expect(acks.some((a) => a.id.includes('HIPAA.Security-'))).toBe(true);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(/AwsSolutions-|HIPAA\.Security-/);
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThanOrEqual(30);
    }
  });
});

describe('cdk-nag on a stage outside us-east-1 (CloudFront web ACL in its own us-east-1 stack)', () => {
  it.each(Object.keys(packs) as Array<keyof typeof packs>)('%s has zero unacknowledged findings in both stacks', (pack) => {
    const { app } = synth('dev', { env: { region: 'eu-west-1' } });

    const report = packs[pack]().validateScope(app);

    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
});
