import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGO_PRINT_SIDE, pictureMessages, type SchoolSettings } from '@sp/domain';
import { settings } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { multipart } from '../../test/multipart.js';
import { pdfImages, plainPng, transparentLogo } from '../../test/pictures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(settings).where(eq(settings.key, 'school_logo'));
});

const uploadLogo = (data: Buffer) => {
  const { body, headers } = multipart({}, { name: 'crest.png', data });
  return admin.post('/api/settings/logo', body, { headers });
};
const servedLogo = async (url: string) => (await t.agent().get(url)).rawPayload;

describe('the logo at print size (D46)', () => {
  it('keeps a 4000-pixel transparent logo as an opaque PNG of 600 pixels, flattened onto white', async () => {
    const res = await uploadLogo(await transparentLogo(4000));
    expect(res.statusCode, res.body).toBe(200);
    const kept = await servedLogo(res.json<SchoolSettings>().logo_url!);
    const meta = await sharp(kept).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha, meta.channels]).toEqual([
      'png',
      LOGO_PRINT_SIDE,
      LOGO_PRINT_SIDE,
      false,
      3,
    ]);
    const corner = await sharp(kept).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner]).toEqual([255, 255, 255]);
    const middle = await sharp(kept).extract({ left: 300, top: 300, width: 1, height: 1 }).raw().toBuffer();
    expect([...middle]).toEqual([0x5b, 0x21, 0x48]);
  });

  it('refuses a logo over 25 megapixels with the limit and keeps the crest', async () => {
    const res = await uploadLogo(await plainPng(6000, 5000));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(pictureMessages.tooManyPixels(6000, 5000));
    expect((await admin.get('/api/settings')).json<SchoolSettings>().logo_url).toBeNull();
  });

  it('prints the registration form with the logo embedded once, small and without a mask', async () => {
    await uploadLogo(await transparentLogo(4000));
    const { agent, student } = await t.signInStudent();
    const pdf = (await agent.get(`/api/registration-form/${student.id}`)).rawPayload;
    expect(pdfImages(pdf)).toEqual([{ width: 600, height: 600, filter: 'FlateDecode', masked: false }]);
  });

  it('prints a large transparent logo kept from before at print size, without a mask', async () => {
    const big = await transparentLogo(3000);
    await t.database.db.insert(settings).values({
      key: 'school_logo',
      value: {
        content_type: 'image/png',
        version: createHash('sha256').update(big).digest('hex').slice(0, 16),
        data: big.toString('base64'),
      },
    });
    const { agent, student } = await t.signInStudent();
    for (let i = 0; i < 2; i++) {
      const pdf = (await agent.get(`/api/registration-form/${student.id}`)).rawPayload;
      expect(pdfImages(pdf)).toEqual([{ width: 600, height: 600, filter: 'FlateDecode', masked: false }]);
    }
  });
});
