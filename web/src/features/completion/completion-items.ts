import { DOCUMENT_LABELS, type CompletionCounts, type CompletionItem } from '@sp/domain';
import { registrationSteps } from '../registration';

/** What the dashboard can show, in the order a family meets it. */
export const completionItems: readonly { item: CompletionItem; label: string }[] = [
  ...registrationSteps.map((s) => ({ item: s.key, label: `Step: ${s.label}` })),
  ...(Object.keys(DOCUMENT_LABELS) as (keyof typeof DOCUMENT_LABELS)[]).map((type) => ({
    item: type,
    label: `Document: ${DOCUMENT_LABELS[type]}`,
  })),
  { item: 'terms', label: 'Terms agreed' },
];

export const itemLabel = (item: CompletionItem): string =>
  completionItems.find((i) => i.item === item)?.label ?? item;

/** How many of a group have done `item`. */
export function doneCount(counts: CompletionCounts, item: CompletionItem): number {
  if (item === 'terms') return counts.terms;
  if (item in counts.documents) return counts.documents[item as keyof CompletionCounts['documents']];
  return counts.steps[item as keyof CompletionCounts['steps']];
}
