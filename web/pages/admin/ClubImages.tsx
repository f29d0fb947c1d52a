import { Alert, FileInput, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CLUB_IMAGE_FIELD, type ConsoleClubDetail } from '../../../common/schemas/console-clubs.ts';
import { isApiError } from '../../http/client.ts';
import { useSetClubImage } from '../../api/console-clubs.ts';
import { readFileAsBase64 } from '../../components/photos/form-photos.ts';
import {
  CLUB_EMBLEM,
  CLUB_IMAGE_FAILED,
  CLUB_IMAGE_HINT,
  CLUB_IMAGE_SAVED,
  CLUB_IMAGES_SECTION,
  CLUB_MAP_IMAGE,
  NO_CLUB_IMAGE,
  chooseClubImage,
  clubImageAlt,
} from '../../../common/messages.ts';
import { ConsoleSection } from './ConsoleScreen.tsx';

/**
 * A club's emblem and map picture (D68): each sent as soon as it is chosen, through the photo
 * pipeline the member's own avatar uses; the server's words when it refuses the file.
 */
export function ClubImages({ club }: { club: ConsoleClubDetail }) {
  return (
    <ConsoleSection title={CLUB_IMAGES_SECTION} testId="club-images-section">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ClubImage
          club={club}
          kind="avatar"
          label={CLUB_EMBLEM}
          src={club.avatar?.medium_url ?? null}
        />
        <ClubImage club={club} kind="map_image" label={CLUB_MAP_IMAGE} src={club.map_image} />
      </SimpleGrid>
    </ConsoleSection>
  );
}

function ClubImage({
  club,
  kind,
  label,
  src,
}: {
  club: ConsoleClubDetail;
  kind: 'avatar' | 'map_image';
  label: string;
  src: string | null;
}) {
  const upload = useSetClubImage(club.id, kind);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async (file: File | null) => {
    if (!file) return;
    setOutcome(null);
    try {
      await upload.mutateAsync({ file_name: file.name, base64: await readFileAsBase64(file) });
      setOutcome({ ok: true, text: CLUB_IMAGE_SAVED });
    } catch (error) {
      const words = isApiError(error) ? error.fieldErrors(CLUB_IMAGE_FIELD)[0] : undefined;
      setOutcome({ ok: false, text: words ?? CLUB_IMAGE_FAILED });
    }
  };
  return (
    <Stack gap="sm" data-testid={`club-${kind}`}>
      <Text size="lg" fw={600}>
        {label}
      </Text>
      {src ? (
        <Image src={src} alt={clubImageAlt(label, club.name)} w={160} h={160} radius="md" />
      ) : (
        <Text size="md">{NO_CLUB_IMAGE}</Text>
      )}
      {club.abilities.edit ? (
        <FileInput
          size="md"
          label={chooseClubImage(label)}
          description={CLUB_IMAGE_HINT}
          accept="image/jpeg,image/png,image/gif"
          value={null}
          disabled={upload.isPending}
          onChange={(file) => void send(file)}
          data-testid={`club-${kind}-input`}
        />
      ) : null}
      {outcome ? (
        <Alert
          color={outcome.ok ? 'green' : 'red'}
          variant="light"
          role={outcome.ok ? 'status' : 'alert'}
        >
          <Group>
            <Text size="md">{outcome.text}</Text>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
