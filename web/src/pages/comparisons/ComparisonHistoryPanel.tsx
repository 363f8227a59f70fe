import { lazy, Suspense } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { comparisonHistorySource } from '../../data/audit';
import { LoadingBlock } from '../../components/LoadingBlock';

// The grid library comes only when the history is opened: the steps without a grid of their own
// do not download it.
const AuditEventsGrid = lazy(() => import('../audit/AuditEventsGrid').then((m) => ({ default: m.AuditEventsGrid })));

/**
 * A comparison's history: who exported it, changed a resolution, completed it, and when. Shown to
 * everyone who may read the comparison; events hold who, what and which record, never a value.
 * Closed until asked for, and read only then: the steps above are the page's work, and their
 * grids stay the only ones on the page.
 */
export function ComparisonHistoryPanel({ companyId, comparisonId }: { companyId: string; comparisonId: string }) {
  return (
    <Accordion variant="outlined" disableGutters sx={{ mt: 3 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="comparison-history-content" id="comparison-history-header">
        <Typography variant="subtitle1" component="h2">
          History
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="comparison-history-content">
        <Suspense fallback={<LoadingBlock height={160} label="Loading the comparison history" />}>
          <AuditEventsGrid label="Comparison history" source={comparisonHistorySource(companyId, comparisonId)} />
        </Suspense>
      </AccordionDetails>
    </Accordion>
  );
}
