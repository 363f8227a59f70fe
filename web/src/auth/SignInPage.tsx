import { useMemo, useSyncExternalStore } from 'react';
import { Alert, Authenticator, ThemeProvider as AmplifyThemeProvider, type AuthenticatorProps, type Theme } from '@aws-amplify/ui-react';
import { signIn, type SignInInput } from 'aws-amplify/auth';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';
import { PasswordRules } from '../components/PasswordRules';
import { LAYOUT, MESSAGES } from '../config/literals';
import { clearSessionExpiredMessage, getSessionExpiredMessage, subscribeSessionExpired } from '../api/session';
import './amplify-styles';
import './sign-in.css';

// The Authenticator keeps its own design tokens; its brand colours are set to the app's purple here,
// where the derived component tokens are recomputed (a plain CSS variable override would not reach them).
const AUTHENTICATOR_THEME: Theme = {
  name: 'dvp-sign-in',
  tokens: {
    colors: {
      primary: {
        10: '#f3e5f5',
        20: '#e1bee7',
        40: '#ba68c8',
        60: '#8e24aa',
        80: '#7b1fa2',
        90: '#6a1b9a',
        100: '#4a148c',
      },
    },
  },
};

const TOTP_ISSUER = 'Data Validation Platform';

export const SIGN_IN_FORM_FIELDS: AuthenticatorProps['formFields'] = {
  signIn: {
    username: { label: MESSAGES.usernameLabel, placeholder: 'Enter your username or email address', isRequired: true },
    password: { isRequired: true },
  },
  forgotPassword: {
    username: { label: MESSAGES.usernameLabel, placeholder: 'Enter your username or email address', isRequired: true },
  },
  // The QR image itself is drawn at 228 px by the Authenticator; the issuer names the app in authenticator apps.
  setupTotp: { QR: { totpIssuer: TOTP_ISSUER } },
};

// The page is drawn with the Authenticator's own primitives and a little CSS (sign-in.css copies
// MUI's outlined button for Contact Us): MUI and emotion are downloaded after sign-in, with the app.
function LogoHeader() {
  return (
    <div className="dvp-sign-in-header">
      <img src="/logo.svg" alt="Data Validation Platform logo" width={56} height={56} />
      <span>Data Validation Platform</span>
    </div>
  );
}

function ContactUs({ url }: { url?: string }) {
  return (
    <div className="dvp-sign-in-contact">
      <button
        type="button"
        disabled={!url}
        title={url ? undefined : 'No contact page is configured'}
        onClick={() => url && window.open(url, '_blank', 'noopener,noreferrer')}
      >
        Contact Us
      </button>
    </div>
  );
}

function SessionExpiredNotice() {
  const message = useSyncExternalStore(subscribeSessionExpired, getSessionExpiredMessage);
  if (!message) return null;
  return (
    <Alert variation="warning" isDismissible onDismiss={clearSessionExpiredMessage} className="dvp-sign-in-notice">
      {message}
    </Alert>
  );
}

// The service type also allows a (context, input) overload that the Authenticator never calls.
const passwordAuthSignIn = ((input: SignInInput) =>
  signIn({ ...input, options: { ...input.options, authFlowType: 'USER_PASSWORD_AUTH' } })) as typeof signIn;

export function SignInPage() {
  const config = useRuntimeConfig();

  const services = useMemo<AuthenticatorProps['services']>(
    () =>
      // cognito-local has no SRP, so the local stack asks for the plain password flow.
      config.authFlowType === 'USER_PASSWORD_AUTH'
        ? { handleSignIn: passwordAuthSignIn }
        : undefined,
    [config.authFlowType],
  );

  const components = useMemo<AuthenticatorProps['components']>(
    () => ({
      Header: LogoHeader,
      Footer: () => <ContactUs url={config.contactUrl} />,
      // Wherever a new password is chosen, the rules the pool enforces are listed under its fields.
      ForceNewPassword: {
        FormFields: () => (
          <>
            <Authenticator.ForceNewPassword.FormFields />
            <PasswordRules />
          </>
        ),
      },
      ConfirmResetPassword: { Footer: PasswordRules },
    }),
    [config.contactUrl],
  );

  return (
    <main className="dvp-sign-in" style={{ maxWidth: LAYOUT.authenticatorMaxWidth }}>
      <SessionExpiredNotice />
      <AmplifyThemeProvider theme={AUTHENTICATOR_THEME}>
        <Authenticator hideSignUp formFields={SIGN_IN_FORM_FIELDS} components={components} services={services} />
      </AmplifyThemeProvider>
    </main>
  );
}
