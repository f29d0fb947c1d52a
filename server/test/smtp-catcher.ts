import { SMTPServer } from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';

/*
 * A real SMTP server for tests (the `smtp-server` package), listening on 127.0.0.1: it keeps
 * every message it accepted, by the recipient and the Message-ID it came with. A message counts
 * only when its 250 went to a connection still open, as the sender sees it: one whose sender
 * died while it waited is not kept. It can refuse every message, and can hold each message
 * before accepting it, one at a time, for a test to act between two acceptances (D79).
 */

export interface CaughtMail {
  readonly to: string;
  readonly messageId: string;
  readonly subject: string;
  readonly text: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post`, empty when the mail had none (D81). */
  readonly listUnsubscribe: string;
  readonly listUnsubscribePost: string;
  /** The whole message as sent, for a test that reads its parts (postal-mime, D83). */
  readonly raw: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  readonly url: string;
  readonly mails: CaughtMail[];
  /** Refuse every message with a 550 from now on (false: accept again). */
  refuse(refusing: boolean): void;
  /** How many messages were refused. */
  refused(): number;
  /** Connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

export interface SmtpCatcherOptions {
  /**
   * Accepts one message at a time, this long after the one before: a message waits, unanswered,
   * until its turn. `beforeAccept` runs at each turn, told how many were accepted so far.
   */
  paceMs?: number;
  beforeAccept?: (accepted: number) => void | Promise<void>;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
}

function body(raw: string): string {
  const index = raw.search(/\r?\n\r?\n/);
  return index < 0
    ? ''
    : raw
        .slice(index)
        .replace(/=\r?\n/g, '')
        .trim();
}

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusing = false;
  let refusedCount = 0;
  let turn: Promise<void> = Promise.resolve();
  const closed = new Set<string>();
  const open = new Set<string>();

  /** Resolves when this message may be accepted. */
  function nextTurn(): Promise<void> {
    turn = turn.then(async () => {
      await new Promise((resolve) => setTimeout(resolve, options.paceMs ?? 0));
      await options.beforeAccept?.(mails.length);
    });
    return turn;
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // A reverse DNS lookup of 127.0.0.1 per connection would be the bench's slowest part.
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      closed.add(session.id);
      open.delete(session.id);
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (refusing) {
            refusedCount += 1;
            const error = new Error('Mailbox unavailable (the test refuses it)') as Error & {
              responseCode: number;
            };
            error.responseCode = 550;
            callback(error);
            return;
          }
          if (options.paceMs !== undefined) await nextTurn();
          const raw = Buffer.concat(chunks).toString('utf8');
          if (closed.has(session.id)) return;
          // Read before the answer: answering resets the session's envelope for the next one.
          const caught = session.envelope.rcptTo.map((recipient) => ({
            to: recipient.address,
            messageId: header(raw, 'Message-ID'),
            subject: header(raw, 'Subject'),
            text: body(raw),
            listUnsubscribe: header(raw, 'List-Unsubscribe'),
            listUnsubscribePost: header(raw, 'List-Unsubscribe-Post'),
            raw,
          }));
          callback(null);
          mails.push(...caught);
        })();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse(value) {
      refusing = value;
    },
    refused: () => refusedCount,
    openConnections: () => open.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
