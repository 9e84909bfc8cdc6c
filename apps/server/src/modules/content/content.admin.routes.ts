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
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../audit';
import { type ContentAdminServiceDeps, createContentAdminService } from './content.admin.service';

/**
 * The operator console's content calls: articles (news, banners, the popup notice), FAQ, pages,
 * site settings and the Home menu. Every write is audited with before and after.
 */
export function contentAdminRoutes(deps: ContentAdminServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const content = createContentAdminService(deps);
    const staff = staffRoutes(app, { tags: ['staff: content'], roles: ['content'] });

    staff.read(
      '/admin/content/articles',
      {
        summary: 'Articles of every state (published, scheduled, hidden), by kind and locale, 20 a page.',
        description: 'Newest first; banners in display order.',
        query: adminArticleListQuerySchema,
        reply: adminArticleListReplySchema,
      },
      (query) => content.listArticles(query),
    );

    staff.write(
      '/admin/content/articles/create',
      {
        summary: 'Write a news item, banner (image required) or popup notice in one locale.',
        description:
          'A `published_at` in the future schedules it. `image_url` is an upload ("/uploads/...") or an http(s) URL.',
        body: adminArticleCreateBodySchema,
        reply: adminArticleSchema,
      },
      (actor, body) => content.createArticle(actor, body),
    );

    staff.write(
      '/admin/content/articles/update',
      {
        summary: 'Change the fields sent of one article; kind and locale stay.',
        body: adminArticleUpdateBodySchema,
        reply: adminArticleSchema,
      },
      async (actor, body) => {
        const { id, ...changes } = body;
        return content.updateArticle(actor, id, changes);
      },
    );

    staff.write(
      '/admin/content/articles/hide',
      {
        summary: 'Unpublish an article: users no longer see it; the row stays.',
        body: adminIdBodySchema,
        reply: adminArticleSchema,
      },
      (actor, body) => content.hideArticle(actor, body.id),
    );

    staff.write(
      '/admin/content/articles/show',
      {
        summary: 'Publish a hidden article again.',
        body: adminIdBodySchema,
        reply: adminArticleSchema,
      },
      (actor, body) => content.showArticle(actor, body.id),
    );

    staff.read(
      '/admin/content/faq',
      {
        summary: 'One locale’s FAQ in display order (no English fallback).',
        query: adminLocaleQuerySchema,
        reply: adminFaqListReplySchema,
      },
      (query) => content.listFaq(query.locale),
    );

    staff.write(
      '/admin/content/faq/create',
      {
        summary: 'Add a FAQ item (at the end unless sort_order is given).',
        body: adminFaqCreateBodySchema,
        reply: adminFaqItemSchema,
      },
      (actor, body) => content.createFaq(actor, body),
    );

    staff.write(
      '/admin/content/faq/update',
      {
        summary: 'Change a FAQ item.',
        body: adminFaqUpdateBodySchema,
        reply: adminFaqItemSchema,
      },
      (actor, body) => content.updateFaq(actor, body),
    );

    staff.write(
      '/admin/content/faq/delete',
      {
        summary: 'Remove a FAQ item (nothing refers to FAQ items).',
        body: adminIdBodySchema,
        reply: adminDeletedReplySchema,
      },
      (actor, body) => content.deleteFaq(actor, body.id),
    );

    staff.write(
      '/admin/content/faq/order',
      {
        summary: 'Reorder one locale’s FAQ: every id once, in the new order.',
        body: adminFaqOrderBodySchema,
        reply: adminFaqListReplySchema,
      },
      (actor, body) => content.orderFaq(actor, body.locale, body.ids),
    );

    staff.read(
      '/admin/content/pages',
      {
        summary: 'One page (aboutus, contactus, operational_compliance) in one locale.',
        query: adminPageQuerySchema,
        reply: adminPageSchema,
      },
      (query) => content.page(query.slug, query.locale),
    );

    staff.write(
      '/admin/content/pages/save',
      {
        summary: 'Create or replace one page in one locale (plain-text paragraphs).',
        body: adminPageSaveBodySchema,
        reply: adminPageSchema,
      },
      (actor, body) => content.savePage(actor, body),
    );

    staff.read(
      '/admin/content/settings',
      {
        summary: 'Site name, logo and customer-service links (null when unset).',
        query: adminNoParamsSchema,
        reply: adminSiteSettingsSchema,
      },
      () => content.settings(),
    );

    staff.write(
      '/admin/content/settings/save',
      {
        summary: 'Save the settings sent (null clears one); links must be http(s) or a site path.',
        body: adminSiteSettingsSaveBodySchema,
        reply: adminSiteSettingsSchema,
      },
      (actor, body) => content.saveSettings(actor, body),
    );

    staff.read(
      '/admin/content/menu',
      {
        summary: 'Every Home shortcut, enabled or not, in display order.',
        query: adminNoParamsSchema,
        reply: adminMenuListReplySchema,
      },
      () => content.menu(),
    );

    staff.write(
      '/admin/content/menu/toggle',
      {
        summary: 'Show or hide one Home shortcut.',
        body: adminMenuToggleBodySchema,
        reply: adminMenuItemSchema,
      },
      (actor, body) => content.toggleMenu(actor, body.key, body.enabled),
    );

    staff.write(
      '/admin/content/menu/order',
      {
        summary: 'Reorder the Home shortcuts: every key once, in the new order.',
        body: adminMenuOrderBodySchema,
        reply: adminMenuListReplySchema,
      },
      (actor, body) => content.orderMenu(actor, body.keys),
    );
  };
}
