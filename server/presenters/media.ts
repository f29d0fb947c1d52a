/** Public URL of a stored object; objects are served under /media by the storage adapter. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

export function presentAvatar(mediumKey: string | null): { medium_url: string } | null {
  return mediumKey ? { medium_url: mediaUrl(mediumKey) } : null;
}
