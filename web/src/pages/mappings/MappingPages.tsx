import { useState } from 'react';
import { useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { can } from '../../../../shared/permissions';
import type { createAdminDataMapping } from '../../../../shared/api/data-mappings';
import { dataMappingCreateSchema, dataMappingUpdateSchema } from '../../../../shared/schemas/data-mapping';
import { useDataMappings, useMappingWrites, type DataMapping, type MappingOwner } from '../../data/mappings';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { FormDialog, LoadedOrPlan, NewButton, Toolbar } from '../hierarchy/common';
import { actionsColumn, EntityGrid } from '../hierarchy/EntityGrid';
import { RowsForm, type RowColumnsOf } from './RowsForm';
import { ShareMappingDialog, sharedWithLabel } from './ShareMappingDialog';

/**
 * Data mappings (carrier value → baseline value) at admin, organization and company level:
 * /admin/mappings, /organizations/:organization_id/mappings, /companies/:company_id/mappings.
 */
const LEVEL_LABELS: Record<DataMapping['level'], string> = { ADMIN: 'Platform', ORGANIZATION: 'Organization', COMPANY: 'Company' };

export const MAPPING_ROW_COLUMNS: RowColumnsOf<typeof createAdminDataMapping, 'fields'> = [
  { name: 'source', label: 'Carrier value (source)' },
  { name: 'target', label: 'Baseline value (target)' },
];

const sharedWithColumn: GridColDef<DataMapping> = {
  field: 'shared_with',
  headerName: 'Shared with',
  width: 150,
  type: 'number',
  align: 'left',
  headerAlign: 'left',
  valueGetter: (_v, r) => ('whitelist' in r ? r.whitelist.length : 0),
  renderCell: ({ value }) => sharedWithLabel(Number(value)),
};

function MappingsScreen({ owner }: { owner: MappingOwner }) {
  const me = useCurrentUser();
  const snackbar = useSnackbar();
  const list = useDataMappings(owner);
  const writes = useMappingWrites(owner);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<DataMapping | null>(null);
  const [sharing, setSharing] = useState<DataMapping | null>(null);
  const close = () => {
    setCreating(false);
    setEditing(null);
  };
  const mayChange = (m: DataMapping, action: 'data-mapping.update' | 'data-mapping.delete') =>
    can(me, action, { id: m.id, organization_id: m.organization_id, company_id: m.company_id });
  // Only admin mappings have a whitelist; organization and company mappings stay in their tenant.
  const sharesMappings = owner.level === 'admin' && can(me, 'data-mapping.share');
  const remove = async (m: DataMapping) => {
    if (!window.confirm(`Delete the mapping "${m.name}"?`)) return;
    const res = await writes.remove(m.id);
    if (res.error) return snackbar.error(res.error);
    snackbar.success('Mapping deleted');
  };

  const columns: GridColDef<DataMapping>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
    {
      field: 'level',
      headerName: 'Level',
      width: 140,
      valueGetter: (_v, r) => LEVEL_LABELS[r.level] ?? r.level,
      renderCell: ({ value }) => <Chip size="small" variant="outlined" label={String(value)} />,
    },
    { field: 'values', headerName: 'Values', width: 100, type: 'number', valueGetter: (_v, r) => r.fields.length },
    {
      field: 'preview',
      headerName: 'Source → target',
      flex: 2,
      minWidth: 240,
      sortable: false,
      valueGetter: (_v, r) =>
        r.fields
          .slice(0, 5)
          .map((f) => `${f.source} → ${f.target}`)
          .join(', ') + (r.fields.length > 5 ? ', …' : ''),
    },
    ...(sharesMappings ? [sharedWithColumn] : []),
    actionsColumn<DataMapping>(sharesMappings ? 240 : 170, [
      { label: 'Share', shown: () => sharesMappings, onClick: setSharing },
      { label: 'Edit', shown: (row) => mayChange(row, 'data-mapping.update'), onClick: setEditing },
      { label: 'Delete', color: 'error', shown: (row) => mayChange(row, 'data-mapping.delete'), onClick: remove },
    ]),
  ];

  const mappingForm = { ariaLabel: 'Data mapping', rowsKey: 'fields', rowColumns: MAPPING_ROW_COLUMNS, rowLabel: 'value', onDone: close, onCancel: close } as const;

  return (
    <>
      <PageTitle>Mappings</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A mapping translates a carrier file’s values into the baseline’s (for example “EE” → “Employee”) before a comparison matches them.
      </Typography>
      {can(me, 'data-mapping.create') && (
        <Toolbar>
          <NewButton onClick={() => setCreating(true)}>New mapping</NewButton>
        </Toolbar>
      )}
      <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="m_" truncated={list.truncated} />}</LoadedOrPlan>
      <FormDialog open={creating || !!editing} title={editing ? `Edit ${editing.name}` : 'New mapping'} onClose={close}>
        {editing ? (
          <RowsForm
            key={editing.id}
            {...mappingForm}
            schema={dataMappingUpdateSchema}
            record={editing}
            submitLabel="Save"
            onSubmit={(body) => writes.update(editing.id, body)}
          />
        ) : (
          <RowsForm key="new" {...mappingForm} schema={dataMappingCreateSchema} submitLabel="Create" onSubmit={writes.create} />
        )}
      </FormDialog>
      {sharing && <ShareMappingDialog key={sharing.id} mapping={sharing} onClose={() => setSharing(null)} />}
    </>
  );
}

/** /admin/mappings */
export function AdminMappingsPage() {
  return <MappingsScreen owner={{ level: 'admin' }} />;
}

/** /organizations/:organization_id/mappings */
export function OrganizationMappingsPage() {
  const { organization_id: organizationId = '' } = useParams();
  return <MappingsScreen key={organizationId} owner={{ level: 'organization', organizationId }} />;
}

/** /companies/:company_id/mappings */
export function CompanyMappingsPage() {
  const { company_id: companyId = '' } = useParams();
  return <MappingsScreen key={companyId} owner={{ level: 'company', companyId }} />;
}
