/**
 * Which tags changed, and when, in this process's own count of changes. A cached answer notes the
 * count (its stamp) before it reads the database and names the tags it depends on; it is still right
 * while none of those tags (nor `<kind>:*`, nor everything) has changed since that stamp. A change
 * that arrives while the answer is being read is later than its stamp, so the answer is never kept
 * past it, whichever finished first.
 */
const MAX_TAGS = 100_000;

export class TagVersions {
  #count = 0;
  /** Changes at or before this count are beyond what `#changed` remembers: everything is older. */
  #clearedAt = 0;
  readonly #changed = new Map<string, number>();

  /** The count now: what an answer about to be read from the database notes. */
  stamp(): number {
    return this.#count;
  }

  bump(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.#count += 1;
    for (const tag of tags) this.#changed.set(tag, this.#count);
    // Forgetting is safe only all at once: past the bound, every answer made so far goes stale.
    if (this.#changed.size > MAX_TAGS) this.clear();
  }

  /** Everything may have changed (`*`, a lost LISTEN connection). */
  clear(): void {
    this.#count += 1;
    this.#clearedAt = this.#count;
    this.#changed.clear();
  }

  unchangedSince(tags: readonly string[], stamp: number): boolean {
    if (stamp < this.#clearedAt) return false;
    for (const tag of tags) {
      if ((this.#changed.get(tag) ?? 0) > stamp) return false;
      const colon = tag.indexOf(':');
      if (colon > 0 && (this.#changed.get(`${tag.slice(0, colon)}:*`) ?? 0) > stamp) return false;
    }
    return true;
  }
}
