import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { htmlPlainText } from '@/lib/jobs/rich-text';
import { DEFAULT_FONT_SIZE_PT, INDENT_STEP_PX, MAX_INDENT_LEVELS, fontSizeOf } from '@/lib/jobs/editor-rules';
import { tableGrid } from '@/lib/jobs/table-rules';
import { storage } from '@/lib/storage';
import { keyOfImageUrl } from './images';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';

/** A4 with 1 cm margins (jobs spec §5 PDF export). 1 cm = 72 / 2.54 pt. */
export const PDF_PAGE = { size: 'A4' as const, width: 595.28, height: 841.89, margin: 72 / 2.54 };
/** CSS px → PDF pt (96 px = 72 pt), so sizes in the editor print as shown. */
const PX = 0.75;

type Node = { type?: string; text?: string; format?: number | string; style?: string; indent?: number; tag?: string; listType?: string; src?: string; width?: number; height?: number; colWidths?: unknown[]; colSpan?: number; rowSpan?: number; headerState?: number; children?: Node[] };

const kids = (n: Node) => (Array.isArray(n.children) ? n.children.filter((c) => c && typeof c === 'object') : []);

function fontFor(format: number, code = false) {
  const bold = (format & 1) !== 0;
  const italic = (format & 2) !== 0;
  if (code || (format & 16) !== 0) return bold ? 'Courier-Bold' : 'Courier';
  return bold && italic ? 'Helvetica-BoldOblique' : bold ? 'Helvetica-Bold' : italic ? 'Helvetica-Oblique' : 'Helvetica';
}

type Run = { text: string; font: string; size: number; underline: boolean; strike: boolean; link?: string };

/** The inline runs of a block (text with its marks and size, line breaks as newlines). */
function runs(node: Node, base: { size: number; code?: boolean; link?: string }): Run[] {
  const out: Run[] = [];
  for (const c of kids(node)) {
    if (c.type === 'text' || c.type === 'code-highlight') {
      const format = typeof c.format === 'number' ? c.format : 0;
      out.push({ text: String(c.text ?? ''), font: fontFor(format, base.code), size: fontSizeOf(c.style) ?? base.size, underline: (format & 8) !== 0 || !!base.link, strike: (format & 4) !== 0, link: base.link });
    } else if (c.type === 'linebreak') out.push({ text: '\n', font: 'Helvetica', size: base.size, underline: false, strike: false });
    else if (c.type === 'tab') out.push({ text: '    ', font: 'Helvetica', size: base.size, underline: false, strike: false });
    else if (c.type === 'link' || c.type === 'autolink') out.push(...runs(c, { ...base, link: (c as { url?: string }).url }));
    else out.push(...runs(c, base));
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

function writeRuns(doc: Doc, list: Run[], x: number, width: number, color = '#1e293b') {
  const items = list.length ? list : [{ text: ' ', font: 'Helvetica', size: DEFAULT_FONT_SIZE_PT, underline: false, strike: false }];
  doc.fillColor(color);
  items.forEach((r, i) => {
    doc.font(r.font).fontSize(r.size);
    const opts = { width, continued: i < items.length - 1, underline: r.underline, strike: r.strike, link: r.link };
    if (i === 0) doc.text(r.text, x, doc.y, opts);
    else doc.text(r.text, opts);
  });
}

async function imageBuffer(src: string | undefined): Promise<Buffer | null> {
  const key = keyOfImageUrl(src);
  const file = key ? await storage().get(key) : null;
  // Stored images are WebP, which pdfkit cannot read: hand it PNG.
  return file ? sharp(file.data).png().toBuffer().catch(() => null) : null;
}

const indentOf = (n: Node) => Math.min(Math.max(0, Number(n.indent) || 0), MAX_INDENT_LEVELS) * INDENT_STEP_PX * PX;

/** Renders the blocks of a Lexical state into the document, from the current y. */
async function blocks(doc: Doc, nodes: Node[], x: number, width: number, images: Images, listDepth = 0): Promise<void> {
  for (const n of nodes) {
    const left = x + indentOf(n);
    const w = width - indentOf(n);
    switch (n.type) {
      case 'heading': {
        const size = { h1: 22, h2: 18, h3: 15 }[n.tag ?? 'h2'] ?? 13;
        writeRuns(doc, runs(n, { size }).map((r) => ({ ...r, font: 'Helvetica-Bold' })), left, w);
        doc.moveDown(0.4);
        break;
      }
      case 'quote':
        doc.save().moveTo(left, doc.y).lineTo(left, doc.y + 14).lineWidth(2).strokeColor('#cbd5e1').stroke().restore();
        writeRuns(doc, runs(n, { size: DEFAULT_FONT_SIZE_PT }), left + 12, w - 12, '#475569');
        doc.moveDown(0.5);
        break;
      case 'code':
        writeRuns(doc, runs(n, { size: 10, code: true }), left + 6, w - 12);
        doc.moveDown(0.5);
        break;
      case 'horizontalrule':
        doc.moveDown(0.3).save().moveTo(x, doc.y).lineTo(x + width, doc.y).lineWidth(0.75).strokeColor('#cbd5e1').stroke().restore().moveDown(0.6);
        break;
      case 'list': {
        let number = 1;
        for (const item of kids(n)) {
          const nested = kids(item).filter((c) => c.type === 'list');
          if (nested.length && nested.length === kids(item).length) {
            await blocks(doc, nested, left + 18, w - 18, images, listDepth + 1);
            continue;
          }
          const marker = n.listType === 'number' ? `${number++}.` : '•';
          const y = doc.y;
          doc.font('Helvetica').fontSize(DEFAULT_FONT_SIZE_PT).fillColor('#1e293b').text(marker, left, y, { width: 16 });
          doc.y = y;
          writeRuns(doc, runs({ children: kids(item).filter((c) => c.type !== 'list') }, { size: DEFAULT_FONT_SIZE_PT }), left + 18, w - 18);
          if (nested.length) await blocks(doc, nested, left + 18, w - 18, images, listDepth + 1);
        }
        doc.moveDown(0.4);
        break;
      }
      case 'table':
        table(doc, n, left, w);
        break;
      case 'image':
        await image(doc, n, left, w, images);
        break;
      default: {
        // Paragraphs; an image inside one is placed as its own block.
        const inner = kids(n);
        const imgs = inner.filter((c) => c.type === 'image');
        const text = runs({ children: inner.filter((c) => c.type !== 'image') }, { size: DEFAULT_FONT_SIZE_PT });
        if (text.some((r) => r.text.trim()) || !imgs.length) writeRuns(doc, text, left, w);
        for (const img of imgs) await image(doc, img, left, w, images);
        doc.moveDown(0.4);
      }
    }
  }
}

/**
 * The images of one export. pdfkit embeds an image handed to it as bytes again at every use: a post
 * repeating one uploaded picture 40 times made a 55 MB PDF in 4.9 s, and the 1 MB body holds 11,000
 * such nodes (gigabytes and minutes of the only thread, on every download; a read-only review). Each
 * source is opened once (its PDF object embedded once, then only referenced), and an export reads at
 * most MAX_PDF_SOURCES stored images and draws at most MAX_PDF_IMAGES; the rest are left out of the
 * PDF (the post online shows them).
 */
type Images = { opened: Map<string, OpenedImage | null>; drawn: number };
type OpenedImage = { width: number; height: number };
export const MAX_PDF_IMAGES = 200;
export const MAX_PDF_SOURCES = 50;
const newImages = (): Images => ({ opened: new Map(), drawn: 0 });

async function openedImage(doc: Doc, src: string, images: Images): Promise<OpenedImage | null> {
  if (!images.opened.has(src)) {
    if (images.opened.size >= MAX_PDF_SOURCES) return null;
    const data = await imageBuffer(src);
    let opened: OpenedImage | null = null;
    try {
      opened = data ? (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data) : null;
    } catch {
      opened = null;
    }
    images.opened.set(src, opened);
  }
  return images.opened.get(src) ?? null;
}

async function image(doc: Doc, n: Node, x: number, width: number, images: Images) {
  if (images.drawn >= MAX_PDF_IMAGES) return;
  const picture = await openedImage(doc, String(n.src ?? ''), images);
  if (!picture) return;
  images.drawn += 1;
  // The stored size is what a writer's editor (or an API client) sent: any positive number. The
  // image fits the column and one page, keeping the stored proportions; pdfkit throws on the
  // non-finite sizes that extreme ones make (1e300 tall: a 500 for every reader of the export).
  const sizeOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
  const [sw, sh] = [sizeOf(n.width), sizeOf(n.height)];
  const ratio = sw && sh && Number.isFinite(sh / sw) ? sh / sw : 0;
  const pageHeight = PDF_PAGE.height - 2 * PDF_PAGE.margin;
  let w = Math.max(1, Math.min(width, (sw || 720) * PX));
  let h = ratio ? w * ratio : undefined;
  if (h && h > pageHeight) [w, h] = [Math.max(1, pageHeight / ratio), pageHeight];
  if (h && doc.y + h > PDF_PAGE.height - PDF_PAGE.margin) doc.addPage();
  // The opened image, not its bytes: embedded once, drawn by reference (pdfkit's image() takes either).
  doc.image(picture as unknown as Buffer, x, doc.y, h ? { width: w, height: h } : { width: w });
  doc.moveDown(0.4);
}

/** A table as drawn in the editor: column widths as stored (scaled to fit), spans, header cells shaded. */
function table(doc: Doc, n: Node, x: number, width: number) {
  const grid = tableGrid(n as Record<string, unknown>);
  const columns = Math.max(...grid.map((r) => r.length), 1);
  const stored = Array.isArray(n.colWidths) ? n.colWidths.map((v) => Number(v) || 120) : [];
  const px = Array.from({ length: columns }, (_, i) => stored[i] ?? 120);
  const scale = Math.min(PX, width / px.reduce((a, b) => a + b, 0));
  const colW = px.map((p) => p * scale);
  const cells = kids(n).flatMap((row) => kids(row));
  const pad = 4;
  // Where each cell starts, from the grid.
  const start = new Map<number, { r: number; c: number }>();
  grid.forEach((row, r) => row.forEach((id, c) => !start.has(id) && start.set(id, { r, c })));
  const rowH: number[] = grid.map(() => 16);
  const span = (id: number) => {
    const s = start.get(id)!;
    let cs = 0;
    while (grid[s.r][s.c + cs] === id) cs++;
    let rs = 0;
    while (grid[s.r + rs]?.[s.c] === id) rs++;
    return { ...s, cs, rs };
  };
  const textHeight = (id: number, w: number) => {
    const cell = cells[id];
    doc.font('Helvetica').fontSize(DEFAULT_FONT_SIZE_PT);
    return kids(cell).reduce((h, b) => h + doc.heightOfString(runs(b, { size: DEFAULT_FONT_SIZE_PT }).map((r) => r.text).join('') || ' ', { width: w }) + 2, 0) + pad * 2;
  };
  for (const id of start.keys()) {
    const s = span(id);
    const w = colW.slice(s.c, s.c + s.cs).reduce((a, b) => a + b, 0) - pad * 2;
    const h = textHeight(id, w);
    if (s.rs === 1) rowH[s.r] = Math.max(rowH[s.r], h);
  }
  const top = doc.y;
  const total = rowH.reduce((a, b) => a + b, 0);
  if (top + total > PDF_PAGE.height - PDF_PAGE.margin && total < PDF_PAGE.height - 2 * PDF_PAGE.margin) doc.addPage();
  const y0 = doc.y;
  const rowY = rowH.map((_, i) => y0 + rowH.slice(0, i).reduce((a, b) => a + b, 0));
  for (const id of start.keys()) {
    const s = span(id);
    const cx = x + colW.slice(0, s.c).reduce((a, b) => a + b, 0);
    const cw = colW.slice(s.c, s.c + s.cs).reduce((a, b) => a + b, 0);
    const ch = rowH.slice(s.r, s.r + s.rs).reduce((a, b) => a + b, 0);
    if (cells[id]?.headerState) doc.save().rect(cx, rowY[s.r], cw, ch).fill('#f1f5f9').restore();
    doc.save().rect(cx, rowY[s.r], cw, ch).lineWidth(0.75).strokeColor('#94a3b8').stroke().restore();
    doc.y = rowY[s.r] + pad;
    for (const b of kids(cells[id] ?? {})) {
      const list = runs(b, { size: DEFAULT_FONT_SIZE_PT });
      writeRuns(doc, cells[id]?.headerState ? list.map((r) => ({ ...r, font: 'Helvetica-Bold' })) : list, cx + pad, cw - pad * 2);
    }
  }
  doc.x = x;
  doc.y = y0 + total + 8;
}

/**
 * A body written through the API as HTML has no editor state: its (sanitized) HTML as paragraphs of
 * plain text, one per line of its text, so its PDF is not the title alone. Marks, tables and images
 * are not drawn from HTML.
 */
export function htmlParagraphs(html: string): Node[] {
  return htmlPlainText(html)
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', children: [{ type: 'text', text: p }] }));
}

/** The post as a PDF (title, date, body), A4 with 1 cm margins; answers the bytes. */
export async function postPdf(post: { title: string; body: unknown; body_html?: string | null; published_at?: string | null; author?: string | null }): Promise<Buffer> {
  const doc = new PDFDocument({ size: PDF_PAGE.size, margin: PDF_PAGE.margin, info: { Title: post.title }, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = PDF_PAGE.width - 2 * PDF_PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#0f172a').text(post.title, PDF_PAGE.margin, PDF_PAGE.margin, { width });
  const meta = [post.author, post.published_at && new Date(post.published_at).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: PORTAL_TIME_ZONE })].filter(Boolean).join(' · ');
  if (meta) doc.font('Helvetica').fontSize(9).fillColor('#64748b').text(meta, { width });
  doc.moveDown(0.8);
  const root = (post.body as { root?: Node } | null)?.root;
  await blocks(doc, root ? kids(root) : htmlParagraphs(post.body_html ?? ''), PDF_PAGE.margin, width, newImages());
  doc.end();
  return done;
}
