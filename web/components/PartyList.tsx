import type { ReactNode } from 'react';
import type { SessionParty } from '../../common/schemas/session.ts';
import { partyPath } from '../paths.ts';
import { LinkList } from './LinkList.tsx';
import { MemberAvatar } from './MemberAvatar.tsx';

export interface PartyListEntry {
  party: SessionParty;
  /** One line under the name: their lodges, when last contacted. */
  detail?: ReactNode;
}

/** Members in a list (search results, recent and favourite contacts), each opening their page (DIR-13, DIR-17). */
export function PartyList({
  entries,
  testId,
}: {
  entries: readonly PartyListEntry[];
  testId: string;
}) {
  return (
    <LinkList
      testId={testId}
      entries={entries.map(({ party, detail }) => ({
        key: party.id,
        to: partyPath(party.id),
        picture: <MemberAvatar party={party} size={48} />,
        name: party.display_name,
        detail,
      }))}
    />
  );
}
