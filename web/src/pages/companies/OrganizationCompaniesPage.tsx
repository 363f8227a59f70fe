import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import { can } from '../../../../shared/permissions/actions';
import { useItem } from '../../data/hierarchy';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { LoadedOrPlan, NewButton, Toolbar } from '../hierarchy/common';
import { CompaniesGrid } from './CompaniesGrid';
import { getOrganization } from '../../../../shared/api/hierarchy';

/**
 * /organizations/{organization_id}/companies. A module of its own: the list brings the grid, which
 * the company's own pages (its overview, its details, a new company) do not show.
 */
export function OrganizationCompaniesPage() {
  const { organization_id = '' } = useParams();
  const me = useCurrentUser();
  const organization = useItem(getOrganization, { organization_id });
  return (
    <LoadedOrPlan result={organization}>
      {(o) => (
        <>
          <PageTitle>Companies · {o.name}</PageTitle>
          <Toolbar>
            {can(me, 'company.create', { organization_id }) && <NewButton to={`/organizations/${o.id}/new`}>New company</NewButton>}
            {can(me, 'company.import', { organization_id }) && (
              <Button component={RouterLink} to={`/organizations/${o.id}/import`}>
                Import companies
              </Button>
            )}
          </Toolbar>
          <CompaniesGrid organizationId={o.id} />
        </>
      )}
    </LoadedOrPlan>
  );
}
