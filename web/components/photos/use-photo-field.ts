import { useEffect, useRef, useState } from 'react';
import { savedPhotoName } from '../../../common/messages.ts';
import {
  imageContentType,
  newPhotoGuid,
  readFileAsBase64,
  sortPickedFiles,
  type FormPhoto,
  type NewFormPhoto,
} from './form-photos.ts';
import type { PickerPhoto } from './PhotoPicker.tsx';

/** The file chooser's filter (the picked files are checked again, VAL-03). */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif';

export function formPhotoKey(photo: FormPhoto): string {
  return photo.kind === 'saved' ? `saved-${photo.id}` : `new-${photo.guid}`;
}

type PhotosUpdate = (current: FormPhoto[]) => FormPhoto[];

/**
 * A form's Photos field (POST-12, EVF-02, VAL-03): the picked files checked and read, their
 * blob previews freed when a photo is removed or the form goes away, and the picker's view of
 * the list. The list itself is the form's value, changed through `update`.
 */
export function usePhotoField(
  photos: readonly FormPhoto[],
  update: (change: PhotosUpdate) => void,
  onPicked?: () => void,
) {
  const [rejections, setRejections] = useState<string[]>([]);
  const previewUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const pick = async (files: File[]) => {
    const { accepted, rejections: refused } = sortPickedFiles(files);
    setRejections(refused);
    onPicked?.();
    const added: NewFormPhoto[] = [];
    for (const file of accepted) {
      try {
        const base64 = await readFileAsBase64(file);
        const previewUrl = URL.createObjectURL(file);
        previewUrls.current.add(previewUrl);
        added.push({
          kind: 'new',
          guid: newPhotoGuid(),
          fileName: file.name,
          contentType: imageContentType(file),
          base64,
          previewUrl,
        });
      } catch {
        // A file the browser cannot read (moved, no permission) is simply not added.
      }
    }
    if (added.length > 0) update((current) => [...current, ...added]);
  };

  const remove = (key: string) => {
    const photo = photos.find((item) => formPhotoKey(item) === key);
    if (photo?.kind === 'new') {
      URL.revokeObjectURL(photo.previewUrl);
      previewUrls.current.delete(photo.previewUrl);
    }
    update((current) => current.filter((item) => formPhotoKey(item) !== key));
  };

  const pickerPhotos: PickerPhoto[] = photos.map((photo, index) => ({
    key: formPhotoKey(photo),
    previewUrl: photo.previewUrl,
    name: photo.kind === 'new' ? photo.fileName : savedPhotoName(index + 1),
  }));

  return {
    pickerPhotos,
    rejections,
    pick: (files: File[]) => void pick(files),
    remove,
  };
}
