import { type RefObject, useEffect } from 'react';

/**
 * Prerendered pages can be typed into before React hydrates them (a quick visitor, a password
 * manager). The inputs then hold text their state does not, and the next re-render writes the empty
 * state back: the text vanishes, or a submit sends an empty form. Once, after hydration, each named
 * field's state adopts what its element (`name` attribute, inside `scope`) already holds.
 */
export function useTypedBeforeHydration(
  scope: RefObject<HTMLElement | null>,
  fields: Record<string, (value: string) => void>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    for (const [name, adopt] of Object.entries(fields)) {
      const el = scope.current?.querySelector(`[name="${name}"]`);
      const value = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : '';
      if (value) adopt(value);
    }
  }, []);
}
