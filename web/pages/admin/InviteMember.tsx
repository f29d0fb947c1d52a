import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { ConsoleMember } from '../../../common/schemas/console.ts';
import { useInvite, useMemberInvitations } from '../../api/console-officers.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { failedSaveErrors } from '../../components/forms/form-errors.ts';
import {
  ALREADY_INVITED_TODAY,
  EARLIER_INVITATIONS,
  invitedOn,
  NOT_SENT_YET,
  INVITATIONS_FAILED,
  INVITE_AGAIN,
  INVITE_ONE,
  INVITE_ONE_TEXT,
  INVITE_ONE_TITLE,
  INVITED_ONE,
} from '../../../common/messages.ts';
import { ConsoleSection } from './ConsoleScreen.tsx';

/**
 * A member's record: the invitation to register (issue 23, D69), for an active member with no
 * account. Sent at once; a second within the day only when the secretary asks again.
 */
export function InviteMember({ member }: { member: ConsoleMember }) {
  const invite = useInvite();
  const earlier = useMemberInvitations(member.party_id, member.organization.id);
  const [result, setResult] = useState<'sent' | 'recent' | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const send = async (again: boolean) => {
    setErrors([]);
    try {
      const outcome = await invite.mutateAsync({
        organization_id: member.organization.id,
        party_id: member.party_id,
        dry_run: false,
        again,
      });
      setResult(outcome.invited > 0 ? 'sent' : 'recent');
    } catch (error) {
      setResult(null);
      setErrors(failedSaveErrors(error, INVITATIONS_FAILED, () => null).base);
    }
  };
  return (
    <ConsoleSection title={INVITE_ONE_TITLE} testId="member-invitation">
      <Text size="lg">{INVITE_ONE_TEXT}</Text>
      <BaseErrors messages={errors} testId="invitation-errors" />
      <div role="status" aria-live="polite">
        {result === 'sent' ? (
          <Alert color="green" variant="light" data-testid="invitation-sent">
            <Text size="md">{INVITED_ONE}</Text>
          </Alert>
        ) : result === 'recent' ? (
          <Alert color="yellow" variant="light" data-testid="invitation-recent">
            <Text size="md">{ALREADY_INVITED_TODAY}</Text>
          </Alert>
        ) : null}
      </div>
      {earlier.data && earlier.data.length > 0 ? (
        <div>
          <Text size="md" c="gray.8" fw={700}>
            {EARLIER_INVITATIONS}
          </Text>
          <List size="lg" spacing="xs" data-testid="invitations-listed">
            {earlier.data.map((invitation) => (
              <List.Item key={invitation.id}>
                {invitedOn(
                  new Date(invitation.created_at).toLocaleString('en-US', {
                    dateStyle: 'long',
                    timeStyle: 'short',
                  }),
                  invitation.email,
                )}
                {invitation.sent_at === null ? ` ${NOT_SENT_YET}` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      <Group>
        <Button
          size="lg"
          loading={invite.isPending}
          onClick={() => void send(result === 'recent')}
          data-testid="invite-member"
        >
          {result === 'recent' ? INVITE_AGAIN : INVITE_ONE}
        </Button>
      </Group>
    </ConsoleSection>
  );
}
