/** My Account: the avatar and the status checker access section. Read through common/messages.ts. */

/** Error catalogue (§8, ERR-58). */
export const ERROR_UPDATING_AVATAR = 'Error updating avatar';
