import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HandlerBundles } from '../../infra/constructs/handler-bundles';

describe('HandlerBundles', () => {
  it('bundles each handler into its own directory with the AWS SDK left to the runtime', () => {
    const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-bundles-'));
    const bundles = new HandlerBundles(['api/health/get', 'api/me/get'], undefined, outRoot);

    const code = bundles.codeFor('api/me/get', true) as unknown as { path: string };

    const bundle = fs.readFileSync(path.join(code.path, 'index.mjs'), 'utf8');
    expect(fs.existsSync(path.join(code.path, 'index.mjs.map'))).toBe(true);
    expect(bundle).toMatch(/from\s*"@aws-sdk\/client-dynamodb"/);
    expect(fs.readdirSync(path.dirname(code.path))).toEqual(['get']);
    fs.rmSync(outRoot, { recursive: true, force: true });
  });

  it('refuses a handler module that does not exist, naming it', () => {
    expect(() => new HandlerBundles(['api/no/such'])).toThrow('functions/api/no/such.ts does not exist');
  });

  it('uses placeholder code when the synth skips bundling', () => {
    const bundles = new HandlerBundles(['api/health/get']);
    const code = bundles.codeFor('api/health/get', false) as unknown as { code: string };
    expect(code.code).toContain('bundled at deploy time');
  });
});
