import { PlusOutlined } from '@ant-design/icons';
import {
  type AnyRoute,
  adminNftArtistSaveRoute,
  adminNftArtistsRoute,
  adminNftArtworkSaveRoute,
  adminNftArtworksRoute,
  adminNftAuctionsRoute,
  adminNftBoxCreateRoute,
  adminNftBoxesRoute,
  adminNftCollectionSaveRoute,
  adminNftCollectionsRoute,
  adminNftResaleApproveRoute,
  adminNftResaleRejectRoute,
  adminNftResalesRoute,
  currencyListRoute,
  localeCodes,
  nftMediaTypes,
  nftRarities,
  type RouteInput,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePathInput } from '../../components/image-path-input';
import { ReasonPrompt } from '../../components/reason-prompt';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';

const nftKey = ['nft-admin'] as const;

/** A `datetime-local` value (the browser's time zone) as Unix milliseconds. */
function millisecondsOf(local: string | undefined): number | undefined {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** Non-blank texts of a per-locale field. */
function texts(values: Partial<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/** First text of a per-locale record (English first). */
function firstText(values: Record<string, string>): string {
  return values.en ?? Object.values(values)[0] ?? '';
}

function LocaleTexts({ name, label, rows }: { name: string; label: string; rows?: number }) {
  return (
    <>
      <Typography.Text strong>{label}</Typography.Text>
      <Tabs
        size="small"
        items={localeCodes.map((locale) => ({
          key: locale,
          label: locale,
          forceRender: true,
          children: (
            <Form.Item name={[name, locale]}>
              {rows ? <Input.TextArea rows={rows} /> : <Input data-testid={`nft-${name}-${locale}`} />}
            </Form.Item>
          ),
        }))}
      />
    </>
  );
}

/**
 * The NFT market (issue 21): catalogue (artists, collections, artworks), blind boxes (odds and
 * commit; the seed is revealed by the server at the end of the sale), the resale review queue and
 * the auctions (read-only). No screen sets an outcome.
 */
export function NftPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('nav.nft')}>
      <Alert type="info" showIcon title={t('nft.rule')} style={{ marginBottom: 16 }} />
      <Tabs
        items={[
          { key: 'artists', label: t('nft.tabs.artists'), children: <ArtistsTab /> },
          { key: 'collections', label: t('nft.tabs.collections'), children: <CollectionsTab /> },
          { key: 'artworks', label: t('nft.tabs.artworks'), children: <ArtworksTab /> },
          { key: 'boxes', label: t('nft.tabs.boxes'), children: <BoxesTab /> },
          { key: 'resales', label: t('nft.tabs.resales'), children: <ResalesTab /> },
          { key: 'auctions', label: t('nft.tabs.auctions'), children: <AuctionsTab /> },
        ]}
      />
    </Card>
  );
}

/** A "New" button and a modal form that posts `toBody(values)` to `route`. */
function CreateModal<Values extends object, Route extends AnyRoute>(props: {
  title: string;
  route: Route;
  toBody: (values: Values) => RouteInput<Route>;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const save = async (values: Values) => {
    setSaving(true);
    try {
      await callRoute(props.route, { params: props.toBody(values) });
      void message.success(t('saved'));
      setOpen(false);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: nftKey });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setOpen(true)}
        data-testid={props.testId}
        style={{ marginBottom: 12 }}
      >
        {props.title}
      </Button>
      <Modal
        open={open}
        title={props.title}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        width={640}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void save(values)}>
          {props.children}
        </Form>
      </Modal>
    </>
  );
}

function useLists() {
  const artists = useQuery({
    queryKey: [...nftKey, 'artists'],
    queryFn: () => callRoute(adminNftArtistsRoute),
  });
  const collections = useQuery({
    queryKey: [...nftKey, 'collections'],
    queryFn: () => callRoute(adminNftCollectionsRoute),
  });
  const artworks = useQuery({
    queryKey: [...nftKey, 'artworks'],
    queryFn: () => callRoute(adminNftArtworksRoute),
  });
  const currencies = useQuery({ queryKey: ['currencies'], queryFn: () => callRoute(currencyListRoute) });
  return {
    artists,
    collections,
    artworks,
    artistOptions: (artists.data?.list ?? []).map((artist) => ({ value: artist.id, label: artist.name })),
    collectionOptions: (collections.data?.list ?? []).map((collection) => ({
      value: collection.id,
      label: firstText(collection.names),
    })),
    artworkOptions: (artworks.data?.list ?? []).map((artwork) => ({
      value: artwork.id,
      label: `${firstText(artwork.titles)} (${artwork.rarity})`,
    })),
    currencyOptions: [...new Map((currencies.data ?? []).map((coin) => [coin.id, coin.name])).entries()].map(
      ([value, label]) => ({ value, label }),
    ),
  };
}

type ArtistForm = { name: string; avatar: string; bios?: Partial<Record<string, string>> };

function ArtistsTab() {
  const { t } = useTranslation();
  const { artists } = useLists();
  const required = [{ required: true, message: t('nft.required') }];
  return (
    <>
      <CreateModal<ArtistForm, typeof adminNftArtistSaveRoute>
        title={t('nft.newArtist')}
        route={adminNftArtistSaveRoute}
        testId="nft-new-artist"
        toBody={(values) => ({
          name: values.name.trim(),
          avatar: values.avatar.trim(),
          bios: texts(values.bios),
        })}
      >
        <Form.Item name="name" label={t('fields.name')} rules={required}>
          <Input maxLength={60} data-testid="nft-artist-name" />
        </Form.Item>
        <Form.Item name="avatar" label={t('nft.avatar')} rules={required}>
          <ImagePathInput testId="nft-artist-avatar" />
        </Form.Item>
        <LocaleTexts name="bios" label={t('nft.bio')} rows={3} />
      </CreateModal>
      <Table
        rowKey="id"
        size="middle"
        loading={artists.isLoading}
        dataSource={artists.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id' },
          { title: t('fields.name'), dataIndex: 'name' },
          { title: t('nft.artworks'), dataIndex: 'artworks' },
          { title: t('nft.created'), render: (_, row) => dateTime(row.created_at) },
        ]}
      />
    </>
  );
}

type CollectionForm = {
  artist_id: number;
  cover: string;
  names?: Partial<Record<string, string>>;
  descriptions?: Partial<Record<string, string>>;
};

function CollectionsTab() {
  const { t } = useTranslation();
  const { collections, artistOptions, artists } = useLists();
  const required = [{ required: true, message: t('nft.required') }];
  const artistName = (id: number) => artists.data?.list.find((artist) => artist.id === id)?.name ?? id;
  return (
    <>
      <CreateModal<CollectionForm, typeof adminNftCollectionSaveRoute>
        title={t('nft.newCollection')}
        route={adminNftCollectionSaveRoute}
        testId="nft-new-collection"
        toBody={(values) => ({
          artist_id: values.artist_id,
          cover: values.cover.trim(),
          names: texts(values.names),
          descriptions: texts(values.descriptions),
        })}
      >
        <Form.Item name="artist_id" label={t('nft.artist')} rules={required}>
          <Select options={artistOptions} />
        </Form.Item>
        <Form.Item name="cover" label={t('nft.cover')} rules={required}>
          <ImagePathInput />
        </Form.Item>
        <LocaleTexts name="names" label={t('fields.name')} />
        <LocaleTexts name="descriptions" label={t('nft.description')} rows={3} />
      </CreateModal>
      <Table
        rowKey="id"
        size="middle"
        loading={collections.isLoading}
        dataSource={collections.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id' },
          { title: t('fields.name'), render: (_, row) => firstText(row.names) },
          { title: t('nft.artist'), render: (_, row) => artistName(row.artist_id) },
          { title: t('nft.artworks'), dataIndex: 'artworks' },
        ]}
      />
    </>
  );
}

type ArtworkForm = {
  artist_id: number;
  collection_id?: number;
  media_type: (typeof nftMediaTypes)[number];
  media: string;
  cover: string;
  titles?: Partial<Record<string, string>>;
  descriptions?: Partial<Record<string, string>>;
  rarity: (typeof nftRarities)[number];
  currency_id: number;
  editions: number;
  sale_mode: 'normal' | 'auction';
  price?: string;
  increment?: string;
  margin?: string;
  starts_at?: string;
  ends_at?: string;
};

function ArtworksTab() {
  const { t } = useTranslation();
  const { artworks, artistOptions, collectionOptions, currencyOptions } = useLists();
  const required = [{ required: true, message: t('nft.required') }];
  const amount = [{ pattern: /^\d+(\.\d+)?$/, message: t('nft.amountInvalid') }];
  return (
    <>
      <CreateModal<ArtworkForm, typeof adminNftArtworkSaveRoute>
        title={t('nft.newArtwork')}
        route={adminNftArtworkSaveRoute}
        testId="nft-new-artwork"
        toBody={(values) => ({
          artist_id: values.artist_id,
          ...(values.collection_id ? { collection_id: values.collection_id } : {}),
          media_type: values.media_type,
          media: values.media.trim(),
          cover: values.cover.trim(),
          titles: texts(values.titles),
          descriptions: texts(values.descriptions),
          rarity: values.rarity,
          currency_id: values.currency_id,
          editions: values.editions,
          sale_mode: values.sale_mode,
          ...(values.price ? { price: values.price.trim() } : {}),
          ...(values.increment ? { increment: values.increment.trim() } : {}),
          ...(values.margin ? { margin: values.margin.trim() } : {}),
          ...(millisecondsOf(values.starts_at) ? { starts_at: millisecondsOf(values.starts_at) } : {}),
          ...(millisecondsOf(values.ends_at) ? { ends_at: millisecondsOf(values.ends_at) } : {}),
        })}
      >
        <Form.Item name="artist_id" label={t('nft.artist')} rules={required}>
          <Select options={artistOptions} />
        </Form.Item>
        <Form.Item name="collection_id" label={t('nft.collection')}>
          <Select options={collectionOptions} allowClear />
        </Form.Item>
        <Form.Item name="media_type" label={t('nft.mediaType')} rules={required} initialValue="image">
          <Select options={nftMediaTypes.map((value) => ({ value, label: t(`nft.media.${value}`) }))} />
        </Form.Item>
        <Form.Item name="media" label={t('nft.media.label')} rules={required} extra={t('nft.mediaHint')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="cover" label={t('nft.cover')} rules={required}>
          <ImagePathInput />
        </Form.Item>
        <LocaleTexts name="titles" label={t('nft.title')} />
        <LocaleTexts name="descriptions" label={t('nft.description')} rows={3} />
        <Form.Item name="rarity" label={t('nft.rarity')} rules={required} initialValue="common">
          <Select options={nftRarities.map((value) => ({ value, label: t(`nft.rarities.${value}`) }))} />
        </Form.Item>
        <Form.Item name="currency_id" label={t('fields.currency')} rules={required}>
          <Select options={currencyOptions} />
        </Form.Item>
        <Form.Item
          name="editions"
          label={t('nft.editions')}
          rules={required}
          initialValue={1}
          extra={t('nft.editionsHint')}
        >
          <InputNumber min={0} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="sale_mode" label={t('nft.saleMode')} initialValue="normal">
          <Select
            options={[
              { value: 'normal', label: t('nft.mode.normal') },
              { value: 'auction', label: t('nft.mode.auction') },
            ]}
          />
        </Form.Item>
        <Form.Item name="price" label={t('nft.price')} rules={amount}>
          <Input />
        </Form.Item>
        <Form.Item name="increment" label={t('nft.increment')} rules={amount}>
          <Input />
        </Form.Item>
        <Form.Item name="margin" label={t('nft.margin')} rules={amount}>
          <Input />
        </Form.Item>
        <Form.Item name="starts_at" label={t('nft.startsAt')}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="ends_at" label={t('nft.endsAt')}>
          <Input type="datetime-local" />
        </Form.Item>
      </CreateModal>
      <Table
        rowKey="id"
        size="middle"
        loading={artworks.isLoading}
        dataSource={artworks.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id' },
          { title: t('nft.title'), render: (_, row) => firstText(row.titles) },
          { title: t('nft.mediaType'), render: (_, row) => t(`nft.media.${row.media_type}`) },
          { title: t('nft.rarity'), render: (_, row) => t(`nft.rarities.${row.rarity}`) },
          { title: t('nft.editions'), dataIndex: 'editions' },
          { title: t('nft.unsold'), dataIndex: 'unsold' },
          { title: t('fields.currency'), dataIndex: 'currency' },
        ]}
      />
    </>
  );
}

type BoxForm = {
  artist_id: number;
  titles?: Partial<Record<string, string>>;
  descriptions?: Partial<Record<string, string>>;
  cover: string;
  price: string;
  currency_id: number;
  supply: number;
  starts_at: string;
  ends_at: string;
  items: { artwork_id: number; weight: number }[];
};

function BoxesTab() {
  const { t } = useTranslation();
  const { artistOptions, artworkOptions, currencyOptions } = useLists();
  const boxes = useQuery({ queryKey: [...nftKey, 'boxes'], queryFn: () => callRoute(adminNftBoxesRoute) });
  const required = [{ required: true, message: t('nft.required') }];
  return (
    <>
      <CreateModal<BoxForm, typeof adminNftBoxCreateRoute>
        title={t('nft.newBox')}
        route={adminNftBoxCreateRoute}
        testId="nft-new-box"
        toBody={(values) => ({
          artist_id: values.artist_id,
          titles: texts(values.titles),
          descriptions: texts(values.descriptions),
          cover: values.cover.trim(),
          price: values.price.trim(),
          currency_id: values.currency_id,
          supply: values.supply,
          starts_at: millisecondsOf(values.starts_at) ?? 0,
          ends_at: millisecondsOf(values.ends_at) ?? 0,
          items: values.items ?? [],
        })}
      >
        <Alert type="warning" showIcon title={t('nft.boxWarning')} style={{ marginBottom: 12 }} />
        <Form.Item name="artist_id" label={t('nft.artist')} rules={required}>
          <Select options={artistOptions} />
        </Form.Item>
        <LocaleTexts name="titles" label={t('nft.title')} />
        <Form.Item name="cover" label={t('nft.cover')} rules={required}>
          <ImagePathInput />
        </Form.Item>
        <Form.Item name="price" label={t('nft.price')} rules={required}>
          <Input />
        </Form.Item>
        <Form.Item name="currency_id" label={t('fields.currency')} rules={required}>
          <Select options={currencyOptions} />
        </Form.Item>
        <Form.Item name="supply" label={t('nft.supply')} rules={required}>
          <InputNumber min={1} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="starts_at" label={t('nft.startsAt')} rules={required}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="ends_at" label={t('nft.endsAt')} rules={required}>
          <Input type="datetime-local" />
        </Form.Item>
        <Typography.Text strong>{t('nft.odds')}</Typography.Text>
        <Form.List name="items" initialValue={[{ weight: 1 }]}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'artwork_id']} rules={required}>
                    <Select options={artworkOptions} style={{ width: 260 }} placeholder={t('nft.artwork')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weight']} rules={required}>
                    <InputNumber min={1} max={1000000} precision={0} placeholder={t('nft.weight')} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>{t('nft.remove')}</Button>
                </Space>
              ))}
              <Button onClick={() => add({ weight: 1 })}>{t('nft.addItem')}</Button>
            </>
          )}
        </Form.List>
        <LocaleTexts name="descriptions" label={t('nft.description')} rows={3} />
      </CreateModal>
      <Table
        rowKey="id"
        size="middle"
        loading={boxes.isLoading}
        dataSource={boxes.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('nft.code'), dataIndex: 'code' },
          { title: t('nft.title'), render: (_, row) => firstText(row.titles) },
          { title: t('nft.price'), render: (_, row) => `${row.price} ${row.currency}` },
          {
            title: t('nft.sold'),
            render: (_, row) => `${row.sold} / ${row.supply} · ${t('nft.opened', { count: row.opened })}`,
          },
          {
            title: t('nft.window'),
            render: (_, row) => `${dateTime(row.starts_at)} – ${dateTime(row.ends_at)}`,
          },
          {
            title: t('nft.odds'),
            render: (_, row) => {
              const total = row.items.reduce((sum, item) => sum + item.weight, 0);
              return row.items.map((item) => `#${item.artwork_id}: ${item.weight}/${total}`).join(', ');
            },
          },
          {
            title: t('nft.commit'),
            render: (_, row) => (
              <Typography.Text code copyable>
                {row.commit.slice(0, 16)}…
              </Typography.Text>
            ),
          },
          {
            title: t('nft.reveal'),
            render: (_, row) =>
              row.server_seed === null ? (
                <Typography.Text type="secondary">
                  {t('nft.revealAt', { time: dateTime(row.ends_at) })}
                </Typography.Text>
              ) : (
                <Typography.Text code copyable>
                  {row.server_seed}
                </Typography.Text>
              ),
          },
        ]}
      />
    </>
  );
}

function ResalesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'pending_review' | 'live' | 'rejected' | ''>('pending_review');
  const [rejecting, setRejecting] = useState<number | null>(null);
  const resales = useQuery({
    queryKey: [...nftKey, 'resales', state],
    queryFn: () => callRoute(adminNftResalesRoute, { params: state ? { state } : {} }),
  });
  const approve = async (id: number) => {
    try {
      await callRoute(adminNftResaleApproveRoute, { params: { id } });
      void message.success(t('nft.approved'));
      void queryClient.invalidateQueries({ queryKey: nftKey });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <>
      <Select
        value={state}
        onChange={setState}
        style={{ width: 200, marginBottom: 12 }}
        options={[
          { value: 'pending_review', label: t('nft.state.pending_review') },
          { value: 'live', label: t('nft.state.live') },
          { value: 'rejected', label: t('nft.state.rejected') },
          { value: '', label: t('nft.all') },
        ]}
      />
      <Table
        rowKey="id"
        size="middle"
        loading={resales.isLoading}
        dataSource={resales.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('nft.emptyQueue') }}
        columns={[
          { title: t('nft.code'), dataIndex: 'code' },
          { title: t('nft.title'), dataIndex: 'title' },
          { title: t('fields.userId'), dataIndex: 'seller_id' },
          { title: t('nft.saleMode'), render: (_, row) => t(`nft.mode.${row.sale_mode}`) },
          {
            title: t('nft.price'),
            render: (_, row) =>
              row.sale_mode === 'auction'
                ? `${row.price} ${row.currency} (+${row.increment ?? '—'}, ${t('nft.margin')} ${row.margin ?? '0'})`
                : `${row.price} ${row.currency}`,
          },
          {
            title: t('nft.window'),
            render: (_, row) => `${dateTime(row.starts_at)} – ${dateTime(row.ends_at)}`,
          },
          { title: t('fields.status'), render: (_, row) => <Tag>{t(`nft.state.${row.state}`)}</Tag> },
          {
            title: '',
            render: (_, row) =>
              row.state === 'pending_review' ? (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => void approve(row.id)}
                    data-testid={`nft-approve-${row.id}`}
                  >
                    {t('nft.approve')}
                  </Button>
                  <Button danger size="small" onClick={() => setRejecting(row.id)}>
                    {t('nft.reject')}
                  </Button>
                </Space>
              ) : (
                (row.reason ?? '')
              ),
          },
        ]}
      />
      <ReasonPrompt
        open={rejecting !== null}
        title={t('nft.reject')}
        okText={t('nft.reject')}
        lengthMin={1}
        lengthMax={500}
        danger
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (rejecting === null) return;
          await callRoute(adminNftResaleRejectRoute, { params: { id: rejecting, reason } });
          void queryClient.invalidateQueries({ queryKey: nftKey });
        }}
      />
    </>
  );
}

function AuctionsTab() {
  const { t } = useTranslation();
  const auctions = useQuery({
    queryKey: [...nftKey, 'auctions'],
    queryFn: () => callRoute(adminNftAuctionsRoute),
  });
  return (
    <Table
      rowKey="listing_id"
      size="middle"
      loading={auctions.isLoading}
      dataSource={auctions.data?.list ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('nft.code'), dataIndex: 'code' },
        { title: t('nft.title'), dataIndex: 'title' },
        { title: t('fields.status'), render: (_, row) => <Tag>{t(`nft.state.${row.state}`)}</Tag> },
        {
          title: t('nft.currentPrice'),
          render: (_, row) => `${row.current_price ?? row.start_price} ${row.currency}`,
        },
        { title: t('nft.bids'), dataIndex: 'bids' },
        { title: t('nft.leader'), render: (_, row) => row.leader_id ?? '—' },
        { title: t('nft.depositsHeld'), dataIndex: 'deposits_held' },
        {
          title: t('nft.window'),
          render: (_, row) => `${dateTime(row.starts_at)} – ${dateTime(row.ends_at)}`,
        },
        {
          title: t('nft.payment'),
          render: (_, row) =>
            row.payment === null
              ? '—'
              : `${t(`nft.paymentState.${row.payment}`)} · ${dateTime(row.pay_deadline)}`,
        },
      ]}
    />
  );
}
