/**
 * A loaded catalogue's lookup: the message in its language, or undefined when the catalogue lacks it.
 * Its own file, so the catalogue (loaded lazily by language.ts) and language.ts share it without a cycle.
 */
export type Lookup = (id: string, values?: Record<string, string | number>) => string | undefined;
