import type { MailStrings } from './strings.js';

/** The school as the e-mails show it: its name, whether it has a logo (attached as cid:school-logo), its portal. */
export interface SchoolBrand {
  name: string;
  hasLogo: boolean;
  url: string;
}

/** One e-mail's words, before the shell: plain text, escaped only where HTML is written. */
export interface MailContent {
  subject: string;
  heading: string;
  lines: string[];
  /** Words quoted from someone else, e.g. the school's reason, set apart. */
  quote?: { label: string; text: string };
  action?: { label: string; link: string };
  after: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A subject is one header line: no line breaks from a name, and not endless. */
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim().slice(0, 200);

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const P = 'margin:0 0 14px;';
const SMALL = 'font-size:13px;line-height:1.45;color:#5f5f5f;';

function textOf(c: MailContent, brand: SchoolBrand, l: MailStrings['layout'], unsubscribe?: string): string {
  const parts = [brand.name, '', c.heading, '', ...c.lines.flatMap((line) => [line, ''])];
  if (c.quote) parts.push(c.quote.label, ...c.quote.text.split('\n').map((q) => `> ${q}`), '');
  if (c.action) parts.push(`${c.action.label}:`, c.action.link, '');
  parts.push(...c.after.flatMap((line) => [line, '']), '--', l.automatic(brand.name), brand.url);
  if (unsubscribe) parts.push('', l.unsubscribeWhy(brand.name), `${l.unsubscribe}: ${unsubscribe}`);
  return parts.join('\n');
}

const paragraph = (line: string, style = P) => `<p style="${style}">${escapeHtml(line)}</p>`;

function htmlOf(c: MailContent, brand: SchoolBrand, l: MailStrings['layout'], unsubscribe?: string): string {
  const name = escapeHtml(brand.name);
  const logo = brand.hasLogo
    ? '<img src="cid:school-logo" alt="" width="40" height="40" style="display:block;border:0;width:40px;height:40px;margin:0 12px 0 0;">'
    : '';
  const quote = c.quote
    ? `<p style="${P}font-weight:bold;">${escapeHtml(c.quote.label)}</p><div style="margin:0 0 16px;padding:12px 14px;border-left:4px solid #5B2148;background:#f6f0f4;white-space:pre-wrap;">${escapeHtml(c.quote.text)}</div>`
    : '';
  const action = c.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 12px;"><tr><td style="border-radius:6px;background:#5B2148;"><a href="${escapeHtml(c.action.link)}" style="display:inline-block;padding:14px 26px;${FONT}font-size:17px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(c.action.label)}</a></td></tr></table><p style="${P}${SMALL}">${escapeHtml(l.linkHint)}<br><a href="${escapeHtml(c.action.link)}" style="color:#1A56B8;word-break:break-all;">${escapeHtml(c.action.link)}</a></p>`
    : '';
  const footer = [
    paragraph(l.automatic(brand.name), `margin:0 0 6px;${SMALL}`),
    unsubscribe
      ? `<p style="margin:0;${SMALL}">${escapeHtml(l.unsubscribeWhy(brand.name))} <a href="${escapeHtml(unsubscribe)}" style="color:#1A56B8;">${escapeHtml(l.unsubscribe)}</a></p>`
      : '',
  ].join('');
  return `<!doctype html><html lang="${l.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.subject)}</title></head><body style="margin:0;padding:0;background:#f5f5f5;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f5;"><tr><td align="center" style="padding:16px 8px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;${FONT}color:#1f1f1f;"><tr><td style="padding:20px 24px 0;"><table role="presentation" cellpadding="0" cellspacing="0"><tr><td>${logo}</td><td style="${FONT}font-size:16px;font-weight:bold;color:#5B2148;">${name}</td></tr></table></td></tr><tr><td style="padding:16px 24px 8px;font-size:16px;line-height:1.5;"><h1 style="margin:0 0 14px;font-size:22px;line-height:1.3;">${escapeHtml(c.heading)}</h1>${c.lines.map((line) => paragraph(line)).join('')}${quote}${action}${c.after.map((line) => paragraph(line, `${P}${SMALL}`)).join('')}</td></tr><tr><td style="padding:12px 24px 20px;border-top:1px solid #e0e0e0;">${footer}</td></tr></table></td></tr></table></body></html>`;
}

/**
 * The one shell every e-mail shares (D52): a single column up to 600 px wide with inline styles only (mail
 * clients drop style sheets), the school's name and logo, a big button with its link written out under it for
 * clients that hide buttons, and a plain-text twin with the same words.
 */
export function layout(
  content: MailContent,
  brand: SchoolBrand,
  l: MailStrings['layout'],
  unsubscribe?: string,
): RenderedMail {
  const c = { ...content, subject: oneLine(content.subject) };
  return {
    subject: c.subject,
    text: textOf(c, brand, l, unsubscribe),
    html: htmlOf(c, brand, l, unsubscribe),
  };
}
