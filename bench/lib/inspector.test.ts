import { describe, expect, it } from 'vitest';
import { clientTextFrame, inspectorUrlFrom, readServerFrames } from './inspector.ts';

/** A frame as a server sends it: unmasked. */
function serverFrame(text: string, fin = true, opcode = 0x1): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const first = (fin ? 0x80 : 0) | opcode;
  const header =
    length < 126
      ? Buffer.from([first, length])
      : Buffer.from([first, 126, length >> 8, length & 0xff]);
  return Buffer.concat([header, payload]);
}

describe('the inspector client', () => {
  it('finds the address node prints for --inspect', () => {
    const output =
      'Debugger listening on ws://127.0.0.1:40123/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab\nFor help, see: https://nodejs.org/en/docs/inspector\n';
    expect(inspectorUrlFrom(output)).toBe(
      'ws://127.0.0.1:40123/0f1e2d3c-aaaa-bbbb-cccc-1234567890ab',
    );
    expect(inspectorUrlFrom('listening on 0.0.0.0:3000')).toBeUndefined();
  });

  it('masks what it sends, with the length in the form its size needs', () => {
    const mask = Buffer.from([1, 2, 3, 4]);
    const small = clientTextFrame('{"id":1}', mask);
    expect([...small.subarray(0, 2)]).toEqual([0x81, 0x80 | 8]);
    expect([...small.subarray(2, 6)]).toEqual([1, 2, 3, 4]);
    const unmasked = Buffer.from(small.subarray(6).map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
    expect(unmasked.toString()).toBe('{"id":1}');
    const large = clientTextFrame('x'.repeat(300), mask);
    expect([...large.subarray(0, 4)]).toEqual([0x81, 0x80 | 126, 1, 44]);
  });

  it('reads whole messages across chunks and continuation frames, and keeps the rest', () => {
    const long = `{"id":2,"result":"${'y'.repeat(200)}"}`;
    const bytes = Buffer.concat([
      serverFrame('{"id":1,', false),
      serverFrame('"result":{}}', true, 0x0),
      serverFrame(long),
    ]);
    const first = readServerFrames(bytes.subarray(0, 20));
    expect(first.messages).toEqual([]);
    expect(first.rest).toHaveLength(10);
    const read = readServerFrames(Buffer.concat([first.rest, bytes.subarray(20)]), first.partial);
    expect(read.messages).toEqual(['{"id":1,"result":{}}', long]);
    expect(read.rest).toHaveLength(0);
  });
});
