import { useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../feedback/snackbar';

/** A bar with its accessible name and the words under it; without a percent it runs indeterminate. */
export interface ProgressStage {
  label: string;
  caption: ReactNode;
  percent?: number | null;
}

/** One stage of a file's way in (sending, reading, converting, checking), as a bar with a caption. */
export function ProgressLine({ label, caption, percent }: ProgressStage) {
  return (
    <Box>
      <LinearProgress variant={typeof percent === 'number' ? 'determinate' : 'indeterminate'} value={percent ?? 0} aria-label={label} />
      {/* No live region: a screen reader would read every tick (UX.md); the bar carries the state. */}
      <Typography variant="caption">{caption}</Typography>
    </Box>
  );
}

/**
 * The button that chooses a file to upload (a hidden file input behind it, reset after each
 * choice so the same file can be chosen again), Cancel while the bytes go up when the upload can
 * be cancelled, and the stage the upload is at.
 */
export function FileUpload({
  accept,
  children,
  onFile,
  disabled,
  inputTestId,
  variant = 'outlined',
  size,
  onCancel,
  progress,
}: {
  accept: string;
  /** The button's words. */
  children: ReactNode;
  onFile: (file: File) => void;
  disabled: boolean;
  inputTestId?: string;
  variant?: 'outlined' | 'contained';
  size?: 'small' | 'medium';
  /** Offered as a Cancel button when given. */
  onCancel?: () => void;
  progress?: ProgressStage | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant={variant} size={size} disabled={disabled} onClick={() => input.current?.click()}>
          {children}
        </Button>
        {onCancel && (
          <Button color="warning" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {/* Last in the row, where the spacing it gets takes no room. */}
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          data-testid={inputTestId}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) onFile(chosen);
          }}
        />
      </Stack>
      {progress && <ProgressLine {...progress} />}
    </>
  );
}

/** How a send ended: the bytes are in storage, or the problem to show (null when the user cancelled). */
export type SendResult = { sent: true } | { sent: false; problem: string | null };

/**
 * The percent of the upload under way (null when none is) and its Cancel: `send` runs a transfer
 * with a progress callback and an abort signal, says "Upload cancelled" when it was cancelled, and
 * answers how it ended instead of throwing.
 */
export function useUploadSender() {
  const snackbar = useSnackbar();
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  async function send(transfer: (options: { onProgress: (percent: number) => void; signal: AbortSignal }) => Promise<void>): Promise<SendResult> {
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    try {
      await transfer({ onProgress: setPercent, signal: controller.signal });
      return { sent: true };
    } catch (e) {
      if ((e as Error).name !== 'AbortError') return { sent: false, problem: (e as Error).message };
      snackbar.show('Upload cancelled');
      return { sent: false, problem: null };
    } finally {
      abort.current = null;
      setPercent(null);
    }
  }

  return { percent, sending: percent !== null, send, cancel: () => abort.current?.abort() };
}
