import { Alert, Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { InvitationOutcome } from '../../../common/schemas/console-officers.ts';
import type { ConsoleOrganization } from '../../../common/schemas/console.ts';
import { useInvite } from '../../api/console-officers.ts';
import type { ConsoleScope } from '../../api/console.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { failedSaveErrors } from '../../components/forms/form-errors.ts';
import {
  COUNT_INVITATIONS,
  COUNTING,
  FIRST_START_SECRETARY,
  INCLUDE_RECENT,
  INVITATIONS_FAILED,
  INVITATIONS_INTRO,
  INVITATIONS_TITLE,
  INVITE_LODGE,
  invitationCount,
  invitationsSent,
  inviteAll,
  NOBODY_TO_INVITE,
  recentlyInvitedCount,
  SENDING_INVITATIONS,
  withoutEmailCount,
} from '../../../common/messages.ts';
import { consoleMemberPath } from '../../paths.ts';
import { Link } from 'react-router';
import { ConsoleScreen, ConsoleSection, OrganizationPicker } from './ConsoleScreen.tsx';
import { ClubPicker, useChosenClub } from './OfficersPage.tsx';

/**
 * /admin/invitations?organization_id=&club_id= (issue 23, D69): invite a lodge's members who
 * have no account yet. The count comes first (who would be invited, who was invited within the
 * day, who has no e-mail, by name); then one button sends them all.
 */
export function InvitationsPage() {
  return (
    <ConsoleScreen title={INVITATIONS_TITLE}>
      {(scope, organization) => (
        <Stack gap="lg">
          <div>
            <Title order={1}>{INVITATIONS_TITLE}</Title>
            <Text size="lg" c="gray.8" mt="xs">
              {INVITATIONS_INTRO}
            </Text>
          </div>
          {organization === null ? (
            <Text size="lg">{FIRST_START_SECRETARY}</Text>
          ) : (
            <ClubInvitations scope={scope} organization={organization} />
          )}
        </Stack>
      )}
    </ConsoleScreen>
  );
}

function ClubInvitations({
  scope,
  organization,
}: {
  scope: ConsoleScope;
  organization: ConsoleOrganization;
}) {
  const chosen = useChosenClub(scope, organization);
  const { club } = chosen;
  const invite = useInvite();
  const [counted, setCounted] = useState<InvitationOutcome | null>(null);
  const [sent, setSent] = useState<InvitationOutcome | null>(null);
  const [again, setAgain] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const run = async (dryRun: boolean, withRecent: boolean) => {
    if (!club) return;
    setErrors([]);
    try {
      const outcome = await invite.mutateAsync({
        organization_id: organization.id,
        club_id: club.id,
        dry_run: dryRun,
        again: withRecent,
      });
      if (dryRun) {
        setCounted(outcome);
        setSent(null);
      } else {
        setSent(outcome);
        setCounted(null);
      }
    } catch (error) {
      setErrors(failedSaveErrors(error, INVITATIONS_FAILED, () => null).base);
    }
  };

  if (club === null) return <Text size="lg">{FIRST_START_SECRETARY}</Text>;
  const toInvite = counted ? counted.invited + (again ? counted.recently_invited : 0) : 0;
  return (
    <Stack gap="lg">
      <OrganizationPicker scope={scope} organization={organization} />
      <ClubPicker
        label={INVITE_LODGE}
        chosen={chosen}
        testId="invitations-club"
        onChange={() => {
          setCounted(null);
          setSent(null);
        }}
      />
      <ConsoleSection title={club.name} testId="club-invitations">
        <BaseErrors messages={errors} testId="invitations-errors" />
        <Group>
          <Button
            size="lg"
            variant={counted ? 'default' : 'filled'}
            loading={invite.isPending && !counted}
            loaderProps={{ 'aria-label': COUNTING }}
            onClick={() => void run(true, false)}
            data-testid="count-invitations"
          >
            {COUNT_INVITATIONS}
          </Button>
        </Group>
        <div role="status" aria-live="polite">
          {counted ? <Counts outcome={counted} organizationId={organization.id} /> : null}
          {sent ? (
            <Alert color="green" variant="light" data-testid="invitations-sent">
              <Text size="lg">
                {sent.invited === 0 ? NOBODY_TO_INVITE : invitationsSent(sent.invited)}
              </Text>
            </Alert>
          ) : null}
          {invite.isPending && counted ? <Text size="md">{SENDING_INVITATIONS}</Text> : null}
        </div>
        {counted ? (
          <Stack gap="md">
            {counted.recently_invited > 0 ? (
              <Checkbox
                size="lg"
                label={INCLUDE_RECENT}
                checked={again}
                onChange={(event) => setAgain(event.currentTarget.checked)}
              />
            ) : null}
            <Group>
              <Button
                size="lg"
                disabled={toInvite === 0}
                loading={invite.isPending}
                onClick={() => void run(false, again)}
                data-testid="send-invitations"
              >
                {toInvite === 0 ? NOBODY_TO_INVITE : inviteAll(toInvite)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </ConsoleSection>
    </Stack>
  );
}

function Counts({
  outcome,
  organizationId,
}: {
  outcome: InvitationOutcome;
  organizationId: number;
}) {
  return (
    <Stack gap="xs" data-testid="invitation-counts">
      <Text size="lg" fw={700}>
        {invitationCount(outcome.invited)}
      </Text>
      {outcome.recently_invited > 0 ? (
        <Text size="lg">{recentlyInvitedCount(outcome.recently_invited)}</Text>
      ) : null}
      {outcome.without_email.length > 0 ? (
        <>
          <Text size="lg">{withoutEmailCount(outcome.without_email.length)}</Text>
          <List size="lg" spacing="xs" data-testid="without-email">
            {outcome.without_email.map((member) => (
              <List.Item key={member.party_id}>
                <Link to={consoleMemberPath(member.party_id, organizationId)}>
                  {member.display_name}
                </Link>{' '}
                ({member.member_number})
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
