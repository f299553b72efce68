import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { adminMessages } from '../../../shared/admin/admin-schemas';
import { staffSessionsAnswerSchema } from '../../../shared/admin/session-schemas';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { moment } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';

/** /admin/sessions: the signed-in staff member's own active sessions; any can be ended (every role). */
export function SessionsPage() {
  const list = useQuery({
    queryKey: ['admin', 'sessions'],
    queryFn: () => adminApi(staffSessionsAnswerSchema, '/sessions'),
    retry: false,
  });
  const invalidate = useInvalidateAdmin();
  const end = useMutation({
    mutationFn: (id: string) => adminApi(z.unknown(), `/sessions/${id}`, { method: 'DELETE', body: {} }),
    onSuccess: () => {
      toast.success('Session ended');
      void invalidate();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : adminMessages.unexpected),
  });

  if (list.isPending) return <PageLoading label="Loading your sessions..." />;
  if (list.isError) return <StateMessage tone="error">Failed to load your sessions. Please try again.</StateMessage>;
  return (
    <section>
      <AdminHeading title="My sessions" />
      <p className="mb-3 text-sm text-navy-600">
        Where you are signed in. End any session you do not recognise, then change your password.
      </p>
      <ul className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white">
        {list.data.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="session">
            <span className="text-sm text-navy-800">
              <strong className="font-medium text-navy-900">{session.device}</strong>
              {session.current ? <span className="ml-2 text-accent-700">(this browser)</span> : null}
              <br />
              Network {session.network ?? 'unknown'} · signed in {moment(session.signedInAt)} · last seen{' '}
              {moment(session.lastSeenAt)}
            </span>
            {session.current ? null : (
              <Button
                size="sm"
                variant="outline"
                disabled={end.isPending}
                onClick={() => {
                  if (window.confirm(`End the session on ${session.device}? It is signed out at once.`))
                    end.mutate(session.id);
                }}
              >
                End session
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
