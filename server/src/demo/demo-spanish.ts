import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { students, termsVersions } from '../db/schema.js';
import { DEFAULT_TERMS_AND_CONDITIONS } from '../shared/settings.js';
import { addDemoParent } from './demo-parents.js';

/**
 * A Spanish-speaking family (D53): a Form 1 student of the new intake, every data step done, who chose
 * Spanish, and her mother's parent account, in Spanish too. The portal shows them Spanish after sign-in and
 * writes their e-mails in it.
 */
export const DEMO_SPANISH_STUDENT = '2026068';
export const DEMO_SPANISH_PARENT = {
  name: 'Sra. Pérez',
  email: 'madre@demo-school.example.org',
  password: 'Madre-demo-2026',
  children: [DEMO_SPANISH_STUDENT],
} as const;

/** The demo school's terms in Spanish, beside the English they translate (D25: one version holds both). */
export const DEMO_TERMS_ES = [
  'Declaro que la información dada en esta inscripción es verdadera y completa según mi leal saber y entender.',
  'Informaré a la escuela sin demora de cualquier cambio de dirección, números de teléfono o información de salud.',
  'Acepto que la escuela actúe en el mejor interés de mi hijo(a) en una emergencia médica cuando no se me pueda localizar.',
  'Entiendo que las normas y el código de conducta de la escuela se aplican a mi hijo(a), y los apoyaré.',
].join('\n\n');

export async function seedDemoSpanish(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(termsVersions)
      .set({ text_es: DEMO_TERMS_ES })
      .where(eq(termsVersions.text, DEFAULT_TERMS_AND_CONDITIONS));
    await tx.update(students).set({ language: 'es' }).where(eq(students.id, DEMO_SPANISH_STUDENT));
    await addDemoParent(tx, DEMO_SPANISH_PARENT, { language: 'es', now: ctx.clock() });
  });
}
