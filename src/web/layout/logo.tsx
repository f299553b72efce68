import { company } from '../../shared/company';

/** The drop mark and word mark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ?? 'inline-flex items-center gap-2'}>
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="7" fill="#0b1f3a" />
        <path d="M16 6c-4 5.5-7 9.6-7 13a7 7 0 0 0 14 0c0-3.4-3-7.5-7-13z" fill="#2dd4bf" />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-navy-900">{company.productName}</span>
    </span>
  );
}
