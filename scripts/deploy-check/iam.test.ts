import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../functions/routes';
import type { CfnTemplate } from './assembly';
import { iamFindings } from './iam';
import { platformFunction, tinyAssembly } from './test-assembly';

const routes: RouteDef[] = [
  { method: 'GET', path: '/api/health', handler: 'api/health/get', access: 'public' },
  { method: 'GET', path: '/api/reports', handler: 'api/reports/get', access: 'signed-in' },
  { method: 'POST', path: '/api/things', handler: 'api/things/create', access: 'signed-in' },
];

const policy = (statements: unknown[]) => ({
  Type: 'AWS::IAM::ManagedPolicy',
  Properties: { PolicyDocument: { Version: '2012-10-17', Statement: statements }, Roles: [{ Ref: 'Role' }] },
});
const allow = (Action: string[], Resource: unknown = { 'Fn::GetAtt': ['Table', 'Arn'] }) => ({ Effect: 'Allow', Action, Resource });
const role = { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: {} } };

/** A role, its policy and one function serving `handler`, all in one template. */
const stackWith = (handler: string, statements: unknown[]): CfnTemplate => ({
  Resources: { Role: role, Policy: policy(statements), Fn: platformFunction({ handler }) },
});

describe('IAM check', () => {
  it('passes reads for a GET route and writes for a POST route', () => {
    expect(iamFindings(tinyAssembly({ 't.json': stackWith('api/reports/get', [allow(['dynamodb:GetItem', 'dynamodb:Query', 'kms:Decrypt'])]) }), routes)).toEqual([]);
    expect(iamFindings(tinyAssembly({ 't.json': stackWith('api/things/create', [allow(['dynamodb:PutItem', 's3:PutObject'])]) }), routes)).toEqual([]);
  });

  it('fails a data action on Resource "*", whoever holds it', () => {
    const template = { Resources: { Role: role, Policy: policy([allow(['s3:GetObject'], '*')]) } };

    expect(iamFindings(tinyAssembly({ 't.json': template }), routes).map((f) => f.problem)).toEqual([
      's3:GetObject on Resource "*": name the table, bucket or key',
    ]);
  });

  it('fails a write action in the role of a route that only reads', () => {
    const findings = iamFindings(tinyAssembly({ 't.json': stackWith('api/reports/get', [allow(['dynamodb:GetItem', 'dynamodb:DeleteItem'])]) }), routes);

    expect(findings.map((f) => f.problem)).toEqual(['write actions dynamodb:DeleteItem granted, but its routes (GET /api/reports) only read (GET)']);
  });

  it('fails any data action in the role of a public route', () => {
    const findings = iamFindings(tinyAssembly({ 't.json': stackWith('api/health/get', [allow(['dynamodb:GetItem'])]) }), routes);

    expect(findings.map((f) => f.problem)).toEqual(['dynamodb:GetItem granted, but its routes (GET /api/health) are public and touch no data']);
  });

  it('fails a wildcard data action in a route role', () => {
    const findings = iamFindings(tinyAssembly({ 't.json': stackWith('api/things/create', [allow(['s3:*'])]) }), routes);

    expect(findings.map((f) => f.problem)).toEqual(['wildcard action s3:* for its routes (POST /api/things): list the actions']);
  });

  it('follows a role passed into a nested stack as a parameter', () => {
    const parent: CfnTemplate = {
      Resources: {
        Role: role,
        Policy: policy([allow(['dynamodb:UpdateItem'])]),
        Nested: {
          Type: 'AWS::CloudFormation::Stack',
          Properties: { TemplateURL: 'x', Parameters: { RoleArnParam: { 'Fn::GetAtt': ['Role', 'Arn'] } } },
          Metadata: { 'aws:asset:path': 'nested.json' },
        },
      },
    };
    const nested: CfnTemplate = { Parameters: { RoleArnParam: { Type: 'String' } }, Resources: { Fn: platformFunction({ handler: 'api/reports/get', role: { Ref: 'RoleArnParam' } }) } };

    const findings = iamFindings(tinyAssembly({ 'parent.json': parent, 'nested.json': nested }), routes);

    expect(findings.map((f) => f.problem)).toEqual(['write actions dynamodb:UpdateItem granted, but its routes (GET /api/reports) only read (GET)']);
  });
});
