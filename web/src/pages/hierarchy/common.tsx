import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/errors';
import { Loaded } from '../../components/Loaded';

/** Like Loaded, but a 403 (the organization's plan lacks the feature) shows its message in place of the page. */
export function LoadedOrPlan<T>({ result, children }: { result: { data?: T; error?: unknown; isLoading?: boolean }; children: (data: T) => ReactNode }) {
  if (isApiError(result.error) && result.error.status === 403) return <Alert severity="info">{result.error.message}</Alert>;
  return <Loaded result={result}>{children}</Loaded>;
}

export const StatusChip = ({ inactive }: { inactive?: boolean | null }) => (
  <Chip size="small" variant="outlined" label={inactive ? 'Inactive' : 'Active'} color={inactive ? 'default' : 'success'} />
);

export const RowLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

export function StatCard({ label, value, to }: { label: string; value: number | string; to?: string }) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </CardContent>
  );
  return <Card variant="outlined" sx={{ minWidth: 150 }}>{to ? <CardActionArea component={RouterLink} to={to}>{content}</CardActionArea> : content}</Card>;
}

export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
      {children}
    </Stack>
  );
}

export function NewButton({ to, onClick, children }: { to?: string; onClick?: () => void; children: ReactNode }) {
  return to ? (
    <Button variant="contained" component={RouterLink} to={to}>
      {children}
    </Button>
  ) : (
    <Button variant="contained" onClick={onClick}>
      {children}
    </Button>
  );
}

export function FormDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
    </Dialog>
  );
}

export const dateValue = (v: unknown) => (typeof v === 'string' && v ? v : '');
