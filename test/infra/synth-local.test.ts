import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineTasks, scheduledJobs, stateMachines } from '../../functions/pipeline';
import { routes } from '../../functions/routes';
import { Role } from '../../shared/roles';
import { defaultEntry } from '../../infra/constructs/dvp-function';
import { LOCAL_LAMBDA_ARN_PREFIX, synthesizeForLocal, type LocalSynthesis } from '../../infra/synth-local';
import { DEFAULT_EXPORT_RETENTION_DAYS } from '../../infra/stack';

let local: LocalSynthesis;

beforeAll(() => {
  local = synthesizeForLocal();
});

describe('synthesizeForLocal', () => {
  it('describes the single table: pk/sk, gsi1-3 with ALL projection, TTL on expires_at', () => {
    expect(local.table.keySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(local.table.globalSecondaryIndexes.map((g) => [g.IndexName, g.KeySchema.map((k) => k.AttributeName), g.Projection.ProjectionType])).toEqual([
      ['gsi1', ['gsi1pk', 'gsi1sk'], 'ALL'],
      ['gsi2', ['gsi2pk', 'gsi2sk'], 'ALL'],
      ['gsi3', ['gsi3pk', 'gsi3sk'], 'ALL'],
    ]);
    expect(local.table.attributeDefinitions.every((a) => a.AttributeType === 'S')).toBe(true);
    expect(local.table.ttlAttribute).toBe('expires_at');
  });

  it('gives each state machine as a parsed ASL definition whose Lambda ARNs point at local handler modules', () => {
    expect(Object.keys(local.stateMachines).sort()).toEqual(stateMachines.map((m) => m.name).sort());
    expect(local.stateMachines.Comparison.definition.StartAt).toBe('PrepareComparison');
    expect(local.stateMachines.FileParse.definition.StartAt).toBe('ParseFile');
    for (const { definition } of Object.values(local.stateMachines)) {
      expect(JSON.stringify(definition)).not.toMatch(/Fn::|"Ref"/);
      for (const state of Object.values(definition.States).filter((s) => s.Type === 'Task')) {
        expect(state.Resource).toMatch(new RegExp(`^${LOCAL_LAMBDA_ARN_PREFIX}`));
      }
    }
  });

  it('maps every Task state to a handler module that exists under functions/', () => {
    const all: Record<string, string> = {};
    for (const { definition, taskHandlers } of Object.values(local.stateMachines)) {
      // The Maps' item processors' tasks too (the sharded comparison's SplitRange and CompareShard).
      const tasksOf = (states: Record<string, { Type: string; ItemProcessor?: unknown }>): string[] =>
        Object.entries(states).flatMap(([n, s]) => [
          ...(s.Type === 'Task' ? [n] : []),
          ...(s.ItemProcessor ? tasksOf((s.ItemProcessor as { States: Record<string, { Type: string }> }).States) : []),
        ]);
      const taskNames = tasksOf(definition.States);
      expect(Object.keys(taskHandlers).sort()).toEqual(taskNames.sort());
      Object.assign(all, taskHandlers);
    }
    expect(all).toEqual(Object.fromEntries(pipelineTasks.map((t) => [t.name, t.handler])));
    for (const handler of Object.values(all)) expect(existsSync(defaultEntry(handler)), handler).toBe(true);
  });

  it('describes the user pool: password policy, one group per role, custom attributes, optional MFA', () => {
    expect(local.userPool.passwordPolicy).toMatchObject({ MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true });
    expect(local.userPool.groups.sort()).toEqual([...Role.values].sort());
    expect(local.userPool.customAttributes.sort()).toEqual(['custom:agency_id', 'custom:company_id', 'custom:organization_id', 'custom:role']);
    expect(local.userPool.mfa).toEqual({ configuration: 'OPTIONAL', enabled: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] });
    expect(local.userPool.usernameAttributes).toEqual(['email']);
  });

  it('gives the uploads bucket\'s expiration rules for the local sweep: export workbooks after the default days, carrier file conversions after 30', () => {
    expect(local.uploadsBucket.expirations).toEqual([
      { prefix: 'exports/', days: DEFAULT_EXPORT_RETENTION_DAYS },
      { prefix: 'conversions/', days: 30 },
    ]);
  });
});

describe('handler modules', () => {
  it('exist for every route, pipeline task and scheduled job (the CDK stack and local server both need them)', () => {
    const handlers = [...routes.map((r) => r.handler), ...pipelineTasks.map((t) => t.handler), ...scheduledJobs.map((j) => j.handler)];

    const missing = handlers.filter((h) => !existsSync(defaultEntry(h)));

    expect(missing, 'functions/<handler>.ts missing').toEqual([]);
  });
});
