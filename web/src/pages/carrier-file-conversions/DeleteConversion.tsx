import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { removeConversion, type Conversion } from '../../data/carrier-file-conversions';
import { useSnackbar } from '../../feedback/snackbar';

/** Deletes the original and the converted workbook now, after a confirmation that says what goes. */
export function DeleteConversion({ companyId, conversion, onDeleted }: { companyId: string; conversion: Conversion; onDeleted: () => Promise<void> }) {
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);

  async function remove() {
    setWorking(true);
    const result = await removeConversion(companyId, conversion.id);
    setWorking(false);
    if (result.error) return snackbar.error(result.error);
    setConfirming(false);
    snackbar.success('Conversion deleted');
    await onDeleted();
  }

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The original and the converted file are deleted 30 days after their last use (upload, conversion, download or use in a comparison).
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        Delete conversion
      </Button>
      <Dialog open={confirming} onClose={() => !working && setConfirming(false)} aria-labelledby="delete-conversion-title" aria-describedby="delete-conversion-text">
        <DialogTitle id="delete-conversion-title">Delete this conversion?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-conversion-text">
            The original file &ldquo;{conversion.name}&rdquo; and its converted workbook are deleted for good. A comparison it was used in keeps its own copy.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={working}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={working}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
