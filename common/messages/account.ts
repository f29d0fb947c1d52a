/** My Account: contact information, dues and notices. Read through common/messages.ts. */

/** My Account, dues and notices (ACCT-*, DUES-01, NOTE-05). */
export const DUES = 'Dues';
export const ARREARS = 'Arrears';
export const TOTAL = 'Total';
export const ACTION = 'Action';
export const PAY = 'pay';
export const NO_DUES = 'No dues to display.';
export const PAYMENT_INFORMATION = 'Payment Information';
export const CONTACT_INFORMATION = 'Contact Information';
export const ADDRESSES = 'Addresses';
export const E_MAILS = 'E-Mails';
export const PHONES = 'Phones';
export const EDIT = 'edit';
export const REMOVE = 'remove';
export const ADD = 'add';
export const CURRENTLY_INVALID = 'Currently Invalid:';
export const ADD_CONTACT_INFORMATION = 'Add Contact Information';
export const EDIT_CONTACT_INFORMATION = 'Edit Contact Information';
export const DUES_MOVED = 'Dues Payments has moved!';
export const DUES_REDIRECTING = 'One moment while we redirect you...';
/** AMB-14. */
export const BACK_TO_MY_ACCOUNT = 'Back to My Account';
export const NO_NOTICES = 'No notices to display.';

/** Error catalogue (§8). */
export const ERROR_UPDATING_CONTACT_INFORMATION = 'Error updating contact information.';
export const ERROR_UPDATING_AVATAR = 'Error updating avatar';
