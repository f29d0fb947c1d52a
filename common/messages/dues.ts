/** Dues, the saved card and the dues payment page (ACCT-09..17, DUES-01..04). Read through common/messages.ts. */

export const DUES = 'Dues';
export const ARREARS = 'Arrears';
export const TOTAL = 'Total';
export const ACTION = 'Action';
export const PAY = 'pay';
export const NO_DUES = 'No dues to display.';
export const PAYMENT_INFORMATION = 'Payment Information';
export const DUES_MOVED = 'Dues Payments has moved!';
export const DUES_REDIRECTING = 'One moment while we redirect you...';
/** AMB-14. */
export const BACK_TO_MY_ACCOUNT = 'Back to My Account';
/** §3's message form of a dues item: a lodge of the member that takes no dues online. */
export const DUES_NOT_ONLINE =
  'Dues for this lodge are not paid online. Please contact the lodge secretary.';
/** AMB-17. */
export const CONFIRM_REMOVE_CARD = 'Are you sure you wish to remove this card?';
export const CARD_REMOVAL_FAILED = 'Error removing card.';
/** Back from a checkout (docs/decisions.md D50). */
export const PAYMENT_RECEIVED = 'Thank you: your dues payment was received.';
export const PAYMENT_CANCELLED = 'Your dues payment was cancelled. Nothing was charged.';
/** The Payment Information labels (ACCT-15). */
export const CARD_NAME = 'Name';
export const CARD_EMAIL = 'E-Mail';
export const CARD_NUMBER = 'Card Number';
export const CARD_EXPIRES = 'Expires';
export const CARD_ADDED = 'Added';
/** The receipt e-mail of a dues payment (issue 25, D79). Lodgehall's own words. */
export const duesReceiptSubject = (club: string): string => `${club}: your dues receipt`;
export const DUES_RECEIPT_METHODS: Readonly<Record<string, string>> = {
  online: 'Card, online',
  cash: 'Cash',
  cheque: 'Cheque',
};
export const duesReceiptText = (receipt: {
  club: string;
  organization: string;
  amount: string;
  years: string;
  method: string;
  date: string;
}): string =>
  [
    `${receipt.club} of ${receipt.organization} received your dues payment. Thank you.`,
    '',
    `Amount: ${receipt.amount}`,
    `Dues for: ${receipt.years}`,
    `Paid by: ${receipt.method}`,
    `Date: ${receipt.date}`,
    '',
    'Keep this e-mail as your receipt. If something here is wrong, please contact the lodge secretary.',
  ].join('\n');
