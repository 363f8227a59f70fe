import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, notFoundError } from '../api/errors';
import { itemOrNotFound, Loaded } from './Loaded';

afterEach(cleanup);

const show = (result: Parameters<typeof Loaded<{ name: string }>>[0]['result']) =>
  render(
    <MemoryRouter>
      <Loaded result={result}>{(data) => <p>name {data.name}</p>}</Loaded>
    </MemoryRouter>,
  );

describe('Loaded', () => {
  it('shows a spinner, then the page', () => {
    show({ isLoading: true });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    cleanup();

    show({ data: { name: 'Acme' } });
    expect(screen.getByText('name Acme')).toBeTruthy();
  });

  it('shows the 404 page for a not-found and the 500 page for anything else', () => {
    show({ error: notFoundError() });
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    cleanup();

    show({ error: new ApiError('boom', 'http', 500) });
    expect(screen.getByRole('heading', { name: '500' })).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
  });

  it('treats an id missing from the loaded list as not found', () => {
    const list = [{ id: 'a', name: 'A' }];

    expect(itemOrNotFound(undefined, 'a')).toEqual({ isLoading: true });
    expect(itemOrNotFound(list, 'a')).toEqual({ data: list[0] });
    expect((itemOrNotFound(list, 'b').error as ApiError).kind).toBe('not-found');
  });
});
