import {
  adminArticleCreateBodySchema,
  adminArticleListQuerySchema,
  adminArticleListReplySchema,
  adminArticleSchema,
  adminArticleUpdateBodySchema,
  adminDeletedReplySchema,
  adminFaqCreateBodySchema,
  adminFaqItemSchema,
  adminFaqListReplySchema,
  adminFaqOrderBodySchema,
  adminFaqUpdateBodySchema,
  adminIdBodySchema,
  adminLocaleQuerySchema,
  adminMenuItemSchema,
  adminMenuListReplySchema,
  adminMenuOrderBodySchema,
  adminMenuToggleBodySchema,
  adminNoParamsSchema,
  adminPageQuerySchema,
  adminPageSaveBodySchema,
  adminPageSchema,
  adminSiteSettingsSaveBodySchema,
  adminSiteSettingsSchema,
  apiReply,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import { createContentAdminService } from './content.admin.service';

const tags = ['staff: content'];
const session = [{ session: [] }];
/** Content staff, and admin (who may call every staff route). */
const contentPolicy = { policy: policies.staff('content') };

/**
 * The operator console's content calls: articles (news, banners, the popup notice), FAQ, pages,
 * site settings and the Home menu. Every write is audited with before and after.
 */
export function contentAdminRoutes(deps: {
  readonly db: Database;
  readonly clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const content = createContentAdminService(deps);

    app.get(
      '/admin/content/articles',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Articles of every state (published, scheduled, hidden), by kind and locale, 20 a page',
          description: 'Newest first; banners in display order. Role: content.',
          security: session,
          querystring: adminArticleListQuerySchema,
          response: { 200: apiReply(adminArticleListReplySchema) },
        },
      },
      async (request) => ok(await content.listArticles(request.query)),
    );

    app.post(
      '/admin/content/articles/create',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Write a news item, banner (image required) or popup notice in one locale',
          description:
            'A `published_at` in the future schedules it. `image_url` is an upload ("/uploads/...") or an http(s) URL. Role: content.',
          security: session,
          body: adminArticleCreateBodySchema,
          response: { 200: apiReply(adminArticleSchema) },
        },
      },
      async (request) => ok(await content.createArticle(staffActorOf(request), request.body)),
    );

    app.post(
      '/admin/content/articles/update',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Change the fields sent of one article; kind and locale stay. Role: content.',
          security: session,
          body: adminArticleUpdateBodySchema,
          response: { 200: apiReply(adminArticleSchema) },
        },
      },
      async (request) => {
        const { id, ...changes } = request.body;
        return ok(await content.updateArticle(staffActorOf(request), id, changes));
      },
    );

    app.post(
      '/admin/content/articles/hide',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Unpublish an article: users no longer see it; the row stays. Role: content.',
          security: session,
          body: adminIdBodySchema,
          response: { 200: apiReply(adminArticleSchema) },
        },
      },
      async (request) => ok(await content.hideArticle(staffActorOf(request), request.body.id)),
    );

    app.post(
      '/admin/content/articles/show',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Publish a hidden article again. Role: content.',
          security: session,
          body: adminIdBodySchema,
          response: { 200: apiReply(adminArticleSchema) },
        },
      },
      async (request) => ok(await content.showArticle(staffActorOf(request), request.body.id)),
    );

    app.get(
      '/admin/content/faq',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'One locale’s FAQ in display order (no English fallback). Role: content.',
          security: session,
          querystring: adminLocaleQuerySchema,
          response: { 200: apiReply(adminFaqListReplySchema) },
        },
      },
      async (request) => ok(await content.listFaq(request.query.locale)),
    );

    app.post(
      '/admin/content/faq/create',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Add a FAQ item (at the end unless sort_order is given). Role: content.',
          security: session,
          body: adminFaqCreateBodySchema,
          response: { 200: apiReply(adminFaqItemSchema) },
        },
      },
      async (request) => ok(await content.createFaq(staffActorOf(request), request.body)),
    );

    app.post(
      '/admin/content/faq/update',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Change a FAQ item. Role: content.',
          security: session,
          body: adminFaqUpdateBodySchema,
          response: { 200: apiReply(adminFaqItemSchema) },
        },
      },
      async (request) => ok(await content.updateFaq(staffActorOf(request), request.body)),
    );

    app.post(
      '/admin/content/faq/delete',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Remove a FAQ item (nothing refers to FAQ items). Role: content.',
          security: session,
          body: adminIdBodySchema,
          response: { 200: apiReply(adminDeletedReplySchema) },
        },
      },
      async (request) => ok(await content.deleteFaq(staffActorOf(request), request.body.id)),
    );

    app.post(
      '/admin/content/faq/order',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Reorder one locale’s FAQ: every id once, in the new order. Role: content.',
          security: session,
          body: adminFaqOrderBodySchema,
          response: { 200: apiReply(adminFaqListReplySchema) },
        },
      },
      async (request) =>
        ok(await content.orderFaq(staffActorOf(request), request.body.locale, request.body.ids)),
    );

    app.get(
      '/admin/content/pages',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'One page (aboutus, contactus, operational_compliance) in one locale. Role: content.',
          security: session,
          querystring: adminPageQuerySchema,
          response: { 200: apiReply(adminPageSchema) },
        },
      },
      async (request) => ok(await content.page(request.query.slug, request.query.locale)),
    );

    app.post(
      '/admin/content/pages/save',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Create or replace one page in one locale (plain-text paragraphs). Role: content.',
          security: session,
          body: adminPageSaveBodySchema,
          response: { 200: apiReply(adminPageSchema) },
        },
      },
      async (request) => ok(await content.savePage(staffActorOf(request), request.body)),
    );

    app.get(
      '/admin/content/settings',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Site name, logo and customer-service links (null when unset). Role: content.',
          security: session,
          querystring: adminNoParamsSchema,
          response: { 200: apiReply(adminSiteSettingsSchema) },
        },
      },
      async () => ok(await content.settings()),
    );

    app.post(
      '/admin/content/settings/save',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary:
            'Save the settings sent (null clears one); links must be http(s) or a site path. Role: content.',
          security: session,
          body: adminSiteSettingsSaveBodySchema,
          response: { 200: apiReply(adminSiteSettingsSchema) },
        },
      },
      async (request) => ok(await content.saveSettings(staffActorOf(request), request.body)),
    );

    app.get(
      '/admin/content/menu',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Every Home shortcut, enabled or not, in display order. Role: content.',
          security: session,
          querystring: adminNoParamsSchema,
          response: { 200: apiReply(adminMenuListReplySchema) },
        },
      },
      async () => ok(await content.menu()),
    );

    app.post(
      '/admin/content/menu/toggle',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Show or hide one Home shortcut. Role: content.',
          security: session,
          body: adminMenuToggleBodySchema,
          response: { 200: apiReply(adminMenuItemSchema) },
        },
      },
      async (request) =>
        ok(await content.toggleMenu(staffActorOf(request), request.body.key, request.body.enabled)),
    );

    app.post(
      '/admin/content/menu/order',
      {
        config: contentPolicy,
        schema: {
          tags,
          summary: 'Reorder the Home shortcuts: every key once, in the new order. Role: content.',
          security: session,
          body: adminMenuOrderBodySchema,
          response: { 200: apiReply(adminMenuListReplySchema) },
        },
      },
      async (request) => ok(await content.orderMenu(staffActorOf(request), request.body.keys)),
    );
  };
}
