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
