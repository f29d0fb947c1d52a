/** Sign-in, registration, password reset and Change Password. Read through common/messages.ts. */

/** Sign-in and session (SIGNIN-02, VAL-09, SESS-06). */
export const SIGN_IN_FAILED = 'Incorrect username and/or password';
export const FORGOT_PASSWORD_LINK = 'forgot password';
export const CREATE_ACCOUNT_LINK = 'create account';
export const SIGN_OUT_LINK = 'sign out';
export const CHANGE_PASSWORD_LINK = 'change password';

/** Registration and password reset (REG-04, VAL-14..19, ERR-47, AMB-22). */
export const NO_ORGANIZATIONS = 'There are no organizations.';
export const BIRTH_DATE_MASK = 'MM/DD/YYYY';
export const CODE_BLANK = "can't be blank";
export const CODE_INVALID = 'invalid code';
export const CHOICE_NOT_AVAILABLE = 'choice no longer available';
export const PASSWORD_TOO_WEAK = 'Too Weak';
export const PASSWORD_GOOD = 'Good';
export const PASSWORD_GREAT = 'Great';
export const PASSWORD_MISMATCH = 'Does Not Match';
export const contactClubWithPhone = (name: string, phone: string): string =>
  `Contact ${name} at ${phone} to update your information.`;
/** AMB-22: the no-phone variant. */
export const contactClubWithoutPhone = (name: string): string =>
  `Contact ${name} to update your information.`;

/**
 * Lodgehall's own words from here on: not spec strings, change them freely.
 * ERR-42 gives no text for other sign-in failures; this keeps the member from guessing.
 */
export const SIGN_IN_UNAVAILABLE =
  'Signing in did not work just now. Please try again in a few minutes.';

/**
 * Sign-in with the right password by a member who is active in no organisation (issue 23,
 * D66): says why, since only the account's holder gets this far. Lodgehall's own words.
 */
export const membershipNotActive = (status: string | null): string =>
  status === null
    ? 'Your membership is not active. Please ask your lodge secretary.'
    : `Your membership is ${status}. Please ask your lodge secretary.`;

/** Field labels and screen titles of sign-in, registration, reset and account. Lodgehall's own words. */
export const USERNAME_LABEL = 'Username';
export const PASSWORD_LABEL = 'Password';
export const CONFIRM_PASSWORD_LABEL = 'Confirm Password';
export const NEW_PASSWORD_LABEL = 'New Password';
export const CONFIRM_NEW_PASSWORD_LABEL = 'Confirm New Password';
export const CURRENT_PASSWORD_LABEL = 'Current Password';
export const BIRTH_DATE_LABEL = 'Birth Date';
export const CODE_LABEL = 'Six-digit code';
export const CONTACT_METHOD_LABEL = 'Where should we send your code?';
export const NAME_LABEL = 'Name';
export const REGISTER_TITLE = 'Create Your Account';
export const RESET_TITLE = 'Reset Your Password';
export const CHANGE_PASSWORD_TITLE = 'Change Password';
export const ACCOUNT_SECTION = 'Account';
export const stepOf = (step: number, total: number): string => `Step ${step} of ${total}`;
export const STEP_MEMBERSHIP = 'Show that you are a member';
export const STEP_CONTACT = 'Get your code';
export const STEP_CODE = 'Enter your code';
export const STEP_NEW_PASSWORD = 'Choose a new password';
export const STEP_ACCOUNT = 'Choose your username and password';
export const CREATE_ACCOUNT_BUTTON = 'Create My Account';
export const SAVE_PASSWORD_BUTTON = 'Save New Password';
export const CHANGE_PASSWORD_BUTTON = 'Change Password';
export const MEMBERSHIP_INTRO =
  'We check these against your lodge’s records. Your birth date is never shown to anyone.';
export const MEMBER_NUMBER_HINT = 'As printed on your membership card or dues receipt.';
export const BIRTH_DATE_HINT = 'Month, day and year, for example 07/04/1949.';
export const CHOOSE_ORGANIZATION_PLACEHOLDER = 'Choose your organization';
export const CONTACT_METHOD_HINT = 'We will send a six-digit code there. It works for 10 minutes.';
export const codeSentTo = (where: string): string => `We sent a six-digit code to ${where}.`;
export const CODE_HINT = 'Type the six digits. The code works for 10 minutes.';
export const PASSWORD_HINT =
  'A good password is long and easy for you to remember: for example three or four words that belong together only for you.';
export const USERNAME_HINT =
  'You will type this to sign in. Letters, digits, dots, dashes and underscores.';
export const passwordStrength = (label: string): string => `Password strength: ${label}`;
export const PASSWORD_STRENGTH_CHECKING = 'Password strength: checking…';

/** Client-side validation of these forms (VAL-12..VAL-21, VAL-47). Lodgehall's own words. */
export const CHOOSE_ORGANIZATION = 'Choose your organization.';
export const BIRTH_DATE_INCOMPLETE = 'Enter the whole date as MM/DD/YYYY.';
export const BIRTH_DATE_NOT_REAL = 'That date does not exist. Check the month and the day.';
export const CHOOSE_CONTACT_METHOD = 'Choose where to send your code.';
export const CODE_SIX_DIGITS = 'Enter all six digits of the code.';

/** Outcomes of these forms. Lodgehall's own words. */
export const FLOW_RESTARTED =
  'Something went wrong, so we have gone back to the first step. Please check your details and press Next again.';
export const CODE_NO_LONGER_WORKS =
  'That code no longer works, so we have to start again. Please begin once more from the first step.';
export const FLOW_STEP_FAILED = 'That did not work. Please check your details and try again.';
/** A 429's wait in plain words: "30 seconds", "a minute", "5 minutes", "a few minutes". */
export const waitInWords = (seconds: number | null): string => {
  if (seconds === null || !Number.isFinite(seconds)) return 'a few minutes';
  if (seconds <= 45) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};
export const tooManyAttempts = (seconds: number | null): string =>
  `Too many attempts. Please wait ${waitInWords(seconds)} and try again.`;
export const PASSWORD_CHANGED = 'Your password has been changed.';
export const SHOW_PASSWORD = 'Show password';
export const LOADING_ORGANIZATIONS = 'Loading the organizations…';
export const OTHER_SESSIONS_END = 'Other computers and phones signed in as you will be signed out.';
