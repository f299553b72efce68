import type { ReactNode } from 'react';
import { customerFallbacks } from '../../../shared/lists';
import { orText } from './format';

interface CustomerColumns {
  customerName: string | null;
  customerEmail: string | null;
  customerCompany: string | null;
}

/** A list row's customer: name, e-mail and organisation, each with its fallback; `name` where a list words a missing name otherwise. */
export function CustomerCell({
  row,
  name = orText(row.customerName, customerFallbacks.noName),
  children,
}: {
  row: CustomerColumns;
  name?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      <div>{name}</div>
      <div className="text-navy-600">{orText(row.customerEmail, customerFallbacks.noEmail)}</div>
      <div className="text-navy-600">{orText(row.customerCompany, customerFallbacks.notProvided)}</div>
      {children}
    </div>
  );
}
