import { EditOutlined, EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AdminArticle,
  type ArticleKind,
  adminContentArticlesCreateRoute,
  adminContentArticlesHideRoute,
  adminContentArticlesRoute,
  adminContentArticlesShowRoute,
  adminContentArticlesUpdateRoute,
  articleKinds,
  contentAdminLimits,
  type Locale,
  localeNames,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Popconfirm,
  Segmented,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePathInput } from '../../components/image-path-input';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import { failureText } from '../../lib/report-failure';
import { LocaleSelect } from './locale-select';

type ArticleForm = {
  locale: Locale;
  title: string;
  summary?: string;
  content?: string;
  image_url?: string;
  link?: string;
  sort_order?: number;
  published_at?: string;
};

const statusColours: Record<AdminArticle['status'], string> = {
  published: 'success',
  scheduled: 'processing',
  hidden: 'default',
};

/** News, banners and the popup notice, one row per locale; hidden rather than deleted. */
export function ArticlesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ArticleKind>('news');
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  const [page, setPage] = useState(1);
  /** The article being edited, "new", or null when the editor is closed. */
  const [editing, setEditing] = useState<AdminArticle | 'new' | null>(null);
  const [form] = Form.useForm<ArticleForm>();
  const articles = useQuery({
    queryKey: ['content', 'articles', kind, locale, page],
    queryFn: () => callRoute(adminContentArticlesRoute, { params: { kind, locale, page } }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['content', 'articles'] });

  const open = (article: AdminArticle | 'new') => {
    setEditing(article);
    form.resetFields();
    if (article === 'new') form.setFieldsValue({ locale: locale ?? 'en', sort_order: 0 });
    else {
      form.setFieldsValue({
        locale: article.locale,
        title: article.title,
        summary: article.summary,
        content: article.content,
        image_url: article.image_url ?? '',
        link: article.link ?? '',
        sort_order: article.sort_order,
        published_at: toLocalInput(article.published_at),
      });
    }
  };

  const save = async (values: ArticleForm) => {
    const fields = {
      title: values.title.trim(),
      summary: values.summary?.trim() ?? '',
      content: values.content ?? '',
      image_url: values.image_url?.trim() || null,
      link: values.link?.trim() || null,
      sort_order: values.sort_order ?? 0,
      ...(fromLocalInput(values.published_at) !== undefined
        ? { published_at: fromLocalInput(values.published_at) }
        : {}),
    };
    try {
      if (editing === 'new') {
        await callRoute(adminContentArticlesCreateRoute, {
          params: { kind, locale: values.locale, ...fields },
        });
      } else if (editing) {
        await callRoute(adminContentArticlesUpdateRoute, { params: { id: editing.id, ...fields } });
      }
      void message.success(t('saved'));
      setEditing(null);
      refresh();
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };

  const setHidden = async (article: AdminArticle, hide: boolean) => {
    try {
      await callRoute(hide ? adminContentArticlesHideRoute : adminContentArticlesShowRoute, {
        params: { id: article.id },
      });
      refresh();
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };

  const pageSize = articles.data?.page_size ?? contentAdminLimits.articlePageSizeDefault;
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Flex gap={8} wrap>
          <Segmented<ArticleKind>
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPage(1);
            }}
            options={articleKinds.map((value) => ({ value, label: t(`content.kind.${value}`) }))}
          />
          <LocaleSelect
            allowAll
            value={locale}
            onChange={(value) => {
              setLocale(value);
              setPage(1);
            }}
          />
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          {t('content.newArticle')}
        </Button>
      </Flex>
      <Table<AdminArticle>
        rowKey="id"
        size="middle"
        loading={articles.isLoading}
        dataSource={articles.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: articles.error ? articles.error.message : t('review.empty') }}
        pagination={{
          current: page,
          pageSize,
          total: articles.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', width: 64 },
          { title: t('content.locale'), render: (_, article) => localeNames[article.locale] },
          ...(kind === 'banner'
            ? [
                {
                  title: t('content.image'),
                  render: (_: unknown, article: AdminArticle) =>
                    article.image_url ? (
                      <Image src={article.image_url} width={96} height={40} style={{ objectFit: 'cover' }} />
                    ) : (
                      '—'
                    ),
                },
              ]
            : []),
          { title: t('content.title'), dataIndex: 'title', ellipsis: true, width: 280 },
          {
            title: t('fields.status'),
            render: (_, article) => (
              <Tag color={statusColours[article.status]}>{t(`content.status.${article.status}`)}</Tag>
            ),
          },
          { title: t('content.publishedAt'), render: (_, article) => dateTime(article.published_at) },
          { title: t('content.order'), dataIndex: 'sort_order' },
          {
            title: '',
            render: (_, article) => (
              <Flex gap={8}>
                <Button size="small" icon={<EditOutlined />} onClick={() => open(article)}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={article.hidden ? t('content.showConfirm') : t('content.hideConfirm')}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                  onConfirm={() => setHidden(article, !article.hidden)}
                >
                  <Button size="small" icon={article.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}>
                    {article.hidden ? t('content.show') : t('content.hide')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Drawer
        open={editing !== null}
        size="min(640px, 100vw)"
        title={editing === 'new' ? t('content.newArticle') : t('content.editArticle')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Button type="primary" onClick={() => form.submit()}>
            {t('save')}
          </Button>
        }
      >
        <Form<ArticleForm> form={form} layout="vertical" onFinish={save}>
          <Form.Item name="locale" label={t('content.locale')} rules={[{ required: true }]}>
            {editing === 'new' ? (
              <LocaleSelect value={undefined} onChange={(value) => form.setFieldValue('locale', value)} />
            ) : (
              <Input disabled />
            )}
          </Form.Item>
          <Form.Item
            name="title"
            label={t('content.title')}
            rules={[{ required: true, whitespace: true, max: contentAdminLimits.titleLengthMax }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="summary"
            label={t('content.summary')}
            rules={[{ max: contentAdminLimits.summaryLengthMax }]}
          >
            <Input.TextArea rows={2} showCount maxLength={contentAdminLimits.summaryLengthMax} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('content.body')}
            rules={[{ max: contentAdminLimits.articleBodyLengthMax }]}
          >
            <Input.TextArea rows={8} />
          </Form.Item>
          <Form.Item
            name="image_url"
            label={t('content.image')}
            extra={t('content.urlHelp')}
            rules={[{ required: kind === 'banner', max: contentAdminLimits.urlLengthMax }]}
          >
            <ImagePathInput testId="article-image-upload" />
          </Form.Item>
          <Form.Item
            name="link"
            label={t('content.link')}
            extra={t('content.linkHelp')}
            rules={[{ max: contentAdminLimits.urlLengthMax }]}
          >
            <Input placeholder="/pages/..." />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="sort_order" label={t('content.order')}>
              <InputNumber min={0} max={1_000_000} />
            </Form.Item>
            <Form.Item
              name="published_at"
              label={t('content.publishedAt')}
              extra={t('content.publishedHelp')}
            >
              <Input type="datetime-local" />
            </Form.Item>
          </Flex>
        </Form>
      </Drawer>
    </Flex>
  );
}
