import { describe, expect, it } from 'vitest';

describe('zod-csp', () => {
  it('turns on zod’s jitless mode without importing zod, for a zod loaded afterwards', async () => {
    await import('#app/zod-csp.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
