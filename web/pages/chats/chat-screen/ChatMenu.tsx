import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDoorExit,
  IconEdit,
  IconEyeOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
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
 * The header menu (CHAT-24..27, PERM-17): a group chat offers List Members, Add a Member, Rename
 * and Leave; any chat not yet hidden offers Hide. Hide and Leave ask first (the page's handlers).
 */
export function ChatMenu({
  chatId,
  group,
  hidden,
  busy,
  onHide,
  onLeave,
}: {
  chatId: number;
  group: boolean;
  hidden: boolean;
  busy: boolean;
  onHide: () => void;
  onLeave: () => void;
}) {
  if (!group && hidden) return null;
  const itemProps = { fz: 'lg', py: 'sm' } as const;
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="md"
          h={48}
          rightSection={<IconChevronDown size={20} aria-hidden="true" />}
          loading={busy}
          data-testid="chat-menu"
        >
          {CHAT_MENU}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {group ? (
          <>
            <Menu.Item
              {...itemProps}
              component={Link}
              to={chatMembersPath(chatId)}
              leftSection={<IconUsers size={22} aria-hidden="true" />}
            >
              {LIST_MEMBERS}
            </Menu.Item>
            <Menu.Item
              {...itemProps}
              component={Link}
              to={chatAddMemberPath(chatId)}
              leftSection={<IconUserPlus size={22} aria-hidden="true" />}
            >
              {ADD_A_MEMBER}
            </Menu.Item>
            <Menu.Item
              {...itemProps}
              component={Link}
              to={chatEditPath(chatId)}
              leftSection={<IconEdit size={22} aria-hidden="true" />}
            >
              {RENAME}
            </Menu.Item>
          </>
        ) : null}
        {hidden ? null : (
          <Menu.Item
            {...itemProps}
            leftSection={<IconEyeOff size={22} aria-hidden="true" />}
            onClick={onHide}
          >
            {HIDE}
          </Menu.Item>
        )}
        {group ? (
          <Menu.Item
            {...itemProps}
            color="red.9"
            leftSection={<IconDoorExit size={22} aria-hidden="true" />}
            onClick={onLeave}
          >
            {LEAVE}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
