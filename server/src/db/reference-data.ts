import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import {
  ethnicGroups,
  regionalCorporations,
  registrationWindows,
  religions,
  settings,
  towns,
} from './schema.js';
import { DEFAULT_SETTINGS } from '../shared/settings.js';

/** Trinidad and Tobago reference data: the lists the registration form offers. */
export const REGIONAL_CORPORATIONS = [
  'Port of Spain City Corporation',
  'San Fernando City Corporation',
  'Arima Borough Corporation',
  'Chaguanas Borough Corporation',
  'Point Fortin Borough Corporation',
  ...[
    'Couva-Tabaquite-Talparo',
    'Diego Martin',
    'Penal-Debe',
    'Princes Town',
    'Rio Claro-Mayaro',
    'San Juan-Laventille',
    'Sangre Grande',
    'Siparia',
    'Tunapuna-Piarco',
  ].map((name) => `${name} Regional Corporation`),
  'Tobago House of Assembly',
];

/** Each religion's code, English name and Spanish name (shown to families using the portal in Spanish). */
export const RELIGIONS: [code: string, religion: string, nameEs: string][] = [
  ['AN', 'Anglican', 'Anglicana'],
  ['BA', 'Baptist', 'Bautista'],
  ['HI', 'Hindu', 'Hindú'],
  ['JW', "Jehovah's Witness", 'Testigo de Jehová'],
  ['ME', 'Methodist', 'Metodista'],
  ['MO', 'Moravian', 'Morava'],
  ['MU', 'Muslim', 'Musulmana'],
  ['OR', 'Orisha', 'Orisha'],
  ['PE', 'Pentecostal', 'Pentecostal'],
  ['PR', 'Presbyterian', 'Presbiteriana'],
  ['RA', 'Rastafarian', 'Rastafari'],
  ['RC', 'Roman Catholic', 'Católica romana'],
  ['SA', 'Seventh-day Adventist', 'Adventista del Séptimo Día'],
  ['SB', 'Spiritual Baptist', 'Bautista espiritual'],
  ['OT', 'Other', 'Otra'],
  ['NO', 'None', 'Ninguna'],
];

/** Each group's English and Spanish name. */
export const ETHNIC_GROUPS: [groupType: string, nameEs: string][] = [
  ['African', 'Africano'],
  ['East Indian', 'Indio oriental'],
  ['Mixed (African/East Indian)', 'Mixto (africano/indio oriental)'],
  ['Mixed (Other)', 'Mixto (otro)'],
  ['Chinese', 'Chino'],
  ['European', 'Europeo'],
  ['Syrian/Lebanese', 'Sirio/libanés'],
  ['Portuguese', 'Portugués'],
  ['Indigenous', 'Indígena'],
  ['Other', 'Otro'],
];

export const TRINIDAD_TOWNS =
  `Arima, Arouca, Aranguez, Barataria, Barrackpore, Belmont, Biche, Blanchisseuse, Brasso Seco,
Carapichaima, Carenage, Caroni, Cascade, Cedros, Chaguanas, Chaguaramas, Champs Fleurs, Claxton Bay, Couva, Cumuto,
Cunupia, Curepe, D'Abadie, Debe, Diego Martin, El Dorado, Enterprise, Erin, Felicity, Freeport, Fyzabad, Gasparillo,
Glencoe, Grande Riviere, Icacos, La Brea, La Romaine, Las Cuevas, Laventille, Longdenville, Macoya, Maloney,
Manzanilla, Maracas, Maraval, Marabella, Matelot, Mayaro, Moruga, Morvant, Palo Seco, Penal, Petit Valley, Piarco,
Point Fortin, Point Lisas, Port of Spain, Preysal, Princes Town, Rio Claro, San Fernando, San Juan, Sangre Grande,
Santa Cruz, Santa Flora, Siparia, St. Ann's, St. Augustine, St. James, St. Joseph, Ste. Madeleine, Tabaquite,
Tacarigua, Talparo, Toco, Trincity, Tunapuna, Valencia, Valsayn, Vistabella, Westmoorings, Williamsville, Woodbrook`
    .split(',')
    .map((t) => t.trim());

export const TOBAGO_TOWNS =
  `Bethel, Black Rock, Bon Accord, Buccoo, Canaan, Charlotteville, Crown Point, Lambeau,
Mason Hall, Moriah, Plymouth, Roxborough, Scarborough, Signal Hill, Speyside`
    .split(',')
    .map((t) => t.trim());

/** Form levels 1–5, then Lower Sixth (6) and Upper Sixth (7). */
export const FORM_LEVELS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Inserts what a new installation starts with; rows that exist (perhaps edited by staff) are left alone,
 * so this runs at every start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(regionalCorporations)
      .values(REGIONAL_CORPORATIONS.map((title) => ({ title })))
      .onConflictDoNothing();
    await tx
      .insert(religions)
      .values(RELIGIONS.map(([code, religion, name_es]) => ({ code, religion, name_es })))
      .onConflictDoNothing();
    await tx
      .insert(ethnicGroups)
      .values(ETHNIC_GROUPS.map(([group_type, name_es]) => ({ group_type, name_es })))
      .onConflictDoNothing();
    await tx
      .insert(towns)
      .values([
        ...TRINIDAD_TOWNS.map((town_name) => ({ town_name, island: 'Trinidad' })),
        ...TOBAGO_TOWNS.map((town_name) => ({ town_name, island: 'Tobago' })),
      ])
      .onConflictDoNothing();
    await tx
      .insert(registrationWindows)
      .values(FORM_LEVELS.map((form_level) => ({ form_level, open: 0, deadline: null })))
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(
        Object.entries(DEFAULT_SETTINGS)
          .filter(([, value]) => value !== null)
          .map(([key, value]) => ({ key, value })),
      )
      .onConflictDoNothing();
    // D25: the first text of the terms is version 1; later texts are added by the Settings panel.
    await tx.execute(
      sql`INSERT INTO terms_versions (version, text)
          SELECT 1, value #>> '{}' FROM settings WHERE key = 'terms_and_conditions'
          ON CONFLICT DO NOTHING`,
    );
  });
}
