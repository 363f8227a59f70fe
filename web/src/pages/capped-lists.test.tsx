import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';

vi.mock('../api/session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import type { Me } from '../data/me';
import { CurrentUserContext } from '../auth/current-user';
import { ComparisonsListPage } from './comparisons/ComparisonsListPage';
import { CompanyCarrierPlansGrid } from './company-carriers/CompanyCarrierPlansGrid';
import { CompanyCarriersGrid } from './company-carriers/CompanyCarriersPage';

/**
 * Lists read whole up to a cap of pages: an API that always has a next page is cut at the cap,
 * and the page must say that rows are missing instead of showing the first ones as if they were all.
 */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let served = 0;
/** Every page of `listPath` holds one row and names a next page; any other list is empty. */
function endlessList(listPath: string, row: (n: number) => Record<string, unknown>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== listPath) return json({ items: [], next: null });
    served++;
    return json({ items: [row(served)], next: `after-${served}` });
  });
}

function finiteList(listPath: string, rows: Array<Record<string, unknown>>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    return json({ items: url.pathname === listPath ? rows : [], next: null });
  });
}

const fresh = (ui: React.ReactNode, path = '/') =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SWRConfig>,
  );

beforeEach(() => {
  served = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const carrierRow = (n: number) => ({ id: `cc-${n}`, carrier_id: 'carrier-1', company_id: 'co-1', inactive: false });

describe('the company carriers grid', () => {
  it('says that only the first rows are shown when the list goes on past its cap', async () => {
    endlessList('/api/companies/co-1/company_carriers', carrierRow);
    fresh(<CompanyCarriersGrid companyId="co-1" />);
    const notice = await screen.findByText(/Showing the first 20 rows: the list is longer/, undefined, { timeout: 5000 });
    expect(notice).toBeTruthy();
  });

  it('says nothing of the kind for a list read whole', async () => {
    finiteList('/api/companies/co-1/company_carriers', [carrierRow(1), carrierRow(2)]);
    fresh(<CompanyCarriersGrid companyId="co-1" />);
    await screen.findByRole('grid');
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});

const planRow = (n: number) => ({ id: `plan-${n}`, name: `Plan ${n}`, benefit_type: 'MEDICAL', inactive: false });

describe("a company carrier's plans grid", () => {
  const plansPath = '/api/companies/co-1/company_carriers/cc-1/company_carrier_plans';

  it('says that only the first rows are shown when the list goes on past its cap', async () => {
    endlessList(plansPath, planRow);
    fresh(<CompanyCarrierPlansGrid companyId="co-1" companyCarrierId="cc-1" />);
    expect(await screen.findByText(/Showing the first 20 rows: the list is longer/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('says nothing of the kind for a list read whole', async () => {
    finiteList(plansPath, [planRow(1)]);
    fresh(<CompanyCarrierPlansGrid companyId="co-1" companyCarrierId="cc-1" />);
    expect(await screen.findByText('Plan 1')).toBeTruthy();
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});

const me = { id: 'u-1', role: 'COMPANY_USER', organization_id: 'org-1', company_id: 'co-1' } as const satisfies Partial<Me>;
const comparisonRow = (n: number) => ({
  id: `cmp-${n}`,
  name: `Comparison ${n}`,
  type: 'COMPARE_ONLY',
  audit_type: 'ENROLLMENT_AUDIT',
  step: 'IMPORT_DATA',
  created_at: '2026-01-01T00:00:00.000Z',
});

function ComparisonsRoute() {
  return (
    <Routes>
      <Route path="/companies/:company_id/comparisons" element={<ComparisonsListPage />} />
    </Routes>
  );
}

describe("the company's comparisons list", () => {
  const signedIn = (ui: React.ReactNode) => <CurrentUserContext.Provider value={me as unknown as Me}>{ui}</CurrentUserContext.Provider>;

  it('says that older comparisons are not listed when the list goes on past its cap', async () => {
    endlessList('/api/companies/co-1/comparisons', comparisonRow);
    fresh(signedIn(<ComparisonsRoute />), '/companies/co-1/comparisons');
    expect(await screen.findByText(/Showing the first 20 comparisons: the list is longer\. Older comparisons are not listed\./, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Comparison 20')).toBeTruthy();
  });

  it('says nothing of the kind when every comparison came', async () => {
    finiteList('/api/companies/co-1/comparisons', [comparisonRow(1)]);
    fresh(signedIn(<ComparisonsRoute />), '/companies/co-1/comparisons');
    expect(await screen.findByText('Comparison 1')).toBeTruthy();
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});
