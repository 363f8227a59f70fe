import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { createCompany, deactivateCompany, getCompany, getOrganization, listBenefitAdminSystems, updateCompany } from '../../../../shared/api/hierarchy';
import { BenefitAdminSystem } from '../../../../shared/organizations';
import { can } from '../../../../shared/permissions/actions';
import { planIncludes } from '../../../../shared/plans';
import { companyCreateSchema, companyUpdateSchema } from '../../../../shared/schemas/company';
import { useItem, useList, useWrite } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { PendingButton } from '../../components/PendingButton';
import { EntityForm } from '../hierarchy/EntityForm';
import { LoadedOrPlan, StatusChip } from '../hierarchy/common';
import { companyFields } from '../hierarchy/fields';
import { CompanyOverview } from './CompanyOverview';

function useAdminSystemOptions(organizationId: string | null) {
  const systems = useList(listBenefitAdminSystems, organizationId ? { organization_id: organizationId } : null);
  return systems.items.map((s) => ({ value: s.id, label: BenefitAdminSystem.label(s.benefit_admin_system) }));
}

/** /organizations/{organization_id}/new: a new company. */
export function CompanyNewPage() {
  const { organization_id = '' } = useParams();
  const navigate = useNavigate();
  const write = useWrite();
  const systems = useAdminSystemOptions(organization_id);
  return (
    <>
      <PageTitle>New Company</PageTitle>
      <Paper sx={{ p: 3 }}>
        <EntityForm
          fields={companyFields(systems)}
          schema={companyCreateSchema}
          submitLabel="Create company"
          onSubmit={(body) => write(createCompany, { organization_id }, body)}
          onDone={(c) => navigate(`/companies/${c.id}`)}
          onCancel={() => navigate(`/organizations/${organization_id}`)}
        />
      </Paper>
    </>
  );
}

/**
 * /companies/{company_id}: the company's overview (UX "Overviews": carriers and plans, recent
 * comparisons, upcoming renewals) and, one tab away (?tab=details), its details, which the
 * organization set-up roles edit.
 */
export function CompanyPage() {
  const { company_id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useCurrentUser();
  const company = useItem(getCompany, { company_id });
  const organizationId = company.data?.organization_id ?? null;
  const companyRole = ['COMPANY_ADMIN', 'COMPANY_USER'].includes(me.role);
  const organization = useItem(getOrganization, organizationId && !companyRole ? { organization_id: organizationId } : null);
  const systems = useAdminSystemOptions(organizationId && !companyRole ? organizationId : null);
  const write = useWrite();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  const tab = search.get('tab') === 'details' ? 'details' : 'overview';
  const showTab = (next: 'overview' | 'details', edit = false) => {
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'details') params.set('tab', 'details');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
    setEditing(edit);
  };
  return (
    <LoadedOrPlan result={company}>
      {(c) => {
        const target = { organization_id: c.organization_id, company_id: c.id };
        const mayEdit = can(me, 'company.update', target);
        const carriersOn = organization.data ? planIncludes(organization.data.plan, 'carriers') : true;
        return (
          <Stack spacing={3}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <PageTitle>
                {c.name} <StatusChip inactive={c.inactive} />
              </PageTitle>
              {mayEdit && !(tab === 'details' && editing) && (
                <Button variant="outlined" onClick={() => showTab('details', true)}>
                  Edit details
                </Button>
              )}
            </Stack>
            <Tabs value={tab} onChange={(_e, v: 'overview' | 'details') => showTab(v)} aria-label="Company views">
              <Tab value="overview" label="Overview" />
              <Tab value="details" label="Details" />
            </Tabs>
            {tab === 'overview' ? (
              <CompanyOverview company={c} carriersOn={carriersOn} />
            ) : (
              <Paper sx={{ p: 3 }}>
                <EntityForm
                  fields={companyFields(systems)}
                  schema={companyUpdateSchema}
                  record={c}
                  scope={{ organizationId: c.organization_id, companyId: c.id }}
                  submitLabel="Save"
                  readOnly={!mayEdit || !editing}
                  onSubmit={(body) => write(updateCompany, { organization_id: c.organization_id, company_id: c.id }, body)}
                  onDone={() => setEditing(false)}
                  onCancel={() => setEditing(false)}
                />
                {mayEdit && !editing && can(me, 'company.delete', target) && !c.inactive && (
                  <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                    <PendingButton
                      color="warning"
                      onClick={async () => {
                        const r = await write(deactivateCompany, { organization_id: c.organization_id, company_id: c.id });
                        if (r.error) snackbar.error(r.error);
                        else snackbar.success('Company deactivated');
                      }}
                    >
                      Deactivate
                    </PendingButton>
                  </Stack>
                )}
              </Paper>
            )}
          </Stack>
        );
      }}
    </LoadedOrPlan>
  );
}
