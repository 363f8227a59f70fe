/**
 * Every user-visible validation and error message of SPEC §5 and §8, verbatim. Server and browser
 * import these so a test (or a snackbar comparison) can match on the exact text.
 */

// Form validation (SPEC §5, §8 sign-in)
export const INVALID_EMAIL = 'Please enter a valid email';
export const REQUIRED = 'This field is required';
export const PASSWORDS_MUST_MATCH = 'Your passwords must match';

// Password policy (SPEC §5): the "similar" messages use the identity widget's (Amplify UI) wording.
export const passwordMinLength = (n: number) => `Password must have at least ${n} characters`;
export const PASSWORD_NEEDS_LOWERCASE = 'Password must have lower case letters';
export const PASSWORD_NEEDS_UPPERCASE = 'Password must have upper case letters';
export const PASSWORD_NEEDS_NUMBERS = 'Password must have numbers';
export const PASSWORD_NEEDS_SPECIAL_CHARACTERS = 'Password must have special characters';

// HTTP errors (SPEC §8)
export const UNAUTHORIZED_STATUS_TEXT = '401 (Unauthorized)';
export const NOT_FOUND_STATUS_TEXT = '404 (Not Found)';
export const GENERIC_ERROR = 'An error occurred';
export const fetchError = (message: string) => `A fetch error occurred: ${message}`;

// Plan limits (SPEC §8)
export const PLAN_DOES_NOT_SUPPORT_CARRIERS =
  "Your organization's plan does not support the Carriers functionality. Please contact DMS staff to upgrade the plan.";
export const PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES =
  "Your organization's plan does not support customized email templates. Please contact DMS staff to upgrade the plan.";

// Task-file upload (SPEC §8)
export const taskFileIdNotFound = (fileName: string) => `Task file ID not found for file ${fileName}`;
export const errorGettingUploadUrl = (fileName: string, message: string) => `Error getting upload URL ${fileName}: ${message}`;
export const errorUploadingToStorage = (fileName: string, statusText: string) =>
  `Error uploading file ${fileName} to storage: ${statusText}`;
export const errorVerifyingStorage = (taskFileId: string) => `Error verifying storage for task file ${taskFileId}`;
/** A failed verify shows the server's message when it gave one, otherwise the generic verify text. */
export const verifyStorageFailure = (taskFileId: string, message?: string | null) =>
  message && message.trim() ? message : errorVerifyingStorage(taskFileId);

// Identity (SPEC §8)
export const ALREADY_SIGNED_IN = 'There is already a signed in user.';
export const USER_ALREADY_CONFIRMED = 'User is already confirmed.';
export const ACCOUNT_NOT_CONFIRMED_ON_TIME = 'The account was not confirmed on time.';
/** Note the en dash (U+2013), as in the spec. */
export const CONFIGURATION_ERROR = 'Configuration error (see console) \u2013 please contact the administrator';
export const REAUTHENTICATE_BUTTON = 'Click here to reauthenticate';
/**
 * The snackbar message that offers the reauthenticate button (SPEC §2). The spec does not give its
 * text; what matters is that the API client and the snackbar share this one value.
 */
export const REAUTHENTICATION_REQUIRED = 'Your session has expired. Please reauthenticate.';

// Inactivity (SPEC §4)
export const inactivityWarning = (seconds: number) =>
  `Are you still here? This tool will time out in ${seconds} seconds due to inactivity.`;

// Labels the spec names verbatim
export const PAGE_TITLE = 'Data Validation Platform';
export const USERNAME_OR_EMAIL_LABEL = 'Username or email address';
