import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ArticlesTab } from './articles-tab';
import { FaqTab } from './faq-tab';
import { MenuTab } from './menu-tab';
import { PagesTab } from './pages-tab';

/** What users read: news, banners and the popup, the FAQ, the long pages and the Home shortcuts. */
export function ContentPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'articles', label: t('content.tabs.articles'), children: <ArticlesTab /> },
          { key: 'faq', label: t('content.tabs.faq'), children: <FaqTab /> },
          { key: 'pages', label: t('content.tabs.pages'), children: <PagesTab /> },
          { key: 'menu', label: t('content.tabs.menu'), children: <MenuTab /> },
        ]}
      />
    </Card>
  );
}
