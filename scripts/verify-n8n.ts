// npm run verify:n8n: checks every published template on a real n8n (src/server/n8n/verify/, decision 0018).
import '../src/server/n8n/verify/verify-cli.ts';
