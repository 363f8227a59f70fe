import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { RenewalStep, TaskItemStatus } from '../../../../shared/renewals';
import { downloadWorkbook, type ReportScope, type WorkbookRead } from '../../data/renewal-reports';
import { useSnackbar } from '../../feedback/snackbar';

/** The report's reach from the route: an agency or organization in the URL, else the platform. */
export function useReportScope(level: ReportScope['level']): ReportScope {
  const { agency_id = '', organization_id = '' } = useParams();
  if (level === 'agency') return { level, agencyId: agency_id };
  if (level === 'organization') return { level, organizationId: organization_id };
  return { level };
}

export const renewalPath = (companyId: string, renewalId: string) => `/companies/${encodeURIComponent(companyId)}/renewals/${encodeURIComponent(renewalId)}`;

type ChipColor = 'primary' | 'success' | 'default' | 'info' | 'warning';
const STEP_COLORS: Partial<Record<RenewalStep, ChipColor>> = { LIVE: 'info', COMPLETED: 'success', CLOSED: 'default' };

export function StepChip({ step, to }: { step: RenewalStep; to?: string }) {
  const color: ChipColor = STEP_COLORS[step] ?? 'primary';
  const props = { size: 'small' as const, variant: 'outlined' as const, color, label: RenewalStep.label(step) };
  return to ? <Chip {...props} clickable component={RouterLink} to={to} /> : <Chip {...props} />;
}

const ITEM_COLORS: Record<TaskItemStatus, 'default' | 'warning' | 'success'> = { IN_PROGRESS: 'default', PENDING_REVIEW: 'warning', APPROVED: 'success' };

export const ItemStatusChip = ({ status }: { status: TaskItemStatus }) => (
  <Chip size="small" variant={status === 'APPROVED' ? 'filled' : 'outlined'} color={ITEM_COLORS[status]} label={TaskItemStatus.label(status)} />
);

/** A stat card that opens the list it counts; the card whose filters are on shows as selected. */
export function ReportCardLink({
  label,
  caption,
  count,
  to,
  selected,
  tone,
  compact = false,
}: {
  label: string;
  caption?: string;
  count: number;
  to: string;
  selected: boolean;
  tone?: 'error' | 'success';
  compact?: boolean;
}) {
  return (
    <Card
      variant="outlined"
      sx={{
        minWidth: compact ? 130 : 190,
        flex: compact ? '1 1 130px' : '0 1 220px',
        maxWidth: compact ? 200 : 260,
        // The selected card keeps its size: the outline is drawn inside the border.
        borderColor: selected ? 'primary.main' : undefined,
        boxShadow: selected ? (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` : undefined,
      }}
    >
      <CardActionArea component={RouterLink} to={to} aria-current={selected ? 'true' : undefined} sx={{ height: '100%' }}>
        <CardContent sx={compact ? { py: 1, '&:last-child': { pb: 1 } } : undefined}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant={compact ? 'h6' : 'h5'} component="p" color={tone && count > 0 ? `${tone}.main` : undefined}>
            {count}
          </Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary">
              {caption}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** "Download .xlsx": asks the API for the report's workbook with the same query and saves it. */
export function DownloadButton({ scope, ...workbook }: { scope: ReportScope } & WorkbookRead) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const result = await downloadWorkbook(scope, workbook);
    setBusy(false);
    if (result.error) snackbar.error(result.error);
  };
  return (
    <Button variant="outlined" onClick={() => void download()} disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-label="Preparing the workbook" /> : undefined}>
      Download .xlsx
    </Button>
  );
}

export function EmptyReport({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </CardContent>
    </Card>
  );
}
