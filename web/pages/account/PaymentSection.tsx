/** Placeholder of issue 13: the dues and payments work builds this section of /my_account. */
export function PaymentSection() {
  return null;
}
