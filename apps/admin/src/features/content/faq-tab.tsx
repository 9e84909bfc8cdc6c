import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AdminFaqItem,
  adminContentFaqCreateRoute,
  adminContentFaqDeleteRoute,
  adminContentFaqOrderRoute,
  adminContentFaqRoute,
  adminContentFaqUpdateRoute,
  contentAdminLimits,
  type Locale,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReorderableTable } from '../../components/reorderable-table';
import { callRoute } from '../../lib/api';
import { failureText } from '../../lib/report-failure';
import { LocaleSelect } from './locale-select';

type FaqForm = { question: string; answer: string };

/** The FAQ of one locale, in display order: add, edit, delete and move items. */
export function FaqTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [locale, setLocale] = useState<Locale>('en');
  const [editing, setEditing] = useState<AdminFaqItem | 'new' | null>(null);
  const [form] = Form.useForm<FaqForm>();
  const faq = useQuery({
    queryKey: ['content', 'faq', locale],
    queryFn: () => callRoute(adminContentFaqRoute, { params: { locale } }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['content', 'faq'] });
  const attempt = async (action: () => Promise<unknown>) => {
    try {
      await action();
      refresh();
      return true;
    } catch (failure) {
      void message.error(failureText(failure));
      return false;
    }
  };
  const save = async (values: FaqForm) => {
    const body = { question: values.question.trim(), answer: values.answer.trim() };
    const done = await attempt(() =>
      editing === 'new'
        ? callRoute(adminContentFaqCreateRoute, { params: { locale, ...body } })
        : callRoute(adminContentFaqUpdateRoute, {
            params: { id: editing ? (editing as AdminFaqItem).id : 0, ...body },
          }),
    );
    if (done) {
      void message.success(t('saved'));
      setEditing(null);
    }
  };
  const saveOrder = (next: AdminFaqItem[]) =>
    attempt(() =>
      callRoute(adminContentFaqOrderRoute, { params: { locale, ids: next.map((item) => item.id) } }),
    );

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <LocaleSelect value={locale} onChange={(value) => setLocale(value ?? 'en')} />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            setEditing('new');
          }}
        >
          {t('content.newFaq')}
        </Button>
      </Flex>
      <ReorderableTable<AdminFaqItem>
        list={faq}
        onReorder={saveOrder}
        columns={[
          { title: t('content.question'), dataIndex: 'question', width: 280 },
          {
            title: t('content.answer'),
            render: (_, item) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0, maxWidth: 420 }}>
                {item.answer}
              </Typography.Paragraph>
            ),
          },
          {
            title: '',
            render: (_, item) => (
              <Flex gap={8}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    form.setFieldsValue({ question: item.question, answer: item.answer });
                    setEditing(item);
                  }}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('content.deleteConfirm')}
                  okText={t('confirm')}
                  cancelText={t('cancel')}
                  onConfirm={() =>
                    attempt(() => callRoute(adminContentFaqDeleteRoute, { params: { id: item.id } }))
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('content.delete')} />
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('content.newFaq') : t('content.editFaq')}
        okText={t('save')}
        cancelText={t('cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        width={640}
      >
        <Form<FaqForm> form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="question"
            label={t('content.question')}
            rules={[{ required: true, whitespace: true, max: contentAdminLimits.faqQuestionLengthMax }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="answer"
            label={t('content.answer')}
            rules={[{ required: true, whitespace: true, max: contentAdminLimits.faqAnswerLengthMax }]}
          >
            <Input.TextArea rows={6} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
