import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SnackbarContext } from '../feedback/snackbar';
import { FileUpload, useUploadSender, type SendResult } from './FileUpload';

afterEach(cleanup);

const snackbar = { show: vi.fn(), success: vi.fn(), error: vi.fn() };

/** A page that sends the chosen file through a transfer the test settles. */
function Sender({ transfer }: { transfer: (o: { onProgress: (p: number) => void; signal: AbortSignal }) => Promise<void> }) {
  const sender = useUploadSender();
  const [ended, setEnded] = useState<SendResult | null>(null);
  return (
    <>
      <FileUpload
        accept=".csv"
        inputTestId="input"
        disabled={sender.sending}
        onFile={() => void sender.send(transfer).then(setEnded)}
        onCancel={sender.sending ? sender.cancel : undefined}
        progress={sender.percent !== null ? { label: 'Uploading', caption: `Uploading… ${sender.percent}%`, percent: sender.percent } : null}
      >
        Choose file
      </FileUpload>
      <output aria-label="ended">{ended ? JSON.stringify(ended) : ''}</output>
    </>
  );
}

const choose = () =>
  act(async () => {
    fireEvent.change(screen.getByTestId('input'), { target: { files: [new File(['a,b'], 'census.csv', { type: 'text/csv' })] } });
  });
const ended = () => screen.getByRole('status', { name: 'ended' }).textContent;

function renderSender(transfer: Parameters<typeof Sender>[0]['transfer']) {
  return render(
    <SnackbarContext.Provider value={snackbar}>
      <Sender transfer={transfer} />
    </SnackbarContext.Provider>,
  );
}

describe('FileUpload', () => {
  it('shows the progress and Cancel while the bytes go up, and the button back when they are in', async () => {
    let progress: (p: number) => void = () => {};
    let finish: () => void = () => {};
    renderSender(({ onProgress }) => new Promise<void>((resolve) => ((progress = onProgress), (finish = resolve))));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await choose();
    await act(async () => progress(42));
    expect(screen.getByRole('progressbar', { name: 'Uploading' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose file' }).hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    expect(ended()).toBe('{"sent":true}');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose file' }).hasAttribute('disabled')).toBe(false);
  });

  it('Cancel aborts the transfer and says so, without a problem to show', async () => {
    renderSender(({ signal }) => new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError')))));
    await choose();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(ended()).toBe('{"sent":false,"problem":null}');
    expect(snackbar.show).toHaveBeenCalledWith('Upload cancelled');
  });

  it('a failed transfer answers its message', async () => {
    renderSender(() => Promise.reject(new Error('Error uploading census.csv to storage')));
    await choose();
    expect(ended()).toBe('{"sent":false,"problem":"Error uploading census.csv to storage"}');
  });
});
