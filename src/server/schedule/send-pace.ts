import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces one channel's sends within one pass of its sender: turns are handed out one after another,
 * each at least 1 / perSecond seconds after the one before it began (after a stall too: missed turns
 * are not made up in a burst), and a pass makes at most `perPass` of them. The passes of a periodic
 * job run one at a time across every process (JobQueue.every), each starting no sooner than its
 * period after the last, so with `perPass = perSecond × period` the channel never sends more than
 * `perSecond` in any second, whichever processes send.
 */
export class SendPace {
  readonly #gapMs: number;
  readonly #perPass: number;
  #taken = 0;
  /** When the last turn began (none yet: long ago). */
  #lastTurn = Number.NEGATIVE_INFINITY;
  /** The turn handed out last; the next one waits for it. */
  #queue: Promise<void> = Promise.resolve();

  constructor(perSecond: number, periodMs: number) {
    this.#gapMs = 1000 / perSecond;
    this.#perPass = Math.max(1, Math.floor((perSecond * periodMs) / 1000));
  }

  /** Sends this pass may still make. */
  get left(): number {
    return this.#perPass - this.#taken;
  }

  /** Waits for the next send's turn; false when this pass has made all it may. */
  turn(): Promise<boolean> {
    if (this.#taken >= this.#perPass) return Promise.resolve(false);
    this.#taken += 1;
    const turn = this.#queue.then(async () => {
      const wait = this.#lastTurn + this.#gapMs - Date.now();
      if (wait > 0) await sleep(wait);
      this.#lastTurn = Date.now();
    });
    this.#queue = turn;
    return turn.then(() => true);
  }
}
