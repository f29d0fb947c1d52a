import { Container, Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  BY_CITY,
  BY_NAME,
  DIRECTORY_LODGES,
  DIRECTORY_MEMBERS,
  DIRECTORY_TABS_LABEL,
  DIRECTORY_TITLE,
  FAVORITE,
  LODGES_TABS_LABEL,
  MEMBERS_TABS_LABEL,
  RECENT,
} from '../../../common/messages.ts';
import classes from '../../components/ButtonTabs.module.css';
import {
  DIRECTORY_PATH,
  FAVORITE_CONTACTS_PATH,
  MEMBER_SEARCH_PATH,
  RECENT_CONTACTS_PATH,
} from '../../paths.ts';
import {
  rememberDirectoryTabs,
  rememberedDirectoryTabs,
  type DirectoryTabs,
  type DirectoryTop,
  type LodgesTab,
  type MembersTab,
} from './directory-tabs.ts';
import { FavoriteContactsPanel } from './FavoriteContactsPanel.tsx';
import { FavoriteLodgesPanel } from './FavoriteLodgesPanel.tsx';
import { LodgesByCityPanel } from './LodgesByCityPanel.tsx';
import { LodgesByNamePanel } from './LodgesByNamePanel.tsx';
import { MembersByNamePanel } from './MembersByNamePanel.tsx';
import { RecentContactsPanel } from './RecentContactsPanel.tsx';

interface SubTab<Value extends string> {
  value: Value;
  label: string;
  panel: ComponentType;
}

const MEMBERS_TABS: readonly (SubTab<MembersTab> & { path: string })[] = [
  { value: 'by_name', label: BY_NAME, panel: MembersByNamePanel, path: MEMBER_SEARCH_PATH },
  { value: 'recent', label: RECENT, panel: RecentContactsPanel, path: RECENT_CONTACTS_PATH },
  {
    value: 'favorite',
    label: FAVORITE,
    panel: FavoriteContactsPanel,
    path: FAVORITE_CONTACTS_PATH,
  },
];
const LODGES_TABS: readonly SubTab<LodgesTab>[] = [
  { value: 'by_name', label: BY_NAME, panel: LodgesByNamePanel },
  { value: 'by_city', label: BY_CITY, panel: LodgesByCityPanel },
  { value: 'favorite', label: FAVORITE, panel: FavoriteLodgesPanel },
];

/** A top tab's sub-tabs and the chosen one's panel (the only one mounted). */
function SubTabs<Value extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly SubTab<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const tab = tabs.find((entry) => entry.value === next);
        if (tab) onChange(tab.value);
      }}
      keepMounted={false}
      variant="pills"
      radius="md"
      classNames={classes}
    >
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
          <tab.panel />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The tabs an address chooses (AMB-12): /parties/* pick Members and their sub-tab. */
function tabsFor(pathname: string): DirectoryTabs {
  const remembered = rememberedDirectoryTabs();
  const members = MEMBERS_TABS.find((tab) => tab.path === pathname);
  return members ? { ...remembered, top: 'members', members: members.value } : remembered;
}

/**
 * /directory and /parties/recent|favorite|search (ROUTE-20..23, DIR-01..05, AMB-12): Members
 * (By Name, Recent, Favorite) and Lodges (By Name, By City, Favorite); the chosen tabs are
 * remembered for the session. Only the shown panel is mounted, so each list is asked for when
 * it is opened.
 */
export function DirectoryPage() {
  useDocumentTitle(`${DIRECTORY_TITLE} – Lodgehall`);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<DirectoryTabs>(() => tabsFor(pathname));
  const [seenPath, setSeenPath] = useState(pathname);
  let shown = tabs;
  if (seenPath !== pathname) {
    // The menu's Directory link or a /parties/* address while the page is open.
    shown = tabsFor(pathname);
    setSeenPath(pathname);
    setTabs(shown);
  }
  rememberDirectoryTabs(shown);

  const choose = (next: DirectoryTabs) => {
    setTabs(next);
    rememberDirectoryTabs(next);
    // The address says what is shown: a /parties/* address would choose its own tab again.
    // /directory then shows the remembered tabs, this choice. The seen path is left to follow
    // the address: set ahead of it, the render at the old address took the old address for a
    // new one and chose its tab again, undoing the member's choice.
    if (pathname !== DIRECTORY_PATH) void navigate(DIRECTORY_PATH, { replace: true });
  };

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{DIRECTORY_TITLE}</Title>
        <Tabs
          value={shown.top}
          onChange={(value) => {
            if (value === 'members' || value === 'lodges')
              choose({ ...shown, top: value as DirectoryTop });
          }}
          keepMounted={false}
          variant="pills"
          radius="md"
          classNames={classes}
        >
          <Tabs.List aria-label={DIRECTORY_TABS_LABEL}>
            <Tabs.Tab value="members">{DIRECTORY_MEMBERS}</Tabs.Tab>
            <Tabs.Tab value="lodges">{DIRECTORY_LODGES}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="members" pt="md">
            <SubTabs
              label={MEMBERS_TABS_LABEL}
              tabs={MEMBERS_TABS}
              value={shown.members}
              onChange={(members) => choose({ ...shown, members })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="lodges" pt="md">
            <SubTabs
              label={LODGES_TABS_LABEL}
              tabs={LODGES_TABS}
              value={shown.lodges}
              onChange={(lodges) => choose({ ...shown, lodges })}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
