import { Alert, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import { fetchRosterExport, type ConsoleScope } from '../../api/console.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { saveTextFile } from '../../components/save-text-file.ts';
import {
  DOWNLOAD_CSV,
  DOWNLOADING,
  EXPORT_DONE,
  EXPORT_FAILED,
  EXPORT_WHICH,
  EXPORT_WHOLE_ORGANIZATION,
  EXPORT_ALL_YOURS,
} from '../../../common/messages.ts';

/** `roster-harmony412-2026-11-28.csv`: what, which lodge and when, for the Downloads folder. */
export function exportFileName(subdomainOrOrganization: string, today: Date = new Date()): string {
  const slug = subdomainOrOrganization
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `roster-${slug || 'members'}-${today.toISOString().slice(0, 10)}.csv`;
}

/**
 * The roster's download (GET /admin/roster_export.csv): the whole organisation or one lodge,
 * fetched through the signed client (a plain link could not sign) and saved as a file.
 */
export function ExportSection({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization;
}) {
  const clubs = scope.clubs.filter((club) => club.organization_id === organization.id);
  // A secretary of one lodge has nothing to choose: the lodge is the whole of their scope.
  const [clubId, setClubId] = useState(
    !scope.is_admin && clubs.length === 1 ? String(clubs[0]?.id) : '',
  );
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'failed'>('idle');

  const download = async () => {
    setState('working');
    const club = clubs.find((c) => String(c.id) === clubId);
    try {
      const text = await fetchRosterExport(organization.id, club?.id);
      saveTextFile(text, exportFileName(club?.subdomain ?? organization.name), 'text/csv');
      setState('done');
    } catch {
      setState('failed');
    }
  };

  return (
    <Stack gap="md">
      {clubs.length > 1 || scope.is_admin ? (
        <NativeSelect
          size="lg"
          label={EXPORT_WHICH}
          value={clubId}
          onChange={(event) => setClubId(event.currentTarget.value)}
          data={[
            { value: '', label: scope.is_admin ? EXPORT_WHOLE_ORGANIZATION : EXPORT_ALL_YOURS },
            ...clubs.map((club) => ({ value: String(club.id), label: club.name })),
          ]}
          data-testid="export-which"
        />
      ) : null}
      <BaseErrors messages={state === 'failed' ? [EXPORT_FAILED] : []} testId="export-failed" />
      <div>
        <Button
          size="lg"
          leftSection={<IconDownload size={22} aria-hidden="true" />}
          loading={state === 'working'}
          loaderProps={{ 'aria-label': DOWNLOADING }}
          onClick={() => void download()}
          data-testid="export-button"
        >
          {DOWNLOAD_CSV}
        </Button>
      </div>
      {state === 'working' ? (
        <Text size="md" role="status">
          {DOWNLOADING}
        </Text>
      ) : null}
      {state === 'done' ? (
        <Alert color="green" variant="light" role="status" data-testid="export-done">
          <Text size="md">{EXPORT_DONE}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
