import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { stackName, parseStage } from '../../infra/stack';

/** The stack outputs the bootstrap needs (infra/stack.ts writes them). */
export const BOOTSTRAP_OUTPUTS = ['UserPoolId', 'TableName', 'PublicUrl', 'SesFromAddress'] as const;
export type BootstrapOutput = (typeof BOOTSTRAP_OUTPUTS)[number];

/** The environment the platform's own code reads (functions/lib/config.ts), as a deployed stage's functions get it. */
export type PlatformEnv = Record<string, string>;

/** The environment of a deployed stage, from its outputs. */
export function stageEnvironment(stage: string, region: string, outputs: Partial<Record<string, string>>): PlatformEnv {
  const missing = BOOTSTRAP_OUTPUTS.filter((key) => !outputs[key]);
  if (missing.length) {
    throw new Error(
      `The stack ${stackName(parseStage(stage))} has no output ${missing.join(', ')}: deploy the stage with this version of the platform (npx cdk deploy -c stage=${stage}) and run the bootstrap again.`,
    );
  }
  return {
    STAGE: stage,
    AWS_REGION: region,
    TABLE_NAME: outputs.TableName!,
    USER_POOL_ID: outputs.UserPoolId!,
    PUBLIC_URL: outputs.PublicUrl!,
    SES_FROM_ADDRESS: outputs.SesFromAddress!,
  };
}

/** Reads the stage's stack outputs with the caller's AWS credentials (the ones `cdk deploy` used). */
export async function discoverStage(stage: string, regionOption?: string): Promise<PlatformEnv> {
  const name = stackName(parseStage(stage));
  const client = new CloudFormationClient(regionOption ? { region: regionOption } : {});
  const region = await client.config.region();
  let outputs: Record<string, string>;
  try {
    const { Stacks = [] } = await client.send(new DescribeStacksCommand({ StackName: name }));
    outputs = Object.fromEntries((Stacks[0]?.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue ?? '']));
  } catch (error) {
    if (/does not exist/i.test((error as Error).message)) {
      throw new Error(`No stack ${name} in ${region}: deploy the stage first (npx cdk deploy -c stage=${stage}), or give the region it is in (--region).`, { cause: error });
    }
    throw error;
  }
  return stageEnvironment(stage, region, outputs);
}
