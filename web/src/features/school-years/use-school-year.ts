import { closedYearNote } from '@sp/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSchoolYears } from './api/get-school-years';

const YEAR = /^\d{4}$/;

/** `?year=` of the staff views: a closed year by the year it starts (2025), or undefined for the current year. */
export function useYearParam(): number | undefined {
  const [params] = useSearchParams();
  const raw = params.get('year');
  return raw && YEAR.test(raw) ? Number(raw) : undefined;
}

/** A path with the year of the view, so a link keeps the year it was followed from. */
export const withYear = (path: string, year: number | undefined): string =>
  year === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}year=${year}`;

/**
 * The school year the staff views show (D49), remembered in the URL: the current year by default. A year
 * the school lists as current reads as the current year; any other named year is read only, its note "2025-2026
 * is closed: read only" shown in place of the write controls.
 */
export function useSchoolYear() {
  const year = useYearParam();
  const years = useSchoolYears();
  const [, setParams] = useSearchParams();
  const named = years.data?.find((y) => y.year === year);
  const readOnly = year !== undefined && named?.state !== 'current';
  const setYear = useCallback(
    (next: number | undefined) =>
      setParams((params) => {
        const out = new URLSearchParams(params);
        if (next === undefined) out.delete('year');
        else out.set('year', String(next));
        return out;
      }),
    [setParams],
  );
  return {
    /** The year to ask the server for; undefined is the current year. */
    year: readOnly ? year : undefined,
    readOnly,
    note: readOnly ? closedYearNote(year) : null,
    years,
    setYear,
  };
}
