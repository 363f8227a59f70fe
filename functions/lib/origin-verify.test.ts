import { describe, expect, it } from 'vitest';
import { cameThroughCloudFront, ORIGIN_VERIFY_HEADER } from './origin-verify';

describe('cameThroughCloudFront', () => {
  const secret = 'a'.repeat(48);

  it('lets a request with the secret header through, whatever the header name case', () => {
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: secret }, secret)).toBe(true);
    expect(cameThroughCloudFront({ 'X-DVP-Origin-Verify': secret }, secret)).toBe(true);
  });

  it('refuses a request straight to the API host: no header, a wrong or a shorter value', () => {
    expect(cameThroughCloudFront({}, secret)).toBe(false);
    expect(cameThroughCloudFront(undefined, secret)).toBe(false);
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: 'b'.repeat(48) }, secret)).toBe(false);
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: secret.slice(1) }, secret)).toBe(false);
  });

  it('checks nothing where there is no CloudFront (no secret configured)', () => {
    expect(cameThroughCloudFront({}, undefined)).toBe(true);
    expect(cameThroughCloudFront({}, '')).toBe(true);
  });
});
