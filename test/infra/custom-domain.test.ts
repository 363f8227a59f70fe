import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCustomDomain } from '../../infra/stack';
import { synth, type Synthesized } from './support';

/**
 * A stage on its own domain: CloudFront answers that name with the operator's us-east-1 ACM
 * certificate at TLS 1.2, browsers upload from that origin, and e-mail links point there. The
 * domain and its certificate are given together or the synth stops.
 */
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

const resourcesOf = (s: Synthesized, type: string) =>
  Object.values(s.templates).flatMap((t) => Object.values((t as { Resources: Record<string, { Type: string; Properties: any }> }).Resources).filter((r) => r.Type === type));

describe('a stage with a custom domain', () => {
  let custom: Synthesized;
  let plain: Synthesized;
  beforeAll(() => {
    custom = synth('prod', { publicUrl: 'https://benefits.example.com', certificateArn: CERTIFICATE });
    plain = synth('prod');
  });

  it('is served by CloudFront on that name with the given certificate and TLS 1.2', () => {
    const [distribution] = resourcesOf(custom, 'AWS::CloudFront::Distribution');
    expect(distribution!.Properties.DistributionConfig.Aliases).toEqual(['benefits.example.com']);
    expect(distribution!.Properties.DistributionConfig.ViewerCertificate).toMatchObject({
      AcmCertificateArn: CERTIFICATE,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    const [withoutDomain] = resourcesOf(plain, 'AWS::CloudFront::Distribution');
    expect(withoutDomain!.Properties.DistributionConfig.Aliases).toBeUndefined();
  });

  it('lets browsers upload from the custom origin as well as the CloudFront one', () => {
    const origins = resourcesOf(custom, 'AWS::S3::Bucket').flatMap((b) => (b.Properties.CorsConfiguration?.CorsRules ?? []).flatMap((r: { AllowedOrigins: unknown[] }) => r.AllowedOrigins));
    expect(origins).toContain('https://benefits.example.com');
    expect(JSON.stringify(origins)).toContain('DomainName');
  });

  it.each([
    ['AwsSolutions', () => new AwsSolutionsChecks()],
    ['HIPAA.Security', () => new HIPAASecurityChecks()],
  ] as const)('passes %s without the default-certificate acknowledgement', (_name, pack) => {
    const report = pack().validateScope(custom.app);
    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it('needs the domain and its us-east-1 certificate together', () => {
    expect(parseCustomDomain(undefined, undefined)).toBeUndefined();
    expect(parseCustomDomain('https://benefits.example.com', CERTIFICATE)).toEqual({ domainName: 'benefits.example.com', certificateArn: CERTIFICATE });
    expect(() => parseCustomDomain('https://benefits.example.com', undefined)).toThrow(/give the ACM certificate CloudFront serves it with/);
    expect(() => parseCustomDomain(undefined, CERTIFICATE)).toThrow(/give the domain too/);
    expect(() => parseCustomDomain('https://benefits.example.com', CERTIFICATE.replace('us-east-1', 'eu-west-1'))).toThrow(/ACM certificate in us-east-1/);
    expect(() => parseCustomDomain('https://benefits.example.com/app', CERTIFICATE)).toThrow(/without a path/);
  });
});
