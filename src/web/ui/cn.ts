import { type ClassValue, clsx } from 'clsx';

/** Joins class names. Components put caller classes last; avoid passing conflicting utilities. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
