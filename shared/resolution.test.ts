import { describe, expect, it } from 'vitest';
import {
  applyBulkResolution,
  applyMissingResolution,
  applyResolution,
  canVerifierApprove,
  checkResolution,
  completionChecklist,
  defaultInclusionFor,
  duplicateSideOf,
  isMissingDecided,
  isResolved,
  missingKindOf,
  planMissingMerges,
  ResolutionForbiddenError,
  ResolutionRuleError,
  resolutionStatus,
  type DataPointDiscrepancy,
  type MissingDiscrepancy,
} from './resolution';
import { discrepancyBulkResolutionSchema } from './schemas/resolution';

const T0 = '2025-01-01T00:00:00.000Z';
const NOW = new Date('2025-02-03T04:05:06.789Z');
const ctx = { userId: 'auditor', now: NOW };

const base: DataPointDiscrepancy = {
  id: 'd1',
  data_point_id: 'dp-premium',
  baseline_row_index: 3,
  secondary_row_index: 7,
  baseline_value: '100.00',
  secondary_value: '110.00',
  resolved_value: null,
  resolved_discrepancy_type: null,
  resolved_ignore: false,
  updated_at: T0,
};

describe('applyResolution', () => {
  it('resolves with the carrier value and sets resolver and date', () => {
    const r = applyResolution(base, { resolved_discrepancy_type: 'COST', resolved_value_source: 'SECONDARY' }, ctx);
    expect(r).toMatchObject({
      resolved_discrepancy_type: 'COST',
      resolved_value: '110.00',
      resolved_by_user_id: 'auditor',
      resolved_date: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    expect(isResolved(r)).toBe(true);
    expect(resolutionStatus(r)).toBe('Resolved');
    expect(base.resolved_discrepancy_type).toBeNull(); // input untouched
  });

  it('takes the baseline value, or a typed one', () => {
    expect(applyResolution(base, { resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'BASELINE' }, ctx).resolved_value).toBe('100.00');
    expect(
      applyResolution(base, { resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'CUSTOM', resolved_value: '105' }, ctx).resolved_value,
    ).toBe('105');
    expect(applyResolution(base, { resolved_discrepancy_type: 'CONFIRMED', resolved_value: '106' }, ctx).resolved_value).toBe('106');
  });

  it('a value without a type leaves the row unresolved and sets no resolver', () => {
    const r = applyResolution(base, { resolved_value: '106' }, ctx);
    expect(isResolved(r)).toBe(false);
    expect(r.resolved_by_user_id ?? null).toBeNull();
  });

  it('clearing the type un-resolves (notes kept)', () => {
    const resolved = applyResolution(base, { resolved_discrepancy_type: 'COST', resolved_value: '1', resolved_notes: 'n' }, ctx);
    const cleared = applyResolution(resolved, { resolved_discrepancy_type: null }, { userId: 'other', now: NOW });
    expect(cleared).toMatchObject({
      resolved_discrepancy_type: null,
      resolved_value: null,
      resolved_ignore: false,
      resolved_by_user_id: null,
      resolved_date: null,
      resolved_notes: 'n',
    });
    expect(isResolved(cleared)).toBe(false);
  });

  it('ignoring resolves as IGNORE and clears the value', () => {
    const withValue = { ...base, resolved_value: '1' };
    const r = applyResolution(withValue, { resolved_ignore: true }, ctx);
    expect(r).toMatchObject({ resolved_ignore: true, resolved_discrepancy_type: 'IGNORE', resolved_value: null, resolved_by_user_id: 'auditor' });
    expect(resolutionStatus(r)).toBe('Ignored');
    const byType = applyResolution(base, { resolved_discrepancy_type: 'IGNORE' }, ctx);
    expect(byType.resolved_ignore).toBe(true);
    const back = applyResolution(byType, { resolved_discrepancy_type: 'COST', resolved_value: '5' }, ctx);
    expect(back).toMatchObject({ resolved_ignore: false, resolved_discrepancy_type: 'COST', resolved_value: '5' });
  });

  it('refuses a value for a row that stays ignored, naming the field', () => {
    const ignored = applyResolution(base, { resolved_ignore: true, resolved_discrepancy_type: 'OTHER' }, ctx);
    expect(checkResolution(ignored, { resolved_value: '3' })).toEqual({ field: 'resolved_value', message: expect.any(String) });
    expect(() => applyResolution(ignored, { resolved_value: '3' }, ctx)).toThrow(ResolutionRuleError);
    try {
      applyResolution(ignored, { resolved_value_source: 'BASELINE' }, ctx);
    } catch (e) {
      expect((e as ResolutionRuleError).field).toBe('resolved_value_source');
    }
    // un-ignoring in the same change is fine
    expect(applyResolution(ignored, { resolved_ignore: false, resolved_value: '3' }, ctx).resolved_value).toBe('3');
    // an IGNORE type cannot be un-ignored without another type
    const ignoredByType = applyResolution(base, { resolved_discrepancy_type: 'IGNORE' }, ctx);
    expect(checkResolution(ignoredByType, { resolved_ignore: false })?.field).toBe('resolved_ignore');
  });

  it("notes and the verifier's note leave resolver and date alone", () => {
    const resolved = applyResolution(base, { resolved_discrepancy_type: 'COST', resolved_value: '1' }, ctx);
    const later = new Date('2025-03-01T00:00:00.000Z');
    const reviewer = { verifierId: 'verifier', buildsComparisons: false };
    const noted = applyResolution(resolved, { resolved_verifier_notes: 'checked', skip_verification: true }, { userId: 'verifier', now: later, reviewer });
    expect(noted).toMatchObject({ resolved_by_user_id: 'auditor', resolved_date: NOW.toISOString(), resolved_verifier_notes: 'checked', skip_verification: true });
    expect(noted.updated_at).toBe(later.toISOString());
  });

  it('changing the decision moves resolver and date to the new person', () => {
    const resolved = applyResolution(base, { resolved_discrepancy_type: 'COST', resolved_value: '1' }, ctx);
    const r = applyResolution(resolved, { resolved_discrepancy_type: 'ROUNDING' }, { userId: 'second', now: '2025-04-01T00:00:00.000Z' });
    expect(r).toMatchObject({ resolved_by_user_id: 'second', resolved_date: '2025-04-01T00:00:00.000Z' });
  });
});

describe('skip_verification (four eyes)', () => {
  const resolved = applyResolution(base, { resolved_discrepancy_type: 'COST', resolved_value: '1' }, ctx);
  const asVerifier = { userId: 'verifier', now: NOW, reviewer: { verifierId: 'verifier', buildsComparisons: false } };
  const forbidden = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return e instanceof ResolutionForbiddenError ? e.message : `not forbidden: ${String(e)}`;
    }
    return 'allowed';
  };

  it('refuses the resolver exempting the resolution in the request that resolves it', () => {
    const change = { resolved_discrepancy_type: 'COST' as const, resolved_value: '1', skip_verification: true };
    expect(forbidden(() => applyResolution(base, change, { ...ctx, reviewer: { verifierId: null, buildsComparisons: true } }))).toMatch(/yourself/);
    // Even the assigned verifier, resolving a row, cannot exempt the decision they just made.
    expect(forbidden(() => applyResolution(resolved, { ...change, resolved_value: '2' }, asVerifier))).toMatch(/yourself/);
  });

  it('refuses the resolver exempting an earlier resolution of theirs', () => {
    expect(forbidden(() => applyResolution(resolved, { skip_verification: true }, { ...ctx, reviewer: { verifierId: null, buildsComparisons: true } }))).toMatch(/yourself/);
  });

  it('lets the assigned verifier exempt another person’s resolution; nobody else while one is assigned', () => {
    expect(applyResolution(resolved, { skip_verification: true }, asVerifier).skip_verification).toBe(true);
    const builder = { userId: 'builder', now: NOW, reviewer: { verifierId: 'verifier', buildsComparisons: true } };
    expect(forbidden(() => applyResolution(resolved, { skip_verification: true }, builder))).toMatch(/verifier assigned/);
  });

  it('without a reviewer in the context, asking for the exemption is refused', () => {
    expect(forbidden(() => applyResolution(resolved, { skip_verification: true }, { userId: 'verifier', now: NOW }))).not.toBe('allowed');
  });

  it('refuses the exemption on an unresolved row with 400 naming skip_verification', () => {
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof ResolutionRuleError ? e.field : String(e);
      }
      return 'allowed';
    };
    expect(fieldOf(() => applyResolution(base, { skip_verification: true }, asVerifier))).toBe('skip_verification');
    expect(fieldOf(() => applyResolution(resolved, { resolved_discrepancy_type: null, skip_verification: true }, asVerifier))).toBe('skip_verification');
  });

  it('a new decision drops an earlier exemption; notes alone keep it; clearing is open to anyone', () => {
    const exempt = applyResolution(resolved, { skip_verification: true }, asVerifier);
    expect(applyResolution(exempt, { resolved_notes: 'n' }, ctx).skip_verification).toBe(true);
    expect(applyResolution(exempt, { resolved_value: '5' }, ctx).skip_verification).toBe(false);
    expect(applyResolution(exempt, { resolved_discrepancy_type: null }, ctx).skip_verification).toBe(false);
    expect(applyResolution(exempt, { skip_verification: false }, ctx).skip_verification).toBe(false);
  });

  it('bulk reports a refused exemption as 403 per row', () => {
    const records = new Map<string, DataPointDiscrepancy>([
      ['mine', { ...resolved, id: 'mine', updated_at: T0 }],
      ['theirs', { ...resolved, id: 'theirs', resolved_by_user_id: 'someone', updated_at: T0 }],
    ]);
    const bulk = discrepancyBulkResolutionSchema.parse({ ids: ['mine', 'theirs'], changes: { skip_verification: true }, expected: { mine: T0, theirs: T0 } });
    const out = applyBulkResolution(records, bulk, { ...ctx, reviewer: { verifierId: null, buildsComparisons: true } });
    expect(out.map((o) => o.status)).toEqual([403, 200]);
  });
});

describe('canVerifierApprove', () => {
  const resolved = applyResolution(base, { resolved_discrepancy_type: 'COST', resolved_value: '1' }, ctx);
  it('nobody approves their own resolution', () => {
    expect(canVerifierApprove(resolved, 'auditor')).toBe(false);
    expect(canVerifierApprove(resolved, 'verifier')).toBe(true);
  });
  it('an unresolved row cannot be approved', () => {
    expect(canVerifierApprove(base, 'verifier')).toBe(false);
    expect(canVerifierApprove({ ...base, resolved_by_user_id: 'x' }, 'verifier')).toBe(false);
    expect(canVerifierApprove(resolved, '')).toBe(false);
  });
  it('works for missing rows', () => {
    expect(canVerifierApprove({ resolved_by_user_id: 'a', resolved_inclusion: true }, 'v')).toBe(true);
    expect(canVerifierApprove({ resolved_by_user_id: 'a', resolved_inclusion: null }, 'v')).toBe(false);
    expect(canVerifierApprove({ resolved_by_user_id: 'v', resolved_inclusion: false }, 'v')).toBe(false);
  });
});

describe('applyBulkResolution', () => {
  it('judges each row: 200, 409 stale, 404 unknown, 400 contradiction', () => {
    const ignored = { ...applyResolution(base, { resolved_ignore: true, resolved_discrepancy_type: 'OTHER' }, ctx), id: 'd3', updated_at: T0 };
    const records = new Map<string, DataPointDiscrepancy>([
      ['d1', base],
      ['d2', { ...base, id: 'd2', updated_at: '2025-01-02T00:00:00.000Z' }],
      ['d3', ignored],
    ]);
    const bulk = discrepancyBulkResolutionSchema.parse({
      ids: ['d1', 'd2', 'd3', 'nope'],
      changes: { resolved_discrepancy_type: 'COST', resolved_value: '9' },
      expected: { d1: T0, d2: T0, d3: T0, nope: T0 },
    });
    const out = applyBulkResolution(records, bulk, ctx);
    expect(out.map((o) => o.status)).toEqual([200, 409, 400, 404]);
    expect(out[0]!.status === 200 && out[0]!.record.resolved_value).toBe('9');
    expect(out[2]!.status === 400 && out[2]!.field).toBe('resolved_value');
  });
});

describe('missing rows', () => {
  const missing: MissingDiscrepancy = { id: 'm1', kind: 'MISSING_IN_BASELINE', secondary_row_index: 4, resolved_inclusion: null, updated_at: T0 };

  it('defaultInclusionFor: TERM and COBRA excluded, others included, none without a type', () => {
    expect(defaultInclusionFor('TERM')).toBe(false);
    expect(defaultInclusionFor('COBRA')).toBe(false);
    expect(defaultInclusionFor('DUPLICATE')).toBe(false);
    expect(defaultInclusionFor('MISSING_ENROLLMENT')).toBe(true);
    expect(defaultInclusionFor('OTHER')).toBe(true);
    expect(defaultInclusionFor(null)).toBeNull();
  });

  it('deciding sets resolver and date; null undecides', () => {
    const r = applyMissingResolution(missing, { resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT' }, ctx);
    expect(r).toMatchObject({ resolved_inclusion: true, resolved_by_user_id: 'auditor', resolved_date: NOW.toISOString() });
    expect(isMissingDecided(r)).toBe(true);
    const noted = applyMissingResolution(r, { resolved_verifier_notes: 'ok' }, { userId: 'verifier', now: NOW });
    expect(noted.resolved_by_user_id).toBe('auditor');
    const undone = applyMissingResolution(r, { resolved_inclusion: null }, ctx);
    expect(undone).toMatchObject({ resolved_inclusion: null, resolved_by_user_id: null, resolved_date: null });
  });

  it('refuses merges for a row not included and unknown data points', () => {
    expect(() => applyMissingResolution(missing, { merges: [{ data_point_id: 'dp', merge_value: '1' }] }, ctx)).toThrow(/included/);
    try {
      applyMissingResolution(missing, { resolved_inclusion: true, merges: [{ data_point_id: 'zz', merge_value: '1' }] }, { ...ctx, dataPointIds: ['dp'] });
      expect.unreachable();
    } catch (e) {
      expect((e as ResolutionRuleError).field).toBe('merges.0.data_point_id');
    }
  });

  it('planMissingMerges replaces the set and removes all on exclusion', () => {
    const existing = [
      { id: 'x1', missing_discrepancy_id: 'm1', data_point_id: 'a', merge_value: '1' },
      { id: 'x2', missing_discrepancy_id: 'm1', data_point_id: 'b', merge_value: '2' },
    ];
    expect(planMissingMerges(existing, { resolved_inclusion_after: true, merges: [{ data_point_id: 'a', merge_value: '1' }, { data_point_id: 'c', merge_value: '3' }] })).toEqual({
      put: [{ data_point_id: 'c', merge_value: '3' }],
      delete: ['x2'],
    });
    expect(planMissingMerges(existing, { resolved_inclusion_after: false })).toEqual({ put: [], delete: ['x1', 'x2'] });
    expect(planMissingMerges(existing, { resolved_inclusion_after: true })).toEqual({ put: [], delete: [] });
  });

  it('kind and duplicate side from stored fields or row indexes', () => {
    expect(missingKindOf({ id: 'a', baseline_row_index: 1 })).toBe('MISSING_IN_SECONDARY');
    expect(missingKindOf({ id: 'a', secondary_row_index: 1 })).toBe('MISSING_IN_BASELINE');
    expect(missingKindOf({ id: 'a', secondary_row_index: 1, duplicate_identifier_row_index: 5 })).toBe('DUPLICATE');
    expect(duplicateSideOf({ id: 'a', secondary_row_index: 1, duplicate_identifier_row_index: 5 })).toBe('SECONDARY');
    expect(duplicateSideOf({ id: 'a', side: 'BASELINE' })).toBe('BASELINE');
  });
});

describe('completionChecklist', () => {
  it('ok when everything is decided and signed off', () => {
    const c = completionChecklist({
      discrepancies: [{ resolved_discrepancy_type: 'COST' }],
      missing: [{ resolved_inclusion: false }],
      verifierSignedOff: true,
    });
    expect(c).toMatchObject({ ok: true, blockers: [], overridden: false });
  });

  it('lists each blocker with counts', () => {
    const c = completionChecklist({
      discrepancies: [{ resolved_discrepancy_type: 'COST' }, { resolved_discrepancy_type: null }, {}],
      missing: [{ resolved_inclusion: null }, { resolved_inclusion: true }],
      verifierSignedOff: false,
    });
    expect(c.ok).toBe(false);
    expect(c.blockers).toEqual(['2 discrepancies of 3 not resolved', '1 missing row of 2 not included or excluded', 'The verifier has not signed off']);
    expect(c.counts).toEqual({ discrepancies: 3, unresolved_discrepancies: 2, missing: 2, undecided_missing: 1 });
  });

  it('an override lets it through and says so', () => {
    const c = completionChecklist({ discrepancies: [{}], missing: [], verifierSignedOff: true, override: true });
    expect(c).toMatchObject({ ok: true, overridden: true });
    expect(c.blockers).toHaveLength(1);
  });

  it('an empty comparison needs only the sign-off', () => {
    expect(completionChecklist({ discrepancies: [], missing: [], verifierSignedOff: true }).ok).toBe(true);
  });
});
