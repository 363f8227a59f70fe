import { PassThrough } from 'node:stream';
import { Month } from '../../../shared/carriers';
import { RenewalStep, TaskItemStatus } from '../../../shared/renewals';
import type { RenewalPlanningResponse, RenewalSummaryResponse } from '../../../shared/schemas/renewal';
import { openStreamingWorkbook } from '../export';

/**
 * The renewal reports as .xlsx, every row (never a sample): the project's streaming workbook with a
 * Summary first, a bold frozen header with filters (its writer escapes text that Excel would evaluate).
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const text = (v: string | null | undefined) => v ?? '';

async function build(fill: (wb: ReturnType<typeof openStreamingWorkbook>) => void): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = openStreamingWorkbook(out);
  fill(wb);
  // Together, so a failed commit does not leave the stream's own rejection unhandled.
  await Promise.all([wb.commit(), done]);
  return Buffer.concat(chunks);
}

export const RENEWAL_REPORT_HEADERS = [
  'Organization', 'Company', 'Carrier', 'Renewal month', 'Effective date', 'Step', 'Client information', 'Plans checklist',
  'Demo environment', 'Owners', 'Days to go-live', 'Overdue', 'Enrollment start', 'Enrollment end', 'Last updated',
] as const;

export async function renewalsWorkbook(rows: readonly RenewalSummaryResponse[], organizationNames: ReadonlyMap<string, string>, scope: string) {
  const bytes = await build((wb) => {
    const ws = wb.addDetailSheet('Renewals', RENEWAL_REPORT_HEADERS, [26, 28, 22, 16, 14, 28, 18, 18, 18, 30, 14, 10, 16, 16, 20]);
    for (const r of rows) {
      ws.addRow([
        text(organizationNames.get(r.organization_id)),
        text(r.company_name),
        text(r.carrier_name),
        `${Month.label(r.month)} ${r.year}`,
        r.effective_date,
        RenewalStep.label(r.step),
        TaskItemStatus.label(r.client_info_status),
        TaskItemStatus.label(r.plans_checklist_status),
        TaskItemStatus.label(r.demo_environment_status),
        text(r.owners.map((o) => [o.first_name, o.last_name].filter(Boolean).join(' ') || o.email).join(', ')),
        r.days_to_go_live,
        r.overdue ? 'Yes' : 'No',
        r.enrollment_start_date ?? '',
        r.enrollment_end_date ?? '',
        r.updated_at.slice(0, 10),
      ]).commit();
    }
    ws.commit();
    const summary = wb.addSummarySheet();
    summary.addRow(['Renewals', scope]).commit();
    summary.addRow(['Generated', new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC']).commit();
    summary.addRow(['Renewals listed', rows.length]).commit();
    summary.addRow(['Overdue', rows.filter((r) => r.overdue).length]).commit();
    for (const step of RenewalStep.values) summary.addRow([RenewalStep.label(step), rows.filter((r) => r.step === step).length]).commit();
    summary.commit();
  });
  return { name: `Renewals - ${scope}.xlsx`.replace(/[\\/:*?"<>|]/g, '_'), content_type: XLSX, content_base64: bytes.toString('base64') };
}

export const PLANNING_REPORT_HEADERS = [
  'Renewal month', 'Organization', 'Company', 'Carrier', 'Plans', 'Eligible', 'Enrolled', 'Kickoff date', 'Kickoff due', 'Renewal step', 'Renewals disabled',
] as const;

export async function planningWorkbook(planning: RenewalPlanningResponse, scope: string) {
  const bytes = await build((wb) => {
    const ws = wb.addDetailSheet('Renewal planning', PLANNING_REPORT_HEADERS, [16, 26, 28, 22, 40, 10, 10, 14, 12, 28, 16]);
    for (const month of planning.months) {
      for (const c of month.company_carriers) {
        ws.addRow([
          `${Month.label(month.month)} ${month.year}`,
          text(c.organization_name),
          text(c.company_name),
          text(c.carrier_name),
          text(c.plans.map((p) => p.name).join(', ')),
          c.eligible,
          c.enrolled,
          c.kickoff_date,
          c.kickoff_due ? 'Yes' : 'No',
          c.renewal ? RenewalStep.label(c.renewal.step) : 'Not started',
          c.renewals_disabled ? 'Yes' : 'No',
        ]).commit();
      }
    }
    ws.commit();
    const summary = wb.addSummarySheet();
    summary.addRow(['Renewal planning', scope]).commit();
    summary.addRow(['Month', 'Company carriers', 'Plans', 'Eligible', 'Enrolled', 'Renewals started', 'Kickoffs due']).commit();
    for (const m of planning.months) {
      const t = m.totals;
      summary.addRow([`${Month.label(m.month)} ${m.year}`, t.company_carriers, t.plans, t.eligible, t.enrolled, t.renewals_started, t.kickoffs_due]).commit();
    }
    summary.commit();
  });
  return { name: `Renewal planning - ${scope}.xlsx`.replace(/[\\/:*?"<>|]/g, '_'), content_type: XLSX, content_base64: bytes.toString('base64') };
}
