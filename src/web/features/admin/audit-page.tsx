import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell, PageCount, Pager, pagesOf, QueryStatus, SearchForm } from './admin-gate.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Every operator action, newest first, 50 a page, with a filter over action, target, reason and operator. */
function Audit() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['admin', 'audit', q, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await api.admin.audit.$get({ query: { q: q || undefined, page: String(page) } })),
  });

  const pages = pagesOf(audit.data);
  return (
    <AdminShell title="Audit log">
      <SearchForm
        name="Filter the audit log"
        label="Action, target, reason or operator"
        button="Filter"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      <QueryStatus query={audit} loading="Loading the audit log..." />
      {audit.data && (
        <>
          <PageCount noun="action" of={audit.data} className="mt-4" />
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Operator actions, newest first</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-800">
                  {['When', 'Operator', 'Action', 'Target', 'Reason'].map((name, i, all) => (
                    <th key={name} scope="col" className={i < all.length - 1 ? 'py-2 pr-3' : 'py-2'}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {audit.data.entries.length === 0 && (
                  <tr>
                    <td colSpan={5} className="py-4">
                      No operator action yet.
                    </td>
                  </tr>
                )}
                {audit.data.entries.map((e) => (
                  <tr key={e.id} className="border-b border-slate-100 align-top dark:border-slate-900">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
                    </td>
                    <td className="py-2 pr-3">{e.actorEmail}</td>
                    <td className="py-2 pr-3 font-mono">{e.action}</td>
                    <td className="py-2 pr-3 break-all">{e.targetEmail ?? e.target ?? '—'}</td>
                    <td className="py-2">{e.reason ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </AdminShell>
  );
}

export function AuditPage() {
  return (
    <AdminGate>
      <Audit />
    </AdminGate>
  );
}
