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
import { OrganizationDataPointsTemplatePage, OrganizationDataPointsTemplatesPage } from './DataPointsTemplatePages';

/** The create form posts a create's body, the edit form patches an update's (with the version it read), each to its own route. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LIST = '/api/organizations/org-1/data_points_templates';
const template = {
  id: 't-1',
  organization_id: 'org-1',
  company_id: null,
  level: 'ORGANIZATION',
  name: 'Medical',
  columns: [{ id: 'c-1', baseline_column_name: 'SSN', secondary_column_name: 'Member SSN', is_unique_identifier: true }],
  updated_by_user_id: null,
  updated_at: '2026-11-01T10:00:00.000Z',
};
const me = { id: 'u-1', role: 'ADMIN' } as const satisfies Partial<Me>;

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === LIST) return json({ items: [template], next: null });
    if (method === 'GET' && url.pathname === `${LIST}/t-1`) return json(template);
    return json({ ...template, ...JSON.parse(String(init?.body ?? '{}')) }, method === 'POST' ? 201 : 200);
  });
}

const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([input, init]) => ({ method: init?.method, path: new URL(String(input), 'http://localhost').pathname, body: JSON.parse(String(init?.body)) }));

function show(path: string) {
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      <CurrentUserContext.Provider value={me as unknown as Me}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/organizations/:organization_id/templates/data-points-templates" element={<OrganizationDataPointsTemplatesPage />} />
              <Route path="/organizations/:organization_id/templates/data-points-templates/:data_points_template_id" element={<OrganizationDataPointsTemplatePage />} />
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
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('data points template forms', () => {
  it('create posts the name and the columns to the organization’s templates', async () => {
    show('/organizations/org-1/templates/data-points-templates');
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }, { timeout: 10_000 }));
    const form = within(await screen.findByRole('form', { name: 'Data points template' }));
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Dental' } });
    fireEvent.change(form.getByLabelText('Baseline column 1'), { target: { value: 'SSN' } });
    fireEvent.change(form.getByLabelText('Carrier column 1'), { target: { value: 'Member SSN' } });
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: LIST,
      body: { name: 'Dental', columns: [{ baseline_column_name: 'SSN', secondary_column_name: 'Member SSN', is_unique_identifier: false }] },
    });
  }, 30_000);

  it('edit patches the template with the version it read', async () => {
    show('/organizations/org-1/templates/data-points-templates/t-1');
    const name = await screen.findByDisplayValue('Medical', undefined, { timeout: 10_000 });
    fireEvent.change(name, { target: { value: 'Medical 2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'PATCH',
      path: `${LIST}/t-1`,
      body: {
        name: 'Medical 2027',
        columns: [{ baseline_column_name: 'SSN', secondary_column_name: 'Member SSN', is_unique_identifier: true }],
        updated_at: template.updated_at,
      },
    });
  }, 30_000);
});
