/** The notices list (NOTE-01..12). Read through common/messages.ts. */

export const NO_NOTICES = 'No notices to display.';
