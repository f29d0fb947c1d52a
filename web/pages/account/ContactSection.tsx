/** Placeholder of issue 13: the contacts work builds this section of /my_account. */
export function ContactSection() {
  return null;
}
