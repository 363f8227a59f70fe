import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** The foot of a form that edits a list of rows: "Add …" on the left, Cancel and submit on the right. */
export function RowsFormActions({
  addLabel,
  onAdd,
  onCancel,
  submitLabel,
  disabled,
}: {
  addLabel: string;
  onAdd: () => void;
  onCancel?: () => void;
  submitLabel: string;
  disabled: boolean;
}) {
  return (
    <Stack direction="row" spacing={1}>
      <Button onClick={onAdd} disabled={disabled}>
        {addLabel}
      </Button>
      <Box sx={{ flex: 1 }} />
      {onCancel && (
        <Button onClick={onCancel} disabled={disabled}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={disabled}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
