// Draws the brand images in public/ from SVG sources (sharp rasterizes): `node scripts/brand-assets.mjs`.
// Files under public/brand/ are served as immutable (next.config.mjs): change a drawing, bump its `.vN`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(process.cwd(), 'public');
const brand = path.join(out, 'brand');
fs.mkdirSync(brand, { recursive: true });

const truck = (fill = '#fff', wheel = '#0f172a') =>
  `<path d="M12 22h26v18H12zM38 28h8l6 7v5H38z" fill="${fill}"/><circle cx="20" cy="43" r="5" fill="${wheel}" stroke="${fill}" stroke-width="2"/><circle cx="44" cy="43" r="5" fill="${wheel}" stroke="${fill}" stroke-width="2"/>`;

const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="#1f57d0"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/>${truck()}</svg>`;

const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="#1f57d0"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/>${truck()}<text x="78" y="43" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="#0f172a" letter-spacing="-0.5">TNA</text><text x="146" y="43" font-family="Helvetica, Arial, sans-serif" font-size="16" font-weight="600" fill="#64748b">Portal</text></svg>`;

// The company without a logo of its own: a neutral building, not our brand.
const companyDefault = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" rx="24" fill="#eef2f7"/><path d="M34 98V40l30-12v70M64 98V52l30 10v36" fill="#cbd5e1" stroke="#94a3b8" stroke-width="3" stroke-linejoin="round"/><path d="M42 48h8M42 60h8M42 72h8M72 66h8M72 78h8M26 98h76" stroke="#64748b" stroke-width="4" stroke-linecap="round"/></svg>`;

/** The account screens' backdrop: a highway vanishing into the horizon, one palette per variant. */
function road({ from, via, to, glow, glowOpacity, asphalt }) {
  const dashes = Array.from({ length: 9 }, (_, i) => {
    const y = 330 + i * i * 9 + i * 22;
    const h = 6 + i * 5;
    return `<rect x="${597 - i * 0.8}" y="${y}" width="${6 + i * 1.6}" height="${h}" fill="#fff" fill-opacity="0.6"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1200"><defs>
<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="0.5" stop-color="${via}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="50%" cy="27%" r="55%"><stop offset="0" stop-color="${glow}" stop-opacity="${glowOpacity}"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<pattern id="grid" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M60 0H0v60" fill="none" stroke="#fff" stroke-opacity="0.06"/></pattern>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#020617" stop-opacity="0"/><stop offset="1" stop-color="#020617" stop-opacity="0.55"/></linearGradient></defs>
<rect width="1200" height="1200" fill="url(#sky)"/><rect width="1200" height="1200" fill="url(#grid)"/><rect width="1200" height="1200" fill="url(#glow)"/>
<path d="M0 360 Q300 300 600 322 T1200 350 V380 H0Z" fill="#0f172a" fill-opacity="0.25"/>
<path d="M560 322 L640 322 L1200 1200 L0 1200 Z" fill="#0f172a" fill-opacity="${asphalt}"/>${dashes}
<path d="M565 324 L80 1200 M635 324 L1120 1200" stroke="#fff" stroke-opacity="0.25" stroke-width="4"/>
<rect width="1200" height="1200" fill="url(#fade)"/></svg>`;
}

const employer = road({ from: '#1f4fb8', via: '#2563eb', to: '#0ea5e9', glow: '#ffffff', glowOpacity: 0.3, asphalt: 0.3 });
const admin = road({ from: '#020617', via: '#0f172a', to: '#1e1b4b', glow: '#6366f1', glowOpacity: 0.4, asphalt: 0.5 });

/** A .ico holding one PNG image (every current browser reads PNG-in-ICO). */
function ico(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const write = (name, data) => fs.writeFileSync(path.join(brand, name), data);
write('mark.v1.svg', mark);
write('logo.v1.svg', logo);
write('company-default.v1.svg', companyDefault);
write('company-default.v1.png', await sharp(Buffer.from(companyDefault)).resize(256, 256).png({ compressionLevel: 9 }).toBuffer());
write('apple-touch-icon.v1.png', await sharp(Buffer.from(mark)).resize(180, 180).flatten({ background: '#ffffff' }).png({ compressionLevel: 9 }).toBuffer());
write('icon-512.v1.png', await sharp(Buffer.from(mark)).resize(512, 512).png({ compressionLevel: 9 }).toBuffer());
write('auth-employer.v1.webp', await sharp(Buffer.from(employer)).resize(1200, 1200).webp({ quality: 78 }).toBuffer());
write('auth-admin.v1.webp', await sharp(Buffer.from(admin)).resize(1200, 1200).webp({ quality: 78 }).toBuffer());
fs.writeFileSync(path.join(out, 'favicon.ico'), ico(await sharp(Buffer.from(mark)).resize(32, 32).png().toBuffer(), 32));
console.log('brand assets written to public/');
