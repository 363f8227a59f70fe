import { describe, expect, it } from 'vitest';
import {
  discrepancyBulkResolutionSchema,
  discrepancyResolutionSchema,
  missingBulkResolutionSchema,
  missingResolutionSchema,
  UNKNOWN_TYPE_MESSAGE,
  VALUE_FOR_IGNORED_MESSAGE,
} from './resolution';

const at = '2025-01-31T00:00:00.000Z';

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; code: string; keys?: string[] }[] } }) {
  expect(result.success).toBe(false);
  const out: Record<string, string> = {};
  for (const issue of result.error!.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys ?? []) out[[...issue.path, k].join('.')] = 'unrecognized';
    else out[issue.path.join('.')] = issue.message;
  }
  return out;
}

describe('discrepancyResolutionSchema', () => {
  it('accepts a full resolution and trims notes, blank notes become null', () => {
    const r = discrepancyResolutionSchema.parse({
      resolved_discrepancy_type: 'COST',
      resolved_value: ' 12.50',
      resolved_value_source: 'CUSTOM',
      resolved_notes: '  carrier billed old rate ',
      resolved_verifier_notes: '   ',
      resolved_ignore: false,
      skip_verification: true,
      updated_at: at,
    });
    expect(r.resolved_value).toBe(' 12.50');
    expect(r.resolved_notes).toBe('carrier billed old rate');
    expect(r.resolved_verifier_notes).toBeNull();
  });

  it('leaves fields not sent undefined (a PATCH changes only what it names)', () => {
    const r = discrepancyResolutionSchema.parse({ resolved_notes: 'x', updated_at: at });
    expect(r).toEqual({ resolved_notes: 'x', updated_at: at });
  });

  it('refuses an unknown type, naming resolved_discrepancy_type', () => {
    const fields = fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_discrepancy_type: 'TYPO', updated_at: at }));
    expect(fields.resolved_discrepancy_type).toBe(UNKNOWN_TYPE_MESSAGE);
    expect(UNKNOWN_TYPE_MESSAGE).toContain('resolved_discrepancy_type');
  });

  it('accepts each of the 18 types and null (un-resolve)', () => {
    for (const t of ['MISSING_ENROLLMENT', 'EOI_PENDING', 'OTHER', null]) {
      expect(discrepancyResolutionSchema.safeParse({ resolved_discrepancy_type: t, updated_at: at }).success).toBe(true);
    }
  });

  it('refuses a value for an ignored row, naming resolved_value', () => {
    const fields = fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_ignore: true, resolved_value: '1', updated_at: at }));
    expect(fields.resolved_value).toBe(VALUE_FOR_IGNORED_MESSAGE);
    const viaType = fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_discrepancy_type: 'IGNORE', resolved_value_source: 'SECONDARY', updated_at: at }));
    expect(viaType.resolved_value_source).toBe(VALUE_FOR_IGNORED_MESSAGE);
  });

  it('accepts an ignore with value null', () => {
    expect(discrepancyResolutionSchema.safeParse({ resolved_ignore: true, resolved_value: null, updated_at: at }).success).toBe(true);
  });

  it('needs a value for CUSTOM, refuses IGNORE with resolved_ignore false, and a value beside a cleared type', () => {
    expect(fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_value_source: 'CUSTOM', updated_at: at }))).toHaveProperty('resolved_value');
    expect(
      fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_discrepancy_type: 'IGNORE', resolved_ignore: false, updated_at: at })),
    ).toHaveProperty('resolved_ignore');
    expect(
      fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_discrepancy_type: null, resolved_value: '1', updated_at: at })),
    ).toHaveProperty('resolved_value');
  });

  it('refuses server-set and unknown fields, and a missing updated_at', () => {
    const fields = fieldsOf(
      discrepancyResolutionSchema.safeParse({ resolved_by_user_id: 'me', resolved_date: at, baseline_value: 'x', updated_at: at }),
    );
    expect(Object.keys(fields).sort()).toEqual(['baseline_value', 'resolved_by_user_id', 'resolved_date']);
    expect(fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_notes: 'x' }))).toHaveProperty('updated_at');
  });

  it('refuses wrong types for flags and value', () => {
    const fields = fieldsOf(discrepancyResolutionSchema.safeParse({ resolved_ignore: 'yes', resolved_value: 12, updated_at: at }));
    expect(fields).toHaveProperty('resolved_ignore');
    expect(fields).toHaveProperty('resolved_value');
  });
});

describe('discrepancyBulkResolutionSchema', () => {
  const ok = { ids: ['a', 'b'], changes: { resolved_discrepancy_type: 'CONFIRMED' }, expected: { a: at, b: at } };

  it('accepts ids with their versions', () => {
    expect(discrepancyBulkResolutionSchema.parse(ok).ids).toEqual(['a', 'b']);
  });

  it('needs 1..500 distinct ids', () => {
    expect(fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, ids: [], expected: {} }))).toHaveProperty('ids');
    const many = Array.from({ length: 501 }, (_, i) => `id${i}`);
    expect(fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, ids: many, expected: Object.fromEntries(many.map((i) => [i, at])) }))).toHaveProperty('ids');
    expect(fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, ids: ['a', 'a'], expected: { a: at } }))).toHaveProperty('ids');
  });

  it('needs an expected version for every id and none other', () => {
    const fields = fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, expected: { a: at, c: at } }));
    expect(Object.keys(fields).sort()).toEqual(['expected.b', 'expected.c']);
  });

  it('checks the change like a single PATCH and refuses updated_at or an empty change inside it', () => {
    const bad = fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, changes: { resolved_ignore: true, resolved_value: 'x' } }));
    expect(bad['changes.resolved_value']).toBe(VALUE_FOR_IGNORED_MESSAGE);
    expect(fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, changes: { updated_at: at } }))).toHaveProperty('changes.updated_at');
    expect(fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, changes: {} }))).toHaveProperty('changes');
    expect(fieldsOf(discrepancyBulkResolutionSchema.safeParse({ ...ok, changes: { resolved_discrepancy_type: 'NOPE' } }))).toHaveProperty(
      'changes.resolved_discrepancy_type',
    );
  });
});

describe('missingResolutionSchema', () => {
  it('accepts inclusion, type, notes and merges', () => {
    const r = missingResolutionSchema.parse({
      resolved_inclusion: true,
      resolved_discrepancy_type: 'MISSING_ENROLLMENT',
      resolved_notes: 'billed, not enrolled',
      merges: [{ data_point_id: 'dp1', merge_value: '100.00' }, { data_point_id: 'dp2', merge_value: null }],
      updated_at: at,
    });
    expect(r.merges).toHaveLength(2);
  });

  it('refuses merges for an excluded row, a repeated data point, and an unknown type', () => {
    expect(
      fieldsOf(missingResolutionSchema.safeParse({ resolved_inclusion: false, merges: [{ data_point_id: 'd', merge_value: 'x' }], updated_at: at })),
    ).toHaveProperty('merges');
    expect(
      fieldsOf(
        missingResolutionSchema.safeParse({
          merges: [{ data_point_id: 'd', merge_value: 'x' }, { data_point_id: 'd', merge_value: 'y' }],
          updated_at: at,
        }),
      ),
    ).toHaveProperty('merges.1.data_point_id');
    expect(fieldsOf(missingResolutionSchema.safeParse({ resolved_discrepancy_type: 'X', updated_at: at }))).toHaveProperty('resolved_discrepancy_type');
  });

  it('bulk: no merges in the shared change', () => {
    const fields = fieldsOf(
      missingBulkResolutionSchema.safeParse({
        ids: ['m1'],
        changes: { resolved_inclusion: false, merges: [] },
        expected: { m1: at },
      }),
    );
    expect(fields).toHaveProperty('changes.merges');
    expect(missingBulkResolutionSchema.safeParse({ ids: ['m1'], changes: { resolved_inclusion: false }, expected: { m1: at } }).success).toBe(true);
  });
});
