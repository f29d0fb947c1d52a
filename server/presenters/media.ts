import { mediaPath } from '../storage/storage.ts';

/** Public URL of a stored object: the storage adapter serves every object under /media. */
export function mediaUrl(key: string): string {
  return mediaPath(key);
}

export function presentAvatar(mediumKey: string | null): { medium_url: string } | null {
  return mediumKey ? { medium_url: mediaUrl(mediumKey) } : null;
}
