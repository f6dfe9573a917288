import { TogglePill } from '#web/components/ui/toggle-pill.tsx';

// The pieces the search's integration filter and "My stack" share: a toggle chip per app and the box
// that finds one (one look, one behaviour for both).

/** An app as a toggle: pressed when selected; with a count, how many matches use it. */
export function IntegrationChip(props: {
  name: string;
  count?: number | null;
  on: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <TogglePill pressed={props.on} onClick={props.onToggle}>
        {props.name}
        {props.count != null && <span className="ml-1 font-normal tabular-nums">({props.count})</span>}
      </TogglePill>
    </li>
  );
}

/** The search box that finds an app by name; its label is for screen readers (the placeholder shows). */
export function FindIntegrationBox(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <input
        id={props.id}
        type="search"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder="Find an integration..."
        className="h-9 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
    </>
  );
}
