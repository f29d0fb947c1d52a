import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ALERT_TITLE,
  BACK_TO_CHATS,
  CHAT,
  NEW_CHAT_HINT,
  NEW_CHAT_TITLE,
  NO_CHAT_WITH_SELF,
  OPENING_CHAT,
} from '../../../common/messages.ts';
import type { MemberSearchParty } from '../../../common/schemas/member-search.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { CHATS_PATH } from '../../paths.ts';
import { MemberPicker } from './MemberPicker.tsx';
import { useOpenChat } from '../../components/chats/use-open-chat.ts';

/**
 * /chats/new (ROUTE-15, CHAT-10): find a member and open the 1-on-1 with them, new or existing
 * (AMB-28). Picking oneself says VAL-05 at once, with no call (AMB-50).
 */
export function NewChatPage() {
  useDocumentTitle(`${NEW_CHAT_TITLE} – Lodgehall`);
  const { user } = useSession();
  const openChat = useOpenChat();
  const pick = (party: MemberSearchParty) => {
    if (party.id === user?.party_id) {
      showOkDialog({ title: ALERT_TITLE, content: NO_CHAT_WITH_SELF });
      return;
    }
    openChat.open({ chat: { party_id: party.id } });
  };
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={CHATS_PATH} label={BACK_TO_CHATS} />
        <Title order={1}>{NEW_CHAT_TITLE}</Title>
        <MemberPicker
          memoryKey="new-chat"
          hint={NEW_CHAT_HINT}
          actionText={CHAT}
          busy={openChat.opening}
          busyLabel={OPENING_CHAT}
          onPick={pick}
        />
      </Stack>
    </Container>
  );
}
