import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { sortModelOf, sortOf, useGridQuery } from './use-grid-query';

afterEach(cleanup);

function Probe() {
  const [q, setQ] = useGridQuery();
  return (
    <>
      <output aria-label="query">{JSON.stringify(q)}</output>
      <output aria-label="search">{useLocation().search}</output>
      <button onClick={() => setQ(sortOf([{ field: 'member', sort: 'desc' }]))}>sort by member</button>
    </>
  );
}

const show = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
const query = () => JSON.parse(screen.getByRole('status', { name: 'query' }).textContent ?? '{}');
const search = () => screen.getByRole('status', { name: 'search' }).textContent;

describe('the discrepancies grid in the URL', () => {
  it('opens the unresolved rows of the first page, in the file order, without parameters', () => {
    show('/c?step=VERIFY_DISCREPANCIES');
    expect(query()).toEqual({ tab: 'unresolved', sort: 'baseline_row_index', order: 'asc', page: 0, pageSize: 25 });
  });

  it('keeps older links working: resolved=true is the Resolved tab, a filter alone shows All', () => {
    show('/c?step=VERIFY_DISCREPANCIES&resolved=true');
    expect(query().tab).toBe('resolved');
    cleanup();
    show('/c?step=VERIFY_DISCREPANCIES&type=DATA_ENTRY');
    expect(query()).toMatchObject({ tab: 'all', type: 'DATA_ENTRY' });
  });

  it('a new sort starts at the first page and is written to the URL with the tab, defaults left out', async () => {
    show('/c?step=VERIFY_DISCREPANCIES&tab=mine&page=3&pageSize=7');
    expect(query()).toMatchObject({ tab: 'mine', page: 3, pageSize: 25 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'sort by member' })));
    expect(search()).toBe('?step=VERIFY_DISCREPANCIES&tab=mine&sort=last_name&order=desc');
    expect(sortModelOf(query())).toEqual([{ field: 'member', sort: 'desc' }]);
  });
});
