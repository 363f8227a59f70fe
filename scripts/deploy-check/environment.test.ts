import { describe, expect, it } from 'vitest';
import { environmentFindings, environmentNotes } from './environment';
import { platformFunction, tinyAssembly } from './test-assembly';

const withVariables = (change: Record<string, unknown>, drop: string[] = []) => {
  const fn = platformFunction();
  const variables = { ...fn.Properties.Environment.Variables, ...change } as Record<string, unknown>;
  for (const name of drop) delete variables[name];
  return tinyAssembly({ 'Tiny.template.json': { Resources: { Fn: platformFunction({ variables }) } } });
};

describe('environment check', () => {
  it('passes a function whose every value is set and resolved', () => {
    expect(environmentFindings(withVariables({}))).toEqual([]);
  });

  it('fails on a CDK token that was turned into text instead of resolved', () => {
    const findings = environmentFindings(withVariables({ TABLE_NAME: '${Token[TOKEN.123]}' }));

    expect(findings.map((f) => f.problem)).toEqual(['TABLE_NAME holds an unresolved CDK token: "${Token[TOKEN.123]}"']);
  });

  it('fails on a token inside a joined value', () => {
    const findings = environmentFindings(withVariables({ PUBLIC_URL: { 'Fn::Join': ['', ['https://', '${Token[AWS.Domain.9]}']] } }));

    expect(findings.map((f) => f.problem)).toEqual([expect.stringContaining('PUBLIC_URL holds an unresolved CDK token')]);
  });

  it('fails on a required variable that is empty or missing', () => {
    expect(environmentFindings(withVariables({ PUBLIC_URL: '' })).map((f) => f.problem)).toEqual(['PUBLIC_URL is empty']);
    expect(environmentFindings(withVariables({}, ['PUBLIC_URL'])).map((f) => f.problem)).toEqual(['PUBLIC_URL is not set']);
  });

  it('fails on placeholders and local addresses', () => {
    const findings = environmentFindings(withVariables({ PUBLIC_URL: 'http://localhost:3000', SES_FROM_ADDRESS: 'undefined', CONTACT: '<your-domain>' }));

    expect(findings.map((f) => f.problem)).toEqual([
      'SES_FROM_ADDRESS holds a stringified missing value: "undefined"',
      'PUBLIC_URL holds a local address: "http://localhost:3000"',
      'CONTACT holds a placeholder: "<your-domain>"',
    ]);
  });

  it('leaves CloudFormation substitutions alone and notes example domains without failing', () => {
    const assembly = withVariables({ ARN: { 'Fn::Sub': 'arn:${AWS::Partition}:s3:::x' }, SES_FROM_ADDRESS: 'no-reply@example.com' });

    expect(environmentFindings(assembly)).toEqual([]);
    expect(environmentNotes(assembly)).toEqual([expect.stringContaining('SES_FROM_ADDRESS is "no-reply@example.com"')]);
  });
});
