import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Missing and forbidden look the same on purpose (SPEC §6): a 404 never confirms that something exists. */
export function NotFoundPage() {
  return (
    <Box component="section" aria-labelledby="not-found-title" sx={{ textAlign: 'center', py: 8 }}>
      <Typography id="not-found-title" variant="h3" component="h1" gutterBottom>
        404
      </Typography>
      <Typography variant="h6" component="p" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you are looking for does not exist or you do not have access to it.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go home
      </Button>
    </Box>
  );
}
