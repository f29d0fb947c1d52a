import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BACK_TO_CHAT, LOADING_CHAT } from '../../../common/messages.ts';
import type { ChatDetail } from '../../../common/schemas/chat.ts';
import { useChatHead } from '../../api/chats.ts';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { chatPath, parseRecordId } from '../../paths.ts';

/**
 * The screens about one chat that are not the chat itself (members, rename, add a member): the
 * chat of the route's `chatId`, read without marking it read (D41), with the wait, the 404 and
 * the failure of RecordScreen, and a way back to the chat.
 */
export function ChatHeadScreen({ children }: { children: (chat: ChatDetail) => ReactNode }) {
  const params = useParams();
  const id = parseRecordId(params.chatId);
  const query = useChatHead(id);
  if (id === null) return <NotFound />;
  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_CHAT}
      testId="chat"
      back={chatPath(id)}
      backLabel={BACK_TO_CHAT}
    >
      {children}
    </RecordScreen>
  );
}
