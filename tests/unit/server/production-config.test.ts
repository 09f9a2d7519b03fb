import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';
import { productionRefusals } from '#server/production-checks.ts';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('what counts as a real deployment', () => {
  it('is NODE_ENV=production or an https PUBLIC_URL, nothing else', () => {
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://fieldbid.example/' }).production).toBe(true);
  });
});

describe('PAYMENTS_PROVIDER', () => {
  it('follows the Stripe key when unset, and says when it was named', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({}).paymentsProviderNamed).toBe(false);
    expect(loadConfig(STRIPE).stripe?.secretKey).toBe('sk_test_x');
    expect(loadConfig({ PAYMENTS_PROVIDER: 'local' }).paymentsProviderNamed).toBe(true);
    expect(loadConfig({ ...STRIPE, PAYMENTS_PROVIDER: 'stripe' }).stripe).toBeDefined();
  });

  it('refuses a provider its settings contradict', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ ...STRIPE, PAYMENTS_PROVIDER: 'local' })).toThrow(
      'PAYMENTS_PROVIDER=local and STRIPE_SECRET_KEY contradict each other',
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow('PAYMENTS_PROVIDER');
  });
});

describe('productionRefusals', () => {
  const demo = ['admin@demo.local'];

  it('refuses nothing on a development server', () => {
    expect(productionRefusals(loadConfig({}), demo)).toEqual([]);
  });

  it('refuses demo accounts and the unnamed test checkout in production', () => {
    const refusals = productionRefusals(loadConfig({ NODE_ENV: 'production' }), demo);
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toContain('admin@demo.local still have the published password demo12345');
    expect(refusals[1]).toContain('PAYMENTS_PROVIDER=local to run the test checkout on purpose');
  });

  it('accepts Stripe, or the test checkout named on purpose, without demo accounts', () => {
    expect(productionRefusals(loadConfig({ NODE_ENV: 'production', ...STRIPE }), [])).toEqual([]);
    expect(
      productionRefusals(loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' }), []),
    ).toEqual([]);
  });
});
