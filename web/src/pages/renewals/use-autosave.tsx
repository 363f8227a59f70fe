import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/errors';
import type { RequestResult } from '../../api/request';
import { fieldErrorsOf } from '../../data/renewals';
import { createAutosaver, type AutosaveReport, type Autosaver, type SaveOutcome } from './autosave';

export const AUTOSAVE_MS = 800;

/** What a PATCH answered, as the autosaver reads it; the new version is the record's `updated_at`. */
export function outcomeOf<T extends { updated_at: string }>(result: RequestResult<T>): SaveOutcome {
  if (!result.error) return { ok: true, version: result.data.updated_at };
  return { ok: false, conflict: result.error.status === 409, message: errorMessage(result.error), fieldErrors: fieldErrorsOf(result.error) };
}

/**
 * One autosaver for the lifetime of a form, with its last report. `version` is the record's
 * `updated_at` as last read; `reload` runs after a 409 (the write refreshed the record already,
 * `reloaded` counts those so the form resets to what the server holds).
 */
export function useAutosaver<P extends object>(version: string, save: (changes: Partial<P>, version: string) => Promise<SaveOutcome>) {
  const [report, setReport] = useState<AutosaveReport>({ state: 'idle', fields: [] });
  const [reloaded, setReloaded] = useState(0);
  const saveRef = useRef(save);
  const [saver] = useState<Autosaver<P>>(() =>
    createAutosaver<P>(version, {
      delayMs: AUTOSAVE_MS,
      save: (changes, v) => saveRef.current(changes, v),
      onReport: (r) => {
        setReport(r);
        if (r.state === 'conflict') setReloaded((n) => n + 1);
      },
    }),
  );
  useLayoutEffect(() => {
    saveRef.current = save;
    saver.seen(version);
  });
  useEffect(() => () => saver.dispose(), [saver]);
  return { saver, report, reloaded };
}

/** Saving… / All changes saved / Not saved, announced politely. */
export function SaveStatus({ report }: { report: AutosaveReport }) {
  const text =
    report.state === 'saving' ? 'Saving…' : report.state === 'saved' ? 'All changes saved' : report.state === 'error' ? 'Not saved' : report.state === 'conflict' ? 'Reloaded' : '';
  return (
    <Typography variant="body2" color={report.state === 'error' ? 'error' : 'text.secondary'} role="status" sx={{ minWidth: 120, textAlign: 'right' }}>
      {text}
    </Typography>
  );
}

/** Why the last save failed: the API's words, and after a 409 that the form now shows the saved answers. */
export function SaveProblem({ report }: { report: AutosaveReport }) {
  if (report.state === 'conflict') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {report.message} The renewal was reloaded: the form shows what is saved now. Make your change again if it is still needed.
      </Alert>
    );
  }
  if (report.state === 'error' && report.message && !Object.keys(report.fieldErrors ?? {}).length) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {report.message}
      </Alert>
    );
  }
  return null;
}
