import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPhotoPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { AVATAR_SAVE_DELAY_MS } from '../../../common/constants.ts';
import {
  AVATAR_HINT,
  AVATAR_PREVIEW_ALT,
  AVATAR_PREVIEW_HINT,
  AVATAR_SECTION,
  CANCEL_AVATAR,
  CONFIRM_REMOVE_AVATAR,
  ERROR_UPDATING_AVATAR,
  IMAGE_TYPE_INVALID,
  REMOVE_AVATAR,
  REMOVE_AVATAR_TITLE,
  SAVE_AVATAR,
  SET_AVATAR,
} from '../../../common/messages.ts';
import { AVATAR_ERROR_FIELD } from '../../../common/schemas/party-avatar.ts';
import { useRemoveAvatar, useSetAvatar, type AvatarUpload } from '../../api/account.ts';
import { useSession } from '../../api/session.ts';
import { isApiError } from '../../http/client.ts';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import {
  imageContentType,
  isAcceptedImage,
  readFileAsBase64,
} from '../../components/photos/form-photos.ts';
import { PHOTO_ACCEPT } from '../../components/photos/use-photo-field.ts';

const AVATAR_SIZE = 96;

interface Preview extends AvatarUpload {
  /** A blob: URL, revoked when the preview goes. */
  url: string;
}

/** What went wrong: ERR-58, and the server's reason when it gave one (VAL-02, a size limit). */
interface Problem {
  title: string | null;
  detail: string | null;
}

function problemOf(error: unknown): Problem {
  const reasons = isApiError(error) ? error.fieldErrors(AVATAR_ERROR_FIELD) : [];
  return { title: ERROR_UPDATING_AVATAR, detail: reasons.length > 0 ? reasons.join(' ') : null };
}

/**
 * The avatar of /my_account (§4 Avatar; ACCT-01..05, VAL-02, VAL-04, ERR-58, AMB-17, AMB-18):
 * the current avatar (initials on the name's colour without one), 'set avatar' with a
 * single-file input, a preview with cancel and save, and 'remove avatar' behind a confirmation.
 * A wrong type is refused at once with VAL-02 and no call; cancel makes no call; save sends the
 * picture after AVATAR_SAVE_DELAY_MS (CONST-06), the answer's avatar then shows here and in the
 * top bar. Every control is off while a change is under way.
 */
export function AvatarSection() {
  const { user } = useSession();
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [waiting, setWaiting] = useState(false);
  const resetFile = useRef<() => void>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (!user) return null;
  const busy = waiting || setAvatar.isPending || removeAvatar.isPending;
  const hasAvatar = user.party.avatar !== null;

  const pick = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    // AMB-18: a single-file input says VAL-02, before anything is sent.
    if (!isAcceptedImage(file)) {
      setPreview(null);
      setProblem({ title: null, detail: IMAGE_TYPE_INVALID });
      return;
    }
    try {
      const base64 = await readFileAsBase64(file);
      setProblem(null);
      setPreview({
        fileName: file.name,
        contentType: imageContentType(file),
        base64,
        url: URL.createObjectURL(file),
      });
    } catch {
      setProblem({ title: ERROR_UPDATING_AVATAR, detail: null });
    }
  };

  // ACCT-03: the preview goes and nothing is sent.
  const cancel = () => {
    setPreview(null);
    setProblem(null);
  };

  // ACCT-04, CONST-06: the save is sent after the spec's short delay, the spinner on meanwhile.
  const save = () => {
    if (!preview || busy) return;
    const upload: AvatarUpload = {
      fileName: preview.fileName,
      contentType: preview.contentType,
      base64: preview.base64,
    };
    setWaiting(true);
    setProblem(null);
    timer.current = setTimeout(() => {
      timer.current = null;
      setWaiting(false);
      setAvatar.mutate(upload, {
        onSuccess: () => setPreview(null),
        onError: (error) => setProblem(problemOf(error)),
      });
    }, AVATAR_SAVE_DELAY_MS);
  };

  // AMB-17: removing asks first.
  const askRemove = () =>
    showOkDialog({
      title: REMOVE_AVATAR_TITLE,
      content: CONFIRM_REMOVE_AVATAR,
      onOk: () => {
        setProblem(null);
        removeAvatar.mutate(undefined, { onError: (error) => setProblem(problemOf(error)) });
      },
    });

  const saving = waiting || setAvatar.isPending;

  return (
    <Paper
      component="section"
      aria-labelledby="avatar-section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="avatar-section"
    >
      <Stack gap="lg">
        <Title order={2} id="avatar-section">
          {AVATAR_SECTION}
        </Title>
        <Group gap="lg" wrap="nowrap" align="center">
          {preview ? (
            <Image
              src={preview.url}
              alt={AVATAR_PREVIEW_ALT}
              w={AVATAR_SIZE}
              h={AVATAR_SIZE}
              radius="50%"
              fit="cover"
              style={{ flexShrink: 0 }}
              data-testid="avatar-preview"
            />
          ) : (
            <MemberAvatar party={user.party} size={AVATAR_SIZE} />
          )}
          <Text size="md" c="dimmed" style={{ minWidth: 0 }}>
            {preview ? AVATAR_PREVIEW_HINT : AVATAR_HINT}
          </Text>
        </Group>
        {problem ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={24} aria-hidden="true" />}
            {...(problem.title ? { title: problem.title } : {})}
            data-testid="avatar-problem"
          >
            {problem.detail ? <Text size="md">{problem.detail}</Text> : null}
          </Alert>
        ) : null}
        <Group gap="md">
          {preview ? (
            <>
              <Button
                onClick={save}
                loading={saving}
                disabled={busy && !saving}
                w={{ base: '100%', xs: 'auto' }}
                leftSection={<IconCheck size={22} aria-hidden="true" />}
              >
                {SAVE_AVATAR}
              </Button>
              <Button
                variant="default"
                onClick={cancel}
                disabled={busy}
                w={{ base: '100%', xs: 'auto' }}
                leftSection={<IconX size={22} aria-hidden="true" />}
              >
                {CANCEL_AVATAR}
              </Button>
            </>
          ) : (
            <>
              {/* VAL-04: one file; FileButton's input has no `multiple` unless asked. */}
              <FileButton
                resetRef={resetFile}
                accept={PHOTO_ACCEPT}
                onChange={(file) => void pick(file)}
                disabled={busy}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    disabled={busy}
                    w={{ base: '100%', xs: 'auto' }}
                    leftSection={<IconPhotoPlus size={22} aria-hidden="true" />}
                  >
                    {SET_AVATAR}
                  </Button>
                )}
              </FileButton>
              {hasAvatar ? (
                <Button
                  variant="outline"
                  color="red.9"
                  onClick={askRemove}
                  loading={removeAvatar.isPending}
                  disabled={busy && !removeAvatar.isPending}
                  w={{ base: '100%', xs: 'auto' }}
                  leftSection={<IconTrash size={22} aria-hidden="true" />}
                >
                  {REMOVE_AVATAR}
                </Button>
              ) : null}
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
