import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { DvpStack, parseCustomDomain, parseExportRetentionDays, parsePublicUrl, parseStage, stackName } from './stack';

const app = new App();
const stage = parseStage(app.node.tryGetContext('stage'));
const fromAddress = String(app.node.tryGetContext('fromAddress') ?? 'no-reply@example.com');
const contactUrl = app.node.tryGetContext('contactUrl') as string | undefined;
const publicUrl = parsePublicUrl(app.node.tryGetContext('publicUrl'));
const certificateArn = app.node.tryGetContext('certificateArn') as string | undefined;
// Stops the synth when a custom domain and its certificate do not come together.
parseCustomDomain(publicUrl, certificateArn);
const exportRetentionDays = parseExportRetentionDays(app.node.tryGetContext('exportRetentionDays'));

new DvpStack(app, stackName(stage), {
  stage,
  fromAddress,
  emailDomain: app.node.tryGetContext('emailDomain') as string | undefined,
  mailFromDomain: app.node.tryGetContext('mailFromDomain') as string | undefined,
  contactUrl,
  publicUrl,
  certificateArn,
  exportRetentionDays,
  // No lookups happen, so synth stays offline; the account comes from the deploying credentials.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Data Validation Platform (${stage})`,
});

// Any unacknowledged AwsSolutions or HIPAA.Security finding fails the synth itself, not only the tests.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
