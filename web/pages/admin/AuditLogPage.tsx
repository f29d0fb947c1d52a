import {
  Alert,
  Box,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTIONS,
  auditChanges,
  type AuditEntry,
} from '../../../common/schemas/console-dues.ts';
import { fetchAuditCsv, useAuditLog, type AuditFilters } from '../../api/console-dues.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { saveTextFile } from '../../components/save-text-file.ts';
import {
  AUDIT_ALL_LODGES,
  AUDIT_ANY_KIND,
  AUDIT_CAPTION,
  AUDIT_CLEAR_MEMBER,
  AUDIT_EMPTY,
  AUDIT_FILTERS,
  AUDIT_FROM,
  AUDIT_KIND,
  AUDIT_LOAD_FAILED,
  AUDIT_LODGE,
  AUDIT_SYSTEM,
  AUDIT_TITLE,
  AUDIT_TO,
  COLUMN_ABOUT,
  COLUMN_BY,
  COLUMN_KIND,
  COLUMN_WHEN,
  DOWNLOAD_AUDIT,
  DOWNLOADING,
  DUES_DOWNLOAD_FAILED,
  LOADING_AUDIT,
  SCROLL_HINT,
  SHOW_MORE,
  auditActionText,
  auditMemberFilter,
} from '../../../common/messages.ts';
import { ConsoleScreen, OrganizationPicker, SCROLL_INSIDE } from './ConsoleScreen.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The history's filters as the address holds them. */
export function auditFilters(params: URLSearchParams): AuditFilters {
  const club = Number(params.get('club_id'));
  const party = Number(params.get('party_id'));
  const action = params.get('action') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    ...(Number.isInteger(club) && club > 0 ? { club_id: club } : {}),
    ...(Number.isInteger(party) && party > 0 ? { party_id: party } : {}),
    ...(/^[a-z_.]{1,60}$/.test(action) ? { action } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
}

/**
 * /admin/audit (issue 23, D71): the history of changes the console user may see, newest first,
 * filtered by lodge, member, kind and days, "Show more" for the next page, and the same rows as
 * a spreadsheet. Each change reads "field: before → after".
 */
export function AuditLogPage() {
  return (
    <ConsoleScreen title={AUDIT_TITLE}>
      {(scope, organization) => {
        const clubs = scope.clubs.filter((club) => club.organization_id === organization?.id);
        return (
          <Stack gap="lg">
            <Title order={1}>{AUDIT_TITLE}</Title>
            <OrganizationPicker scope={scope} organization={organization} />
            <Filters clubs={clubs} />
            <AuditTable />
          </Stack>
        );
      }}
    </ConsoleScreen>
  );
}

function Filters({ clubs }: { clubs: readonly { id: number; name: string }[] }) {
  const [params, setParams] = useSearchParams();
  const filters = auditFilters(params);
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return (
    <Paper
      component="form"
      role="search"
      aria-label={AUDIT_FILTERS}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      onSubmit={(event) => event.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          size="lg"
          label={AUDIT_LODGE}
          value={String(filters.club_id ?? '')}
          onChange={(event) => setParam('club_id', event.currentTarget.value)}
          data={[
            { value: '', label: AUDIT_ALL_LODGES },
            ...clubs.map((club) => ({ value: String(club.id), label: club.name })),
          ]}
          data-testid="audit-club"
        />
        <NativeSelect
          size="lg"
          label={AUDIT_KIND}
          value={filters.action ?? ''}
          onChange={(event) => setParam('action', event.currentTarget.value)}
          data={[
            { value: '', label: AUDIT_ANY_KIND },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionText(action) })),
          ]}
          data-testid="audit-kind"
        />
        <TextInput
          size="lg"
          type="date"
          label={AUDIT_FROM}
          value={filters.from ?? ''}
          onChange={(event) => setParam('from', event.currentTarget.value)}
          data-testid="audit-from"
        />
        <TextInput
          size="lg"
          type="date"
          label={AUDIT_TO}
          value={filters.to ?? ''}
          onChange={(event) => setParam('to', event.currentTarget.value)}
          data-testid="audit-to"
        />
      </SimpleGrid>
    </Paper>
  );
}

function AuditTable() {
  const [params, setParams] = useSearchParams();
  const filters = auditFilters(params);
  const log = useAuditLog(filters);
  const hintId = useId();
  if (log.isPending) return <Loading label={LOADING_AUDIT} testId="audit-loading" />;
  if (log.isError) {
    return (
      <LoadFailed
        title={AUDIT_LOAD_FAILED}
        retrying={log.isFetching}
        onRetry={() => void log.refetch()}
      />
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  const member = entries.find((entry) => entry.party?.id === filters.party_id)?.party;
  return (
    <Stack gap="md">
      {filters.party_id !== undefined ? (
        <Group>
          <Text size="lg">{auditMemberFilter(member?.name ?? String(filters.party_id))}</Text>
          <Button
            variant="default"
            onClick={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete('party_id');
                  return next;
                },
                { replace: true },
              )
            }
          >
            {AUDIT_CLEAR_MEMBER}
          </Button>
        </Group>
      ) : null}
      <DownloadAudit filters={filters} />
      {entries.length === 0 ? (
        <Text size="lg" data-testid="audit-empty">
          {AUDIT_EMPTY}
        </Text>
      ) : (
        <>
          <Text size="md" c="gray.7" hiddenFrom="md" id={hintId}>
            {SCROLL_HINT}
          </Text>
          <Box
            style={SCROLL_INSIDE}
            tabIndex={0}
            aria-describedby={hintId}
            aria-label={AUDIT_CAPTION}
            role="region"
          >
            <Table
              miw={640}
              striped
              verticalSpacing="sm"
              fz="md"
              captionSide="top"
              data-testid="audit-table"
            >
              <Table.Caption style={{ textAlign: 'left' }}>{AUDIT_CAPTION}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COLUMN_WHEN}</Table.Th>
                  <Table.Th scope="col">{COLUMN_KIND}</Table.Th>
                  <Table.Th scope="col">{COLUMN_BY}</Table.Th>
                  <Table.Th scope="col">{COLUMN_ABOUT}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {log.hasNextPage ? (
            <Group justify="center">
              <Button
                size="lg"
                variant="default"
                miw={220}
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
                data-testid="audit-more"
              >
                {SHOW_MORE}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td>{dayjs(entry.created_at).format('YYYY-MM-DD HH:mm')}</Table.Td>
      <Table.Td>
        <Text component="span" fw={700}>
          {auditActionText(entry.action)}
        </Text>
        {changes.length === 0 ? null : (
          <List size="md" spacing={2} mt={4} data-testid="audit-changes">
            {changes.map((change) => (
              <List.Item key={change.field}>{change.text}</List.Item>
            ))}
          </List>
        )}
      </Table.Td>
      <Table.Td>{entry.actor?.name ?? AUDIT_SYSTEM}</Table.Td>
      <Table.Td>{[entry.party?.name, entry.club?.name].filter((part) => part).join(', ')}</Table.Td>
    </Table.Tr>
  );
}

function DownloadAudit({ filters }: { filters: AuditFilters }) {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  return (
    <Stack gap="xs">
      {state === 'failed' ? (
        <Alert color="red" data-testid="audit-download-failed">
          {DUES_DOWNLOAD_FAILED}
        </Alert>
      ) : null}
      <Group>
        <Button
          size="lg"
          variant="default"
          leftSection={<IconDownload size={22} aria-hidden="true" />}
          loading={state === 'working'}
          loaderProps={{ 'aria-label': DOWNLOADING }}
          onClick={() => {
            setState('working');
            fetchAuditCsv(filters).then(
              (text) => {
                saveTextFile(text, `history-${dayjs().format('YYYY-MM-DD')}.csv`, 'text/csv');
                setState('idle');
              },
              () => setState('failed'),
            );
          }}
          data-testid="audit-download"
        >
          {DOWNLOAD_AUDIT}
        </Button>
      </Group>
    </Stack>
  );
}
