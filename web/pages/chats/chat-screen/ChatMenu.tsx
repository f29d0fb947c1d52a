import { Button, Popover, Stack } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import {
  IconChevronDown,
  IconDoorExit,
  IconEdit,
  IconEyeOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ChatAbilities } from '../../../../common/schemas/chat.ts';
import {
  ADD_A_MEMBER,
  CHAT_MENU,
  HIDE,
  LEAVE,
  LIST_MEMBERS,
  RENAME,
} from '../../../../common/messages.ts';
import { chatAddMemberPath, chatEditPath, chatMembersPath } from '../../../paths.ts';

/**
 * The header menu (CHAT-24..27, PERM-17): each item the chat's `abilities` allow, as the server
 * decides them (List Members, Add a Member, Rename and Leave for a group); Hide while the chat
 * is not hidden yet. Hide and Leave ask first (the page's handlers).
 */
export function ChatMenu({
  chatId,
  abilities,
  hidden,
  busy,
  onHide,
  onLeave,
}: {
  chatId: number;
  abilities: ChatAbilities;
  hidden: boolean;
  busy: boolean;
  onHide: () => void;
  onLeave: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  // Escape closes it wherever focus is (the popover alone only hears it inside its panel).
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  const hide = abilities.hide && !hidden;
  const { list_members, add_member, rename, leave } = abilities;
  if (!list_members && !add_member && !rename && !hide && !leave) return null;
  const item = { size: 'lg', variant: 'subtle', justify: 'flex-start', fullWidth: true } as const;
  return (
    // A plain list of links and buttons in a popover rather than an ARIA menu: the same keys as
    // everywhere else on the page, and nothing to learn.
    <Popover
      opened={opened}
      onChange={setOpened}
      onDismiss={close}
      position="bottom-end"
      width={260}
      shadow="md"
      // Gone at once, so the confirmation that follows is the only dialog on the page.
      transitionProps={{ duration: 0 }}
    >
      <Popover.Target>
        <Button
          variant="default"
          size="md"
          h={48}
          rightSection={<IconChevronDown size={20} aria-hidden="true" />}
          loading={busy}
          onClick={() => setOpened((value) => !value)}
          data-testid="chat-menu"
        >
          {CHAT_MENU}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={6} aria-label={CHAT_MENU} data-testid="chat-menu-items">
        <Stack gap={2}>
          {abilities.list_members ? (
            <Button
              {...item}
              component={Link}
              to={chatMembersPath(chatId)}
              leftSection={<IconUsers size={22} aria-hidden="true" />}
            >
              {LIST_MEMBERS}
            </Button>
          ) : null}
          {abilities.add_member ? (
            <Button
              {...item}
              component={Link}
              to={chatAddMemberPath(chatId)}
              leftSection={<IconUserPlus size={22} aria-hidden="true" />}
            >
              {ADD_A_MEMBER}
            </Button>
          ) : null}
          {abilities.rename ? (
            <Button
              {...item}
              component={Link}
              to={chatEditPath(chatId)}
              leftSection={<IconEdit size={22} aria-hidden="true" />}
            >
              {RENAME}
            </Button>
          ) : null}
          {hide ? (
            <Button
              {...item}
              leftSection={<IconEyeOff size={22} aria-hidden="true" />}
              onClick={() => {
                close();
                onHide();
              }}
            >
              {HIDE}
            </Button>
          ) : null}
          {abilities.leave ? (
            <Button
              {...item}
              color="red"
              c="red.9"
              leftSection={<IconDoorExit size={22} aria-hidden="true" />}
              onClick={() => {
                close();
                onLeave();
              }}
            >
              {LEAVE}
            </Button>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
