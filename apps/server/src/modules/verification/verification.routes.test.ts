import type { AddressInfo } from 'node:net';
import {
  type ClientToServerEvents,
  type RealState,
  type ServerToClientEvents,
  socketPath,
  type VerificationChangedEvent,
  type VerificationQueue,
  type VerificationRequest,
} from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, SessionResolver } from '../../platform/http/route-policy';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createSessionResolver, findOrCreateWalletUser, getUserContact, issueSession } from '../accounts';
import { users } from '../accounts/accounts.schema';
import { multipartBody, pngImage } from '../upload/upload.fixtures';
import { identityVerifications } from './verification.schema';

const clock = { now: () => new Date() };

/** Staff identities arrive with the operator console; until then these tokens stand in. */
const staffTokens: Record<string, Principal> = {
  'staff-compliance': { kind: 'staff', staffId: 901, roles: ['compliance'] },
  'staff-admin': { kind: 'staff', staffId: 902, roles: ['admin'] },
  'staff-finance': { kind: 'staff', staffId: 903, roles: ['finance'] },
};

const messages = {
  contactRequired: 'Please bind your email or mobile number first',
  alreadyPending: 'Your verification is under review, please wait for the result',
  alreadyVerified: 'This verification level has already been completed',
  basicRequired: 'Please complete basic verification (Lv1) first',
  pictureInvalid: 'The ID photo was not found, please upload it again',
  picturesIdentical: 'Please upload different photos for the front and back of your ID',
  notFound: 'Verification request not found',
  alreadyDecided: 'This verification request has already been reviewed',
  forbidden: 'You do not have permission to do this',
  sessionInvalid: 'Your session has expired, please log in again',
  parameter: 'Parameter error',
};

type Reply = { status: number; body: { type: unknown; message: unknown } };
type TestUser = { userId: number; token: string };

const refusal = (message: string, status = 200): Reply => ({ status, body: { type: 'error', message } });
const lv1Body = { real_type: 1, id_type: 'passport', name: 'Ada Lovelace', card_id: 'P1234567' };

describe.each(testDatabases())('identity verification on $name', (testDatabase) => {
  let testApp: TestApp;
  let realSessions: SessionResolver | null = null;
  const sessions: SessionResolver = {
    resolve: async (token) => staffTokens[token] ?? (realSessions ? realSessions.resolve(token) : null),
  };

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, sessions });
    realSessions = createSessionResolver({ db: testApp.database.db, clock });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  /** A wallet user, with an email bound unless told otherwise, and a session. */
  async function newUser(options: { email?: boolean } = {}): Promise<TestUser> {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { userId } = await findOrCreateWalletUser(db(), { address, clock });
    if (options.email ?? true) {
      await db()
        .update(users)
        .set({ email: `${address.slice(2, 14).toLowerCase()}@example.com` })
        .where(eq(users.id, userId));
    }
    const token = await issueSession(db(), {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '127.0.0.1',
    });
    return { userId, token };
  }

  function call(
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    payload?: object,
  ): Promise<Reply> {
    return testApp.call({
      method,
      url: `/api${url}`,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload: { ...payload, lang: 'en' } } : {}),
    });
  }

  async function okMessage<T>(reply: Promise<Reply>): Promise<T> {
    const { body } = await reply;
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }

  const realState = (user: TestUser) => okMessage<RealState>(call('GET', '/real/state', user.token));
  const submit = (user: TestUser, body: object) => call('POST', '/user/real', user.token, body);
  const decideAs = (token: string | undefined, body: object) =>
    call('POST', '/admin/verifications/decide', token, body);
  const decide = (body: object) => decideAs('staff-compliance', body);

  /** A request in the staff queue, looked for page by page (earlier tests leave some pending). */
  async function findInQueue(predicate: (entry: VerificationRequest) => boolean) {
    for (let page = 1; ; page += 1) {
      const queue = await okMessage<VerificationQueue>(
        call('GET', `/admin/verifications?page=${page}`, 'staff-compliance'),
      );
      const found = queue.list.find(predicate);
      if (found || queue.list.length === 0) return found;
    }
  }

  async function pendingRequestId(user: TestUser, level: 1 | 2): Promise<number> {
    const [row] = await db()
      .select({ id: identityVerifications.id })
      .from(identityVerifications)
      .where(
        and(
          eq(identityVerifications.userId, user.userId),
          eq(identityVerifications.level, level),
          eq(identityVerifications.status, 'pending'),
        ),
      );
    expect(row, `pending Lv${level} of user ${user.userId}`).toBeDefined();
    return row?.id ?? 0;
  }

  async function requestCount(user: TestUser): Promise<number> {
    const rows = await db()
      .select({ id: identityVerifications.id })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.userId));
    return rows.length;
  }

  async function levelOf(user: TestUser): Promise<number | undefined> {
    return (await getUserContact(db(), user.userId))?.verificationLevel;
  }

  async function upload(user: TestUser): Promise<string> {
    const body = multipartBody([
      { name: 'file', content: await pngImage(), filename: 'id.png', contentType: 'image/png' },
    ]);
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { authorization: user.token, ...body.headers },
    });
    expect(reply.body.type).toBe('ok');
    return String(reply.body.message);
  }

  async function fetchFile(path: string, token?: string): Promise<number> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: path,
      headers: token ? { authorization: token } : {},
    });
    return response.statusCode;
  }

  /** A user whose Lv1 was submitted and approved. */
  async function basicVerifiedUser(): Promise<TestUser> {
    const user = await newUser();
    await okMessage(submit(user, lv1Body));
    await okMessage(decide({ id: await pendingRequestId(user, 1), decision: 'approve' }));
    expect(await levelOf(user)).toBe(1);
    return user;
  }

  it('states a policy on every route', () => {
    const policyOf = (url: string) => testApp.app.registeredRoutes.find((route) => route.url === url)?.policy;
    expect(policyOf('/api/real/state')).toEqual({ kind: 'user' });
    expect(policyOf('/api/user/real')).toEqual({ kind: 'user' });
    expect(policyOf('/api/admin/verifications')).toEqual({ kind: 'staff', roles: ['compliance'] });
    expect(policyOf('/api/admin/verifications/decide')).toEqual({ kind: 'staff', roles: ['compliance'] });
  });

  it('starts unverified and tells whether a contact is bound', async () => {
    const bare = await newUser({ email: false });
    expect(await realState(bare)).toEqual({
      level: 0,
      contact_bound: false,
      lv1: { state: 'unverified', reason: '', submitted_at: null },
      lv2: { state: 'unverified', reason: '', submitted_at: null },
    });
    expect((await realState(await newUser())).contact_bound).toBe(true);
    expect(await call('GET', '/real/state', undefined)).toEqual({
      status: 200,
      body: { type: 999, message: messages.sessionInvalid },
    });
  });

  it('asks for a bound email or phone before Lv1', async () => {
    const bare = await newUser({ email: false });
    expect(await submit(bare, lv1Body)).toEqual(refusal(messages.contactRequired));
    expect(await requestCount(bare)).toBe(0);
  });

  it('takes Lv1 for review, form-encoded too, and refuses a second while it is pending', async () => {
    const user = await newUser();
    const form = new URLSearchParams({ ...lv1Body, real_type: '1', lang: 'en' });
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/user/real',
      payload: form.toString(),
      headers: { authorization: user.token, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const state = reply.body.message as RealState;
    expect(reply.body.type).toBe('ok');
    expect(state.lv1).toEqual({ state: 'pending', reason: '', submitted_at: expect.any(Number) });
    expect(await realState(user)).toEqual(state);
    expect(await submit(user, lv1Body)).toEqual(refusal(messages.alreadyPending));
    expect(await requestCount(user)).toBe(1);
  });

  it('lets only one of several simultaneous Lv1 submissions in', async () => {
    const user = await newUser();
    const replies = await Promise.all(Array.from({ length: 5 }, () => submit(user, lv1Body)));
    expect(replies.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
    for (const reply of replies.filter((entry) => entry.body.type !== 'ok')) {
      expect(reply).toEqual(refusal(messages.alreadyPending));
    }
    expect(await requestCount(user)).toBe(1);
  });

  it('refuses bad Lv1 fields and unknown ones', async () => {
    const user = await newUser();
    for (const body of [
      { ...lv1Body, id_type: 'library_card' },
      { ...lv1Body, name: '<script>' },
      { ...lv1Body, card_id: '12' },
      { ...lv1Body, real_type: 3 },
      { ...lv1Body, verification_level: 2 },
      { real_type: 1, id_type: 'passport', name: 'Ada Lovelace' },
    ]) {
      expect(await submit(user, body), JSON.stringify(body)).toEqual(refusal(messages.parameter));
    }
    expect(await requestCount(user)).toBe(0);
  });

  it('approves Lv1: the level rises and the state reads verified', async () => {
    const user = await newUser();
    await okMessage(submit(user, lv1Body));
    const id = await pendingRequestId(user, 1);
    const decided = await okMessage<VerificationRequest>(decide({ id, decision: 'approve' }));
    expect(decided).toMatchObject({ id, user_id: user.userId, level: 1, status: 'approved', reason: '' });
    expect(decided.reviewed_at).toEqual(expect.any(Number));
    expect(await levelOf(user)).toBe(1);
    const state = await realState(user);
    expect(state.level).toBe(1);
    expect(state.lv1.state).toBe('verified');
    const info = await okMessage<{ verification_level: number }>(call('GET', '/user/info', user.token));
    expect(info.verification_level).toBe(1);
    expect(await submit(user, lv1Body)).toEqual(refusal(messages.alreadyVerified));
  });

  it("tells the user's open sockets when staff decide, so their screens refresh", async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    const user = await newUser();
    const other = await newUser();
    const listen = async (token: string) => {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
        path: socketPath,
        transports: ['websocket'],
        reconnection: false,
      });
      const events: VerificationChangedEvent[] = [];
      socket.on('verification:changed', (event) => events.push(event));
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const joined = await new Promise<boolean>((resolve) => {
        socket.once('auth:result', (result) => resolve(result.ok));
        socket.emit('auth', { token });
      });
      expect(joined).toBe(true);
      return { socket, events };
    };
    const mine = await listen(user.token);
    const theirs = await listen(other.token);
    try {
      await okMessage(submit(user, lv1Body));
      await okMessage(decide({ id: await pendingRequestId(user, 1), decision: 'reject', reason: 'Blurred' }));
      await expect.poll(() => mine.events).toEqual([{ level: 1, status: 'rejected' }]);
      await okMessage(submit(user, lv1Body));
      await okMessage(decide({ id: await pendingRequestId(user, 1), decision: 'approve' }));
      await expect.poll(() => mine.events.length).toBe(2);
      expect(mine.events[1]).toEqual({ level: 1, status: 'approved' });
      expect(theirs.events).toEqual([]);
    } finally {
      mine.socket.disconnect();
      theirs.socket.disconnect();
    }
  });

  it('rejects with a reason the user reads, and lets them submit again', async () => {
    const user = await newUser();
    await okMessage(submit(user, lv1Body));
    const id = await pendingRequestId(user, 1);
    const decided = await okMessage<VerificationRequest>(
      decide({ id, decision: 'reject', reason: 'Name does not match the document' }),
    );
    expect(decided).toMatchObject({ status: 'rejected', reason: 'Name does not match the document' });
    expect(await levelOf(user)).toBe(0);
    expect((await realState(user)).lv1).toEqual({
      state: 'rejected',
      reason: 'Name does not match the document',
      submitted_at: expect.any(Number),
    });
    expect((await okMessage<RealState>(submit(user, lv1Body))).lv1.state).toBe('pending');
    expect(await requestCount(user)).toBe(2);
    expect(await decide({ id, decision: 'reject' })).toEqual(refusal(messages.parameter));
  });

  it('decides a request exactly once', async () => {
    const user = await newUser();
    await okMessage(submit(user, lv1Body));
    const id = await pendingRequestId(user, 1);
    await okMessage(decide({ id, decision: 'reject', reason: 'Blurry' }));
    expect(await decide({ id, decision: 'approve' })).toEqual(refusal(messages.alreadyDecided));
    expect(await decide({ id, decision: 'reject', reason: 'Other' })).toEqual(
      refusal(messages.alreadyDecided),
    );
    expect(await levelOf(user)).toBe(0);
    expect((await realState(user)).lv1.reason).toBe('Blurry');
    expect(await decide({ id: 999_999, decision: 'approve' })).toEqual(refusal(messages.notFound));
  });

  it('lets one of an approval and a rejection at once win, and only one', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await newUser();
      await okMessage(submit(user, lv1Body));
      const id = await pendingRequestId(user, 1);
      const replies = await Promise.all([
        decide({ id, decision: 'approve' }),
        decideAs('staff-admin', { id, decision: 'reject', reason: 'Expired document' }),
        decideAs('staff-admin', { id, decision: 'approve' }),
      ]);
      const winners = replies.filter((reply) => reply.body.type === 'ok');
      expect(winners).toHaveLength(1);
      for (const reply of replies.filter((entry) => entry.body.type !== 'ok')) {
        expect(reply).toEqual(refusal(messages.alreadyDecided));
      }
      const winner = winners[0]?.body.message as VerificationRequest;
      expect(await levelOf(user)).toBe(winner.status === 'approved' ? 1 : 0);
      expect((await realState(user)).lv1.state).toBe(winner.status === 'approved' ? 'verified' : 'rejected');
    }
  });

  it('refuses users, anonymous callers and other staff roles on staff routes with 403', async () => {
    const user = await newUser();
    await okMessage(submit(user, lv1Body));
    const id = await pendingRequestId(user, 1);
    for (const token of [user.token, undefined, 'staff-finance', 'not-a-session']) {
      expect(await call('GET', '/admin/verifications', token), String(token)).toEqual(
        refusal(messages.forbidden, 403),
      );
      expect(await decideAs(token, { id, decision: 'approve' }), String(token)).toEqual(
        refusal(messages.forbidden, 403),
      );
    }
    expect(await levelOf(user)).toBe(0);
    expect(await okMessage(call('GET', '/admin/verifications', 'staff-admin'))).toBeDefined();
  });

  it('queues pending requests oldest first, ten a page, and decided ones by status', async () => {
    const queue = (query: string) =>
      okMessage<VerificationQueue>(call('GET', `/admin/verifications${query}`, 'staff-compliance'));
    // Clear whatever earlier tests left pending, so this test sees only its own.
    for (;;) {
      const { list } = await queue('');
      if (list.length === 0) break;
      for (const entry of list)
        await okMessage(decide({ id: entry.id, decision: 'reject', reason: 'Cleanup' }));
    }
    const submitted: TestUser[] = [];
    for (let index = 0; index < 12; index += 1) {
      const user = await newUser();
      await okMessage(submit(user, lv1Body));
      submitted.push(user);
    }
    const first = await queue('');
    expect(first.total).toBe(12);
    expect(first.page).toBe(1);
    expect(first.list.map((entry) => entry.user_id)).toEqual(
      submitted.slice(0, 10).map((user) => user.userId),
    );
    const account = (await getUserContact(db(), submitted[0]?.userId ?? 0))?.account;
    expect(first.list[0]).toMatchObject({
      account,
      level: 1,
      id_type: 'passport',
      name: 'Ada Lovelace',
      status: 'pending',
    });
    const second = await queue('?page=2&status=pending');
    expect(second.list.map((entry) => entry.user_id)).toEqual(submitted.slice(10).map((user) => user.userId));

    const rejectedBefore = (await queue('?status=rejected')).total;
    const id = first.list[0]?.id ?? 0;
    await okMessage(decide({ id, decision: 'reject', reason: 'Glare on photo' }));
    const rejected = await queue('?status=rejected');
    expect(rejected.total).toBe(rejectedBefore + 1);
    expect(rejected.list[0]).toMatchObject({ id, status: 'rejected', reason: 'Glare on photo' });
    expect((await queue('')).total).toBe(11);
    expect(await call('GET', '/admin/verifications?status=all', 'staff-compliance')).toEqual(
      refusal(messages.parameter),
    );
  });

  it('takes Lv2 only after Lv1 is verified', async () => {
    const user = await newUser();
    const front = await upload(user);
    const back = await upload(user);
    const lv2 = { real_type: 2, front_pic: front, reverse_pic: back };
    expect(await submit(user, lv2)).toEqual(refusal(messages.basicRequired));
    await okMessage(submit(user, lv1Body));
    expect(await submit(user, lv2)).toEqual(refusal(messages.basicRequired));
    expect(await fetchFile(front)).toBe(200);
  });

  it("refuses another user's photo, an unknown one, and the same photo twice; changes nothing", async () => {
    const user = await basicVerifiedUser();
    const other = await newUser();
    const mine = await upload(user);
    const theirs = await upload(other);
    const unknown = `/uploads/2026/11/${'0'.repeat(32)}.png`;
    expect(await submit(user, { real_type: 2, front_pic: mine, reverse_pic: theirs })).toEqual(
      refusal(messages.pictureInvalid),
    );
    expect(await submit(user, { real_type: 2, front_pic: theirs, reverse_pic: mine })).toEqual(
      refusal(messages.pictureInvalid),
    );
    expect(await submit(user, { real_type: 2, front_pic: mine, reverse_pic: unknown })).toEqual(
      refusal(messages.pictureInvalid),
    );
    expect(await submit(user, { real_type: 2, front_pic: mine, reverse_pic: mine })).toEqual(
      refusal(messages.picturesIdentical),
    );
    expect(await submit(user, { real_type: 2, front_pic: '/etc/passwd', reverse_pic: mine })).toEqual(
      refusal(messages.parameter),
    );
    // The refusals rolled back: both files are as public as they were, and no request exists.
    expect(await fetchFile(mine)).toBe(200);
    expect(await fetchFile(theirs)).toBe(200);
    expect((await realState(user)).lv2.state).toBe('unverified');
  });

  it('makes ID photos private: served to their owner and compliance staff only', async () => {
    const user = await basicVerifiedUser();
    const other = await newUser();
    const front = await upload(user);
    const back = await upload(user);
    expect(await fetchFile(front, other.token)).toBe(200);

    const state = await okMessage<RealState>(
      submit(user, { real_type: 2, front_pic: front, reverse_pic: back }),
    );
    expect(state.lv2.state).toBe('pending');
    expect(await submit(user, { real_type: 2, front_pic: front, reverse_pic: back })).toEqual(
      refusal(messages.alreadyPending),
    );
    for (const path of [front, back]) {
      expect(await fetchFile(path, user.token)).toBe(200);
      expect(await fetchFile(path, 'staff-compliance')).toBe(200);
      expect(await fetchFile(path, 'staff-admin')).toBe(200);
      expect(await fetchFile(path, other.token)).toBe(404);
      expect(await fetchFile(path, 'staff-finance')).toBe(404);
      expect(await fetchFile(path)).toBe(404);
    }

    const request = await findInQueue((entry) => entry.user_id === user.userId && entry.level === 2);
    expect(request).toMatchObject({
      front_pic: front,
      reverse_pic: back,
      id_type: 'passport',
      name: 'Ada Lovelace',
    });
    await okMessage(decideAs('staff-admin', { id: request?.id ?? 0, decision: 'approve' }));
    expect(await levelOf(user)).toBe(2);
    const after = await realState(user);
    expect(after).toMatchObject({ level: 2, lv1: { state: 'verified' }, lv2: { state: 'verified' } });
    expect(await submit(user, { real_type: 2, front_pic: front, reverse_pic: back })).toEqual(
      refusal(messages.alreadyVerified),
    );
    expect(await submit(user, lv1Body)).toEqual(refusal(messages.alreadyVerified));
  });

  it('shows the reviewer of a Lv2 request the name and document of the approved Lv1', async () => {
    const user = await basicVerifiedUser();
    await okMessage(
      submit(user, { real_type: 2, front_pic: await upload(user), reverse_pic: await upload(user) }),
    );
    const id = await pendingRequestId(user, 2);
    const identity = { id_type: 'passport', name: 'Ada Lovelace', card_id: 'P1234567' };
    expect(await findInQueue((entry) => entry.id === id)).toMatchObject({ level: 2, ...identity });
    expect(await okMessage(decide({ id, decision: 'approve' }))).toMatchObject({ level: 2, ...identity });
  });

  it('lets a rejected Lv2 be sent again with the same photos', async () => {
    const user = await basicVerifiedUser();
    const front = await upload(user);
    const back = await upload(user);
    await okMessage(submit(user, { real_type: 2, front_pic: front, reverse_pic: back }));
    await okMessage(
      decide({ id: await pendingRequestId(user, 2), decision: 'reject', reason: 'Photo cut off' }),
    );
    expect((await realState(user)).lv2).toMatchObject({ state: 'rejected', reason: 'Photo cut off' });
    const again = await okMessage<RealState>(
      submit(user, { real_type: 2, front_pic: front, reverse_pic: back }),
    );
    expect(again.lv2.state).toBe('pending');
    expect(await fetchFile(front)).toBe(404);
  });
});
