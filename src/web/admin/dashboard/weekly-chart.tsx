import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '../../../shared/reporting/dashboard-contracts';

/** Quotes and orders per week over the last 12 weeks (recharts: loaded only with the admin chunk). */
export function WeeklyChart({ weeks }: { weeks: Dashboard['weekly'] }) {
  return (
    <figure aria-label="Quotes and orders per week, last 12 weeks" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="weekStart" tickFormatter={(value: string) => value.slice(5)} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="quotes" name="Quotes" fill="#2563eb" />
          <Bar dataKey="orders" name="Orders" fill="#16a34a" />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
