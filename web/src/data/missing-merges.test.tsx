import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';

vi.mock('../api/session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import { useMissingMerges } from './verification';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const merge = (id: string) => ({ id, missing_discrepancy_id: `m-${id}`, data_point_id: 'dp-1', merge_value: 'x', updated_at: '2026-01-01T00:00:00.000Z' });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the merge values of missing rows', () => {
  it('are read to the last page, so no row loses its merges past the first page', async () => {
    fetchMock.mockImplementation(async (input) => {
      const cursor = new URL(String(input), 'http://localhost').searchParams.get('cursor');
      if (!cursor) return json({ items: [merge('a')], next: 'page-2' });
      if (cursor === 'page-2') return json({ items: [merge('b')], next: 'page-3' });
      return json({ items: [merge('c')], next: null });
    });
    const { result } = renderHook(() => useMissingMerges('co-1', 'cmp-1'), {
      wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>,
    });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data!.items.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(result.current.data!.next).toBeNull();
  });
});
