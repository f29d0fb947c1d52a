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

/** Per-type limits and minimums of PUT /contacts.json (ACCT-20, ACCT-21, D49): the set's base errors. */
export const contactTypeOverLimit = (typeLabel: string, limit: number): string =>
  limit === 0
    ? `${typeLabel} cannot be added.`
    : `You can keep at most ${limit} ${typeLabel} ${limit === 1 ? 'entry' : 'entries'}.`;
export const contactTypeUnderMin = (typeLabel: string, min: number): string =>
  `You need at least ${min} ${typeLabel} ${min === 1 ? 'entry' : 'entries'}.`;

/** The section and the edit page (D49). */
export const LOADING_CONTACT_INFORMATION = 'Loading contact information…';
export const CONTACT_INFORMATION_FAILED = 'Contact information could not be loaded.';
export const NO_ADDRESSES = 'No addresses.';
export const NO_E_MAILS = 'No e-mail addresses.';
export const NO_PHONES = 'No phone numbers.';
export const REMOVE_CONTACT_CONFIRM = 'Are you sure you wish to remove this contact information?';
export const CONTACT_TYPE_LABEL = 'Type';
export const CONTACT_COMPANY_LABEL = 'Company';
export const CONTACT_ADDRESS_1_LABEL = 'Address';
export const CONTACT_ADDRESS_2_LABEL = 'Address line 2';
export const CONTACT_CITY_LABEL = 'City';
export const CONTACT_STATE_LABEL = 'State';
export const CONTACT_ZIP_LABEL = 'Zip';
export const CONTACT_COUNTRY_LABEL = 'Country';
export const CONTACT_START_DAY_LABEL = 'Start day (mm/dd)';
export const CONTACT_END_DAY_LABEL = 'End day (mm/dd)';
export const CONTACT_EMAIL_LABEL = 'E-mail address';
export const CONTACT_PHONE_LABEL = 'Phone number';
export const CONTACT_EXTENSION_LABEL = 'Extension';
export const SAVE_CONTACT = 'Save';
export const SAVING_CONTACT = 'Saving contact information…';
export const contactDays = (start: string, end: string): string => `From ${start} to ${end}`;
export const contactExtension = (extension: string): string => `ext. ${extension}`;
export const REMOVE_CONTACT_TITLE = 'Remove Contact Information';
export const contactEditLabel = (what: string): string => `edit ${what}`;
export const contactRemoveLabel = (what: string): string => `remove ${what}`;
export const contactAddLabel = (list: string): string => `add to ${list}`;
export const CONTACT_TYPE_CHOOSE = 'Choose a type';
