import path from 'node:path';
import { CloudFormationValidatePlugin, type IPolicyValidationContext } from 'aws-cdk-lib';
import type { Assembly } from './assembly';
import type { Finding } from './findings';

/** Account id the validator resolves `AWS::AccountId` to; no account is needed to synthesize. */
const PLACEHOLDER_ACCOUNT = '123456789012';

/**
 * Each template against the CloudFormation resource provider schemas, with AWS's offline validator
 * (@aws/cloudformation-validate: cfn-lint's rules and the registry schemas of every resource type,
 * compiled to WebAssembly). aws-cdk-lib ships it and exposes it as CloudFormationValidatePlugin, so
 * the schemas move with the CDK version that deploys the stage and nothing else is installed.
 * Errors (a property the schema does not have, a wrong type, a missing required property, a
 * reference to nothing) fail the check; warnings are returned apart, to be shown.
 */
export function cloudFormationFindings(assembly: Assembly, region = 'us-east-1'): { errors: Finding[]; warnings: Finding[] } {
  const templatePaths = assembly.templates.map((t) => path.join(assembly.dir, t.file));
  const plugin = new CloudFormationValidatePlugin();
  try {
    const report = plugin.validate({
      templatePaths,
      stackTemplates: assembly.templates.map((t, i) => ({ templatePath: templatePaths[i], stackConstructPath: t.stackName, region, accountId: PLACEHOLDER_ACCOUNT })),
    } as unknown as IPolicyValidationContext);
    const errors: Finding[] = [];
    const warnings: Finding[] = [];
    for (const v of report.violations) {
      for (const r of v.violatingResources) {
        const finding = {
          check: 'cloudformation',
          where: `${path.basename(r.templatePath ?? '(template)')}${r.resourceLogicalId ? ` ${r.resourceLogicalId}` : ''}`,
          problem: `${v.ruleName}: ${v.description}`,
        };
        (v.severity === 'error' || v.severity === 'fatal' ? errors : warnings).push(finding);
      }
    }
    return { errors, warnings };
  } finally {
    (plugin as unknown as { _dispose?: () => void })._dispose?.();
  }
}
