#!/usr/bin/env node
// Installs what is missing: the npm dependencies (with the native better-sqlite3 build), Debian's
// espeak-ng for the text-to-speech preview and, with --browser, Debian's Chromium for the end-to-end
// tests. Safe to run again: it skips what is there.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is needed (found ${process.versions.node}).`);
  process.exit(1);
}

const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
const nativeModule = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs || !existsSync(nativeModule)) {
  console.log('setup: installing npm dependencies');
  run('npm ci --no-audit --no-fund');
  if (!existsSync(nativeModule)) run('npm rebuild better-sqlite3');
}

if (process.argv.includes('--browser') && !existsSync('/usr/bin/chromium')) {
  console.log('setup: installing Debian chromium for the end-to-end tests');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
}

// The text-to-speech preview speaks through espeak-ng. Without it the preview answers 503 and its tests
// print skipped, so a failed install is reported, not fatal.
const onPath = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
if (!onPath('espeak-ng')) {
  console.log('setup: installing Debian espeak-ng for the text-to-speech preview');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  try {
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng`);
  } catch {
    console.log('setup: could not install espeak-ng (apt-get failed); the text-to-speech preview will answer 503 and its tests print skipped');
  }
}
