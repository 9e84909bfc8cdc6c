import type { UserInfo } from '@fairex/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CameraOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { SignedInOnly } from '../../components/ui/signed-in-only';
import { UserAvatar } from '../../components/ui/user-avatar';
import { refreshUser, userQueryKeys } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { formatMobile } from './account-format';
import { editProfile, timezoneListQuery, updateTimezone, userTimezoneQuery } from './api/account-api';
import { FormField, TextInput } from './components/form-field';
import { TimezoneSheet } from './components/timezone-sheet';
import { blankToUndefined, profileFormSchema } from './forms/account-forms';
import { localisedIssues } from './forms/form-errors';
import { useAvatarUpload } from './hooks/use-avatar-upload';
import { detectedTimezone, zoneToReport } from './timezone-sync';
import './account.css';

function InfoRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="info-row" data-testid={testId}>
      <span className="info-row-label">{label}</span>
      <span className="info-row-value">{value}</span>
    </div>
  );
}

/** Reports the browser's zone once when the stored one is unset (New York counts as unset). */
function useTimezoneSync(stored: string | null | undefined, loaded: boolean) {
  const queryClient = useQueryClient();
  const reported = useRef(false);
  useEffect(() => {
    if (!loaded || reported.current) return;
    const zone = zoneToReport(stored ?? null, detectedTimezone());
    if (zone === null) return;
    reported.current = true;
    updateTimezone(zone)
      .then(() => queryClient.invalidateQueries({ queryKey: userQueryKeys.timezone }))
      .catch(() => undefined);
  }, [stored, loaded, queryClient]);
}

function TimezoneRow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const timezone = useQuery(userTimezoneQuery());
  const list = useQuery({ ...timezoneListQuery(), enabled: open || timezone.data?.timezone != null });
  const stored = timezone.data?.timezone ?? null;
  useTimezoneSync(stored, timezone.isSuccess);
  const label = list.data?.find((zone) => zone.value === stored)?.label ?? stored;
  const choose = async (zone: string) => {
    setOpen(false);
    try {
      if (await updateTimezone(zone)) {
        showToast(t('account:userInfo.timezoneSaved'));
        await queryClient.invalidateQueries({ queryKey: userQueryKeys.timezone });
      }
    } catch {
      // The API client has shown the server's message.
    }
  };
  return (
    <>
      <button
        type="button"
        className="info-row is-button"
        onClick={() => setOpen(true)}
        data-testid="userinfo-timezone"
      >
        <span className="info-row-label">{t('account:userInfo.timezone')}</span>
        <span className="info-row-value">{label ?? t('account:userInfo.notSet')}</span>
        <RightOutline className="info-row-chevron" fontSize={14} />
      </button>
      <TimezoneSheet visible={open} current={stored} onSelect={choose} onClose={() => setOpen(false)} />
    </>
  );
}

function ProfileFormCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(profileFormSchema, localisedIssues),
    defaultValues: { nickname: user.nickname, signature: user.signature },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      if (!(await editProfile(values))) return;
      const fresh = await refreshUser();
      reset({
        nickname: fresh?.nickname ?? values.nickname,
        signature: fresh?.signature ?? values.signature ?? '',
      });
      showToast(t('account:userInfo.saved'));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  });
  return (
    <form className="account-form profile-form" onSubmit={onSubmit} noValidate>
      <FormField
        label={t('account:userInfo.nickname')}
        htmlFor="userinfo-nickname"
        error={errors.nickname?.message}
        hint={t('account:userInfo.nicknameRule')}
      >
        <TextInput
          id="userinfo-nickname"
          testId="userinfo-nickname"
          maxLength={20}
          autoComplete="nickname"
          placeholder={t('account:userInfo.nicknamePlaceholder')}
          invalid={Boolean(errors.nickname)}
          {...register('nickname')}
        />
      </FormField>
      <FormField
        label={t('account:userInfo.signature')}
        htmlFor="userinfo-signature"
        error={errors.signature?.message}
        hint={t('account:userInfo.signatureRule')}
      >
        <TextInput
          id="userinfo-signature"
          testId="userinfo-signature"
          maxLength={40}
          placeholder={t('account:userInfo.signaturePlaceholder')}
          invalid={Boolean(errors.signature)}
          {...register('signature', { setValueAs: blankToUndefined })}
        />
      </FormField>
      <button
        type="submit"
        className="fx-button is-block account-submit"
        disabled={saving || !isDirty}
        data-testid="userinfo-save"
      >
        {saving ? t('account:userInfo.saving') : t('account:userInfo.save')}
      </button>
    </form>
  );
}

function AvatarPicker({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { uploading, upload } = useAvatarUpload();
  return (
    <div className="avatar-picker">
      <button
        type="button"
        className="avatar-picker-button"
        onClick={() => input.current?.click()}
        disabled={uploading}
        aria-label={t('account:userInfo.changeAvatar')}
        data-testid="userinfo-avatar"
      >
        <UserAvatar avatar={user.avatar} name={user.nickname || user.account} size={84} />
        <span className="avatar-picker-badge" aria-hidden="true">
          <CameraOutline fontSize={16} />
        </span>
      </button>
      <span className="avatar-picker-hint">
        {uploading ? t('account:userInfo.uploading') : t('account:userInfo.changeAvatar')}
      </span>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="userinfo-avatar-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload(file).catch(() => undefined);
        }}
      />
    </div>
  );
}

function UserInfoContent({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <div className="account-body">
      <AvatarPicker user={user} />
      <ProfileFormCard user={user} />
      <section className="info-card">
        <InfoRow label={t('account:userInfo.account')} value={user.account} testId="userinfo-account" />
        <InfoRow label={t('account:fields.email')} value={user.email ?? t('account:security.notBound')} />
        <InfoRow
          label={t('account:fields.mobile')}
          value={user.mobile ? formatMobile(user.mobile, user.area_code) : t('account:security.notBound')}
        />
        <InfoRow label={t('account:userInfo.inviteCode')} value={user.invitation_code} />
        <TimezoneRow />
      </section>
    </div>
  );
}

/** /pages/setting/userInfo: avatar, nickname and signature; account details; time zone. */
export function UserInfoPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page">
      <PageHeader title={t('account:userInfo.header')} back />
      <SignedInOnly>{(user) => <UserInfoContent user={user} />}</SignedInOnly>
    </div>
  );
}
