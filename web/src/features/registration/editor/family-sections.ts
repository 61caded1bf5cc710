import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  LIVING_STATUSES,
  fieldValue,
  sectionsForLivingStatus,
  type FamilySection,
  type LivingStatus,
  type StudentRecord,
} from '@sp/domain';

export const FAMILY_SECTIONS: readonly FamilySection[] = ['mother', 'father', 'guardian'];

export const familySectionTitles: Record<FamilySection, MessageDescriptor> = {
  mother: msg`Mother`,
  father: msg`Father`,
  guardian: msg`Guardian`,
};

/** The checkbox that shows or hides a section by hand. */
export const familySectionToggles: Record<FamilySection, MessageDescriptor> = {
  mother: msg`Show mother's details`,
  father: msg`Show father's details`,
  guardian: msg`Show guardian's details`,
};

const nameField: Record<FamilySection, string> = {
  mother: 'mother_name',
  father: 'father_name',
  guardian: 'guardian_name',
};

/** Sections the user showed (true) or hid (false) by hand since the living status was last chosen. */
export type SectionToggles = Partial<Record<FamilySection, boolean>>;

export interface FamilySectionState {
  visible: boolean;
  /** The section holds a name, so it always shows and its checkbox cannot hide it. */
  locked: boolean;
}

const asLivingStatus = (value: string): LivingStatus | null =>
  (LIVING_STATUSES as readonly string[]).includes(value) ? (value as LivingStatus) : null;

/**
 * D11: the living status shows the sections of the spec's table, the checkboxes show or hide them by hand,
 * and a section whose name field has a value always shows.
 */
export function familySectionStates(
  livingStatus: string,
  toggles: SectionToggles,
  record: StudentRecord,
): Record<FamilySection, FamilySectionState> {
  const fromStatus = sectionsForLivingStatus(asLivingStatus(livingStatus));
  const entries = FAMILY_SECTIONS.map((section) => {
    const value = fieldValue(record, nameField[section]);
    const locked = value !== null && String(value).trim() !== '';
    const visible = locked || (toggles[section] ?? fromStatus.includes(section));
    return [section, { visible, locked }] as const;
  });
  return Object.fromEntries(entries) as Record<FamilySection, FamilySectionState>;
}

/** Family Demographics and Emergency Contact show while at least one parent or guardian section does. */
export const anyFamilySectionVisible = (states: Record<FamilySection, FamilySectionState>): boolean =>
  FAMILY_SECTIONS.some((section) => states[section].visible);
