// Imported first by main.tsx, before any schema is built. Zod probes for `new Function` to compile fast
// parsers; our Content-Security-Policy forbids eval, so in the browser the probe only reports a
// violation. The browser parses little, so the plain parser costs nothing noticeable.
import { config } from 'zod';

config({ jitless: true });
