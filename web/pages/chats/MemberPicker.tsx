import { Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { matchesMemberSearch } from '../../../common/member-search.ts';
import {
  MEMBER_SEARCH_HINT,
  MEMBER_SEARCH_LABEL,
  SEARCHING_ERROR,
} from '../../../common/messages.ts';
import type { MemberSearchParty } from '../../../common/schemas/member-search.ts';
import { searchMembers } from '../../api/member-search.ts';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { alertText } from '../../components/chats/chat-errors.ts';
import { SearchPanel } from '../../components/search/SearchPanel.tsx';
import { useNarrowingSearch } from '../../components/search/use-narrowing-search.ts';
import classes from './MemberPicker.module.css';

/**
 * Finding a member to chat with or to add (CHAT-10, CHAT-31): the directory's member search
 * (SRCH-01..11, its prompt, 'No Matches' and errors, ERR-22, ERR-23), each member found a
 * button that picks them. While a pick is under way every button waits, and `busyLabel` says so.
 */
export function MemberPicker({
  memoryKey,
  hint,
  actionText,
  busy,
  busyLabel,
  onPick,
}: {
  /** Where the search keeps its text while the member is elsewhere. */
  memoryKey: string;
  /** What choosing a name does, said above the search. */
  hint: string;
  /** What a member's button does, written at its end ('Chat', 'Add'). */
  actionText: string;
  busy: boolean;
  busyLabel: string;
  onPick: (party: MemberSearchParty) => void;
}) {
  const search = useNarrowingSearch<MemberSearchParty>({
    memoryKey,
    clean: (typed) => typed.trim(),
    search: searchMembers,
    matches: matchesMemberSearch,
    errorText: (error) => alertText(error, SEARCHING_ERROR),
  });
  return (
    <>
      <Text size="lg">{hint}</Text>
      <SearchPanel
        search={search}
        label={MEMBER_SEARCH_LABEL}
        hint={MEMBER_SEARCH_HINT}
        testId="member-search"
        fallbackError={SEARCHING_ERROR}
      >
        <ul className={classes.list} data-testid="member-picker" aria-busy={busy}>
          {search.items.map((party) => (
            <li key={party.id} className={classes.item}>
              <button
                type="button"
                className={classes.row}
                disabled={busy}
                onClick={() => onPick(party)}
                data-testid="member-pick"
              >
                <MemberAvatar party={party} size={48} />
                <span className={classes.text}>
                  <span className={classes.name}>{party.display_name}</span>
                  {party.club_names.length > 0 ? (
                    <span className={classes.detail}>{party.club_names.join(', ')}</span>
                  ) : null}
                </span>
                <span className={classes.action}>
                  {actionText}
                  <IconChevronRight size={22} aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </SearchPanel>
      {busy ? (
        <Text size="lg" role="status">
          {busyLabel}
        </Text>
      ) : null}
    </>
  );
}
