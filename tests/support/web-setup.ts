import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy*/waitFor wait up to 5 s (not 1 s): on a busy 2-core CI machine a lazy chunk or a state update
// can take longer than a second to show, and a test must fail on behaviour, not on load.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; components that follow the system theme or reduced motion need it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
