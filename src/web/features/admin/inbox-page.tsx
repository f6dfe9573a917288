import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { InboxMessage } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell, FilterSelect } from './admin-gate.tsx';

const fail = (error: Error) => toast.error('Error', { description: error.message });
type MessageStatus = 'open' | 'handled' | 'all';
type MailStatus = '' | 'pending' | 'sending' | 'sent' | 'failed';

function MessageCard({ message }: { message: InboxMessage }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [replying, setReplying] = useState(false);
  const [body, setBody] = useState('');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
  };
  const handled = useMutation({
    mutationFn: async (next: boolean) =>
      unwrap(
        await api.admin.inbox.messages[':id'].handled.$post({
          param: { id: message.id },
          json: { handled: next },
        }),
      ),
    onSuccess: (data) => {
      toast.success(data.handled ? 'Marked as handled' : 'Reopened', { description: message.email });
      refresh();
    },
    onError: fail,
  });
  const reply = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.admin.inbox.messages[':id'].reply.$post({ param: { id: message.id }, json: { body } }),
      ),
    onSuccess: () => {
      toast.success('Reply sent', { description: message.email });
      setReplying(false);
      setBody('');
      refresh();
    },
    onError: fail,
  });
  return (
    <li className={cardClass()}>
      <p className="font-medium">
        {message.name} &lt;{message.email}&gt;
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
        {message.handledAt ? ' · handled' : ' · open'}
      </p>
      <p className="mt-2 whitespace-pre-wrap">{message.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" aria-expanded={replying} onClick={() => setReplying((v) => !v)}>
          Reply
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={handled.isPending}
          onClick={() => handled.mutate(!message.handledAt)}
        >
          {message.handledAt ? 'Reopen' : 'Mark as handled'}
        </Button>
      </div>
      {replying && (
        <form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            reply.mutate();
          }}
        >
          <label htmlFor={id} className="text-sm font-medium">
            Reply to {message.email}
          </label>
          <textarea
            id={id}
            className={`${inputClass} mt-1 h-32 py-2`}
            value={body}
            maxLength={10_000}
            onChange={(e) => setBody(e.target.value)}
          />
          <Button className="mt-2" size="sm" type="submit" disabled={reply.isPending || !body.trim()}>
            Send reply
          </Button>
        </form>
      )}
    </li>
  );
}

function Messages() {
  const id = useId();
  const [status, setStatus] = useState<MessageStatus>('open');
  const messages = useQuery({
    queryKey: ['admin', 'inbox', status],
    queryFn: async () => unwrap(await api.admin.inbox.messages.$get({ query: { status } })),
  });
  return (
    <section aria-labelledby={`${id}-h`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          Contact messages
        </h2>
        <FilterSelect
          label="Show"
          value={status}
          options={[
            ['open', 'Open'],
            ['handled', 'Handled'],
            ['all', 'All'],
          ]}
          onChange={setStatus}
        />
      </div>
      {messages.isPending && <Spinner label="Loading messages..." />}
      {messages.isError && <p role="alert">{messages.error.message}</p>}
      {messages.data && (
        <ul className="mt-3 space-y-3">
          {messages.data.length === 0 && <li className="text-sm">No message.</li>}
          {messages.data.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Outbox() {
  const queryClient = useQueryClient();
  const id = useId();
  const [status, setStatus] = useState<MailStatus>('');
  const outbox = useQuery({
    queryKey: ['admin', 'outbox', status],
    queryFn: async () => unwrap(await api.admin.inbox.outbox.$get({ query: status ? { status } : {} })),
  });
  const retry = useMutation({
    mutationFn: async (mailId: string) =>
      unwrap(await api.admin.inbox.outbox[':id'].retry.$post({ param: { id: mailId } })),
    onSuccess: () => {
      toast.success('Queued again');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    },
    onError: fail,
  });
  return (
    <section aria-labelledby={`${id}-h`} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          Mail outbox
        </h2>
        <FilterSelect
          label="Status"
          value={status}
          options={[
            ['', 'All'],
            ['pending', 'Pending'],
            ['sending', 'Sending'],
            ['sent', 'Sent'],
            ['failed', 'Failed'],
          ]}
          onChange={setStatus}
        />
      </div>
      {outbox.isPending && <Spinner label="Loading the outbox..." />}
      {outbox.isError && <p role="alert">{outbox.error.message}</p>}
      {outbox.data && (
        <ul className="mt-3 space-y-2 text-sm">
          {outbox.data.length === 0 && <li>No mail.</li>}
          {outbox.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3">
              <span>
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time> · {m.kind} ·{' '}
                {m.to} · {m.subject} · <strong>{m.status}</strong> · {m.attempts} attempt(s)
                {m.lastError ? ` · ${m.lastError}` : ''}
              </span>
              {m.status === 'failed' && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(m.id)}
                >
                  Retry
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Contact messages, the newsletter's subscribers (CSV) and the mail outbox. */
export function InboxPage() {
  return (
    <AdminGate>
      <AdminShell title="Inbox">
        <Messages />
        <section className="mt-10" aria-label="Newsletter">
          <h2 className="text-lg font-semibold">Newsletter subscribers</h2>
          <p className="mt-2 text-sm">
            <a
              className="underline underline-offset-4 focus-visible:outline-2"
              href="/api/admin/inbox/subscribers.csv"
              download
            >
              Download subscribers (CSV)
            </a>
          </p>
        </section>
        <Outbox />
      </AdminShell>
    </AdminGate>
  );
}
