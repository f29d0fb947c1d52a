import { describe, expect, it } from 'vitest';
import { DeliveryLedger } from './delivery-ledger.ts';

/** Two members in chat 7 (streams 1 and 2, member 10 with two tabs), member 30 outside it. */
function ledger(): DeliveryLedger {
  const made = new DeliveryLedger();
  made.addStream(1, 10);
  made.addStream(2, 10);
  made.addStream(3, 20);
  made.addStream(4, 30);
  made.setChatMembers(7, [10, 20]);
  made.setChatMembers(8, [20, 30]);
  return made;
}

describe('DeliveryLedger', () => {
  it("expects a message on every stream of its chat's members, the sender's tabs included", () => {
    const counted = ledger();
    counted.recordSent(100, 7, 1_000);
    counted.recordArrival(1, 100, 1_004);
    counted.recordArrival(2, 100, 1_006);
    expect(counted.complete()).toBe(false);
    counted.recordArrival(3, 100, 1_010);
    expect(counted.complete()).toBe(true);
    const summary = counted.summary();
    expect(summary).toMatchObject({
      sent: 1,
      expected: 3,
      received: 3,
      missing: 0,
      duplicates: 0,
      unexpected: 0,
      unknown: 0,
    });
    expect(summary.latencyMs.p50).toBe(6);
    expect(summary.latencyMs.max).toBe(10);
  });

  it('matches an arrival that came before the send was recorded', () => {
    const counted = ledger();
    counted.recordArrival(3, 101, 2_003);
    counted.recordArrival(4, 101, 2_004);
    counted.recordSent(101, 8, 2_000);
    expect(counted.summary()).toMatchObject({ expected: 2, received: 2, missing: 0 });
  });

  it('counts what never came, what came twice, what reached a stream outside the chat and what no send named', () => {
    const counted = ledger();
    counted.recordSent(102, 7, 3_000);
    counted.recordArrival(1, 102, 3_001);
    counted.recordArrival(1, 102, 3_002);
    counted.recordArrival(4, 102, 3_003);
    counted.recordArrival(4, 999, 3_004);
    const summary = counted.summary();
    expect(summary).toMatchObject({
      sent: 1,
      expected: 3,
      received: 1,
      missing: 2,
      duplicates: 1,
      unexpected: 1,
      unknown: 1,
    });
    expect(summary.firstMissed).toEqual([
      { messageId: 102, chatId: 7, streamId: 2, partyId: 10 },
      { messageId: 102, chatId: 7, streamId: 3, partyId: 20 },
    ]);
  });

  it('neither counts nor calls unknown the warm-up sends', () => {
    const counted = ledger();
    counted.recordSent(103, 7, 4_000, false);
    counted.recordArrival(1, 103, 4_001);
    expect(counted.summary()).toMatchObject({ sent: 0, expected: 0, received: 0, unknown: 0 });
  });

  it('refuses a send to a chat whose members it was not told, and an arrival on an unknown stream', () => {
    const counted = ledger();
    expect(() => counted.recordSent(104, 99, 0)).toThrow(/chat 99/);
    expect(() => counted.recordArrival(42, 104, 0)).toThrow(/stream 42/);
  });
});
