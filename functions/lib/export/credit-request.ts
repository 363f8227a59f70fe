import { InvoiceFindingKind, CreditStatus } from '../../../shared/invoice';
import type { DataPointDiscrepancy, MissingDiscrepancy } from '../../../shared/resolution';
import { typedCell, type TypedCell } from './cells';
import { writeTypedRow, type StreamingWorkbook } from './workbook';

/**
 * The Credit Request sheet of an invoice reconciliation's export: one line per over-billed member
 * and coverage line with the months and dollars, largest first, and the total, ready to send to
 * the carrier. Findings are collected while the other sheets stream (an invoice has few of them).
 */
export const CREDIT_REQUEST_HEADERS = ['Member', 'Identifier', 'Coverage', 'Finding', 'Months', 'Amount', 'Credit status'] as const;

interface CreditLine {
  member: string;
  identifier: string | null;
  coverage: string | null;
  kind: string;
  months: string;
  cents: number;
  status: string;
}

export class CreditRequest {
  private readonly lines: CreditLine[] = [];

  /** Keeps the finding when it bills more than the enrollment expects. */
  add(finding: DataPointDiscrepancy | MissingDiscrepancy): void {
    const amount = finding.amount;
    if (typeof amount !== 'number' || amount <= 0) return;
    this.lines.push({
      member: finding.full_name || [finding.last_name, finding.first_name].filter(Boolean).join(', '),
      identifier: finding.unique_identifier ?? null,
      coverage: finding.coverage_line ?? null,
      kind: InvoiceFindingKind.label(finding.invoice_kind, ''),
      months: (finding.months ?? []).join(', '),
      cents: Math.round(amount * 100),
      status: CreditStatus.label(finding.credit_status ?? 'NOT_REQUESTED'),
    });
  }

  get count(): number {
    return this.lines.length;
  }

  write(book: StreamingWorkbook, identifierCell: (v: unknown) => TypedCell): void {
    const ws = book.addDetailSheet('Credit Request', CREDIT_REQUEST_HEADERS, [28, 16, 18, 30, 24, 14, 16]);
    const money = (cents: number) => typedCell(cents / 100, 'money');
    const text = (v: unknown) => typedCell(v, 'text');
    for (const line of [...this.lines].sort((a, b) => b.cents - a.cents)) {
      writeTypedRow(ws, [text(line.member), identifierCell(line.identifier), text(line.coverage), text(line.kind), text(line.months), money(line.cents), text(line.status)]);
    }
    const total = this.lines.reduce((sum, l) => sum + l.cents, 0);
    writeTypedRow(ws, [text('Total credit requested'), text(null), text(null), text(`${this.lines.length} line${this.lines.length === 1 ? '' : 's'}`), text(null), money(total), text(null)]);
    ws.commit();
  }
}
