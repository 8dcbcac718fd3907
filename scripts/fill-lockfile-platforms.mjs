#!/usr/bin/env node
/**
 * The npm registry this project is built from serves only some platforms' prebuilt binaries
 * (@next/swc-*, @tailwindcss/oxide-*, @unrs/resolver-binding-*), so `npm install` leaves the others
 * out of package-lock.json and `npm ci` then refuses the lock. This adds an entry for every missing
 * optional platform package, with the os/cpu/libc its name states, so npm ci skips it on every
 * other machine exactly as it would with a complete lock. Run it after `npm install <pkg>`.
 */
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OSES = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

let added = 0;
for (const [, pkg] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (pkgs[key]) continue;
    const base = name.split('/').pop();
    const parts = base.split('-');
    const os = OSES.find((o) => parts.includes(o));
    const cpu = CPUS.find((c) => parts.includes(c));
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const entry = { version: String(range).replace(/^[\^~=]/, ''), optional: true };
    if (os && cpu !== 'wasm32') entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (/-musl/.test(base)) entry.libc = ['musl'];
    else if (/-gnu/.test(base)) entry.libc = ['glibc'];
    pkgs[key] = entry;
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`${added} missing platform package entries added to package-lock.json`);
