import { defineEnum } from '../enum';

/** What an invoice reconciliation finds, each with its signed dollars (billed − expected). */
export const InvoiceFindingKind = defineEnum({
  BILLED_NOT_ENROLLED: 'Billed but not enrolled',
  ENROLLED_NOT_BILLED: 'Enrolled but not billed',
  PREMIUM_DIFFERS: 'Premium differs',
  DUPLICATE_BILLING: 'Billed twice',
  ADJUSTMENT_MISMATCH: 'Adjustment without a matching change',
  RETRO_ALREADY_BILLED: 'Retro charge already billed',
  TOTAL_MISMATCH: 'Invoice total differs from its lines',
});
export type InvoiceFindingKind = (typeof InvoiceFindingKind.values)[number];

/** Whether a credit for an over-billed finding was asked of the carrier and received. */
export const CreditStatus = defineEnum({
  NOT_REQUESTED: 'Not requested',
  REQUESTED: 'Requested',
  RECEIVED: 'Received',
});
export type CreditStatus = (typeof CreditStatus.values)[number];

/** Days a carrier credits billing errors after the invoice date, unless the company carrier says otherwise. */
export const DEFAULT_CREDIT_WINDOW_DAYS = 60;
/** Fewer days left than this to claim a credit is shown as urgent. */
export const CLAIM_URGENT_DAYS = 15;
