/** The part of SaxonJS's API the EN 16931 rules check uses (saxon-js ships no types). */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetFileName?: string;
    stylesheetText?: string;
    sourceText?: string;
    destination?: 'serialized' | 'raw' | 'document';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: string };
  };
  export default SaxonJS;
}
