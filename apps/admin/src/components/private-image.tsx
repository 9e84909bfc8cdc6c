import { Image, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { privateImageUrl } from '../lib/api';

/** An uploaded ID photo or voucher, fetched with the staff token (private files need it). */
export function PrivateImage({ path, label }: { path: string | null; label: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!path) return;
    let objectUrl: string | null = null;
    let live = true;
    privateImageUrl(path).then(
      (created) => {
        objectUrl = created;
        if (live) setUrl(created);
        else URL.revokeObjectURL(created);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  let body: ReactNode;
  if (!path) body = <Typography.Text type="secondary">{t('review.noImage')}</Typography.Text>;
  else if (failed) body = <Typography.Text type="danger">{t('errors.image')}</Typography.Text>;
  else if (!url) body = <Skeleton.Image active />;
  else body = <Image src={url} alt={label} width={240} data-testid="review-image" />;
  return (
    <figure className="console-figure">
      <div className="console-figure-frame">{body}</div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
