import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

type Props = Omit<ButtonProps, 'onClick'> & { onClick: () => Promise<unknown> };

/**
 * A one-click action (deactivate, remove, reset): disabled from the click until its request is
 * answered, so a second click cannot send it twice (SPEC §5: forms are disabled while pending).
 */
export function PendingButton({ onClick, disabled, ...props }: Props) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      {...props}
      disabled={disabled || pending}
      onClick={async () => {
        setPending(true);
        try {
          await onClick();
        } finally {
          setPending(false);
        }
      }}
    />
  );
}
