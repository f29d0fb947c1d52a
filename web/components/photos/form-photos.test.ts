import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import {
  imageContentType,
  isPhotoErrorKey,
  photosTooLarge,
  isAcceptedImage,
  photosAttributes,
  readFileAsBase64,
  sortPickedFiles,
} from './form-photos.ts';

describe('the photo type check (VAL-01, VAL-03, CONST-21, AMB-18)', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['Lodge Picnic.Png', 'image/png'],
    ['wave.gif', 'image/gif'],
    ['old-phone.jpg', 'image/pjpeg'],
    ['no-mime.jpeg', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAcceptedImage({ name, type })).toBe(true);
  });

  it.each([
    ['scan.tiff', 'image/tiff'],
    ['x.bmp', 'image/bmp'],
    ['minutes.pdf', 'application/pdf'],
    ['photo.heic', 'image/heic'],
    ['noextension', 'image/png'],
    ['renamed.png', 'application/pdf'],
    ['photo.jpg.exe', 'application/octet-stream'],
  ])('rejects %s (%s)', (name, type) => {
    expect(isAcceptedImage({ name, type })).toBe(false);
  });

  it('gives one VAL-03 message per rejected file and keeps the good ones in order', () => {
    const files = [
      { name: 'a.png', type: 'image/png' },
      { name: 'scan.tiff', type: 'image/tiff' },
      { name: 'b.JPG', type: 'image/jpeg' },
      { name: 'x.bmp', type: '' },
    ];
    expect(sortPickedFiles(files)).toEqual({
      accepted: [files[0], files[2]],
      rejections: [
        'Image "scan.tiff" must have image type jpg, jpeg, png, or gif.',
        'Image "x.bmp" must have image type jpg, jpeg, png, or gif.',
      ],
    });
  });

  it('sends the browser’s type, or the extension’s when there is none', () => {
    expect(imageContentType({ name: 'a.PNG', type: '' })).toBe('image/png');
    expect(imageContentType({ name: 'a.jpg', type: '' })).toBe('image/jpeg');
    expect(imageContentType({ name: 'a.jpg', type: 'image/jpg' })).toBe('image/jpeg');
    expect(imageContentType({ name: 'a.gif', type: 'image/gif' })).toBe('image/gif');
  });
});

describe('photos_attributes (POST-17, POST-18)', () => {
  it('sends a saved photo as {id} only and a new one with its base64', () => {
    expect(
      photosAttributes([
        { kind: 'saved', id: 41, previewUrl: '/media/x' },
        {
          kind: 'new',
          guid: 'g1',
          fileName: 'pic.png',
          contentType: 'image/png',
          base64: 'iVBORw0KGgo=',
          previewUrl: 'blob:1',
        },
      ]),
    ).toEqual([
      { id: 41 },
      {
        guid: 'g1',
        image_file_name: 'pic.png',
        image_content_type: 'image/png',
        image_base64: 'iVBORw0KGgo=',
      },
    ]);
  });

  it('reads a file as plain base64, without the data: prefix', async () => {
    const file = new Blob([new Uint8Array([1, 2, 3, 250])], { type: 'image/png' });
    expect(await readFileAsBase64(file)).toBe('AQID+g==');
  });
});

describe('the request size guard and the Photos field’s server names', () => {
  const photo = (base64: string) => ({
    kind: 'new' as const,
    guid: 'g',
    fileName: 'a.png',
    contentType: 'image/png',
    base64,
    previewUrl: 'blob:a',
  });

  it('counts only new photos’ bytes and the rest of the body against the request limit', () => {
    const almost = 'a'.repeat(Math.floor(MAX_UPLOAD_REQUEST_BYTES * 0.9));
    expect(photosTooLarge([photo(almost)], 0)).toBe(false);
    expect(photosTooLarge([photo(almost)], MAX_UPLOAD_REQUEST_BYTES * 0.1)).toBe(true);
    expect(photosTooLarge([{ kind: 'saved', id: 1, previewUrl: 'x' }], 10)).toBe(false);
  });

  it('puts photo-level names under Photos and nothing else', () => {
    expect(['photos', 'photos_attributes', 'image_base64', 'guid'].every(isPhotoErrorKey)).toBe(
      true,
    );
    expect(isPhotoErrorKey('name')).toBe(false);
  });
});
