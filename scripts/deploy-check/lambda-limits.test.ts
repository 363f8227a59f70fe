import { describe, expect, it } from 'vitest';
import { lambdaLimitFindings, LAMBDA_LIMITS } from './lambda-limits';
import { platformFunction, tinyAssembly } from './test-assembly';

const withBundle = (bytes: number, variables?: Record<string, unknown>) =>
  tinyAssembly(
    { 't.json': { Resources: { Fn: platformFunction({ asset: 'asset.abc', variables }) } } },
    { 'asset.abc/index.mjs': Buffer.alloc(bytes, 'a') },
  );

describe('Lambda limits check', () => {
  it('passes a bundle and an environment within the limits', async () => {
    expect(await lambdaLimitFindings(withBundle(1000))).toEqual([]);
  });

  it('fails a bundle over the unzipped limit', async () => {
    const findings = await lambdaLimitFindings(withBundle(3000), { ...LAMBDA_LIMITS, unzippedBytes: 2000 });

    expect(findings.map((f) => f.problem)).toEqual([expect.stringMatching(/^code and layers are .* unzipped, over Lambda's/)]);
  });

  it('fails a bundle over the zipped limit, measured compressed', async () => {
    // 3,000 identical bytes deflate to a few dozen, so only a limit below that fails.
    expect(await lambdaLimitFindings(withBundle(3000), { ...LAMBDA_LIMITS, zippedBytes: 2000 })).toEqual([]);
    const findings = await lambdaLimitFindings(withBundle(3000), { ...LAMBDA_LIMITS, zippedBytes: 10 });

    expect(findings.map((f) => f.problem)).toEqual([expect.stringMatching(/^the code package is .* zipped, over Lambda's/)]);
  });

  it("fails an environment over Lambda's 4 KB", async () => {
    const findings = await lambdaLimitFindings(withBundle(10, { BIG: 'x'.repeat(4100) }));

    expect(findings.map((f) => f.problem)).toEqual(["its environment variables take up to 4103 bytes, over Lambda's 4096"]);
  });
});
