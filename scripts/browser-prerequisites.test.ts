import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'browser-prerequisites.sh');
// A PATH with `id` but no apt-get: the machine of a user who cannot install packages.
const binDir = mkdtempSync(path.join(tmpdir(), 'fairex-no-apt-'));
symlinkSync('/usr/bin/id', path.join(binDir, 'id'));
afterAll(() => rmSync(binDir, { recursive: true, force: true }));

function check(chromiumPath: string) {
  return spawnSync('/bin/bash', [script], {
    env: { PATH: binDir, CHROMIUM_PATH: chromiumPath },
    encoding: 'utf8',
  });
}

describe('browser prerequisites of npm test', () => {
  it('stops with one line naming the missing Chromium and the command that installs it', () => {
    const result = check('/nonexistent/chromium');
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('chromium');
    expect(lines[0]).toMatch(/apt-get install -y .*chromium/);
  });

  it('says nothing when Chromium is where the tests look for it', () => {
    const result = check('/bin/bash');
    // Fonts may still be missing on a developer machine; then only they are named.
    if (result.status === 0) expect(result.stdout).toBe('');
    else expect(result.stdout).not.toMatch(/\bchromium\b/);
  });
});
