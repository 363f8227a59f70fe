import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RequestBodyOf } from '../../../../shared/api/endpoint';
import { commitImport, getImportTemplate, getOrganization, previewImport } from '../../../../shared/api/hierarchy';
import { CARRIER_CATALOG_PAGE, IMPORT_COLUMNS, IMPORT_TITLES, MAX_IMPORT_FILE_BYTES, type ImportKind } from '../../../../shared/imports';
import type { ImportProblem } from '../../../../shared/schemas/imports';
import { can } from '../../../../shared/permissions/actions';
import { callApi } from '../../api/endpoints';
import { useItem, useWrite, type ImportPreview } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan } from '../hierarchy/common';

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function download(name: string, contentType: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

const problemColumns: GridColDef<ImportProblem & { id: string }>[] = [
  { field: 'row', headerName: 'Row', type: 'number', width: 90 },
  { field: 'column', headerName: 'Column', width: 240 },
  { field: 'message', headerName: 'Problem', flex: 1 },
];

/**
 * Upload a csv or xlsx, see every problem by row, column and message, then import all rows or none
 * (docs/imports.md). The template to fill in is offered for download.
 */
function ImportScreen({ kind }: { kind: ImportKind }) {
  const { organization_id = '' } = useParams();
  const organization = useItem(getOrganization, { organization_id });
  const write = useWrite();
  const snackbar = useSnackbar();
  const [file, setFile] = useState<RequestBodyOf<typeof previewImport> | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const title = `Import ${IMPORT_TITLES[kind]}`;

  const pick = async (f: File | undefined) => {
    setPreview(null);
    setFile(null);
    if (!f) return;
    if (f.size > MAX_IMPORT_FILE_BYTES) return snackbar.error(`This file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`);
    const body: RequestBodyOf<typeof previewImport> = { name: f.name, content_base64: await toBase64(f) };
    setBusy(true);
    const r = await callApi(previewImport, { params: { organization_id, kind }, body });
    setBusy(false);
    if (r.error) return snackbar.error(r.error);
    setFile(body);
    setPreview(r.data);
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    const r = await write(commitImport, { organization_id, kind }, file);
    setBusy(false);
    if (r.error) {
      const problems = (r.error.body as { problems?: ImportProblem[] } | undefined)?.problems;
      if (problems && preview) setPreview({ ...preview, problems });
      return snackbar.error(r.error);
    }
    snackbar.success(`Imported ${r.data.created} rows`);
    setPreview(null);
    setFile(null);
  };

  const template = async () => {
    const r = await callApi(getImportTemplate, { params: { organization_id, kind } });
    if (r.error) return snackbar.error(r.error);
    download(r.data.name, r.data.content_type, r.data.content_base64);
  };

  const columns = IMPORT_COLUMNS[kind];
  const rowsWithProblems = new Set((preview?.problems ?? []).map((p) => p.row));
  const previewColumns: GridColDef[] = [
    { field: 'row', headerName: 'Row', type: 'number', width: 80 },
    ...columns.map((c) => ({ field: c.field, headerName: c.header, flex: 1, minWidth: 140 })),
  ];
  return (
    <LoadedOrPlan result={organization}>
      {(o) => (
        <Stack spacing={2}>
          <PageTitle>
            {title} · {o.name}
          </PageTitle>
          <Paper sx={{ p: 3 }}>
            <Typography sx={{ mb: 1 }}>
              Columns: {columns.map((c) => `${c.header}${c.required ? ' (required)' : ''}`).join(', ')}.
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={template}>
                Download template
              </Button>
              <Button variant="contained" component="label" disabled={busy}>
                Choose file (.xlsx, .xls, .csv)
                <input hidden type="file" accept=".xlsx,.xls,.csv" onChange={(e) => pick(e.target.files?.[0])} />
              </Button>
            </Stack>
          </Paper>
          {preview && (
            <>
              {preview.problems.length ? (
                <Alert severity="error">
                  {preview.problems.length} problem{preview.problems.length === 1 ? '' : 's'} in {rowsWithProblems.size} row
                  {rowsWithProblems.size === 1 ? '' : 's'}. Fix the file and choose it again; nothing is imported until every row is valid.
                </Alert>
              ) : (
                <Alert severity="success">{preview.rows.length} rows are ready to import.</Alert>
              )}
              <CarriersNotInCatalog problems={preview.problems} />
              {preview.problems.length > 0 && (
                <EntityGrid rows={preview.problems.map((p, i) => ({ ...p, id: String(i) }))} columns={problemColumns} urlKey="pr_" />
              )}
              <Typography variant="h6">Rows</Typography>
              <EntityGrid
                rows={preview.rows.map((r) => ({ id: String(r.row), row: r.row, ...r.values }))}
                columns={previewColumns}
                urlKey="rw_"
              />
              <div>
                <Button variant="contained" disabled={busy || preview.problems.length > 0 || preview.rows.length === 0} onClick={commit}>
                  Import {preview.rows.length} rows
                </Button>
              </div>
            </>
          )}
        </Stack>
      )}
    </LoadedOrPlan>
  );
}

/**
 * Carriers the file names that the platform's catalog lacks (or has deactivated): the DMS Admin,
 * who keeps the catalog, gets the way there; anyone else is told whom to ask.
 */
function CarriersNotInCatalog({ problems }: { problems: readonly ImportProblem[] }) {
  const me = useCurrentUser();
  const names = [...new Set(problems.flatMap((p) => (p.carrier_not_in_catalog ? [p.carrier_not_in_catalog] : [])))];
  if (!names.length) return null;
  const list = names.map((n) => `"${n}"`).join(', ');
  return (
    <Alert severity="warning">
      Not in the platform's carrier catalog: {list}.{' '}
      {can(me, 'carrier.create') ? (
        <>
          Add or reactivate {names.length === 1 ? 'it' : 'them'} in the{' '}
          <Link component={RouterLink} to={CARRIER_CATALOG_PAGE}>
            carrier catalog
          </Link>
          , then choose the file again.
        </>
      ) : (
        <>Ask a DMS Admin to add {names.length === 1 ? 'it' : 'them'} to the carrier catalog (or to tell you the name it has there), then choose the file again.</>
      )}
    </Alert>
  );
}

export const ImportCompaniesPage = () => <ImportScreen kind="companies" />;
export const ImportCompanyCarriersPage = () => <ImportScreen kind="company_carriers" />;
export const ImportCompanyCarrierPlansPage = () => <ImportScreen kind="company_carrier_plans" />;
