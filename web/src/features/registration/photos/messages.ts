import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { PICTURE_MAX_PIXELS } from '@sp/domain';

/** What the documents step says about photos prepared in the browser. */
export const MAX_PAGES = 6;

/** What a chooser offers: the server takes PDF, JPEG and PNG; a HEIC photo is converted on the way. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.heic,.heif';
export const PAGE_ACCEPT = `${PHOTO_ACCEPT},application/pdf`;

/** A number in the language in use ("4.7" in English, "4,7" in Spanish), with up to `digits` decimals. */
const decimal = (value: number, digits: number, exactly = true) =>
  new Intl.NumberFormat(i18n.locale || 'en', {
    minimumFractionDigits: exactly ? digits : 0,
    maximumFractionDigits: digits,
  }).format(value);
const megabytes = (bytes: number) => `${decimal(bytes / 1024 / 1024, 1)} MB`;
/** A size as a family reads it: kilobytes under one megabyte, else megabytes with one decimal. */
export const readableSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${decimal(Math.max(1, Math.round(bytes / 1024)), 0)} KB` : megabytes(bytes);

/**
 * Each message in the language in use when it is shown (a function, so the language is read then). The
 * domain's upload and picture messages are written again here as macros: they carry numbers, so they cannot be
 * looked up by their English text.
 */
export const photoMessages = {
  made: (before: number, after: number) => {
    const [from, to] = [readableSize(before), readableSize(after)];
    return t`Photo made smaller: ${from} → ${to}`;
  },
  converted: (size: string) => t`Photo converted to JPEG (${size}).`,
  converting: () => t`Converting the iPhone photo (HEIC) to JPEG…`,
  turning: () => t`Turning the photo the right way up…`,
  shrinking: () => t`Making the photo smaller…`,
  joining: () => t`Putting the pages together…`,
  heicTimeout: () =>
    t`The iPhone photo (HEIC) took too long to convert. Take the photo again, or save it as a JPEG first.`,
  heicUnreadable: () =>
    t`The iPhone photo (HEIC) could not be read. Take the photo again, or save it as a JPEG first.`,
  pageUnreadable: () =>
    t`This file cannot be added as a page: only photos (JPEG, PNG, HEIC) and PDF files can.`,
  pdfUnreadable: () =>
    t`This PDF cannot be added as a page: it could not be read. Upload it on its own instead.`,
  pdfEncrypted: () =>
    t`This PDF is protected with a password, so its pages cannot be joined with others. Upload it on its own, or a photo of each page instead.`,
  cropFailed: () => t`The photo could not be framed. Choose it again, or another photo.`,
  tooManyPages: () => t`A document can have at most ${MAX_PAGES} pages.`,
  joinedTooLarge: (bytes: number, maxMb: number) => {
    const size = megabytes(bytes);
    return t`The pages together come to ${size}, more than the ${maxMb} MB that can be uploaded. Remove a page, or take the photos again from closer.`;
  },
  pdfPages: (pages: number) => plural(pages, { one: 'PDF, # page', other: 'PDF, # pages' }),
  tooLarge: (mb: number) =>
    t`The file is larger than ${mb} MB. Choose a smaller file or take the photo again at a lower size.`,
  tooManyPixels: (width: number, height: number) => {
    const megapixels = decimal((width * height) / 1_000_000, 1, false);
    const limit = PICTURE_MAX_PIXELS / 1_000_000;
    return t`The picture is ${width} × ${height} pixels (${megapixels} megapixels); pictures of up to ${limit} megapixels are accepted. Take the photo again at a lower size or shrink it first.`;
  },
  unreadable: () => t`The picture could not be read. Save it again as a JPEG or PNG and upload it again.`,
} as const;

/** A refusal or failure the family can act on, shown as it is. */
export class PhotoError extends Error {}
