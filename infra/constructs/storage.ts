import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { CONVERSION_RETENTION_DAYS, CONVERSIONS_PREFIX, EXPORTS_PREFIX } from '../../functions/lib/storage/object-keys';
import { acknowledge } from './nag';

export interface StorageProps {
  removalPolicy: RemovalPolicy;
  /** Encrypts the uploads: the same enrollment data the table holds. */
  dataKey: kms.IKey;
  /** Encrypts the access logs (S3 server access logs and CloudFront standard logs). */
  logKey: kms.IKey;
  /** Days an export workbook is kept; its download link lasts minutes, the copy is not needed after. */
  exportRetentionDays: number;
}

/**
 * Buckets, each encrypted with a customer-managed key: uploads (raw files and parsed rows, the data
 * key), web (the SPA, read only by CloudFront, its own key) and logs (S3 server access logs and
 * CloudFront standard logs, the log key).
 */
export class Storage extends Construct {
  readonly logsBucket: s3.Bucket;
  readonly uploadsBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  /** The web bucket's key: CloudFront may decrypt with it, which the data key must never allow. */
  readonly webKey: kms.Key;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const destroy = props.removalPolicy === RemovalPolicy.DESTROY;
    const common = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: props.removalPolicy,
      // Dev stacks come and go; prod buckets are retained, so never emptied by CloudFormation.
      autoDeleteObjects: destroy,
    };

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      ...common,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: props.logKey,
      bucketKeyEnabled: true,
      // CloudFront standard logging writes with ACLs; S3 access-log delivery does not need them.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // Versions keep an overwritten or deleted log file recoverable for as long as the logs are kept.
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(365), noncurrentVersionExpiration: Duration.days(365) }],
    });
    acknowledge(
      this.logsBucket,
      'AwsSolutions-S1',
      'This is the access-log target bucket itself; logging it into itself would loop and logging it elsewhere adds a bucket with the same problem.',
    );

    this.uploadsBucket = new s3.Bucket(this, 'UploadsBucket', {
      ...common,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: props.dataKey,
      bucketKeyEnabled: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [
        // Exports are streamed up as multipart uploads; one cut off mid-way would otherwise be billed forever.
        { id: 'AbortIncompleteMultipartUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Each export is a fresh copy of SSNs and birth dates that can be made again from the comparison.
        { id: 'ExpireExports', prefix: EXPORTS_PREFIX, expiration: Duration.days(props.exportRetentionDays) },
        // A carrier file conversion (original and converted workbook) is rewritten in place at each use, so this counts from its last use.
        { id: 'ExpireCarrierFileConversions', prefix: CONVERSIONS_PREFIX, expiration: Duration.days(CONVERSION_RETENTION_DAYS) },
      ],
    });

    this.webKey = new kms.Key(this, 'WebKey', {
      description: 'Data Validation Platform: web app bucket (CloudFront reads it through OAC)',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    acknowledge(
      this.uploadsBucket,
      'HIPAA.Security-S3BucketVersioningEnabled',
      'Uploads, parsed rows and exports hold SSNs and dates of birth; a deleted file or an expired export must really be gone, and versions would keep every deleted copy.',
    );

    // The key policy cannot name the distribution (key → bucket → distribution → key would be a cycle),
    // so CloudFront may decrypt for any distribution of this account; the bucket holds only the public SPA.
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:wildcardKeyPolicyForOac',
      'The web key decrypts only the SPA, which CloudFront serves publicly; CloudFront may use it for this account only.',
    );
    this.webBucket = new s3.Bucket(this, 'WebBucket', {
      ...common,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.webKey,
      bucketKeyEnabled: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'web/',
    });
    acknowledge(
      this.webBucket,
      'HIPAA.Security-S3BucketVersioningEnabled',
      'The web bucket holds only the built SPA, which every deploy copies again from the repository (and prunes); it holds no data to recover.',
    );
    for (const bucket of [this.logsBucket, this.uploadsBucket, this.webBucket]) {
      acknowledge(
        bucket,
        'HIPAA.Security-S3BucketReplicationEnabled',
        'The platform is deployed in one region; a replica would be a second copy of enrollment data in another region to secure and delete. Recovery relies on the table\'s point-in-time recovery and on re-uploading source files.',
      );
    }
  }

  /** The browser PUTs file bytes with a presigned URL from the site origin and reads the ETag back. */
  allowBrowserUploadsFrom(origins: string[]): void {
    this.uploadsBucket.addCorsRule({
      allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
      allowedOrigins: origins,
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
