/** Placeholder of issue 13: the avatar work builds this section of /my_account. */
export function AvatarSection() {
  return null;
}
