import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';

vi.mock('../../api/session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import { swrConfig } from '../../api/swr';
import type { Me } from '../../data/me';
import { CurrentUserContext } from '../../auth/current-user';
import { SnackbarProvider } from '../../feedback/SnackbarProvider';
import { CompanyMappingsPage } from './MappingPages';

/** The mapping dialog's create form posts a create's body, its edit form patches an update's (with the version it read). */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LIST = '/api/companies/co-1/data_mappings';
const mapping = {
  id: 'm-1',
  name: 'Relationships',
  level: 'COMPANY',
  organization_id: 'org-1',
  company_id: 'co-1',
  fields: [{ id: 'f-1', source: 'SP', target: 'Spouse', updated_at: null }],
  inactive: false,
  updated_by_user_id: null,
  updated_at: '2026-11-01T10:00:00.000Z',
};
const me = { id: 'u-1', role: 'ADMIN' } as const satisfies Partial<Me>;

const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([input, init]) => ({ method: init?.method, path: new URL(String(input), 'http://localhost').pathname, body: JSON.parse(String(init?.body)) }));

function show() {
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      <CurrentUserContext.Provider value={me as unknown as Me}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={['/companies/co-1/mappings']}>
            <Routes>
              <Route path="/companies/:company_id/mappings" element={<CompanyMappingsPage />} />
            </Routes>
          </MemoryRouter>
        </SnackbarProvider>
      </CurrentUserContext.Provider>
    </SWRConfig>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return json({ items: [mapping], next: null });
    return json({ ...mapping, ...JSON.parse(String(init?.body ?? '{}')) }, method === 'POST' ? 201 : 200);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the mapping dialog', () => {
  it('create posts the name and the values to the company’s mappings', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New mapping' }, { timeout: 10_000 }));
    const form = within(await screen.findByRole('form', { name: 'Data mapping' }));
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Coverage' } });
    fireEvent.change(form.getByLabelText('Carrier value (source) 1'), { target: { value: 'EE' } });
    fireEvent.change(form.getByLabelText('Baseline value (target) 1'), { target: { value: 'Employee' } });
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: 'POST', path: LIST, body: { name: 'Coverage', fields: [{ source: 'EE', target: 'Employee' }] } });
  }, 30_000);

  it('edit patches the mapping with the version it read', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 10_000 }));
    const form = within(await screen.findByRole('form', { name: 'Data mapping' }));
    fireEvent.change(form.getByLabelText('Baseline value (target) 1'), { target: { value: 'Domestic partner' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'PATCH',
      path: `${LIST}/m-1`,
      body: { name: 'Relationships', fields: [{ source: 'SP', target: 'Domestic partner' }], updated_at: mapping.updated_at },
    });
  }, 30_000);
});
