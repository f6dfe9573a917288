import { useId } from 'react';
import {
  parseSetupValue,
  SETUP_REASON_TEXT,
  type SetupFieldView,
  type SetupValueInput,
  setupFieldKey,
} from '#shared/schemas/setup-fields.ts';

/** The member's answers, by `setupFieldKey`; '' = leave it for n8n. */
export type SetupAnswers = Record<string, string>;

/** Every answer's format problem, by field key (empty when all can be sent). */
export function setupErrors(fields: SetupFieldView[], answers: SetupAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const parsed = parseSetupValue(f, answers[setupFieldKey(f)] ?? '');
    if (!parsed.ok) errors[setupFieldKey(f)] = parsed.message;
  }
  return errors;
}

/** What the deploy request carries: the non-empty answers. */
export const setupValues = (fields: SetupFieldView[], answers: SetupAnswers): SetupValueInput[] =>
  fields
    .map((f) => ({ node: f.node, param: f.param, value: (answers[setupFieldKey(f)] ?? '').trim() }))
    .filter((v) => v.value !== '');

const INPUT_TYPE = { email: 'email', url: 'url', resource: 'text', text: 'text' } as const;

/** Fields of one node, in the order found. */
function byNode(fields: SetupFieldView[]) {
  const groups = new Map<string, SetupFieldView[]>();
  for (const f of fields) groups.set(f.node, [...(groups.get(f.node) ?? []), f]);
  return [...groups];
}

/**
 * The set-up wizard (issue 40 item 5): one form, grouped by node, for what the template leaves to fill —
 * required and empty, placeholders, ids in the author's account — with n8n's name and description of each
 * field. Empty answers are left for n8n; filled ones are checked by format here and on the server.
 */
export function SetupWizard({
  fields,
  answers,
  onAnswer,
  errors,
  onBlur,
}: {
  fields: SetupFieldView[];
  answers: SetupAnswers;
  onAnswer: (key: string, value: string) => void;
  /** Errors to show (the dialog shows a field's after it is left, and all on Deploy). */
  errors: Record<string, string>;
  onBlur: (key: string) => void;
}) {
  const id = useId();
  if (fields.length === 0) return null;
  const filled = fields.filter((f) => (answers[setupFieldKey(f)] ?? '').trim() !== '').length;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="setup-wizard">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Set up before it runs
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The template leaves {fields.length === 1 ? 'this field' : `these ${fields.length} fields`} for you.
          Fill {fields.length === 1 ? 'it' : 'them'} here and the workflow arrives ready; anything you leave
          empty you set in n8n. <span aria-live="polite">{`${filled} of ${fields.length} filled.`}</span>
        </p>
      </div>
      {byNode(fields).map(([node, nodeFields], g) => (
        <fieldset
          key={node}
          className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <legend className="px-1 text-sm font-semibold">
            {node}
            {nodeFields[0]!.nodeType !== node && (
              <span className="font-normal text-slate-600 dark:text-slate-400">
                {' '}
                · {nodeFields[0]!.nodeType}
              </span>
            )}
          </legend>
          {nodeFields.map((f, i) => {
            const key = setupFieldKey(f);
            const inputId = `${id}-${g}-${i}`;
            const error = errors[key];
            const describedBy = [
              `${inputId}-why`,
              f.description ? `${inputId}-desc` : '',
              error ? `${inputId}-err` : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <div key={key} className="space-y-1">
                <label htmlFor={inputId} className="block text-sm font-medium">
                  {f.label}
                </label>
                {f.description && (
                  <p id={`${inputId}-desc`} className="text-xs text-slate-600 dark:text-slate-400">
                    {f.description}
                  </p>
                )}
                <p id={`${inputId}-why`} className="text-xs text-slate-600 dark:text-slate-400">
                  {SETUP_REASON_TEXT[f.reason]}
                  {f.current ? `: ${f.current}` : '.'}
                  {f.kind === 'resource' && f.urlPattern ? ' Paste its link or its ID.' : ''}
                </p>
                <input
                  id={inputId}
                  name={key}
                  type={INPUT_TYPE[f.kind]}
                  value={answers[key] ?? ''}
                  placeholder={f.example ?? undefined}
                  onChange={(e) => onAnswer(key, e.target.value)}
                  onBlur={() => onBlur(key)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  autoComplete="off"
                  spellCheck={false}
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900"
                />
                {error && (
                  <p id={`${inputId}-err`} className="text-xs text-red-700 dark:text-red-400">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
    </section>
  );
}
