/** The notices list (NOTE-01..12). Read through common/messages.ts. */

export const NO_NOTICES = 'No notices to display.';
export const NOTICES_TITLE = 'Notices';
export const LOADING_NOTICES = 'Loading notices…';
/** Said to screen readers beside the unread dot (NOTE-02). */
export const UNREAD_NOTICE = 'Unread:';
/** The row is busy while its mark_read call is under way. */
export const OPENING_NOTICE = 'Opening notice…';
