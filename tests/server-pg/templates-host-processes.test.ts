// Two real server processes on one PostgreSQL: a member's templates host (decision 0026) made through
// one answers on the other, and a rotation, a refund (access revoked), a ban, turning it off and deleting
// the account, each done through process A, end the token on process B at the very next request.
import { expect, it } from 'vitest';
import { TemplatesHostStatusSchema } from '#shared/schemas/templates-host.ts';
import type { ServerProcess } from '#tests/support/server-processes.ts';
import { TEST_PASSWORD } from '#tests/support/sessions.ts';
import { send, startTwoServers } from '#tests/support/two-processes.ts';

const N8N = 'http://127.0.0.1:5678';

/** What n8n's editor does first: the health check, cross-origin with its version header. */
const health = async (server: ServerProcess, hostPath: string) =>
  (await server.request(`${hostPath}health`, { headers: { origin: N8N, 'n8n-version': '2.40.7' } })).status;

it('rotation and every revocation made on one process end the token on the other at once', {
  timeout: 240_000,
}, async () => {
  const { a, b, account } = await startTwoServers();
  const hostOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return new URL(TemplatesHostStatusSchema.parse(await res.json()).hostUrl!).pathname;
  };
  const turnOn = async (cookie: string) =>
    hostOf(await send(a, '/api/templates-host', { allowedOrigin: N8N }, cookie));

  const admin = await account('admin');
  const reason = 'Two-process test';
  const users = '/api/admin/users';

  const member = await account('member');
  const first = await turnOn(member.cookie);
  expect([await health(a, first), await health(b, first)]).toEqual([200, 200]);
  const second = await hostOf(await send(a, '/api/templates-host/rotate', {}, member.cookie));
  expect([await health(b, first), await health(b, second)]).toEqual([404, 200]);
  expect((await send(a, '/api/templates-host', undefined, member.cookie, 'DELETE')).status).toBe(200);
  expect(await health(b, second)).toBe(404);

  const refunded = await account('member');
  const refundedHost = await turnOn(refunded.cookie);
  expect(await health(b, refundedHost)).toBe(200);
  const revoke = await send(
    a,
    `${users}/${refunded.userId}/access`,
    { action: 'revoke', reason },
    admin.cookie,
  );
  expect(revoke.status, await revoke.clone().text()).toBe(200);
  expect(await health(b, refundedHost)).toBe(404);

  const banned = await account('member');
  const bannedHost = await turnOn(banned.cookie);
  expect(await health(b, bannedHost)).toBe(200);
  expect(
    (await send(a, `${users}/${banned.userId}/ban`, { banned: true, reason }, admin.cookie)).status,
  ).toBe(200);
  expect(await health(b, bannedHost)).toBe(404);

  const deleted = await account('member');
  const deletedHost = await turnOn(deleted.cookie);
  expect(await health(b, deletedHost)).toBe(200);
  expect((await send(a, '/api/auth/delete-user', { password: TEST_PASSWORD }, deleted.cookie)).status).toBe(
    200,
  );
  expect(await health(b, deletedHost)).toBe(404);
});
