import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<string, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
  paid: 'success',
  failed: 'error',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={colours[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: status })}</Tag>;
}
