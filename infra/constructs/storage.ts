import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORTS_PREFIX } from '../../functions/lib/comparisons/object-keys';
import { acknowledge } from './nag';

export interface StorageProps {
  removalPolicy: RemovalPolicy;
  /** Encrypts the uploads: the same enrollment data the table holds. */
  dataKey: kms.IKey;
  /** Days an export workbook is kept; its download link lasts minutes, the copy is not needed after. */
  exportRetentionDays: number;
}

/**
 * Buckets: uploads (raw files and parsed rows, KMS-encrypted), web (the SPA, read only by
 * CloudFront) and logs (S3 server access logs and CloudFront standard logs).
 */
export class Storage extends Construct {
  readonly logsBucket: s3.Bucket;
  readonly uploadsBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;

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
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs; S3 access-log delivery does not need them.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
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
      ],
    });

    this.webBucket = new s3.Bucket(this, 'WebBucket', {
      ...common,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'web/',
    });
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
