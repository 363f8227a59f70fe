import { defineEnum } from './enum';

/** Who manages a carrier's (or plan's) eligibility feed and how: the fourteen types of SPEC §9. */
export const EligibilityManagementType = defineEnum({
  ORGANIZATION_MANAGED_EDI: 'Organization Managed - EDI',
  ORGANIZATION_MANAGED_DEX: 'Organization Managed - DEX',
  ORGANIZATION_MANAGED_MANUAL_ELIGIBILITY: 'Organization Managed - Manual Eligibility',
  ORGANIZATION_MANAGED_PROPRIETARY: 'Organization Managed - Proprietary',
  BBS_MANAGED_CARRIER_KEY: 'BBS Managed - Carrier Key',
  BBS_MANAGED_EDI: 'BBS Managed - EDI',
  BBS_MANAGED_DEX: 'BBS Managed - DEX',
  BBS_MANAGED_PROPRIETARY: 'BBS Managed - Proprietary',
  BBS_O_MANAGED_CARRIER_KEY: 'BBS/O Managed - Carrier Key',
  BBS_O_MANAGED_EDI: 'BBS/O Managed - EDI',
  BBS_O_MANAGED_DEX: 'BBS/O Managed - DEX',
  BBS_O_MANAGED_PROPRIETARY: 'BBS/O Managed - Proprietary',
  THIRD_PARTY_APPLICATION: 'Third Party Application',
  OTHER: 'Other',
});
export type EligibilityManagementType = (typeof EligibilityManagementType.values)[number];

/** Benefit types of a carrier plan (SPEC §9), in spec order. */
export const BenefitType = defineEnum({
  MEDICAL: 'Medical',
  DENTAL: 'Dental',
  VISION: 'Vision',
  HSA: 'HSA',
  HRA: 'HRA',
  SUPPLEMENTAL_MEDICAL: 'Supplemental Medical',
  GROUP_LIFE_ADD: 'Group Life & AD&D',
  GROUP_LIFE_ONLY: 'Group Life Only',
  GROUP_ADD_ONLY: 'Group AD&D Only',
  VOLUNTARY_LIFE_ADD: 'Voluntary Life & AD&D',
  VOLUNTARY_LIFE_ONLY: 'Voluntary Life Only',
  VOLUNTARY_ADD_ONLY: 'Voluntary AD&D Only',
  GROUP_SHORT_TERM_DISABILITY: 'Group Short Term Disability',
  VOLUNTARY_SHORT_TERM_DISABILITY: 'Voluntary Short Term Disability',
  GROUP_LONG_TERM_DISABILITY: 'Group Long Term Disability',
  VOLUNTARY_LONG_TERM_DISABILITY: 'Voluntary Long Term Disability',
  CANCER: 'Cancer',
  HOSPITAL: 'Hospital',
  CRITICAL_ILLNESS: 'Critical Illness',
  ACCIDENT: 'Accident',
  PERMANENT_LIFE_INSURANCE: 'Permanent Life Insurance',
  MEDICAL_FSA: 'Medical FSA',
  DEPENDENT_CARE_FSA: 'Dependent Care FSA',
  LIMITED_PURPOSE_FSA: 'Limited Purpose FSA',
  COBRA: 'COBRA',
  RETIREMENT_401K: '401(k) Retirement',
  SIMPLE_IRA: 'SIMPLE IRA',
  EMPLOYEE_ASSISTANCE_PROGRAM: 'Employee Assistance Program',
  PARKING: 'Parking',
  TRANSIT: 'Transit',
  TERM_LIFE: 'Term Life',
  WHOLE_LIFE: 'Whole Life',
  PHARMACY_RX: 'Pharmacy (Rx)',
  IDENTITY_PROTECTION: 'Identity Protection',
  LINKED_MARKETPLACE: 'Linked Marketplace',
  UNIVERSAL: 'Universal',
  PRIVATE_INSURANCE_ACCOUNT: 'Private Insurance Account',
  TRANSIT_REIMBURSEMENT: 'Transit Reimbursement',
  MEDICAL_UNDERWRITING: 'Medical Underwriting',
  ROTH_401K: 'Roth 401(k)',
  WELLNESS: 'Wellness',
  DISABILITY: 'Disability',
  DEPENDENT_LIFE: 'Dependent Life',
  LEGAL: 'Legal',
  PERK: 'Perk',
  PET_INSURANCE: 'Pet Insurance',
  TELEMEDICINE: 'Telemedicine',
  SPECIFIED_DISEASE: 'Specified Disease',
  FINANCIAL_PERK: 'Financial Perk',
  LONG_TERM_CARE: 'Long Term Care',
  OTHER: 'Other',
});
export type BenefitType = (typeof BenefitType.values)[number];

/** Months (renewal_month, contract_renewal_month), JANUARY..DECEMBER. */
export const Month = defineEnum({
  JANUARY: 'January',
  FEBRUARY: 'February',
  MARCH: 'March',
  APRIL: 'April',
  MAY: 'May',
  JUNE: 'June',
  JULY: 'July',
  AUGUST: 'August',
  SEPTEMBER: 'September',
  OCTOBER: 'October',
  NOVEMBER: 'November',
  DECEMBER: 'December',
});
export type Month = (typeof Month.values)[number];

/** 1 for JANUARY … 12 for DECEMBER; null for anything else. */
export function monthNumber(month: unknown): number | null {
  const index = Month.values.indexOf(month as Month);
  return index < 0 ? null : index + 1;
}

/** The month enum value of a 1-based month number (1 → JANUARY); null outside 1..12. */
export function monthOfNumber(n: number): Month | null {
  return Number.isInteger(n) && n >= 1 && n <= 12 ? Month.values[n - 1]! : null;
}

export const SELECTABLE_YEARS = [2025, 2026] as const;

export interface NumberOption {
  value: number;
  label: string;
}

/** Inclusive integer range as select options. */
export function numberOptions(from: number, to: number): NumberOption[] {
  const out: NumberOption[] = [];
  for (let n = from; n <= to; n += 1) out.push({ value: n, label: String(n) });
  return out;
}

// The option lists of SPEC §9. Only the 30..90 list has a stated purpose (renewal kickoff days in
// advance); the others are named by their range.
export const OPTIONS_3_TO_6 = numberOptions(3, 6);
export const OPTIONS_1_TO_100 = numberOptions(1, 100);
export const OPTIONS_1_TO_6 = numberOptions(1, 6);
export const RENEWAL_KICKOFF_DAYS_OPTIONS = numberOptions(30, 90);
export const OPTIONS_SINGLE_1 = numberOptions(1, 1);

/**
 * Stored value for 'End of Month (29, 30, 31)' (carrier invoice day of month). SPEC §9 lists a
 * constant 31 without a purpose; storing 31 keeps the day numeric and never collides with 1..28.
 */
export const END_OF_MONTH_DAY = 31;
export const END_OF_MONTH_LABEL = 'End of Month (29, 30, 31)';

/** Days 1..28 (every month has them) plus the end-of-month choice. */
export const CALENDAR_DAY_OPTIONS: readonly NumberOption[] = [
  ...numberOptions(1, 28),
  { value: END_OF_MONTH_DAY, label: END_OF_MONTH_LABEL },
];

export function calendarDayLabel(day: unknown): string {
  const option = CALENDAR_DAY_OPTIONS.find((o) => o.value === day);
  return option ? option.label : '';
}
