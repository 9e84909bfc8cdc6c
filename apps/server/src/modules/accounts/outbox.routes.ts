import { apiReply, outboxReplySchema } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import { listOutbox } from './codes.repository';
import { visitorOf } from './demo-visitor';

export const outboxPageSize = 50;

/**
 * GET /dev/outbox: registered only in demo mode, where no message leaves the server. Each browser
 * sees only its own messages (demo-visitor.ts), so nobody reads another visitor's codes.
 */
export function outboxRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        config: { policy: policies.public },
        schema: {
          tags: ['accounts'],
          summary: 'Demo only: the newest 50 e-mails and SMS this browser asked for, codes included',
          description:
            'Absent outside demo mode. Asking for a code (POST /sms_mail, /sms_send) gives the ' +
            'browser an HttpOnly cookie `fairex_outbox`; this list shows only the messages asked ' +
            'for under that cookie. A forgotten-password code goes to the browser that registered ' +
            'or bound the address, not to whoever asked (nobody, for the shared demo account). ' +
            'Without the cookie the list is empty.',
          querystring: z.strictObject({}),
          response: { 200: apiReply(outboxReplySchema) },
        },
      },
      async (request) => {
        const viewerHash = visitorOf(request);
        if (viewerHash === null) return ok([]);
        const rows = await listOutbox(db, { viewerHash, limit: outboxPageSize });
        return ok(
          rows.map((row) => ({
            id: row.id,
            channel: row.channel,
            recipient: row.recipient,
            subject: row.subject,
            body: row.body,
            status: row.status,
            created_at: row.createdAt.getTime(),
          })),
        );
      },
    );
  };
}
