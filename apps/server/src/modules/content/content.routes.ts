import {
  aboutusRoute,
  contactusRoute,
  faqRoute,
  getSettingRoute,
  getSiteConfigRoute,
  menuRoute,
  newsDetailRoute,
  newsIndexPopRoute,
  newsListRoute,
  operationalComplianceRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { contentAdminRoutes } from './content.admin.routes';
import type { ContentPageSlug, ShippedShortcuts } from './content.domain';
import { seedBaseContent } from './content.seed';
import { createContentService } from './content.service';

/** What the content routes need from the app; AppDeps satisfies it. */
export type ContentModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  /** Demo mode (simulated prices, test funds) is reported to clients in the site config. */
  readonly config: {
    readonly demo: boolean;
    readonly demoClockAheadMs: number;
    readonly walletConnectProjectId: string | undefined;
  };
  /** The Home shortcuts the registered modules ship (their manifests'). */
  readonly shippedShortcuts: ShippedShortcuts;
};

/** Calls without parameters still refuse unknown ones (`lang` is envelope and already removed). */
const tags = ['content'];

const pageRoutes = [
  { route: aboutusRoute, slug: 'aboutus', summary: 'The About page in the caller’s locale' },
  { route: contactusRoute, slug: 'contactus', summary: 'The Contact page in the caller’s locale' },
  {
    route: operationalComplianceRoute,
    slug: 'operational_compliance',
    summary: 'The operational compliance page in the caller’s locale',
  },
] as const satisfies readonly { route: unknown; slug: ContentPageSlug; summary: string }[];

/** Site config, public settings, articles, Home shortcuts, FAQ and the long-form pages. */
export function contentRoutes(deps: ContentModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });
    const db = deps.db;
    await seedBaseContent(db);
    const content = createContentService({
      db,
      clock: deps.clock,
      demo: deps.config.demo,
      demoClockAheadMs: deps.config.demoClockAheadMs,
      walletConnectProjectId: deps.config.walletConnectProjectId,
      shippedShortcuts: deps.shippedShortcuts,
    });

    route.get(
      getSiteConfigRoute,
      { summary: 'Site name, logo and whether this is a demo; read at launch' },
      async () => await content.siteConfig(),
    );

    route.get(
      getSettingRoute,
      {
        summary:
          'One public setting (e.g. kefu_url, whatsapp_url, telegram_url); null when not public or unset',
      },
      async (request) => await content.publicSetting(request.query.keyword),
    );

    route.get(
      newsIndexPopRoute,
      { summary: 'The newest popup notice in the caller’s locale (else English), or null' },
      async (request) => await content.popupNotice(request.locale),
    );

    route.post(
      newsListRoute,
      {
        summary: 'News (c_id 4, newest first) or banners (c_id 5, in display order), 10 per page by default',
      },
      async (request) =>
        await content.newsList({
          locale: request.locale,
          categoryId: request.body.c_id,
          page: request.body.page,
          limit: request.body.limit,
        }),
    );

    route.post(
      newsDetailRoute,
      { summary: 'One article with its plain-text content' },
      async (request) => await content.newsDetail(request.body.id),
    );

    route.get(
      menuRoute,
      { summary: 'The Home shortcuts; available is false for features not shipped yet' },
      async () => await content.menu(),
    );

    route.get(
      faqRoute,
      { summary: 'Frequently asked questions in the caller’s locale (else English)' },
      async (request) => await content.faq(request.locale),
    );

    for (const page of pageRoutes) {
      route.get(page.route, { summary: `${page.summary} (else English); plain-text paragraphs` }, (request) =>
        content.contentPage(page.slug, request.locale),
      );
    }

    await app.register(
      contentAdminRoutes({ db, clock: deps.clock, shippedShortcuts: deps.shippedShortcuts }),
    );
  };
}
