import { describe, expect, it } from 'vitest';
import { RealtimeHub, type RealtimeSubscriber } from '#server/realtime/realtime-hub.ts';
import { RecentEvents } from '#server/realtime/recent-events.ts';

const event = (id: string, users: number[], at: number) => ({
  id,
  users,
  event: 'notification',
  data: id,
  at,
});

describe('RecentEvents', () => {
  it('answers a user’s events after an id, in order, and null for an id it does not hold', () => {
    const recent = new RecentEvents({ count: 100, ageMs: 60_000 });
    recent.add(event('a', [1], 0));
    recent.add(event('b', [2], 1));
    recent.add(event('c', [1, 2], 2));
    recent.add(event('d', [1], 3));
    expect(recent.after('a', 1, 10)?.map((e) => e.id)).toEqual(['c', 'd']);
    expect(recent.after('b', 2, 10)?.map((e) => e.id)).toEqual(['c']);
    expect(recent.after('d', 1, 10)).toEqual([]);
    expect(recent.after('unknown', 1, 10)).toBeNull();
  });

  it('keeps at most its count, and nothing older than its age', () => {
    const recent = new RecentEvents({ count: 10, ageMs: 1_000 });
    for (let i = 0; i < 30; i += 1) recent.add(event(`e${i}`, [1], i));
    expect(recent.size(30)).toBe(10);
    expect(recent.after('e5', 1, 30)).toBeNull();
    expect(recent.after('e25', 1, 30)?.map((e) => e.id)).toEqual(['e26', 'e27', 'e28', 'e29']);
    // A second later than the newest, every event has aged out.
    expect(recent.after('e29', 1, 1_030)).toBeNull();
    expect(recent.size(1_030)).toBe(0);
  });
});

describe('RealtimeHub', () => {
  function recorder(): RealtimeSubscriber & { got: string[] } {
    const got: string[] = [];
    return {
      got,
      sessionId: null,
      send: (id, name, data) => got.push(`${name}:${id ?? '-'}:${String(data)}`),
      heartbeat: () => got.push('heartbeat'),
      close: () => got.push('closed'),
    };
  }
  const payload = (eid: string, users: number[]) =>
    JSON.stringify({ eid, users, event: 'notification', data: eid });

  it('replays what a reconnecting user missed before the live events, and resets for an unknown id', () => {
    const hub = new RealtimeHub();
    hub.dispatch(payload('x1', [7]));
    hub.dispatch(payload('x2', [8]));
    hub.dispatch(payload('x3', [7]));
    const back = recorder();
    hub.subscribe(7, back, 'x1');
    hub.dispatch(payload('x4', [7]));
    expect(back.got).toEqual(['notification:x3:x3', 'notification:x4:x4']);

    const lost = recorder();
    hub.subscribe(7, lost, 'gone');
    expect(lost.got).toEqual(['reset:-:null']);
  });

  it('forgets a stream once it unsubscribes', () => {
    const hub = new RealtimeHub();
    const unsubscribe = hub.subscribe(7, recorder());
    expect(hub.streamCount).toBe(1);
    unsubscribe();
    expect(hub.streamCount).toBe(0);
    expect([...hub.subscribers()]).toEqual([]);
  });
});
