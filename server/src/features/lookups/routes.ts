import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors.js';
import { lookupSchemas } from '@sp/domain';
import {
  ethnicGroups,
  formClasses,
  houses,
  regionalCorporations,
  religions,
  towns,
} from '../../db/schema.js';
import { requireSignedIn } from '../../plugins/auth.js';

const schema = (summary: string) => ({ tags: ['lookups'], summary });
const errors = errorResponses(401, 403);

/** The lists that feed the registration selects, at the spec's paths; for signed-in users. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/towns',
    { schema: { ...schema('Towns'), response: { 200: lookupSchemas.towns, ...errors } } },
    () => db.select({ town_name: towns.town_name }).from(towns).orderBy(towns.town_name),
  );
  app.get(
    '/api/religions',
    { schema: { ...schema('Religions'), response: { 200: lookupSchemas.religions, ...errors } } },
    () => db.select().from(religions).orderBy(religions.religion),
  );
  app.get(
    '/api/ethnic-groups',
    { schema: { ...schema('Ethnic groups'), response: { 200: lookupSchemas.ethnicGroups, ...errors } } },
    () => db.select().from(ethnicGroups).orderBy(ethnicGroups.id),
  );
  app.get(
    '/api/houses',
    { schema: { ...schema('Houses'), response: { 200: lookupSchemas.houses, ...errors } } },
    () => db.select().from(houses).orderBy(houses.name),
  );
  app.get(
    '/api/regional-corporation',
    {
      schema: {
        ...schema('Regional corporations'),
        response: { 200: lookupSchemas.regionalCorporations, ...errors },
      },
    },
    () => db.select().from(regionalCorporations).orderBy(regionalCorporations.title),
  );
  app.get(
    '/api/form-classes',
    { schema: { ...schema('Form classes'), response: { 200: lookupSchemas.formClasses, ...errors } } },
    () => db.select().from(formClasses).orderBy(formClasses.form_level, formClasses.class_id),
  );
};
