import { useEffect } from 'react';

/** Each screen names itself in the browser tab (WCAG 2.4.2). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Student Portal` : 'Student Portal';
  }, [title]);
}
