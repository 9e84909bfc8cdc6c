import type { StaffTotpEnrolment } from '@fairex/contract';
import { Alert, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const qrSizePx = 200;

/** The otpauth URI as a QR code; qrcode loads on demand, outside the entry chunk. */
async function qrDataUrl(text: string): Promise<string> {
  const module = await import('qrcode');
  const toDataURL = module.toDataURL ?? module.default.toDataURL;
  return toDataURL(text, { width: qrSizePx, margin: 1, errorCorrectionLevel: 'M' });
}

/** A new authenticator secret, shown once: as text, as the otpauth URI and as a QR code. */
export function TotpEnrolment({ enrolment }: { enrolment: StaffTotpEnrolment }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    qrDataUrl(enrolment.otpauth_uri)
      .then((src) => current && setQr({ uri: enrolment.otpauth_uri, src }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [enrolment.otpauth_uri]);
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('staff.enrolOnce')} />
      <Typography.Text strong>{`${enrolment.staff.name} · ${enrolment.staff.email}`}</Typography.Text>
      <Flex gap={20} wrap align="center">
        {qr?.uri === enrolment.otpauth_uri && (
          <img
            src={qr.src}
            alt={t('staff.qrAlt')}
            width={qrSizePx}
            height={qrSizePx}
            className="console-qr"
            data-testid="staff-totp-qr"
          />
        )}
        <Flex vertical gap={8} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary">{t('staff.secret')}</Typography.Text>
          <Typography.Text code copyable data-testid="staff-totp-secret" style={{ wordBreak: 'break-all' }}>
            {enrolment.totp_secret}
          </Typography.Text>
          <Typography.Text type="secondary">{t('staff.uri')}</Typography.Text>
          <Typography.Paragraph copyable style={{ wordBreak: 'break-all', marginBottom: 0, fontSize: 12 }}>
            {enrolment.otpauth_uri}
          </Typography.Paragraph>
        </Flex>
      </Flex>
    </Flex>
  );
}
