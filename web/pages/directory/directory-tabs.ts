import { onClientStateReset } from '../../http/client-state.ts';

/**
 * The directory's chosen tabs (DIR-02..05, AMB-12): the top tab and each top tab's sub-tab,
 * kept while the member moves around the app and forgotten at sign-in and sign-out (SESS-07).
 * /parties/recent, /parties/favorite and /parties/search choose Members and their sub-tab.
 */
export type DirectoryTop = 'members' | 'lodges';
export type MembersTab = 'by_name' | 'recent' | 'favorite';
export type LodgesTab = 'by_name' | 'by_city' | 'favorite';

export interface DirectoryTabs {
  top: DirectoryTop;
  members: MembersTab;
  lodges: LodgesTab;
}

const DEFAULT_TABS: DirectoryTabs = { top: 'members', members: 'by_name', lodges: 'favorite' };
let chosen: DirectoryTabs = DEFAULT_TABS;

onClientStateReset(() => {
  chosen = DEFAULT_TABS;
});

export function rememberedDirectoryTabs(): DirectoryTabs {
  return chosen;
}

export function rememberDirectoryTabs(tabs: DirectoryTabs): void {
  chosen = tabs;
}
