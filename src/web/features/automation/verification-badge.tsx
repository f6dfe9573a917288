import { CircleAlert, CircleCheck, CircleMinus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  n8nMinor,
  passedVerification,
  publishesOn,
  type VerificationDetail,
} from '#shared/schemas/verification.ts';
import { cardClass } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { verifiedDay } from '#web/components/verification-badge.tsx';

// "Works on n8n" (decision 0018): what a real n8n did with the template, never a check it did not do.

function stepText(v: VerificationDetail) {
  const publishes = publishesOn(v.n8nVersion);
  return {
    accepted: { label: 'Accepted by n8n', skipped: '' },
    activated: {
      label: publishes
        ? v.credentialsBound
          ? 'Published with a test credential of each type it needs'
          : 'Published'
        : 'Activated',
      skipped: publishes
        ? 'Not checked: it has no trigger that starts it on its own, or its credentials could not be tried'
        : 'Not checked: its trigger needs credentials or cannot be activated on its own',
    },
    ran: {
      label: 'Ran',
      skipped: 'Not checked: it cannot be started safely without your credentials or outside calls',
    },
  } as const;
}

function Checks({ verification }: { verification: VerificationDetail }) {
  const failedKey = { accept: 'accepted', activate: 'activated', run: 'ran' } as const;
  const failedAt = verification.failedStep ? failedKey[verification.failedStep] : null;
  const text = stepText(verification);
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {(['accepted', 'activated', 'ran'] as const).map((key) => {
        const value = verification[key];
        const Icon = value === true ? CircleCheck : value === false ? CircleAlert : CircleMinus;
        return (
          <li key={key} className="flex items-start gap-2">
            <Icon
              aria-hidden="true"
              className={
                value === true
                  ? 'mt-0.5 h-4 w-4 text-emerald-600'
                  : value === false
                    ? 'mt-0.5 h-4 w-4 text-rose-600'
                    : 'mt-0.5 h-4 w-4 text-slate-400'
              }
            />
            <span>
              <span className="font-medium">{text[key].label}</span>
              {': '}
              {value === true ? 'yes' : value === false ? 'failed' : text[key].skipped}
              {failedAt === key && key === 'activated' && verification.refusedOnlyForCredentials && (
                <span className="mt-1 block">
                  Only its credentials were missing: the workflow itself is sound and publishes once you pick
                  your credentials.
                </span>
              )}
              {failedAt === key && key === 'activated' && verification.publishedAfterSetup && (
                <span className="mt-1 block" data-testid="verification-after-setup">
                  It publishes once your settings are filled: with test answers in the fields the set-up
                  wizard asks for, n8n published it.
                </span>
              )}
              {failedAt === key && verification.failure && (
                <span
                  className="mt-1 block whitespace-pre-line text-rose-700 dark:text-rose-300"
                  data-testid="verification-failure"
                >
                  n8n said: {verification.failure}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The detail page's panel: each check with its outcome, and n8n's message where one failed. */
export function VerificationPanel({ verification }: { verification: VerificationDetail | null }) {
  const headingId = useId();
  if (!verification) return null;
  const title = (v: VerificationDetail) =>
    passedVerification(v)
      ? `Works on n8n ${n8nMinor(v.n8nVersion)}`
      : `Checked on n8n ${n8nMinor(v.n8nVersion)}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="verification-panel"
      className={cardClass({ tone: 'plain' })}
    >
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
        {title(verification)}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          n8n {verification.n8nVersion} · verified {verifiedDay(verification.verifiedAt)}
        </span>
      </h2>
      <Checks verification={verification} />
      {verification.otherVersions?.map((older) => (
        <div key={older.n8nVersion} className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
          <h3 className="text-sm font-semibold">
            {title(older)}{' '}
            <span className="font-normal text-slate-600 dark:text-slate-400">
              n8n {older.n8nVersion} · verified {verifiedDay(older.verifiedAt)}
            </span>
          </h3>
          <Checks verification={older} />
        </div>
      ))}
    </section>
  );
}

/** The search filter: only templates that passed every check tried (URL: verified=1). */
export function VerifiedOnlyFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  // Ticked at once: the URL change behind it renders as a transition, and a controlled box would
  // show its old state until that finishes.
  const [on, setOn] = useState(checked);
  useEffect(() => setOn(checked), [checked]);
  return (
    <Checkbox
      checked={on}
      onCheckedChange={(ticked) => {
        setOn(ticked);
        onChange(ticked);
      }}
      className="inline-flex items-center font-medium"
      boxClassName="h-4 w-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2"
    >
      Verified on n8n only
    </Checkbox>
  );
}
