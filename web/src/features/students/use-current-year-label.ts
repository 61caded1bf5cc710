import { academicYearLabel } from '@sp/domain';
import { useSchoolYear } from '../school-years';

/** The current school year's label ("2026-2027"), once the years are loaded. */
export function useCurrentYearLabel(): string | undefined {
  const current = useSchoolYear().years.data?.find((y) => y.state === 'current')?.year;
  return current === undefined ? undefined : academicYearLabel(current);
}
