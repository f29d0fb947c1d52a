import { LatencyRecorder } from './stats.ts';
import type { LatencySummary } from './stats.ts';

/** One stream that did not get a message it should have, for the report. */
export interface MissedDelivery {
  readonly messageId: number;
  readonly chatId: number;
  readonly streamId: number;
  readonly partyId: number;
}

export interface DeliverySummary {
  /** Messages whose send answered 201 (each counted once). */
  readonly sent: number;
  /** Sum over the sent messages of the streams that should get each: its chat's members' streams. */
  readonly expected: number;
  /** Of those, the deliveries that arrived. */
  readonly received: number;
  /** expected - received. */
  readonly missing: number;
  /** A message a stream got twice. */
  readonly duplicates: number;
  /** A sent message that reached a stream of someone not in its chat. */
  readonly unexpected: number;
  /** Messages streams got that no recorded send names (a send whose answer was lost). */
  readonly unknown: number;
  /** From the send's start to each stream's arrival, every expected delivery that arrived. */
  readonly latencyMs: LatencySummary;
  /** The first misses, to look into. */
  readonly firstMissed: readonly MissedDelivery[];
}

interface SentMessage {
  readonly chatId: number;
  readonly startedAt: number;
  /** The streams that should get it, fixed when it was sent. */
  readonly streams: readonly number[];
}

const FIRST_MISSED_KEPT = 10;

/**
 * Counts every chat message sent and every one each stream received (issue 21): the expected
 * receivers of a message are all the streams of its chat's members (the sender's own included:
 * the server tells every current member, so a member's other tabs move too). A stream may hear
 * of a message before the sender reads the answer that names its id, so arrivals are kept by
 * id and matched at the end.
 */
export class DeliveryLedger {
  private readonly streamsOfParty = new Map<number, number[]>();
  private readonly partyOfStream = new Map<number, number>();
  private readonly chatMembers = new Map<number, readonly number[]>();
  private readonly sent = new Map<number, SentMessage>();
  /** Messages sent outside the counted window (the warm-up): their arrivals are not judged. */
  private readonly uncounted = new Set<number>();
  /** Per stream, message id to the time it arrived (the first time). */
  private readonly arrivals = new Map<number, Map<number, number>>();
  private duplicateCount = 0;

  addStream(streamId: number, partyId: number): void {
    if (this.partyOfStream.has(streamId)) throw new Error(`stream ${streamId} added twice`);
    this.partyOfStream.set(streamId, partyId);
    this.streamsOfParty.set(partyId, [...(this.streamsOfParty.get(partyId) ?? []), streamId]);
    this.arrivals.set(streamId, new Map());
  }

  setChatMembers(chatId: number, partyIds: readonly number[]): void {
    this.chatMembers.set(chatId, [...partyIds]);
  }

  /**
   * A send that answered 201; `startedAt` is when it was due to go (the delivery clock's start).
   * `counted` false: a warm-up send, whose arrivals are neither counted nor unknown.
   */
  recordSent(messageId: number, chatId: number, startedAt: number, counted = true): void {
    const members = this.chatMembers.get(chatId);
    if (!members) throw new Error(`chat ${chatId} was never given its members`);
    if (!counted) {
      this.uncounted.add(messageId);
      return;
    }
    if (this.sent.has(messageId)) return;
    const streams = members.flatMap((party) => this.streamsOfParty.get(party) ?? []);
    this.sent.set(messageId, { chatId, startedAt, streams });
  }

  recordArrival(streamId: number, messageId: number, at: number): void {
    const arrived = this.arrivals.get(streamId);
    if (!arrived) throw new Error(`stream ${streamId} was never added`);
    if (arrived.has(messageId)) this.duplicateCount += 1;
    else arrived.set(messageId, at);
  }

  /** Whether every expected delivery has arrived (to stop waiting for stragglers). */
  complete(): boolean {
    for (const [messageId, message] of this.sent) {
      for (const stream of message.streams) {
        if (!this.arrivals.get(stream)?.has(messageId)) return false;
      }
    }
    return true;
  }

  summary(): DeliverySummary {
    const latencies = new LatencyRecorder();
    let expected = 0;
    let received = 0;
    const firstMissed: MissedDelivery[] = [];
    for (const [messageId, message] of this.sent) {
      for (const stream of message.streams) {
        expected += 1;
        const at = this.arrivals.get(stream)?.get(messageId);
        if (at === undefined) {
          if (firstMissed.length < FIRST_MISSED_KEPT) {
            firstMissed.push({
              messageId,
              chatId: message.chatId,
              streamId: stream,
              partyId: this.partyOfStream.get(stream) ?? 0,
            });
          }
          continue;
        }
        received += 1;
        latencies.record(at - message.startedAt);
      }
    }
    let unexpected = 0;
    let unknown = 0;
    for (const [streamId, arrived] of this.arrivals) {
      for (const messageId of arrived.keys()) {
        const message = this.sent.get(messageId);
        if (!message) {
          if (!this.uncounted.has(messageId)) unknown += 1;
        } else if (!message.streams.includes(streamId)) unexpected += 1;
      }
    }
    return {
      sent: this.sent.size,
      expected,
      received,
      missing: expected - received,
      duplicates: this.duplicateCount,
      unexpected,
      unknown,
      latencyMs: latencies.summary(),
      firstMissed,
    };
  }
}
