import { describe, it, expect } from 'vitest';
import {
  BenefitType,
  CALENDAR_DAY_OPTIONS,
  EligibilityManagementType,
  END_OF_MONTH_DAY,
  Month,
  OPTIONS_1_TO_100,
  OPTIONS_1_TO_6,
  OPTIONS_3_TO_6,
  OPTIONS_SINGLE_1,
  RENEWAL_KICKOFF_DAYS_OPTIONS,
  SELECTABLE_YEARS,
  calendarDayLabel,
  monthNumber,
  monthOfNumber,
} from './carriers';

describe('carrier eligibility management types (SPEC §9)', () => {
  it('expands to the fourteen types in spec order', () => {
    expect(EligibilityManagementType.values).toEqual([
      'ORGANIZATION_MANAGED_EDI',
      'ORGANIZATION_MANAGED_DEX',
      'ORGANIZATION_MANAGED_MANUAL_ELIGIBILITY',
      'ORGANIZATION_MANAGED_PROPRIETARY',
      'BBS_MANAGED_CARRIER_KEY',
      'BBS_MANAGED_EDI',
      'BBS_MANAGED_DEX',
      'BBS_MANAGED_PROPRIETARY',
      'BBS_O_MANAGED_CARRIER_KEY',
      'BBS_O_MANAGED_EDI',
      'BBS_O_MANAGED_DEX',
      'BBS_O_MANAGED_PROPRIETARY',
      'THIRD_PARTY_APPLICATION',
      'OTHER',
    ]);
    expect(EligibilityManagementType.label('THIRD_PARTY_APPLICATION')).toBe('Third Party Application');
  });
});

describe('benefit types (SPEC §9)', () => {
  it('has all 51 benefit types, from MEDICAL to OTHER', () => {
    expect(BenefitType.values).toHaveLength(51);
    expect(BenefitType.values[0]).toBe('MEDICAL');
    expect(BenefitType.values.at(-1)).toBe('OTHER');
    for (const v of ['GROUP_LIFE_ADD', 'RETIREMENT_401K', 'ROTH_401K', 'PHARMACY_RX', 'PET_INSURANCE', 'LONG_TERM_CARE']) {
      expect(BenefitType.is(v)).toBe(true);
    }
  });

  it('shows readable labels', () => {
    expect(BenefitType.label('GROUP_LIFE_ADD')).toBe('Group Life & AD&D');
    expect(BenefitType.label('DEPENDENT_CARE_FSA')).toBe('Dependent Care FSA');
    expect(BenefitType.label('HSA')).toBe('HSA');
    expect(new Set(Object.values(BenefitType.labels)).size).toBe(51);
  });
});

describe('months and years', () => {
  it('lists JANUARY to DECEMBER with their names', () => {
    expect(Month.values).toHaveLength(12);
    expect(Month.options[0]).toEqual({ value: 'JANUARY', label: 'January' });
    expect(Month.options[11]).toEqual({ value: 'DECEMBER', label: 'December' });
    expect(monthNumber('MARCH')).toBe(3);
    expect(monthNumber('March')).toBeNull();
    expect(monthOfNumber(12)).toBe('DECEMBER');
    expect(monthOfNumber(13)).toBeNull();
  });

  it('offers the years 2025 and 2026', () => {
    expect(SELECTABLE_YEARS).toEqual([2025, 2026]);
  });
});

describe('option lists (SPEC §9)', () => {
  const values = (o: readonly { value: number }[]) => o.map((x) => x.value);

  it('offers 3 to 6, 1 to 100, 1 to 6 and the single value 1', () => {
    expect(values(OPTIONS_3_TO_6)).toEqual([3, 4, 5, 6]);
    expect(values(OPTIONS_1_TO_100)).toHaveLength(100);
    expect(values(OPTIONS_1_TO_100).at(-1)).toBe(100);
    expect(values(OPTIONS_1_TO_6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(values(OPTIONS_SINGLE_1)).toEqual([1]);
  });

  it('offers renewal kickoff 30 to 90 days in advance', () => {
    expect(RENEWAL_KICKOFF_DAYS_OPTIONS[0]).toEqual({ value: 30, label: '30' });
    expect(RENEWAL_KICKOFF_DAYS_OPTIONS.at(-1)).toEqual({ value: 90, label: '90' });
    expect(RENEWAL_KICKOFF_DAYS_OPTIONS).toHaveLength(61);
  });

  it("offers calendar days 1 to 28 plus 'End of Month (29, 30, 31)'", () => {
    expect(CALENDAR_DAY_OPTIONS).toHaveLength(29);
    expect(values(CALENDAR_DAY_OPTIONS.slice(0, 28))).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(CALENDAR_DAY_OPTIONS.at(-1)).toEqual({ value: END_OF_MONTH_DAY, label: 'End of Month (29, 30, 31)' });
    expect(calendarDayLabel(15)).toBe('15');
    expect(calendarDayLabel(END_OF_MONTH_DAY)).toBe('End of Month (29, 30, 31)');
    expect(calendarDayLabel(29)).toBe('');
  });
});
