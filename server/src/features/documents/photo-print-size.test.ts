import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_PRINT_SIZE, pictureMessages } from '@sp/domain';
import { registrationWindows, uploadedFiles } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { multipart } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { pdfImages, plainPng, sidewaysPhoto } from '../../test/pictures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(registrationWindows)
    .set({ open: 1, deadline: null })
    .where(eq(registrationWindows.form_level, 1));
});
afterAll(() => t.close());

const upload = (agent: Agent, id: string, data: Buffer, name = 'photo.png') => {
  const { body, headers } = multipart({ id, file_type: 'picture' }, { name, data });
  return agent.post('/api/store-file', body, { headers });
};
const rowOf = async (id: string) =>
  (await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.student_id, id)))[0];
const keysOf = async (id: string) => {
  const keys: string[] = [];
  for await (const key of t.files.keys()) if (key.startsWith(`${id}/`)) keys.push(key);
  return keys;
};
const readStored = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of (await t.files.read(key)).stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};
const storedPhoto = async (id: string) => sharp(await readStored((await rowOf(id))!.storage_key)).metadata();

/** A photo kept as it was uploaded before pictures were made print-size (D46). */
async function keepOldPhoto(id: string, data: Buffer): Promise<string> {
  const key = `${id}/picture-old.png`;
  await t.files.put(key, data);
  await t.database.db.insert(uploadedFiles).values({
    student_id: id,
    type: 'picture',
    original_name: 'old photo.png',
    storage_key: key,
    mime_type: 'image/png',
    size_bytes: data.length,
  });
  return key;
}

describe('the passport photo at print size (D46)', () => {
  it('refuses a picture over 25 megapixels from its header, with the limit, and stores nothing', async () => {
    const { agent, student } = await t.signInStudent();
    const res = await upload(agent, student.id, await plainPng(20000, 20000));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(pictureMessages.tooManyPixels(20000, 20000));
    expect(res.json().message).toContain('up to 25 megapixels');
    expect(await keysOf(student.id)).toEqual([]);
    expect(await rowOf(student.id)).toBeUndefined();
  });

  it('keeps a 5000 × 5000 photo as a JPEG within 600 × 800, and the family sees that picture', async () => {
    const { agent, student } = await t.signInStudent();
    const res = await upload(agent, student.id, await plainPng(5000, 5000), 'big.png');
    expect(res.statusCode, res.body).toBe(200);
    const meta = await storedPhoto(student.id);
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 600, 600, false]);
    expect(await rowOf(student.id)).toMatchObject({ mime_type: 'image/jpeg', original_name: 'big.jpg' });
    const preview = await agent.get(`/api/files/${student.id}/picture`);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(600);
  });

  it('turns a sideways phone photo upright by its EXIF orientation', async () => {
    const { agent, student } = await t.signInStudent();
    expect((await upload(agent, student.id, await sidewaysPhoto(), 'IMG_0001.jpg')).statusCode).toBe(200);
    const data = await readStored((await rowOf(student.id))!.storage_key);
    const meta = await sharp(data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([400, 800, 1]);
    // Upright, the red half is on top.
    const { data: top } = await sharp(data)
      .extract({ left: 200, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
  });

  it('refuses a damaged picture with a 400 and stores nothing', async () => {
    const { agent, student } = await t.signInStudent();
    const png = await plainPng(300, 300);
    const res = await upload(agent, student.id, png.subarray(0, 60));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(pictureMessages.unreadable);
    expect(await keysOf(student.id)).toEqual([]);
  });

  it('prints the registration form with the uploaded 5000 × 5000 photo embedded at print size', async () => {
    const { agent, student } = await t.signInStudent();
    await upload(agent, student.id, await plainPng(5000, 5000));
    const pdf = (await agent.get(`/api/registration-form/${student.id}`)).rawPayload;
    expect(pdfImages(pdf)).toEqual([{ width: 600, height: 600, filter: 'DCTDecode', masked: false }]);
  });

  it('makes a photo kept from before print-size once, when a form first needs it, and keeps that', async () => {
    const { student } = await t.signInStudent();
    const oldKey = await keepOldPhoto(student.id, await plainPng(3000, 4000));
    const office = await t.signInAdmin();
    const first = (await office.get(`/api/registration-form/${student.id}`)).rawPayload;
    expect(pdfImages(first)).toEqual([{ width: 600, height: 800, filter: 'DCTDecode', masked: false }]);
    const row = (await rowOf(student.id))!;
    expect(row).toMatchObject({ mime_type: 'image/jpeg', original_name: 'old photo.jpg' });
    expect(await keysOf(student.id)).toEqual([row.storage_key]);
    expect(row.storage_key).not.toBe(oldKey);
    // The next form finds it ready and changes nothing.
    await office.get(`/api/registration-form/${student.id}`);
    expect((await rowOf(student.id))!.storage_key).toBe(row.storage_key);
  });

  it('leaves a kept photo over the limit off the form rather than decode it', async () => {
    const { student } = await t.signInStudent();
    await keepOldPhoto(student.id, await plainPng(6000, 5000));
    const pdf = (await (await t.signInAdmin()).get(`/api/registration-form/${student.id}`)).rawPayload;
    expect(pdfImages(pdf)).toEqual([]);
    expect((await pdfText(pdf)).text).toContain('Photo could not be read');
  });
});

describe('a parent uploads a photo while the office prints the class forms', () => {
  it("the office's forms show the new photo at print size once it is in", async () => {
    const { agent: parent, student } = await t.signInStudent();
    const classmates = await Promise.all([t.signInStudent(), t.signInStudent()]);
    // A photo kept from before, 2000 × 1000, which printing makes print-size while the new one arrives.
    await keepOldPhoto(student.id, await plainPng(2000, 1000));
    const office = await t.signInAdmin();
    const ids = [student.id, ...classmates.map((c) => c.student.id)];
    const printClass = () => Promise.all(ids.map((id) => office.get(`/api/registration-form/${id}`)));

    const [uploaded, during] = await Promise.all([
      upload(parent, student.id, await plainPng(4000, 6000, { r: 10, g: 200, b: 10, alpha: 1 }), 'new.png'),
      printClass(),
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // Printed while the upload was under way: the old photo or the new one, never a large picture.
    const first = pdfImages(during[0]!.rawPayload)[0]!;
    expect(first.width * first.height).toBeLessThanOrEqual(PHOTO_PRINT_SIZE.width * PHOTO_PRINT_SIZE.height);

    const after = await printClass();
    expect(pdfImages(after[0]!.rawPayload)).toEqual([
      { width: 533, height: 800, filter: 'DCTDecode', masked: false },
    ]);
    // The family's photo is the one kept, whatever printing did meanwhile, and nothing else is left behind.
    const row = (await rowOf(student.id))!;
    expect(row.original_name).toBe('new.jpg');
    expect(await keysOf(student.id)).toEqual([row.storage_key]);
    for (const res of after.slice(1)) expect(pdfImages(res.rawPayload)).toEqual([]);
  });
});
