import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ALERT_TITLE, ERROR_CREATING_CHAT } from '../../../common/messages.ts';
import type { CreateChatRequest } from '../../../common/schemas/chat.ts';
import { useCreateChat } from '../../api/chats.ts';
import { showOkDialog } from '../ok-dialog-store.ts';
import { chatPath } from '../../paths.ts';
import { alertText } from './chat-errors.ts';

/**
 * Opens a chat by `POST /chats.json`: New Group (CHAT-03), a member picked on /chats/new
 * (CHAT-10) and the party page's Chat (PARTY-05). The member goes to the chat; when the server
 * says why it was not new (the 1-on-1 existed), that shows in an OK dialog too (AMB-28). A
 * refusal shows in the 'Alert' dialog (ERR-10, ERR-11). A second tap while one is under way
 * does nothing.
 */
export function useOpenChat() {
  const mutation = useCreateChat();
  const navigate = useNavigate();
  const running = useRef(false);
  const open = (request: CreateChatRequest) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(request, {
      onSuccess: (answer) => {
        if (answer.alert) showOkDialog({ title: ALERT_TITLE, content: answer.alert.message });
        void navigate(chatPath(answer.data.chat.id));
      },
      onError: (error) =>
        showOkDialog({ title: ALERT_TITLE, content: alertText(error, ERROR_CREATING_CHAT) }),
      onSettled: () => {
        running.current = false;
      },
    });
  };
  return { open, opening: mutation.isPending };
}
