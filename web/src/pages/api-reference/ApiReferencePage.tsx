import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useMemo, useState } from 'react';
import { apiPath, useApi } from '../../api/endpoints';
import { Loaded } from '../../components/Loaded';
import { getOpenApi } from '../../../../shared/api/platform';

/**
 * The API reference for signed-in users: GET /api/openapi.json (generated from the route table
 * and the contract's schemas) rendered by area, each operation with its parameters, body,
 * answers and errors, so a broker's IT can script against the platform without reading code.
 */
type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  summary: string;
  tag: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Json }>;
  requestBody?: Json;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
}

const METHOD_COLOURS: Record<string, 'success' | 'primary' | 'warning' | 'error' | 'secondary'> = {
  GET: 'success',
  POST: 'primary',
  PUT: 'warning',
  PATCH: 'secondary',
  DELETE: 'error',
};

function operationsOf(document: Json): Operation[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      out.push({
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        tag: ((op.tags as string[] | undefined) ?? ['api'])[0]!,
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        requestBody: op.requestBody as Json | undefined,
        responses: (op.responses as Operation['responses'] | undefined) ?? {},
      });
    }
  }
  return out;
}

const schemaOf = (content: Record<string, { schema?: Json }> | undefined) => (content ? Object.values(content)[0]?.schema : undefined);

function SchemaBlock({ title, schema }: { title: string; schema: unknown }) {
  if (!schema) return null;
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto', maxHeight: 320 }}>
        {JSON.stringify(schema, null, 2)}
      </Box>
    </Box>
  );
}

function OperationPanel({ op }: { op: Operation }) {
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-label={`${op.method} ${op.path}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip size="small" label={op.method} color={METHOD_COLOURS[op.method] ?? 'default'} sx={{ minWidth: 64, fontFamily: 'monospace' }} />
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{op.path}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
            {op.summary}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          <Typography>{op.summary}</Typography>
          {op.parameters.length > 0 && (
            <Box>
              <Typography variant="subtitle2">Parameters</Typography>
              {op.parameters.map((p) => (
                <Typography key={`${p.in}-${p.name}`} variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {p.name} ({p.in}{p.required ? ', required' : ''}){p.schema?.type ? `: ${String(p.schema.type)}` : ''}
                </Typography>
              ))}
            </Box>
          )}
          <SchemaBlock title="Request body" schema={schemaOf((op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content)} />
          {Object.entries(op.responses).map(([status, answer]) => (
            <Box key={status}>
              <Typography variant="subtitle2">
                {status} {answer.description ?? ''}
              </Typography>
              {Number(status) < 400 && <SchemaBlock title="" schema={schemaOf(answer.content)} />}
            </Box>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

export function ApiReferencePage() {
  const document = useApi(getOpenApi, {});
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    const ops = document.data ? operationsOf(document.data) : [];
    const shown = wanted ? ops.filter((o) => `${o.method} ${o.path} ${o.summary}`.toLowerCase().includes(wanted)) : ops;
    const byTag = new Map<string, Operation[]>();
    for (const op of shown) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
    return [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [document.data, filter]);
  const info = (document.data?.info ?? {}) as { description?: string; version?: string };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        API reference
      </Typography>
      <Loaded result={document}>
        {() => (
          <Stack spacing={2}>
            <Alert severity="info">
              {info.description} The machine-readable description is at{' '}
              <Link href={apiPath(getOpenApi, {})} target="_blank" rel="noopener">
                {apiPath(getOpenApi, {})}
              </Link>{' '}
              (OpenAPI 3.1{info.version ? `, version ${info.version}` : ''}).
            </Alert>
            <TextField label="Find an endpoint" value={filter} onChange={(e) => setFilter(e.target.value)} size="small" sx={{ maxWidth: 420 }} />
            {groups.length === 0 && <Typography>No endpoint matches “{filter}”.</Typography>}
            {groups.map(([tag, ops]) => (
              <Box key={tag}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {tag} <Typography component="span" color="text.secondary">({ops.length})</Typography>
                </Typography>
                {ops.map((op) => (
                  <OperationPanel key={`${op.method} ${op.path}`} op={op} />
                ))}
              </Box>
            ))}
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
