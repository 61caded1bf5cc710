import type { MailContent } from './layout.js';
import type { KindStrings } from './strings.js';

/** One kind's template: its data and its strings → the words of the e-mail. */
export type Template<D> = (data: D, strings: KindStrings<D>, school: string) => MailContent;

/** The words every template shares, from its strings; `link` is the button's target, `quote` someone's words. */
export function compose<D>(
  strings: KindStrings<D>,
  data: D,
  school: string,
  extra: { link?: string; quote?: string } = {},
): MailContent {
  return {
    subject: strings.subject(data, school),
    heading: strings.heading(data),
    lines: strings.lines(data, school),
    ...(extra.quote !== undefined && { quote: { label: strings.quoteLabel ?? '', text: extra.quote } }),
    ...(extra.link !== undefined &&
      strings.button && { action: { label: strings.button, link: extra.link } }),
    after: strings.after?.(data) ?? [],
  };
}
