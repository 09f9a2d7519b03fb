import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '#server/db/schema/plans.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/vendor-plans/', () => {
  it('lists the active plans in their order, price as a number, to anyone', async () => {
    const [hidden] = await t.db
      .insert(plans)
      .values({ name: 'Legacy', price: 10, frequency: 'monthly', isActive: false, sortOrder: 0 })
      .returning();
    const response = await t.app.inject({ method: 'GET', url: '/api/vendor-plans/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Array<Record<string, unknown>>>();
    expect(body.map((plan) => plan.name)).toEqual(['Monthly', 'Yearly']);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: 'Monthly',
      price: 49,
      frequency: 'monthly',
      description: expect.stringContaining('Cancel any time'),
    });
    expect(body[1]).toMatchObject({ name: 'Yearly', price: 490, frequency: 'yearly' });
    await t.db.delete(plans).where(eq(plans.id, hidden!.id));
  });

  it('answers without the trailing slash too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vendor-plans' });
    expect(response.statusCode).toBe(200);
  });
});
