import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { makeUser, TEST_PASSWORD } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { TestClient } from './test-client.ts';

/** A client signed in as `email` (a fixture user with the test password); fails the test if login does. */
export async function signIn(app: FastifyInstance, email: string): Promise<TestClient> {
  return (await signInWithToken(app, email)).client;
}

/** signIn, also answering the API token the login hands out (for Bearer calls). */
export async function signInWithToken(
  app: FastifyInstance,
  email: string,
): Promise<{ client: TestClient; token: string }> {
  const client = new TestClient(app);
  const response = await client.login(email, TEST_PASSWORD);
  expect(response.statusCode).toBe(200);
  return { client, token: response.json<{ token: string }>().token };
}

/** One signed-in client per named user, signed in in the order given. */
export async function signInEach<Name extends string>(
  app: FastifyInstance,
  users: Record<Name, { email: string }>,
): Promise<Record<Name, TestClient>> {
  const clients = {} as Record<Name, TestClient>;
  for (const [name, user] of Object.entries(users) as Array<[Name, { email: string }]>) {
    clients[name] = await signIn(app, user.email);
  }
  return clients;
}

/** A new fixture user (makeUser's overrides), signed in: its id and its client. */
export async function signInNewUser(
  t: Pick<TestApp, 'app' | 'db'>,
  overrides: Parameters<typeof makeUser>[1],
) {
  const user = await makeUser(t.db, overrides);
  return { id: user.id, client: await signIn(t.app, user.email) };
}
