import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEye, IconEyeOff, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chatTitle } from '../../../common/chat-title.ts';
import { formatChatListTime } from '../../../common/chat-time.ts';
import {
  CHATS_LOAD_FAILED,
  CHATS_TITLE,
  ERROR_TITLE,
  ERROR_TOGGLING_HIDDEN_CHATS,
  HIDDEN_CHAT,
  HIDE_HIDDEN_CHATS,
  LOADING_CHATS,
  NEW_GROUP,
  NEW_ONE_ON_ONE,
  NO_CHATS,
  OPENING_CHAT,
  SHOW_HIDDEN_CHATS,
  unseenInChat,
} from '../../../common/messages.ts';
import { GROUP_CHAT_TYPE } from '../../../common/constants.ts';
import type { ChatSummary } from '../../../common/schemas/chat.ts';
import {
  chatsToShow,
  showsHiddenChats,
  useChatList,
  useSetShowHiddenChats,
} from '../../api/chats.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { chatPath, NEW_CHAT_PATH } from '../../paths.ts';
import { ChatAvatars } from './ChatAvatars.tsx';
import classes from './ChatListPage.module.css';
import { useOpenChat } from '../../components/chats/use-open-chat.ts';

/**
 * /chats (ROUTE-14, CHAT-01..09, D46): New 1-on-1 and New Group, the Show/Hide Hidden Chats
 * link, then the member's chats, newest activity first, each with its picture, title, last
 * activity and time, a dot and the count when something is unseen, and a tint and 'Hidden'
 * on a hidden chat shown on request. Hidden chats are left out here, not by the server
 * (AMB-27).
 */
export function ChatListPage() {
  useDocumentTitle(`${CHATS_TITLE} – Lodgehall`);
  const query = useChatList();
  const openChat = useOpenChat();

  let content: ReactNode;
  if (query.isPending) {
    content = <Loading label={LOADING_CHATS} testId="chats-loading" />;
  } else if (query.isError) {
    content = (
      <div data-testid="chats-load-failed">
        <LoadFailed
          title={CHATS_LOAD_FAILED}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  } else {
    const chats = chatsToShow(query.data);
    content =
      chats.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="chats-empty">
          <Text size="lg">{NO_CHATS}</Text>
        </Paper>
      ) : (
        <ul className={classes.list} data-testid="chat-list">
          {chats.map((chat) => (
            <li key={chat.id} className={classes.item}>
              <ChatRow chat={chat} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{CHATS_TITLE}</Title>
        <div className={classes.actions}>
          <Button
            component={Link}
            to={NEW_CHAT_PATH}
            size="md"
            leftSection={<IconPlus size={22} aria-hidden="true" />}
          >
            {NEW_ONE_ON_ONE}
          </Button>
          <Button
            size="md"
            variant="default"
            leftSection={<IconUsersGroup size={22} aria-hidden="true" />}
            loading={openChat.opening}
            loaderProps={{ 'aria-label': OPENING_CHAT }}
            onClick={() => openChat.open({ chat: { type: GROUP_CHAT_TYPE } })}
          >
            {NEW_GROUP}
          </Button>
        </div>
        {query.data ? (
          <HiddenChatsToggle show={showsHiddenChats(query.data.party_preferences)} />
        ) : null}
        {content}
      </Stack>
    </Container>
  );
}

/**
 * CHAT-04, CHAT-05, ERR-17: says what it will do, sends the flipped preference, then the list
 * loads again; on failure the list stays as it was and the alert says so.
 */
function HiddenChatsToggle({ show }: { show: boolean }) {
  const mutation = useSetShowHiddenChats();
  const toggle = () => {
    if (mutation.isPending) return;
    mutation.mutate(!show, {
      onError: () => showOkDialog({ title: ERROR_TITLE, content: ERROR_TOGGLING_HIDDEN_CHATS }),
    });
  };
  return (
    <Group>
      <Button
        variant="subtle"
        size="md"
        px="xs"
        leftSection={
          show ? (
            <IconEyeOff size={22} aria-hidden="true" />
          ) : (
            <IconEye size={22} aria-hidden="true" />
          )
        }
        loading={mutation.isPending}
        onClick={toggle}
        data-testid="hidden-chats-toggle"
      >
        {show ? HIDE_HIDDEN_CHATS : SHOW_HIDDEN_CHATS}
      </Button>
    </Group>
  );
}

function ChatRow({ chat }: { chat: ChatSummary }) {
  const title = chatTitle(
    chat,
    chat.parties.map((party) => party.display_name),
    chat.party_count - 1,
  );
  const hidden = chat.hid_at !== null;
  return (
    <Link
      to={chatPath(chat.id)}
      className={hidden ? `${classes.row} ${classes.hidden}` : classes.row}
      data-testid="chat-row"
      data-chat-id={chat.id}
      data-hidden={hidden ? 'true' : undefined}
      data-unseen={chat.unseen_count > 0 ? 'true' : undefined}
    >
      <ChatAvatars parties={chat.parties} otherCount={chat.party_count - 1} />
      <span className={classes.text}>
        <span className={classes.title} data-testid="chat-title">
          {title}
        </span>
        {chat.last_activity_summary ? (
          <span className={classes.summary} data-testid="chat-summary">
            {chat.last_activity_summary}
          </span>
        ) : null}
      </span>
      <span className={classes.side}>
        <time dateTime={new Date(chat.last_activity_at).toISOString()} data-testid="chat-time">
          {formatChatListTime(chat.last_activity_at)}
        </time>
        {chat.unseen_count > 0 ? (
          <span className={classes.unseen} data-testid="chat-unseen">
            <span className={classes.dot} aria-hidden="true" />
            {unseenInChat(chat.unseen_count)}
          </span>
        ) : null}
        {hidden ? (
          <span className={classes.hiddenLabel} data-testid="chat-hidden">
            <IconEyeOff size={18} aria-hidden="true" />
            {HIDDEN_CHAT}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
