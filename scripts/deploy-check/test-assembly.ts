import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readAssembly, type Assembly, type CfnTemplate } from './assembly';

/**
 * A cloud assembly on disk with the given stack templates (and any extra files, e.g. assets), as
 * `cdk synth` would leave it, for the checks' tests. The first template is the stack's; the others
 * are written beside it for nested-stack resources to point at.
 */
export function tinyAssembly(templates: Record<string, CfnTemplate>, files: Record<string, string | Buffer> = {}): Assembly {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dvp-deploy-check-test-'));
  const [stackFile] = Object.keys(templates);
  for (const [file, template] of Object.entries(templates)) writeFileSync(path.join(dir, file), JSON.stringify(template));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  const manifest = { version: '55.0.0', artifacts: { Tiny: { type: 'aws:cloudformation:stack', displayName: 'Tiny', properties: { templateFile: stackFile } } } };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return readAssembly(dir);
}

/** A platform function as DvpFunction synthesizes it, with what a test overrides. */
export function platformFunction(overrides: { handler?: string; role?: unknown; variables?: Record<string, unknown>; asset?: string } = {}) {
  return {
    Type: 'AWS::Lambda::Function',
    Properties: {
      Code: { S3Bucket: 'assets', S3Key: 'code.zip' },
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
      Role: overrides.role ?? { 'Fn::GetAtt': ['Role', 'Arn'] },
      Environment: {
        Variables: overrides.variables ?? {
          STAGE: 'prod',
          TABLE_NAME: { Ref: 'Table' },
          UPLOADS_BUCKET: { Ref: 'Bucket' },
          USER_POOL_ID: { Ref: 'Pool' },
          USER_POOL_CLIENT_ID: { Ref: 'Client' },
          SES_FROM_ADDRESS: 'no-reply@benefits.acme.test',
          PUBLIC_URL: 'https://dvp.acme-benefits.com',
        },
      },
    },
    Metadata: { 'dvp:handler': overrides.handler ?? 'api/me/get', ...(overrides.asset ? { 'aws:asset:path': overrides.asset } : {}) },
  };
}
