import { describe, expect, it } from 'vitest';
import { presentClubLinks, presentHomePageOption } from './club.ts';
import type { ClubRow } from './club.ts';

const ROW: ClubRow = {
  id: 1,
  name: 'Harmony Lodge No. 412',
  formal_name: 'Harmony Lodge No. 412, F&AM',
  type_name: 'Lodge',
  subdomain: 'harmony412',
  avatar_medium_key: null,
  city: 'Columbus',
  state: 'OH',
  default_url: 'https://harmony412.example.org/',
  address1: '949 Park Ave',
  address2: null,
  zip: '43215',
  time_zone_id: 1,
  lat: 39.97,
  lng: -83,
  description: null,
  meetings: null,
  map_url: null,
  map_image: null,
  introduction: null,
  is_hiding_stock_introduction: 0,
};

describe('presentHomePageOption: the map (CLUB-14, CONST-33, D40)', () => {
  it('links to OpenStreetMap at the place, zoom 15, when the club has no map address or image', () => {
    expect(presentHomePageOption(ROW, {})).toMatchObject({
      map_url: 'https://www.openstreetmap.org/?mlat=39.97&mlon=-83#map=15/39.97/-83',
      map_image: null,
    });
  });

  it('prefers a stored image to the provider, and the provider to nothing', () => {
    const template = 'https://maps.example.org/{lat}/{lng}/{zoom}/{width}x{height}.png';
    expect(presentHomePageOption(ROW, { imageTemplate: template }).map_image).toBe(
      'https://maps.example.org/39.97/-83/15/400x400.png',
    );
    expect(
      presentHomePageOption({ ...ROW, map_image: 'demo/map-1.png' }, { imageTemplate: template })
        .map_image,
    ).toBe('/media/demo/map-1.png');
  });

  it('has neither link nor image for a club without a place', () => {
    const nowhere = { ...ROW, lat: null, lng: null };
    const template = 'https://maps.example.org/{lat},{lng}.png';
    expect(presentHomePageOption(nowhere, { imageTemplate: template })).toMatchObject({
      map_url: null,
      map_image: null,
    });
  });
});

describe('presentClubLinks (AMB-05)', () => {
  it("builds Files, Photos and Dashboard on the club's site, Dashboard only when allowed", () => {
    expect(presentClubLinks(ROW, 'site', 'https://help.example.org')).toEqual({
      files: 'https://harmony412.example.org/files',
      photos: 'https://harmony412.example.org/photos',
      dashboard: 'https://harmony412.example.org/dashboard',
      support: 'https://help.example.org',
    });
    expect(presentClubLinks(ROW, 'none', 'https://help.example.org').dashboard).toBe(null);
  });

  it('leads the Dashboard to the club in the console for those who manage it there (D68)', () => {
    expect(presentClubLinks(ROW, 'console', 'https://help.example.org').dashboard).toBe(
      `/app/admin/clubs/${ROW.id}`,
    );
    expect(presentClubLinks({ ...ROW, default_url: null }, 'console', '').dashboard).toBe(
      `/app/admin/clubs/${ROW.id}`,
    );
  });

  it('has no club links for a club without a site', () => {
    expect(
      presentClubLinks({ ...ROW, default_url: null }, 'site', 'https://help.example.org'),
    ).toEqual({
      files: null,
      photos: null,
      dashboard: null,
      support: 'https://help.example.org',
    });
  });
});
