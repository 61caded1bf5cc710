import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** D51: a staff member learns that another administrator reset their second factor, in case it was not them. */
export const secondFactorReset: Template<MailData['second_factor_reset']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
