import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** A card of the dashboard or the settings hub: an icon, a title and a line, linking to an admin page. */
export function LinkCard({ card }: { card: { to: string; title: string; text: string; icon: LucideIcon } }) {
  return (
    <Link to={card.to} className="rounded-lg border border-navy-100 bg-white p-5 hover:border-accent-400">
      <card.icon aria-hidden="true" className="size-6 text-accent-700" />
      <h2 className="mt-2 text-lg font-semibold text-navy-900">{card.title}</h2>
      <p className="text-sm text-navy-600">{card.text}</p>
    </Link>
  );
}
