/**
 * The staff views' school year (D49), public to the views that read it (ADR 0033): the selector and heading,
 * the year in the URL, and whether the chosen year is closed (read only).
 */
export { ClosedYearNote, YearHeading, YearSelector } from './year-selector';
export { useSchoolYear, useYearParam, withYear } from './use-school-year';
