import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import SaxonJS from 'saxon-js';

/**
 * The official EN 16931 validation rules (the European Commission's XSLT, vendored in vendor/einvoice) and
 * KoSIT's XRechnung rules (Schematron, vendor/einvoice/xrechnung) run on an e-invoice with SaxonJS (issue 40,
 * decision 0063; issue 52, decision 0079). Each is compiled once into node_modules/.cache/einvoice-rules,
 * keyed by the SHA-256 of its sources, and reused while present: a changed source is a new key. The
 * repository carries the vendored rules compiled (vendor/einvoice/compiled, gzipped, by the same key), so a
 * clean clone does not spend a minute of CPU compiling them (issue 49, decision 0073); a test fails when a
 * source changed and its compiled copy was not renewed (`npm run einvoice:compile`).
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

/** The EN 16931 rules of either syntax, and KoSIT's XRechnung rules (BR-DE-…) of either syntax (issue 52). */
export type Syntax = 'cii' | 'ubl' | 'xrechnung-cii' | 'xrechnung-ubl';

const stylesheetName: Record<'cii' | 'ubl', string> = {
  cii: 'EN16931-CII-validation.xslt',
  ubl: 'EN16931-UBL-validation.xslt',
};

const schematronName: Record<'xrechnung-cii' | 'xrechnung-ubl', string> = {
  'xrechnung-cii': 'xrechnung/cii/XRechnung-CII-validation.sch',
  'xrechnung-ubl': 'xrechnung/ubl/XRechnung-UBL-validation.sch',
};

const compiled = new Map<Syntax, string>();
const cacheDir = path.join(root, 'node_modules/.cache/einvoice-rules');
const vendoredDir = path.join(root, 'vendor/einvoice');
/** The repository's compiled copies of the vendored rules, by the cache's file name. */
export const committedDir = path.join(vendoredDir, 'compiled');
export const committedCopy = (target: string) => path.join(committedDir, `${path.basename(target)}.gz`);

/** Puts the committed compiled copy of the vendored rules in the cache, when it is there: true if it was. */
function fromCommitted(dir: string, target: string): boolean {
  if (path.resolve(dir) !== vendoredDir || !existsSync(committedCopy(target))) return false;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${target}.${process.pid}.unzip.json`;
  writeFileSync(partial, gunzipSync(readFileSync(committedCopy(target))));
  renameSync(partial, target);
  return true;
}

/** Writes the compiled rules of every syntax into vendor/einvoice/compiled (`npm run einvoice:compile`). */
export async function commitCompiledRules(): Promise<string[]> {
  rmSync(committedDir, { recursive: true, force: true });
  await prepareRules(vendoredDir, { xrechnung: true });
  mkdirSync(committedDir, { recursive: true });
  return [...compiled.values()].map((target) => {
    writeFileSync(committedCopy(target), gzipSync(readFileSync(target), { level: 9 }));
    return committedCopy(target);
  });
}

/** The cache file each syntax's vendored rules compile to (what vendor/einvoice/compiled must hold). */
export function expectedCompiledCopies(): string[] {
  return (['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const).map((syntax) =>
    committedCopy(compilation(vendoredDir, syntax).target),
  );
}
const xslt3 = path.join(root, 'node_modules/xslt3/xslt3.js');

/**
 * KoSIT's CII Schematron calls `xs:decimal` in a function without declaring the `xs` prefix (the UBL one
 * declares it); SaxonJS, not schema-aware, then rejects the type. The copy transpiled declares it.
 */
const declareXs = (schematron: string) => {
  const bound = schematron.includes('xmlns:xs=')
    ? schematron
    : schematron.replace(
        '<schema xmlns="http://purl.oclc.org/dsdl/schematron"',
        '<schema xmlns="http://purl.oclc.org/dsdl/schematron" xmlns:xs="http://www.w3.org/2001/XMLSchema"',
      );
  return bound.includes('<ns prefix="xs"')
    ? bound
    : bound.replace('<ns ', '<ns prefix="xs" uri="http://www.w3.org/2001/XMLSchema" />\n  <ns ');
};

/**
 * How a syntax's rules are compiled to a SaxonJS export in node_modules/.cache/einvoice-rules, keyed by
 * the SHA-256 of every source they are made from: the EN 16931 XSLT with xslt3; the XRechnung Schematron
 * first transpiled to XSLT with SchXslt2 (vendor/einvoice/xrechnung/schxslt2-transpile.xsl), then the same.
 */
function compilation(dir: string, syntax: Syntax) {
  const hash = createHash('sha256');
  let steps: string[][];
  let setUp = () => {};
  const target = () => path.join(cacheDir, `${syntax}-${hash.digest('hex').slice(0, 16)}.sef.json`);
  if (syntax === 'cii' || syntax === 'ubl') {
    const source = path.join(dir, stylesheetName[syntax]);
    hash.update(readFileSync(source));
    const file = target();
    const partial = `${file}.${process.pid}.tmp.json`;
    steps = [[xslt3, `-xsl:${source}`, `-export:${partial}`, '-nogo']];
    return { target: file, partial, steps, setUp };
  }
  const xrechnung = path.join(dir, 'xrechnung');
  const source = path.join(dir, schematronName[syntax]);
  const transpiler = path.join(xrechnung, 'schxslt2-transpile.xsl');
  for (const file of [source, path.join(xrechnung, 'common.sch'), transpiler]) hash.update(readFileSync(file));
  const file = target();
  const partial = `${file}.${process.pid}.tmp.json`;
  // The Schematron includes ../common.sch: the patched copy sits in the same layout under the cache.
  const work = path.join(cacheDir, `${syntax}-${process.pid}`);
  const copy = path.join(work, path.basename(path.dirname(source)), path.basename(source));
  const xsl = path.join(work, `${syntax}.xsl`);
  setUp = () => {
    mkdirSync(path.dirname(copy), { recursive: true });
    writeFileSync(copy, declareXs(readFileSync(source, 'utf8')));
    copyFileSync(path.join(xrechnung, 'common.sch'), path.join(work, 'common.sch'));
  };
  steps = [
    [xslt3, `-xsl:${transpiler}`, `-s:${copy}`, `-o:${xsl}`],
    [xslt3, `-xsl:${xsl}`, `-export:${partial}`, '-nogo'],
  ];
  return { target: file, partial, steps, setUp, work };
}

/** The compiled rules' path, compiling them when the cache lacks them. */
export function compiledRules(dir: string, syntax: Syntax): string {
  const known = compiled.get(syntax);
  if (known) return known;
  const { target, partial, steps, setUp, work } = compilation(dir, syntax);
  if (!existsSync(target) && !fromCommitted(dir, target)) {
    mkdirSync(cacheDir, { recursive: true });
    setUp();
    for (const args of steps) execFileSync(process.execPath, args, { stdio: 'pipe' });
    renameSync(partial, target);
    if (work) rmSync(work, { recursive: true, force: true });
  }
  compiled.set(syntax, target);
  return target;
}

/**
 * The rules compiled (two at a time, for CI's two cores: about 20 s each on a cold cache), or found in
 * the cache: the EN 16931 rules of both syntaxes, and with `xrechnung` KoSIT's too.
 */
export async function prepareRules(dir: string, options: { xrechnung?: boolean } = {}): Promise<void> {
  const compile = async (syntax: Syntax) => {
    const { target, partial, steps, setUp, work } = compilation(dir, syntax);
    if (!existsSync(target) && !fromCommitted(dir, target)) {
      mkdirSync(cacheDir, { recursive: true });
      setUp();
      for (const args of steps) await promisify(execFile)(process.execPath, args);
      renameSync(partial, target);
      if (work) rmSync(work, { recursive: true, force: true });
    }
    compiled.set(syntax, target);
  };
  await Promise.all((['cii', 'ubl'] as const).map(compile));
  if (options.xrechnung) await Promise.all((['xrechnung-ubl', 'xrechnung-cii'] as const).map(compile));
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
