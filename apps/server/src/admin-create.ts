/**
 * `npm run admin:create -- --email ops@example.com --name "Ops" [--password ...]`: creates an
 * admin staff account (the first one, or one more when nobody can sign in) on the configured
 * database (DATABASE_URL, else the PGlite data directory DATA_DIR — stop the server first: PGlite
 * allows one process), and prints its TOTP secret and otpauth:// URI once. Without --password it
 * asks for one on a terminal (empty: generate) and generates one otherwise, printing it once.
 * Refuses an e-mail that already has a staff account. Exits 0 on success, 1 when refused, 2 on
 * any other failure.
 */

import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { staffCreateBodySchema } from '@fairex/contract';

const usage =
  'usage: npm run admin:create -- --email <e-mail> --name <display name> [--password <password> | --generate-password]';

class Refusal extends Error {}

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stdout.write(question);
    muted = true;
    return await reader.question('');
  } finally {
    muted = false;
    reader.close();
    process.stdout.write('\n');
  }
}

/** 24 characters from 18 random bytes. */
function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The password given, typed (twice), or generated; `generated` says whether to print it. */
async function choosePassword(values: {
  password?: string | undefined;
  'generate-password'?: boolean | undefined;
}): Promise<{ password: string; generated: boolean }> {
  if (values.password !== undefined) return { password: values.password, generated: false };
  if (values['generate-password'] || !process.stdin.isTTY) {
    return { password: generatedPassword(), generated: true };
  }
  const typed = await askHidden('Password (12+ characters; empty to generate one): ');
  if (typed === '') return { password: generatedPassword(), generated: true };
  if ((await askHidden('Repeat the password: ')) !== typed) throw new Refusal('The passwords differ.');
  return { password: typed, generated: false };
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseArguments>;
  try {
    parsed = parseArguments();
  } catch (error) {
    throw new Refusal(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const { values } = parsed;
  if (!values.email || !values.name) throw new Refusal(usage);
  const { password, generated } = await choosePassword(values);
  const body = staffCreateBodySchema.safeParse({
    email: values.email,
    name: values.name,
    roles: ['admin'],
    password,
  });
  if (!body.success) {
    const problems = body.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Refusal(`Invalid account:\n${problems.join('\n')}`);
  }

  // The server's modules load only once the arguments are good, so a refusal comes at once.
  const [
    { loadConfig },
    { createStaffService, createTotpSecretBox },
    { systemClock },
    { configuredDatabase, describeDatabase, openDatabase },
  ] = await Promise.all([
    import('./config'),
    import('./modules/staff'),
    import('./platform/clock'),
    import('./platform/db/database'),
  ]);
  const [{ AppError }, { translate }] = await Promise.all([
    import('./platform/http/app-error'),
    import('./platform/i18n/messages'),
  ]);
  const config = loadConfig();
  const totpKey = process.env.STAFF_TOTP_KEY || undefined;
  const totpBox = createTotpSecretBox(totpKey);
  const target = configuredDatabase(config);
  const database = await openDatabase(target);
  try {
    const where = describeDatabase(target);
    const staff = createStaffService({ db: database.db, clock: systemClock, totpBox });
    const enrolment = await staff.create({ ...body.data, actor: null });
    console.log(
      `Created admin #${enrolment.member.id} ${enrolment.member.email} ("${body.data.name}") on ${where}`,
    );
    if (generated) console.log(`Password:    ${password}`);
    console.log(`TOTP secret: ${enrolment.secret}`);
    console.log(`otpauth URI: ${enrolment.uri}`);
    console.log(
      'Add the secret to an authenticator app now (or make a QR code of the URI): it is not shown again.',
    );
    if (!totpBox.encrypted) {
      console.warn(
        'Warning: STAFF_TOTP_KEY is not set, so the TOTP secret is stored readable in the database.',
      );
    }
  } catch (error) {
    if (error instanceof AppError) throw new Refusal(translate('en', error.key));
    throw error;
  } finally {
    await database.close();
  }
}

function parseArguments() {
  return parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      'generate-password': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = error instanceof Refusal ? 1 : 2;
});
