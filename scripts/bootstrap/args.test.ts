import { describe, expect, it } from 'vitest';
import { parseBootstrapArgs, UsageError } from './args';
import { stageEnvironment } from './stage-resources';

describe('bootstrap command line', () => {
  it('reads a stage, the e-mail (lower-cased) and the name split into first and last', () => {
    expect(parseBootstrapArgs(['--stage', 'prod', '--email', 'Ops@Example.com', '--name', 'Grace  Brewster Hopper'], {})).toEqual({
      target: { kind: 'stage', stage: 'prod', region: undefined },
      email: 'ops@example.com',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      catalog: true,
    });
  });

  it('finds the local stack on DATA_DIR (default .data) and may leave the catalog alone', () => {
    expect(parseBootstrapArgs(['--local', '--email', 'a@b.example', '--no-catalog'], { DATA_DIR: '/tmp/x' })).toMatchObject({
      target: { kind: 'local', dataDir: '/tmp/x' },
      catalog: false,
      firstName: undefined,
    });
    expect(parseBootstrapArgs(['--local', '--email', 'a@b.example'], {}).target).toEqual({ kind: 'local', dataDir: '.data' });
  });

  it.each([
    [['--email', 'a@b.example'], /Give --stage <stage>.*or --local/],
    [['--stage', 'dev', '--local', '--email', 'a@b.example'], /either --stage <stage> or --local, not both/],
    [['--stage', 'dev'], /Give --email <address>/],
    [['--stage', 'dev', '--email', 'nope'], /"nope" is not an e-mail address/],
    [['--stage', 'dev', '--email', 'a@b.example', '--mail', 'x'], /Unknown option '--mail'/],
  ])('refuses %j with a message saying what to give', (argv, message) => {
    expect(() => parseBootstrapArgs(argv, {})).toThrow(UsageError);
    expect(() => parseBootstrapArgs(argv, {})).toThrow(message);
  });
});

describe('a stage found from its stack outputs', () => {
  const outputs = { UserPoolId: 'us-east-1_abc', TableName: 'Dvp-prod-Table', PublicUrl: 'https://d1.cloudfront.net', SesFromAddress: 'no-reply@acme.example' };

  it('gives the platform code the environment its functions have on that stage', () => {
    expect(stageEnvironment('prod', 'us-east-2', outputs)).toEqual({
      STAGE: 'prod',
      AWS_REGION: 'us-east-2',
      TABLE_NAME: 'Dvp-prod-Table',
      USER_POOL_ID: 'us-east-1_abc',
      PUBLIC_URL: 'https://d1.cloudfront.net',
      SES_FROM_ADDRESS: 'no-reply@acme.example',
    });
  });

  it('names the outputs a stack deployed by an older version lacks', () => {
    const { PublicUrl: _url, SesFromAddress: _from, ...old } = outputs;
    expect(() => stageEnvironment('dev', 'us-east-1', old)).toThrow(/Dvp-dev has no output PublicUrl, SesFromAddress: deploy the stage/);
  });
});
