/** Reads an SSE response: parsed events and raw comment lines, as they arrive. */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: unknown; id?: string }[] = [];
  const comments: string[] = [];
  let done = false;
  const pump = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) {
        done = true;
        return;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          else {
            const i = line.indexOf(':');
            fields[line.slice(0, i)] = line.slice(i + 1).trimStart();
          }
        }
        if (fields.event)
          events.push({ event: fields.event, data: JSON.parse(fields.data ?? 'null'), id: fields.id });
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  const waitFor = async (check: () => boolean, what: string, ms = 3_000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    events,
    comments,
    isDone: () => done,
    waitFor,
    waitForEvent: (event: string) => waitFor(() => events.some((e) => e.event === event), event),
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}
