/** Invoice reconciliation: a carrier's list bill against the enrollment, in dollars. See docs/invoice-reconciliation.md. */
export { reconcileInvoice, InvoiceInputError } from './reconcile';
export type { InvoiceMoney, InvoiceTotals } from './reconcile';
export type { BilledEntry, BilledLedger, EarlierInvoices } from './earlier-billing';
export { InvoiceFindingKind, CreditStatus, DEFAULT_CREDIT_WINDOW_DAYS } from './kinds';
export { daysBetween, addDays } from './months';
