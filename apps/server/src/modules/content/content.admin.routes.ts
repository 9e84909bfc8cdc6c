import {
  adminContentArticlesCreateRoute,
  adminContentArticlesHideRoute,
  adminContentArticlesRoute,
  adminContentArticlesShowRoute,
  adminContentArticlesUpdateRoute,
  adminContentFaqCreateRoute,
  adminContentFaqDeleteRoute,
  adminContentFaqOrderRoute,
  adminContentFaqRoute,
  adminContentFaqUpdateRoute,
  adminContentMenuOrderRoute,
  adminContentMenuRoute,
  adminContentMenuToggleRoute,
  adminContentPagesRoute,
  adminContentPagesSaveRoute,
  adminContentSettingsRoute,
  adminContentSettingsSaveRoute,
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
    const staff = staffRoutes(app, { tags: ['staff: content'] });

    staff.read(
      adminContentArticlesRoute,
      {
        summary: 'Articles of every state (published, scheduled, hidden), by kind and locale, 20 a page.',
        description: 'Newest first; banners in display order.',
      },
      (query) => content.listArticles(query),
    );

    staff.write(
      adminContentArticlesCreateRoute,
      {
        summary: 'Write a news item, banner (image required) or popup notice in one locale.',
        description:
          'A `published_at` in the future schedules it. `image_url` is an upload ("/uploads/...") or an http(s) URL.',
      },
      (actor, body) => content.createArticle(actor, body),
    );

    staff.write(
      adminContentArticlesUpdateRoute,
      {
        summary: 'Change the fields sent of one article; kind and locale stay.',
      },
      async (actor, body) => {
        const { id, ...changes } = body;
        return content.updateArticle(actor, id, changes);
      },
    );

    staff.write(
      adminContentArticlesHideRoute,
      {
        summary: 'Unpublish an article: users no longer see it; the row stays.',
      },
      (actor, body) => content.hideArticle(actor, body.id),
    );

    staff.write(
      adminContentArticlesShowRoute,
      {
        summary: 'Publish a hidden article again.',
      },
      (actor, body) => content.showArticle(actor, body.id),
    );

    staff.read(
      adminContentFaqRoute,
      {
        summary: 'One locale’s FAQ in display order (no English fallback).',
      },
      (query) => content.listFaq(query.locale),
    );

    staff.write(
      adminContentFaqCreateRoute,
      {
        summary: 'Add a FAQ item (at the end unless sort_order is given).',
      },
      (actor, body) => content.createFaq(actor, body),
    );

    staff.write(
      adminContentFaqUpdateRoute,
      {
        summary: 'Change a FAQ item.',
      },
      (actor, body) => content.updateFaq(actor, body),
    );

    staff.write(
      adminContentFaqDeleteRoute,
      {
        summary: 'Remove a FAQ item (nothing refers to FAQ items).',
      },
      (actor, body) => content.deleteFaq(actor, body.id),
    );

    staff.write(
      adminContentFaqOrderRoute,
      {
        summary: 'Reorder one locale’s FAQ: every id once, in the new order.',
      },
      (actor, body) => content.orderFaq(actor, body.locale, body.ids),
    );

    staff.read(
      adminContentPagesRoute,
      {
        summary: 'One page (aboutus, contactus, operational_compliance) in one locale.',
      },
      (query) => content.page(query.slug, query.locale),
    );

    staff.write(
      adminContentPagesSaveRoute,
      {
        summary: 'Create or replace one page in one locale (plain-text paragraphs).',
      },
      (actor, body) => content.savePage(actor, body),
    );

    staff.read(
      adminContentSettingsRoute,
      {
        summary: 'Site name, logo and customer-service links (null when unset).',
      },
      () => content.settings(),
    );

    staff.write(
      adminContentSettingsSaveRoute,
      {
        summary: 'Save the settings sent (null clears one); links must be http(s) or a site path.',
      },
      (actor, body) => content.saveSettings(actor, body),
    );

    staff.read(
      adminContentMenuRoute,
      {
        summary: 'Every Home shortcut, enabled or not, in display order.',
      },
      () => content.menu(),
    );

    staff.write(
      adminContentMenuToggleRoute,
      {
        summary: 'Show or hide one Home shortcut.',
      },
      (actor, body) => content.toggleMenu(actor, body.key, body.enabled),
    );

    staff.write(
      adminContentMenuOrderRoute,
      {
        summary: 'Reorder the Home shortcuts: every key once, in the new order.',
      },
      (actor, body) => content.orderMenu(actor, body.keys),
    );
  };
}
