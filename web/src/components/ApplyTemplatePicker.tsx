import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** A template the picker offers: the company's own, or its organization's (named as such). */
export interface PickableTemplate {
  id: string;
  name: string;
  level: string;
}

/**
 * A select of templates with an Apply template button, in a row with the caller's other template
 * actions (`children`). Apply stays off until a template is chosen.
 */
export function ApplyTemplatePicker({
  label,
  templates,
  onApply,
  disabled,
  children,
}: {
  label: string;
  templates: readonly PickableTemplate[];
  onApply: (templateId: string) => void;
  disabled: boolean;
  children?: ReactNode;
}) {
  const [templateId, setTemplateId] = useState('');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
      <TextField select size="small" label={label} value={templateId} onChange={(e) => setTemplateId(e.target.value)} sx={{ minWidth: 260 }} disabled={disabled}>
        {templates.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
            {t.level === 'ORGANIZATION' ? ' (organization)' : ''}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={() => onApply(templateId)} disabled={!templateId || disabled}>
        Apply template
      </Button>
      {children}
    </Stack>
  );
}
