/**
 * The lightbox's step through the photos (PHOTO-05, PHOTO-06): next on the last shows the
 * first and previous on the first shows the last.
 */
export function wrapPhotoIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** How many photos the '+N' overlay stands for (PHOTO-02): those beyond the shown tiles. */
export function hiddenPhotoCount(total: number, shown: number): number {
  return Math.max(0, total - shown);
}
