import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { requireMember } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { errorBody } from '#server/lib/error-handler.ts';
import type { EventHub } from '#server/realtime/event-hub.ts';
import { LIVE_HEARTBEAT_MS, type LiveEvent } from '#shared/schemas/live-events.ts';

/** Open streams per user in one process: enough for many tabs, not for exhausting the server. */
export const MAX_STREAMS_PER_USER = 10;

/** GET /api/events: the signed-in member's (or operator's) Server-Sent Events stream (part 1 §7 realtime). */
export function eventsRoutes(deps: { hub: EventHub; heartbeatMs?: number }) {
  const heartbeatMs = deps.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  return new Hono<AppEnv>().get('/events', requireMember, (c) => {
    const userId = c.var.viewer.userId;
    if (deps.hub.countFor(userId) >= MAX_STREAMS_PER_USER) {
      const message = `At most ${MAX_STREAMS_PER_USER} live connections per account. Close a tab and reload.`;
      return c.json(errorBody(c.var.requestId, 'RATE_LIMITED', message), 429);
    }
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let seq = 0;
      const write = (event: LiveEvent) => {
        if (stream.closed || stream.aborted) return;
        stream
          .writeSSE({ event: event.type, data: JSON.stringify(event.data), id: String(++seq) })
          .catch(() => finish());
      };
      stream.onAbort(() => finish());
      const disconnect = deps.hub.connect({
        userId,
        operator: c.var.viewer.role === 'admin',
        send: write,
        close: () => finish(),
      });
      write({ type: 'ready', data: { at: new Date().toISOString() } });
      const heartbeat = setInterval(() => {
        if (!stream.closed) stream.write(': heartbeat\n\n').catch(() => finish());
      }, heartbeatMs);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        disconnect();
      }
    });
  });
}
