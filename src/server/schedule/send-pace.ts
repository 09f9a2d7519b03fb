import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces one channel's sends within one pass of its sender: the n-th send begins no earlier than
 * n / perSecond seconds after the pass began, and a pass makes at most `perPass` of them. The passes
 * of a periodic job run one at a time across every process (JobQueue.every), each starting no
 * sooner than its period after the last, so with `perPass = perSecond × period` the channel never
 * sends more than `perSecond` in any second, whichever processes send.
 */
export class SendPace {
  readonly #perSecond: number;
  readonly #perPass: number;
  readonly #began = Date.now();
  #taken = 0;

  constructor(perSecond: number, periodMs: number) {
    this.#perSecond = perSecond;
    this.#perPass = Math.max(1, Math.floor((perSecond * periodMs) / 1000));
  }

  /** Sends this pass may still make. */
  get left(): number {
    return this.#perPass - this.#taken;
  }

  /** Waits for the next send's turn; false when this pass has made all it may. */
  async turn(): Promise<boolean> {
    if (this.#taken >= this.#perPass) return false;
    const at = this.#began + (this.#taken * 1000) / this.#perSecond;
    this.#taken += 1;
    const wait = at - Date.now();
    if (wait > 0) await sleep(wait);
    return true;
  }
}
