/** My Account's Contact Information and the contact edit page (ACCT-18..29). Read through common/messages.ts. */

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

/** Error catalogue (§8, ERR-41). */
export const ERROR_UPDATING_CONTACT_INFORMATION = 'Error updating contact information.';
