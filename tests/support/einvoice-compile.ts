// `npm run einvoice:compile`: compiles the vendored EN 16931 and XRechnung rules and writes them, gzipped, to
// vendor/einvoice/compiled, where the tests take them instead of compiling them (tests/support/einvoice-rules.ts).
import { commitCompiledRules } from './einvoice-rules';

for (const file of await commitCompiledRules()) console.log(`wrote ${file}`);
