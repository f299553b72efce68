/** See chromium-path.mjs. */
export declare const chromiumPath: () => string;
