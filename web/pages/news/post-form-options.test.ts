import { describe, expect, it } from 'vitest';
import { VISIBILITY_AUTHORS_ONLY, VISIBILITY_LOCKED } from '../../../common/messages.ts';
import type { Post } from '../../../common/schemas/post.ts';
import type { UserClub } from '../../../common/schemas/session.ts';
import {
  defaultVisibility,
  editChoices,
  memberVisibilityOptions,
  postAsOptions,
  visibilityOptions,
} from './post-form-options.ts';

function club(id: number, name: string, roles: string[], isLeaf = true): UserClub {
  return {
    id,
    name,
    subdomain: `club${id}`,
    is_leaf: isLeaf,
    club_member_role_names: roles,
    full_address: null,
    time_zone_id: 1,
  };
}

const L1 = club(11, 'Harmony Lodge No. 412', ['user']);
const L2 = club(12, 'Olentangy Lodge No. 614', ['user', 'webmaster']);
const DISTRICT = club(5, '9th District', ['user'], false);
const OFFICER_ONLY = club(13, 'Cornerstone Lodge No. 725', ['secretary']);

function post(overrides: Partial<Post>): Post {
  return {
    id: 1,
    type: 'PartyPost',
    subject: null,
    short_body: 'Hello',
    post_body_id: 1,
    created_at: 0,
    last_activity_at: 0,
    club: null,
    party: null,
    photos: [],
    access: 'ALL_FOLLOWERS',
    allows_comments: true,
    comment_container: { id: 1, comment_count: 0 },
    appeal_post_task_token_url: null,
    abilities: { edit: false, delete: false },
    ...overrides,
  };
}

const clubRef = (c: UserClub) => ({ id: c.id, name: c.name, subdomain: c.subdomain, avatar: null });

describe('Post As (POST-09, CONST-20)', () => {
  it('offers only Member to a member who is nobody’s webmaster', () => {
    expect(postAsOptions({ clubs: [L1, DISTRICT] })).toEqual([
      { value: 'MEMBER', label: 'Member' },
    ]);
  });

  it('adds Webmaster of each lodge where the user is webmaster, Member first', () => {
    expect(postAsOptions({ clubs: [L1, L2] })).toEqual([
      { value: 'MEMBER', label: 'Member' },
      { value: '12', label: 'Webmaster of Olentangy Lodge No. 614' },
    ]);
  });
});

describe('Visibility (POST-13, PERM-05, PERM-08, PERM-09, CONST-18, AMB-09, AMB-42)', () => {
  it('offers the three access labels for a lodge post, PUBLIC by default', () => {
    expect(visibilityOptions({ clubs: [L2] }, '12')).toEqual([
      { value: 'PUBLIC', label: 'Public - visible to anyone' },
      { value: 'MEMBER', label: 'Member - visible to anyone logged in' },
      { value: 'CLUB', label: 'Lodge - visible to members of this lodge' },
    ]);
    expect(defaultVisibility('12')).toBe('PUBLIC');
  });

  it('offers All followers and Members of each leaf lodge with role user for a member post', () => {
    expect(visibilityOptions({ clubs: [L1, DISTRICT, OFFICER_ONLY] }, 'MEMBER')).toEqual([
      { value: 'ALL_FOLLOWERS', label: 'All followers' },
      { value: '11', label: 'Members of Harmony Lodge No. 412' },
    ]);
    expect(defaultVisibility('MEMBER')).toBe('ALL_FOLLOWERS');
  });

  it('leaves out non-leaf clubs and clubs without role user (PERM-09)', () => {
    expect(memberVisibilityOptions({ clubs: [DISTRICT, OFFICER_ONLY] })).toEqual([
      { value: 'ALL_FOLLOWERS', label: 'All followers' },
    ]);
  });
});

const ME = 7;
const mine = { id: ME, display_name: 'Daniel Thomas Whitfield' } as NonNullable<Post['party']>;
const theirs = { id: 99, display_name: 'Ray Kowalski' } as NonNullable<Post['party']>;

describe('the edit form’s choices (§6)', () => {
  it('shows a lodge post as its lodge, with the lodge access choices', () => {
    const choices = editChoices(
      { party_id: ME, clubs: [L2] },
      post({ type: 'ClubPost', club: clubRef(L2), access: 'CLUB', subject: 'Hi' }),
    );
    expect(choices.postAs).toEqual({ value: '12', label: 'Webmaster of Olentangy Lodge No. 614' });
    expect(choices.access).toBe('CLUB');
    expect(choices.visibility.map((option) => option.value)).toEqual(['PUBLIC', 'MEMBER', 'CLUB']);
    expect(choices.visibilityLocked).toBe(false);
    expect(choices.visibilityNote).toBeNull();
  });

  it('offers an admin the lodge access choices on a lodge post too', () => {
    const choices = editChoices(
      { party_id: 1, clubs: [] },
      post({ type: 'ClubPost', club: clubRef(L2), party: theirs, access: 'MEMBER', subject: 'Hi' }),
    );
    expect(choices.access).toBe('MEMBER');
    expect(choices.visibility.map((option) => option.value)).toEqual(['PUBLIC', 'MEMBER', 'CLUB']);
    expect(choices.visibilityLocked).toBe(false);
  });

  it('shows the author’s own member post to a lodge as that lodge’s id', () => {
    const choices = editChoices(
      { party_id: ME, clubs: [L1] },
      post({ access: 'CLUB', club: clubRef(L1), party: mine }),
    );
    expect(choices.postAs.value).toBe('MEMBER');
    expect(choices.access).toBe('11');
    expect(choices.visibility.map((option) => option.value)).toEqual(['ALL_FOLLOWERS', '11']);
    expect(choices.visibilityLocked).toBe(false);
  });

  it('locks the visibility of a member post whose lodge is no longer a leaf lodge of the author', () => {
    const choices = editChoices(
      { party_id: ME, clubs: [L2] },
      post({ access: 'CLUB', club: clubRef(L1), party: mine }),
    );
    expect(choices.access).toBe('11');
    expect(choices.visibility).toEqual([
      { value: '11', label: 'Members of Harmony Lodge No. 412' },
    ]);
    expect(choices.visibilityLocked).toBe(true);
    expect(choices.visibilityNote).toBe(VISIBILITY_LOCKED);
  });

  it('keeps All followers for the author’s member post to followers', () => {
    const choices = editChoices(
      { party_id: ME, clubs: [L1] },
      post({ access: 'ALL_FOLLOWERS', party: mine }),
    );
    expect(choices.access).toBe('ALL_FOLLOWERS');
    expect(choices.visibilityLocked).toBe(false);
  });

  it('locks another member’s post at its saved visibility: the choices are the author’s', () => {
    // An admin who shares a lodge with the author still must not be offered their own lodges.
    const admin = { party_id: 1, clubs: [L1] };
    const toLodge = editChoices(admin, post({ access: 'CLUB', club: clubRef(L1), party: theirs }));
    expect(toLodge.access).toBe('11');
    expect(toLodge.visibility).toEqual([
      { value: '11', label: 'Members of Harmony Lodge No. 412' },
    ]);
    expect(toLodge.visibilityLocked).toBe(true);
    expect(toLodge.visibilityNote).toBe(VISIBILITY_AUTHORS_ONLY);

    const toFollowers = editChoices(admin, post({ access: 'ALL_FOLLOWERS', party: theirs }));
    expect(toFollowers.access).toBe('ALL_FOLLOWERS');
    expect(toFollowers.visibility).toEqual([{ value: 'ALL_FOLLOWERS', label: 'All followers' }]);
    expect(toFollowers.visibilityLocked).toBe(true);
    expect(toFollowers.visibilityNote).toBe(VISIBILITY_AUTHORS_ONLY);
  });
});
