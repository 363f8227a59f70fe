import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/errors';

export function ServerErrorPage({ error }: { error?: unknown }) {
  return (
    <Box component="section" aria-labelledby="server-error-title" sx={{ textAlign: 'center', py: 8 }}>
      <Typography id="server-error-title" variant="h3" component="h1" gutterBottom>
        500
      </Typography>
      <Typography variant="h6" component="p" gutterBottom>
        Something went wrong
      </Typography>
      {error !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {errorMessage(error)}
        </Typography>
      )}
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
