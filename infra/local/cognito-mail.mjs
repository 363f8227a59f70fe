// Preloaded into cognito-local (`node --import`), which only prints the codes it would e-mail
// (forgotten password, e-mail MFA, attribute verification) to its console. In AWS the user pool
// sends them through the stack's SES identity; here each also goes to the local SES stand-in, so
// the code is in the mail viewer like every other e-mail of the platform. Plain JavaScript: the
// child is cognito-local's own node, with no TypeScript loader.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

// cognito-local is CommonJS: the class its server uses is the one this require gives.
const { ConsoleMessageSender } = createRequire(import.meta.url)('cognito-local/lib/services/messageDelivery/consoleMessageSender');

const endpointsFile = process.env.DVP_ENDPOINTS_FILE;
const from = process.env.DVP_MAIL_FROM;
const print = ConsoleMessageSender.prototype.sendEmail;

ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
  await print.call(this, ctx, user, destination, message);
  // The stack writes its endpoints once every stand-in is up, before anyone can ask for a code.
  const { ses } = JSON.parse(fs.readFileSync(endpointsFile, 'utf8'));
  const subject = message.emailSubject || 'Your verification code';
  const text = message.emailMessage || `Your verification code is ${message.__code}.`;
  const client = new SESv2Client({ region: 'us-east-1', endpoint: ses, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [destination] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
      }),
    );
  } finally {
    client.destroy();
  }
};
