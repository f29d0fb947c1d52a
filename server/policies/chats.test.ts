import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import { mayActOnGroup, mayChatWith, mayCreateChat, mayHideChat, mayReadChat } from './chats.ts';

const member: Actor = { kind: 'member', userId: 1, partyId: 1, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 2, partyId: 2, isAdmin: true };

describe('chat policies (D42, PERM-17, CHAT-24, CHAT-26)', () => {
  it('only a current member reads or hides a chat; admins are no exception', () => {
    for (const may of [mayReadChat, mayHideChat]) {
      expect(may(member, { leftAt: null })).toBe(true);
      expect(may(member, { leftAt: 5 })).toBe(false);
      expect(may(member, undefined)).toBe(false);
      expect(may(admin, undefined)).toBe(false);
      expect(may(VISITOR, { leftAt: null })).toBe(false);
    }
  });

  it('rename, add and leave are for group chats only', () => {
    expect(mayActOnGroup(member, 'GroupChat')).toBe(true);
    expect(mayActOnGroup(member, 'OneOnOneChat')).toBe(false);
    expect(mayActOnGroup(VISITOR, 'GroupChat')).toBe(false);
  });

  it('a chat partner is someone else the member may see (D37)', () => {
    expect(mayChatWith(member, 7, true)).toBe(true);
    expect(mayChatWith(member, 7, false)).toBe(false);
    expect(mayChatWith(member, 1, true)).toBe(false);
    expect(mayChatWith(VISITOR, 7, true)).toBe(false);
  });

  it('any member may start a chat', () => {
    expect(mayCreateChat(member)).toBe(true);
    expect(mayCreateChat(VISITOR)).toBe(false);
  });
});
