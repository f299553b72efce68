import { formatMoney } from '../../../shared/money';

export const money = (minor: number | null, currency: string) =>
  minor === null ? '—' : formatMoney(minor, currency, { decimals: 2 });
export const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const moment = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
export const orText = (value: string | null | undefined, fallback: string) =>
  value && value.trim() !== '' ? value : fallback;
