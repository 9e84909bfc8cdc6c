import {
  AppstoreOutline,
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  CollectMoneyOutline,
  CouponOutline,
  FlagOutline,
  HistogramOutline,
  KeyOutline,
  LinkOutline,
  LockOutline,
  LoopOutline,
  MessageOutline,
  PayCircleOutline,
  PicturesOutline,
  PieOutline,
  ReceivePaymentOutline,
  SendOutline,
  ShopbagOutline,
  SmileOutline,
  StarOutline,
  TagOutline,
  TeamOutline,
  UploadOutline,
  UserAddOutline,
  UserCircleOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import type { FeatureIconName } from '../../lib/feature-catalogue';

type IconComponent = ComponentType<{ fontSize?: number | string; className?: string }>;

const icons: Record<FeatureIconName, IconComponent> = {
  deposit: ReceivePaymentOutline,
  withdraw: UploadOutline,
  transfer: SendOutline,
  convert: LoopOutline,
  stock: TagOutline,
  futures: HistogramOutline,
  options: ClockCircleOutline,
  spot: PayCircleOutline,
  copy: TeamOutline,
  finance: PieOutline,
  otc: UserContactOutline,
  coupon: CouponOutline,
  bill: BillOutline,
  lock: LockOutline,
  game: SmileOutline,
  chat: MessageOutline,
  quickBuy: ShopbagOutline,
  verify: CheckShieldOutline,
  ieo: FlagOutline,
  borrow: CollectMoneyOutline,
  nft: PicturesOutline,
  invite: UserAddOutline,
  mining: StarOutline,
  wallet: LinkOutline,
  bank: BankcardOutline,
  security: KeyOutline,
  profile: UserCircleOutline,
  user: UserOutline,
  generic: AppstoreOutline,
};

/** A feature's line icon. */
export function FeatureIcon({ name, size = 24 }: { name: FeatureIconName; size?: number }) {
  const Icon = icons[name];
  return <Icon fontSize={size} />;
}
