import { createContext, useContext } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import { TIMING } from '../config/literals';

export interface SnackbarMessage {
  message: string;
  severity: AlertColor;
}

export interface SnackbarApi {
  show(message: string, severity?: AlertColor): void;
  success(message: string): void;
  /** Takes anything thrown or returned as an error and shows the text a person should read. */
  error(error: unknown): void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar outside SnackbarProvider');
  return api;
}

export function autoHideFor(severity: AlertColor): number {
  return severity === 'success' ? TIMING.snackbarSuccessMs : TIMING.snackbarOtherMs;
}
