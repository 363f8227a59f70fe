import { z } from 'zod';
import { CreditStatus, InvoiceFindingKind } from '../invoice/kinds';
import { parseDayToken, parsePeriod } from '../invoice/months';

/**
 * Invoice reconciliation's part of the contract: the invoice details a comparison is told (or reads
 * from the file), the money each finding carries, and the summary a script reads the dollars from.
 * Dollars are numbers rounded to the cent; a finding's amount is signed, billed − expected.
 */
const dollars = () => z.number().describe('Dollars, rounded to the cent');
const month = () => z.string().regex(/^\d{4}-\d{2}$/).describe('A billing month, YYYY-MM');

/** The invoice details entered on a comparison: each wins over what the invoice file says. */
export const invoiceDetailsFields = {
  invoice_number: z.string().trim().max(100, { error: 'invoice_number must be at most 100 characters' }).nullable().optional(),
  billing_period: z
    .string()
    .trim()
    .nullable()
    .optional()
    .refine((v) => !v || parsePeriod(v) !== null, { error: 'billing_period must name a month or a range of months, such as 2026-01 or 01/2026 - 03/2026' }),
  invoice_date: z
    .string()
    .trim()
    .nullable()
    .optional()
    .refine((v) => !v || parseDayToken(v) !== null, { error: 'invoice_date must be a date, such as 2026-01-05' }),
};

/** What an invoice finding is worth; absent on the findings of other audit types. */
export const invoiceMoneyFields = {
  amount: dollars().nullish().describe('Signed dollars, billed − expected (invoice reconciliations)'),
  months: z.array(month()).nullish().describe('The billing months the finding covers (invoice reconciliations)'),
  invoice_kind: InvoiceFindingKind.schema.nullish(),
  coverage_line: z.string().nullish().describe('The coverage line the finding is about (invoice reconciliations)'),
  credit_status: CreditStatus.schema.nullish().describe('Whether the over-billed dollars were claimed from the carrier and received'),
};

const earlierInvoicesUnknown = () =>
  z
    .array(month())
    .describe(
      "Months before the billing period that retro charges bill and no reconciliation of the company carrier has reconciled: those charges could not be checked against what was already billed, and stay expected",
    );

const planTotals = z.strictObject({ plan: z.string(), billed: dollars(), expected: dollars(), net: dollars() });
const kindTotals = z.strictObject({ kind: InvoiceFindingKind.schema, count: z.number().int().min(0), amount: dollars() });

/** The run's totals, kept on the comparison's summary. */
export const invoiceTotalsResponse = z.strictObject({
  invoice_number: z.string().nullable(),
  billing_period: z.string().describe('YYYY-MM, or YYYY-MM/YYYY-MM for several months'),
  billing_months: z.array(month()),
  invoice_date: z.string().nullable().describe('YYYY-MM-DD'),
  billed: dollars().describe('The sum of the member lines, current charges and adjustments'),
  expected: dollars().describe('What the enrollment expects for the same lines and months'),
  over_billed: dollars().describe('The sum of the positive findings'),
  under_billed: dollars().describe('The sum of the negative findings, as a positive amount'),
  net: dollars().describe('billed − expected = over_billed − under_billed'),
  stated_total: dollars().nullable().describe("The invoice's own total, when it states one"),
  lines_total: dollars().describe('Every line with an amount, fees without a member included'),
  other_charges: dollars().describe('Amounts on rows naming no member (fees)'),
  by_plan: z.array(planTotals),
  by_kind: z.array(kindTotals),
  lines: z.strictObject({ current: z.number().int(), adjustments: z.number().int(), subtotal_rows: z.number().int(), unplaced: z.number().int() }),
  earlier_invoices_unknown: earlierInvoicesUnknown().optional(),
});
export type InvoiceTotalsResponse = z.infer<typeof invoiceTotalsResponse>;

/** GET …/comparisons/{comparison_id}/invoice_summary. */
export const invoiceSummaryResponse = z.strictObject({
  invoice_number: z.string().nullable(),
  billing_period: z.string().nullable(),
  invoice_date: z.string().nullable(),
  billed: dollars(),
  expected: dollars(),
  over_billed: dollars(),
  under_billed: dollars(),
  net: dollars(),
  stated_total: dollars().nullable(),
  lines_total: dollars(),
  credit_window_days: z.number().int().describe("The company carrier's credit window (60 days unless it says otherwise)"),
  claim_deadline: z.string().nullable().describe('invoice_date + the credit window, YYYY-MM-DD; null without an invoice date'),
  days_to_claim: z.number().int().nullable().describe('Days from today to the claim deadline (negative once it has passed)'),
  by_plan: z.array(planTotals),
  by_kind: z.array(kindTotals),
  recovered: dollars().describe('Over-billed dollars whose credit was received'),
  requested: dollars().describe('Over-billed dollars whose credit was asked for and not yet received'),
  open: dollars().describe('Over-billed dollars not yet recovered'),
  earlier_invoices_unknown: earlierInvoicesUnknown(),
  /** When the comparison has not run yet. */
  has_results: z.boolean(),
});
export type InvoiceSummaryResponse = z.infer<typeof invoiceSummaryResponse>;

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}/invoice_reconciliations: month by month. */
export const carrierReconciliationsResponse = z.strictObject({
  items: z.array(
    z.strictObject({
      comparison_id: z.string(),
      name: z.string(),
      billing_period: z.string(),
      invoice_date: z.string().nullable(),
      billed: dollars(),
      expected: dollars(),
      net: dollars(),
      over_billed: dollars().describe('The sum of the positive findings'),
      claimed: dollars().describe('Over-billed dollars whose credit was asked of the carrier (requested or received)'),
      recovered: dollars(),
      open: dollars(),
    }),
  ),
});
