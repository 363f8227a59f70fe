/** Invoice reconciliation: a carrier's list bill against the enrollment, in dollars. See docs/invoice-reconciliation.md. */
export { reconcileInvoice, InvoiceInputError } from './reconcile';
export type { EnteredInvoiceDetails, InvoiceDiscrepancy, InvoiceMissing, InvoiceMoney, InvoiceReconciliation, InvoiceTable, InvoiceTotals } from './reconcile';
export { InvoiceFindingKind, CreditStatus, DEFAULT_CREDIT_WINDOW_DAYS, CLAIM_URGENT_DAYS } from './kinds';
export { parsePeriod, periodLabel, parseDayToken, daysBetween, addDays, monthsOf } from './months';
export type { Month, MonthPeriod } from './months';
