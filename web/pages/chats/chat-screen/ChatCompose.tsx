import { ActionIcon, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus, IconSend, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX } from '../../../../common/schemas/chat.ts';
import {
  ATTACH_PHOTO,
  IMAGE_TYPE_INVALID,
  MESSAGE_LABEL,
  MESSAGE_PLACEHOLDER,
  PHOTO_TOO_LARGE_FOR_MESSAGE,
  photoToSend,
  REMOVE_PHOTO_FROM_MESSAGE,
  SEND,
} from '../../../../common/messages.ts';
import {
  imageContentType,
  isAcceptedImage,
  newPhotoGuid,
  photosTooLarge,
  readFileAsBase64,
  type NewFormPhoto,
} from '../../../components/photos/form-photos.ts';
import { PHOTO_ACCEPT } from '../../../components/photos/use-photo-field.ts';

/** What the member sends: text, or one photo (CHAT-18). */
export type ChatDraft = { kind: 'text'; content: string } | { kind: 'photo'; photo: NewFormPhoto };

/**
 * The compose row (CHAT-11, CHAT-18..22): a text box, Add a photo and Send. One photo at a time:
 * a second replaces the first (CHAT-18), a file of another type is refused with VAL-02, one too
 * large to send is refused as the post form refuses it. While a send is out every control is
 * off (CHAT-21); `onSend` resolves true once it is stored, and what was sent then clears
 * (CHAT-22). With a photo attached the text box waits: the photo goes alone.
 */
export function ChatCompose({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (draft: ChatDraft) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<NewFormPhoto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);

  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.previewUrl);
    },
    [photo],
  );

  const pick = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    // AMB-18: a single-file input says VAL-02.
    if (!isAcceptedImage(file)) {
      setProblem(IMAGE_TYPE_INVALID);
      return;
    }
    try {
      const base64 = await readFileAsBase64(file);
      const next: NewFormPhoto = {
        kind: 'new',
        guid: newPhotoGuid(),
        fileName: file.name,
        contentType: imageContentType(file),
        base64,
        previewUrl: URL.createObjectURL(file),
      };
      if (photosTooLarge([next], 0)) {
        URL.revokeObjectURL(next.previewUrl);
        setProblem(PHOTO_TOO_LARGE_FOR_MESSAGE);
        return;
      }
      setProblem(null);
      setPhoto(next);
    } catch {
      // A file the browser cannot read (moved, no permission) is simply not attached.
    }
  };

  const trimmed = text.trim();
  const canSend = !sending && (photo !== null || trimmed.length > 0);

  const send = async () => {
    if (!canSend) return;
    const draft: ChatDraft = photo ? { kind: 'photo', photo } : { kind: 'text', content: trimmed };
    if (await onSend(draft)) {
      // What was sent clears (CHAT-22); text typed before a photo was added waits for its turn.
      if (draft.kind === 'text') setText('');
      setPhoto(null);
      setProblem(null);
    }
  };

  return (
    <Stack gap="xs" data-testid="chat-compose">
      {photo ? (
        <Group gap="sm" data-testid="chat-photo-preview">
          <img
            src={photo.previewUrl}
            alt={photoToSend(photo.fileName)}
            style={{ maxHeight: 96, maxWidth: 160, borderRadius: 8 }}
          />
          <Button
            variant="default"
            size="md"
            leftSection={<IconX size={20} aria-hidden="true" />}
            disabled={sending}
            onClick={() => setPhoto(null)}
          >
            {REMOVE_PHOTO_FROM_MESSAGE}
          </Button>
        </Group>
      ) : null}
      {problem ? (
        <Text c="red.9" size="lg" role="alert" data-testid="chat-compose-problem">
          {problem}
        </Text>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <FileButton
          resetRef={resetFile}
          accept={PHOTO_ACCEPT}
          onChange={(file) => void pick(file)}
          disabled={sending}
        >
          {(props) => (
            <ActionIcon
              {...props}
              disabled={sending}
              size={48}
              variant="default"
              aria-label={ATTACH_PHOTO}
              title={ATTACH_PHOTO}
              data-testid="chat-attach"
            >
              <IconPhotoPlus size={28} aria-hidden="true" />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          size="lg"
          aria-label={MESSAGE_LABEL}
          placeholder={MESSAGE_PLACEHOLDER}
          // Not autosize: Mantine's needs document.fonts, which some browsers and jsdom lack.
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          disabled={sending || photo !== null}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="chat-text"
        />
        <Button
          size="lg"
          h={48}
          rightSection={<IconSend size={22} aria-hidden="true" />}
          disabled={!canSend}
          loading={sending}
          onClick={() => void send()}
          data-testid="chat-send"
        >
          {SEND}
        </Button>
      </Group>
    </Stack>
  );
}
