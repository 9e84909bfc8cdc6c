import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { FeesTab } from './fees-tab';
import { InstrumentsTab } from './instruments-tab';
import { OptionsTab } from './options-tab';
import { SiteSettingsTab } from './site-settings-tab';

/** Site settings and service links (content); instruments, fees and limits (admin only). */
export function SettingsPage() {
  const { t } = useTranslation();
  const isAdmin = hasRole(useSession()?.staff.roles ?? [], 'admin');
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'site', label: t('settings.tabs.site'), children: <SiteSettingsTab /> },
          ...(isAdmin
            ? [
                { key: 'instruments', label: t('settings.tabs.instruments'), children: <InstrumentsTab /> },
                { key: 'fees', label: t('settings.tabs.fees'), children: <FeesTab /> },
                { key: 'options', label: t('settings.tabs.options'), children: <OptionsTab /> },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
