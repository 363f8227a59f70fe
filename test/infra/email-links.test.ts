import { Stack, type NestedStack } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { DvpFunction } from '../../infra/constructs/dvp-function';
import { parsePublicUrl } from '../../infra/stack';
import { synth, type Synthesized } from './support';

/**
 * What each function that can send e-mail is told about the site's address: every one gets a
 * PUBLIC_URL that resolves, through nested-stack parameters, to the distribution's https domain or
 * to the custom domain given at deploy. Never empty, never localhost.
 */

type Json = unknown;

/** A function's PUBLIC_URL with nested-stack parameter refs replaced by what the parent passes in. */
function publicUrlOf(s: Synthesized, fn: lambda.Function): Json {
  const own = Stack.of(fn);
  const cfn = own.resolve((fn.node.defaultChild as lambda.CfnFunction).environment) as { variables?: Record<string, Json> };
  let value = cfn.variables?.PUBLIC_URL;
  let stack: Stack = own;
  while (stack.nested) {
    const nested = stack as NestedStack;
    const parent = nested.nestedStackParent!;
    const resource = parent.resolve((nested.nestedStackResource as unknown as { parameters?: Record<string, Json> }).parameters) as Record<string, Json> | undefined;
    value = JSON.parse(JSON.stringify(value), (_, v: unknown) =>
      v && typeof v === 'object' && 'Ref' in (v as object) && resource && (v as { Ref: string }).Ref in resource ? resource[(v as { Ref: string }).Ref] : v,
    ) as Json;
    stack = parent;
  }
  return value;
}

/** Functions whose role may call ses:SendEmail. */
function emailSenders(s: Synthesized): DvpFunction[] {
  return s.stack.node.findAll().filter((c): c is DvpFunction => c instanceof DvpFunction).filter((fn) => {
    const policies = fn.role!.node.findAll().filter((c) => c.node.id === 'Policy' || c.node.id === 'DefaultPolicy');
    return policies.some((p) => JSON.stringify(Stack.of(p).resolve((p as unknown as { document: unknown }).document)).includes('ses:SendEmail'));
  });
}

describe.each([
  ['the CloudFront domain', undefined],
  ['a custom domain', 'https://benefits.example.com'],
])('prod with %s', (_, custom) => {
  let s: Synthesized;
  beforeAll(() => {
    s = synth('prod', { publicUrl: custom });
  });

  it('every function that can send e-mail links to the stage’s public https address', () => {
    const senders = emailSenders(s);
    // The API routes, the pipeline's notify step and the scheduled kickoff all send.
    expect(senders.length).toBeGreaterThan(50);
    expect(senders.some((fn) => fn.handlerModule.includes('kickoff'))).toBe(true);
    const distribution = s.stack.getLogicalId(s.stack.web.distribution.node.defaultChild as never);
    const expected = custom ?? { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] };
    for (const fn of senders) {
      const url = publicUrlOf(s, fn);
      expect(url, fn.node.path).toEqual(expected);
      expect(url).toBeTruthy();
      expect(JSON.stringify(url)).not.toMatch(/localhost|127\.0\.0\.1/);
    }
  });

  it('says in the stack outputs where e-mail links point', () => {
    const outputs = s.templates[`${s.stack.stackName}.template.json`] as unknown as { Outputs: Record<string, { Value: Json }> };
    expect(JSON.stringify(outputs.Outputs.PublicUrl.Value)).toContain(custom ?? 'DomainName');
  });
});

describe('-c publicUrl', () => {
  it('takes an https address and drops a trailing slash', () => {
    expect(parsePublicUrl(undefined)).toBeUndefined();
    expect(parsePublicUrl('https://benefits.example.com/')).toBe('https://benefits.example.com');
  });

  it.each(['benefits.example.com', 'http://benefits.example.com', 'https://localhost:3000', 'https://x.example.com/?a=1', '/relative'])('refuses %s at synth', (value) => {
    expect(() => parsePublicUrl(value)).toThrow(/publicUrl must be the stage's public https address/);
  });
});
