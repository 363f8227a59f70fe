import { CfnOutput, Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** The handler module that turns SES bounces and complaints into suppression-list entries. */
export const SES_EVENTS_HANDLER = 'notifications/ses-events';

/** A stage's e-mail settings, from `-c fromAddress=… -c emailDomain=… -c mailFromDomain=…` (docs/email.md). */
export interface EmailSettings {
  /** Sender of every e-mail (Cognito codes, notifications). */
  fromAddress: string;
  /** The domain identity SES verifies with Easy DKIM; without it only `fromAddress` itself is verified. */
  domain?: string;
  /** Custom MAIL FROM (a subdomain of `domain`), so SPF aligns for DMARC. */
  mailFromDomain?: string;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const ADDRESS = /^[^\s@]+@([^\s@]+)$/;
const within = (name: string, domain: string) => name.toLowerCase() === domain.toLowerCase() || name.toLowerCase().endsWith(`.${domain.toLowerCase()}`);
const text = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : String(value).trim());

/**
 * Validates the e-mail context values at synth. `fromAddress` may still be a bare domain (the old
 * form), which means `no-reply@<domain>` sent from that domain identity.
 */
export function parseEmailSettings(input: { fromAddress?: unknown; emailDomain?: unknown; mailFromDomain?: unknown }): EmailSettings {
  let fromAddress = text(input.fromAddress) ?? 'no-reply@example.com';
  let domain = text(input.emailDomain);
  const mailFromDomain = text(input.mailFromDomain);
  if (!fromAddress.includes('@')) {
    if (!DOMAIN.test(fromAddress)) throw new Error(`fromAddress must be an e-mail address or a domain (got "${fromAddress}").`);
    domain ??= fromAddress;
    fromAddress = `no-reply@${fromAddress}`;
  }
  const addressDomain = ADDRESS.exec(fromAddress)?.[1];
  if (!addressDomain || !DOMAIN.test(addressDomain)) throw new Error(`fromAddress must be an e-mail address such as no-reply@mail.example.com (got "${fromAddress}").`);
  if (domain !== undefined) {
    if (!DOMAIN.test(domain)) throw new Error(`emailDomain must be a domain name such as mail.example.com (got "${domain}").`);
    if (!within(addressDomain, domain)) throw new Error(`fromAddress ${fromAddress} is not on emailDomain ${domain}: SES only sends from a verified identity.`);
  }
  if (mailFromDomain !== undefined) {
    if (!domain) throw new Error('mailFromDomain needs emailDomain: a custom MAIL FROM is set on a domain identity.');
    if (!DOMAIN.test(mailFromDomain) || mailFromDomain.toLowerCase() === domain.toLowerCase() || !within(mailFromDomain, domain)) {
      throw new Error(`mailFromDomain must be a subdomain of ${domain}, such as bounce.${domain} (got "${mailFromDomain}").`);
    }
  }
  return { fromAddress, domain, mailFromDomain };
}

export interface EmailProps extends EmailSettings {
  removalPolicy: RemovalPolicy;
}

/**
 * The SES identity both Cognito (e-mail MFA, password reset) and the notify Lambdas send from, and
 * the configuration set every send names: SES's own suppression of bounces and complaints for it,
 * and those events published to an SNS topic that feeds the platform's suppression list.
 */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly fromAddress: string;
  /** The verified identity name: the domain, or the address itself when no domain was given. */
  readonly identityName: string;
  readonly configurationSet: ses.ConfigurationSet;
  /** Bounce and complaint events of the configuration set. */
  readonly feedbackTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;
    this.identityName = props.domain ?? props.fromAddress;
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: props.domain ? ses.Identity.domain(props.domain) : ses.Identity.email(props.fromAddress),
      // Easy DKIM (2048-bit keys SES rotates itself); the three CNAMEs are stack outputs.
      ...(props.domain ? { dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT) } : {}),
      mailFromDomain: props.mailFromDomain,
      // Sends that name no configuration set (Cognito's) still get its suppression and events.
      configurationSet: this.configurationSet,
    });

    // SES publishes to an encrypted topic only if the key lets it; a key of its own keeps that grant off the data key.
    const key = new kms.Key(this, 'FeedbackKey', {
      description: 'SES bounce and complaint notifications',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.feedbackTopic = new sns.Topic(this, 'FeedbackTopic', { masterKey: key, enforceSSL: true, displayName: 'SES bounces and complaints' });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.feedbackTopic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    if (props.domain) {
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}`, description: `DKIM record ${i + 1} of 3 to publish in ${props.domain}` });
      });
    }
  }

  /** The function that records bounces and complaints in the suppression list. */
  sendFeedbackTo(fn: lambda.IFunction): void {
    this.feedbackTopic.addSubscription(new subscriptions.LambdaSubscription(fn));
  }
}
