import {
  Anchor,
  Box,
  Badge,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MEMBER_STATUS_VALUES,
  memberStatusValueSchema,
  type ConsoleOrganization,
  type MemberStatusValue,
  type RosterMember,
} from '../../../common/schemas/console.ts';
import { useRoster, type ConsoleScope, type RosterFilters } from '../../api/console.ts';
import { LoadFailed, Loading, LoadMore } from '../../components/LoadStates.tsx';
import { CONSOLE_IMPORT_PATH, consoleMemberPath } from '../../paths.ts';
import {
  ACCOUNT_ANY,
  ACCOUNT_FILTER,
  ACCOUNT_NO,
  ACCOUNT_YES,
  ALL_LODGES,
  ANY_STATUS,
  COLUMN_ACCOUNT,
  COLUMN_LODGES,
  COLUMN_MEMBER_NUMBER,
  COLUMN_NAME,
  COLUMN_STATUS,
  HAS_ACCOUNT,
  LOADING_ROSTER,
  LODGE_FILTER,
  NO_ACCOUNT,
  OPEN_IMPORT,
  ROSTER_CAPTION,
  ROSTER_EMPTY,
  ROSTER_EMPTY_FILTERED,
  ROSTER_EMPTY_HINT,
  ROSTER_FILTERS,
  ROSTER_LOAD_FAILED,
  ROSTER_TITLE,
  SCROLL_HINT,
  SEARCH_ROSTER,
  STATUS_COLOR,
  STATUS_FILTER,
  STATUS_TEXT,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  OrganizationPicker,
  ORGANIZATION_PARAM,
  SCROLL_INSIDE,
} from './ConsoleScreen.tsx';

/** Typing settles this long before the roster is asked again. */
export const ROSTER_SEARCH_DEBOUNCE_MS = 300;

/** The roster's filters as the address holds them (so the way back from a record keeps them). */
export function rosterFilters(params: URLSearchParams, organizationId: number): RosterFilters {
  const clubId = Number(params.get('club_id'));
  const status = memberStatusValueSchema.safeParse(params.get('status'));
  const hasAccount = params.get('has_account');
  const q = params.get('q')?.trim() ?? '';
  return {
    organization_id: organizationId,
    ...(q === '' ? {} : { q }),
    ...(Number.isInteger(clubId) && clubId > 0 ? { club_id: clubId } : {}),
    ...(status.success ? { status: status.data } : {}),
    ...(hasAccount === 'true' || hasAccount === 'false' ? { has_account: hasAccount } : {}),
  };
}

/**
 * /admin/members (issue 23): the roster of the organisation the console user manages, with a
 * search box and filters (lodge, status, signed up), a page at a time. The table scrolls
 * sideways on a phone, the name first so it is always in view.
 */
export function RosterPage() {
  return (
    <ConsoleScreen title={ROSTER_TITLE}>
      {(scope, organization) => (
        <Stack gap="lg">
          <Title order={1}>{ROSTER_TITLE}</Title>
          {organization === null ? (
            <Text size="lg">{ROSTER_EMPTY}</Text>
          ) : (
            <Roster scope={scope} organization={organization} />
          )}
        </Stack>
      )}
    </ConsoleScreen>
  );
}

function Roster({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization;
}) {
  const [params, setParams] = useSearchParams();
  const filters = rosterFilters(params, organization.id);
  const [text, setText] = useState(filters.q ?? '');
  const [settled] = useDebouncedValue(text, ROSTER_SEARCH_DEBOUNCE_MS);
  const clubs = scope.clubs.filter((club) => club.organization_id === organization.id);

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

  useEffect(() => {
    if (settled.trim() !== (params.get('q') ?? '').trim()) setParam('q', settled.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typing settles
  }, [settled]);

  return (
    <Stack gap="lg">
      <Paper
        component="form"
        role="search"
        aria-label={ROSTER_FILTERS}
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        onSubmit={(event) => {
          event.preventDefault();
          setParam('q', text.trim());
        }}
      >
        <Stack gap="md">
          <OrganizationPicker
            scope={scope}
            organization={organization}
            onChange={() => setText('')}
          />
          <TextInput
            size="lg"
            type="search"
            label={SEARCH_ROSTER}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={20} aria-hidden="true" />}
            autoComplete="off"
            data-testid="roster-search"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NativeSelect
              size="lg"
              label={LODGE_FILTER}
              value={String(filters.club_id ?? '')}
              onChange={(event) => setParam('club_id', event.currentTarget.value)}
              data={[
                { value: '', label: ALL_LODGES },
                ...clubs.map((club) => ({ value: String(club.id), label: club.name })),
              ]}
              data-testid="roster-club"
            />
            <NativeSelect
              size="lg"
              label={STATUS_FILTER}
              value={filters.status ?? ''}
              onChange={(event) => setParam('status', event.currentTarget.value)}
              data={[
                { value: '', label: ANY_STATUS },
                ...MEMBER_STATUS_VALUES.map((value) => ({ value, label: STATUS_TEXT[value] })),
              ]}
              data-testid="roster-status"
            />
            <NativeSelect
              size="lg"
              label={ACCOUNT_FILTER}
              value={filters.has_account ?? ''}
              onChange={(event) => setParam('has_account', event.currentTarget.value)}
              data={[
                { value: '', label: ACCOUNT_ANY },
                { value: 'true', label: ACCOUNT_YES },
                { value: 'false', label: ACCOUNT_NO },
              ]}
              data-testid="roster-account"
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <RosterResults filters={filters} />
    </Stack>
  );
}

function RosterResults({ filters }: { filters: RosterFilters }) {
  const roster = useRoster(filters);
  const hintId = useId();
  if (roster.isPending) return <Loading label={LOADING_ROSTER} testId="roster-loading" />;
  if (roster.isError) {
    return (
      <LoadFailed
        title={ROSTER_LOAD_FAILED}
        retrying={roster.isFetching}
        onRetry={() => void roster.refetch()}
      />
    );
  }
  const members = roster.data.pages.flatMap((page) => page.members);
  if (members.length === 0) {
    const filtered = Object.keys(filters).length > 1;
    return (
      <Paper withBorder radius="lg" p="lg" data-testid="roster-empty">
        <Text size="lg" fw={700}>
          {filtered ? ROSTER_EMPTY_FILTERED : ROSTER_EMPTY}
        </Text>
        {filtered ? null : (
          <Text size="lg" mt="xs">
            {ROSTER_EMPTY_HINT}{' '}
            <Anchor
              component={Link}
              to={`${CONSOLE_IMPORT_PATH}?${ORGANIZATION_PARAM}=${filters.organization_id}`}
            >
              {OPEN_IMPORT}
            </Anchor>
          </Text>
        )}
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Text size="md" c="gray.7" hiddenFrom="md" id={hintId}>
        {SCROLL_HINT}
      </Text>
      {/* A focusable scroller: a keyboard can slide it, and axe asks for that. */}
      <Box
        style={SCROLL_INSIDE}
        tabIndex={0}
        aria-describedby={hintId}
        aria-label={ROSTER_CAPTION}
        role="region"
      >
        <Table
          // Fits the page's middle column at 1280 px; narrower screens slide it.
          miw={640}
          striped
          highlightOnHover
          verticalSpacing="sm"
          fz="md"
          captionSide="top"
          data-testid="roster-table"
        >
          <Table.Caption style={{ textAlign: 'left' }}>{ROSTER_CAPTION}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{COLUMN_NAME}</Table.Th>
              <Table.Th scope="col">{COLUMN_MEMBER_NUMBER}</Table.Th>
              <Table.Th scope="col">{COLUMN_STATUS}</Table.Th>
              <Table.Th scope="col">{COLUMN_LODGES}</Table.Th>
              <Table.Th scope="col">{COLUMN_ACCOUNT}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <RosterRow
                key={member.party_id}
                member={member}
                organizationId={filters.organization_id}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {roster.hasNextPage ? (
        <LoadMore loading={roster.isFetchingNextPage} onLoad={() => void roster.fetchNextPage()} />
      ) : null}
    </Stack>
  );
}

export function StatusBadge({ status }: { status: MemberStatusValue }) {
  return (
    // The dot carries the colour and the words stay dark: a coloured word on its light tint is under
    // 4.5:1 for every status colour at a badge's size.
    <Badge
      size="lg"
      variant="dot"
      tt="none"
      // A table cell would squeeze it to "Acti…"; the word is short, it keeps its width.
      miw="max-content"
      color={STATUS_COLOR[status]}
      data-testid="status-badge"
    >
      {STATUS_TEXT[status]}
    </Badge>
  );
}

function RosterRow({ member, organizationId }: { member: RosterMember; organizationId: number }) {
  return (
    <Table.Tr data-testid="roster-row">
      <Table.Th scope="row" fw={400}>
        <Anchor component={Link} to={consoleMemberPath(member.party_id, organizationId)} fw={700}>
          {member.display_name}
        </Anchor>
      </Table.Th>
      <Table.Td>{member.member_number}</Table.Td>
      <Table.Td>
        <StatusBadge status={member.status} />
      </Table.Td>
      <Table.Td>{member.clubs.map((club) => club.name).join(', ')}</Table.Td>
      <Table.Td>{member.has_account ? HAS_ACCOUNT : NO_ACCOUNT}</Table.Td>
    </Table.Tr>
  );
}
