import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_MATCH_THRESHOLD, MatchBy } from '../../../../../../shared/schemas/match-candidate';
import { updateComparison } from '../../../../data/comparisons';
import { useSnackbar } from '../../../../feedback/snackbar';

export interface MatchSettingsPanelProps {
  companyId: string;
  comparisonId: string;
  comparison: { match_by?: string | null; match_threshold?: number | null; updated_at: string };
  disabled: boolean;
  onSaved: () => void;
}

/**
 * How the run pairs the rows: on the unique identifier, or on the person (name and date of birth)
 * when the carrier writes its own member ids, with the confidence at which a pair joins unasked.
 */
export function MatchSettingsPanel({ companyId, comparisonId, comparison, disabled, onSaved }: MatchSettingsPanelProps) {
  const snackbar = useSnackbar();
  const [matchBy, setMatchBy] = useState<MatchBy>(comparison.match_by === 'PERSON' ? 'PERSON' : 'IDENTIFIER');
  const [threshold, setThreshold] = useState(String(comparison.match_threshold ?? DEFAULT_MATCH_THRESHOLD));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setMatchBy(comparison.match_by === 'PERSON' ? 'PERSON' : 'IDENTIFIER');
    setThreshold(String(comparison.match_threshold ?? DEFAULT_MATCH_THRESHOLD));
  }, [comparison.match_by, comparison.match_threshold]);

  const value = Number(threshold);
  const thresholdError = !/^\d+$/.test(threshold) || value > 100 ? 'A whole number from 0 to 100' : null;
  const changed = matchBy !== (comparison.match_by ?? 'IDENTIFIER') || value !== (comparison.match_threshold ?? DEFAULT_MATCH_THRESHOLD);

  async function save() {
    setSaving(true);
    const result = await updateComparison(companyId, comparisonId, { match_by: matchBy, match_threshold: value, updated_at: comparison.updated_at });
    setSaving(false);
    if (result.error) snackbar.error(result.error);
    else onSaved();
  }

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <FormControl disabled={disabled}>
          <FormLabel id="match-by-label">Match the rows</FormLabel>
          <RadioGroup aria-labelledby="match-by-label" value={matchBy} onChange={(e) => setMatchBy(e.target.value as MatchBy)}>
            {MatchBy.options.map((o) => (
              <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
            ))}
          </RadioGroup>
        </FormControl>
        {matchBy === 'PERSON' && (
          <>
            <Typography variant="body2" color="text.secondary">
              Rows are paired on last and first name (nicknames and typos allowed), date of birth, and zip, gender and relationship when both
              files have them, within the same coverage line. Pairs below the threshold wait for you under Confirm matches.
            </Typography>
            <TextField
              label="Join without asking at a confidence of"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value.trim())}
              error={Boolean(thresholdError)}
              helperText={thresholdError ?? '0–100; 90 by default'}
              disabled={disabled}
              sx={{ maxWidth: 320 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </>
        )}
        <div>
          <Button variant="outlined" onClick={save} disabled={disabled || saving || !changed || Boolean(thresholdError)}>
            Save how rows are matched
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
