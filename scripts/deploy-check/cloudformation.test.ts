import { describe, expect, it } from 'vitest';
import { cloudFormationFindings } from './cloudformation';
import { tinyAssembly } from './test-assembly';

const queue = (Properties: Record<string, unknown>) => ({ Resources: { Queue: { Type: 'AWS::SQS::Queue', Properties } } });

// The validator compiles its schemas and rules on first use: seconds, not milliseconds.
describe('CloudFormation schema check', { timeout: 60_000 }, () => {
  it('passes a template that matches the resource schemas', () => {
    expect(cloudFormationFindings(tinyAssembly({ 't.json': queue({ VisibilityTimeout: 60 }) })).errors).toEqual([]);
  });

  it('fails a property the resource type does not have', () => {
    const { errors } = cloudFormationFindings(tinyAssembly({ 't.json': queue({ VisibilityTimeOut: 60 }) }));

    expect(errors).toEqual([expect.objectContaining({ check: 'cloudformation', where: 't.json Queue', problem: expect.stringContaining('VisibilityTimeOut') })]);
  });

  it('fails a value of the wrong type and a resource type that does not exist', () => {
    const { errors } = cloudFormationFindings(
      tinyAssembly({ 't.json': { Resources: { Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: { a: 1 } } }, Odd: { Type: 'AWS::SQS::Queu' } } } }),
    );

    expect(errors.map((e) => e.where).sort()).toEqual(['t.json Odd', 't.json Queue']);
  });
});
