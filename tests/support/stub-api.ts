import { vi } from 'vitest';

// The web tests' network boundary: `fetch` answers by "METHOD /path" and records every call with its
// JSON body. A reply is a status and body, an Error (the network failed), or a function of the
// request text that returns either (for answers that depend on what was sent, or arrive later).

export type StubReply = { status: number; body: unknown };
export type StubAnswer = StubReply | Error | ((text: string) => StubReply | Promise<StubReply>);
export type StubCall = { key: string; body: unknown };

export function stubApi(replies: Record<string, StubAnswer>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const request = input instanceof Request ? input : undefined;
      const url = new URL(request ? request.url : String(input), 'http://localhost');
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const key = `${method} ${url.pathname}`;
      const text = typeof init?.body === 'string' ? init.body : request ? await request.clone().text() : '';
      calls.push({ key, body: text ? JSON.parse(text) : undefined });
      const answer = replies[key];
      if (!answer) throw new Error(`unexpected call ${key}`);
      if (answer instanceof Error) throw answer;
      const reply = typeof answer === 'function' ? await answer(text) : answer;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
