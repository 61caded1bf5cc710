import { z } from 'zod';
import { DOCUMENT_TYPES, type DocumentType } from './constants.js';
import { studentIdSchema } from './auth-schemas.js';

export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  birth_certificate: 'Birth Certificate',
  immunization_card: 'Immunization Card',
  sea_slip: 'SEA Placement Slip',
  picture: 'Passport Photo',
};

/** D7: what each document may be, judged from the file's bytes. */
export const ACCEPTED_MIME_TYPES: Record<DocumentType, readonly string[]> = {
  birth_certificate: ['application/pdf', 'image/jpeg', 'image/png'],
  immunization_card: ['application/pdf', 'image/jpeg', 'image/png'],
  sea_slip: ['application/pdf', 'image/jpeg', 'image/png'],
  picture: ['image/jpeg', 'image/png'],
};
/** The file input's accept list: phones then hand over JPEG instead of HEIC. */
export const FILE_INPUT_ACCEPT = 'image/jpeg,image/png,application/pdf';
export const PICTURE_INPUT_ACCEPT = 'image/jpeg,image/png';

export const uploadMessages = {
  success: (name: string) => `Uploaded the file successfully: ${name}`,
  empty: 'The file is empty.',
  tooLarge: (mb: number) =>
    `The file is larger than ${mb} MB. Choose a smaller file or take the photo again at a lower size.`,
  wrongType: 'Only PDF, JPEG or PNG files can be uploaded.',
  pictureType: 'The picture must be a JPEG or PNG photo.',
  badName: 'The file name may not contain a folder path.',
  noFile: 'Please select a file!',
  malformed: 'The upload arrived incomplete. Please try again.',
} as const;

/**
 * D46: pictures (the passport photo, the school's logo) are read from their header first and refused above
 * this many pixels, before anything is decoded; the rest are kept at print size only.
 */
export const PICTURE_MAX_PIXELS = 25_000_000;
/** The passport photo's box on the Legal registration form (35 × 45 mm) at ~430 dpi: enough for any print. */
export const PHOTO_PRINT_SIZE = { width: 600, height: 800 } as const;
/** The passport photo's printed box, 35 mm wide by 45 mm high: the family frames the face at this ratio. */
export const PASSPORT_PHOTO_RATIO = 35 / 45;
/** The logo's longest side: its box on a PDF is under 60 points, and the top bar shows it at 40 pixels. */
export const LOGO_PRINT_SIDE = 600;

export const pictureMessages = {
  tooManyPixels: (width: number, height: number) =>
    `The picture is ${width} × ${height} pixels (${(Math.round((width * height) / 100_000) / 10).toLocaleString('en')} megapixels); ` +
    `pictures of up to ${PICTURE_MAX_PIXELS / 1_000_000} megapixels are accepted. Take the photo again at a lower size or shrink it first.`,
  unreadable: 'The picture could not be read. Save it again as a JPEG or PNG and upload it again.',
} as const;

export const documentTypeSchema = z.enum(DOCUMENT_TYPES, { error: 'Unknown document type.' });

export const uploadFieldsSchema = z.strictObject({ id: studentIdSchema, file_type: documentTypeSchema });

export const storedFileSchema = z.object({
  type: documentTypeSchema,
  name: z.string(),
  url: z.string(),
  /** The type found in the file's bytes: an image is previewed as a picture, a PDF in a frame. */
  content_type: z.string(),
  uploaded_at: z.string(),
});
export const storedFileListSchema = z.array(storedFileSchema);
export type StoredFile = z.infer<typeof storedFileSchema>;

const received = z.union([z.literal(0), z.literal(1)]);
/** Documents the school holds for a student: 1 when a file is on record or staff saw the original. */
export const studentDataFilesSchema = z.object({
  student_id: z.string(),
  birth_certificate: received,
  immunization_card: received,
  sea_slip: received,
  picture: received,
});
export type StudentDataFiles = z.infer<typeof studentDataFilesSchema>;

export const studentDataFilesUpdateSchema = z
  .strictObject({
    student_id: studentIdSchema,
    birth_certificate: received.optional(),
    immunization_card: received.optional(),
    sea_slip: received.optional(),
    picture: received.optional(),
  })
  .refine((v) => Object.keys(v).length > 1, { message: 'Send at least one document mark.' });
