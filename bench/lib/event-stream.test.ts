import { describe, expect, it } from 'vitest';
import { createSseParser } from './event-stream.ts';
import type { SseEvent } from './event-stream.ts';

function parse(chunks: readonly string[]) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = createSseParser(
    (event) => events.push(event),
    (text) => comments.push(text),
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments };
}

describe('createSseParser', () => {
  it('reads the stream the server writes: a comment, an id alone, named events with data', () => {
    const { events, comments } = parse([
      ': open\n\nid: 41\n\n',
      'id: 42\nevent: chat\ndata: {"kind":"message","chat_message_id":9}\n\n',
      'event: badges\ndata: {"unseen_notice_count":1}\n\n: heartbeat\n\n',
    ]);
    expect(comments).toEqual(['open', 'heartbeat']);
    expect(events).toEqual([
      { event: 'chat', data: '{"kind":"message","chat_message_id":9}', id: '42' },
      { event: 'badges', data: '{"unseen_notice_count":1}', id: null },
    ]);
  });

  it('joins events split anywhere, CRLF split in two included, and data lines with LF', () => {
    const { events } = parse(['event: ch', 'at\r', '\ndata: a\r\ndata:b\r\n\r', '\n']);
    expect(events).toEqual([{ event: 'chat', data: 'a\nb', id: null }]);
  });

  it('names an event without a name "message" and drops one without data', () => {
    const { events } = parse(['event: nothing\n\ndata: x\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'x', id: null }]);
  });
});
