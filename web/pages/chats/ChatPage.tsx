import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SCROLL_TO_BOTTOM_DELAY_MS } from '../../../common/constants.ts';
import {
  BACK_TO_CHATS,
  LOADING_CHAT,
  CONFIRM_HIDE_CHAT,
  CONFIRM_LEAVE_CHAT,
  ERROR_CREATING_CHAT_MESSAGE,
  ERROR_FETCHING_CHAT,
  ERROR_HIDING_CHAT_MESSAGE,
  ERROR_LEAVING_CHAT_MESSAGE,
  ERROR_TITLE,
  errorCreatingChatMessage,
  HIDE,
  LEAVE,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { ChatDetail, ChatMessage } from '../../../common/schemas/chat.ts';
import type { Photo } from '../../../common/schemas/post.ts';
import {
  chatWithMessages,
  useChat,
  useHideChat,
  useLeaveChat,
  useSendChatMessage,
} from '../../api/chats.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { Loading } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { newPhotoGuid } from '../../components/photos/form-photos.ts';
import { isApiError } from '../../http/client.ts';
import { useEventStreamStatus } from '../../http/event-stream.ts';
import { CHATS_PATH, parseRecordId } from '../../paths.ts';
import { chatDetailTitle } from './chat-head.ts';
import { readState } from './chat-screen/chat-groups.ts';
import { ChatCompose, type ChatDraft } from './chat-screen/ChatCompose.tsx';
import { ChatMenu } from './chat-screen/ChatMenu.tsx';
import { ChatMessages, type PendingMessage } from './chat-screen/ChatMessages.tsx';
import { useChatPoll } from './chat-screen/use-chat-poll.ts';

const PhotoLightbox = lazy(() =>
  import('../../components/photos/PhotoLightbox.tsx').then((module) => ({
    default: module.PhotoLightbox,
  })),
);

/**
 * The chat screen /chats/{chatId} (ROUTE-16, CHAT-11..29, D45). The chat loads as pages of
 * messages (web/api/chats.ts useChat); the event stream refreshes it, and while the stream is
 * not open the screen polls (AMB-26). A failed load says 'Error fetching chat' (ERR-14).
 */
export function ChatPage() {
  const params = useParams();
  const id = parseRecordId(params.chatId);
  if (id === null) return <NotFound />;
  return <ChatScreen key={id} chatId={id} />;
}

function ChatScreen({ chatId }: { chatId: number }) {
  const query = useChat(chatId);
  const view = chatWithMessages(query.data);
  const viewerId = useSession().user?.party.id ?? 0;
  const failed = query.isError && !view;

  // ERR-14: the alert, once per failure.
  useEffect(() => {
    if (failed) showOkDialog({ title: ERROR_TITLE, content: ERROR_FETCHING_CHAT });
  }, [failed]);

  if (view)
    return (
      <ChatLoaded
        chatId={chatId}
        chat={view.chat}
        messages={view.messages}
        viewerId={viewerId}
        query={query}
      />
    );
  return (
    <Container size={760} px="md" py={{ base: 16, sm: 24 }}>
      <Stack gap="lg" align="flex-start">
        <BackLink to={CHATS_PATH} label={BACK_TO_CHATS} />
        {failed ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={24} aria-hidden="true" />}
            title={ERROR_FETCHING_CHAT}
            data-testid="chat-load-failed"
          >
            <Button
              mt="sm"
              variant="default"
              size="md"
              leftSection={<IconRefresh size={22} aria-hidden="true" />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {TRY_AGAIN}
            </Button>
          </Alert>
        ) : (
          <Loading label={LOADING_CHAT} testId="chat-loading" />
        )}
      </Stack>
    </Container>
  );
}

/** ERR-08 and ERR-09, joined as AMB-39 says. */
export function sendFailureText(error: unknown): string {
  if (isApiError(error) && error.status === 422)
    return errorCreatingChatMessage(error.fieldErrors('base'));
  return ERROR_CREATING_CHAT_MESSAGE;
}

function ChatLoaded({
  chatId,
  chat,
  messages,
  viewerId,
  query,
}: {
  chatId: number;
  chat: ChatDetail;
  messages: ChatMessage[];
  viewerId: number;
  query: ReturnType<typeof useChat>;
}) {
  const navigate = useNavigate();
  const title = chatDetailTitle(chat, viewerId);
  useDocumentTitle(`${title} – Lodgehall`);
  const scrollRef = useRef<HTMLDivElement>(null);

  // ---- Scrolling: to the bottom on arrival and on news; kept in place when earlier load ----
  const newestId = messages.at(-1)?.id ?? null;
  const oldestId = messages[0]?.id ?? null;
  const scrollToBottom = useCallback(() => {
    const area = scrollRef.current;
    if (area) area.scrollTop = area.scrollHeight;
  }, []);
  const fromBottom = useRef<number | null>(null);
  const shown = useRef<{ newest: number | null; oldest: number | null } | null>(null);
  useLayoutEffect(() => {
    const area = scrollRef.current;
    const before = shown.current;
    shown.current = { newest: newestId, oldest: oldestId };
    if (!area) return;
    if (before === null) {
      scrollToBottom();
      // CONST-03: again once photos have had their moment to load and take their height.
      const timer = setTimeout(scrollToBottom, SCROLL_TO_BOTTOM_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (before.oldest !== oldestId && fromBottom.current !== null) {
      // Earlier messages went in above: the ones being read stay where they were.
      area.scrollTop = area.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (before.newest !== newestId && nearBottom(area)) {
      scrollToBottom();
    }
    return undefined;
  }, [newestId, oldestId, scrollToBottom]);

  const loadOlder = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    const area = scrollRef.current;
    if (area) fromBottom.current = area.scrollHeight - area.scrollTop;
    void query.fetchNextPage();
  };

  // ---- Real time: the stream, else the poll (AMB-26) -----------------------------------------
  const streamOpen = useEventStreamStatus() === 'open';
  const { refetch } = query;
  useChatPoll(chatId, newestId, !streamOpen, () => void refetch());

  // ---- Sending (CHAT-18..23) ------------------------------------------------------------------
  const send = useSendChatMessage(chatId);
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const inFlight = useRef(false);
  // One id per thing sent: a second try of the same text or photo after a failure reuses it, so
  // a send that did arrive is answered with the first message instead of making a second.
  const lastTry = useRef<{ key: string; clientId: string } | null>(null);
  const onSend = async (draft: ChatDraft): Promise<boolean> => {
    // CHAT-23: ignored while a send is out.
    if (inFlight.current) return false;
    inFlight.current = true;
    const key = draft.kind === 'text' ? `text:${draft.content}` : `photo:${draft.photo.guid}`;
    if (lastTry.current?.key !== key) lastTry.current = { key, clientId: newPhotoGuid() };
    const clientId = lastTry.current.clientId;
    setPending({
      clientId,
      content: draft.kind === 'text' ? draft.content : null,
      previewUrl: draft.kind === 'photo' ? draft.photo.previewUrl : null,
      startedAt: Date.now(),
    });
    requestAnimationFrame(scrollToBottom);
    try {
      await send.mutateAsync({
        clientId,
        partyId: viewerId,
        ...(draft.kind === 'text'
          ? { content: draft.content }
          : {
              photo: {
                image_file_name: draft.photo.fileName,
                image_content_type: draft.photo.contentType,
                image_base64: draft.photo.base64,
              },
            }),
      });
      lastTry.current = null;
      // CHAT-22, CONST-03.
      setTimeout(scrollToBottom, SCROLL_TO_BOTTOM_DELAY_MS);
      return true;
    } catch (error) {
      showOkDialog({ title: ERROR_TITLE, content: sendFailureText(error) });
      return false;
    } finally {
      inFlight.current = false;
      setPending(null);
    }
  };

  // ---- Hide and Leave (CHAT-26..29, ERR-15, ERR-16, ERR-20, ERR-21) ---------------------------
  const hide = useHideChat(chatId);
  const leave = useLeaveChat(chatId);
  const busy = useRef(false);
  const [working, setWorking] = useState(false);
  const run = async (action: () => Promise<unknown>, failure: string) => {
    // CHAT-28: ignored while one is out.
    if (busy.current) return;
    busy.current = true;
    setWorking(true);
    try {
      await action();
      void navigate(CHATS_PATH);
    } catch {
      showOkDialog({ title: ERROR_TITLE, content: failure });
    } finally {
      busy.current = false;
      setWorking(false);
    }
  };
  const confirmHide = () =>
    showOkDialog({
      title: HIDE,
      content: CONFIRM_HIDE_CHAT,
      onOk: () => void run(() => hide.mutateAsync(), ERROR_HIDING_CHAT_MESSAGE),
    });
  const confirmLeave = () =>
    showOkDialog({
      title: LEAVE,
      content: CONFIRM_LEAVE_CHAT,
      onOk: () => void run(() => leave.mutateAsync(), ERROR_LEAVING_CHAT_MESSAGE),
    });

  // ---- The lightbox (CHAT-14) ----------------------------------------------------------------
  const [lightbox, setLightbox] = useState<Photo | null>(null);

  return (
    <Container size={760} px="md" py={{ base: 12, sm: 20 }} data-testid="chat-screen">
      <Stack gap="sm">
        <BackLink to={CHATS_PATH} label={BACK_TO_CHATS} />
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }} lineClamp={2} data-testid="chat-title">
            {title}
          </Title>
          <ChatMenu
            chatId={chatId}
            abilities={chat.abilities}
            hidden={chat.hid_at !== null}
            busy={working}
            onHide={confirmHide}
            onLeave={confirmLeave}
          />
        </Group>
        <ChatMessages
          messages={messages}
          parties={chat.parties}
          viewerId={viewerId}
          pending={pending}
          seen={readState(chat, messages, viewerId)}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={loadOlder}
          onOpenPhoto={(photo) => setLightbox(photo)}
          scrollRef={scrollRef}
        />
        <ChatCompose sending={pending !== null} onSend={onSend} />
      </Stack>
      {lightbox ? (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={[lightbox]}
            index={0}
            onIndexChange={() => undefined}
            onClose={() => setLightbox(null)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}

/** Near enough the bottom that a new message should bring the view down with it. */
function nearBottom(area: HTMLElement): boolean {
  return area.scrollHeight - area.scrollTop - area.clientHeight < 160;
}
