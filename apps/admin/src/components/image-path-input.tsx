import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadSiteImage } from '../lib/api';
import { failureText } from '../lib/report-failure';

const acceptedImages = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * A form field for a public image: a path or address typed in, or a file uploaded (checked and
 * re-encoded by the server) whose path fills the field; a preview shows what users will see.
 */
export function ImagePathInput(props: {
  /** Set by Form.Item, so the label points at the text field. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const value = props.value ?? '';
  return (
    <Flex vertical gap={8}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={props.id}
          value={value}
          placeholder="/uploads/... https://..."
          onChange={(event) => props.onChange?.(event.target.value)}
        />
        <Upload
          accept={acceptedImages}
          showUploadList={false}
          customRequest={async ({ file }) => {
            setUploading(true);
            try {
              const blob = file as File;
              props.onChange?.(await uploadSiteImage(blob, blob.name || 'image'));
              void message.success(t('content.uploaded'));
            } catch (failure) {
              void message.error(failureText(failure));
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid={props.testId}>
            {t('content.upload')}
          </Button>
        </Upload>
      </Space.Compact>
      {/^(\/uploads\/|https:\/\/)/.test(value) && (
        <Image src={value} height={64} style={{ objectFit: 'contain', maxWidth: '100%' }} />
      )}
    </Flex>
  );
}
