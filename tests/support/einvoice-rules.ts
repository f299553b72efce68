import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import SaxonJS from 'saxon-js';

/**
 * The official EN 16931 validation rules (the European Commission's XSLT, vendored in vendor/einvoice) run on
 * an e-invoice with SaxonJS (issue 40, decision 0063). Each stylesheet is compiled once with xslt3
 * into node_modules/.cache/einvoice-rules, keyed by its SHA-256, and reused while present.
 */

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Where the rules are: EINVOICE_RULES_DIR (another release of them), else the repository's own copy,
 * `vendor/einvoice` (issue 49: a clone has everything its tests need).
 */
export function rulesDir(): string | null {
  const candidates = [process.env.EINVOICE_RULES_DIR, path.join(root, 'vendor/einvoice')].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  return candidates.find((candidate) => existsSync(path.join(candidate, 'EN16931-CII-validation.xslt'))) ?? null;
}

export type Syntax = 'cii' | 'ubl';

const stylesheetName: Record<Syntax, string> = {
  cii: 'EN16931-CII-validation.xslt',
  ubl: 'EN16931-UBL-validation.xslt',
};

const compiled = new Map<Syntax, string>();

/** Where the compiled stylesheet (SaxonJS export) is cached, and the xslt3 arguments that write it. */
function compilation(dir: string, syntax: Syntax) {
  const source = path.join(dir, stylesheetName[syntax]);
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const cacheDir = path.join(root, 'node_modules/.cache/einvoice-rules');
  const target = path.join(cacheDir, `${syntax}-${hash}.sef.json`);
  const partial = `${target}.${process.pid}.tmp.json`;
  const args = [path.join(root, 'node_modules/xslt3/xslt3.js'), `-xsl:${source}`, `-export:${partial}`, '-nogo'];
  return { cacheDir, target, partial, args };
}

/** The compiled stylesheet's path, compiling it when the cache lacks it. */
export function compiledRules(dir: string, syntax: Syntax): string {
  const known = compiled.get(syntax);
  if (known) return known;
  const { cacheDir, target, partial, args } = compilation(dir, syntax);
  if (!existsSync(target)) {
    mkdirSync(cacheDir, { recursive: true });
    execFileSync(process.execPath, args, { stdio: 'pipe' });
    renameSync(partial, target);
  }
  compiled.set(syntax, target);
  return target;
}

/** Both stylesheets compiled (side by side, about 20 s on a cold cache), or found in the cache. */
export async function prepareRules(dir: string): Promise<void> {
  await Promise.all(
    (['cii', 'ubl'] as const).map(async (syntax) => {
      const { cacheDir, target, partial, args } = compilation(dir, syntax);
      if (!existsSync(target)) {
        mkdirSync(cacheDir, { recursive: true });
        await promisify(execFile)(process.execPath, args);
        renameSync(partial, target);
      }
      compiled.set(syntax, target);
    }),
  );
}

export interface RulesReport {
  fatal: string[];
  warnings: string[];
}

/** Every failed assert of the rules on `xml`, by flag: `fatal` breaks EN 16931, `warning` does not. */
export function checkEInvoice(dir: string, syntax: Syntax, xml: string): RulesReport {
  const svrl = SaxonJS.transform(
    { stylesheetFileName: compiledRules(dir, syntax), sourceText: xml, destination: 'serialized' },
    'sync',
  ).principalResult;
  const report: RulesReport = { fatal: [], warnings: [] };
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1] ?? '';
    const id = /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '?';
    const flag = /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? 'fatal';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1]?.trim() ?? '';
    (flag === 'fatal' ? report.fatal : report.warnings).push(`${id}: ${text.slice(0, 160)}`);
  }
  return report;
}
