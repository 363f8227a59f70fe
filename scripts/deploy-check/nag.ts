import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CloudFormationValidatePlugin } from 'aws-cdk-lib';
import type { Finding } from './findings';

const CLOUDFORMATION_VALIDATE = CloudFormationValidatePlugin.PLUGIN_NAME;

interface ValidationReport {
  pluginReports?: Array<{
    pluginName: string;
    violations?: Array<{ ruleName: string; description: string; severity?: string; violatingConstructs?: Array<{ constructPath?: string }> }>;
  }>;
}

/**
 * The cdk-nag findings of a synth, read from the validation report CDK writes into the assembly.
 * infra/app.ts registers AwsSolutions and HIPAA.Security as validation plugins, so `cdk synth`
 * runs both over every stack, nested ones included, and records what was not acknowledged. An
 * error or a warning counts: a synth with a finding is not deployable.
 */
export function nagFindings(assemblyDir: string): Finding[] {
  const file = path.join(assemblyDir, 'validation-report.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as ValidationReport;
  // CDK's own CloudFormation Validate plugin may report here too; cloudformation.ts covers that.
  const nagPlugins = (report.pluginReports ?? []).filter((plugin) => plugin.pluginName !== CLOUDFORMATION_VALIDATE);
  return nagPlugins.flatMap((plugin) =>
    (plugin.violations ?? [])
      .filter((v) => v.severity !== 'informational' && v.severity !== 'debug')
      .flatMap((v) =>
        (v.violatingConstructs?.length ? v.violatingConstructs : [{ constructPath: '(app)' }]).map((c) => ({
          check: 'nag',
          where: c.constructPath ?? '(app)',
          problem: `${v.ruleName} (${plugin.pluginName}): ${v.description}`,
        })),
      ),
  );
}
