import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmailSettings, SES_EVENTS_HANDLER } from '../../infra/constructs/email';
import { synth, type Synthesized } from './support';

/** A stage's sender identity (DKIM, MAIL FROM), its configuration set and the bounce and complaint feed. */

describe('e-mail context values', () => {
  it('takes a sender on a DKIM domain and an optional MAIL FROM subdomain', () => {
    expect(parseEmailSettings({ fromAddress: 'no-reply@mail.example.com', emailDomain: 'mail.example.com', mailFromDomain: 'bounce.mail.example.com' })).toEqual({
      fromAddress: 'no-reply@mail.example.com',
      domain: 'mail.example.com',
      mailFromDomain: 'bounce.mail.example.com',
    });
    expect(parseEmailSettings({ fromAddress: 'example.org' })).toEqual({ fromAddress: 'no-reply@example.org', domain: 'example.org', mailFromDomain: undefined });
    expect(parseEmailSettings({})).toEqual({ fromAddress: 'no-reply@example.com', domain: undefined, mailFromDomain: undefined });
  });

  it.each([
    [{ fromAddress: 'no reply@example.com' }, /fromAddress must be an e-mail address/],
    [{ fromAddress: 'no-reply@other.com', emailDomain: 'mail.example.com' }, /is not on emailDomain mail\.example\.com/],
    [{ fromAddress: 'no-reply@example.com', emailDomain: 'not a domain' }, /emailDomain must be a domain name/],
    [{ fromAddress: 'no-reply@example.com', mailFromDomain: 'bounce.example.com' }, /mailFromDomain needs emailDomain/],
    [{ fromAddress: 'no-reply@example.com', emailDomain: 'example.com', mailFromDomain: 'bounce.other.com' }, /mailFromDomain must be a subdomain of example\.com/],
    [{ fromAddress: 'no-reply@example.com', emailDomain: 'example.com', mailFromDomain: 'example.com' }, /mailFromDomain must be a subdomain/],
  ])('refuses %j at synth', (input, message) => {
    expect(() => parseEmailSettings(input)).toThrow(message);
  });
});

describe('prod with a sending domain', () => {
  let s: Synthesized;
  let template: Template;
  beforeAll(() => {
    s = synth('prod', { fromAddress: 'no-reply@mail.example.com', emailDomain: 'mail.example.com', mailFromDomain: 'bounce.mail.example.com' });
    template = Template.fromStack(s.stack);
  });

  it('verifies the domain with Easy DKIM and the custom MAIL FROM, and outputs the three DKIM records', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.example.com',
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      MailFromAttributes: { MailFromDomain: 'bounce.mail.example.com' },
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    const outputs = Object.keys(template.toJSON().Outputs as object).filter((k) => k.includes('DkimRecord'));
    expect(outputs).toHaveLength(3);
  });

  it('has a configuration set with SES suppression that publishes bounces and complaints to an encrypted topic feeding the suppression Lambda', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: Match.anyValue() } }),
    });
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const fn = s.stack.node.findAll().find((c) => (c as { handlerModule?: string }).handlerModule === SES_EVENTS_HANDLER);
    expect(fn).toBeDefined();
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      Endpoint: { 'Fn::GetAtt': [s.stack.getLogicalId((fn as never as { node: { defaultChild: never } }).node.defaultChild), 'Arn'] },
    });
  });

  it('names the configuration set to every function and lets them send with it', () => {
    const senders = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.SES_FROM_ADDRESS);
    expect(senders.length).toBeGreaterThan(0);
    for (const f of senders) expect(f.Properties.Environment.Variables.SES_CONFIGURATION_SET).toEqual({ Ref: expect.stringMatching(/^EmailConfigurationSet/) });
    const policies = JSON.stringify(template.findResources('AWS::IAM::ManagedPolicy'));
    expect(policies).toContain(':configuration-set/');
  });
});
