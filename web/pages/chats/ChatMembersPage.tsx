import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import dayjs from 'dayjs';
import { BACK_TO_CHAT, CHAT_MEMBERS_TITLE, leftChatOn, YOU } from '../../../common/messages.ts';
import type { ChatDetail } from '../../../common/schemas/chat.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LinkList } from '../../components/LinkList.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { chatPath, partyPath } from '../../paths.ts';
import { chatDetailTitle } from './chat-head.ts';
import { ChatHeadScreen } from './ChatHeadScreen.tsx';

/**
 * /chat_parties/{chatId} (ROUTE-19, CHAT-32): who is in the chat, each opening their page; the
 * member themself marked 'You'; those who left listed after, with the day they left.
 */
export function ChatMembersPage() {
  return <ChatHeadScreen>{(chat) => <Members chat={chat} />}</ChatHeadScreen>;
}

function Members({ chat }: { chat: ChatDetail }) {
  useDocumentTitle(`${CHAT_MEMBERS_TITLE} – Lodgehall`);
  const { user } = useSession();
  const current = chat.parties.filter((entry) => entry.left_at === null);
  const left = chat.parties.filter((entry) => entry.left_at !== null);
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={chatPath(chat.id)} label={BACK_TO_CHAT} />
        <div>
          <Title order={1}>{CHAT_MEMBERS_TITLE}</Title>
          <Text size="lg" c="gray.8" style={{ overflowWrap: 'anywhere' }} data-testid="chat-name">
            {chatDetailTitle(chat, user?.party_id)}
          </Text>
        </div>
        <LinkList
          testId="chat-members"
          rowTestId="chat-member"
          entries={[...current, ...left].map((entry) => ({
            key: entry.id,
            to: partyPath(entry.party.id),
            picture: <MemberAvatar party={entry.party} size={48} />,
            name: entry.party.display_name,
            detail:
              entry.left_at !== null
                ? leftChatOn(dayjs(entry.left_at).format('M/D/YYYY'))
                : entry.party.id === user?.party_id
                  ? YOU
                  : undefined,
          }))}
        />
      </Stack>
    </Container>
  );
}
