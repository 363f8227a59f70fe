import { describe, it, expect } from 'vitest';
import {
  AuditType,
  ComparisonMode,
  ComparisonStep,
  ComparisonType,
  MERGE_MARKER,
  isMergeComparison,
  isStepDone,
  isStepReachable,
  stepNumber,
} from './comparisons';

describe('comparison types and modes', () => {
  it('has the three comparison types of SPEC §1', () => {
    expect(ComparisonType.values).toEqual(['COMPARE_ONLY', 'COMPARE_MERGE', 'MERGE_ONLY']);
  });

  it('offers users the modes Compare Only and Compare & Merge', () => {
    expect(ComparisonMode.options.map((o) => o.label)).toEqual(['Compare Only', 'Compare & Merge']);
    expect(ComparisonType.label('COMPARE_MERGE')).toBe('Compare & Merge');
  });

  it("marks merges with '[merge]'", () => {
    expect(MERGE_MARKER).toBe('[merge]');
    expect(isMergeComparison('COMPARE_MERGE')).toBe(true);
    expect(isMergeComparison('MERGE_ONLY')).toBe(true);
    expect(isMergeComparison('COMPARE_ONLY')).toBe(false);
  });

  it('lists the seven audit types in spec order', () => {
    expect(AuditType.options.map((o) => o.label)).toEqual([
      'General Audit',
      'Enrollment Audit',
      'Post Open Enrollment Audit',
      'Pre-Production Audit',
      'Post Production Audit',
      'Invoice Reconciliation',
      'Other',
    ]);
    expect(AuditType.schema.safeParse('INVOICE_RECONCILIATION').success).toBe(true);
  });
});

describe('comparison steps (SPEC §4)', () => {
  it('lists the steps in the core-flow order', () => {
    expect(ComparisonStep.values).toEqual([
      'IMPORT_DATA',
      'SELECT_DATA_POINTS',
      'MAP_DATA',
      'COMPARE',
      'VIEW_REPORTS',
      'VERIFY_DISCREPANCIES',
      'VERIFY_MISSING_DATA',
      'COMPLETE',
    ]);
  });

  it('numbers each step as its position in the full list plus one, minus one above 4: verify discrepancies is number 6', () => {
    expect(Object.fromEntries(ComparisonStep.values.map((s) => [s, stepNumber(s)]))).toEqual({
      IMPORT_DATA: 1,
      SELECT_DATA_POINTS: 2,
      MAP_DATA: 3,
      COMPARE: 4,
      VIEW_REPORTS: 5,
      VERIFY_DISCREPANCIES: 6,
      VERIFY_MISSING_DATA: 7,
      COMPLETE: 8,
    });
    expect(stepNumber('NOT_A_STEP')).toBe(0);
  });

  it('makes a step reachable only when its number is greater than the current step number', () => {
    expect(isStepReachable('MAP_DATA', 'SELECT_DATA_POINTS')).toBe(true);
    expect(isStepReachable('MAP_DATA', 'MAP_DATA')).toBe(false);
    expect(isStepReachable('IMPORT_DATA', 'COMPARE')).toBe(false);
    expect(isStepReachable('COMPLETE', 'VERIFY_MISSING_DATA')).toBe(true);
    expect(isStepReachable('VIEW_REPORTS', 'VERIFY_DISCREPANCIES')).toBe(false);
    expect(isStepReachable('VERIFY_MISSING_DATA', 'VIEW_REPORTS')).toBe(true);
  });

  it('blocks the verify-discrepancies step unless an override is given', () => {
    expect(isStepReachable('VERIFY_DISCREPANCIES', 'IMPORT_DATA')).toBe(false);
    expect(isStepReachable('VERIFY_DISCREPANCIES', 'IMPORT_DATA', { override: false })).toBe(false);
    expect(isStepReachable('VERIFY_DISCREPANCIES', 'IMPORT_DATA', { override: true })).toBe(true);
    // the override lifts the block but not the number rule
    expect(isStepReachable('VERIFY_DISCREPANCIES', 'VERIFY_MISSING_DATA', { override: true })).toBe(false);
  });

  it('marks a step done when its number is lower than the current step', () => {
    expect(isStepDone('IMPORT_DATA', 'SELECT_DATA_POINTS')).toBe(true);
    expect(isStepDone('SELECT_DATA_POINTS', 'SELECT_DATA_POINTS')).toBe(false);
    expect(isStepDone('VERIFY_MISSING_DATA', 'MAP_DATA')).toBe(false);
    expect(isStepDone('VIEW_REPORTS', 'VERIFY_DISCREPANCIES')).toBe(true);
    expect(isStepDone('VERIFY_DISCREPANCIES', 'VIEW_REPORTS')).toBe(false);
    expect(isStepDone('COMPARE', 'VERIFY_DISCREPANCIES')).toBe(true);
  });

  it('marks every step done once the comparison is COMPLETE', () => {
    for (const step of ComparisonStep.values) expect(isStepDone(step, 'COMPLETE')).toBe(true);
  });

  it('labels the steps for the stepper', () => {
    expect(ComparisonStep.label('VERIFY_MISSING_DATA')).toBe('Verify Missing Data');
    expect(ComparisonStep.label('SELECT_DATA_POINTS')).toBe('Select Data Points');
  });
});
