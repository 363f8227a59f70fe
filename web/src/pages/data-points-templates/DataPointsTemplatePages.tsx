import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { can } from '../../../../shared/permissions';
import type { createOrganizationDataPointsTemplate } from '../../../../shared/api/comparisons';
import { dataPointsTemplateCreateSchema, dataPointsTemplateUpdateSchema } from '../../../../shared/schemas/data-points-template';
import { Loaded } from '../../components/Loaded';
import { useDataPointsTemplate, useDataPointsTemplates, useDataPointsTemplateWrites, type DataPointsTemplate } from '../../data/mappings';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { FormDialog, LoadedOrPlan, NewButton, RowLink, Toolbar } from '../hierarchy/common';
import { actionsColumn, EntityGrid } from '../hierarchy/EntityGrid';
import { RowsForm, type RowColumnsOf } from '../mappings/RowsForm';

/**
 * Organization data points templates (which baseline column is compared with which carrier
 * column): /organizations/:organization_id/templates/data-points-templates and …/:data_points_template_id.
 */
const TEMPLATE_ROW_COLUMNS: RowColumnsOf<typeof createOrganizationDataPointsTemplate, 'columns'> = [
  { name: 'baseline_column_name', label: 'Baseline column' },
  { name: 'secondary_column_name', label: 'Carrier column' },
  { name: 'is_unique_identifier', label: 'Unique identifier', kind: 'checkbox' },
];

const listHref = (organizationId: string) => `/organizations/${organizationId}/templates/data-points-templates`;

function TemplateForm({ organizationId, record, onDone, onCancel, readOnly }: { organizationId: string; record?: DataPointsTemplate; onDone?: () => void; onCancel?: () => void; readOnly?: boolean }) {
  const writes = useDataPointsTemplateWrites(organizationId);
  const form = { ariaLabel: 'Data points template', rowsKey: 'columns', rowColumns: TEMPLATE_ROW_COLUMNS, rowLabel: 'data point', readOnly, onDone, onCancel } as const;
  return record ? (
    <RowsForm key={record.id} {...form} schema={dataPointsTemplateUpdateSchema} record={record} submitLabel="Save" onSubmit={(body) => writes.update(record.id, body)} />
  ) : (
    <RowsForm key="new" {...form} schema={dataPointsTemplateCreateSchema} submitLabel="Create" onSubmit={writes.create} />
  );
}

/** /organizations/:organization_id/templates/data-points-templates */
export function OrganizationDataPointsTemplatesPage() {
  const { organization_id: organizationId = '' } = useParams();
  const me = useCurrentUser();
  const snackbar = useSnackbar();
  const list = useDataPointsTemplates(organizationId);
  const writes = useDataPointsTemplateWrites(organizationId);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<DataPointsTemplate | null>(null);
  const close = () => {
    setCreating(false);
    setEditing(null);
  };
  const mayEdit = can(me, 'template.update');
  const mayDelete = can(me, 'template.delete');
  const remove = async (t: DataPointsTemplate) => {
    if (!window.confirm(`Delete the template "${t.name}"?`)) return;
    const res = await writes.remove(t.id);
    if (res.error) return snackbar.error(res.error);
    snackbar.success('Template deleted');
  };
  const columns: GridColDef<DataPointsTemplate>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, renderCell: ({ row }) => <RowLink to={`${listHref(organizationId)}/${row.id}`}>{row.name}</RowLink> },
    { field: 'level', headerName: 'Level', width: 130, valueGetter: (_v, r) => (r.level === 'COMPANY' ? 'Company' : 'Organization') },
    { field: 'count', headerName: 'Data points', width: 120, type: 'number', valueGetter: (_v, r) => r.columns.length },
    {
      field: 'preview',
      headerName: 'Baseline ↔ carrier',
      flex: 2,
      minWidth: 240,
      sortable: false,
      valueGetter: (_v, r) => r.columns.map((c) => `${c.baseline_column_name} ↔ ${c.secondary_column_name}${c.is_unique_identifier ? ' (id)' : ''}`).join(', '),
    },
    actionsColumn<DataPointsTemplate>(170, [
      { label: 'Edit', shown: () => mayEdit, onClick: setEditing },
      { label: 'Delete', color: 'error', shown: () => mayDelete, onClick: remove },
    ]),
  ];
  return (
    <>
      <PageTitle>Data Points Templates</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A template fills a comparison’s data points: which baseline column is compared with which carrier column, and which columns identify a person.
      </Typography>
      {can(me, 'template.create') && (
        <Toolbar>
          <NewButton onClick={() => setCreating(true)}>New template</NewButton>
        </Toolbar>
      )}
      <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="t_" truncated={list.truncated} />}</LoadedOrPlan>
      <FormDialog open={creating || !!editing} title={editing ? `Edit ${editing.name}` : 'New data points template'} onClose={close}>
        <TemplateForm organizationId={organizationId} record={editing ?? undefined} onDone={close} onCancel={close} />
      </FormDialog>
    </>
  );
}

/** /organizations/:organization_id/templates/data-points-templates/:data_points_template_id */
export function OrganizationDataPointsTemplatePage() {
  const { organization_id: organizationId = '', data_points_template_id: id } = useParams();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const item = useDataPointsTemplate(organizationId, id);
  return (
    <Loaded result={item}>
      {(t) => (
        <>
          <PageTitle>{t.name}</PageTitle>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <TemplateForm organizationId={organizationId} record={t} readOnly={!can(me, 'template.update')} onCancel={() => navigate(listHref(organizationId))} />
          </Paper>
        </>
      )}
    </Loaded>
  );
}
