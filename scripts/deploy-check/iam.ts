import type { RouteDef } from '../../functions/routes';
import { dataAccessOf, type DataAccess } from '../../infra/route-data-access';
import { referencedId, resolveThroughParents, resourcesOf, whereIs, type Assembly, type AssemblyTemplate } from './assembly';
import type { Finding } from './findings';

/** The services that hold the stage's data: the table, the buckets and the key that encrypts them. */
const DATA_SERVICES = ['dynamodb', 's3', 'kms'];

/** Actions on those services that change nothing; every other action of theirs counts as a write. */
const READ_ACTIONS = new Set(
  [
    'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable', 'dynamodb:TransactGetItems', 'dynamodb:PartiQLSelect',
    's3:GetObject', 's3:GetObjectAttributes', 's3:GetObjectVersion', 's3:ListBucket', 's3:ListMultipartUploadParts',
    's3:ListBucketMultipartUploads', 's3:GetBucketLocation',
    'kms:Decrypt', 'kms:DescribeKey',
  ].map((a) => a.toLowerCase()),
);

const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const serviceOf = (action: string) => action.split(':')[0].toLowerCase();
const isDataAction = (action: string) => action === '*' || DATA_SERVICES.includes(serviceOf(action));

interface Statement {
  Effect?: string;
  Action?: unknown;
  Resource?: unknown;
}

interface RoleRef {
  entry: AssemblyTemplate;
  logicalId: string;
}

const roleKey = (r: RoleRef) => `${r.entry.file}#${r.logicalId}`;

/** The identity policies of the assembly, with the roles each is attached to. */
function identityPolicies(assembly: Assembly) {
  const out: Array<{ where: string; statements: Statement[]; roles: string[] }> = [];
  for (const { entry, logicalId, resource } of resourcesOf(assembly)) {
    const props = resource.Properties ?? {};
    const roles = (list: unknown) => asList(list).flatMap((r) => (referencedId(r) ? [roleKey({ entry, logicalId: referencedId(r)! })] : []));
    if (resource.Type === 'AWS::IAM::ManagedPolicy' || resource.Type === 'AWS::IAM::Policy') {
      out.push({ where: whereIs(entry, logicalId), statements: asList(props.PolicyDocument?.Statement) as Statement[], roles: roles(props.Roles) });
    } else if (resource.Type === 'AWS::IAM::Role') {
      for (const policy of asList(props.Policies) as Array<{ PolicyDocument?: { Statement?: unknown } }>) {
        out.push({ where: whereIs(entry, logicalId), statements: asList(policy.PolicyDocument?.Statement) as Statement[], roles: [roleKey({ entry, logicalId })] });
      }
    }
  }
  return out;
}

/** For each role that runs a route handler: the routes its functions serve (from the `dvp:handler` metadata). */
function routesByRole(assembly: Assembly, routes: readonly RouteDef[]) {
  const byRole = new Map<string, RouteDef[]>();
  for (const { entry, resource } of resourcesOf(assembly, 'AWS::Lambda::Function')) {
    const handler = resource.Metadata?.['dvp:handler'];
    const served = routes.filter((r) => r.handler === handler);
    if (!served.length) continue;
    const { entry: at, value } = resolveThroughParents(entry, resource.Properties?.Role);
    const id = referencedId(value);
    if (!id) continue;
    const key = roleKey({ entry: at, logicalId: id });
    byRole.set(key, [...(byRole.get(key) ?? []), ...served]);
  }
  return byRole;
}

const describe = (routes: RouteDef[]) => {
  const names = [...new Set(routes.map((r) => `${r.method} ${r.path}`))];
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
};

/**
 * Permissions on the stage's data, held to what the routes declare (infra/route-data-access.ts):
 * - no statement anywhere lets a data action (dynamodb:, s3:, kms:) apply to `Resource: "*"`;
 * - a role that runs route handlers has no wildcard data action (`s3:*`, `dynamodb:*`, `*`),
 *   no data action at all when its routes are all public, and no write action when they only read.
 */
export function iamFindings(assembly: Assembly, routes: readonly RouteDef[]): Finding[] {
  const findings: Finding[] = [];
  const byRole = routesByRole(assembly, routes);
  for (const policy of identityPolicies(assembly)) {
    const served = policy.roles.flatMap((r) => byRole.get(r) ?? []);
    const access: DataAccess | undefined = served.length ? dataAccessOf(served) : undefined;
    for (const statement of policy.statements) {
      if (statement.Effect && statement.Effect !== 'Allow') continue;
      const actions = asList(statement.Action).filter((a): a is string => typeof a === 'string' && isDataAction(a));
      if (!actions.length) continue;
      if (asList(statement.Resource).includes('*')) {
        findings.push({ check: 'iam', where: policy.where, problem: `${actions.join(', ')} on Resource "*": name the table, bucket or key` });
      }
      if (!access) continue;
      const why = `its routes (${describe(served)})`;
      const wildcards = actions.filter((a) => a.includes('*'));
      if (wildcards.length) findings.push({ check: 'iam', where: policy.where, problem: `wildcard action ${wildcards.join(', ')} for ${why}: list the actions` });
      if (access === 'none') {
        findings.push({ check: 'iam', where: policy.where, problem: `${actions.join(', ')} granted, but ${why} are public and touch no data` });
        continue;
      }
      const writes = actions.filter((a) => !a.includes('*') && !READ_ACTIONS.has(a.toLowerCase()));
      if (access === 'read' && writes.length) {
        findings.push({ check: 'iam', where: policy.where, problem: `write actions ${writes.join(', ')} granted, but ${why} only read (GET)` });
      }
    }
  }
  return findings;
}
