import { useEffect } from 'react';

/** Marks the document once React owns it (`html[data-hydrated]`): before that, clicks do nothing. */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
