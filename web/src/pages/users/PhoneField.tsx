import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_DIAL_CODE, toDialPhone } from '../../../../shared/validation';

/** Splits a stored '+15551234567' into dial code and national digits (North American numbers by default). */
export function splitPhone(value: string | null | undefined): { dialCode: string; number: string } {
  const digits = String(value ?? '').replace(/\D/g, '');
  if (!digits) return { dialCode: DEFAULT_DIAL_CODE, number: '' };
  if (!String(value).trim().startsWith('+')) return { dialCode: DEFAULT_DIAL_CODE, number: digits };
  const codeLength = Math.max(1, Math.min(3, digits.length - 10));
  return { dialCode: `+${digits.slice(0, codeLength)}`, number: digits.slice(codeLength) };
}

interface Props {
  value: string | null | undefined;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/** SPEC §5: a dial code (default +1) and the number; the value sent is the dial code plus digits only. */
export function PhoneField({ value, onChange, error, disabled }: Props) {
  const [parts, setParts] = useState(() => splitPhone(value));
  // Only outside changes (a reset) re-split the value: what the fields typed already gives it.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (toDialPhone(parts.number, parts.dialCode) !== (value ?? '')) setParts(splitPhone(value));
  }
  const update = (next: { dialCode: string; number: string }) => {
    setParts(next);
    onChange(toDialPhone(next.number, next.dialCode));
  };
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        label="Dial code"
        value={parts.dialCode}
        onChange={(e) => update({ ...parts, dialCode: e.target.value })}
        sx={{ width: 110 }}
        disabled={disabled}
        slotProps={{ htmlInput: { 'aria-label': 'Dial code' } }}
      />
      <TextField
        label="Phone"
        value={parts.number}
        onChange={(e) => update({ ...parts, number: e.target.value })}
        error={!!error}
        helperText={error}
        fullWidth
        disabled={disabled}
        type="tel"
      />
    </Stack>
  );
}
