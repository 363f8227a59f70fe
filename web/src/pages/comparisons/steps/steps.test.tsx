import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userFlags } from '../../../../../shared/roles';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import type { ComparisonReport, ComparisonRunView } from '../../../data/compare-runs';
import { SnackbarContext } from '../../../feedback/snackbar';
import { CurrentUserContext } from '../../../auth/current-user';
import { CompareStep } from './CompareStep';
import { ViewReportsStep } from './ViewReportsStep';

afterEach(cleanup);
beforeAll(() => {
  // MUI X charts measure their container.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const record = { id: 'u1', username: 'carmen', email: 'company-admin@demo.example', role: 'COMPANY_ADMIN', organization_id: 'o1', company_id: 'c1' };
const me = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...record, ...userFlags(record) };
const snackbar = { show: vi.fn(), success: vi.fn(), error: vi.fn() };

function renderStep(ui: ReactNode, fetcher: (key: unknown) => Promise<unknown>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <SnackbarContext.Provider value={snackbar}>
        <CurrentUserContext.Provider value={me}>
          <MemoryRouter initialEntries={['/companies/c1/comparisons/k1']}>
            <Routes>
              <Route path="/companies/:company_id/comparisons/:comparison_id" element={ui} />
            </Routes>
          </MemoryRouter>
        </CurrentUserContext.Provider>
      </SnackbarContext.Provider>
    </SWRConfig>,
  );
}

const report: ComparisonReport = {
  comparison_id: 'k1',
  status: 'SUCCEEDED',
  status_reason: null,
  step: 'VIEW_REPORTS',
  has_results: true,
  summary: { baseline_rows: 200, secondary_rows: 201, blank_identifier_baseline: 0, blank_identifier_secondary: 0 },
  cards: {
    matched: 198,
    only_in_baseline: 1,
    only_at_carrier: 1,
    duplicates: 1,
    duplicates_in_baseline: 0,
    duplicates_in_secondary: 1,
    discrepancies: 9,
    discrepancies_resolved: 2,
    discrepancies_unresolved: 7,
    missing_resolved: 0,
    missing_unresolved: 3,
  },
  by_data_point: [{ data_point_id: 'dp-premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium', count: 2 }],
  by_type: [{ type: 'COST', count: 1 }],
  by_kind: [
    { kind: 'MISSING_IN_SECONDARY', label: 'Only in baseline', count: 1 },
    { kind: 'MISSING_IN_BASELINE', label: 'Only at carrier', count: 1 },
    { kind: 'DUPLICATE', label: 'Duplicates', count: 1 },
  ],
};

/** The report for the report's read; the comparison has no earlier audit's changes to show. */
const reportReads = async (key: unknown) => {
  const path = Array.isArray(key) ? (key as unknown[])[0] : key;
  return String(path).endsWith('/changes_since_previous') ? { has_results: false } : report;
};

describe('View reports step', () => {
  it('shows the summary cards, each opening its filtered list with the filters in the URL', async () => {
    renderStep(<ViewReportsStep />, reportReads);

    // Cards are found by their heading (getByRole over the whole chart DOM is slow in jsdom).
    const onlyAtCarrier = (await screen.findByRole('heading', { name: 'Only at carrier' })).closest('a')!;
    const discrepancies = screen.getByRole('heading', { name: 'Discrepancies' }).closest('a')!;

    expect(onlyAtCarrier.getAttribute('href')).toBe('/companies/c1/comparisons/k1?step=VERIFY_MISSING_DATA&kind=MISSING_IN_BASELINE');
    expect(discrepancies.getAttribute('href')).toBe('/companies/c1/comparisons/k1?step=VERIFY_DISCREPANCIES');
    expect(within(discrepancies).getByText('7 to verify, 2 resolved')).toBeTruthy();
    expect(within(onlyAtCarrier).getByText('1')).toBeTruthy();
  }, 15_000);

  it('lists each bar of the charts as a link too, by data point and by kind', async () => {
    renderStep(<ViewReportsStep />, reportReads);

    const byPoint = (await screen.findByText('Monthly Premium: 2')).closest('a')!;
    const cost = screen.getByText('Cost: 1').closest('a')!;

    expect(byPoint.getAttribute('href')).toContain('data_point_id=dp-premium');
    expect(cost.getAttribute('href')).toContain('type=COST');
  }, 15_000);
});

/** The comparison as the API answers it, with what a test sets. */
const comparison = (fields: Partial<ComparisonRunView>): ComparisonRunView => ({
  id: 'k1',
  organization_id: 'o1',
  company_id: 'c1',
  name: 'Q3 audit',
  type: 'COMPARE',
  audit_type: 'ENROLLMENT_AUDIT',
  step: 'COMPARE',
  created_at: '2025-01-06T09:00:00.000Z',
  updated_at: '2025-01-06T09:00:00.000Z',
  ...fields,
});

const summary = (counts: { discrepancies: number; baseline_rows: number; secondary_rows: number }): NonNullable<ComparisonRunView['summary']> => ({
  run_id: 'r1',
  finished_at: '2025-01-06T09:05:00.000Z',
  matched_rows: counts.baseline_rows,
  missing_in_secondary: 0,
  missing_in_baseline: 0,
  duplicates_in_baseline: 0,
  duplicates_in_secondary: 0,
  blank_identifier_baseline: 0,
  blank_identifier_secondary: 0,
  missing: 0,
  discrepancies_by_data_point: {},
  discrepancies_by_type: {},
  data_points: [],
  baseline_file: { id: 'f1', name: 'baseline.xlsx' },
  secondary_file: { id: 'f2', name: 'carrier.xlsx' },
  timings_ms: { compare: 1, save: 1 },
  ...counts,
});

describe('Compare step', () => {
  it('shows the running stage with row counts and the note that the user may leave', async () => {
    const running = comparison({ status: 'RUNNING', progress: { stage: 'matching', processed: 4096, total: 10000 } });
    renderStep(<CompareStep />, async () => running);

    expect(await screen.findByText(/4,096 of 10,000 carrier rows matched/)).toBeTruthy();
    expect(screen.getByText(/You can leave this page/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run the comparison' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('announces completion once through role="status" when the run ends', async () => {
    let call = 0;
    const states: ComparisonRunView[] = [
      comparison({ status: 'RUNNING', progress: { stage: 'saving', processed: 25, total: 300 } }),
      comparison({ step: 'VIEW_REPORTS', status: 'SUCCEEDED', summary: summary({ discrepancies: 225, baseline_rows: 10000, secondary_rows: 10025 }) }),
    ];
    renderStep(<CompareStep />, async () => states[Math.min(call++, 1)]);

    await screen.findByText(/25 of 300 results saved/);
    const status = await screen.findByText('Comparison finished. 225 discrepancies found.', undefined, { timeout: 4000 });

    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'View reports' }).getAttribute('href')).toBe('/companies/c1/comparisons/k1?step=VIEW_REPORTS');
  });

  it('shows the failure reason', async () => {
    const failed = comparison({ status: 'FAILED', status_reason: 'This comparison found more than 5,000 discrepancies (6,120), …' });
    renderStep(<CompareStep />, async () => failed);

    expect(await screen.findByText(/found more than 5,000 discrepancies/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run the comparison again' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
