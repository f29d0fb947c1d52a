/** Photos, wherever they are picked or shown: posts now, events and chats later. Read through common/messages.ts. */

/** Photos (PHOTO-02) and their file types (§5: VAL-02..VAL-06). */
export const morePhotos = (count: number): string => `+${count}`;
export const IMAGE_TYPE_INVALID = 'image type must be jpg, jpeg, png, or gif';
export const imageFileTypeInvalid = (file: string): string =>
  `Image "${file}" must have image type jpg, jpeg, png, or gif.`;

/** The photo picker, mosaic and lightbox (POST-12, PHOTO-01..06). Lodgehall's own words. */
export const ADD_PHOTOS = 'Add Photos';
export const PHOTOS_HINT = 'Pictures in JPG, PNG or GIF format. You can add several.';
export const removePhoto = (name: string): string => `Remove ${name}`;
export const savedPhotoName = (index: number): string => `photo ${index}`;
export const REMOVE_PHOTO_BUTTON = 'Remove';
export const PHOTOS_TOO_LARGE =
  'These photos are too large to send together. Remove some of them and try again.';
export const FILE_NOT_READABLE = 'The file could not be read.';
export const showAllPhotos = (count: number): string => `Show all ${count} photos`;
export const SHOW_FEWER_PHOTOS = 'Show fewer photos';
export const photoOf = (index: number, count: number): string => `Photo ${index} of ${count}`;
export const openPhoto = (index: number, count: number): string =>
  `Open photo ${index} of ${count}`;
export const NEXT_PHOTO = 'Next photo';
export const PREVIOUS_PHOTO = 'Previous photo';
