import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { dataMappingCreateSchema, type DataMappingCreate } from '../../../../shared/schemas/data-mapping';
import { ApiError } from '../../api/errors';
import type { RequestResult } from '../../api/request';
import { SnackbarProvider } from '../../feedback/SnackbarProvider';
import { RowsForm } from './RowsForm';

afterEach(cleanup);

const COLUMNS = [
  { name: 'source', label: 'Source' },
  { name: 'target', label: 'Target' },
] as const;

function show(onSubmit: (body: DataMappingCreate) => Promise<RequestResult<{ id: string }>>) {
  render(
    <SnackbarProvider>
      <RowsForm ariaLabel="Data mapping" schema={dataMappingCreateSchema} rowsKey="fields" rowColumns={COLUMNS} rowLabel="value" submitLabel="Create" onSubmit={onSubmit} />
    </SnackbarProvider>,
  );
}

describe('RowsForm', () => {
  it('sends the name and the rows under the page’s key, as the shared schema gives them', async () => {
    const onSubmit = vi.fn(async () => ({ data: { id: 'm-1' } }) as RequestResult<{ id: string }>);
    show(onSubmit);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Relationships' } });
    fireEvent.change(screen.getByLabelText('Source 1'), { target: { value: 'SP' } });
    fireEvent.change(screen.getByLabelText('Target 1'), { target: { value: 'Spouse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add value' }));
    fireEvent.change(screen.getByLabelText('Source 2'), { target: { value: 'CH' } });
    fireEvent.change(screen.getByLabelText('Target 2'), { target: { value: 'Child' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Relationships', fields: [{ source: 'SP', target: 'Spouse' }, { source: 'CH', target: 'Child' }] });
  });

  it('puts a field error of the API on the row it names', async () => {
    const refused = new ApiError('The mapping has a problem', 'http', 400, { errors: { 'fields.0.target': 'Target is taken' } });
    show(async () => ({ error: refused }) as RequestResult<{ id: string }>);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Relationships' } });
    fireEvent.change(screen.getByLabelText('Source 1'), { target: { value: 'SP' } });
    fireEvent.change(screen.getByLabelText('Target 1'), { target: { value: 'Spouse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Target is taken')).toBeTruthy();
  });

  it('checks the rows with the shared schema before sending, and shows its message on the row', async () => {
    const onSubmit = vi.fn(async () => ({ data: { id: 'm-1' } }) as RequestResult<{ id: string }>);
    show(onSubmit);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Relationships' } });
    fireEvent.change(screen.getByLabelText('Target 1'), { target: { value: 'Spouse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByLabelText('Source 1').getAttribute('aria-invalid')).toBe('true'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
