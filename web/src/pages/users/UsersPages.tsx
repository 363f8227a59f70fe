import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { pagePath } from '../../../../shared/permissions';
import { roleMayViewPage } from '../../../../shared/permissions/pages-access';
import { isCompanyUser, ROLES_BY_USER_TYPE, type Role } from '../../../../shared/roles';
import { Loaded } from '../../components/Loaded';
import { useOrganizationCompanies } from '../../data/companies';
import { useOrganizations } from '../../data/organizations';
import { useUser, useUserWrites, useWhitelist, type User, type UsersScope } from '../../data/users';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { roleOptions, UserForm } from './UserForm';
import { UsersTable } from './UsersTable';
import { UserShow } from './UserShow';

const ADMIN: UsersScope = { kind: 'admin' };
const ORG_AND_COMPANY_ROLES: readonly Role[] = [...ROLES_BY_USER_TYPE.organization, ...ROLES_BY_USER_TYPE.company];

/** A "New user" button opening the shared form in a dialog (organization and company users have no /new page). */
function NewUserButton({ scope, linkTo }: { scope: UsersScope; linkTo: (user: User) => string }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const writes = useUserWrites(scope);
  const [open, setOpen] = useState(false);
  if (roleOptions(me, scope).length === 0) return null;
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        New user
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>New user</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            <UserForm me={me} scope={scope} onSubmit={writes.create} onDone={(user) => navigate(linkTo(user))} onCancel={() => setOpen(false)} />
          </Stack>
        </DialogContent>
      </Dialog>
    </>
  );
}

// ── /admin/users ─────────────────────────────────────────────────────────────────────────────────

const adminUserLink = (user: User) => pagePath('admin.users.show', { user_id: user.id });

export function AdminUsersPage() {
  return (
    <Stack spacing={2}>
      <PageTitle>Users</PageTitle>
      <Button variant="contained" component={RouterLink} to={pagePath('admin.users.new')} sx={{ alignSelf: 'flex-start' }}>
        New user
      </Button>
      <UsersTable scope={ADMIN} linkTo={adminUserLink} />
    </Stack>
  );
}

export function AdminUserNewPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const writes = useUserWrites(ADMIN);
  return (
    <>
      <PageTitle>New User</PageTitle>
      <UserForm
        me={me}
        scope={ADMIN}
        onSubmit={writes.create}
        onDone={(user) => navigate(adminUserLink(user))}
        onCancel={() => navigate(pagePath('admin.users'))}
      />
    </>
  );
}

export function AdminUserShowPage() {
  const { user_id } = useParams();
  return (
    <UserShow scope={ADMIN} userId={user_id} listPath={pagePath('admin.users')}>
      {(user) => (ORG_AND_COMPANY_ROLES.includes(user.role as Role) ? <WhitelistPanel user={user} /> : null)}
    </UserShow>
  );
}

/** The organizations and companies shared with an organization or company user (UsersWhitelist). */
function WhitelistPanel({ user }: { user: User }) {
  const me = useCurrentUser();
  const snackbar = useSnackbar();
  const writes = useUserWrites(ADMIN);
  const { rows, mutate } = useWhitelist(user.id);
  const { organizations } = useOrganizations(me);
  const [organizationId, setOrganizationId] = useState('');
  const [companyId, setCompanyId] = useState('');
  /** The row whose un-sharing is pending: its button stays disabled until the answer. */
  const [unsharing, setUnsharing] = useState<string | null>(null);
  const { companies } = useOrganizationCompanies(organizationId || null);
  const orgName = (id: string) => organizations.find((o) => o.id === id)?.name ?? id;
  const companyOnly = isCompanyUser(user);

  async function add() {
    const result = await writes.addWhitelist(user.id, { organization_id: organizationId, company_id: companyId || null });
    if (result.error) return snackbar.error(result.error);
    snackbar.success('Shared');
    setOrganizationId('');
    setCompanyId('');
    await mutate();
  }

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Shared organizations and companies
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {companyOnly ? 'Company users can be given other companies.' : 'Share a whole organization, or one company of it.'}
      </Typography>
      <List dense>
        {rows.map((row) => (
          <ListItem
            key={row.id}
            secondaryAction={
              <IconButton
                aria-label="Stop sharing"
                disabled={unsharing === row.id}
                onClick={async () => {
                  setUnsharing(row.id);
                  const result = await writes.removeWhitelist(user.id, row.id);
                  setUnsharing(null);
                  if (result.error) snackbar.error(result.error);
                  else await mutate();
                }}
              >
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText primary={orgName(row.organization_id)} secondary={row.company_id ? `Company ${row.company_id}` : 'Whole organization'} />
          </ListItem>
        ))}
        {rows.length === 0 && <ListItem><ListItemText secondary="Nothing shared." /></ListItem>}
      </List>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField select size="small" label="Organization" value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} sx={{ minWidth: 220 }}>
          {organizations.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Company" value={companyId} onChange={(e) => setCompanyId(e.target.value)} sx={{ minWidth: 220 }}>
          {!companyOnly && <MenuItem value="">Whole organization</MenuItem>}
          {companies.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={add} disabled={!organizationId || (companyOnly && !companyId)}>
          Share
        </Button>
      </Stack>
    </Paper>
  );
}

// ── /organizations/{id}/users ────────────────────────────────────────────────────────────────────

function useOrganizationScope(): { scope: UsersScope; organizationId: string } {
  const { organization_id = '' } = useParams();
  return { scope: { kind: 'organization', organizationId: organization_id }, organizationId: organization_id };
}

export function OrganizationUsersPage() {
  const { scope, organizationId } = useOrganizationScope();
  const linkTo = (user: User) => pagePath('organization.users.show', { organization_id: organizationId, user_id: user.id });
  return (
    <Stack spacing={2}>
      <PageTitle>Users</PageTitle>
      <NewUserButton scope={scope} linkTo={linkTo} />
      <UsersTable scope={scope} linkTo={linkTo} roles={ORG_AND_COMPANY_ROLES} />
    </Stack>
  );
}

export function OrganizationUserShowPage() {
  const me = useCurrentUser();
  const { scope, organizationId } = useOrganizationScope();
  const { user_id } = useParams();
  const canEdit = roleMayViewPage(me, 'organization.users.edit');
  return (
    <UserShow
      scope={scope}
      userId={user_id}
      listPath={pagePath('organization.users', { organization_id: organizationId })}
      editPath={canEdit ? (user) => pagePath('organization.users.edit', { organization_id: organizationId, user_id: user.id }) : undefined}
    />
  );
}

export function OrganizationUserEditPage() {
  const { scope, organizationId } = useOrganizationScope();
  return <UserEditPage scope={scope} userPage={(id) => pagePath('organization.users.show', { organization_id: organizationId, user_id: id })} />;
}

/** Edit User within a scope; saving or cancelling returns to the user's page. */
function UserEditPage({ scope, userPage }: { scope: UsersScope; userPage: (userId: string) => string }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { user_id } = useParams();
  const result = useUser(scope, user_id);
  const writes = useUserWrites(scope);
  return (
    <Loaded result={result}>
      {(user) => (
        <>
          <PageTitle>Edit User</PageTitle>
          <UserForm
            me={me}
            scope={scope}
            user={user}
            onSubmit={(body) => writes.update(user.id, body)}
            onDone={() => navigate(userPage(user.id))}
            onCancel={() => navigate(userPage(user.id))}
          />
        </>
      )}
    </Loaded>
  );
}

// ── /companies/{id}/users ────────────────────────────────────────────────────────────────────────

function useCompanyScope(): { scope: UsersScope; companyId: string } {
  const { company_id = '' } = useParams();
  return { scope: { kind: 'company', companyId: company_id }, companyId: company_id };
}

export function CompanyUsersPage() {
  const { scope, companyId } = useCompanyScope();
  const linkTo = (user: User) => pagePath('company.users.show', { company_id: companyId, user_id: user.id });
  return (
    <Stack spacing={2}>
      <PageTitle>Users</PageTitle>
      <NewUserButton scope={scope} linkTo={linkTo} />
      <UsersTable scope={scope} linkTo={linkTo} roles={ROLES_BY_USER_TYPE.company} />
    </Stack>
  );
}

export function CompanyUserShowPage() {
  const { scope, companyId } = useCompanyScope();
  const { user_id } = useParams();
  return <UserShow scope={scope} userId={user_id} listPath={pagePath('company.users', { company_id: companyId })} />;
}

// ── /agencies/{id}/users ─────────────────────────────────────────────────────────────────────────

const AGENCY_ROLES: readonly Role[] = ['AGENCY_ADMIN', 'AGENCY_USER'];

function useAgencyScope(): { scope: UsersScope; agencyId: string } {
  const { agency_id = '' } = useParams();
  return { scope: { kind: 'agency', agencyId: agency_id }, agencyId: agency_id };
}

const agencyUserLink = (agencyId: string, userId: string) => pagePath('agency.users.show', { agency_id: agencyId, user_id: userId });

export function AgencyUsersPage() {
  const { scope, agencyId } = useAgencyScope();
  return (
    <Stack spacing={2}>
      <PageTitle>Users</PageTitle>
      <Button variant="contained" component={RouterLink} to={pagePath('agency.users.new', { agency_id: agencyId })} sx={{ alignSelf: 'flex-start' }}>
        New user
      </Button>
      <UsersTable scope={scope} linkTo={(user) => agencyUserLink(agencyId, user.id)} roles={AGENCY_ROLES} />
    </Stack>
  );
}

export function AgencyUserNewPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { scope, agencyId } = useAgencyScope();
  const writes = useUserWrites(scope);
  return (
    <>
      <PageTitle>New User</PageTitle>
      <UserForm
        me={me}
        scope={scope}
        onSubmit={writes.create}
        onDone={(user) => navigate(agencyUserLink(agencyId, user.id))}
        onCancel={() => navigate(pagePath('agency.users', { agency_id: agencyId }))}
      />
    </>
  );
}

export function AgencyUserShowPage() {
  const { scope, agencyId } = useAgencyScope();
  const { user_id } = useParams();
  return (
    <UserShow
      scope={scope}
      userId={user_id}
      listPath={pagePath('agency.users', { agency_id: agencyId })}
      editPath={(user) => pagePath('agency.users.edit', { agency_id: agencyId, user_id: user.id })}
    />
  );
}

export function AgencyUserEditPage() {
  const { scope, agencyId } = useAgencyScope();
  return <UserEditPage scope={scope} userPage={(id) => agencyUserLink(agencyId, id)} />;
}
