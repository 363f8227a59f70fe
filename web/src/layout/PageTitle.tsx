import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}
