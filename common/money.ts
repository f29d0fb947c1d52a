/**
 * Money (§9, CONST-34): kept and summed as integer cents, shown with a $ sign and two decimals.
 * The wire carries dollars beside cents because the spec's client reads `amount: 50` as $50.00
 * (docs/decisions.md D50).
 */

const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 50 -> "$50.00", 12.5 -> "$12.50", 1234 -> "$1,234.00". */
export function formatDollars(dollars: number): string {
  return DOLLARS.format(dollars);
}

/** 5000 -> "$50.00". */
export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}

/** Whole cents to dollars for the wire: 1250 -> 12.5. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
