import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../../functions/routes';
import { readAssembly } from './assembly';
import { cloudFormationFindings } from './cloudformation';
import { environmentFindings, environmentNotes } from './environment';
import { formatFinding, type Finding } from './findings';
import { iamFindings } from './iam';
import { lambdaLimitFindings } from './lambda-limits';
import { nagFindings } from './nag';
import { synthStage } from './synth';

/**
 * npm run deploy:check -- --stage prod [-c key=value …] [--keep]
 *
 * A deploy rehearsal without an account: synthesizes every stack of the stage once, as `cdk
 * deploy` would, then runs every check over that one assembly. Exit 1 with each finding on its
 * own line, 0 when the stage is deployable as far as can be told offline.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      context: { type: 'string', short: 'c', multiple: true },
      keep: { type: 'boolean' },
    },
  });
  if (!values.stage) {
    console.error('Usage: npm run deploy:check -- --stage <dev|prod> [-c key=value …] [--keep]');
    process.exit(2);
  }
  const started = Date.now();
  const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
  const outdir = mkdtempSync(path.join(os.tmpdir(), `dvp-deploy-check-${values.stage}-`));
  const findings: Finding[] = [];
  try {
    let t = Date.now();
    const synth = await synthStage(values.stage, values.context ?? [], outdir);
    console.log(`synth of stage ${values.stage} (bundling on): ${seconds(t)}`);
    findings.push(...nagFindings(outdir));
    if (!existsSync(path.join(outdir, 'manifest.json'))) {
      console.error(synth.output.trim());
      findings.push({ check: 'synth', where: values.stage, problem: 'cdk synth produced no assembly (its output is above)' });
      return report(findings, started);
    }
    if (!synth.ok && !findings.length) {
      console.error(synth.output.trim());
      findings.push({ check: 'synth', where: values.stage, problem: 'cdk synth failed (its output is above)' });
    }
    const assembly = readAssembly(outdir);
    console.log(`templates: ${assembly.templates.length} (${[...new Set(assembly.templates.map((x) => x.stackName))].join(', ')} and nested stacks)`);

    t = Date.now();
    const cfn = cloudFormationFindings(assembly, process.env.CDK_DEFAULT_REGION ?? 'us-east-1');
    findings.push(...cfn.errors);
    console.log(`CloudFormation schema validation: ${seconds(t)}`);
    for (const w of cfn.warnings) console.log(`  warning ${formatFinding(w)}`);

    t = Date.now();
    findings.push(...(await lambdaLimitFindings(assembly)), ...iamFindings(assembly, routes), ...environmentFindings(assembly));
    console.log(`Lambda limits, IAM, environment: ${seconds(t)}`);
    for (const note of environmentNotes(assembly)) console.log(`  note: ${note}`);
    return report(findings, started);
  } finally {
    if (values.keep) console.log(`assembly kept in ${outdir}`);
    else rmSync(outdir, { recursive: true, force: true });
  }
}

function report(findings: Finding[], started: number) {
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (findings.length) {
    console.log(`\ndeploy check FAILED: ${findings.length} finding(s) in ${took}`);
    for (const f of findings) console.log(`  ${formatFinding(f)}`);
    process.exitCode = 1;
  } else {
    console.log(`\ndeploy check passed in ${took}: cdk-nag, CloudFormation schemas, Lambda limits, IAM, environment`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
