/** Placeholder of issue 13: the avatar and account work (AMB-35) builds this section of /my_account. */
export function StatusAccessSection() {
  return null;
}
