#!/usr/bin/env bash
# What the browser tests need from Debian: Chromium, and the CJK and Thai fonts that make
# screenshots of those locales legible. Used by `npm test` (scripts/test.mjs) and by .ci/run.
# Missing packages are installed when this runs as root with apt-get; otherwise it prints one line
# naming what is missing and the command that installs it, and exits 1.
# CHROMIUM_PATH points the check (and the tests) at another Chromium binary.
set -uo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
[ -d /usr/share/fonts/truetype/tlwg ] || missing+=(fonts-thai-tlwg)
[ ${#missing[@]} -eq 0 ] && exit 0

install_command="apt-get install -y ${missing[*]}"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing from Debian for the browser tests: ${missing[*]}"
  if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) &&
    [ -x "$chromium_path" ]; then
    exit 0
  fi
  echo "The browser tests need ${missing[*]}, which could not be installed; try: $install_command"
  exit 1
fi
echo "The browser tests need ${missing[*]} (missing at ${chromium_path} or in /usr/share/fonts); install with: sudo $install_command"
exit 1
