import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig, useSWRConfig } from 'swr';

vi.mock('./session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import { getCompany, listCompanies, updateCompany } from '../../../shared/api/hierarchy';
import { apiKey, callApi, useApi } from './endpoints';
import { swrConfig } from './swr';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
/** The app's SWR configuration (its fetcher reads every key of the endpoints module), with a cache of its own. */
const wrapper = ({ children }: { children: React.ReactNode }) => <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it("sends the endpoint's method to its path with the ids filled in (encoded) and the body", async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 'c/1' }));

    const result = await callApi(updateCompany, { params: { organization_id: 'o 1', company_id: 'c/1' }, body: { name: 'Acme', updated_at: 't' } });

    expect(result.data).toEqual({ id: 'c/1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/organizations/o%201/companies/c%2F1');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Acme', updated_at: 't' });
  });
});

describe('useApi', () => {
  it('keys a read without query by its path alone, so mutate(path) revalidates it', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async () => json({ id: 'c1', name: `read ${++calls}` }));
    const { result } = renderHook(() => ({ company: useApi(getCompany, { company_id: 'c1' }), config: useSWRConfig() }), { wrapper });
    await waitFor(() => expect(result.current.company.data?.name).toBe('read 1'));

    expect(apiKey(getCompany, { company_id: 'c1' })).toBe('/api/companies/c1');
    await result.current.config.mutate('/api/companies/c1');

    await waitFor(() => expect(result.current.company.data?.name).toBe('read 2'));
  });

  it('reads nothing while its parameters are not known', async () => {
    const { result } = renderHook(() => useApi(getCompany, null), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with allPages follows the cursor to the last page and answers every row', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      expect(url.pathname).toBe('/api/organizations/o1/companies');
      expect(url.searchParams.get('limit')).toBe('2');
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return json({ items: [{ id: 'a' }, { id: 'b' }], next: 'p2' });
      return json({ items: [{ id: 'c' }], next: null });
    });
    const { result } = renderHook(() => useApi(listCompanies, { organization_id: 'o1' }, { allPages: { pageSize: 2, maxPages: 5 } }), { wrapper });

    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data!.items.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(result.current.data!.next).toBeNull();
  });

  it('with allPages stops at maxPages and keeps the cursor of the rest', async () => {
    fetchMock.mockImplementation(async (input) => {
      const cursor = new URL(String(input), 'http://localhost').searchParams.get('cursor') ?? '0';
      return json({ items: [{ id: `row-${cursor}` }], next: String(Number(cursor) + 1) });
    });
    const { result } = renderHook(() => useApi(listCompanies, { organization_id: 'o1' }, { allPages: { pageSize: 1, maxPages: 3 } }), { wrapper });

    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data!.items).toHaveLength(3);
    expect(result.current.data!.next).toBe('3');
  });
});
