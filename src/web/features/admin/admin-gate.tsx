import { type ReactNode, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { SignOutButton } from '#web/features/auth/sign-out-button.tsx';
import { bindValue } from '#web/lib/bind-value.ts';
import { cn } from '#web/lib/cn.ts';
import { NotFoundPage } from '#web/pages/not-found.tsx';

/** Operator pages: the 404 page for anyone but an admin (the server refuses their API anyway). */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner label="Loading..." className="min-h-[50vh] py-16" />;
  if (user?.role !== 'admin') return <NotFoundPage />;
  return <>{children}</>;
}

/** The operator console's pages, in the order the navigation shows them. */
export const CONSOLE_LINKS = [
  ['/admin/catalog', 'Catalogue'],
  ['/admin/editorial', 'Editorial queue'],
  ['/admin/users', 'Users'],
  ['/admin/inbox', 'Inbox'],
  ['/admin-payment-recovery', 'Payment recovery'],
  ['/admin-recovery', 'Payment health'],
  ['/debug-auth', 'Auth diagnostics'],
  ['/admin/audit', 'Audit log'],
] as const;

/** The console's own header: what it is, who is signed in, the way out (page-shell.tsx leaves the site's out). */
function ConsoleHeader() {
  const { user } = useAuth();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
        <a href="/admin/catalog" className="flex items-center gap-2 font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Flowvault console
        </a>
        <div className="flex items-center gap-3 text-sm">
          <span className="hidden text-slate-600 sm:inline dark:text-slate-400">{user?.email}</span>
          <a href="/" className="underline underline-offset-4">
            View site
          </a>
          <SignOutButton>Sign Out</SignOutButton>
        </div>
      </div>
    </header>
  );
}

export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <ConsoleHeader />
      <main className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-2xl font-bold">{title}</h1>
        <nav aria-label="Operator console" className="mt-3 flex flex-wrap gap-4 text-sm">
          {CONSOLE_LINKS.map(([href, label]) => (
            <a
              key={href}
              className="underline underline-offset-4 focus-visible:outline-2 aria-[current=page]:font-semibold aria-[current=page]:no-underline"
              href={href}
              aria-current={pathname === href ? 'page' : undefined}
            >
              {label}
            </a>
          ))}
        </nav>
        <div className="mt-6">{children}</div>
      </main>
    </>
  );
}

/** A console list's spinner while it loads, then its load error if it has one. */
export function QueryStatus({
  query,
  loading,
  spinnerClass = 'mt-6 py-16',
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  /** The spinner's label ('Loading users...'). */
  loading: string;
  spinnerClass?: string;
}) {
  return (
    <>
      {query.isPending && <Spinner label={loading} className={spinnerClass} />}
      <QueryError query={query} />
    </>
  );
}

/** A console list's load error, read out once it shows; nothing while the query is fine. */
export function QueryError({ query }: { query: { isError: boolean; error: Error | null } }) {
  if (!query.isError || !query.error) return null;
  return (
    <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
      {query.error.message}
    </p>
  );
}

/** How many pages a paged list has (one while it loads or is empty). */
export function pagesOf(data: { total: number; pageSize: number } | undefined): number {
  return data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
}

/** The line above a paged list: '12 item(s) · page 1 of 1', read from the page the server sent. `className` places it. */
export function PageCount(props: {
  noun: string;
  of: { total: number; page: number; pageSize: number };
  className?: string;
}) {
  return (
    <p className={cn('text-sm text-slate-600 dark:text-slate-400', props.className)}>
      {props.of.total} {props.noun}(s) · page {props.of.page} of {pagesOf(props.of)}
    </p>
  );
}

/** Previous / Next under a paged list. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="mt-4 flex gap-3">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

/** A one-box search form: hands the trimmed text to `onSearch` when submitted. */
export function SearchForm({
  name,
  label,
  button,
  onSearch,
}: {
  name: string;
  label: string;
  button: string;
  onSearch: (text: string) => void;
}) {
  const [draft, setDraft] = useState('');
  return (
    <form
      className="flex items-end gap-3"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <Field
        className="flex-1"
        label={label}
        type="search"
        autoComplete="off"
        {...bindValue(draft, setDraft)}
      />
      <Button type="submit">{button}</Button>
    </form>
  );
}

/** A labelled select beside a section heading: the console's list filters. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mr-2 text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass} w-auto`}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
