import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { userFlags } from '../../../../../../shared/roles';
import { STALE_MESSAGE } from '../../../../../../shared/resolution';
import { CurrentUserContext } from '../../../../auth/current-user';
import { SnackbarContext } from '../../../../feedback/snackbar';

vi.mock('../../../../api/session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import { VerifyMissingDataStep } from '../VerifyMissingDataStep';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const record = { id: 'u1', username: 'carmen', email: 'company-admin@demo.example', role: 'COMPANY_ADMIN', organization_id: 'o1', company_id: 'c1' };
const me = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...record, ...userFlags(record) };
const snackbar = { show: vi.fn(), success: vi.fn(), error: vi.fn() };

const row = (id: string, kind: string, first: string, last: string, decided?: boolean) => ({
  id,
  kind,
  unique_identifier: `ID-${id}`,
  first_name: first,
  last_name: last,
  relationship: 'EE',
  ...(decided === undefined ? {} : { resolved_inclusion: decided }),
  updated_at: `2026-01-01T00:00:00.00${id.length}Z`,
});

let rows: Array<ReturnType<typeof row>>;
const patches: Array<{ ids: string[]; changes: Record<string, unknown>; expected: Record<string, string> }> = [];

beforeEach(() => {
  rows = [row('a', 'MISSING_IN_BASELINE', 'Ann', 'Lee'), row('b', 'MISSING_IN_BASELINE', 'Bo', 'Kim'), row('c', 'MISSING_IN_SECONDARY', 'Cy', 'Ng'), row('d', 'MISSING_IN_SECONDARY', 'Di', 'Oz', false)];
  patches.length = 0;
  fetchMock.mockReset();
  // The API as the page meets it: row b was changed by someone else since it was read.
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'PATCH' && path.endsWith('/missing_discrepancies')) {
      const body = JSON.parse(String(init.body)) as (typeof patches)[number];
      patches.push(body);
      const results = body.ids.map((id) => {
        if (id === 'b') return { id, status: 409, message: STALE_MESSAGE };
        const r = rows.find((x) => x.id === id)!;
        Object.assign(r, { resolved_inclusion: body.changes.resolved_inclusion });
        return { id, status: 200, record: r };
      });
      return json({ results });
    }
    if (path.endsWith('/missing_discrepancies')) return json({ items: rows, next: null });
    if (path.endsWith('/comparisons/k1')) return json({ id: 'k1', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT' });
    return json({ items: [], next: null });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStep(url = '/companies/c1/comparisons/k1?step=VERIFY_MISSING_DATA') {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SnackbarContext.Provider value={snackbar}>
        <CurrentUserContext.Provider value={me}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/companies/:company_id/comparisons/:comparison_id" element={<VerifyMissingDataStep companyId="c1" comparisonId="k1" goTo={() => {}} />} />
            </Routes>
          </MemoryRouter>
        </CurrentUserContext.Provider>
      </SnackbarContext.Provider>
    </SWRConfig>,
  );
}

async function decideSelected(choice: 'Include' | 'Exclude') {
  fireEvent.click(screen.getByRole('button', { name: /^Decide \d+ selected$/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByLabelText(choice));
  fireEvent.click(within(dialog).getByRole('button', { name: /^Decide \d+$/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('Verify missing data, deciding many rows at once', () => {
  it('decides the chosen rows together, says how many, and lists the refused row with why', async () => {
    renderStep();
    await screen.findByText('1 of 4 missing rows decided');
    fireEvent.click(screen.getByLabelText('Select every row of Only at carrier'));
    fireEvent.click(screen.getByLabelText('Select Cy Ng (ID-c)'));
    expect(screen.getByTestId('selection-scope').textContent).toContain('3 selected');

    await decideSelected('Include');

    expect(patches).toHaveLength(1);
    expect(patches[0]!.ids.sort()).toEqual(['a', 'b', 'c']);
    expect(patches[0]!.changes).toEqual({ resolved_inclusion: true });
    expect(patches[0]!.expected).toEqual({ a: rows[0]!.updated_at, b: rows[1]!.updated_at, c: rows[2]!.updated_at });
    expect((await screen.findByTestId('bulk-outcome')).textContent).toContain('2 missing rows decided');
    const refused = screen.getByTestId('bulk-failures');
    expect(refused.textContent).toContain('1 not decided');
    expect(refused.textContent).toContain('ID-b: This row was changed by someone else');
    // The grid is read again: the counter and the chips show the decisions; the refused row stays chosen.
    await screen.findByText('3 of 4 missing rows decided');
    expect(within(screen.getByTestId('missing-row-a')).getByText('Included')).toBeTruthy();
    expect(screen.getByTestId('selection-scope').textContent).toContain('1 selected');
  }, 20_000);

  it('chooses every row that matches the filter, in every group, and only those', async () => {
    renderStep('/companies/c1/comparisons/k1?step=VERIFY_MISSING_DATA&decision=undecided');
    await screen.findByText('1 of 4 missing rows decided');
    expect(screen.queryByTestId('missing-row-d')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 3 matching' }));
    expect(screen.getByTestId('selection-scope').textContent).toContain('All 3 missing rows matching these filters are selected');

    await decideSelected('Exclude');

    expect(patches[0]!.ids.sort()).toEqual(['a', 'b', 'c']);
    expect(patches[0]!.changes).toEqual({ resolved_inclusion: false });
  }, 20_000);
});
