import {
  type AdminSiteSettings,
  adminContentSettingsRoute,
  adminContentSettingsSaveRoute,
  contentAdminLimits,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Divider, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePathInput } from '../../components/image-path-input';
import { callRoute } from '../../lib/api';
import { failureText } from '../../lib/report-failure';

type SettingsForm = { [Key in keyof AdminSiteSettings]: string };
const keys = [
  'site_name',
  'site_logo',
  'kefu_url',
  'whatsapp_url',
  'telegram_url',
] as const satisfies readonly (keyof AdminSiteSettings)[];

/** The site's name and logo and the customer-service links; a blank field clears the value. */
export function SiteSettingsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsForm>();
  const [saving, setSaving] = useState(false);
  const settings = useQuery({
    queryKey: ['settings', 'site'],
    queryFn: () => callRoute(adminContentSettingsRoute),
  });
  useEffect(() => {
    if (settings.data) {
      const data = settings.data;
      form.setFieldsValue(Object.fromEntries(keys.map((key) => [key, data[key] ?? ''])) as SettingsForm);
    }
  }, [settings.data, form]);
  const save = async (values: SettingsForm) => {
    setSaving(true);
    try {
      await callRoute(adminContentSettingsSaveRoute, {
        params: Object.fromEntries(keys.map((key) => [key, values[key]?.trim() || null])),
      });
      void message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['settings', 'site'] });
    } catch (failure) {
      void message.error(failureText(failure));
    } finally {
      setSaving(false);
    }
  };
  const urlRule = { max: contentAdminLimits.urlLengthMax };
  return (
    <Form<SettingsForm>
      form={form}
      layout="vertical"
      onFinish={save}
      disabled={settings.isLoading}
      style={{ maxWidth: 760 }}
    >
      {settings.error && (
        <Alert type="error" showIcon title={settings.error.message} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="site_name"
            label={t('settings.siteName')}
            rules={[{ max: contentAdminLimits.siteNameLengthMax }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="site_logo"
            label={t('settings.siteLogo')}
            extra={t('content.urlHelp')}
            rules={[urlRule]}
          >
            <ImagePathInput testId="site-logo-upload" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('settings.service')}</Divider>
      <Form.Item name="kefu_url" label={t('settings.chat')} rules={[urlRule]}>
        <Input placeholder="https://..." />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="whatsapp_url" label="WhatsApp" rules={[urlRule]}>
            <Input placeholder="https://wa.me/..." />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="telegram_url" label="Telegram" rules={[urlRule]}>
            <Input placeholder="https://t.me/..." />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('save')}
      </Button>
    </Form>
  );
}
