import { lookupSchemas, type LookupName } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiGet } from '../../api/client';
import type { SelectOption } from '../fields/field-input';
import { lookupKeys } from './query-keys';

interface LookupEndpoint<Row> {
  path: string;
  schema: ZodType<Row[]>;
  /** What the record stores (religion code, ethnic group id as text, corporation title …) and what is shown. */
  option: (row: Row) => SelectOption;
}

const endpoint = <Row>(e: LookupEndpoint<Row>) => e as LookupEndpoint<unknown>;

/** The lookup lists that feed the registration selects, at the spec's paths (one GET each). */
const endpoints: Record<LookupName, LookupEndpoint<unknown>> = {
  towns: endpoint({
    path: '/api/towns',
    schema: lookupSchemas.towns,
    option: (r) => ({ value: r.town_name, label: r.town_name }),
  }),
  religions: endpoint({
    path: '/api/religions',
    schema: lookupSchemas.religions,
    option: (r) => ({ value: r.code, label: r.religion }),
  }),
  ethnicGroups: endpoint({
    path: '/api/ethnic-groups',
    schema: lookupSchemas.ethnicGroups,
    option: (r) => ({ value: String(r.id), label: r.group_type }),
  }),
  regionalCorporations: endpoint({
    path: '/api/regional-corporation',
    schema: lookupSchemas.regionalCorporations,
    option: (r) => ({ value: r.title, label: r.title }),
  }),
  houses: endpoint({
    path: '/api/houses',
    schema: lookupSchemas.houses,
    option: (r) => ({ value: r.id, label: r.name }),
  }),
  formClasses: endpoint({
    path: '/api/form-classes',
    schema: lookupSchemas.formClasses,
    option: (r) => ({ value: r.class_id, label: r.class_id }),
  }),
};

/** The rows as the server sends them; `useLookupOptions` turns them into choices. */
export const lookupQuery = (name: LookupName) =>
  queryOptions({
    queryKey: lookupKeys.lookup(name),
    queryFn: ({ signal }): Promise<unknown[]> => apiGet(endpoints[name].path, endpoints[name].schema, signal),
    staleTime: 30 * 60 * 1000,
  });

/** The choices of a lookup field; nothing is fetched for a field without a lookup. */
export const useLookupOptions = (name: LookupName | undefined) =>
  useQuery({
    ...lookupQuery(name ?? 'towns'),
    enabled: name !== undefined,
    select: (rows): SelectOption[] => (name ? rows.map(endpoints[name].option) : []),
  });

/** GET /api/form-classes as rows (same cache entry), to find the student's form level (spec section 4). */
export const formClassesQuery = queryOptions({
  queryKey: lookupKeys.lookup('formClasses'),
  queryFn: ({ signal }) => apiGet(endpoints.formClasses.path, lookupSchemas.formClasses, signal),
  staleTime: 30 * 60 * 1000,
});

export const useFormClasses = () => useQuery(formClassesQuery);
