import { Button, FileButton, Input, Stack } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { ADD_PHOTOS, REMOVE_PHOTO_BUTTON, removePhoto } from '../../../common/messages.ts';
import { BaseErrors } from '../BaseErrors.tsx';
import classes from './PhotoPicker.module.css';

/** One photo in the picker: saved or newly picked, already checked by the caller. */
export interface PickerPhoto {
  key: string;
  previewUrl: string;
  /** Names the photo for the remove button and the preview's alt text. */
  name: string;
}

export interface PhotoPickerProps {
  label: string;
  description?: string;
  photos: readonly PickerPhoto[];
  /** Every file the member picked; the caller decides which are accepted (VAL-03). */
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** One message per file that was turned down, shown until the next pick. */
  rejections?: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
  /** The file chooser's filter; the caller checks the files again anyway. */
  accept?: string;
}

/**
 * A multi-photo field (POST-12; events reuse it): a button that opens the file chooser, the
 * picked photos as previews, each with its own Remove button, and the reasons any file was
 * turned down. Buttons with words, no drag and drop needed, nothing that depends on hover.
 */
export function PhotoPicker({
  label,
  description,
  photos,
  onPick,
  onRemove,
  rejections = [],
  error,
  disabled = false,
  accept,
}: PhotoPickerProps) {
  const id = useId();
  // Cleared after each pick, so choosing the same file again is noticed too.
  const resetRef = useRef<() => void>(null);
  const pick = (files: File[]) => {
    resetRef.current?.();
    onPick(files);
  };
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      size="lg"
      labelProps={{ id: `${id}-label`, htmlFor: undefined }}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <Stack gap="sm" mt={description ? 'xs' : 0}>
        {photos.length > 0 && (
          <ul className={classes.grid}>
            {photos.map((photo) => (
              <li key={photo.key} className={classes.tile}>
                <img className={classes.preview} src={photo.previewUrl} alt={photo.name} />
                <Button
                  variant="default"
                  size="md"
                  leftSection={<IconTrash size={20} aria-hidden="true" />}
                  onClick={() => onRemove(photo.key)}
                  disabled={disabled}
                  aria-label={removePhoto(photo.name)}
                >
                  {REMOVE_PHOTO_BUTTON}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <FileButton
            onChange={pick}
            resetRef={resetRef}
            multiple
            {...(accept ? { accept } : {})}
            disabled={disabled}
          >
            {(props) => (
              <Button
                {...props}
                variant="outline"
                leftSection={<IconPhotoPlus size={22} aria-hidden="true" />}
                disabled={disabled}
                aria-describedby={description ? `${id}-description` : undefined}
              >
                {ADD_PHOTOS}
              </Button>
            )}
          </FileButton>
        </div>
        <BaseErrors messages={rejections} testId="photo-rejections" />
      </Stack>
    </Input.Wrapper>
  );
}
