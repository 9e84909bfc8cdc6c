import { BankOutlined, LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { adminAuthLoginRoute } from '@fairex/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select';
import { callRoute } from '../../lib/api';
import { setSession } from '../../lib/session';

type LoginForm = { email: string; password: string; code: string };

/** E-mail, password and the authenticator's 6-digit code: staff always sign in with both factors. */
export function LoginPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await callRoute(adminAuthLoginRoute, { params: values });
      setSession({ token: reply.token, expiresAt: reply.expires_at, staff: reply.staff });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="console-login">
      <Card className="console-login-card" data-testid="login-card">
        <div className="console-login-brand">
          <BankOutlined /> <span>{t('brand')}</span>
        </div>
        <div className="console-login-head">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <LanguageSelect testId="login-language" />
        </div>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            description={t('login.lockoutHint')}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        )}
        <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('login.email')}
            rules={[{ required: true, type: 'email', message: t('login.emailRequired') }]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" data-testid="login-email" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('login.code')}
            extra={t('login.codeHelp')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.codeRequired') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              data-testid="login-code"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={busy}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
