import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { LastUsedMapping } from '../../data/comparisons';

/** UX "Map data": the mapping another comparison of the same carrier used for this column, one click to reuse. */
export function LastUsedMappingOffer({ offer, disabled, onUse }: { offer: LastUsedMapping; disabled: boolean; onUse: () => void }) {
  return (
    // An offer is not an error: announced politely, not as an alert.
    <Alert
      severity="info"
      role="status"
      action={
        <Button color="inherit" size="small" disabled={disabled} onClick={onUse}>
          Use it
        </Button>
      }
    >
      {offer.comparison_name} ({new Date(offer.used_at).toLocaleDateString()}) used the mapping “{offer.name}” for this column.
    </Alert>
  );
}
