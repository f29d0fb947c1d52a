import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  ADD_A_MEMBER,
  ADD_MEMBER_HINT,
  ADD_TO_CHAT,
  ADDING_MEMBER,
  ALERT_TITLE,
  ALREADY_IN_CHAT,
  BACK_TO_CHAT,
  ERROR_ADDING_MEMBER_TO_CHAT,
  GROUP_CHATS_ONLY,
} from '../../../common/messages.ts';
import type { ChatDetail } from '../../../common/schemas/chat.ts';
import type { MemberSearchParty } from '../../../common/schemas/member-search.ts';
import { useAddChatMember } from '../../api/chats.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { chatPath } from '../../paths.ts';
import { alertText } from '../../components/chats/chat-errors.ts';
import { chatDetailTitle } from './chat-head.ts';
import { ChatHeadScreen } from './ChatHeadScreen.tsx';
import { MemberPicker } from './MemberPicker.tsx';

/**
 * /chats/{chatId}/add_member (ROUTE-17, CHAT-31): find a member and add them to the group, then
 * back to the chat. Picking oneself says VAL-06 with no call (AMB-50); the server's refusals
 * show in 'Alert' (ERR-12, ERR-13). A 1-on-1 cannot take members (PERM-17): it says so.
 */
export function AddChatMemberPage() {
  return <ChatHeadScreen>{(chat) => <AddMember chat={chat} />}</ChatHeadScreen>;
}

function AddMember({ chat }: { chat: ChatDetail }) {
  useDocumentTitle(`${ADD_A_MEMBER} – Lodgehall`);
  const { user } = useSession();
  const navigate = useNavigate();
  const mutation = useAddChatMember(chat.id);
  const running = useRef(false);
  const pick = (party: MemberSearchParty) => {
    if (running.current) return;
    if (party.id === user?.party_id) {
      showOkDialog({ title: ALERT_TITLE, content: ALREADY_IN_CHAT });
      return;
    }
    running.current = true;
    mutation.mutate(party.id, {
      onSuccess: () => void navigate(chatPath(chat.id), { replace: true }),
      onError: (error) =>
        showOkDialog({
          title: ALERT_TITLE,
          content: alertText(error, ERROR_ADDING_MEMBER_TO_CHAT),
        }),
      onSettled: () => {
        running.current = false;
      },
    });
  };
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={chatPath(chat.id)} label={BACK_TO_CHAT} />
        <div>
          <Title order={1}>{ADD_A_MEMBER}</Title>
          <Text size="lg" c="gray.8" style={{ overflowWrap: 'anywhere' }} data-testid="chat-name">
            {chatDetailTitle(chat, user?.party_id)}
          </Text>
        </div>
        {chat.abilities.add_member ? (
          <MemberPicker
            memoryKey="add-chat-member"
            hint={ADD_MEMBER_HINT}
            actionText={ADD_TO_CHAT}
            busy={mutation.isPending}
            busyLabel={ADDING_MEMBER}
            onPick={pick}
          />
        ) : (
          <Text size="lg" data-testid="group-only">
            {GROUP_CHATS_ONLY}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
