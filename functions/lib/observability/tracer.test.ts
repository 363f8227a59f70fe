import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tracingEnabled } from './tracer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Whether a fresh process that imports the AWS clients module with `env` has loaded the X-Ray SDK. */
function loadsXray(env: Record<string, string>): boolean {
  const script = `
    import { createRequire } from 'node:module';
    const { dynamo } = await import('./functions/lib/aws.ts');
    dynamo();
    const loaded = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('aws-xray-sdk-core'));
    process.stdout.write(JSON.stringify({ loaded }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', TABLE_NAME: 'traced', ...env },
    encoding: 'utf8',
  });
  return (JSON.parse(out.slice(out.lastIndexOf('{'))) as { loaded: boolean }).loaded;
}

describe('tracing', () => {
  it('is on in Lambda unless turned off, and off outside it and in the SAM and Amplify mocks', () => {
    expect(tracingEnabled({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toBe(true);
    expect(tracingEnabled({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_SAM_LOCAL: 'true' })).toBe(false);
    expect(tracingEnabled({ AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' })).toBe(false);
  });

  it('loads the X-Ray SDK only where tracing is on', () => {
    expect(loadsXray({ POWERTOOLS_TRACE_ENABLED: 'false' })).toBe(false);
    expect(loadsXray({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toBe(true);
  }, 60_000);
});
