import { afterEach, describe, expect, it } from 'vitest';
import { lazy, type ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ViewTabs, withView, type View } from './ViewTabs';

afterEach(cleanup);

/** The URL's search as the router holds it, shown so the test can read it. */
function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

const views: View[] = [
  { value: 'list', label: 'List', content: <p>the list</p> },
  { value: 'chart', label: 'Chart', content: <p>the chart</p> },
];

const show = (url: string, shown: readonly View[] = views) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <ViewTabs views={shown} label="Renewal views" />
      <Search />
    </MemoryRouter>,
  );

const search = () => screen.getByRole('status', { name: 'search' }).textContent;

describe('ViewTabs', () => {
  it('shows the first view without a view in the URL, the other views not rendered', () => {
    show('/report?year=2026');
    expect(screen.getByRole('tab', { name: 'List' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'List' }).textContent).toBe('the list');
    expect(screen.queryByText('the chart')).toBeNull();
  });

  it('shows the view the URL names', () => {
    show('/report?view=chart');
    expect(screen.getByRole('tab', { name: 'Chart' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Chart' }).textContent).toBe('the chart');
    expect(screen.queryByText('the list')).toBeNull();
  });

  it('falls back to the first view for a view it does not have', () => {
    show('/report?view=pie');
    expect(screen.getByRole('tabpanel', { name: 'List' }).textContent).toBe('the list');
  });

  it('ties each tab to its panel for assistive technology', () => {
    show('/report');
    for (const tab of screen.getAllByRole('tab', { hidden: true })) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel?.getAttribute('role')).toBe('tabpanel');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tab.id);
    }
  });

  it('keeps the choice in the URL, next to the other parameters, and takes it out for the first view', () => {
    show('/report?year=2026');
    fireEvent.click(screen.getByRole('tab', { name: 'Chart' }));
    expect(search()).toBe('?year=2026&view=chart');
    expect(screen.getByText('the chart')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'List' }));
    expect(search()).toBe('?year=2026');
    expect(screen.getByText('the list')).toBeTruthy();
  });

  it("shows the fallback while a lazy view's code downloads, and loads it only once chosen", async () => {
    let loads = 0;
    let arrive: () => void = () => {};
    const Chart = lazy(() => {
      loads += 1;
      return new Promise<{ default: () => ReactNode }>((resolve) => {
        arrive = () => resolve({ default: () => <p>the lazy chart</p> });
      });
    });
    show('/report', [views[0], { value: 'chart', label: 'Chart', content: <Chart />, fallback: <p>drawing…</p> }]);
    expect(loads).toBe(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Chart' }));
    expect(screen.getByText('drawing…')).toBeTruthy();
    expect(loads).toBe(1);
    await act(async () => arrive());
    expect(await screen.findByText('the lazy chart')).toBeTruthy();
  });

  it('withView sets or takes out the parameter, keeping the others', () => {
    expect(withView(new URLSearchParams('step=A&view=chart'), null).toString()).toBe('step=A');
    expect(withView(new URLSearchParams('step=A'), 'chart').toString()).toBe('step=A&view=chart');
  });
});
