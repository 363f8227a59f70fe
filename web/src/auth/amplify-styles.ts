/**
 * The Amplify UI styles the Authenticator draws with, instead of the whole library's styles.css:
 * the theme's variables and one file per primitive its screens use (sign-in, forced new password,
 * TOTP set-up and code, password reset), in styles.css's order, since later files override earlier
 * ones (a field group takes the gap away that flex gives). The reset is global, as it was with
 * styles.css, so the signed-in app looks the same.
 */
import '@aws-amplify/ui-react/styles/reset.css';
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/flex.css';
import '@aws-amplify/ui-react/styles/text.css';
import '@aws-amplify/ui-react/styles/button.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/heading.css';
import '@aws-amplify/ui-react/styles/icon.css';
import '@aws-amplify/ui-react/styles/input.css';
import '@aws-amplify/ui-react/styles/image.css';
import '@aws-amplify/ui-react/styles/loader.css';
import '@aws-amplify/ui-react/styles/copy.css';
import '@aws-amplify/ui-react/styles/alert.css';
import '@aws-amplify/ui-react/styles/authenticator.css';
import '@aws-amplify/ui-react/styles/dialCodeSelect.css';
import '@aws-amplify/ui-react/styles/divider.css';
import '@aws-amplify/ui-react/styles/field.css';
import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/fieldset.css';
import '@aws-amplify/ui-react/styles/passwordField.css';
import '@aws-amplify/ui-react/styles/phoneNumberField.css';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/select.css';
import '@aws-amplify/ui-react/styles/selectField.css';
import '@aws-amplify/ui-react/styles/tabs.css';
import '@aws-amplify/ui-react/styles/textField.css';
import '@aws-amplify/ui-react/styles/fieldModifiers.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.css';
