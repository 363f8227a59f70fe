import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { Role } from '../../shared/roles';
import { USER_POOL_PASSWORD_POLICY } from '../../shared/validation';
import type { Email } from './email';
import { acknowledge } from './nag';

export interface AuthProps {
  removalPolicy: RemovalPolicy;
  email: Email;
  /**
   * prod: PLUS plan with threat protection enforced. dev: ESSENTIALS (the cheapest plan with
   * e-mail MFA), no threat protection: dev has demo users only.
   */
  threatProtection: boolean;
}

/** Custom attributes mirroring the user record; only admin APIs (the platform's Lambdas) write them. */
export const CUSTOM_ATTRIBUTES = ['role', 'agency_id', 'organization_id', 'company_id'] as const;

/**
 * The user pool: e-mail is the username, nobody signs themselves up (admins invite), MFA is
 * optional with TOTP or e-mail codes. The app client may read but never write role and tenant
 * attributes, so a user cannot promote themselves by updating their own profile.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly groups: string[] = [...Role.values];

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: Object.fromEntries(
        CUSTOM_ATTRIBUTES.map((name) => [name, new cognito.StringAttribute({ mutable: true, minLen: 0, maxLen: 256 })]),
      ),
      // The web app checks and shows the same policy where a password is set.
      passwordPolicy: {
        minLength: USER_POOL_PASSWORD_POLICY.minLength,
        requireLowercase: USER_POOL_PASSWORD_POLICY.requireLowercase,
        requireUppercase: USER_POOL_PASSWORD_POLICY.requireUppercase,
        requireDigits: USER_POOL_PASSWORD_POLICY.requireNumbers,
        requireSymbols: USER_POOL_PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true, email: true },
      // E-mail MFA requires Cognito to send through our own SES identity, not its default sender.
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.email.fromAddress,
        fromName: 'Data Validation Platform',
        sesRegion: Stack.of(this).region,
        sesVerifiedDomain: props.email.identityName.includes('@') ? undefined : props.email.identityName,
      }),
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: props.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: props.threatProtection ? cognito.StandardThreatProtectionMode.FULL_FUNCTION : undefined,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });
    // Cognito validates the SES identity when the pool is created.
    this.userPool.node.addDependency(props.email.identity);

    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'Cognito can only require MFA for the whole pool, not per group; requiring it for everyone would take away the users\' choice (TOTP, e-mail or none) and break local sign-in (cognito-local has no MFA_SETUP challenge). The API requires it of the admin roles instead: with REQUIRE_ADMIN_MFA, on in every deployed stage, a DMS Admin, agency admin or organization admin without an MFA method is refused every route but /api/me until they set one up (docs/security-edge.md). Accounts are admin-invited; prod threat protection challenges risky sign-ins.',
    );
    if (props.threatProtection) {
      // Adaptive authentication: leaked passwords never sign in, a risky sign-in is challenged for its
      // MFA (or blocked when the risk is high). No e-mail from Cognito: it would come from a second sender.
      new cognito.CfnUserPoolRiskConfigurationAttachment(this, 'RiskConfiguration', {
        userPoolId: this.userPool.userPoolId,
        clientId: 'ALL',
        compromisedCredentialsRiskConfiguration: { actions: { eventAction: 'BLOCK' } },
        accountTakeoverRiskConfiguration: {
          actions: {
            lowAction: { eventAction: 'NO_ACTION', notify: false },
            mediumAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
            highAction: { eventAction: 'BLOCK', notify: false },
          },
        },
      });
    } else {
      acknowledge(
        this.userPool,
        'AwsSolutions-COG8',
        'dev holds demo users only; the PLUS plan (threat protection) is billed per active user and is enabled in prod, where real users sign in.',
      );
    }

    const standardWrite = new cognito.ClientAttributes().withStandardAttributes({
      email: true,
      givenName: true,
      familyName: true,
      phoneNumber: true,
    });
    this.client = this.userPool.addClient('WebClient', {
      // In AWS the SPA signs in with SRP only; USER_PASSWORD_AUTH exists only against cognito-local,
      // which has no SRP (see docs/deploy.md).
      authFlows: { userSrp: true, userPassword: false, adminUserPassword: false, custom: false },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: standardWrite
        .withStandardAttributes({ email: true, emailVerified: true, givenName: true, familyName: true, phoneNumber: true })
        .withCustomAttributes(...CUSTOM_ATTRIBUTES),
      writeAttributes: standardWrite,
    });

    for (const role of Role.values) {
      new cognito.CfnUserPoolGroup(this, `Group${role}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        description: Role.labels[role],
      });
    }
  }
}
