/**
 * Autosave of a record edited field by field: changes made within `delayMs` of each other go out
 * as one PATCH; PATCHes go one at a time, each with the newest version known (the record's
 * `updated_at`), because two in flight with the same version would make the second a 409.
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

export type SaveOutcome =
  | { ok: true; version: string }
  /** `conflict`: the API answered 409 (changed meanwhile, or the workflow refused); the record is to be reloaded. */
  | { ok: false; conflict: boolean; message: string; fieldErrors: Record<string, string> };

export interface AutosaveReport {
  state: SaveState;
  /** The fields of the PATCH that ended in this state. */
  fields: string[];
  message?: string;
  fieldErrors?: Record<string, string>;
}

export interface AutosaverOptions<P> {
  delayMs: number;
  save: (changes: Partial<P>, version: string) => Promise<SaveOutcome>;
  onReport: (report: AutosaveReport) => void;
}

export interface Autosaver<P> {
  /** Records a changed field; sends after the pause, or at once when `immediate` (a choice rather than typing). */
  change: <K extends keyof P>(field: K, value: P[K], immediate?: boolean) => void;
  /** The version read back from the server; the later of it and the last saved one is sent. */
  seen: (version: string) => void;
  /** Sends what is waiting now. */
  flush: () => Promise<void>;
  /** Changes waiting or a PATCH in flight: the form must not be reset from the server now. */
  busy: () => boolean;
  /** The form goes away (another step opened): what is waiting is sent now rather than lost. */
  dispose: () => void;
}

/** ISO instants of one format compare as text; the later one is the version to send. */
const later = (a: string, b: string) => (b > a ? b : a);

export function createAutosaver<P extends object>(version: string, options: AutosaverOptions<P>): Autosaver<P> {
  let current = version;
  let pending: Partial<P> = {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  /** One PATCH; answers the report to give once it is no longer in flight. */
  const send = async (body: Partial<P>): Promise<AutosaveReport | null> => {
    const fields = Object.keys(body);
    options.onReport({ state: 'saving', fields });
    const outcome = await options.save(body, current);
    if (outcome.ok) {
      current = later(current, outcome.version);
      return !timer && Object.keys(pending).length === 0 ? { state: 'saved', fields } : null;
    }
    if (outcome.conflict) {
      // The server's record wins: what was typed meanwhile was made on the old one.
      pending = {};
      clearTimer();
      return { state: 'conflict', fields, message: outcome.message };
    }
    // Nothing was written: keep the refused fields so they go out again with the next change.
    pending = { ...body, ...pending };
    return { state: 'error', fields, message: outcome.message, fieldErrors: outcome.fieldErrors };
  };

  const flush = async (): Promise<void> => {
    clearTimer();
    while (inFlight) await inFlight;
    if (Object.keys(pending).length === 0) return;
    const body = pending;
    pending = {};
    const run = send(body);
    inFlight = run.then(
      () => undefined,
      () => undefined,
    );
    let report: AutosaveReport | null;
    try {
      report = await run;
    } finally {
      inFlight = null;
    }
    // Reported after the flight ends, so whoever reacts (a form reset after a 409) sees it idle.
    if (report) options.onReport(report);
  };

  return {
    change(field, value, immediate = false) {
      pending = { ...pending, [field]: value };
      clearTimer();
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, immediate ? 0 : options.delayMs);
    },
    seen(version) {
      current = later(current, version);
    },
    flush,
    busy: () => timer !== null || inFlight !== null || Object.keys(pending).length > 0,
    dispose() {
      if (timer) void flush();
    },
  };
}
