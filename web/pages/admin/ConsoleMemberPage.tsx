import { Alert, Box, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  ROLE_NAMES,
  type ConsoleMember,
  type ConsoleMembership,
  type ConsoleRoleName,
} from '../../../common/schemas/console.ts';
import { useConsoleMember, type ConsoleScope } from '../../api/console.ts';
import { useSetMembershipRoles } from '../../api/console-officers.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { failedSaveErrors } from '../../components/forms/form-errors.ts';
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
  CONFIRM_REMOVE_DUTIES,
  confirmDutiesRemoval,
  DUTIES_INTRO,
  DUTIES_SAVE_FAILED,
  DUTIES_SAVED,
  DUTIES_TITLE,
  dutiesAt,
  NO_CURRENT_LODGE_FOR_DUTIES,
  REMOVE_SECRETARY_MEANS,
  REMOVE_WEBMASTER_MEANS,
  SAVE_DUTIES,
  SAVING_DUTIES,
} from '../../../common/messages.ts';
import {
  ConsoleScreen,
  ConsoleSection,
  ORGANIZATION_PARAM,
  SCROLL_INSIDE,
} from './ConsoleScreen.tsx';
import { StatusBadge } from './RosterPage.tsx';
import { InviteMember } from './InviteMember.tsx';
import { ConfirmModal } from './OfficersForms.tsx';
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
      {(scope, organization) =>
        partyId === null || organization === null ? (
          <NotFound />
        ) : (
          <MemberRecord partyId={partyId} organizationId={organization.id} scope={scope} />
        )
      }
    </ConsoleScreen>
  );
}

function MemberRecord({
  partyId,
  organizationId,
  scope,
}: {
  partyId: number;
  organizationId: number;
  scope: ConsoleScope;
}) {
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
      {(record) => <Record member={record} back={back} scope={scope} />}
    </RecordScreen>
  );
}

function Record({
  member,
  back,
  scope,
}: {
  member: ConsoleMember;
  back: string;
  scope: ConsoleScope;
}) {
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
      <DutiesSection member={member} scope={scope} />
      {!member.has_account && member.status.value === 'active' ? (
        <InviteMember member={member} />
      ) : null}
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

/**
 * The member's duties (roles) on each current membership of a lodge the console user keeps
 * (issue 23, D69): webmaster and secretary, in effect at once. Taking one away asks first.
 */
function DutiesSection({ member, scope }: { member: ConsoleMember; scope: ConsoleScope }) {
  const managed = new Set(scope.clubs.map((club) => club.id));
  const current = member.memberships.filter(
    (m) => m.left_on === null && (scope.is_admin || managed.has(m.club.id)),
  );
  return (
    <ConsoleSection title={DUTIES_TITLE} testId="member-duties">
      <Text size="lg">{DUTIES_INTRO}</Text>
      {current.length === 0 ? (
        <Text size="lg">{NO_CURRENT_LODGE_FOR_DUTIES}</Text>
      ) : (
        current.map((membership) => (
          <DutiesForm key={membership.id} member={member} membership={membership} />
        ))
      )}
    </ConsoleSection>
  );
}

function DutiesForm({
  member,
  membership,
}: {
  member: ConsoleMember;
  membership: ConsoleMembership;
}) {
  const [roles, setRoles] = useState<ConsoleRoleName[]>(membership.roles);
  const [confirming, setConfirming] = useState<ConsoleRoleName[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const change = useSetMembershipRoles(member.party_id, member.organization.id);
  const removed = membership.roles.filter((role) => !roles.includes(role));

  const save = async () => {
    setConfirming(null);
    setErrors([]);
    try {
      const answer = await change.mutateAsync({ membershipId: membership.id, roles });
      setRoles(answer.roles);
      setSaved(true);
    } catch (error) {
      setErrors(failedSaveErrors(error, DUTIES_SAVE_FAILED, () => null).base);
    }
  };

  return (
    <form
      noValidate
      aria-busy={change.isPending}
      data-testid={`duties-${membership.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        if (removed.length > 0) setConfirming(removed);
        else void save();
      }}
    >
      <Stack gap="sm">
        <BaseErrors messages={errors} testId="duties-errors" />
        <Checkbox.Group
          size="lg"
          label={dutiesAt(membership.club.name)}
          value={roles}
          onChange={(value) => {
            setSaved(false);
            setRoles(ROLE_NAMES.filter((role) => value.includes(role)));
          }}
        >
          <Group mt="xs">
            {ROLE_NAMES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={ROLE_TEXT[role]}
                disabled={change.isPending}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <div role="status" aria-live="polite">
          {saved ? (
            <Text size="md" c="green.9" data-testid="duties-saved">
              {DUTIES_SAVED}
            </Text>
          ) : null}
        </div>
        <Group>
          <Button
            type="submit"
            size="lg"
            variant="default"
            loading={change.isPending}
            loaderProps={{ 'aria-label': SAVING_DUTIES }}
          >
            {SAVE_DUTIES}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        question={confirmDutiesRemoval(
          member.display_name,
          (confirming ?? []).map((role) => ROLE_TEXT[role]).join(' and '),
          membership.club.name,
        )}
        details={(confirming ?? []).map((role) =>
          role === 'secretary' ? REMOVE_SECRETARY_MEANS : REMOVE_WEBMASTER_MEANS,
        )}
        confirmLabel={CONFIRM_REMOVE_DUTIES}
        onClose={() => setConfirming(null)}
        onConfirm={() => void save()}
      />
    </form>
  );
}
