import { Alert, Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ConsoleMember } from '../../../common/schemas/console.ts';
import { useConsoleMember } from '../../api/console.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { CONSOLE_MEMBERS_PATH, parseRecordId } from '../../paths.ts';
import {
  ADDRESS,
  BACK_TO_ROSTER,
  BIRTH_DATE,
  CHANGE_STATUS,
  COLUMN_JOINED,
  COLUMN_LEFT,
  COLUMN_LODGE,
  COLUMN_MEMBER_NUMBER,
  COLUMN_ROLES,
  DETAILS,
  EMAILS,
  FIRST_NAME,
  HAS_ACCOUNT,
  LAST_NAME,
  LOADING_MEMBER,
  LODGEHALL_ACCOUNT,
  MEMBERSHIPS,
  MEMBERSHIPS_CAPTION,
  MIDDLE_NAME,
  NO_ACCOUNT,
  MEMBER_NO_LODGES,
  NO_ROLES,
  NO_STATUS_CHANGE_RIGHT,
  NOT_GIVEN,
  PHONES,
  PREFERRED_NAME,
  ROLE_TEXT,
  ROSTER_TITLE,
  STANDING,
  STATUS_NOTE,
  STATUS_SAVED,
  STATUS_SINCE,
  STILL_A_MEMBER,
  SUFFIX,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  ConsoleSection,
  ORGANIZATION_PARAM,
  SCROLL_INSIDE,
} from './ConsoleScreen.tsx';
import { StatusBadge } from './RosterPage.tsx';
import { StatusChangeForm } from './StatusChangeForm.tsx';

/** 'YYYY-MM-DD' as a person reads it: "March 31, 1950". Anything else is shown as it came. */
export function readableDate(iso: string | null): string | null {
  if (iso === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * /admin/members/{partyId}?organization_id= (issue 23): a member's record in the console — the
 * details, the lodges with duties and dates, the status with its date and note — and the form
 * that changes the status, when the server says this user may.
 */
export function ConsoleMemberPage() {
  const partyId = parseRecordId(useParams().partyId);
  return (
    <ConsoleScreen title={ROSTER_TITLE} back={false}>
      {(_scope, organization) =>
        partyId === null || organization === null ? (
          <NotFound />
        ) : (
          <MemberRecord partyId={partyId} organizationId={organization.id} />
        )
      }
    </ConsoleScreen>
  );
}

function MemberRecord({ partyId, organizationId }: { partyId: number; organizationId: number }) {
  const member = useConsoleMember(partyId, organizationId);
  const back = `${CONSOLE_MEMBERS_PATH}?${ORGANIZATION_PARAM}=${organizationId}`;
  return (
    <RecordScreen
      query={member}
      loadingLabel={LOADING_MEMBER}
      testId="console-member"
      back={back}
      backLabel={BACK_TO_ROSTER}
    >
      {(record) => <Record member={record} back={back} />}
    </RecordScreen>
  );
}

function Record({ member, back }: { member: ConsoleMember; back: string }) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="lg" data-testid="console-member">
      <BackLink to={back} label={BACK_TO_ROSTER} />
      <div>
        <Title order={1}>{member.display_name}</Title>
        <Text size="lg" c="gray.8">
          {member.organization.name} · {COLUMN_MEMBER_NUMBER} {member.member_number}
        </Text>
      </div>
      <ConsoleSection title={STANDING} testId="member-standing">
        <Group gap="sm">
          <StatusBadge status={member.status.value} />
        </Group>
        <Facts
          rows={[
            [STATUS_SINCE, readableDate(member.status.on)],
            [STATUS_NOTE, member.status.note],
          ]}
        />
      </ConsoleSection>
      <ConsoleSection title={DETAILS} testId="member-details">
        <Facts
          rows={[
            [FIRST_NAME, member.first_name],
            ...optional(MIDDLE_NAME, member.middle_name),
            [LAST_NAME, member.last_name],
            ...optional(SUFFIX, member.suffix),
            ...optional(PREFERRED_NAME, member.preferred_name),
            [BIRTH_DATE, readableDate(member.birth_date)],
            [COLUMN_MEMBER_NUMBER, member.member_number],
            [EMAILS, member.emails.join(', ') || null],
            [PHONES, member.phones.map((p) => `${p.number} (${p.kind})`).join(', ') || null],
            [ADDRESS, addressText(member.address)],
            [LODGEHALL_ACCOUNT, member.has_account ? HAS_ACCOUNT : NO_ACCOUNT],
          ]}
        />
      </ConsoleSection>
      <ConsoleSection title={MEMBERSHIPS} testId="member-memberships">
        {member.memberships.length === 0 ? (
          <Text size="lg">{MEMBER_NO_LODGES}</Text>
        ) : (
          <Box style={SCROLL_INSIDE} tabIndex={0} role="region" aria-label={MEMBERSHIPS_CAPTION}>
            <Table miw={560} verticalSpacing="sm" fz="md" captionSide="top">
              <Table.Caption style={{ textAlign: 'left' }}>{MEMBERSHIPS_CAPTION}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{COLUMN_LODGE}</Table.Th>
                  <Table.Th scope="col">{COLUMN_ROLES}</Table.Th>
                  <Table.Th scope="col">{COLUMN_JOINED}</Table.Th>
                  <Table.Th scope="col">{COLUMN_LEFT}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {member.memberships.map((membership) => (
                  <Table.Tr key={membership.id}>
                    <Table.Th scope="row" fw={700}>
                      {membership.club.name}
                    </Table.Th>
                    <Table.Td>
                      {membership.roles.map((role) => ROLE_TEXT[role]).join(', ') || NO_ROLES}
                    </Table.Td>
                    <Table.Td>{readableDate(membership.joined_on) ?? NOT_GIVEN}</Table.Td>
                    <Table.Td>{readableDate(membership.left_on) ?? STILL_A_MEMBER}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </ConsoleSection>
      <ConsoleSection title={CHANGE_STATUS} testId="member-change-status">
        {saved ? (
          <Alert color="green" variant="light" role="status" data-testid="status-saved">
            <Text size="md">{STATUS_SAVED}</Text>
          </Alert>
        ) : null}
        {member.abilities.change_status ? (
          // Drawn afresh for each saved status, so it starts from what the server now holds.
          <StatusChangeForm
            key={`${member.status.value} ${member.status.on} ${member.status.note}`}
            member={member}
            onSaved={() => setSaved(true)}
            onStart={() => setSaved(false)}
          />
        ) : (
          <Text size="lg">{NO_STATUS_CHANGE_RIGHT}</Text>
        )}
      </ConsoleSection>
    </Stack>
  );
}

/** A name part most members lack is left out rather than said to be missing. */
function optional(label: string, value: string | null): (readonly [string, string])[] {
  return value === null || value === '' ? [] : [[label, value]];
}

function addressText(address: ConsoleMember['address']): string | null {
  if (address === null) return null;
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.address_1, address.address_2, cityLine, address.country]
    .filter(Boolean)
    .join(', ');
}

/** Label and value pairs as a description list; an empty value says "Not given". */
function Facts({ rows }: { rows: readonly (readonly [string, string | null])[] }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="md" c="gray.7">
            {label}
          </Text>
          <Text component="dd" size="lg" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value ?? NOT_GIVEN}
          </Text>
        </div>
      ))}
    </dl>
  );
}
