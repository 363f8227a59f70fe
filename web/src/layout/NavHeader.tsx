import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { pagePath, type NavHeader as NavHeaderDef } from '../../../shared/permissions';
import { isCompanyUser, isOrganizationUser } from '../../../shared/roles';
import { useCompany, useOrganizationCompanies } from '../data/companies';
import { useOrganization, useOrganizations } from '../data/organizations';
import { useCurrentUser } from '../auth/current-user';
import { initials } from '../../../shared/text';
import { TenantSelector } from './TenantSelector';

function AvatarItem({ label }: { label: string }) {
  const me = useCurrentUser();
  const name = [me.first_name, me.last_name].filter(Boolean).join(' ') || me.username;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
      <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: '0.9rem' }} aria-hidden>
        {initials(name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }} title={name}>
          {name}
        </Typography>
        <Typography noWrap variant="caption" color="text.secondary">
          {label}
        </Typography>
      </Box>
    </Box>
  );
}

function OrganizationSelector({ organizationId }: { organizationId: string }) {
  const me = useCurrentUser();
  const { data: organization } = useOrganization(organizationId);
  // An organization user's own organization needs no list; others switch among what they may see.
  const { organizations } = useOrganizations(isOrganizationUser(me) ? null : me);
  const overview = (id: string) => pagePath('organization', { organization_id: id });
  return (
    <TenantSelector
      kind="organization"
      name={organization?.name ?? 'Organization'}
      currentId={organizationId}
      href={overview(organizationId)}
      options={organizations.map((o) => ({ id: o.id, name: o.name }))}
      pathFor={overview}
    />
  );
}

function CompanySelector({ companyId }: { companyId: string }) {
  const me = useCurrentUser();
  const { data: company } = useCompany(companyId);
  const { companies } = useOrganizationCompanies(isCompanyUser(me) ? null : company?.organization_id);
  const overview = (id: string) => pagePath('company', { company_id: id });
  return (
    <TenantSelector
      kind="company"
      name={company?.name ?? 'Company'}
      currentId={companyId}
      href={overview(companyId)}
      options={companies.map((c) => ({ id: c.id, name: c.name }))}
      pathFor={overview}
    />
  );
}

export function NavHeader({ header }: { header: NavHeaderDef }) {
  switch (header.kind) {
    case 'avatar':
      return <AvatarItem label={header.label} />;
    case 'organization-selector':
      return <OrganizationSelector organizationId={header.organization_id} />;
    case 'company-selector':
      return <CompanySelector companyId={header.company_id} />;
  }
}
