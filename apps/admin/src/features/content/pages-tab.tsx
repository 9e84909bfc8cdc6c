import {
  adminContentPagesRoute,
  adminContentPagesSaveRoute,
  type ContentPageSlugName,
  contentAdminLimits,
  contentPageSlugs,
  type Locale,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { failureText } from '../../lib/report-failure';
import { LocaleSelect } from './locale-select';

type PageForm = { title: string; content: string };

/** The long-form pages (about, contact, compliance), one per locale. */
export function PagesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState<ContentPageSlugName>('aboutus');
  const [locale, setLocale] = useState<Locale>('en');
  const [form] = Form.useForm<PageForm>();
  const [saving, setSaving] = useState(false);
  const page = useQuery({
    queryKey: ['content', 'page', slug, locale],
    queryFn: () => callRoute(adminContentPagesRoute, { params: { slug, locale } }),
  });
  useEffect(() => {
    if (page.data) form.setFieldsValue({ title: page.data.title, content: page.data.content });
  }, [page.data, form]);
  const save = async (values: PageForm) => {
    setSaving(true);
    try {
      await callRoute(adminContentPagesSaveRoute, {
        params: { slug, locale, title: values.title.trim(), content: values.content.trim() },
      });
      void message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['content', 'page'] });
    } catch (failure) {
      void message.error(failureText(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Segmented<ContentPageSlugName>
          value={slug}
          onChange={setSlug}
          options={contentPageSlugs.map((value) => ({ value, label: t(`content.page.${value}`) }))}
        />
        <LocaleSelect value={locale} onChange={(value) => setLocale(value ?? 'en')} />
      </Flex>
      {page.error && <Alert type="error" showIcon title={page.error.message} />}
      {page.data && page.data.updated_at === null && (
        <Alert type="info" showIcon title={t('content.pageMissing')} />
      )}
      <Form<PageForm> form={form} layout="vertical" onFinish={save} disabled={page.isLoading}>
        <Form.Item
          name="title"
          label={t('content.title')}
          rules={[{ required: true, whitespace: true, max: contentAdminLimits.pageTitleLengthMax }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('content.body')}
          rules={[{ required: true, whitespace: true, max: contentAdminLimits.pageBodyLengthMax }]}
        >
          <Input.TextArea rows={14} />
        </Form.Item>
        <Flex gap={12} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('save')}
          </Button>
          {page.data?.updated_at ? (
            <Typography.Text type="secondary">
              {t('content.updatedAt', { time: dateTime(page.data.updated_at) })}
            </Typography.Text>
          ) : null}
        </Flex>
      </Form>
    </Flex>
  );
}
