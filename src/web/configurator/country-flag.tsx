import { useState } from 'react';
import { cn } from '../ui/cn';

// Only the 32 flags the shop sells to (or lists), bundled as files from flag-icons: no third-party host.
const flagUrls = import.meta.glob<string>(
  '/node_modules/flag-icons/flags/4x3/{gb,us,at,be,bg,hr,cy,cz,dk,ee,fi,fr,de,gr,hu,is,ie,it,lv,li,lt,lu,mt,nl,no,pl,pt,ro,sk,si,es,se}.svg',
  { query: '?url', import: 'default', eager: true },
);

const urlFor = (code: string) => flagUrls[`/node_modules/flag-icons/flags/4x3/${code.toLowerCase()}.svg`];

/** A country's flag; where it cannot be shown, a grey box with the country code. */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const url = urlFor(code);
  const box = cn('inline-block h-[15px] w-5 shrink-0 rounded-[2px]', className);
  if (!url || failed) {
    return (
      <span
        aria-hidden="true"
        data-flag-fallback={code}
        className={cn(box, 'bg-navy-200 text-center text-[8px] leading-[15px] font-semibold text-navy-800')}
      >
        {code}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={20}
      height={15}
      className={cn(box, 'object-cover ring-1 ring-navy-100')}
      onError={() => setFailed(true)}
    />
  );
}
