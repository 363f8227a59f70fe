import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  /** `no-reply@example.com` verifies one address; a bare domain verifies the whole domain (DKIM). */
  fromAddress: string;
}

/** The SES identity both Cognito (e-mail MFA, password reset) and the notify Lambdas send from. */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly fromAddress: string;
  /** The verified identity name: the address itself, or its domain when a domain was given. */
  readonly identityName: string;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress.includes('@') ? props.fromAddress : `no-reply@${props.fromAddress}`;
    this.identityName = props.fromAddress;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: props.fromAddress.includes('@')
        ? ses.Identity.email(props.fromAddress)
        : ses.Identity.domain(props.fromAddress),
    });
  }
}
